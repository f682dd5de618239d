//! Retrograde analysis of one tier by predecessor generation.

use super::build::Progress;
use super::chunk::{Chunk, TierChunk};
use super::table::{decode, encode, TierCounts, TierTable, DRAW, NONE};
use super::{TablebaseError, TierSpace};
use lapilli_game::alloc::{try_reserve, try_vec, AllocError};
use lapilli_game::Value;
use lapilli_game::{Game, MoveList, Outcome};
use rayon::prelude::*;
use std::sync::atomic::{AtomicU16, AtomicU8, Ordering::Relaxed};
use std::sync::Mutex;

/// Marks a position that can never be lost: a ply out of the tier wins or
/// draws for it.
const NEVER_LOST: u16 = u16::MAX;
/// Entries handled per parallel task.
const CHUNK: usize = 1 << 14;

/// The value of a finished position for its side to move.
pub(crate) fn terminal_value(outcome: Outcome) -> Value {
    match outcome {
        Outcome::Win => Value::Win(0),
        Outcome::Loss => Value::Loss(0),
        Outcome::Draw => Value::Draw,
    }
}

/// An index no tier has (tiers have fewer than `u32::MAX` indices): marks
/// an entry of a level list to drop.
const NO_INDEX: u32 = u32::MAX;

/// Level buckets: positions to resolve as wins or losses at each DTM. They
/// grow fallibly: a refusal is an [`AllocError`], not an abort.
#[derive(Default)]
struct Buckets {
    wins: Vec<Vec<u32>>,
    losses: Vec<Vec<u32>>,
}

impl Buckets {
    fn push(list: &mut Vec<Vec<u32>>, level: u32, index: u32) -> Result<(), AllocError> {
        let level = level as usize;
        if list.len() <= level {
            try_reserve(list, level + 1 - list.len())?;
            list.resize_with(level + 1, Vec::new);
        }
        let at = &mut list[level];
        try_reserve(at, 1)?;
        at.push(index);
        Ok(())
    }

    fn merge(&mut self, other: Buckets) -> Result<(), AllocError> {
        for (mine, theirs) in [(&mut self.wins, other.wins), (&mut self.losses, other.losses)] {
            if mine.len() < theirs.len() {
                try_reserve(mine, theirs.len() - mine.len())?;
                mine.resize_with(theirs.len(), Vec::new);
            }
            for (m, t) in mine.iter_mut().zip(theirs) {
                if m.is_empty() {
                    *m = t;
                } else {
                    try_reserve(m, t.len())?;
                    m.extend(t);
                }
            }
        }
        Ok(())
    }

    fn levels(&self) -> usize {
        self.wins.len().max(self.losses.len())
    }

    fn take(list: &mut [Vec<u32>], level: usize) -> Vec<u32> {
        list.get_mut(level).map(std::mem::take).unwrap_or_default()
    }
}

/// Solves `tier` of `space`: the value (WDL and DTM in plies) of every
/// index. Plies that leave the tier are valued by `outside` (the solved
/// dependencies; finished positions are valued by their outcome without
/// asking it).
///
/// The method: one parallel pass generates every entry's plies, counts its
/// distinct successor orbits inside the tier, and values the plies that
/// leave it (best win, any draw, slowest loss). Then positions are resolved
/// level by level in increasing DTM: a position with a successor lost at
/// `d` is won at `d + 1` (the first found is the fastest); a position whose
/// counter of unresolved successors reaches zero, every one won for the
/// opponent, is lost at one ply more than the slowest of them and of its
/// plies out of the tier. Resolved positions generate their predecessors
/// ([`TierSpace::predecessors`]), reduced to orbits and deduplicated, so
/// each (predecessor orbit, successor orbit) pair is counted once, as the
/// counters were. What is never resolved is a draw. Parallel with rayon
/// over each level; memory: 6 bytes per index plus the level lists, every
/// part allocated fallibly.
///
/// # Errors
/// [`TablebaseError::MissingDependency`] if a ply leaves the tier for a
/// position `outside` cannot value (a dependency not solved, or a broken
/// [`TierSpace::dependencies`]); [`TablebaseError::TierTooLarge`] for a tier
/// of 2^32 indices or more; [`TablebaseError::Cancelled`] when
/// [`Progress::cancelled`] says to stop (asked between passes and levels);
/// [`TablebaseError::OutOfMemory`] when the system refuses the memory of
/// a table or a level list (the size asked for is named).
pub fn solve_tier<S: TierSpace>(
    space: &S,
    tier: S::Tier,
    outside: &(dyn Fn(&S::Game) -> Option<Value> + Sync),
    progress: &dyn Progress,
) -> Result<TierTable, TablebaseError> {
    let first = first_pass(space, tier, 0..space.size(tier), outside, progress)?;
    resolve_tier(space, tier, first, progress)
}

