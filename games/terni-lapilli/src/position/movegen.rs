//! Move generation, play, and the end of the game.

use super::{MoveList, Phase, Position};
use crate::moves::Move;
use crate::zobrist;
use lapilli_board_graph::bits::bits;
use lapilli_board_graph::Point;

impl Position {
    /// Whether the side to move has lost: the opponent completed a line on
    /// its last ply, or the side to move cannot move (seed 000 and
    /// docs/design.md: a side that must move and cannot loses).
    pub(super) fn lost(&self) -> bool {
        if self.has_line(self.bits(self.to_move.opponent())) {
            return true;
        }
        if self.phase() == Phase::Placing {
            return false; // fewer than 9 pieces: an empty point remains
        }
        let (empty, tables) = (self.empty_bits(), self.tables());
        bits(self.bits(self.to_move)).all(|p| tables.moves(p) & empty == 0)
    }

    /// Fills `moves` (cleared first) with the legal plies: placements by
    /// point, slides by origin then target.
    pub(super) fn generate(&self, moves: &mut MoveList) {
        moves.clear();
        // A finished game has no moves: the opponent has a line, or the
        // side to move is blocked (then nothing is generated below anyway).
        let tables = self.tables();
        if tables.has_line(self.bits(self.to_move.opponent())) {
            return;
        }
        let empty = self.empty_bits();
        if self.phase() == Phase::Placing {
            let mut targets = empty;
            if !self.rules.centre_first && self.piece_count() == 0 {
                targets &= !(1 << self.rules.variant.board_kind().centre().index());
            }
            moves.extend(bits(targets).map(|p| Move::Place(Point::new(p))));
        } else {
            for from in bits(self.bits(self.to_move)) {
                let targets = bits(tables.moves(from) & empty);
                moves.extend(targets.map(|to| Move::Slide { from: Point::new(from), to: Point::new(to) }));
            }
        }
    }

    /// The legal ply whose key ([`Position::key_of`]) is `key`, checked on
    /// the bit sets as [`Position::generate`] would list it; `None` when no
    /// legal ply has that key.
    pub(super) fn move_with_key(&self, key: u32) -> Option<Move> {
        let tables = self.tables();
        if tables.has_line(self.bits(self.to_move.opponent())) {
            return None;
        }
        let empty = self.empty_bits();
        let has = |set: u16, p: u32| p < 9 && set >> p & 1 == 1;
        let placing = self.phase() == Phase::Placing;
        if key < 16 {
            let centre_barred = !self.rules.centre_first && self.piece_count() == 0;
            let centre = self.rules.variant.board_kind().centre().index() as u32;
            let allowed = placing && has(empty, key) && !(centre_barred && key == centre);
            return allowed.then(|| Move::Place(Point::new(key as usize)));
        }
        let (from, to) = ((key - 16) / 9, (key - 16) % 9);
        let legal =
            !placing && has(self.bits(self.to_move), from) && has(tables.moves(from as usize) & empty, to);
        legal.then(|| Move::Slide { from: Point::new(from as usize), to: Point::new(to as usize) })
    }

    /// A number naming `m` ([`lapilli_game::Game::move_key`]): a placement
    /// on `p` is `p`, a slide `16 + 9 × from + to`, below 97.
    pub(super) fn key_of(m: Move) -> u32 {
        match m {
            Move::Place(p) => p.index() as u32,
            Move::Slide { from, to } => 16 + 9 * from.index() as u32 + to.index() as u32,
        }
    }

    /// Plays `m` without checking it
    /// ([`lapilli_game::Game::play_unchecked`]). An illegal `m` causes no
    /// undefined behaviour but leaves a meaningless position (or panics for
    /// a point off the board).
    #[inline]
    pub(super) fn make(&mut self, m: Move) {
        let c = self.to_move;
        self.key = self.key_after(m);
        let set = &mut self.sets[c.index()];
        match m {
            Move::Place(p) => *set |= 1 << p.index(),
            Move::Slide { from, to } => *set ^= 1 << from.index() | 1 << to.index(),
        }
        self.to_move = c.opponent();
    }

    /// The Zobrist key after `m`, from the keys it toggles: the pieces it
    /// puts on or moves, and the side to move
    /// ([`lapilli_game::Game::zobrist_after`]).
    #[inline]
    pub(super) fn key_after(&self, m: Move) -> u64 {
        let c = self.to_move;
        let moved = match m {
            Move::Place(p) => zobrist::piece(c, p),
            Move::Slide { from, to } => zobrist::piece(c, from) ^ zobrist::piece(c, to),
        };
        self.key ^ moved ^ zobrist::BLACK_TO_MOVE
    }

    /// The empty points that would complete a line of the opponent of the
    /// side to move.
    pub(super) fn threatened_points(&self) -> u16 {
        self.tables().completions(self.bits(self.to_move.opponent())) & self.empty_bits()
    }

    /// The move-ordering hint of `m` given
    /// [`Position::threatened_points`].
    pub(super) fn hint_with(&self, m: Move, threatened: u16) -> i32 {
        let own = self.bits(self.to_move);
        let (to, staying) = match m {
            Move::Place(p) => (p.index(), own),
            Move::Slide { from, to } => (to.index(), own & !(1 << from.index())),
        };
        if self.tables().completions(staying) >> to & 1 == 1 {
            2
        } else if threatened >> to & 1 == 1 {
            1
        } else {
            0
        }
    }
}
