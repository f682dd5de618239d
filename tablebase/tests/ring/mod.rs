//! The toy game of the tier solver's tests: a token walking a ring, with
//! tokens to take, in tiers by the number of tokens left, and the
//! reflection of the ring as its symmetry.

use lapilli_game::{Canonicalize, Game, Outcome};
use lapilli_tablebase::{solve_in_memory, Silent, Tablebases, TierSpace};
use std::fmt;

/// A token walks a ring of `len` points, one step left or right a ply;
/// standing on a point at an even distance from point 0 (`takes_at`), the side to move may instead take one of the
/// `tokens` left; whoever must move with no tokens left has lost. The
/// reflection `at -> len - at` is a symmetry. Steps stay in the tier (the
/// token count), takes leave it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Ring {
    pub len: u8,
    pub tokens: u8,
    pub at: u8,
    pub second: bool,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Ply {
    Left,
    Right,
    Take,
}

impl fmt::Display for Ring {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "ring {} tokens {} at {} {}",
            self.len,
            self.tokens,
            self.at,
            if self.second { "second" } else { "first" }
        )
    }
}

impl Game for Ring {
    type Move = Ply;
    type Side = bool;
    type Moves = Vec<Ply>;
    fn side_to_move(&self) -> bool {
        self.second
    }
    fn outcome(&self) -> Option<Outcome> {
        (self.tokens == 0).then_some(Outcome::Loss)
    }
    fn legal_moves(&self, moves: &mut Vec<Ply>) {
        moves.clear();
        if self.tokens > 0 {
            moves.extend([Ply::Left, Ply::Right]);
            if takes_at(self.len, self.at) {
                moves.push(Ply::Take);
            }
        }
    }
    fn play_unchecked(&mut self, m: Ply) {
        match m {
            Ply::Left => self.at = (self.at + self.len - 1) % self.len,
            Ply::Right => self.at = (self.at + 1) % self.len,
            Ply::Take => self.tokens -= 1,
        }
        self.second = !self.second;
    }
    fn zobrist(&self) -> u64 {
        let x = u64::from(self.len) << 24
            | u64::from(self.tokens) << 16
            | u64::from(self.at) << 1
            | u64::from(self.second);
        x.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ x
    }
    fn is_irreversible(&self, m: Ply) -> bool {
        m == Ply::Take
    }
}

/// Whether a take is allowed at `at`: the distance to point 0 is even.
fn takes_at(len: u8, at: u8) -> bool {
    at.min(reflect(len, at)).is_multiple_of(2)
}

pub fn reflect(len: u8, at: u8) -> u8 {
    (len - at) % len
}

impl Canonicalize for Ring {
    fn canonicalize(&self) -> Ring {
        Ring { at: self.at.min(reflect(self.len, self.at)), ..*self }
    }
    fn orbit_len(&self) -> usize {
        if self.at == reflect(self.len, self.at) {
            1
        } else {
            2
        }
    }
}

/// Tiers: the token count, 1..=tokens (no tokens: finished).
pub struct Rings {
    pub len: u8,
    pub name: &'static str,
}

impl TierSpace for Rings {
    type Game = Ring;
    type Tier = u8;
    fn variant_name(&self) -> String {
        format!("{}-{}", self.name, self.len)
    }
    fn scheme(&self) -> String {
        "ring/1".into()
    }
    fn tier_name(&self, tier: u8) -> String {
        format!("t{tier}")
    }
    fn parse_tier(&self, name: &str) -> Option<u8> {
        name.strip_prefix('t')?.parse().ok().filter(|&t| t > 0)
    }
    fn tier_of(&self, pos: &Ring) -> Option<u8> {
        (pos.tokens > 0).then_some(pos.tokens)
    }
    fn size(&self, _tier: u8) -> u64 {
        // Canonical points 0..=len/2, two sides; an extra slack index.
        2 * (u64::from(self.len) / 2 + 1) + 1
    }
    fn index(&self, pos: &Ring) -> u64 {
        2 * u64::from(pos.canonicalize().at) + u64::from(pos.second)
    }
    fn position(&self, tier: u8, index: u64) -> Option<Ring> {
        let at = u8::try_from(index / 2).ok()?;
        (at <= self.len / 2 && index < self.size(tier)).then_some(Ring {
            len: self.len,
            tokens: tier,
            at,
            second: index % 2 == 1,
        })
    }
    fn dependencies(&self, tier: u8) -> Vec<u8> {
        if tier > 1 {
            vec![tier - 1]
        } else {
            vec![]
        }
    }
    fn has_internal_plies(&self, _tier: u8) -> bool {
        true
    }
    fn predecessors(&self, pos: &Ring, out: &mut Vec<Ring>) {
        for back in [1, self.len - 1] {
            out.push(Ring { at: (pos.at + back) % self.len, second: !pos.second, ..*pos });
        }
    }
    fn orbit_len(&self, pos: &Ring) -> u64 {
        Canonicalize::orbit_len(pos) as u64
    }
}

/// Every tier of `rings` up to `tokens`, solved in order in memory.
pub fn solve_all(rings: &Rings, tokens: u8) -> Tablebases<&Rings> {
    solve_in_memory(rings, &[tokens], &Silent).expect("dependencies solved")
}

pub fn all_positions(len: u8, tokens: u8) -> Vec<Ring> {
    let mut v = Vec::new();
    for t in 0..=tokens {
        for at in 0..len {
            for second in [false, true] {
                v.push(Ring { len, tokens: t, at, second });
            }
        }
    }
    v
}
