//! The morris tier space: the index is a bijection onto orbits, the
//! un-moves invert exactly the plies inside a tier, plies lead only to the
//! declared dependencies, and the tier solver agrees with the naive
//! fixpoint and the in-memory solver position by position.
//!
//! The game-independent parts of the contract are checked by the
//! conformance harness (`check_tier_space`, `check_tier_solver`); this file
//! adds what is particular to morris: brute force over every pair of point
//! sets, random positions built without the index under all 16
//! automorphisms, exact (not only up to symmetry) un-moves, dependency
//! lists, counts and figures. The long runs, ignored unless asked for,
//! are in `tablebase_long.rs`.

use lapilli_board_graph::{Bitboard, Colour};
use lapilli_conformance::{check_tier_solver, check_tier_space, TierSolverCheck};
use lapilli_game::{Canonicalize, Game};
use lapilli_morris::tablebase::{MorrisTiers, Tier, TierError};
use lapilli_morris::{Position, Rules, Variant};
use lapilli_symmetry::Symmetric;
use lapilli_tablebase::{TierFile, TierSpace, TierTable};
use rand::rngs::SmallRng;
use rand::SeedableRng;
use std::collections::HashSet;
use std::time::Instant;

mod temp;
use temp::TempDir;

mod tier_spaces;
use tier_spaces::{assert_consistent, nine, random_position, six, tier, twelve};

/// Every pair of disjoint point sets of sizes `w` and `b` on `n` points.
fn for_each_pair(n: usize, w: u8, b: u8, mut f: impl FnMut(u32, u32)) {
    let subsets = |k: u8| -> Vec<u32> { (0u32..1 << n).filter(|s| s.count_ones() == u32::from(k)).collect() };
    let (whites, blacks) = (subsets(w), subsets(b));
    for &a in &whites {
        for &c in &blacks {
            if a & c == 0 {
                f(a, c);
            }
        }
    }
}

#[test]
fn lasker_morris_is_refused_and_names_carry_the_flying_rule() {
    assert_eq!(
        MorrisTiers::new(Rules::new(Variant::LaskerMorris)).unwrap_err(),
        TierError::PlaceOrSlide(Variant::LaskerMorris)
    );
    assert_eq!(nine().variant_name(), "nine-mens-morris");
    assert_eq!(
        MorrisTiers::new(Rules::default().no_flying()).unwrap().variant_name(),
        "nine-mens-morris+no-flying"
    );
    let six_flying = Rules { flying: true, ..Rules::new(Variant::SixMensMorris) };
    assert_eq!(MorrisTiers::new(six_flying).unwrap().variant_name(), "six-mens-morris+flying");
    assert_eq!(six().variant_name(), "six-mens-morris");
    assert_eq!(nine().scheme(), "morris-pair-index/2");
    let space = nine();
    assert_eq!(space.parse_tier("w5b4x"), Some(Tier::movement(5, 4, true)));
    assert_eq!(
        space.parse_tier("w2b1h5.6"),
        Some(Tier { on_board: [2, 1], in_hand: [5, 6], pending: false })
    );
    assert_eq!(space.parse_tier("w10b4"), None, "ten pieces in Nine Men's Morris");
    assert_eq!(space.parse_tier("w2b1h6.5"), None, "Black never holds fewer than White");
    assert_eq!(space.parse_tier("w5b4h0.0"), None, "not the canonical spelling");
    assert_eq!(space.size(tier("w10b4")), 0);
    // Colour folding: White never has fewer pieces on the board than Black
    // in a movement tier; with equal numbers only White to move is stored.
    assert_eq!(space.parse_tier("w3b5"), None, "stored in w5b3");
    assert_eq!(space.size(tier("w3b5x")), 0);
    let pair = |w, b| space.pair_index(w, b).len();
    assert_eq!(space.size(tier("w5b3")), 2 * pair(5, 3));
    assert_eq!(space.size(tier("w4b4")), pair(4, 4));
    assert_eq!(space.size(tier("w2b3h6.6")), pair(2, 3), "placement is not folded");
}

