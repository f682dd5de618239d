//! Chunked tiers on Six Men's Morris: the chunks of a tier without plies
//! inside it, solved apart, are its table; a tier with plies inside it is
//! refused; chunk files put together give the file of the tier solved
//! whole, a damaged chunk file is solved again, and the chunk files are
//! removed once the tier's file is written.

use lapilli_morris::tablebase::{MorrisTiers, Tier};
use lapilli_morris::{Rules, Variant};
use lapilli_tablebase::{build, build_chunk, build_tier, solve_in_memory, solve_tier_chunk};
use lapilli_tablebase::{BuildOptions, Chunk, Silent, TablebaseError, TierCounts, TierSpace};

mod temp;
use temp::TempDir;

fn six() -> MorrisTiers {
    MorrisTiers::new(Rules::new(Variant::SixMensMorris)).unwrap()
}

fn tier(name: &str) -> Tier {
    six().parse_tier(name).unwrap()
}

#[test]
fn the_chunks_of_every_tier_without_plies_inside_it_are_its_table() {
    let space = six();
    let tiers = space.game_tiers();
    let tables = solve_in_memory(six(), &tiers, &Silent).unwrap();
    let outside = |p: &lapilli_morris::Position| tables.probe(p);
    let mut checked = 0;
    for &t in tiers.iter().filter(|&&t| !space.has_internal_plies(t)) {
        let whole = tables.table(t).unwrap();
        for of in [2, 7] {
            let mut at = 0u64;
            let mut counts: Vec<TierCounts> = Vec::new();
            for chunk in Chunk::all(of) {
                let part = solve_tier_chunk(&space, t, chunk, &outside, &Silent).unwrap();
                assert_eq!(part.len(), chunk.range(space.size(t)).count() as u64);
                for i in 0..part.len() {
                    assert_eq!(
                        part.get(i),
                        whole.get(at + i),
                        "{} chunk {chunk} entry {i}",
                        space.tier_name(t)
                    );
                }
                at += part.len();
                counts.push(*part.counts());
            }
            assert_eq!(at, whole.len());
            // The counts added up; the example of the longest DTM is the
            // first chunk's that reaches it, named by its index in the tier.
            let c = whole.counts();
            let sum = |f: fn(&TierCounts) -> u64| counts.iter().map(f).sum::<u64>();
            assert_eq!(
                (sum(|c| c.win), sum(|c| c.loss), sum(|c| c.draw), sum(|c| c.unused)),
                (c.win, c.loss, c.draw, c.unused)
            );
            assert_eq!(sum(|c| c.win_classes + c.loss_classes + c.draw_classes), c.classes());
            let longest = counts.iter().map(|c| c.max_dtm).max().unwrap();
            assert_eq!(longest, c.max_dtm);
            let first = counts.iter().find(|k| k.example.is_some() && k.max_dtm == longest);
            assert_eq!(first.and_then(|k| k.example), c.example, "{}", space.tier_name(t));
        }
        checked += 1;
    }
    // Every placement tier and every tier of a pending removal.
    assert_eq!(checked, tiers.len() - 10, "the 10 movement tiers (folded by colour) are solved whole");
}

#[test]
fn a_tier_with_plies_inside_it_or_a_chunk_beyond_the_count_is_refused() {
    let space = six();
    let never = |_: &lapilli_morris::Position| None;
    let e = solve_tier_chunk(&space, tier("w4b4"), Chunk { index: 0, of: 2 }, &never, &Silent).unwrap_err();
    assert!(
        matches!(&e, TablebaseError::Chunk { tier, chunk, .. } if tier == "w4b4" && chunk == "1/2"),
        "{e}"
    );
    assert!(e.to_string().contains("plies inside it"), "{e}");
    let e = solve_tier_chunk(&space, tier("w4b4x"), Chunk { index: 3, of: 3 }, &never, &Silent).unwrap_err();
    assert!(e.to_string().contains("a tier split into 3 chunks has no chunk 4"), "{e}");
    let dir = TempDir::new("chunk-refused");
    let e = build_chunk(
        &space,
        tier("w4b4"),
        Chunk { index: 1, of: 2 },
        &dir.0,
        &BuildOptions::default(),
        &Silent,
    )
    .unwrap_err();
    assert!(matches!(e, TablebaseError::Chunk { .. }), "{e}");
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
    for chunk in [first, last] {
        let r = build_chunk(&space, tier("w4b4x"), chunk, &dir.0, &options, &Silent).unwrap();
        assert_eq!((r.tier.as_str(), r.reused), (format!("w4b4x:{chunk}").as_str(), false));
        assert_eq!(r.file.entries, chunk.range(size).count() as u64);
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
