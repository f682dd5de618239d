//! Runs one engine N times on the same search, for instruction counting
//! with callgrind:
//! `peer_one ours|theirs plain|iterative terni|petteia|morris [N] [depth] [start|mid|flying]`
//! (`plain`: our alpha-beta with move ordering against their `Negamax`;
//! `iterative`: iterative deepening with a 4 MiB table on both sides), as
//! the peers benchmark runs them; `mid` searches the benchmark's mid-game
//! position of Petteia or Nine Men's Morris (12 or 14 plies in), `flying`
//! the benchmark's Nine Men's Morris flying endgame ([`FLYING`]).
use lapilli_game::Evaluate;
use lapilli_peers::{midgame, petteia_eval, FoldedEval, FoldedMorris, MorrisEval, PetteiaEval, TerniEval};
use lapilli_peers::{ours_alpha_beta, ours_iterative, theirs, Theirs, FLYING};
use lapilli_terni_lapilli::eval::Heuristic;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let their_side = args.get(1).map(String::as_str) == Some("theirs");
    let plain = args.get(2).map(String::as_str) == Some("plain");
    let game = args.get(3).cloned().unwrap_or_else(|| "terni".into());
    let n: usize = args.get(4).and_then(|a| a.parse().ok()).unwrap_or(20);
    let depth: u8 = args.get(5).and_then(|a| a.parse().ok()).unwrap_or(8);
    let mid = args.get(6).map(String::as_str) == Some("mid");
    let flying = args.get(6).map(String::as_str) == Some("flying");
    let mut morris = FoldedMorris(lapilli_morris::Position::default());
    let mut petteia = lapilli_petteia::Position::default();
    if mid {
        morris = midgame(&morris, 14);
        petteia = midgame(&petteia, 12);
    }
    if flying {
        morris = FoldedMorris(FLYING.parse().expect("the benchmark's flying endgame is valid"));
    }
    let terni = lapilli_terni_lapilli::Position::default();
    for _ in 0..n {
        let score = match (game.as_str(), their_side, plain) {
            ("morris", false, true) => ours_alpha_beta(&morris, depth, &FoldedEval),
            ("morris", false, false) => ours_iterative(&morris, depth, &FoldedEval),
            ("morris", true, true) => theirs(Theirs::Negamax, MorrisEval, &morris, depth).into(),
            ("morris", true, false) => {
                theirs(Theirs::Iterative { step: FoldedEval.deepening_step() }, MorrisEval, &morris, depth)
                    .into()
            }
            ("petteia", false, true) => {
                ours_alpha_beta(&petteia, depth, &|p: &lapilli_petteia::Position| petteia_eval(p))
            }
            ("petteia", false, false) => {
                ours_iterative(&petteia, depth, &|p: &lapilli_petteia::Position| petteia_eval(p))
            }
            ("petteia", true, true) => theirs(Theirs::Negamax, PetteiaEval, &petteia, depth).into(),
            ("petteia", true, false) => {
                theirs(Theirs::Iterative { step: 1 }, PetteiaEval, &petteia, depth).into()
            }
            (_, false, true) => ours_alpha_beta(&terni, depth, &Heuristic),
            (_, false, false) => ours_iterative(&terni, depth, &Heuristic),
            (_, true, true) => theirs(Theirs::Negamax, TerniEval, &terni, depth).into(),
            (_, true, false) => theirs(Theirs::Iterative { step: 1 }, TerniEval, &terni, depth).into(),
        };
        std::hint::black_box(score);
    }
}