#[test]
fn tiers_of_positions_and_dependencies() {
    let space = nine();
    let pos: Position = "WW.W..../B.....W./B...B... w 0 0 -".parse().unwrap();
    assert_eq!(space.tier(&pos), tier("w4b3"));
    assert_eq!(space.tier(&Position::default()), tier("w0b0h9.9"));
    let folded: Position = "BB.B..../W.....B./W...W... b 0 0 -".parse().unwrap();
    assert_eq!(space.tier(&folded), tier("w4b3"), "stored as its colour twin");
    assert_eq!(space.index(&folded), space.index(&pos));
    assert_eq!(space.tier_of(&Position::start(Rules::new(Variant::SixMensMorris))), None);
    let deps =
        |name: &str| -> Vec<String> { space.dependencies(tier(name)).iter().map(Tier::to_string).collect() };
    assert_eq!(deps("w4b3"), ["w4b3x"]);
    assert_eq!(deps("w4b3x"), ["w3b3"], "Black's removal; White's would leave Black two pieces");
    assert_eq!(deps("w4b4x"), ["w4b3"], "either removal: 4 against 3, folded");
    assert_eq!(deps("w5b4x"), ["w4b4", "w5b3"]);
    assert_eq!(deps("w3b3x"), Vec::<String>::new(), "every removal ends the game");
    assert_eq!(deps("w0b0h9.9"), ["w1b0h8.9"]);
    assert_eq!(deps("w2b2h7.7"), ["w3b2h6.7", "w3b2h6.7x"]);
    assert_eq!(deps("w3b2h6.7x"), ["w3b1h6.7"]);
    assert_eq!(deps("w3b3h0.1"), ["w4b3", "w4b3x"], "Black's last placement: 3 against 4, folded");
    assert_eq!(deps("w3b0h5.6x"), Vec::<String>::new(), "nothing to remove");
    assert!(space.has_internal_plies(tier("w5b5")));
    assert!(!space.has_internal_plies(tier("w5b5x")));
    assert!(!space.has_internal_plies(tier("w2b2h7.7")));
    assert_eq!(space.movement_tiers(5).len(), 12);

    // The whole game's tiers: each reachable from the start, none with a
    // side below three pieces, every movement tier of 3 to 6 a side.
    let six = self::six();
    let tiers = six.game_tiers();
    let set: HashSet<Tier> = tiers.iter().copied().collect();
    for t in six.movement_tiers(6) {
        assert!(set.contains(&t), "{t}");
    }
    for t in &tiers {
        assert!(Colour::BOTH.into_iter().all(|c| t.pieces(c) >= 3), "{t}");
        assert!(six.contains(*t));
        assert!(six.size(*t) > 0);
    }
}

/// Index, position and tier agree on every index of the tier, and the
/// index of every pair of point sets names a position of its orbit.
#[test]
fn index_is_a_bijection_on_every_3_against_3_tier() {
    let space = nine();
    for t in space.movement_tiers(3) {
        let mut used = HashSet::new();
        for i in 0..space.size(t) {
            if let Some(p) = space.position(t, i) {
                assert_eq!(space.tier(&p), t);
                assert_eq!(space.index(&p), i, "{p}");
                used.insert(i);
            }
        }
        // Every valid position, by brute force over all point sets.
        // The canonical forms are compared on every 5th position (all of
        // them take seconds).
        let (mut hit, mut n) = (HashSet::new(), 0u64);
        for_each_pair(24, 3, 3, |w, b| {
            for side in Colour::BOTH {
                let pieces = [Bitboard(u64::from(w)), Bitboard(u64::from(b))];
                let Ok(p) = Position::from_parts(Rules::default(), pieces, [0, 0], side, t.pending, 0) else {
                    continue;
                };
                let i = space.index(&p);
                let q = space.position(t, i).expect("a valid position's index is used");
                n += 1;
                if n % 5 == 0 {
                    assert!(same_orbit_or_twin(&space, &q, &p), "{p} at {i}");
                }
                hit.insert(i);
            }
        });
        assert_eq!(hit, used, "{t}: the used indices are the valid orbits");
        if !t.pending {
            // Every pair is valid here: the used indices are the orbits
            // with White to move (Black's are their colour twins).
            assert_eq!(used.len() as u64, space.pair_index(3, 3).classes());
        }
    }
}

