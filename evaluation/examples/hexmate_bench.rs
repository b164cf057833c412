//! Runs the search bench on `positions/hexmate/bench.txt` and prints Stockfish's three
//! bench lines: `cargo run --release -p evaluation --example hexmate_bench -- [depth] [threads] [hash]`.

use engine::game::Game;
use engine::search::{bench, Options};
use engine::variants::hexmate::{Hexmate, Ruleset};
use evaluation::HexmateEval;

const BENCH_FILE: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../positions/hexmate/bench.txt"
);

fn main() {
    let args: Vec<u64> = std::env::args()
        .skip(1)
        .map(|a| {
            a.parse()
                .expect("arguments are numbers: depth threads hash")
        })
        .collect();
    let depth = args.first().copied().unwrap_or(8) as u32;
    let options = Options {
        threads: args.get(1).copied().unwrap_or(1) as usize,
        hash_mb: args.get(2).copied().unwrap_or(16) as usize,
        ..Options::default()
    };
    let text = std::fs::read_to_string(BENCH_FILE).expect("the bench file is readable");
    let positions: Vec<Hexmate> = text
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(|l| {
            Hexmate::from_position_string(l, &Ruleset::Hexmate).expect("bench positions are valid")
        })
        .collect();
    let result = bench::<Hexmate, HexmateEval>(&positions, depth, options);
    println!("Total time (ms) : {}", result.time_ms);
    println!("Nodes searched  : {}", result.nodes);
    println!("Nodes/second    : {}", result.nps());
}