/// The first pass of [`solve_tier`] over `chunk` of `tier` ([`Chunk::range`]
/// of its indices): each entry's plies generated and those leaving the
/// tier valued, the work that grows with the tier and needs only the
/// finished tiers below. The passes of a tier's chunks, joined in order
/// ([`TierChunk::append`]), are the first pass of the whole tier, which
/// [`resolve_tier`] finishes.
///
/// # Errors
/// [`TablebaseError::Chunk`] for a chunk whose number is not below its
/// count; as [`solve_tier`] otherwise.
pub fn solve_tier_chunk<S: TierSpace>(
    space: &S,
    tier: S::Tier,
    chunk: Chunk,
    outside: &(dyn Fn(&S::Game) -> Option<Value> + Sync),
    progress: &dyn Progress,
) -> Result<TierChunk, TablebaseError> {
    check_chunk(space, tier, chunk)?;
    first_pass(space, tier, chunk.range(space.size(tier)), outside, progress)
}

/// Whether `chunk` names a chunk: a number below the count.
///
/// # Errors
/// [`TablebaseError::Chunk`] saying why not.
pub(crate) fn check_chunk<S: TierSpace>(
    space: &S,
    tier: S::Tier,
    chunk: Chunk,
) -> Result<(), TablebaseError> {
    if chunk.of == 0 || chunk.index >= chunk.of {
        return Err(TablebaseError::Chunk {
            tier: space.tier_name(tier),
            chunk: format!("{}/{}", chunk.index + 1, chunk.of),
            what: format!("a tier split into {} chunks has no chunk {}", chunk.of, chunk.index + 1),
        });
    }
    Ok(())
}

/// The refusal of the memory of `part` of tier `name`.
fn refused<'a>(part: &'static str, name: &'a str) -> impl Fn(AllocError) -> TablebaseError + 'a {
    move |e: AllocError| TablebaseError::OutOfMemory {
        what: format!("the {part} of tier {name}"),
        bytes: e.bytes,
    }
}

/// The first pass over the indices `range` of `tier` (see [`solve_tier`]).
fn first_pass<S: TierSpace>(
    space: &S,
    tier: S::Tier,
    range: std::ops::Range<u64>,
    outside: &(dyn Fn(&S::Game) -> Option<Value> + Sync),
    progress: &dyn Progress,
) -> Result<TierChunk, TablebaseError> {
    let size = space.size(tier);
    if size >= u64::from(u32::MAX) {
        return Err(TablebaseError::TierTooLarge { tier: space.tier_name(tier), size });
    }
    let internal = space.has_internal_plies(tier);
    debug_assert!(range.end <= size, "a range beyond the tier");
    // Entries are numbered from the range's start: `start + i` is entry
    // `i`'s index in the tier.
    let start = range.start;
    let n = (range.end - range.start) as usize;
    let name = space.tier_name(tier);
    let mut candidates: Vec<u16> = try_vec(n, NONE).map_err(refused("value codes", &name))?;
    // Orbit sizes, 0 for unused indices (a group of at most 255 elements).
    let mut orbits: Vec<u8> = try_vec(n, 0).map_err(refused("orbit sizes", &name))?;
    let mut counters: Vec<u8> = try_vec(n, 0).map_err(refused("successor counters", &name))?;
    let mut floors: Vec<u16> = try_vec(n, 0).map_err(refused("loss floors", &name))?;
    let missing: Mutex<Option<String>> = Mutex::new(None);
    candidates
        .par_chunks_mut(CHUNK)
        .zip(orbits.par_chunks_mut(CHUNK))
        .zip(counters.par_chunks_mut(CHUNK))
        .zip(floors.par_chunks_mut(CHUNK))
        .enumerate()
        .for_each(|(c, (((candidate_chunk, orbit_chunk), counter_chunk), floor_chunk))| {
            if progress.cancelled() {
                return;
            }
            let mut moves = <S::Game as Game>::Moves::default();
            let mut inside: Vec<u64> = Vec::new();
            for (k, candidate) in candidate_chunk.iter_mut().enumerate() {
                let i = c * CHUNK + k;
                let Some(pos) = space.position(tier, start + i as u64) else { continue };
                orbit_chunk[k] =
                    u8::try_from(space.positions_at(&pos)).expect("at most 255 positions an index");
                if let Some(outcome) = pos.outcome() {
                    *candidate = encode(terminal_value(outcome));
                    continue;
                }
                let side = pos.side_to_move();
                pos.legal_moves(&mut moves);
                inside.clear();
                let (mut best_win, mut drawn, mut slowest_loss) = (None::<u32>, false, 0u32);
                for &m in moves.as_slice() {
                    let mut child = pos.clone();
                    child.play_unchecked(m);
                    let value = match child.outcome() {
                        Some(o) => terminal_value(o),
                        None if internal && space.tier_of(&child) == Some(tier) => {
                            debug_assert!(child.side_to_move() != side, "a ply inside a tier kept the side");
                            inside.push(space.index(&child));
                            continue;
                        }
                        None => match outside(&child) {
                            Some(v) => v,
                            None => {
                                missing
                                    .lock()
                                    .expect("no panics while held")
                                    .get_or_insert_with(|| format!("{child} (after {pos})"));
                                continue;
                            }
                        },
                    };
                    match value.before_ply(child.side_to_move() != side) {
                        Value::Win(d) => best_win = Some(best_win.map_or(d, |b| b.min(d))),
                        Value::Draw => drawn = true,
                        Value::Loss(d) => slowest_loss = slowest_loss.max(d),
                    }
                }
                inside.sort_unstable();
                inside.dedup();
                counter_chunk[k] =
                    u8::try_from(inside.len()).expect("at most 255 successor orbits inside a tier");
                floor_chunk[k] = if best_win.is_some() || drawn { NEVER_LOST } else { slowest_loss as u16 };
                *candidate = match best_win {
                    Some(d) => encode(Value::Win(d)),
                    None if inside.is_empty() && !drawn => encode(Value::Loss(slowest_loss)),
                    None => DRAW,
                };
            }
            progress.advance(candidate_chunk.len() as u64);
        });
    if let Some(position) = missing.into_inner().expect("no panics while held") {
        return Err(TablebaseError::MissingDependency { tier: name, position });
    }
    if progress.cancelled() {
        return Err(TablebaseError::Cancelled { tier: name });
    }
    if !internal {
        // Without plies inside the tier no counter nor floor is read.
        (counters, floors) = (Vec::new(), Vec::new());
    }
    Ok(TierChunk { start, internal, candidates, orbits, counters, floors })
}