/// The tier space contract (conformance harness) on sampled indices of
/// every nine men's movement tier up to 5 against 5 and of every six men's
/// game tier; and random positions of each tier, built from random point
/// sets rather than through the index: the index is below the size, the
/// same on all 16 images, and names a member of the orbit.
#[test]
fn index_is_a_bijection_on_sampled_tiers() {
    let mut rng = SmallRng::seed_from_u64(11);
    for (space, tiers, samples) in [(nine(), nine().movement_tiers(5), 60), (six(), six().game_tiers(), 12)] {
        let checked = check_tier_space(&space, &tiers, samples, 11);
        eprintln!("{}: {checked:?}", space.variant_name());
        // Every tier but the sparse pending ones gives its samples.
        assert!(checked.positions >= (samples * tiers.len() / 2) as u64, "{checked:?}");
        assert!(checked.internal_plies > 0 && checked.predecessors > 0, "{checked:?}");
        let group = space.rules().variant.group();
        for &t in &tiers {
            let size = space.size(t);
            for _ in 0..20 {
                let p =
                    random_position(&space, t, &mut rng).unwrap_or_else(|| panic!("{t}: no random position"));
                let i = space.index(&p);
                assert!(i < size);
                for g in group.elements() {
                    assert_eq!(space.index(&p.map(g)), i, "{p} under {g:?}");
                }
                let q = space.position(t, i).expect("used");
                assert!(same_orbit_or_twin(&space, &q, &p), "{p}");
                assert_eq!(space.orbit_len(&p), p.orbit_len() as u64, "{p}");
            }
        }
    }
}

/// The tiers a ply leads to are the tier itself (only where the tier has
/// internal plies, handing the move over), a declared dependency, or a
/// finished game (conformance harness), on the placement tiers too: every
/// six men's game tier, the nine and twelve men's ones with at most 7
/// pieces on the board. The twelve men's tiers with 11 or 12 White pieces
/// (a nearly full board, whose pair indices take seconds to build) are
/// checked on random positions built from point sets, without the index.
#[test]
fn plies_lead_only_to_dependencies() {
    let small = |space: &MorrisTiers| -> Vec<Tier> {
        space.game_tiers().into_iter().filter(|t| t.on_board[0] + t.on_board[1] <= 7).collect()
    };
    for (space, tiers) in
        [(six(), six().game_tiers()), (nine(), small(&nine())), (twelve(), small(&twelve()))]
    {
        let started = Instant::now();
        let checked = check_tier_space(&space, &tiers, 10, 12);
        eprintln!("{} ({} tiers): {checked:?} in {:?}", space.variant_name(), tiers.len(), started.elapsed());
        assert!(checked.plies > 3 * checked.positions, "{checked:?}");
    }

    let twelve = twelve();
    let mut rng = SmallRng::seed_from_u64(12);
    let mut plies = 0;
    for t in twelve.game_tiers().into_iter().filter(|t| t.pieces(Colour::White) >= 11) {
        let deps = twelve.dependencies(t);
        for _ in 0..10 {
            let Some(p) = random_position(&twelve, t, &mut rng) else { continue };
            for m in p.legal_moves() {
                let mut child = p;
                child.play_unchecked(m);
                plies += 1;
                if child.outcome().is_some() {
                    continue;
                }
                let ct = twelve.tier(&child);
                if ct == t {
                    assert!(twelve.has_internal_plies(t), "{p} {m:?}");
                    assert_ne!(child.side_to_move(), p.side_to_move());
                } else {
                    assert!(deps.contains(&ct), "{p} -> {child}: {ct} is not a dependency of {t}");
                }
            }
        }
    }
    assert!(plies > 10_000, "{plies} plies");
}

