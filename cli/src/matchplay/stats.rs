//! Statistics of an engine match: the Elo difference with a 95% confidence
//! interval, and a sequential probability ratio test (SPRT) that says when a
//! match has played enough games to decide between two hypotheses.
//!
//! # Two models of a match
//!
//! **Trinomial** ([`Tally`]): every game is an independent trial with three
//! outcomes, a win (score 1), a draw (1/2) or a loss (0) for the first
//! engine. The match score is the mean game score, and its variance is
//! estimated from the spread of the game scores.
//!
//! **Pentanomial** ([`PairTally`]): the match plays every opening twice, once
//! with each engine on each colour, and a *pair* of such games is the
//! independent trial. A pair gives the first engine 0, 1/2, 1, 3/2 or 2
//! points, so its score (points / 2) takes five values. The two games of a
//! pair share an opening, so their results are correlated: when an opening
//! favours one colour, the engine that wins it with the favoured colour
//! tends to lose it with the other, and the pair's results compensate. The
//! trinomial model ignores that correlation and misstates the variance of
//! the match score: it overstates it when the results of a pair compensate
//! (the usual case with unbalanced openings), which gives intervals that are
//! too wide and tests that run too long, and understates it when they agree
//! (an interval too narrow, a test that stops too early). The pentanomial
//! model measures the variance of the pair scores directly and is right in
//! both cases, so it is preferred whenever the games come in colour-reversed
//! pairs. Both models give the same score (and Elo) for the same games; only
//! the variance differs.
//!
//! # Elo
//!
//! An Elo difference is the logistic one on the 400-point scale: a score `s`
//! corresponds to `-400 log10(1/s - 1)` Elo ([`elo_of_score`]) and the
//! inverse is [`score_of_elo`]. The 95% interval is the normal one on the
//! score, `mean ± 1.96 sigma / sqrt(N)` with `sigma` the standard deviation
//! of the `N` game (or pair) scores, clamped to `[0, 1]` and mapped to Elo;
//! a score of 0 or 1 maps to `-inf` or `+inf`.
//!
//! # SPRT
//!
//! [`Sprt`] tests `H0: elo = elo0` against `H1: elo = elo1` with the
//! generalised SPRT (GSPRT) approximation used by engine-testing frameworks:
//! M. Van den Bergh, "A practical introduction to the GSPRT" (also circulated
//! as "GSPRT approximation"), and Fishtest's `server/fishtest/stats/LLRcalc.py`.
//! With `N` samples (games or pairs) of mean score `x` and variance `var`, and
//! `s0`, `s1` the scores of `elo0`, `elo1`, the log-likelihood ratio is
//!
//! ```text
//! LLR ≈ N (s1 - s0) (2x - s0 - s1) / (2 var)
//! ```
//!
//! The test continues while `ln(beta / (1 - alpha)) < LLR < ln((1 - beta) /
//! alpha)` (Wald's bounds), accepts H0 at the lower bound and H1 at the upper
//! one.

use serde::{Serialize, Serializer};
use std::fmt;
use std::str::FromStr;

/// The two-sided 95% quantile of the standard normal distribution (the
/// "1.96" of a 95% interval).
pub const Z95: f64 = 1.959_963_984_540_054;

/// The count given to an outcome that did not occur when computing the
/// SPRT's log-likelihood ratio, as Fishtest does (`LLRcalc.regularize`).
///
/// Without it, a tally with a single kind of outcome (all draws, say) has
/// zero variance and the LLR divides by zero; with it, the variance is small
/// but positive and the LLR is large but finite. It changes nothing when
/// every outcome has occurred at least once.
pub const REGULARISATION: f64 = 1e-3;

/// The syntax of an SPRT specification, for error messages.
const SPRT_SYNTAX: &str = "write it as elo0=<elo>,elo1=<elo>[,alpha=<p>][,beta=<p>], e.g. elo0=0,elo1=10";

/// The result of one game, from the first engine's point of view.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum Outcome {
    /// The first engine won.
    Win,
    /// The game was drawn.
    Draw,
    /// The first engine lost.
    Loss,
}

