//! The rules against an independent plain implementation, and the seed's
//! facts.

mod naive;

use lapilli_board_graph::Bitboard;
use lapilli_game::{perft, perft_divide, CheckedGame, Game, Outcome};
use lapilli_terni_lapilli::{Colour, Ending, IllegalReason, Phase, Position, Rules, Variant};
use naive::{Game as NaiveGame, Naive};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

/// The legal moves in the position's notation, sorted.
fn sorted_moves(pos: &Position) -> Vec<String> {
    let mut v: Vec<String> = pos.legal_moves().iter().map(|&m| pos.move_text(m)).collect();
    v.sort();
    v
}

/// The rules of `game` in the plain implementation's terms.
fn rules_of(game: NaiveGame, centre_first: bool) -> Rules {
    let variant: Variant = game.name().parse().unwrap();
    Rules { variant, centre_first }
}

#[test]
fn random_games_agree_with_the_plain_implementation() {
    let mut rng = StdRng::seed_from_u64(7);
    for game in NaiveGame::ALL {
        let mut plies = 0;
        for i in 0..400 {
            let centre_first = i % 2 == 0;
            let mut fast = Position::start(rules_of(game, centre_first));
            let mut slow = Naive::start_of(game, centre_first);
            for _ in 0..80 {
                assert_eq!(fast.to_string(), slow.text());
                let moves = sorted_moves(&fast);
                assert_eq!(moves, slow.moves(), "at {fast}");
                assert_eq!(fast.outcome() == Some(Outcome::Loss), slow.lost(), "at {fast}");
                if moves.is_empty() {
                    break;
                }
                let m = &moves[rng.gen_range(0..moves.len())];
                fast.play(fast.parse_move(m).unwrap()).unwrap();
                slow = slow.play(m);
                plies += 1;
            }
        }
        assert!(plies > 400 * 7, "{game:?}: {plies} plies");
    }
}

#[test]
fn perft_agrees_with_the_plain_implementation() {
    for game in NaiveGame::ALL {
        for centre_first in [true, false] {
            let fast = Position::start(rules_of(game, centre_first));
            let slow = Naive::start_of(game, centre_first);
            for depth in 0..=7 {
                assert_eq!(perft(&fast, depth), slow.perft(depth), "{game:?} depth {depth}, {centre_first}");
            }
        }
    }
}

/// The 3x3 games place alike, then move by their own rules.
#[test]
fn perft_of_the_three_by_three_games() {
    // Before a line can exist (5 placements) the games place alike.
    for variant in [Variant::ThreeMensMorris, Variant::Tapatan, Variant::NineHoles, Variant::Achi] {
        let start = Position::start(Rules::new(variant));
        assert_eq!(perft(&start, 4), 9 * 8 * 7 * 6, "{variant}");
        assert_eq!(perft(&Position::start(Rules::new(variant).no_centre_first()), 2), 8 * 8);
    }
    // Black b1 c2 a3 against White a1 c1 a2, Black to move, b2 b3 c3
    // empty. Orthogonally b1 reaches b2, c2 reaches b2 and c3, a3 reaches
    // b3; along the diagonals a3 reaches b2 too; in nine holes each of the
    // three pieces reaches each of the three empty points.
    let after = |v: Variant| -> Position { format!("WBWW.BB.. b {v}").parse().unwrap() };
    let counts: Vec<usize> = [Variant::ThreeMensMorris, Variant::Tapatan, Variant::NineHoles]
        .into_iter()
        .map(|v| after(v).legal_moves().len())
        .collect();
    assert_eq!(counts, vec![4, 5, 9]);
    let tapatan = after(Variant::Tapatan);
    assert!(tapatan.is_legal(tapatan.parse_move("a3-b2").unwrap()));
    let morris = after(Variant::ThreeMensMorris);
    assert_eq!(morris.check(morris.parse_move("a3-b2").unwrap()), Err(IllegalReason::NotAdjacent));
}

