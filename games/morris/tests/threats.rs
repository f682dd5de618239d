//! The continuous-threat search against the solved tables: every win it
//! claims is a win of the tables no longer than it says, and it finds the
//! short wins of three against three.

use lapilli_game::{Game, Value};
use lapilli_game::{History, WIN};
use lapilli_morris::eval::Heuristic;
use lapilli_morris::tablebase::{MorrisTiers, Tier};
use lapilli_morris::threats::forced_mill;
use lapilli_morris::{Position, Rules, Variant};
use lapilli_search::{Engine, Limits};
use lapilli_tablebase::{solve_in_memory, Silent, TierSpace};

/// Every position of `tier` in `rules`' tables up to `pieces` against
/// `pieces` (and the tiers below): checks each win `forced_mill` claims
/// with `threats` threats; returns, by the tables' distance to mate (the
/// index), the wins and the wins found.
fn claims(rules: Rules, pieces: u8, tier: &str, threats: u32) -> Vec<(u64, u64)> {
    let space = MorrisTiers::new(rules).expect("a tier space");
    let tables = solve_in_memory(&space, &space.movement_tiers(pieces), &Silent).expect("a sound tier space");
    let tier: Tier = tier.parse().expect("a tier name");
    let mut by_dtm = vec![(0, 0); 64];
    for i in 0..space.size(tier) {
        let Some(pos) = space.position(tier, i) else { continue };
        let value = tables.probe(&pos).expect("covered");
        let claim = forced_mill(&pos, threats);
        if let Value::Win(d) = value {
            by_dtm[d as usize].0 += 1;
            by_dtm[d as usize].1 += u64::from(claim.is_some());
        }
        if let Some(c) = claim {
            assert!(pos.outcome().is_none(), "{pos}: the game is over");
            match value {
                Value::Win(d) => assert!(d <= c, "{pos}: a win in {d}, claimed in {c}"),
                other => panic!("{pos}: {other:?}, claimed a win in {c}"),
            }
        }
    }
    by_dtm
}

#[test]
fn three_against_three_wins_claimed_are_wins_and_the_short_ones_are_found() {
    for (threats, longest) in [(3, 8), (4, 10)] {
        let by_dtm = claims(Rules::default(), 3, "w3b3", threats);
        // Every win of w3b3 is a chain of threats: the search finds all
        // those within its reach (2 plies more a threat), and no longer one.
        for (d, &(wins, found)) in by_dtm.iter().enumerate() {
            if d <= longest {
                assert_eq!(found, wins, "{threats} threats, wins in {d}");
            } else {
                assert_eq!(found, 0, "{threats} threats, wins in {d}");
            }
        }
        assert!(by_dtm[longest].0 > 0 && by_dtm[longest + 2].0 > 0);
    }
}

#[test]
fn the_engine_finds_a_win_beyond_its_depth() {
    // Black wins in 10 plies (the tables, `cli/tests/uci.rs`).
    let pos: Position = "W.W...../.B..B.../B...W... b 0 0 -".parse().unwrap();
    let search =
        |eval: &Heuristic| Engine::new().search_single(&pos, &History::default(), &Limits::depth(3), eval);
    assert_eq!(search(&Heuristic::playing()).score, WIN - 10);
    assert!(search(&Heuristic::default()).score < WIN - 100);
}

#[test]
fn a_sliding_side_or_a_sliding_defender_claims_only_wins() {
    // Four sliding against three flying.
    let by_dtm = claims(Rules::default(), 4, "w4b3", 3);
    assert!(by_dtm.iter().map(|&(_, f)| f).sum::<u64>() > 0);
    // Without flying, three slide against three.
    let by_dtm = claims(Rules::new(Variant::SixMensMorris).no_flying(), 3, "w3b3", 3);
    assert!(by_dtm.iter().map(|&(_, f)| f).sum::<u64>() > 0);
}
