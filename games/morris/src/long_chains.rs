//! The endings of three against three, both flying, just entered by a
//! removal, that the side reduced to three wins only by a long chain of
//! mill threats.
//!
//! After the removal that leaves each side three flying pieces, the
//! remover's three stand in the mill just closed and the other side moves.
//! In the Nine Men's Morris tables (tier `w3b3`, grouped by
//! `examples/three_against_three.rs`) 11,872 positions are such (the side
//! to move unable to close a mill at once): the side to move wins 9,048,
//! each by a chain of mill threats ([`crate::threats::forced_mill`]), 8,640
//! with at most 3 threats (what the engine's probe follows,
//! [`crate::eval::Heuristic::PLAYING_THREATS`]) and the other 408 only with
//! 11 or 12, all in 24 plies; it wins none of the remaining 2,824 (42.8%
//! drawn, 57.2% lost). Those 408 fall in the 26 orbits of the board's 16
//! automorphisms listed here by canonical form. Following 12 threats takes
//! about 0.1 s a position (up to 0.6 s) with the continuous-threat search's
//! 1 MiB cache of results, 1-150 ms with a 16 MiB one, and a search meets
//! such positions at most of its nodes; this lookup is one canonical form
//! and a binary search. `tests/three_against_three.rs` checks the list against
//! the tables solved afresh and each entry against the continuous-threat
//! search.

use crate::position::{Phase, Position};
use crate::rules::Variant;
use lapilli_board_graph::Colour;

/// The 26 orbits, each by its canonical form under the board's automorphism
/// group (the least images of the remover's points, then of the side to
/// move's, [`lapilli_symmetry::Group::least_images`]): the remover's points
/// (bit `8r + i` for point `i` of ring `r`, as in position text) shifted
/// 24, then the side to move's. Sorted; beside each, the canonical form in
/// position text with the remover as Black.
const LONG_CHAIN_WINS: [u64; 26] = [
    0x000007_000218, // BBBWW.../.W....../........ w
    0x000007_000248, // BBBW..W./.W....../........ w
    0x000007_010210, // BBB.W.../.W....../W....... w
    0x000007_010240, // BBB...W./.W....../W....... w
    0x000007_020018, // BBBWW.../......../.W...... w
    0x000007_020048, // BBBW..W./......../.W...... w
    0x000007_020110, // BBB.W.../W......./.W...... w
    0x000007_020140, // BBB...W./W......./.W...... w
    0x000007_020210, // BBB.W.../.W....../.W...... w
    0x000007_020810, // BBB.W.../...W..../.W...... w
    0x000007_020840, // BBB...W./...W..../.W...... w
    0x000007_021010, // BBB.W.../....W.../.W...... w
    0x000007_021040, // BBB...W./....W.../.W...... w
    0x000007_080210, // BBB.W.../.W....../...W.... w
    0x000007_080240, // BBB...W./.W....../...W.... w
    0x000007_100210, // BBB.W.../.W....../....W... w
    0x000007_100240, // BBB...W./.W....../....W... w
    0x000700_001802, // .W....../BBBWW.../........ w
    0x000700_004802, // .W....../BBBW..W./........ w
    0x000700_011002, // .W....../BBB.W.../W....... w
    0x000700_014002, // .W....../BBB...W./W....... w
    0x000700_021002, // .W....../BBB.W.../.W...... w
    0x000700_021008, // ...W..../BBB.W.../.W...... w
    0x000700_021010, // ....W.../BBB.W.../.W...... w
    0x000700_021040, // ......W./BBB.W.../.W...... w
    0x000700_021080, // .......W/BBB.W.../.W...... w
];

/// Whether the side to move in `pos` wins by a long chain of threats an
/// ending of three against three (Nine Men's Morris, both flying, no piece
/// in hand, no removal pending) whose opponent stands in a closed mill:
/// one of the 408 positions of the 26 orbits this module lists. `false`
/// for any other position, in every other variant and without flying.
///
/// ```
/// use lapilli_morris::{long_chains::wins_by_long_chain, Position};
/// // Black in the mill a7 d7 g7, White g4 (bit 3), g1 (4) and d6 (9) to
/// // move: a win in 24 plies, by a chain of threats too long for the
/// // engine's probe.
/// let pos: Position = "BBBWW.../.W....../........ w 0 0 -".parse().unwrap();
/// assert!(wins_by_long_chain(&pos));
/// // The same with Black to move and the colours swapped.
/// let pos: Position = "WWWBB.../.B....../........ b 0 0 -".parse().unwrap();
/// assert!(wins_by_long_chain(&pos));
/// ```
pub fn wins_by_long_chain(pos: &Position) -> bool {
    let me = pos.side_to_move();
    let opp = me.opponent();
    if pos.variant() != Variant::NineMensMorris
        || pos.pending_removal()
        || pos.phase(me) != Phase::Flying
        || pos.phase(opp) != Phase::Flying
    {
        return false;
    }
    LONG_CHAIN_WINS.binary_search(&key(pos, me, opp)).is_ok()
}

/// The canonical key of `pos` in the form of [`LONG_CHAIN_WINS`], `remover`
/// standing for the side in the mill.
fn key(pos: &Position, me: Colour, remover: Colour) -> u64 {
    let group = pos.variant().group();
    let (r, m) = (pos.pieces(remover), pos.pieces(me));
    let g = group.element(group.least_images(&[r, m]));
    g.map_bits(r).0 << 24 | g.map_bits(m).0
}