/// Finishes [`solve_tier`] from the first pass of the whole of `tier`
/// (its chunks' passes joined in order, [`TierChunk::append`]): the
/// positions resolved level by level in increasing DTM, inside the tier,
/// and the counts.
///
/// # Errors
/// [`TablebaseError::Chunk`] when `first` is not the pass of the whole
/// tier (it starts elsewhere or has another length);
/// [`TablebaseError::Cancelled`] when [`Progress::cancelled`] says to
/// stop (asked between levels); [`TablebaseError::OutOfMemory`] when the
/// system refuses the memory of a level list.
pub fn resolve_tier<S: TierSpace>(
    space: &S,
    tier: S::Tier,
    first: TierChunk,
    progress: &dyn Progress,
) -> Result<TierTable, TablebaseError> {
    let name = space.tier_name(tier);
    let size = space.size(tier);
    if first.start != 0 || first.len() != size || first.internal != space.has_internal_plies(tier) {
        return Err(TablebaseError::Chunk {
            tier: name,
            chunk: format!("{}..{}", first.start, first.start + first.len()),
            what: format!("the first pass of the whole tier is its {size} indices from 0"),
        });
    }
    let TierChunk { internal, candidates, orbits, counters, floors, .. } = first;
    let lists = |e: AllocError| TablebaseError::OutOfMemory {
        what: format!("the level lists of tier {name}"),
        bytes: e.bytes,
    };
    // The candidates found by the first pass, in level buckets.
    let buckets = candidates
        .par_chunks(CHUNK)
        .enumerate()
        .map(|(c, chunk)| {
            let mut local = Buckets::default();
            for (k, &code) in chunk.iter().enumerate() {
                let i = (c * CHUNK + k) as u32;
                match decode(code) {
                    Some(Value::Win(d)) => Buckets::push(&mut local.wins, d, i)?,
                    Some(Value::Loss(d)) => Buckets::push(&mut local.losses, d, i)?,
                    _ => {}
                }
            }
            Ok(local)
        })
        .try_reduce(Buckets::default, |mut a, b| {
            a.merge(b)?;
            Ok(a)
        })
        .map_err(lists)?;
    // Every position unresolved (the codes take the candidates' place:
    // the standard library collects a vector's own iterator into the same
    // allocation when the layouts agree, as here and below).
    let codes: Vec<AtomicU16> =
        candidates.into_iter().map(|c| AtomicU16::new(if c == NONE { NONE } else { DRAW })).collect();
    let counters: Vec<AtomicU8> = counters.into_iter().map(AtomicU8::new).collect();

    // Pass 2: level by level.
    let mut buckets = buckets;
    let mut level = 0;
    while level < buckets.levels() {
        if progress.cancelled() {
            return Err(TablebaseError::Cancelled { tier: name });
        }
        let d = level as u32;
        let win_code = encode(Value::Win(d));
        let loss_code = encode(Value::Loss(d));
        // The positions of `list` still unresolved, now resolved with
        // `code`: filtered in place, so no second list is allocated.
        let claim = |mut list: Vec<u32>, code: u16| -> Vec<u32> {
            list.par_iter_mut().for_each(|i| {
                if codes[*i as usize].compare_exchange(DRAW, code, Relaxed, Relaxed).is_err() {
                    *i = NO_INDEX;
                }
            });
            list.retain(|&i| i != NO_INDEX);
            list
        };
        let won = claim(Buckets::take(&mut buckets.wins, level), win_code);
        let lost = claim(Buckets::take(&mut buckets.losses, level), loss_code);
        if internal {
            let next = |list: &[u32], lost_here: bool| -> Result<Buckets, AllocError> {
                list.par_chunks(1024)
                    .map(|chunk| {
                        let mut local = Buckets::default();
                        let mut preds = Vec::new();
                        let mut indices: Vec<u64> = Vec::new();
                        for &i in chunk {
                            let pos =
                                space.position(tier, u64::from(i)).expect("a resolved index has a position");
                            preds.clear();
                            space.predecessors(&pos, &mut preds);
                            indices.clear();
                            indices.extend(preds.iter().map(|p| space.index(p)));
                            indices.sort_unstable();
                            indices.dedup();
                            for &p in &indices {
                                let p = p as usize;
                                if codes[p].load(Relaxed) != DRAW {
                                    continue;
                                }
                                if lost_here {
                                    Buckets::push(&mut local.wins, d + 1, p as u32)?;
                                } else if counters[p].fetch_sub(1, Relaxed) == 1 && floors[p] != NEVER_LOST {
                                    Buckets::push(
                                        &mut local.losses,
                                        (d + 1).max(u32::from(floors[p])),
                                        p as u32,
                                    )?;
                                }
                            }
                        }
                        Ok(local)
                    })
                    .try_reduce(Buckets::default, |mut a, b| {
                        a.merge(b)?;
                        Ok(a)
                    })
            };
            let from_lost = next(&lost, true).map_err(lists)?;
            let from_won = next(&won, false).map_err(lists)?;
            buckets.merge(from_lost).map_err(lists)?;
            buckets.merge(from_won).map_err(lists)?;
        }
        level += 1;
    }

    // Pass 3: counts in positions.
    let codes: Vec<u16> = codes.into_iter().map(AtomicU16::into_inner).collect();
    let counts = counts_of(&codes, &orbits, 0);
    Ok(TierTable { codes, counts })
}

