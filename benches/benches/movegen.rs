//! Move generation, make/unmake and perft speed per variant.

use criterion::{criterion_group, criterion_main, Criterion};
use engine::game::Game;
use engine::variants::hexmate::{Hexmate, Ruleset};
use std::hint::black_box;

/// A constructed Hexmate middlegame: open pawn fronts, every piece type on both sides.
const MIDDLEGAME: &str =
    "daqkqad/bbb1rbbb/n1nrarnnn/1pp1pp1ppp/ppp2pp1p1p/12/3p5P3/4PP6/PP1PP1PPP1P/P1PP1PPPPP/N1NRARNN1/BBBRRBBB/DAQKQAD w 0 8";

fn positions() -> Vec<(&'static str, Hexmate)> {
    vec![
        ("start", Hexmate::start(&Ruleset::Hexmate)),
        (
            "middlegame",
            Hexmate::from_position_string(MIDDLEGAME, &Ruleset::Hexmate).expect("valid position"),
        ),
    ]
}

fn move_generation(c: &mut Criterion) {
    let mut group = c.benchmark_group("hexmate/movegen");
    let positions = positions();
    benches::generate(&mut group, &positions);
    for (name, pos) in positions {
        group.bench_function(format!("count/{name}"), |b| {
            b.iter(|| black_box(&pos).count_moves())
        });
    }
    group.finish();
}

fn make_unmake(c: &mut Criterion) {
    benches::make_unmake(c, "hexmate/make_unmake", &positions());
}

fn perft_start(c: &mut Criterion) {
    let start = Hexmate::start(&Ruleset::Hexmate);
    benches::perft_from(
        c,
        "hexmate/perft",
        "",
        &start,
        3,
        &benches::BULK_AND_MAKE_UNMAKE,
    );
}

criterion_group!(benches, move_generation, make_unmake, perft_start);
criterion_main!(benches);
