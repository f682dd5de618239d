//! The legality check, written apart from move generation: it walks the
//! board with grid coordinates and recomputes the captures square by
//! square, so that a fault in the bit-set generator shows up as a
//! disagreement (the conformance harness compares the two).

use super::{Captures, IllegalReason, Position, Square};
use crate::board::NONE;
use crate::Move;

/// The four orthogonal steps as `(file, rank)` deltas.
const STEPS: [(i64, i64); 4] = [(0, 1), (1, 0), (0, -1), (-1, 0)];

impl Position {
    /// Why `m` is illegal here, or `Ok` if it is legal
    /// ([`lapilli_game::CheckedGame::check`]).
    pub(super) fn check_move(&self, m: Move) -> Result<(), IllegalReason> {
        let grid = self.tables.grid;
        let n = grid.point_count();
        if m.from() >= n || m.to() >= n || m.captured().any(|q| q >= n) {
            return Err(IllegalReason::OffBoard);
        }
        if self.end().is_some() {
            return Err(IllegalReason::GameOver);
        }
        let (from, to) = (m.from(), m.to());
        let square = |p: usize| Square::of(p, grid.width());
        if self.piece_at(from).is_none_or(|p| p.colour != self.to_move) {
            return Err(IllegalReason::NotYourPiece(square(from)));
        }
        if from == to {
            return Err(IllegalReason::SameSquare);
        }
        let ((ff, fr), (tf, tr)) = (grid.coords(from), grid.coords(to));
        if ff != tf && fr != tr {
            return Err(IllegalReason::NotStraight);
        }
        let (df, dr) = ((tf as i64 - ff as i64).signum(), (tr as i64 - fr as i64).signum());
        let (mut f, mut r) = (ff as i64, fr as i64);
        while (f, r) != (tf as i64, tr as i64) {
            f += df;
            r += dr;
            let q = grid.point(f as usize, r as usize).expect("between two squares");
            if self.piece_at(q).is_some() {
                return Err(IllegalReason::Blocked(square(q)));
            }
        }
        let actual = self.captures_by_walking(from, to);
        let mut expected = [NONE; 3];
        for (slot, &q) in expected.iter_mut().zip(&actual) {
            *slot = q as u8;
        }
        if m.capture_array() == expected && actual.len() <= 3 {
            Ok(())
        } else {
            Err(IllegalReason::WrongCaptures {
                claimed: Captures::new(m.captured().map(square)),
                actual: Captures::new(actual.into_iter().map(square)),
            })
        }
    }

    /// The squares the side to move captures by going `from` -> `to`,
    /// lowest first, found by looking at each neighbour of `to` in turn.
    fn captures_by_walking(&self, from: usize, to: usize) -> Vec<usize> {
        let grid = self.tables.grid;
        let me = self.to_move;
        let (w, h) = (grid.width() as i64, grid.height() as i64);
        let at = |f: i64, r: i64| -> Option<usize> {
            ((0..w).contains(&f) && (0..h).contains(&r)).then(|| (r * w + f) as usize)
        };
        let own_after = |q: usize| q == to || (q != from && self.piece_at(q).is_some_and(|p| p.colour == me));
        let (tf, tr) = grid.coords(to);
        let (tf, tr) = (tf as i64, tr as i64);
        let mut out = Vec::new();
        for (df, dr) in STEPS {
            let Some(n) = at(tf + df, tr + dr) else { continue };
            let enemy_man = self.piece_at(n).is_some_and(|p| p.colour != me && !p.dux);
            if !enemy_man {
                continue;
            }
            let sandwiched = match at(tf + 2 * df, tr + 2 * dr) {
                Some(b) => own_after(b),
                None => self.rules.edge_anvil,
            };
            let (nf, nr) = (tf + df, tr + dr);
            let corner = (nf == 0 || nf == w - 1) && (nr == 0 || nr == h - 1);
            let cornered = self.rules.corner_capture
                && corner
                && STEPS.iter().filter_map(|(a, b)| at(nf + a, nr + b)).any(|q| q != to && own_after(q));
            if sandwiched || cornered {
                out.push(n);
            }
        }
        out.sort_unstable();
        out
    }
}
