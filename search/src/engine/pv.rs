//! The principal variation: a triangular table of lines, one row per ply.

/// Row `p` holds the best line found so far below the node being searched
/// at ply `p`, starting with that node's best move, once the node has a
/// score inside its window.
///
/// A node at ply `p` builds its row from its best child's row `p + 1`
/// ([`PvTable::set`]). The row of a child is cleared before every search of
/// that child ([`PvTable::clear`]), so a child that returns without
/// searching (a finished game, a leaf, a table cutoff, a repetition or
/// no-progress draw, a stop) leaves an empty row, never a line left there
/// by a sibling's subtree: every row that is read is a legal line from
/// its node. Two rows are left as they are, because nothing reads them: a
/// node that fails high does not finish its row (it may hold the line of
/// a move that raised alpha before the cutoff, or nothing; the caller
/// never takes the line of a child that failed high, since that child's
/// score is then at or below the caller's alpha, or the caller fails high
/// too), and with repetition detection off, a node one ply above the
/// leaves ends its row with the move to the leaf ([`PvTable::set_last`])
/// without clearing or reading the leaf's row.
///
/// A line is complete when the node's score is exact (strictly inside its
/// window): played out, it ends at the leaf whose score the node returned,
/// because a table score inside the window is never used in place of a
/// search (see the worker's `node`).
#[derive(Debug)]
pub(super) struct PvTable<M> {
    rows: Vec<Vec<M>>,
}

impl<M: Copy> PvTable<M> {
    pub(super) fn new() -> PvTable<M> {
        PvTable { rows: Vec::new() }
    }

    /// Makes rows `ply` and `ply + 1` exist.
    #[inline]
    pub(super) fn reserve(&mut self, ply: usize) {
        if self.rows.len() <= ply + 1 {
            self.rows.resize_with(ply + 2, Vec::new);
        }
    }

    /// Empties row `ply` (which must exist), before its node is searched.
    #[inline]
    pub(super) fn clear(&mut self, ply: usize) {
        self.rows[ply].clear();
    }

    /// Row `ply` becomes `mv` followed by row `ply + 1`.
    #[inline]
    pub(super) fn set(&mut self, ply: usize, mv: M) {
        let (head, tail) = self.rows.split_at_mut(ply + 1);
        head[ply].clear();
        head[ply].push(mv);
        head[ply].extend_from_slice(&tail[0]);
    }

    /// Row `ply` becomes `mv` alone: the move to a leaf, whose row is
    /// not read.
    #[inline]
    pub(super) fn set_last(&mut self, ply: usize, mv: M) {
        let row = &mut self.rows[ply];
        row.clear();
        row.push(mv);
    }

    /// `mv` followed by row `ply + 1`, as a new line.
    pub(super) fn line_after(&self, ply: usize, mv: M) -> Vec<M> {
        let mut line = vec![mv];
        line.extend_from_slice(self.rows.get(ply + 1).map_or(&[][..], Vec::as_slice));
        line
    }

    /// Row `ply` (empty if it was never made).
    pub(super) fn line(&self, ply: usize) -> &[M] {
        self.rows.get(ply).map_or(&[][..], Vec::as_slice)
    }
}

#[cfg(test)]
mod tests {
    use super::PvTable;

    #[test]
    fn rows_chain_and_clear() {
        let mut pv = PvTable::new();
        pv.reserve(2);
        pv.set(2, 'c');
        pv.set(1, 'b');
        pv.set(0, 'a');
        assert_eq!(pv.line(0), ['a', 'b', 'c']);
        // A child cleared before its search contributes nothing.
        pv.clear(1);
        pv.set(0, 'x');
        assert_eq!(pv.line(0), ['x']);
        assert_eq!(pv.line_after(1, 'y'), ['y', 'c']);
        assert!(pv.line(9).is_empty());
    }
}
