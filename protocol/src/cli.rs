//! Command-line subcommands (clap). Without a subcommand `tessera` speaks the protocol.

use crate::analyse::{self, AnalyseLimits};
use crate::bench;
use crate::options::{MAX_HASH_MB, MAX_MULTIPV, MAX_THREADS};
use crate::uci::{BenchParams, MAX_DEPTH};
use crate::variant::{AnyGame, SearchSettings, SetupError};
use crate::with_game;
use clap::{Parser, Subcommand};
use engine::perft::{divide, Counting};
use engine::search::multiplayer::Algorithm;
use engine::search::{Control, Options};
use engine::variants::Variant;
use std::process::ExitCode;
use std::time::Instant;

#[derive(Parser, Debug)]
#[command(
    name = "tessera",
    version,
    about = "A game-playing engine for Hexmate, Hexchoice, Panoply, Hepta, Seven Kingdoms and Hexian"
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Option<Command>,
}

#[derive(Subcommand, Debug)]
pub enum Command {
    /// Count the legal move sequences of a given length (perft).
    Perft {
        /// Variant id: hexmate, hexchoice, …
        #[arg(long, default_value = "hexmate", value_parser = parse_variant)]
        variant: Variant,
        /// Position string (default: the variant's start position).
        #[arg(long)]
        fen: Option<String>,
        /// Moves played from the position before counting.
        #[arg(long, num_args = 1..)]
        moves: Vec<String>,
        /// Who owns which armies (sevenkingdoms: e.g. wrob/gpd; hexian: 2, 3 or 6); default one per player.
        #[arg(long, default_value = "")]
        players: String,
        /// Number of plies.
        #[arg(long)]
        depth: u32,
        /// Print the count of every root move.
        #[arg(long)]
        divide: bool,
        /// Threads (root moves are shared out over them).
        #[arg(long, default_value_t = 1)]
        threads: usize,
        /// Play every leaf move instead of counting the last ply in bulk.
        #[arg(long)]
        no_bulk: bool,
    },
    /// Search one position and show the progress, best move, score and line.
    Analyse {
        /// Variant id: hexmate, hexchoice, …
        #[arg(long, default_value = "hexmate", value_parser = parse_variant)]
        variant: Variant,
        /// Position string (default: the variant's start position).
        #[arg(long)]
        fen: Option<String>,
        /// Moves played from the position before the search.
        #[arg(long, num_args = 1..)]
        moves: Vec<String>,
        /// Who owns which armies (sevenkingdoms: e.g. wrob/gpd; hexian: 2, 3 or 6); default one per player.
        #[arg(long, default_value = "")]
        players: String,
        /// Search for more than two players: brs, paranoid or maxn.
        #[arg(long, default_value = "brs", value_parser = parse_algorithm)]
        search: Algorithm,
        /// Search to this depth (default: depth 12, at most 5 seconds).
        #[arg(long, group = "limit", value_parser = clap::value_parser!(u32).range(1..=MAX_DEPTH as i64))]
        depth: Option<u32>,
        /// Search this many milliseconds.
        #[arg(long, group = "limit")]
        movetime: Option<u64>,
        /// Search this many nodes.
        #[arg(long, group = "limit", value_parser = clap::value_parser!(u64).range(1..))]
        nodes: Option<u64>,
        /// Search threads.
        #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..=MAX_THREADS as i64))]
        threads: u32,
        /// Number of principal variations.
        #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..=MAX_MULTIPV as i64))]
        multipv: u32,
        /// Transposition table size in MiB.
        #[arg(long, default_value_t = 16, value_parser = clap::value_parser!(u32).range(1..=MAX_HASH_MB as i64))]
        hash: u32,
    },
    /// Search the bench positions to a fixed depth; print time, nodes and speed.
    Bench {
        /// Variant id: hexmate, hexchoice, …
        #[arg(long, default_value = "hexmate", value_parser = parse_variant)]
        variant: Variant,
        /// Search depth (default: 8; panoply 7, sevenkingdoms 3, with maxn 2, hexian 2).
        #[arg(long, value_parser = clap::value_parser!(u32).range(1..=MAX_DEPTH as i64))]
        depth: Option<u32>,
        /// Search for more than two players: brs, paranoid or maxn.
        #[arg(long, default_value = "brs", value_parser = parse_algorithm)]
        search: Algorithm,
        /// Search threads (with one the node count is deterministic).
        #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..=MAX_THREADS as i64))]
        threads: u32,
        /// Transposition table size in MiB.
        #[arg(long, default_value_t = 16, value_parser = clap::value_parser!(u32).range(1..=MAX_HASH_MB as i64))]
        hash: u32,
    },
    /// Play an engine-against-engine match through the engine protocol.
    Match(Box<crate::matchrunner::MatchArgs>),
    /// Write an opening set for matches: random sane move sequences from the start.
    Openings(crate::matchrunner::OpeningsArgs),
}