impl Outcome {
    /// The first engine's points for the game: 1, 1/2 or 0.
    #[cfg(test)]
    pub fn points(self) -> f64 {
        f64::from(self.half_points()) / 2.0
    }

    /// The same result from the other engine's point of view.
    #[cfg(test)]
    pub fn opposite(self) -> Outcome {
        match self {
            Outcome::Win => Outcome::Loss,
            Outcome::Draw => Outcome::Draw,
            Outcome::Loss => Outcome::Win,
        }
    }

    /// The first engine's points in half points: 2, 1 or 0.
    fn half_points(self) -> u8 {
        match self {
            Outcome::Win => 2,
            Outcome::Draw => 1,
            Outcome::Loss => 0,
        }
    }
}

/// Game results from the first engine's point of view (the trinomial
/// model: games are independent).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Tally {
    /// Games the first engine won.
    pub wins: u32,
    /// Games drawn.
    pub draws: u32,
    /// Games the first engine lost.
    pub losses: u32,
}

/// The game scores of a [`Tally`]'s buckets, in field order.
const GAME_SCORES: [f64; 3] = [1.0, 0.5, 0.0];

impl Tally {
    /// Counts one game.
    pub fn add(&mut self, score: Outcome) {
        let count = match score {
            Outcome::Win => &mut self.wins,
            Outcome::Draw => &mut self.draws,
            Outcome::Loss => &mut self.losses,
        };
        *count = count.saturating_add(1);
    }

    /// The number of games.
    pub fn games(&self) -> u32 {
        self.wins.saturating_add(self.draws).saturating_add(self.losses)
    }

    /// The first engine's points: a win is 1, a draw 1/2.
    pub fn points(&self) -> f64 {
        f64::from(self.wins) + f64::from(self.draws) / 2.0
    }

    /// The first engine's mean score per game, in `[0, 1]`; `None` with no
    /// games.
    pub fn score(&self) -> Option<f64> {
        let games = self.games();
        (games > 0).then(|| self.points() / f64::from(games))
    }

    /// The Elo difference and its 95% interval under the trinomial model;
    /// `None` with no games.
    pub fn elo(&self) -> Option<EloEstimate> {
        EloEstimate::from_counts(&GAME_SCORES, &self.counts())
    }

    /// The counts in the order of [`GAME_SCORES`].
    fn counts(&self) -> [f64; 3] {
        [f64::from(self.wins), f64::from(self.draws), f64::from(self.losses)]
    }
}

/// Results of game pairs (one opening played with both colours), by the
/// first engine's points in the pair: `counts[0]` = 0 points, `[1]` = 1/2,
/// `[2]` = 1, `[3]` = 3/2, `[4]` = 2 (the pentanomial model: pairs are
/// independent, the two games of a pair need not be).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct PairTally {
    /// Pairs by the first engine's points in half points (index = half
    /// points).
    pub counts: [u32; 5],
}

/// The pair scores (points / 2) of a [`PairTally`]'s buckets.
const PAIR_SCORES: [f64; 5] = [0.0, 0.25, 0.5, 0.75, 1.0];

impl PairTally {
    /// Counts one pair, given the first engine's results in its two games
    /// (in either order).
    pub fn add(&mut self, a: Outcome, b: Outcome) {
        let count = &mut self.counts[usize::from(a.half_points() + b.half_points())];
        *count = count.saturating_add(1);
    }

    /// The number of pairs.
    pub fn pairs(&self) -> u32 {
        self.counts.iter().fold(0u32, |sum, &c| sum.saturating_add(c))
    }

    /// The number of games (two per pair).
    #[cfg(test)]
    pub fn games(&self) -> u32 {
        self.pairs().saturating_mul(2)
    }

    /// The first engine's points over all pairs.
    #[cfg(test)]
    pub fn points(&self) -> f64 {
        self.counts.iter().enumerate().map(|(half, &c)| f64::from(c) * half as f64 / 2.0).sum()
    }

    /// The first engine's mean score per game, in `[0, 1]`; `None` with no
    /// pairs.
    #[cfg(test)]
    pub fn score(&self) -> Option<f64> {
        let games = self.games();
        (games > 0).then(|| self.points() / f64::from(games))
    }