/// Every predecessor has exactly one ply to exactly the position (not only
/// to a member of its orbit, as the harness asks), none is listed twice,
/// and every ply that stays in the tier has its parent itself among the
/// child's predecessors; on the movement tiers of both boards and without
/// flying. The harness checks the same tiers up to symmetry.
#[test]
fn unmoves_invert_exactly_the_plies_inside_a_tier() {
    let mut rng = SmallRng::seed_from_u64(13);
    let no_flying = MorrisTiers::new(Rules::default().no_flying()).unwrap();
    let cases = [
        (nine(), nine().movement_tiers(5)),
        (six(), six().movement_tiers(6)),
        (no_flying, vec![tier("w3b3"), tier("w4b3"), tier("w4b4")]),
    ];
    let (mut checked, mut plies) = (0, 0);
    for (space, tiers) in cases {
        let harness = check_tier_space(&space, &tiers, 10, 13);
        assert!(harness.internal_plies > 0, "{}: {harness:?}", space.variant_name());
        for t in tiers.into_iter().filter(|&t| space.has_internal_plies(t)) {
            let mut preds = Vec::new();
            for _ in 0..30 {
                let c = random_position(&space, t, &mut rng).unwrap();
                preds.clear();
                space.predecessors(&c, &mut preds);
                for p in &preds {
                    assert_eq!(space.tier(p), t);
                    assert!(p.outcome().is_none());
                    let hits = p
                        .legal_moves()
                        .iter()
                        .filter(|&&m| {
                            let mut child = *p;
                            child.play_unchecked(m);
                            child == c
                        })
                        .count();
                    assert_eq!(hits, 1, "{p} has no ply to {c}");
                    checked += 1;
                }
                let unique: HashSet<u64> = preds.iter().map(Game::zobrist).collect();
                assert_eq!(unique.len(), preds.len(), "{c}: duplicate predecessors");

                let p = random_position(&space, t, &mut rng).unwrap();
                for m in p.legal_moves() {
                    let mut child = p;
                    child.play_unchecked(m);
                    if space.tier(&child) != t {
                        continue;
                    }
                    preds.clear();
                    space.predecessors(&child, &mut preds);
                    assert!(preds.contains(&p), "{p} -> {child} is not un-moved");
                    plies += 1;
                }
            }
        }
    }
    assert!(checked > 5_000 && plies > 5_000, "{checked} predecessors, {plies} plies");
}

/// The values of every index of `tiers` from the tier solver, checked
/// against the naive fixpoint and the in-memory solver (conformance
/// harness), then random positions built without the index: each value is
/// the best of its plies' and is the same on all 16 images. Returns the
/// harness's result: the solved tables and the figures.
fn check_solver<'a>(space: &'a MorrisTiers, tiers: &[Tier], name: &str) -> TierSolverCheck<'a, MorrisTiers> {
    let started = Instant::now();
    let solved = check_tier_solver(space, tiers);
    eprintln!(
        "{name}: {} positions, {} decided, {} plies, {} images compared in {:?} (tier solver {} ms, naive fixpoint \
         {} ms, in-memory solver {} ms, comparisons {} ms)",
        solved.positions,
        solved.decided,
        solved.plies,
        solved.images,
        started.elapsed(),
        solved.solve_millis,
        solved.naive_millis,
        solved.keyed_millis,
        solved.compare_millis
    );
    assert!(solved.decided > 0);
    let tables = &solved.tables;
    for (t, header) in tables.tiers() {
        eprintln!("  {t}: {:?}", header.counts);
    }
    let mut rng = SmallRng::seed_from_u64(14);
    let group = space.rules().variant.group();
    for &t in tiers {
        for _ in 0..50 {
            let p = random_position(space, t, &mut rng).unwrap();
            assert_consistent(tables, &p);
            let v = tables.probe(&p).unwrap();
            for g in group.elements() {
                assert_eq!(tables.probe(&p.map(g)), Some(v), "{p}");
            }
        }
    }
    solved
}