/// The counts of the entries `codes` with their orbit sizes, the first at
/// index `start` of its tier.
pub(crate) fn counts_of(codes: &[u16], orbits: &[u8], start: u64) -> TierCounts {
    codes
        .par_chunks(CHUNK)
        .enumerate()
        .map(|(c, chunk)| {
            let mut counts = TierCounts::default();
            for (k, &code) in chunk.iter().enumerate() {
                let i = c * CHUNK + k;
                count_entry(&mut counts, start + i as u64, decode(code), u64::from(orbits[i]));
            }
            counts
        })
        .reduce(TierCounts::default, merge_counts)
}

/// Counts into `counts` the entry at `index` holding `value` (`None`: an
/// unused index), whose position's orbit has `orbit` members: a class and
/// its positions by value, and the longest DTM with its first example.
pub(crate) fn count_entry(counts: &mut TierCounts, index: u64, value: Option<Value>, orbit: u64) {
    let Some(value) = value else {
        counts.unused += 1;
        return;
    };
    match value {
        Value::Win(_) => (counts.win_classes += 1, counts.win += orbit),
        Value::Loss(_) => (counts.loss_classes += 1, counts.loss += orbit),
        Value::Draw => (counts.draw_classes += 1, counts.draw += orbit),
    };
    if let Some(dtm) = value.plies() {
        if counts.example.is_none() || dtm > counts.max_dtm {
            counts.max_dtm = dtm;
            counts.example = Some(index);
        }
    }
}

/// Adds two tiers' counts (the example of the longer DTM, the earlier index
/// on a tie).
pub(crate) fn merge_counts(a: TierCounts, b: TierCounts) -> TierCounts {
    let (max_dtm, example) = match (a.example, b.example) {
        (None, _) => (b.max_dtm, b.example),
        (_, None) => (a.max_dtm, a.example),
        (Some(x), Some(y)) => {
            if b.max_dtm > a.max_dtm || (b.max_dtm == a.max_dtm && y < x) {
                (b.max_dtm, b.example)
            } else {
                (a.max_dtm, a.example)
            }
        }
    };
    TierCounts {
        win_classes: a.win_classes + b.win_classes,
        loss_classes: a.loss_classes + b.loss_classes,
        draw_classes: a.draw_classes + b.draw_classes,
        unused: a.unused + b.unused,
        win: a.win + b.win,
        loss: a.loss + b.loss,
        draw: a.draw + b.draw,
        max_dtm,
        example,
    }
}
