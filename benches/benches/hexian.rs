//! Hexian: move generation, make/unmake and perft (the search is measured by `tessera
//! bench --variant hexian`).

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use engine::game::Game;
use engine::perft::{perft, Counting};
use engine::variants::hexian::{Config, HexianGame};
use std::hint::black_box;

/// The bench positions (positions/hexian/bench.txt): the start with white's spells
/// CHMSTU (W1), and a two-player Orobas game after 100 plies.
const BENCH: &str = include_str!("../../positions/hexian/bench.txt");

fn positions() -> Vec<(&'static str, HexianGame)> {
    let lines: Vec<&str> = BENCH.lines().filter(|l| !l.starts_with('#')).collect();
    let read = |text: &str| {
        HexianGame::from_position_string(text, &Config::default()).expect("a bench position")
    };
    let orobas = lines
        .iter()
        .find(|l| l.contains(" wug.bpy 6 "))
        .expect("a two-player Orobas bench position");
    vec![
        ("start", HexianGame::start(&Config::default())),
        ("start-spells", read(lines[1])),
        ("orobas-two-players", read(orobas)),
    ]
}

fn move_generation(c: &mut Criterion) {
    let mut group = c.benchmark_group("hexian/movegen");
    for (name, pos) in positions() {
        group.bench_function(format!("generate/{name}"), |b| {
            b.iter(|| {
                let mut moves = <HexianGame as Game>::MoveList::default();
                black_box(&pos).generate_moves(&mut moves);
                moves.len()
            })
        });
    }
    group.finish();
}

fn make_unmake(c: &mut Criterion) {
    benches::make_unmake(c, "hexian/make_unmake", &positions());
}

fn perft_start(c: &mut Criterion) {
    let mut group = c.benchmark_group("hexian/perft");
    group.sample_size(10);
    let mut pos = HexianGame::start(&Config::default());
    for (label, counting) in [
        ("bulk", Counting::Bulk),
        ("make_unmake", Counting::MakeUnmake),
    ] {
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