    /// The Elo difference and its 95% interval under the pentanomial model
    /// (from the variance of the pair scores); `None` with no pairs.
    pub fn elo(&self) -> Option<EloEstimate> {
        EloEstimate::from_counts(&PAIR_SCORES, &self.float_counts())
    }

    /// The counts as floating-point numbers.
    fn float_counts(&self) -> [f64; 5] {
        self.counts.map(f64::from)
    }
}

/// The number, mean and (maximum-likelihood) variance of samples taking the
/// value `values[i]` `counts[i]` times. The number is 0 with no samples.
fn moments<const K: usize>(values: &[f64; K], counts: &[f64; K]) -> (f64, f64, f64) {
    let n: f64 = counts.iter().sum();
    if n <= 0.0 {
        return (0.0, 0.0, 0.0);
    }
    let mean = values.iter().zip(counts).map(|(v, c)| v * c).sum::<f64>() / n;
    let var = values.iter().zip(counts).map(|(v, c)| c * (v - mean) * (v - mean)).sum::<f64>() / n;
    (n, mean, var)
}

/// An Elo difference (logistic, 400-point scale) and its 95% confidence
/// interval, from the first engine's point of view.
///
/// `elo`, `low` and `high` are infinite when the score (or the interval's
/// end) is 0 or 1; they serialise as JSON `null` then, and print as `+inf` or
/// `-inf`.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct EloEstimate {
    /// The mean score per game, in `[0, 1]`.
    pub score: f64,
    /// The Elo difference of the score.
    #[serde(serialize_with = "finite_or_null")]
    pub elo: f64,
    /// The lower end of the 95% interval, in Elo.
    #[serde(serialize_with = "finite_or_null")]
    pub low: f64,
    /// The upper end of the 95% interval, in Elo.
    #[serde(serialize_with = "finite_or_null")]
    pub high: f64,
}

impl EloEstimate {
    /// The estimate from samples of value `values[i]` seen `counts[i]` times:
    /// the interval is `mean ± Z95 sigma / sqrt(N)` clamped to `[0, 1]`.
    /// `None` with no samples.
    fn from_counts<const K: usize>(values: &[f64; K], counts: &[f64; K]) -> Option<EloEstimate> {
        let (n, mean, var) = moments(values, counts);
        if n <= 0.0 {
            return None;
        }
        let half = Z95 * (var / n).sqrt();
        Some(EloEstimate {
            score: mean,
            elo: elo_of_score(mean),
            low: elo_of_score((mean - half).clamp(0.0, 1.0)),
            high: elo_of_score((mean + half).clamp(0.0, 1.0)),
        })
    }
}

/// Serialises a finite number as itself and a non-finite one as `None`
/// (JSON `null`).
fn finite_or_null<S: Serializer>(x: &f64, s: S) -> Result<S::Ok, S::Error> {
    if x.is_finite() {
        s.serialize_f64(*x)
    } else {
        s.serialize_none()
    }
}

/// An Elo difference rounded to a whole number with its sign: `+12`, `-96`,
/// `0`, `+inf`, `-inf`.
fn signed_elo(x: f64) -> String {
    if x == f64::INFINITY {
        "+inf".to_string()
    } else if x == f64::NEG_INFINITY {
        "-inf".to_string()
    } else if x.is_nan() {
        "nan".to_string()
    } else if x.round() == 0.0 {
        "0".to_string()
    } else {
        format!("{x:+.0}")
    }
}

impl fmt::Display for EloEstimate {
    /// E.g. `-191 (95% interval -323 to -96)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} (95% interval {} to {})",
            signed_elo(self.elo),
            signed_elo(self.low),
            signed_elo(self.high)
        )
    }
}

/// The logistic Elo difference of a score in `[0, 1]`: `-400 log10(1/s -
/// 1)`; `-inf` at 0 (and below), `+inf` at 1 (and above), NaN for NaN.
pub fn elo_of_score(score: f64) -> f64 {
    if score <= 0.0 {
        f64::NEG_INFINITY
    } else if score >= 1.0 {
        f64::INFINITY
    } else {
        -400.0 * (1.0 / score - 1.0).log10()
    }
}

