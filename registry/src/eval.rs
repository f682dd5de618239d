//! A static evaluation taken apart: the patterns that score and their
//! points, as plain data for front ends (the web page's breakdown).

/// One pattern of an evaluation that scores, e.g. a line with two of the
/// side's pieces and an empty point.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EvalTerm {
    /// The points of the pattern, by index (a line's points in order).
    pub points: Vec<usize>,
    /// The evaluated side's pieces on it.
    pub own: u8,
    /// The opponent's pieces on it.
    pub opponent: u8,
    /// What it is, in a word or two: `win`, `loss`, `threat`,
    /// `potential`, `opponent threat`, `opponent potential`.
    pub kind: &'static str,
    /// Its points for the evaluated side (negative for the opponent's).
    pub score: i32,
}

/// An evaluation term by term.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct EvalBreakdown {
    /// The patterns that score, in the order the evaluation visits them.
    pub terms: Vec<EvalTerm>,
    /// The evaluation, for the side to move: the terms' sum, or a won
    /// or lost line's score alone.
    pub total: i32,
}
