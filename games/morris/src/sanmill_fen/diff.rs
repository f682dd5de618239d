//! The point-by-point comparison of a Sanmill FEN with lapilli's
//! position, with which the match referee shows where the two programs
//! part.

use super::fen::Extension;
use super::{capital, point_of_fen, Occupant, SanmillFen, SanmillPhase};
use super::{FEN_POINTS, POINTS};
use crate::position::Position;
use crate::rules::Variant;
use lapilli_board_graph::notation::excerpt;
use lapilli_board_graph::Colour;
use lapilli_game::CheckedGame;

impl SanmillFen {
    /// Where this FEN and lapilli's position differ, one line each, in
    /// words, Sanmill's side first:
    /// - a point: `"d5: Sanmill has Black, lapilli has empty"`;
    /// - `"side to move: Sanmill has White, lapilli has Black"`;
    /// - pieces in hand: `"White's pieces in hand: Sanmill has 5, lapilli has 6"`;
    /// - removals owed: `"White's pending removals: Sanmill has 1, lapilli has 0"`;
    /// - the end of the game: `"game over: Sanmill's game is over, lapilli's goes on"`,
    ///   or `"game over: lapilli's game is over (the side to move cannot move), Sanmill's goes on"`;
    /// - state lapilli has no room for: `"extension c:...: Sanmill has capture state lapilli does not have"`;
    /// - another variant than Nine Men's Morris:
    ///   `"rules: lapilli plays six-mens-morris, Sanmill's FEN is for nine-mens-morris"`
    ///   (and, off the 24-point board, nothing else).
    ///
    /// Empty when they agree on the board, the side to move, the pieces in
    /// hand, the pending removal and whether the game is over. The phase
    /// and action follow from these and are not compared; the counters
    /// Sanmill keeps for its own rules (last mills, formed mills, the
    /// no-progress counter, the move number) are ignored. When Sanmill's
    /// game is over (phase `o`), the side to move and the removals are not
    /// compared, since Sanmill leaves them as they were when the game ended
    /// (module documentation). Sanmill's draw rules end games where
    /// lapilli's position goes on (module documentation): the Rust engine's
    /// threefold repetition and N-move rule, which lapilli's game record
    /// adjudicates too, and the C++ engine's N-move draw at the removal
    /// after a mill closed by the 100th ply without progress, which lapilli
    /// does not declare. Both give the `game over` line.
    pub fn differences(&self, pos: &Position) -> Vec<String> {
        let mut out = Vec::new();
        let variant = pos.variant();
        if variant != Variant::NineMensMorris {
            out.push(format!(
                "rules: lapilli plays {variant}, Sanmill's FEN is for {}",
                Variant::NineMensMorris
            ));
            if variant.points() != POINTS {
                return out;
            }
        }
        for (i, name) in FEN_POINTS.iter().enumerate() {
            let p = point_of_fen(i);
            let ours = Occupant::of_colour(pos.piece_at(p));
            let theirs = self.board[p.index()];
            if ours != theirs {
                out.push(format!("{name}: Sanmill has {theirs}, lapilli has {ours}"));
            }
        }
        let over = self.phase == SanmillPhase::GameOver;
        if !over && self.side != pos.side_to_move() {
            out.push(format!(
                "side to move: Sanmill has {}, lapilli has {}",
                capital(self.side),
                capital(pos.side_to_move())
            ));
        }
        for c in Colour::BOTH {
            let (theirs, ours) = (self.in_hand[c.index()], pos.in_hand(c));
            if theirs != ours {
                out.push(format!(
                    "{}'s pieces in hand: Sanmill has {theirs}, lapilli has {ours}",
                    capital(c)
                ));
            }
        }
        if !over {
            for c in Colour::BOTH {
                let theirs = self.owed(c);
                let ours = i8::from(pos.pending_removal() && pos.side_to_move() == c);
                if theirs != ours {
                    out.push(format!(
                        "{}'s pending removals: Sanmill has {theirs}, lapilli has {ours}",
                        capital(c)
                    ));
                }
            }
        }
        match (over, pos.ending()) {
            (true, None) => out.push("game over: Sanmill's game is over, lapilli's goes on".into()),
            (false, Some(ending)) => {
                out.push(format!("game over: lapilli's game is over ({ending}), Sanmill's goes on"));
            }
            _ => {}
        }
        for ext in self.extensions.iter().filter(|e| !matches!(e, Extension::Preferred(_))) {
            out.push(format!(
                "extension {}: Sanmill has capture state lapilli does not have",
                excerpt(&self.extension_text(ext))
            ));
        }
        out
    }
}