/// The expected score of a logistic Elo difference: `1 / (1 + 10^(-elo /
/// 400))`; 0 at `-inf`, 1 at `+inf`.
pub fn score_of_elo(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

/// A sequential probability ratio test of `H0: elo = elo0` against `H1: elo
/// = elo1` (logistic Elo), with error rates `alpha` (false acceptance of H1)
/// and `beta` (false acceptance of H0).
///
/// The log-likelihood ratio is the GSPRT approximation of M. Van den Bergh
/// ("A practical introduction to the GSPRT"), as computed by Fishtest
/// (`LLRcalc.LLR_logistic`), with outcomes that did not occur counted as
/// [`REGULARISATION`]. The ratio is 0 (the test goes on) until at least two
/// kinds of result have occurred, as cutechess waits for wins, draws and
/// losses: one kind alone gives no estimate of the spread, and a single 2-0
/// pair would otherwise end a test. Written and parsed as
/// `elo0=0,elo1=10,alpha=0.05,beta=0.05`.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Sprt {
    /// The Elo difference of the null hypothesis.
    pub elo0: f64,
    /// The Elo difference of the alternative hypothesis (above `elo0`).
    pub elo1: f64,
    /// The probability of accepting H1 when H0 holds, in `(0, 0.5)`.
    pub alpha: f64,
    /// The probability of accepting H0 when H1 holds, in `(0, 0.5)`.
    pub beta: f64,
}

/// The error rates a test gets when its specification leaves them out.
const DEFAULT_ERROR_RATE: f64 = 0.05;

impl Sprt {
    /// A test of `elo0` against `elo1` with error rates `alpha` and `beta`.
    ///
    /// # Errors
    ///
    /// [`SprtError::NotFinite`] for an Elo that is not a finite number,
    /// [`SprtError::Order`] unless `elo0 < elo1`, and
    /// [`SprtError::ErrorRate`] for an `alpha` or `beta` not strictly between
    /// 0 and 0.5.
    pub fn new(elo0: f64, elo1: f64, alpha: f64, beta: f64) -> Result<Sprt, SprtError> {
        for (key, value) in [("elo0", elo0), ("elo1", elo1)] {
            if !value.is_finite() {
                return Err(SprtError::NotFinite { key, value });
            }
        }
        if elo0 >= elo1 {
            return Err(SprtError::Order { elo0, elo1 });
        }
        for (key, value) in [("alpha", alpha), ("beta", beta)] {
            if !(value > 0.0 && value < 0.5) {
                return Err(SprtError::ErrorRate { key, value });
            }
        }
        Ok(Sprt { elo0, elo1, alpha, beta })
    }

    /// The lower bound of the log-likelihood ratio, `ln(beta / (1 -
    /// alpha))`: at or below it the test accepts H0.
    pub fn lower(&self) -> f64 {
        (self.beta / (1.0 - self.alpha)).ln()
    }

    /// The upper bound of the log-likelihood ratio, `ln((1 - beta) /
    /// alpha)`: at or above it the test accepts H1.
    pub fn upper(&self) -> f64 {
        ((1.0 - self.beta) / self.alpha).ln()
    }

    /// The log-likelihood ratio of H1 against H0 for the games of `t`
    /// (trinomial model); 0 until two kinds of result have occurred, never NaN.
    #[cfg(test)]
    pub fn llr(&self, t: &Tally) -> f64 {
        self.gsprt(&GAME_SCORES, &t.counts())
    }

    /// The log-likelihood ratio of H1 against H0 for the pairs of `p`
    /// (pentanomial model, per-pair score = points / 2); 0 until two kinds of
    /// pair result have occurred,
    /// never NaN.
    pub fn llr_pairs(&self, p: &PairTally) -> f64 {
        self.gsprt(&PAIR_SCORES, &p.float_counts())
    }

    /// What to do at log-likelihood ratio `llr`: accept H0 at or below
    /// [`Sprt::lower`], accept H1 at or above [`Sprt::upper`], continue in
    /// between (and for NaN).
    pub fn decision(&self, llr: f64) -> SprtDecision {
        if llr >= self.upper() {
            SprtDecision::AcceptH1
        } else if llr <= self.lower() {
            SprtDecision::AcceptH0
        } else {
            SprtDecision::Continue
        }
    }

