//! Petteia position text (standard and Dux, every board size and rule
//! option), board sizes and variant names from arbitrary bytes: a text
//! that reads must print back, read back equal with the same key, and pass
//! `lapilli_fuzz::check_position`; the registry reads it alike, and reads
//! the text as its `size` and `variant` options without panicking.
#![no_main]

use lapilli_petteia::descriptor::Games;
use lapilli_petteia::{parse_size, Position, Setup, Variant};
use lapilli_registry::{Descriptor, GivenOptions};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let text = lapilli_fuzz::text(data);
    if let Ok((w, h)) = parse_size(&text) {
        let start = Setup::default().size(w, h).expect("parse_size checked the size").start();
        assert_eq!((start.width(), start.height()), (w, h));
    }
    let _ = text.parse::<Variant>();
    let parsed = text.parse::<Position>().ok();
    if let Some(pos) = &parsed {
        lapilli_fuzz::check_position(pos);
        assert_eq!(pos.zobrist_from_scratch(), lapilli_game::Game::zobrist(pos), "{pos}: key");
        let _ = pos.diagram(None);
        if let Some(&m) = lapilli_fuzz::legal_moves(pos).first() {
            let mut child = *pos;
            lapilli_game::Game::play_unchecked(&mut child, m);
            let _ = child.diagram(Some(m));
        }
    }
    let base = GivenOptions::default();
    for (name, options) in [
        ("petteia", base.clone()),
        ("petteia", base.clone().with_value("variant", "dux")),
        ("latrunculi", base.clone()),
        ("petteia", base.clone().with_value("size", "8x12")),
        ("latrunculi", base.clone().with_value("size", "9x10")),
    ] {
        let variant = Games.variant(name, &options).expect("a registered variant");
        lapilli_fuzz::check_variant(&variant, &text, parsed.as_ref());
    }
    for option in ["size", "variant"] {
        for name in ["petteia", "latrunculi"] {
            let _ = Games.variant(name, &base.clone().with_value(option, &text));
        }
    }
});