/// Every position of `w3b3` and `w3b3x` against both references; then the
/// counts against brute force, and `w3b3`'s table through a file and back.
#[test]
fn nine_mens_3_against_3_agrees_with_the_naive_fixpoint_and_the_in_memory_solver() {
    let space = nine();
    let solved = check_solver(&space, &space.movement_tiers(3), "nine-3v3");
    let (t, tx) = (tier("w3b3"), tier("w3b3x"));
    assert_eq!(solved.order, [tx, t]);
    for t in [t, tx] {
        let counts = solved.tables.table(t).unwrap().counts();
        let valid = count_valid(Rules::default(), 3, 3, t.pending);
        assert_eq!(counts.positions(), valid, "{t}");
        assert_eq!(counts.classes() + counts.unused, space.size(t));
        let used = (0..space.size(t)).filter(|&i| space.position(t, i).is_some()).count() as u64;
        assert_eq!(counts.classes(), used);
        eprintln!("{t}: {valid} positions, {used} classes, {} indices", space.size(t));
    }
    // Without a pending removal every pair of sets is valid, twice (each
    // side to move; an index stands for an orbit and its colour twin's).
    let table = solved.tables.table(t).unwrap();
    let c = table.counts();
    assert_eq!(c.positions(), 2 * 2024 * 1330);
    assert_eq!(solved.positions, 169_626 + 1_413);
    // The figures, as the three solvers agree on them above: with flying,
    // 3 against 3 is nearly always decided, the longest win in 27 plies;
    // every pending removal wins at once.
    assert_eq!((c.win, c.loss, c.draw, c.max_dtm), (4_464_320, 911_296, 8_224, 27));
    // Classes are folded orbits: half the 281,242 / 57,472 / 538 orbits of
    // both sides to move (scheme 1).
    assert_eq!((c.win_classes, c.loss_classes, c.draw_classes), (140_621, 28_736, 269));
    let cx = solved.tables.table(tx).unwrap().counts();
    assert_eq!((cx.win, cx.loss, cx.draw, cx.max_dtm), (42_560, 0, 0, 1));
    assert_eq!(solved.decided, 140_621 + 28_736 + 1_413);

    let dir = TempDir::new("roundtrip");
    std::fs::create_dir_all(&dir.0).unwrap();
    let path = dir.join(&TierFile::file_name("w3b3"));
    let written = TierFile::write(&path, &space, t, table).unwrap();
    let (read, back): (TierFile, TierTable) = TierFile::read(&path, &space, Some(t)).unwrap();
    assert_eq!(read, written);
    assert_eq!(&back, table);
    assert_eq!(read.tier, "w3b3");
    assert_eq!(read.variant, "nine-mens-morris");
}

#[test]
fn six_mens_3_against_3_agrees_with_the_naive_fixpoint_and_the_in_memory_solver() {
    let space = six();
    let solved = check_solver(&space, &space.movement_tiers(3), "six-3v3");
    for (t, header) in solved.tables.tiers() {
        let valid = count_valid(Rules::new(Variant::SixMensMorris), 3, 3, t.pending);
        assert_eq!(header.counts.positions(), valid, "{t}");
    }
}

/// Whether `q` is in the orbit of `p` or of its colour twin.
fn same_orbit_or_twin(space: &MorrisTiers, q: &Position, p: &Position) -> bool {
    q.canonicalize() == p.canonicalize()
        || space.colour_twin(p).is_some_and(|twin| twin.canonicalize() == q.canonicalize())
}

/// Brute force: the valid positions of a movement tier of `w` against `b`
/// pieces, over every pair of point sets and both sides.
fn count_valid(rules: Rules, w: u8, b: u8, pending: bool) -> u64 {
    let mut count = 0;
    for_each_pair(rules.variant.points(), w, b, |a, c| {
        for side in Colour::BOTH {
            let pieces = [Bitboard(u64::from(a)), Bitboard(u64::from(c))];
            count += u64::from(Position::from_parts(rules, pieces, [0, 0], side, pending, 0).is_ok());
        }
    });
    count
}
