//! The tier graph of the morris games as a plan of work
//! ([`lapilli_tablebase::plan`]): the figures of the whole game of Nine
//! Men's Morris from the empty board, and sizes counted without building
//! an index against the built index.

use lapilli_morris::tablebase::{MorrisTiers, Tier};
use lapilli_morris::{Rules, Variant};
use lapilli_tablebase::{plan, TierSpace};

#[test]
fn the_whole_of_nine_mens_morris_is_planned_from_sizes_alone() {
    let space = MorrisTiers::new(Rules::default()).unwrap();
    let p = plan(&space, &space.game_tiers()).unwrap();
    // 577 tiers and 71,247,833,657 indices without colour folding.
    assert_eq!(p.tiers.len(), 535);
    assert_eq!(p.total_indices, 53_438_646_455);
    // Every tier after its dependencies, each listed with the space's own.
    for (i, t) in p.tiers.iter().enumerate() {
        let tier: Tier = t.name.parse().unwrap();
        assert_eq!(t.size, space.size(tier));
        let deps: Vec<String> = space.dependencies(tier).iter().map(Tier::to_string).collect();
        assert_eq!(t.dependencies, deps);
        assert!(deps.iter().all(|d| p.tiers[..i].iter().any(|e| &e.name == d)), "{}", t.name);
    }
    // The movement phase (both hands empty) is the endgame tables to 9
    // against 9: a third of the work, folded by colour (half its
    // 35,618,374,404 indices without folding).
    let movement: u64 =
        p.tiers.iter().filter(|t| t.name.parse::<Tier>().unwrap().is_movement()).map(|t| t.size).sum();
    assert_eq!(2 * movement, 35_618_374_404);
    assert_eq!(plan(&space, &space.movement_tiers(9)).unwrap().total_indices, movement);
    let largest: Vec<(&str, u64)> = p.largest().iter().map(|t| (t.name.as_str(), t.size)).collect();
    let expected: Vec<(&str, u64)> =
        ["w8b7x", "w8b7", "w9b7x", "w9b7", "w9b8x", "w9b8"].into_iter().map(|n| (n, 1_051_958_800)).collect();
    assert_eq!(largest, expected);
    assert_eq!(p.tier("w8b8").unwrap().size, 1_183_453_380 / 2, "one side to move");
    // The longest chain: up the movement phase by pending and quiet tiers
    // to 9 against 9, then down the placement phase to the empty board.
    let c = &p.critical_path;
    assert_eq!(c.indices, 13_262_106_548);
    assert!((c.share - 0.248_174).abs() < 1e-6, "{}", c.share);
    assert!((p.speedup_bound() - 4.029).abs() < 1e-3, "{}", p.speedup_bound());
    assert_eq!(c.tiers.len(), 44);
    assert_eq!(c.tiers[..4], ["w3b3x", "w3b3", "w4b3x", "w4b3"]);
    assert_eq!(c.tiers[24..27], ["w9b9x", "w9b9", "w9b8h0.1"]);
    assert_eq!(c.tiers.last().map(String::as_str), Some("w0b0h9.9"));
    let sum: u64 = c.tiers.iter().map(|t| p.tier(t).unwrap().size).sum();
    assert_eq!(sum, c.indices);
    // The start tier ends every chain and starts after the whole path.
    let start = p.tier("w0b0h9.9").unwrap();
    assert_eq!((start.earliest_start + start.size, start.path_to_end), (c.indices, start.size));
    assert_eq!(p.tier("w3b3x").unwrap().path_to_end, c.indices);
}

#[test]
fn sizes_counted_without_an_index_are_the_index_sizes() {
    for rules in [Rules::default(), Rules::new(Variant::SixMensMorris), Rules::new(Variant::TwelveMensMorris)]
    {
        let counted = MorrisTiers::new(rules).unwrap();
        let built = MorrisTiers::new(rules).unwrap();
        for name in ["w3b3", "w3b3x", "w4b3", "w2b1h5.6x", "w3b4h1.2", "w0b0h6.6"] {
            let tier: Tier = name.parse().unwrap();
            if !counted.contains(tier) {
                continue;
            }
            let size = counted.size(tier);
            // Building the index (as `position` does) then asking again.
            let _ = built.position(tier, 0);
            assert_eq!(built.size(tier), size, "{name} in {}", rules.variant);
            assert_eq!(size, sides(tier) * built.pair_index(tier.on_board[0], tier.on_board[1]).len());
        }
    }
}

#[test]
fn six_mens_morris_is_planned_with_the_sizes_its_indices_give() {
    // Every tier of the whole game, its size counted (the plan) and from
    // the built index (what a build writes as the file's entries).
    let counted = MorrisTiers::new(Rules::new(Variant::SixMensMorris)).unwrap();
    let p = plan(&counted, &counted.game_tiers()).unwrap();
    // 131 tiers and 8,506,355 indices without colour folding.
    assert_eq!((p.tiers.len(), p.total_indices), (119, 6_094_539));
    let built = MorrisTiers::new(Rules::new(Variant::SixMensMorris)).unwrap();
    let mut sum = 0;
    for t in &p.tiers {
        let tier: Tier = t.name.parse().unwrap();
        let size = sides(tier) * built.pair_index(tier.on_board[0], tier.on_board[1]).len();
        assert_eq!(t.size, size, "{}", t.name);
        sum += size;
    }
    assert_eq!(sum, p.total_indices);
    assert_eq!((p.critical_path.indices, p.critical_path.tiers.len()), (2_243_163, 26));
    let movement: u64 = plan(&counted, &counted.movement_tiers(6)).unwrap().total_indices;
    assert_eq!(2 * movement, 4_823_632, "half, folded by colour");
}

/// The sides to move a tier's index holds: both in a movement tier with
/// unequal numbers on the board, one otherwise (colour folding).
fn sides(tier: Tier) -> u64 {
    if tier.is_movement() && tier.on_board[0] != tier.on_board[1] {
        2
    } else {
        1
    }
}