    /// The GSPRT log-likelihood ratio `N (s1 - s0) (2 mean - s0 - s1) / (2
    /// var)` of samples of value `values[i]` seen `counts[i]` times, with
    /// zero counts regularised.
    fn gsprt<const K: usize>(&self, values: &[f64; K], counts: &[f64; K]) -> f64 {
        // One kind of result alone says nothing about the spread: the
        // regularised variance would be tiny and one 2-0 pair would decide
        // the test. Like cutechess, which waits for wins, draws and losses,
        // wait for a second kind of result.
        if counts.iter().filter(|&&c| c > 0.0).count() < 2 {
            return 0.0;
        }
        let regularised = counts.map(|c| if c <= 0.0 { REGULARISATION } else { c });
        let (n, mean, var) = moments(values, &regularised);
        let (s0, s1) = (score_of_elo(self.elo0), score_of_elo(self.elo1));
        n * (s1 - s0) * (2.0 * mean - s0 - s1) / (2.0 * var)
    }
}

impl fmt::Display for Sprt {
    /// `elo0=0,elo1=10,alpha=0.05,beta=0.05`, which [`Sprt::from_str`] reads
    /// back to the same test.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "elo0={},elo1={},alpha={},beta={}", self.elo0, self.elo1, self.alpha, self.beta)
    }
}

impl FromStr for Sprt {
    type Err = SprtError;

    /// Reads `elo0=0,elo1=10,alpha=0.05,beta=0.05`: comma-separated
    /// `key=value` parts in any order, spaces around them allowed; `alpha`
    /// and `beta` default to 0.05. The result is checked as by [`Sprt::new`].
    fn from_str(s: &str) -> Result<Sprt, SprtError> {
        let mut values: [Option<f64>; 4] = [None; 4];
        const KEYS: [&str; 4] = ["elo0", "elo1", "alpha", "beta"];
        for part in s.split(',').map(str::trim).filter(|p| !p.is_empty()) {
            let Some((key, value)) = part.split_once('=') else {
                return Err(SprtError::NotKeyValue { part: part.to_string() });
            };
            let (key, value) = (key.trim(), value.trim());
            let Some(index) = KEYS.iter().position(|&k| k == key) else {
                return Err(SprtError::UnknownKey { key: key.to_string() });
            };
            let key = KEYS[index];
            if values[index].is_some() {
                return Err(SprtError::DuplicateKey { key });
            }
            let number =
                value.parse::<f64>().map_err(|_| SprtError::NotANumber { key, value: value.to_string() })?;
            values[index] = Some(number);
        }
        let [elo0, elo1, alpha, beta] = values;
        let elo0 = elo0.ok_or(SprtError::Missing { key: "elo0" })?;
        let elo1 = elo1.ok_or(SprtError::Missing { key: "elo1" })?;
        Sprt::new(elo0, elo1, alpha.unwrap_or(DEFAULT_ERROR_RATE), beta.unwrap_or(DEFAULT_ERROR_RATE))
    }
}

/// What a sequential probability ratio test says after some games.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum SprtDecision {
    /// The evidence is not yet enough: play on.
    Continue,
    /// Accept H0 (`elo = elo0`).
    AcceptH0,
    /// Accept H1 (`elo = elo1`).
    AcceptH1,
}