pub fn parse_variant(text: &str) -> Result<Variant, String> {
    Variant::from_id(text).ok_or_else(|| {
        let ids: Vec<&str> = Variant::ALL.iter().map(|v| v.id()).collect();
        format!("unknown variant '{text}' (one of {})", ids.join(", "))
    })
}

pub fn parse_algorithm(text: &str) -> Result<Algorithm, String> {
    Algorithm::from_id(text)
        .ok_or_else(|| format!("unknown search '{text}' (one of brs, paranoid, maxn)"))
}

/// Sets up a position from the CLI's `--fen`, `--moves` and `--players`.
pub fn setup(
    variant: Variant,
    fen: Option<&str>,
    moves: &[String],
    players: &str,
) -> Result<AnyGame, SetupError> {
    let mut game = match fen {
        Some(text) => AnyGame::from_position_string_with_players(variant, text, players)?,
        None => AnyGame::start_with_players(variant, players)?,
    };
    game.play_tokens(moves.iter().map(String::as_str))?;
    Ok(game)
}

/// `tessera perft`: the divide lines (with `--divide`), `Nodes searched: N` exactly as
/// the protocol's `go perft` prints it, then time and leaf rate.
pub fn run_perft(
    game: &AnyGame,
    depth: u32,
    show_divide: bool,
    threads: usize,
    bulk: bool,
) -> String {
    let counting = if bulk {
        Counting::Bulk
    } else {
        Counting::MakeUnmake
    };
    let start = Instant::now();
    let result = with_game!(game, g => divide(g, depth, threads.max(1), counting));
    let elapsed = start.elapsed();
    let mut out = String::new();
    if show_divide {
        for (mv, count) in &result.entries {
            out.push_str(&format!("{mv}: {count}\n"));
        }
        out.push('\n');
    }
    out.push_str(&format!("Nodes searched: {}\n", result.total));
    let secs = elapsed.as_secs_f64().max(1e-9);
    out.push_str(&format!(
        "Time: {} ms, {:.0} leaves/second\n",
        elapsed.as_millis(),
        result.total as f64 / secs
    ));
    out
}

/// Runs a subcommand; errors go to stderr and make the exit status 1.
pub fn execute(command: Command) -> ExitCode {
    let result = match command {
        Command::Perft {
            variant,
            fen,
            moves,
            players,
            depth,
            divide,
            threads,
            no_bulk,
        } => setup(variant, fen.as_deref(), &moves, &players)
            .map(|game| print!("{}", run_perft(&game, depth, divide, threads, !no_bulk)))
            .map_err(|e| e.to_string()),
        Command::Analyse {
            variant,
            fen,
            moves,
            players,
            search,
            depth,
            movetime,
            nodes,
            threads,
            multipv,
            hash,
        } => setup(variant, fen.as_deref(), &moves, &players)
            .map_err(|e| e.to_string())
            .and_then(|game| {
                let limits = AnalyseLimits {
                    depth,
                    movetime_ms: movetime,
                    nodes,
                };
                let settings = SearchSettings {
                    options: Options {
                        threads: threads as usize,
                        hash_mb: hash as usize,
                        multipv: multipv as usize,
                        ..Options::default()
                    },
                    algorithm: search,
                };
                analyse::run(&game, limits, &settings, &mut std::io::stdout().lock())
                    .map_err(|e| e.to_string())
            }),
        Command::Bench {
            variant,
            depth,
            search,
            threads,
            hash,
        } => {
            let params = BenchParams {
                depth,
                threads: Some(threads as usize),
                hash_mb: Some(hash as usize),
            };
            bench::Plan::new(variant, search, params)
                .map(|plan| {
                    let lines = plan.run(&Control::default());
                    lines.iter().for_each(|line| println!("{line}"));
                })
                .map_err(|e| e.to_string())
        }
        Command::Match(args) => crate::matchrunner::run_command(*args),
        Command::Openings(args) => crate::matchrunner::opening_maker::run_command(args),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::FAILURE
        }
    }
}
