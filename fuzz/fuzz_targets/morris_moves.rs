//! Morris moves (every variant): the first byte picks a start (`lapilli_fuzz::morris_starts`),
//! the rest is read as move words separated by spaces, each read with
//! `parse_move` and `parse_plies` in the current position and played with
//! the checked `play` and `GameRecord::play` (`lapilli_fuzz::play_words`).
#![no_main]

use libfuzzer_sys::fuzz_target;
use std::sync::OnceLock;

fuzz_target!(|data: &[u8]| {
    static STARTS: OnceLock<Vec<lapilli_morris::Position>> = OnceLock::new();
    let starts = STARTS.get_or_init(lapilli_fuzz::morris_starts);
    if let Some((start, moves)) = lapilli_fuzz::split_start(data, starts) {
        lapilli_fuzz::play_words(*start, &lapilli_fuzz::text(moves));
    }
});