#[test]
fn perft_of_the_placement_plies() {
    // Before any line can exist (5 placements), every empty point is a
    // placement: 9, 9*8, 9*8*7, ...
    let start = Position::default();
    let expected = [1u64, 9, 72, 504, 3024, 15120];
    for (depth, &n) in expected.iter().enumerate() {
        assert_eq!(perft(&start, depth as u32), n);
    }
    // Without the centre first, Black's first ply has 8 choices.
    let variant = Position::start(Rules::default().no_centre_first());
    assert_eq!(perft(&variant, 1), 8);
    assert_eq!(perft(&variant, 2), 8 * 8);
    let divide = perft_divide(&start, 3);
    assert_eq!(divide.len(), 9);
    assert_eq!(divide.iter().map(|(_, n)| n).sum::<u64>(), 504);
}

#[test]
fn a_line_wins_at_once_in_both_phases() {
    // Placement: Black completes 0-1-2 with its third piece.
    let mut pos: Position = "BB.WW.... b".parse().unwrap();
    pos.play("2".parse().unwrap()).unwrap();
    assert_eq!(pos.winner(), Some(Colour::Black));
    assert_eq!(pos.ending(), Some(Ending::Line));
    assert!(pos.legal_moves().is_empty());
    // Movement: White slides 3-2 to complete the diameter 2-8-6.
    let mut pos: Position = "BB.W.BW.W w".parse().unwrap();
    assert_eq!(pos.phase(), Phase::Moving);
    pos.play("3-2".parse().unwrap()).unwrap();
    assert_eq!(pos.winner(), Some(Colour::White));
    assert_eq!(pos.ending(), Some(Ending::Line));
    assert!(pos.legal_moves().is_empty());
    // After the line, every ply is refused.
    assert_eq!(pos.check("2-3".parse().unwrap()), Err(IllegalReason::GameOver));
}

#[test]
fn endings_have_names_and_sentences() {
    use lapilli_game::Ending as _;
    assert_eq!((Ending::Line.name(), Ending::Line.to_string()), ("line", "three in a line".to_string()));
    assert_eq!(
        (Ending::Blocked.name(), Ending::Blocked.to_string()),
        ("blocked", "no legal move".to_string())
    );
    let start = Position::default();
    assert_eq!((start.ending(), start.winner()), (None, None));
}

/// Every colouring of the moving phase of `variant` that is a position
/// (the side that moved last may have a line), both sides to move: checks
/// the fast outcome against the plain implementation's, and counts the
/// positions whose side to move is blocked (no line, no legal ply).
fn blocked_positions(variant: Variant) -> usize {
    let game = NaiveGame::ALL[Variant::ALL.iter().position(|&v| v == variant).unwrap()];
    let k = variant.pieces() as u32;
    let mut blocked = 0;
    for black in 0u64..512 {
        for white in 0u64..512 {
            if black.count_ones() != k || white.count_ones() != k || black & white != 0 {
                continue;
            }
            for to_move in [Colour::Black, Colour::White] {
                let Ok(pos) =
                    Position::from_parts(Rules::new(variant), [Bitboard(white), Bitboard(black)], to_move)
                else {
                    continue;
                };
                let slow = Naive {
                    cells: std::array::from_fn(|i| match (black >> i & 1, white >> i & 1) {
                        (1, _) => 'B',
                        (_, 1) => 'W',
                        _ => '.',
                    }),
                    to_move: if to_move == Colour::Black { 'B' } else { 'W' },
                    centre_first: true,
                    game,
                };
                let opponent = if to_move == Colour::Black { 'W' } else { 'B' };
                assert_eq!(pos.outcome() == Some(Outcome::Loss), slow.lost(), "{pos}");
                if !slow.has_three(opponent) && slow.moves().is_empty() {
                    assert_eq!(pos.ending(), Some(Ending::Blocked), "{pos}");
                    blocked += 1;
                }
            }
        }
    }
    blocked
}

