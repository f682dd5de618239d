//! The game registry end to end, with a toy game registered as a game crate
//! would register one: one-heap Nim, whose position text is "7 first".

use lapilli_game::doc_game::Nim;
use lapilli_game::{CheckedGame, Player, Value};
use lapilli_registry::{
    families, game_names, with_game, BoardInfo, Descriptor, FamilyVisitor, GameName, GameVisitor,
    GivenOptions, Mismatch, OptionError, OptionKind, PositionTextError, Registry, Solution, SolveReport,
    Unsolvable, VariantDescriptor, VariantOption,
};

struct NimVariant {
    stones: u32,
}

impl VariantDescriptor for NimVariant {
    type Position = Nim;
    type Heuristic = fn(&Nim) -> i32;
    fn name(&self) -> &'static str {
        "nim"
    }
    fn given_options(&self) -> GivenOptions {
        if self.stones == 7 {
            GivenOptions::default()
        } else {
            GivenOptions::default().with_value("stones", &self.stones.to_string())
        }
    }
    fn title(&self) -> String {
        format!("Nim, {} stones", self.stones)
    }
    fn rules_text(&self) -> String {
        format!("{} stones", self.stones)
    }
    fn notation(&self) -> String {
        "take 1 or take 2".into()
    }
    fn start(&self) -> Nim {
        Nim::new(self.stones)
    }
    fn sides(&self) -> [(bool, &'static str); 2] {
        [(false, "first"), (true, "second")]
    }
    fn mismatch(&self, pos: &Nim) -> Option<Mismatch> {
        (pos.0 > self.stones)
            .then(|| Mismatch { position: format!("{} stones", pos.0), chosen: self.rules_text() })
    }
    fn heuristic(&self) -> fn(&Nim) -> i32 {
        |_| 0
    }
    fn diagram(&self, pos: &Nim, _: Option<u32>) -> String {
        format!("{}\n", "o".repeat(pos.0 as usize))
    }
    fn board(&self) -> BoardInfo {
        BoardInfo { automorphisms: 1, ..BoardInfo::default() }
    }
    fn solve(&self) -> Result<Solution<Nim>, Unsolvable> {
        if self.stones > 100 {
            return Err(Unsolvable { reason: "too many stones".into() });
        }
        Ok(Solution::new(lapilli_tablebase::solve(&self.start()), &self.start(), 1, None))
    }
}

struct NimGames;

impl Descriptor for NimGames {
    type Variant = NimVariant;
    fn games(&self) -> &'static [GameName] {
        &[GameName { name: "nim", about: "one-heap Nim" }]
    }
    fn options(&self) -> &'static [VariantOption] {
        &[
            VariantOption { name: "stones", help: "heap size", kind: OptionKind::Value { placeholder: "N" } },
            VariantOption { name: "misere", help: "never accepted", kind: OptionKind::Flag },
        ]
    }
    fn position_format(&self) -> &'static str {
        "the heap size and the side to move: \"7 first\""
    }
    fn variant(&self, _: &str, options: &GivenOptions) -> Result<NimVariant, OptionError> {
        if options.flag("misere") {
            return Err(OptionError::Invalid { option: "misere", reason: "not played here".into() });
        }
        let stones = match options.value("stones") {
            Some(text) => text.parse().map_err(|e: std::num::ParseIntError| OptionError::Invalid {
                option: "stones",
                reason: e.to_string(),
            })?,
            None => 7,
        };
        Ok(NimVariant { stones })
    }
}

struct Games;

impl Registry for Games {
    fn families<F: FamilyVisitor>(f: &mut F) {
        f.family(&NimGames);
    }
}

struct Summary;

impl GameVisitor for Summary {
    type Output = (String, Option<SolveReport>);
    fn visit<V: VariantDescriptor>(self, v: V) -> Self::Output {
        (v.title(), v.solve().ok().map(|s| s.report().clone()))
    }
}

#[test]
fn lists_names_and_options() {
    assert_eq!(game_names::<Games>(), [GameName { name: "nim", about: "one-heap Nim" }]);
    let families = families::<Games>();
    assert_eq!(families.len(), 1);
    assert_eq!(families[0].options[0].name, "stones");
}

#[test]
fn chooses_a_variant_and_solves_it() {
    let given = GivenOptions::default().with_value("stones", "4");
    let (title, report) = with_game::<Games, _>("nim", &given, Summary).unwrap();
    assert_eq!(title, "Nim, 4 stones");
    let report = report.unwrap();
    assert_eq!(report.value, Value::Win(3));
    assert_eq!(report.reachable.total, 8); // 4 and 3 with one side to move, 2..=0 with either
    assert_eq!(report.movement, None);
    assert_eq!(report.principal_variation, ["take 1", "take 1", "take 2"]);
    let (_, report) =
        with_game::<Games, _>("nim", &GivenOptions::default().with_value("stones", "101"), Summary).unwrap();
    assert_eq!(report, None);
}

#[test]
fn refuses_unknown_games_and_options() {
    let none = GivenOptions::default();
    assert_eq!(with_game::<Games, _>("chess", &none, Summary), Err(OptionError::UnknownGame("chess".into())));
    assert_eq!(
        with_game::<Games, _>("nim", &none.clone().with_flag("no-flying"), Summary),
        Err(OptionError::NotApplicable { option: "no-flying".into(), game: "nim" })
    );
    assert!(matches!(
        with_game::<Games, _>("nim", &none.clone().with_flag("stones"), Summary),
        Err(OptionError::Invalid { option: "stones", .. })
    ));
    assert!(matches!(
        with_game::<Games, _>("nim", &none.clone().with_value("stones", "x"), Summary),
        Err(OptionError::Invalid { option: "stones", .. })
    ));
    assert!(matches!(
        with_game::<Games, _>("nim", &none.with_flag("misere"), Summary),
        Err(OptionError::Invalid { option: "misere", .. })
    ));
}

#[test]
fn positions_are_checked_against_the_variant() {
    let v = NimVariant { stones: 7 };
    assert_eq!(v.parse_position("5 second").unwrap(), Nim(5, true));
    assert!(matches!(v.parse_position("x"), Err(PositionTextError::Unreadable(_))));
    let e = v.parse_position("9 first").unwrap_err();
    assert_eq!(e.to_string(), "the position is 9 stones but the variant is 7 stones");
}

#[test]
fn words_for_sides_results_and_prompts() {
    let v = NimVariant { stones: 2 };
    let mut pos = v.start();
    assert_eq!(v.prompt(&pos), "first to move");
    assert_eq!(v.result_text(&pos), "the game goes on");
    pos.play(2).unwrap();
    assert_eq!(v.result_text(&pos), "first wins: the last stone was taken");
    assert_eq!(v.side_name(true), "second");
}

#[test]
fn the_solution_plays_perfectly() {
    let v = NimVariant { stones: 5 };
    let solution = v.solve().unwrap();
    let mut player = solution.player();
    assert_eq!(player.name(), "perfect");
    assert_eq!(player.choose(&v.start()), Some(2)); // leave a multiple of 3
    assert_eq!(solution.best_move(&Nim(0, false)), None);
}
