//! Evaluation speed and search to a fixed depth on Hexmate positions.

use criterion::{criterion_group, criterion_main, Criterion};
use engine::game::Game;
use engine::variants::hexmate::{Hexmate, Ruleset};
use evaluation::HexmateEval;

const MIDDLEGAME: &str = "daq1qbd/bb1rr1b1/1nnr1r2k/ppppp1pppp/p2pp1p1ppp/1p1p1pNp4/3P9/P2NP2P1P2/P1PAPNRPBPP/1PPPPQ1BPP/3R5/BB2RB2/D1K2AD w 5 41";
const ENDGAME: &str = "3k3/8/2n6/10/1p3p5/12/13/12/4P1P4/10/3R5/8/3K3 w 0 1";

fn positions() -> Vec<(&'static str, Hexmate)> {
    vec![
        ("start", Hexmate::start(&Ruleset::Hexmate)),
        (
            "middlegame",
            Hexmate::from_position_string(MIDDLEGAME, &Ruleset::Hexmate).unwrap(),
        ),
        (
            "endgame",
            Hexmate::from_position_string(ENDGAME, &Ruleset::Hexmate).unwrap(),
        ),
    ]
}

fn evaluation(c: &mut Criterion) {
    benches::evaluate::<_, HexmateEval>(c, "hexmate", &positions());
}

fn search(c: &mut Criterion) {
    benches::search_to_depth::<_, HexmateEval>(c, "hexmate search", 6, &positions());
}

criterion_group!(benches, evaluation, search);
criterion_main!(benches);
