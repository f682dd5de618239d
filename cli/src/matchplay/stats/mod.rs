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

/// The result of one game, from the first engine's point of view (not a
/// position's outcome by the rules, `lapilli_game::Outcome`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum WinDrawLoss {
    /// The first engine won.
    Win,
    /// The game was drawn.
    Draw,
    /// The first engine lost.
    Loss,
}

impl WinDrawLoss {
    /// The first engine's points for the game: 1, 1/2 or 0.
    #[cfg(test)]
    pub fn points(self) -> f64 {
        f64::from(self.half_points()) / 2.0
    }

    /// The same result from the other engine's point of view.
    #[cfg(test)]
    pub fn opposite(self) -> WinDrawLoss {
        match self {
            WinDrawLoss::Win => WinDrawLoss::Loss,
            WinDrawLoss::Draw => WinDrawLoss::Draw,
            WinDrawLoss::Loss => WinDrawLoss::Win,
        }
    }

    /// The first engine's points in half points: 2, 1 or 0.
    fn half_points(self) -> u8 {
        match self {
            WinDrawLoss::Win => 2,
            WinDrawLoss::Draw => 1,
            WinDrawLoss::Loss => 0,
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
    pub fn add(&mut self, score: WinDrawLoss) {
        let count = match score {
            WinDrawLoss::Win => &mut self.wins,
            WinDrawLoss::Draw => &mut self.draws,
            WinDrawLoss::Loss => &mut self.losses,
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
    pub fn add(&mut self, a: WinDrawLoss, b: WinDrawLoss) {
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

/// The fewest pairs of games after which an SPRT decides
/// ([`Sprt::decision_after`]): 30 pairs, 60 games.
pub const MIN_SPRT_PAIRS: u32 = 30;

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

    /// What to do at log-likelihood ratio `llr` after `pairs` pairs:
    /// [`Sprt::decision`] once at least [`MIN_SPRT_PAIRS`] pairs are in,
    /// continue before. The GSPRT's normal approximation with a spread
    /// estimated from a handful of pairs can cross a bound by chance: a
    /// test of a search change (`docs/design.md`) stood at 3.80 after 6
    /// pairs, five of 1.5 points and one of 1.
    pub fn decision_after(&self, llr: f64, pairs: u32) -> SprtDecision {
        if pairs < MIN_SPRT_PAIRS {
            SprtDecision::Continue
        } else {
            self.decision(llr)
        }
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
mod tests;
