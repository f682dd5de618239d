//! Chunked tiers on Six Men's Morris: the first passes of a tier's
//! chunks, solved apart and joined, finish into its table; a chunk beyond
//! the count or a pass of part of a tier is refused; chunk files put
//! together give the file of the tier solved whole, a damaged chunk file
//! is solved again, and the chunk files are removed once the tier's file
//! is written.

use lapilli_morris::tablebase::{MorrisTiers, Tier};
use lapilli_morris::{Rules, Variant};
use lapilli_tablebase::{build, build_chunk, build_tier, resolve_tier, solve_in_memory, solve_tier_chunk};
use lapilli_tablebase::{BuildOptions, Chunk, Silent, TablebaseError, TierChunk, TierCounts, TierSpace};

mod temp;
use temp::TempDir;

fn six() -> MorrisTiers {
    MorrisTiers::new(Rules::new(Variant::SixMensMorris)).unwrap()
}

fn tier(name: &str) -> Tier {
    six().parse_tier(name).unwrap()
}

#[test]
fn the_chunks_of_every_tier_joined_and_finished_are_its_table() {
    let space = six();
    let tiers = space.game_tiers();
    let tables = solve_in_memory(six(), &tiers, &Silent).unwrap();
    let outside = |p: &lapilli_morris::Position| tables.probe(p);
    let mut movement = 0;
    for &t in &tiers {
        let name = space.tier_name(t);
        let whole = tables.table(t).unwrap();
        for of in [2, 7] {
            let mut joined: Option<TierChunk> = None;
            let mut counts: Vec<TierCounts> = Vec::new();
            for chunk in Chunk::all(of) {
                let part = solve_tier_chunk(&space, t, chunk, &outside, &Silent).unwrap();
                let range = chunk.range(space.size(t));
                assert_eq!((part.start(), part.len()), (range.start, range.end - range.start));
                counts.push(part.counts());
                match joined.as_mut() {
                    None => joined = Some(part),
                    Some(j) => j.append(part, &name).unwrap(),
                }
            }
            let table = resolve_tier(&space, t, joined.unwrap(), &Silent).unwrap();
            assert!(&table == whole, "{name} in {of} chunks");
            if space.has_internal_plies(t) {
                continue;
            }
            // Without plies inside the tier the first pass values every
            // entry: the chunks' counts added up are the tier's, and the
            // example of the longest DTM is the first chunk's that
            // reaches it, named by its index in the tier.
            let c = whole.counts();
            let sum = |f: fn(&TierCounts) -> u64| counts.iter().map(f).sum::<u64>();
            assert_eq!(
                (sum(|c| c.win), sum(|c| c.loss), sum(|c| c.draw), sum(|c| c.unused)),
                (c.win, c.loss, c.draw, c.unused)
            );
            let longest = counts.iter().map(|c| c.max_dtm).max().unwrap();
            assert_eq!(longest, c.max_dtm);
            let first = counts.iter().find(|k| k.example.is_some() && k.max_dtm == longest);
            assert_eq!(first.and_then(|k| k.example), c.example, "{name}");
        }
        movement += usize::from(space.has_internal_plies(t));
    }
    assert_eq!((tiers.len(), movement), (119, 10), "the movement tiers, folded by colour");
}

#[test]
fn a_chunk_beyond_the_count_or_a_pass_of_part_of_a_tier_is_refused() {
    let space = six();
    let never = |_: &lapilli_morris::Position| None;
    let e = solve_tier_chunk(&space, tier("w4b4x"), Chunk { index: 3, of: 3 }, &never, &Silent).unwrap_err();
    assert!(
        matches!(&e, TablebaseError::Chunk { tier, chunk, .. } if tier == "w4b4x" && chunk == "4/3"),
        "{e}"
    );
    assert!(e.to_string().contains("a tier split into 3 chunks has no chunk 4"), "{e}");
    let dir = TempDir::new("chunk-refused");
    let e = build_chunk(
        &space,
        tier("w4b4"),
        Chunk { index: 2, of: 2 },
        &dir.0,
        &BuildOptions::default(),
        &Silent,
    )
    .unwrap_err();
    assert!(matches!(e, TablebaseError::Chunk { .. }), "{e}");
    // The first chunk of w3b3 (its dependency, w3b3x, solved) is not the
    // whole tier's pass, nor are two chunks out of order.
    let tables = solve_in_memory(six(), &[tier("w3b3x")], &Silent).unwrap();
    let outside = |p: &lapilli_morris::Position| tables.probe(p);
    let pass =
        |k| solve_tier_chunk(&space, tier("w3b3"), Chunk { index: k, of: 3 }, &outside, &Silent).unwrap();
    let e = resolve_tier(&space, tier("w3b3"), pass(0), &Silent).unwrap_err();
    assert!(e.to_string().contains("the first pass of the whole tier is its 10112 indices from 0"), "{e}");
    let mut first = pass(0);
    let e = first.append(pass(2), "w3b3").unwrap_err();
    assert!(e.to_string().contains("does not follow the entries 0..3370"), "{e}");
}

#[test]
fn chunk_files_put_together_are_the_file_of_the_whole_tier() {
    let space = six();
    let whole = TempDir::new("chunk-whole");
    build(&space, &[tier("w4b4x")], &whole.0, &BuildOptions::default(), &Silent).unwrap();
    let dir = TempDir::new("chunked");
    build(&space, &[tier("w4b3")], &dir.0, &BuildOptions::default(), &Silent).unwrap();
    let size = space.size(tier("w4b4x"));
    let options = BuildOptions { chunk_indices: Some(size.div_ceil(3)), ..BuildOptions::default() };
    assert_eq!(Chunk::count(size, size.div_ceil(3)), 3);
    let (first, last) = (Chunk { index: 0, of: 3 }, Chunk { index: 2, of: 3 });
    // The first pass of a tier of a pending removal values every entry.
    for chunk in [first, last] {
        let r = build_chunk(&space, tier("w4b4x"), chunk, &dir.0, &options, &Silent).unwrap();
        assert_eq!((r.tier.as_str(), r.reused), (format!("w4b4x:{chunk}").as_str(), false));
        assert_eq!(r.file.entries, chunk.range(size).count() as u64);
        assert_eq!(r.file.counts.classes() + r.file.counts.unused, r.file.entries);
    }
    // Kept when asked again; the second chunk's file is damaged.
    assert!(build_chunk(&space, tier("w4b4x"), last, &dir.0, &options, &Silent).unwrap().reused);
    std::fs::write(dir.join("w4b4x.2-of-3.ltc"), b"LAPILTC\0 half a chunk").unwrap();
    let r = build_tier(&space, tier("w4b4x"), &dir.0, &options, &Silent).unwrap();
    assert!(!r.reused);
    let file = |d: &TempDir| std::fs::read(d.join("w4b4x.ltb")).unwrap();
    assert!(file(&whole) == file(&dir), "the chunks put together differ from the tier solved whole");
    let left: Vec<String> = std::fs::read_dir(&dir.0)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.contains("-of-"))
        .collect();
    assert!(left.is_empty(), "chunk files, temporary files or locks left: {left:?}");
    // With the tier's file there, a chunk is not solved again.
    assert!(build_chunk(&space, tier("w4b4x"), first, &dir.0, &options, &Silent).unwrap().reused);
}
