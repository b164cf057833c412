//! Move generation, make/unmake and perft speed per variant.

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use engine::game::Game;
use engine::perft::{perft, Counting};
use engine::variants::hexmate::{Hexmate, MoveList, Ruleset};
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
    for (name, pos) in positions() {
        group.bench_function(format!("generate/{name}"), |b| {
            b.iter(|| {
                let mut moves = MoveList::new();
                black_box(&pos).generate_moves(&mut moves);
                moves.len()
            })
        });
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
    let mut group = c.benchmark_group("hexmate/perft");
    group.sample_size(10);
    let start = Hexmate::start(&Ruleset::Hexmate);
    for (label, counting) in [
        ("bulk", Counting::Bulk),
        ("make_unmake", Counting::MakeUnmake),
    ] {
        let mut pos = start.clone();
        let leaves = perft(&mut pos, 3, counting);
        group.throughput(Throughput::Elements(leaves));
        group.bench_function(format!("depth3/{label}"), |b| {
            b.iter(|| perft(&mut pos, 3, counting))
        });
    }
    group.finish();
}

criterion_group!(benches, move_generation, make_unmake, perft_start);
criterion_main!(benches);
