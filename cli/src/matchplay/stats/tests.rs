//! Tests of the statistics: Elo and its interval, both tallies, and the
//! SPRT against an exact GSPRT computed independently.

use super::*;

fn tally(wins: u32, draws: u32, losses: u32) -> Tally {
    Tally { wins, draws, losses }
}

fn sprt(elo0: f64, elo1: f64) -> Sprt {
    Sprt::new(elo0, elo1, 0.05, 0.05).unwrap()
}

/// The maximum of the log-likelihood `sum n_i ln p_i` over the
/// distributions `p` on `values` with mean `s`, found independently of
/// the module's approximation: by the method of Lagrange multipliers the
/// maximiser is `p_i = q_i / (1 + theta (a_i - s))` (`q` the observed
/// frequencies) with `theta` the root of the secular equation
/// `sum q_i (a_i - s) / (1 + theta (a_i - s)) = 0` (Van den Bergh), which
/// is decreasing in `theta` and is found by bisection. Returns the
/// maximum and the maximiser.
fn max_log_likelihood(values: &[f64], counts: &[f64], s: f64) -> (f64, Vec<f64>) {
    let n: f64 = counts.iter().sum();
    let seen: Vec<(f64, f64)> =
        values.iter().zip(counts).filter(|(_, &c)| c > 0.0).map(|(&a, &c)| (a - s, c / n)).collect();
    let dmax = seen.iter().map(|d| d.0).fold(f64::MIN, f64::max);
    let dmin = seen.iter().map(|d| d.0).fold(f64::MAX, f64::min);
    assert!(dmin < 0.0 && dmax > 0.0, "s must lie strictly inside the observed values");
    let secular = |theta: f64| seen.iter().map(|(d, q)| q * d / (1.0 + theta * d)).sum::<f64>();
    let (mut lo, mut hi) = (-1.0 / dmax, -1.0 / dmin);
    for _ in 0..200 {
        let mid = (lo + hi) / 2.0;
        if secular(mid) > 0.0 {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    let theta = (lo + hi) / 2.0;
    let p: Vec<f64> = values
        .iter()
        .zip(counts)
        .map(|(&a, &c)| if c > 0.0 { c / n / (1.0 + theta * (a - s)) } else { 0.0 })
        .collect();
    let ll = counts.iter().zip(&p).filter(|(&c, _)| c > 0.0).map(|(&c, &pi)| c * pi.ln()).sum();
    (ll, p)
}

/// The exact GSPRT log-likelihood ratio: the log ratio of the
/// constrained maximum likelihoods at `s1` and at `s0`.
fn exact_llr(values: &[f64], counts: &[f64], s0: f64, s1: f64) -> f64 {
    max_log_likelihood(values, counts, s1).0 - max_log_likelihood(values, counts, s0).0
}

/// The trinomial maximum log-likelihood with mean `s` by a second,
/// independent route: with mean `s` the distribution has one free
/// parameter, the draw rate `t` (win `s - t/2`, loss `1 - s - t/2`), and
/// the log-likelihood is concave in it: ternary search.
fn trinomial_max_by_search(t: Tally, s: f64) -> f64 {
    let (w, d, l) = (f64::from(t.wins), f64::from(t.draws), f64::from(t.losses));
    let ll = |dr: f64| w * (s - dr / 2.0).ln() + d * dr.ln() + l * (1.0 - s - dr / 2.0).ln();
    let (mut lo, mut hi) = (0.0, 2.0 * s.min(1.0 - s));
    for _ in 0..300 {
        let (m1, m2) = (lo + (hi - lo) / 3.0, hi - (hi - lo) / 3.0);
        if ll(m1) < ll(m2) {
            lo = m1;
        } else {
            hi = m2;
        }
    }
    ll((lo + hi) / 2.0)
}

#[test]
fn elo_and_score_are_inverse_on_a_grid() {
    for i in 1..100 {
        let s = f64::from(i) / 100.0;
        assert!((score_of_elo(elo_of_score(s)) - s).abs() < 1e-12, "score {s}");
    }
    for e in (-800..=800).step_by(25) {
        let e = f64::from(e);
        assert!((elo_of_score(score_of_elo(e)) - e).abs() < 1e-9, "elo {e}");
    }
}

#[test]
fn elo_of_score_known_values_and_ends() {
    // 0.75 is 3 : 1 odds: 400 log10(3) = 190.848...
    assert!((elo_of_score(0.75) - 190.85).abs() < 0.01);
    assert!((elo_of_score(0.75) - 400.0 * 3f64.log10()).abs() < 1e-9);
    assert_eq!(elo_of_score(0.5), 0.0);
    assert_eq!(elo_of_score(0.0), f64::NEG_INFINITY);
    assert_eq!(elo_of_score(1.0), f64::INFINITY);
    assert_eq!(score_of_elo(0.0), 0.5);
    // 400 Elo is 10 : 1 odds.
    assert!((score_of_elo(400.0) - 10.0 / 11.0).abs() < 1e-15);
    assert_eq!(score_of_elo(f64::INFINITY), 1.0);
    assert_eq!(score_of_elo(f64::NEG_INFINITY), 0.0);
}

#[test]
fn quarter_score_over_forty_games() {
    let t = tally(6, 8, 26);
    assert_eq!(t.games(), 40);
    assert_eq!(t.points(), 10.0);
    assert_eq!(t.score(), Some(0.25));
    let e = t.elo().unwrap();
    assert_eq!(e.score, 0.25);
    assert!((e.elo + 190.85).abs() < 0.01, "{e:?}");
    assert!(e.low < e.elo && e.elo < e.high, "{e:?}");
    // The interval by hand: per-game variance of the scores 1, 1/2, 0.
    let var = (6.0 * 0.75f64.powi(2) + 8.0 * 0.25f64.powi(2) + 26.0 * 0.25f64.powi(2)) / 40.0;
    let half = 1.959964 * (var / 40.0).sqrt();
    assert!((e.low - elo_of_score(0.25 - half)).abs() < 1e-3, "{e:?}");
    assert!((e.high - elo_of_score(0.25 + half)).abs() < 1e-3, "{e:?}");
    assert_eq!(e.to_string(), "-191 (95% interval -323 to -96)");
}

#[test]
fn tally_add_and_empty() {
    let mut t = Tally::default();
    assert_eq!(t.score(), None);
    assert_eq!(t.elo(), None);
    for o in [WinDrawLoss::Win, WinDrawLoss::Draw, WinDrawLoss::Draw, WinDrawLoss::Loss, WinDrawLoss::Win] {
        t.add(o);
    }
    assert_eq!(t, tally(2, 2, 1));
    assert_eq!(t.points(), 3.0);
    assert_eq!(WinDrawLoss::Win.opposite(), WinDrawLoss::Loss);
    assert_eq!(WinDrawLoss::Draw.points(), 0.5);
}

#[test]
fn perfect_scores_give_infinite_elo_and_never_nan() {
    let e = tally(5, 0, 0).elo().unwrap();
    assert_eq!((e.elo, e.low, e.high), (f64::INFINITY, f64::INFINITY, f64::INFINITY));
    assert_eq!(e.to_string(), "+inf (95% interval +inf to +inf)");
    let e = tally(0, 1, 5).elo().unwrap();
    assert_eq!(e.low, f64::NEG_INFINITY);
    assert!(e.elo.is_finite() && e.high.is_finite() && e.elo < e.high);
    let e = tally(0, 7, 0).elo().unwrap();
    assert_eq!((e.elo, e.low, e.high), (0.0, 0.0, 0.0));
    assert_eq!(e.to_string(), "0 (95% interval 0 to 0)");
    let e = tally(30, 10, 10).elo().unwrap();
    assert!(e.to_string().starts_with("+147 (95% interval +"), "{e}");
}

#[test]
fn json_writes_infinite_elo_as_null() {
    let e = EloEstimate { score: 1.0, elo: f64::INFINITY, low: 12.5, high: f64::INFINITY };
    assert_eq!(
        serde_json::to_value(e).unwrap(),
        serde_json::json!({"score": 1.0, "elo": null, "low": 12.5, "high": null})
    );
    let e = EloEstimate { score: 0.0, elo: f64::NEG_INFINITY, low: f64::NEG_INFINITY, high: -3.0 };
    assert_eq!(serde_json::to_string(&e).unwrap(), r#"{"score":0.0,"elo":null,"low":null,"high":-3.0}"#);
    let e = tally(6, 8, 26).elo().unwrap();
    let v = serde_json::to_value(e).unwrap();
    assert!((v["elo"].as_f64().unwrap() - e.elo).abs() < 1e-12);
    assert!(v["low"].is_f64() && v["high"].is_f64());
    assert_eq!(serde_json::to_value(SprtDecision::AcceptH1).unwrap(), "accept_h1");
    assert_eq!(
        serde_json::to_value(tally(1, 2, 3)).unwrap(),
        serde_json::json!({"wins": 1, "draws": 2, "losses": 3})
    );
}

#[test]
fn wald_bounds() {
    let s = sprt(0.0, 10.0);
    assert!((s.lower() + 2.944).abs() < 1e-3, "{}", s.lower());
    assert!((s.upper() - 2.944).abs() < 1e-3, "{}", s.upper());
    let s = Sprt::new(0.0, 5.0, 0.05, 0.1).unwrap();
    assert!((s.lower() - (0.1f64 / 0.95).ln()).abs() < 1e-12);
    assert!((s.upper() - 18f64.ln()).abs() < 1e-12);
}

#[test]
fn trinomial_llr_matches_the_exact_gsprt() {
    // The secular-equation maximiser agrees with a direct search.
    let t = tally(640, 800, 560);
    assert_eq!(t.score(), Some(0.52));
    let counts = t.counts();
    for s in [0.5, 0.52, score_of_elo(10.0)] {
        let (ll, p) = max_log_likelihood(&GAME_SCORES, &counts, s);
        assert!((p.iter().sum::<f64>() - 1.0).abs() < 1e-12);
        assert!((p[0] + p[1] / 2.0 - s).abs() < 1e-12);
        assert!((ll - trinomial_max_by_search(t, s)).abs() < 1e-6);
    }
    // 2000 games scoring 0.52, and other tallies whose scores lie near
    // the hypotheses (where the approximation is meant to be used).
    let cases = [
        (tally(640, 800, 560), 0.0, 10.0, SprtDecision::Continue),
        (tally(640, 800, 560), -5.0, 5.0, SprtDecision::AcceptH1),
        (tally(1000, 2000, 1000), 0.0, 10.0, SprtDecision::AcceptH0),
        (tally(300, 1400, 300), 0.0, 5.0, SprtDecision::Continue),
        (tally(700, 600, 700), -10.0, 0.0, SprtDecision::Continue),
    ];
    for (t, elo0, elo1, decision) in cases {
        let s = sprt(elo0, elo1);
        let exact = exact_llr(&GAME_SCORES, &t.counts(), score_of_elo(elo0), score_of_elo(elo1));
        let approx = s.llr(&t);
        assert!((approx - exact).abs() <= 0.01 * exact.abs(), "{t:?}: {approx} vs {exact}");
        assert_eq!(s.decision(approx), decision, "{t:?}: {approx}");
        assert_eq!(s.decision(exact), decision, "{t:?}: {exact}");
    }
    // The 0.52 case by hand: variance 0.1496, LLR 2.463.
    let llr = sprt(0.0, 10.0).llr(&tally(640, 800, 560));
    let s1 = score_of_elo(10.0);
    assert!((llr - 2000.0 * (s1 - 0.5) * (1.04 - 0.5 - s1) / (2.0 * 0.1496)).abs() < 1e-9, "{llr}");
    assert!((llr - 2.463).abs() < 1e-3, "{llr}");
    // Far from the hypotheses the approximation drifts (0.75 against
    // [0, 10]: 31.1 against an exact 20.1), but both decide alike.
    let (t, s) = (tally(600, 300, 100), sprt(0.0, 10.0));
    let exact = exact_llr(&GAME_SCORES, &t.counts(), 0.5, s1);
    assert!(exact > s.upper() && s.llr(&t) > exact, "{exact}");
}

#[test]
fn decision_flips_exactly_at_the_bounds() {
    let s = sprt(0.0, 10.0);
    let (lo, hi) = (s.lower(), s.upper());
    assert_eq!(s.decision(hi), SprtDecision::AcceptH1);
    assert_eq!(s.decision(f64::from_bits(hi.to_bits() - 1)), SprtDecision::Continue);
    assert_eq!(s.decision(lo), SprtDecision::AcceptH0);
    // One step towards zero from the (negative) lower bound.
    assert_eq!(s.decision(f64::from_bits(lo.to_bits() - 1)), SprtDecision::Continue);
    assert_eq!(s.decision(0.0), SprtDecision::Continue);
    assert_eq!(s.decision(f64::NAN), SprtDecision::Continue);
    assert_eq!(s.decision(f64::INFINITY), SprtDecision::AcceptH1);
}

#[test]
fn clear_results_decide() {
    let s = sprt(0.0, 10.0);
    let better = s.llr(&tally(600, 300, 100));
    // By hand: mean 0.75, variance 0.1125.
    let expected = 1000.0 * (score_of_elo(10.0) - 0.5) * (1.5 - 0.5 - score_of_elo(10.0)) / 0.225;
    assert!((better - expected).abs() < 1e-9, "{better} vs {expected}");
    assert_eq!(s.decision(better), SprtDecision::AcceptH1);
    let equal = s.llr(&tally(4000, 2000, 4000));
    assert!(equal < s.lower(), "{equal}");
    assert_eq!(s.decision(equal), SprtDecision::AcceptH0);
    // Few games: not enough either way.
    assert_eq!(s.decision(s.llr(&tally(6, 3, 1))), SprtDecision::Continue);
    assert_eq!(s.decision(s.llr(&tally(40, 20, 40))), SprtDecision::Continue);
}

#[test]
fn degenerate_tallies_give_finite_llr() {
    let s = sprt(0.0, 10.0);
    assert_eq!(s.llr(&Tally::default()), 0.0);
    assert_eq!(s.llr_pairs(&PairTally::default()), 0.0);
    // One kind of result alone (all draws, all wins, all 1-1 pairs)
    // gives no spread: the test waits.
    assert_eq!(s.llr(&tally(0, 50, 0)), 0.0);
    assert_eq!(s.llr(&tally(3, 0, 0)), 0.0);
    assert_eq!(s.llr_pairs(&PairTally { counts: [0, 0, 9, 0, 0] }), 0.0);
    assert_eq!(s.llr_pairs(&PairTally { counts: [0, 0, 0, 0, 1] }), 0.0);
    // Two kinds: the regularised third keeps the ratio finite, with
    // the sign of the evidence.
    let draws = s.llr(&tally(0, 100, 1));
    assert!(draws.is_finite() && draws < s.lower(), "{draws}");
    let wins = s.llr(&tally(3, 1, 0));
    assert!(wins.is_finite() && wins > 0.0, "{wins}");
    let losses = s.llr(&tally(0, 1, 3));
    assert!(losses.is_finite() && losses < 0.0, "{losses}");
    let pairs = s.llr_pairs(&PairTally { counts: [0, 1, 9, 0, 0] });
    assert!(pairs.is_finite() && pairs < 0.0, "{pairs}");
    // One 2-0 pair and one 1-1 pair decide nothing.
    let early = s.llr_pairs(&PairTally { counts: [0, 0, 1, 0, 1] });
    assert_eq!(s.decision(early), SprtDecision::Continue, "{early}");
    // Regularisation changes nothing once every outcome occurred.
    let t = tally(1, 1, 1);
    let plain = 3.0 * (score_of_elo(10.0) - 0.5) * (1.0 - 0.5 - score_of_elo(10.0)) / (2.0 / 6.0);
    assert!((s.llr(&t) - plain).abs() < 1e-12);
}

/// Plays `n` copies of the pair `(a, b)` into a pair tally and a game
/// tally.
fn play(pairs: &mut PairTally, games: &mut Tally, n: u32, a: WinDrawLoss, b: WinDrawLoss) {
    for _ in 0..n {
        pairs.add(a, b);
        games.add(a);
        games.add(b);
    }
}

fn width(e: EloEstimate) -> f64 {
    e.high - e.low
}

#[test]
fn pair_tally_counts_by_points() {
    let mut p = PairTally::default();
    p.add(WinDrawLoss::Loss, WinDrawLoss::Loss);
    p.add(WinDrawLoss::Draw, WinDrawLoss::Loss);
    p.add(WinDrawLoss::Win, WinDrawLoss::Loss);
    p.add(WinDrawLoss::Draw, WinDrawLoss::Draw);
    p.add(WinDrawLoss::Draw, WinDrawLoss::Win);
    p.add(WinDrawLoss::Win, WinDrawLoss::Win);
    assert_eq!(p.counts, [1, 1, 2, 1, 1]);
    assert_eq!(p.pairs(), 6);
    assert_eq!(p.games(), 12);
    assert_eq!(p.points(), 6.0);
    assert_eq!(p.score(), Some(0.5));
    assert_eq!(PairTally::default().elo(), None);
}

#[test]
fn pentanomial_is_narrower_when_openings_favour_a_colour() {
    use WinDrawLoss::{Draw, Loss, Win};
    // Openings that favour one colour: the first engine mostly wins with
    // the favoured colour and loses with the other (its two results
    // compensate), a bit more often winning both than losing both.
    let (mut p, mut t) = (PairTally::default(), Tally::default());
    play(&mut p, &mut t, 60, Win, Loss);
    play(&mut p, &mut t, 15, Win, Draw);
    play(&mut p, &mut t, 10, Win, Win);
    play(&mut p, &mut t, 10, Draw, Loss);
    play(&mut p, &mut t, 5, Loss, Loss);
    let (pe, te) = (p.elo().unwrap(), t.elo().unwrap());
    assert_eq!(p.points(), t.points());
    assert!((pe.score - te.score).abs() < 1e-15 && (pe.elo - te.elo).abs() < 1e-9, "{pe:?} {te:?}");
    assert!(pe.elo > 0.0);
    assert!(width(pe) < width(te), "{pe} vs {te}");
    let s = sprt(0.0, 10.0);
    let (lp, lt) = (s.llr_pairs(&p), s.llr(&t));
    assert_eq!(lp.signum(), lt.signum(), "{lp} vs {lt}");
    // The smaller variance makes the same evidence count for more.
    assert!(lp.abs() > lt.abs(), "{lp} vs {lt}");
    // Against the exact pentanomial GSPRT.
    let exact = exact_llr(&PAIR_SCORES, &p.float_counts(), score_of_elo(0.0), score_of_elo(10.0));
    assert!((lp - exact).abs() < 0.02 * exact.abs(), "{lp} vs {exact}");
}

#[test]
fn pentanomial_is_wider_when_pair_results_agree() {
    use WinDrawLoss::{Draw, Loss, Win};
    // The first engine's two results in a pair tend to be the same.
    let (mut p, mut t) = (PairTally::default(), Tally::default());
    play(&mut p, &mut t, 30, Win, Win);
    play(&mut p, &mut t, 20, Draw, Draw);
    play(&mut p, &mut t, 20, Loss, Loss);
    play(&mut p, &mut t, 10, Win, Loss);
    let (pe, te) = (p.elo().unwrap(), t.elo().unwrap());
    assert!((pe.elo - te.elo).abs() < 1e-9);
    assert!(width(pe) > width(te), "{pe} vs {te}");
    let s = sprt(-10.0, 0.0);
    let (lp, lt) = (s.llr_pairs(&p), s.llr(&t));
    assert!(lp > 0.0 && lt > 0.0 && lp < lt, "{lp} vs {lt}");
}

#[test]
fn pentanomial_equals_trinomial_for_independent_games() {
    use WinDrawLoss::{Draw, Loss, Win};
    // Every ordered pair of results equally often: the two results of a
    // pair are uncorrelated, and the pair variance is exactly half the
    // game variance (1/12 and 1/6).
    let (mut p, mut t) = (PairTally::default(), Tally::default());
    for a in [Win, Draw, Loss] {
        for b in [Win, Draw, Loss] {
            play(&mut p, &mut t, 10, a, b);
        }
    }
    assert_eq!(p.counts, [10, 20, 30, 20, 10]);
    let (pe, te) = (p.elo().unwrap(), t.elo().unwrap());
    assert_eq!(pe.elo, 0.0);
    assert!((pe.low - te.low).abs() < 1e-9 && (pe.high - te.high).abs() < 1e-9, "{pe:?} {te:?}");
    let s = sprt(0.0, 10.0);
    let s1 = score_of_elo(10.0);
    let by_hand = 180.0 * (s1 - 0.5) * (0.5 - s1) / (2.0 / 6.0);
    assert!((s.llr(&t) - by_hand).abs() < 1e-9 && (s.llr_pairs(&p) - by_hand).abs() < 1e-9);
}

#[test]
fn parses_good_specifications() {
    let s: Sprt = "elo0=0,elo1=10,alpha=0.05,beta=0.05".parse().unwrap();
    assert_eq!(s, Sprt { elo0: 0.0, elo1: 10.0, alpha: 0.05, beta: 0.05 });
    let s: Sprt = "elo1=5, elo0 = -2.5".parse().unwrap();
    assert_eq!(s, Sprt { elo0: -2.5, elo1: 5.0, alpha: 0.05, beta: 0.05 });
    let s: Sprt = "beta=0.1,elo1=3,alpha=0.01,elo0=0,".parse().unwrap();
    assert_eq!(s, Sprt { elo0: 0.0, elo1: 3.0, alpha: 0.01, beta: 0.1 });
    assert_eq!(s.to_string(), "elo0=0,elo1=3,alpha=0.01,beta=0.1");
    assert_eq!(s.to_string().parse::<Sprt>(), Ok(s));
}

#[test]
fn each_bad_part_has_its_own_error() {
    let err = |text: &str| text.parse::<Sprt>().unwrap_err();
    assert_eq!(err("elo0=0,elo1"), SprtError::NotKeyValue { part: "elo1".into() });
    assert_eq!(err("elo0=0,elo1=10,gamma=1"), SprtError::UnknownKey { key: "gamma".into() });
    assert_eq!(err("elo0=0,elo0=1,elo1=10"), SprtError::DuplicateKey { key: "elo0" });
    assert_eq!(err("elo0=zero,elo1=10"), SprtError::NotANumber { key: "elo0", value: "zero".into() });
    assert_eq!(err("elo0=0,elo1=10,beta="), SprtError::NotANumber { key: "beta", value: "".into() });
    assert_eq!(err("elo1=10"), SprtError::Missing { key: "elo0" });
    assert_eq!(err(""), SprtError::Missing { key: "elo0" });
    assert_eq!(err("elo0=0,alpha=0.1"), SprtError::Missing { key: "elo1" });
    assert_eq!(err("elo0=inf,elo1=10"), SprtError::NotFinite { key: "elo0", value: f64::INFINITY });
    assert_eq!(err("elo0=5,elo1=5"), SprtError::Order { elo0: 5.0, elo1: 5.0 });
    assert_eq!(err("elo0=0,elo1=5,alpha=0.5"), SprtError::ErrorRate { key: "alpha", value: 0.5 });
    assert_eq!(err("elo0=0,elo1=5,beta=0"), SprtError::ErrorRate { key: "beta", value: 0.0 });
    let message = err("elo1=10").to_string();
    assert!(message.contains("needs elo0") && message.contains("elo0=0,elo1=10"), "{message}");
    let message = err("elo0=0,elo1=10,gamma=1").to_string();
    assert!(message.contains("\"gamma\"") && message.contains("alpha and beta"), "{message}");
}

#[test]
fn new_checks_its_arguments() {
    assert!(Sprt::new(-3.0, 3.0, 0.01, 0.49).is_ok());
    assert_eq!(Sprt::new(10.0, 0.0, 0.05, 0.05), Err(SprtError::Order { elo0: 10.0, elo1: 0.0 }));
    assert!(matches!(Sprt::new(f64::NAN, 1.0, 0.05, 0.05), Err(SprtError::NotFinite { key: "elo0", .. })));
    assert_eq!(
        Sprt::new(0.0, f64::NEG_INFINITY, 0.05, 0.05),
        Err(SprtError::NotFinite { key: "elo1", value: f64::NEG_INFINITY })
    );
    assert!(matches!(Sprt::new(0.0, 1.0, f64::NAN, 0.05), Err(SprtError::ErrorRate { key: "alpha", .. })));
    assert_eq!(Sprt::new(0.0, 1.0, -0.1, 0.05), Err(SprtError::ErrorRate { key: "alpha", value: -0.1 }));
    assert_eq!(Sprt::new(0.0, 1.0, 0.05, 0.7), Err(SprtError::ErrorRate { key: "beta", value: 0.7 }));
}

#[test]
fn no_decision_before_the_fewest_pairs() {
    // Six pairs, five of 1.5 points and one of 1 (a test of 2026-12-05):
    // the ratio is past the upper bound, yet too few pairs to decide.
    let s = sprt(0.0, 20.0);
    let few = PairTally { counts: [0, 0, 1, 5, 0] };
    let llr = s.llr_pairs(&few);
    assert!(llr > s.upper(), "{llr}");
    assert_eq!(s.decision_after(llr, few.pairs()), SprtDecision::Continue);
    assert_eq!(s.decision_after(llr, MIN_SPRT_PAIRS - 1), SprtDecision::Continue);
    // Five times as many pairs alike decide.
    let enough = PairTally { counts: [0, 0, 5, 25, 0] };
    let llr = s.llr_pairs(&enough);
    assert_eq!(s.decision_after(llr, enough.pairs()), SprtDecision::AcceptH1);
    assert_eq!(s.decision_after(s.lower(), MIN_SPRT_PAIRS), SprtDecision::AcceptH0);
}