/// A bad SPRT specification, from [`Sprt::new`] or [`Sprt::from_str`].
#[derive(Debug, thiserror::Error, PartialEq)]
pub enum SprtError {
    /// A part of the text is not `key=value`.
    #[error("SPRT part {part:?} is not key=value: {}", SPRT_SYNTAX)]
    NotKeyValue {
        /// The part as written.
        part: String,
    },
    /// A key other than `elo0`, `elo1`, `alpha` and `beta`.
    #[error("unknown SPRT key {key:?}: the keys are elo0, elo1, alpha and beta; {}", SPRT_SYNTAX)]
    UnknownKey {
        /// The key as written.
        key: String,
    },
    /// A key given more than once.
    #[error("SPRT key {key} is given twice: give each of elo0, elo1, alpha and beta at most once")]
    DuplicateKey {
        /// The key.
        key: &'static str,
    },
    /// A value that is not a number.
    #[error("SPRT {key}={value:?} is not a number: write a decimal number such as 0, 10 or 0.05")]
    NotANumber {
        /// The key.
        key: &'static str,
        /// The value as written.
        value: String,
    },
    /// `elo0` or `elo1` left out.
    #[error("the SPRT needs {key}: {}", SPRT_SYNTAX)]
    Missing {
        /// The missing key.
        key: &'static str,
    },
    /// An Elo that is infinite or NaN.
    #[error("SPRT {key}={value} is not a finite Elo difference: give a finite number such as 0 or 10")]
    NotFinite {
        /// `elo0` or `elo1`.
        key: &'static str,
        /// The value.
        value: f64,
    },
    /// `elo0` not below `elo1`.
    #[error(
        "SPRT elo0={elo0} must be below elo1={elo1}: H0 (elo0) is the Elo to reject and H1 (elo1) the \
         larger one to detect, e.g. elo0=0,elo1=10"
    )]
    Order {
        /// The null hypothesis's Elo.
        elo0: f64,
        /// The alternative hypothesis's Elo.
        elo1: f64,
    },
    /// An error rate not strictly between 0 and 0.5.
    #[error("SPRT {key}={value} is out of range: an error rate lies strictly between 0 and 0.5, e.g. 0.05")]
    ErrorRate {
        /// `alpha` or `beta`.
        key: &'static str,
        /// The value.
        value: f64,
    },
}

#[cfg(test)]
mod tests {
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
        for o in [Outcome::Win, Outcome::Draw, Outcome::Draw, Outcome::Loss, Outcome::Win] {
            t.add(o);
        }
        assert_eq!(t, tally(2, 2, 1));
        assert_eq!(t.points(), 3.0);
        assert_eq!(Outcome::Win.opposite(), Outcome::Loss);
        assert_eq!(Outcome::Draw.points(), 0.5);
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
    fn play(pairs: &mut PairTally, games: &mut Tally, n: u32, a: Outcome, b: Outcome) {
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
        p.add(Outcome::Loss, Outcome::Loss);
        p.add(Outcome::Draw, Outcome::Loss);
        p.add(Outcome::Win, Outcome::Loss);
        p.add(Outcome::Draw, Outcome::Draw);
        p.add(Outcome::Draw, Outcome::Win);
        p.add(Outcome::Win, Outcome::Win);
        assert_eq!(p.counts, [1, 1, 2, 1, 1]);
        assert_eq!(p.pairs(), 6);
        assert_eq!(p.games(), 12);
        assert_eq!(p.points(), 6.0);
        assert_eq!(p.score(), Some(0.5));
        assert_eq!(PairTally::default().elo(), None);
    }

    #[test]
    fn pentanomial_is_narrower_when_openings_favour_a_colour() {
        use Outcome::{Draw, Loss, Win};
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
        use Outcome::{Draw, Loss, Win};
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
        use Outcome::{Draw, Loss, Win};
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
        assert!(matches!(
            Sprt::new(f64::NAN, 1.0, 0.05, 0.05),
            Err(SprtError::NotFinite { key: "elo0", .. })
        ));
        assert_eq!(
            Sprt::new(0.0, f64::NEG_INFINITY, 0.05, 0.05),
            Err(SprtError::NotFinite { key: "elo1", value: f64::NEG_INFINITY })
        );
        assert!(matches!(
            Sprt::new(0.0, 1.0, f64::NAN, 0.05),
            Err(SprtError::ErrorRate { key: "alpha", .. })
        ));
        assert_eq!(Sprt::new(0.0, 1.0, -0.1, 0.05), Err(SprtError::ErrorRate { key: "alpha", value: -0.1 }));
        assert_eq!(Sprt::new(0.0, 1.0, 0.05, 0.7), Err(SprtError::ErrorRate { key: "beta", value: 0.7 }));
    }
}
