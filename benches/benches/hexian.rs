//! Hexian: move generation, make/unmake and perft (the search is measured by `tessera
//! bench --variant hexian`).

use criterion::{criterion_group, criterion_main, Criterion};
use engine::game::Game;
use engine::variants::hexian::{Config, HexianGame};

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
    benches::generate(&mut group, &positions());
    group.finish();
}

fn make_unmake(c: &mut Criterion) {
    benches::make_unmake(c, "hexian/make_unmake", &positions());
}

fn perft_start(c: &mut Criterion) {
    let start = HexianGame::start(&Config::default());
    benches::perft_from(
        c,
        "hexian/perft",
        "",
        &start,
        3,
        &benches::BULK_AND_MAKE_UNMAKE,
    );
}

criterion_group!(benches, move_generation, make_unmake, perft_start);
criterion_main!(benches);
