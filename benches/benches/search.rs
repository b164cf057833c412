//! Evaluation speed and search to a fixed depth on Hexmate positions.

use criterion::{criterion_group, criterion_main, Criterion};
use engine::game::Game;
use engine::search::{Control, Evaluator, Limits, Options, Searcher};
use engine::variants::hexmate::{Hexmate, Ruleset};
use evaluation::HexmateEval;
use std::hint::black_box;

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
    let eval = HexmateEval;
    for (name, pos) in positions() {
        c.bench_function(&format!("hexmate evaluate {name}"), |b| {
            b.iter(|| eval.evaluate(black_box(&pos)))
        });
    }
}

fn search(c: &mut Criterion) {
    let mut group = c.benchmark_group("hexmate search");
    group.sample_size(10);
    let limits = Limits {
        depth: Some(6),
        ..Limits::default()
    };
    for (name, pos) in positions() {
        group.bench_function(format!("depth 6 {name}"), |b| {
            let mut searcher = Searcher::<Hexmate, HexmateEval>::new(Options::default());
            b.iter(|| {
                searcher.clear();
                searcher.search(black_box(&pos), &limits, &Control::default(), &mut |_| {})
            })
        });
    }
    group.finish();
}

criterion_group!(benches, evaluation, search);
criterion_main!(benches);