/// Exhausts every movement-phase colouring: the fast outcome agrees with the
/// plain implementation's everywhere, and no side is ever blocked on the
/// wheel (with the centre empty every piece can reach it; with an enemy on
/// it, three ring pieces not in a line need at least three enemy ring
/// pieces to wall them in, and the enemy has two), nor in nine holes (a
/// piece may go to any empty point), nor in tapatan (three pieces that
/// wall in three others on this board stand on a line). So the
/// blocked-side rule decides games only in three men's morris (8
/// colourings with either side to move) and achi (16).
#[test]
fn blocked_sides_by_game() {
    let counts: Vec<(Variant, usize)> = Variant::ALL.into_iter().map(|v| (v, blocked_positions(v))).collect();
    assert_eq!(
        counts,
        vec![
            (Variant::TerniLapilli, 0),
            (Variant::ThreeMensMorris, 8),
            (Variant::Tapatan, 0),
            (Variant::NineHoles, 0),
            (Variant::Achi, 16),
        ]
    );
    // Black a1 b1 a2 walled in by White c1 b2 a3: a line only where the
    // diagonals are lines.
    let walled: Position = "BBWBW.W.. b three-mens-morris".parse().unwrap();
    assert_eq!((walled.ending(), walled.winner()), (Some(Ending::Blocked), Some(Colour::White)));
    let tapatan: Position = "BBWBW.W.. b tapatan".parse().unwrap();
    assert_eq!(tapatan.ending(), Some(Ending::Line));
    // Achi: the one empty point a1 is surrounded by White (b1, a2, b2).
    let achi: Position = ".WBWWBBBW b achi".parse().unwrap();
    assert_eq!((achi.ending(), achi.winner()), (Some(Ending::Blocked), Some(Colour::White)));
    assert!(achi.legal_moves().is_empty());
    let white_to_move: Position = ".WBWWBBBW w achi".parse().unwrap();
    assert_eq!(white_to_move.legal_moves().len(), 3);
}

#[test]
fn illegal_moves_are_refused_with_a_reason() {
    let pos: Position = "B.......W b".parse().unwrap();
    let r = |m: &str| pos.check(m.parse().unwrap()).unwrap_err();
    assert_eq!(r("0"), IllegalReason::Occupied);
    assert!(matches!(r("0-1"), IllegalReason::WrongPhase(_)));
    let moving: Position = "BBW.BWW.. b".parse().unwrap();
    let r = |m: &str| moving.check(m.parse().unwrap()).unwrap_err();
    assert!(matches!(r("3"), IllegalReason::WrongPhase(_)));
    assert_eq!(r("2-3"), IllegalReason::NotYourPiece);
    assert_eq!(r("0-2"), IllegalReason::Occupied);
    assert_eq!(r("0-3"), IllegalReason::NotAdjacent);
    assert_eq!(moving.check("0-0".parse().unwrap()), Err(IllegalReason::SamePoint));
    let off_board = lapilli_terni_lapilli::Move::Place(lapilli_board_graph::Point::new(20));
    assert_eq!(pos.check(off_board), Err(IllegalReason::OffBoard));
    let variant: Position = "......... b no-centre-first".parse().unwrap();
    assert_eq!(variant.check("8".parse().unwrap()), Err(IllegalReason::CentreFirst));
    assert_eq!(variant.check("0".parse().unwrap()), Ok(()));
    let mut p = moving;
    let before = p;
    let refused = p.play("0-3".parse().unwrap()).unwrap_err();
    assert_eq!(p, before, "a refused move leaves the position unchanged");
    assert_eq!(refused.reason, IllegalReason::NotAdjacent);
    assert_eq!(refused.to_string(), "0-3 is illegal: the points are not adjacent");
}

#[test]
fn irreversible_plies_are_the_placements() {
    let pos = Position::default();
    assert!(pos.is_irreversible("4".parse().unwrap()));
    let moving: Position = "BBW.BWW.. b".parse().unwrap();
    assert!(!moving.is_irreversible("0-8".parse().unwrap()));
}
