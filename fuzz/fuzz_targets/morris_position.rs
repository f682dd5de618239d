//! Morris position text (every variant, flying or not), move text and
//! variant names from arbitrary bytes: a text that reads must print back,
//! read back equal with the same key, and pass
//! `lapilli_fuzz::check_position`; the registry reads it alike.
#![no_main]

use lapilli_morris::descriptor::Games;
use lapilli_morris::{Move, Position, Variant};
use lapilli_registry::{Descriptor, GivenOptions};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let text = lapilli_fuzz::text(data);
    if let Ok(m) = text.parse::<Move>() {
        assert_eq!(m.to_string().parse::<Move>(), Ok(m), "{text:?}");
    }
    if let Ok(v) = text.parse::<Variant>() {
        assert_eq!(v.name(), text);
    }
    let parsed = text.parse::<Position>().ok();
    if let Some(pos) = &parsed {
        lapilli_fuzz::check_position(pos);
        assert_eq!(pos.zobrist_from_scratch(), lapilli_game::Game::zobrist(pos), "{pos}: key");
        let _ = pos.diagram();
        let _ = (pos.removable(), pos.legal_move_count());
    }
    for name in ["nine-mens-morris", "six-mens-morris", "twelve-mens-morris", "lasker-morris"] {
        for options in [GivenOptions::default(), GivenOptions::default().with_flag("no-flying")] {
            let variant = Games.variant(name, &options).expect("a registered variant");
            lapilli_fuzz::check_variant(&variant, &text, parsed.as_ref());
        }
    }
});
