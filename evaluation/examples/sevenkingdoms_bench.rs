//! The Seven Kingdoms bench (`positions/sevenkingdoms/bench.txt`) for one multi-player
//! algorithm, printed as the protocol's `bench` prints it:
//!
//! `cargo run --release -p evaluation --example sevenkingdoms_bench -- [brs|paranoid|maxn]
//! [depth] [players]` (defaults: `brs`, the algorithm's bench depth, `w/r/o/b/g/p/d`).

use engine::game::Game;
use engine::search::multiplayer::{bench, Algorithm};
use engine::search::Options;
use engine::variants::sevenkingdoms::{Players, SevenKingdoms};
use evaluation::SevenKingdomsEval;

const BENCH: &str = include_str!("../../positions/sevenkingdoms/bench.txt");

fn main() -> Result<(), String> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let algorithm = match args.first() {
        Some(id) => Algorithm::from_id(id).ok_or(format!("unknown algorithm '{id}'"))?,
        None => Algorithm::default(),
    };
    let depth = match args.get(1) {
        Some(d) => d.parse().map_err(|_| format!("bad depth '{d}'"))?,
        None => algorithm.bench_depth(),
    };
    let players = Players::parse(args.get(2).map_or("w/r/o/b/g/p/d", String::as_str))?;
    let positions = BENCH
        .lines()
        .map(|line| line.split('#').next().unwrap_or("").trim())
        .filter(|line| !line.is_empty())
        .map(|line| SevenKingdoms::from_position_string(line, &players).map_err(|e| e.to_string()))
        .collect::<Result<Vec<_>, _>>()?;
    let result =
        bench::<SevenKingdoms, SevenKingdomsEval>(&positions, depth, Options::default(), algorithm);
    println!("Total time (ms) : {}", result.time_ms);
    println!("Nodes searched  : {}", result.nodes);
    println!("Nodes/second    : {}", result.nps());
    Ok(())
}
