//! Terni Lapilli position text (and move text) from arbitrary bytes: a
//! text that reads must print back, read back equal with the same key, and
//! pass `lapilli_fuzz::check_position`; the registry reads it alike.
#![no_main]

use lapilli_registry::{Descriptor, GivenOptions};
use lapilli_terni_lapilli::descriptor::Games;
use lapilli_terni_lapilli::{Move, Position};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let text = lapilli_fuzz::text(data);
    if let Ok(m) = text.parse::<Move>() {
        assert_eq!(m.to_string().parse::<Move>(), Ok(m), "{text:?}");
    }
    let parsed = text.parse::<Position>().ok();
    if let Some(pos) = &parsed {
        lapilli_fuzz::check_position(pos);
        let _ = pos.diagram();
    }
    for options in [GivenOptions::default(), GivenOptions::default().with_flag("no-centre-first")] {
        let variant = Games.variant("terni-lapilli", &options).expect("a registered variant");
        lapilli_fuzz::check_variant(&variant, &text, parsed.as_ref());
    }
});
