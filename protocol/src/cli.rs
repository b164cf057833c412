//! Command-line subcommands (clap). Without a subcommand `tessera` speaks the protocol.

use crate::variant::{AnyGame, SetupError};
use crate::with_game;
use clap::{Parser, Subcommand};
use engine::perft::{divide, Counting};
use engine::variants::Variant;
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
    /// Play an engine-against-engine match through the engine protocol.
    Match(Box<crate::matchrunner::MatchArgs>),
    /// Write an opening set for matches: random sane move sequences from the start.
    Openings(crate::matchrunner::OpeningsArgs),
}

pub fn parse_variant(text: &str) -> Result<Variant, String> {
    let variant = Variant::from_id(text).ok_or_else(|| {
        let ids: Vec<&str> = Variant::ALL.iter().map(|v| v.id()).collect();
        format!("unknown variant '{text}' (one of {})", ids.join(", "))
    })?;
    if variant.is_implemented() {
        Ok(variant)
    } else {
        Err(format!("variant {} is not implemented yet", variant.id()))
    }
}

/// Sets up a position from the CLI's `--fen` and `--moves`.
pub fn setup(variant: Variant, fen: Option<&str>, moves: &[String]) -> Result<AnyGame, SetupError> {
    let mut game = match fen {
        Some(text) => AnyGame::from_position_string(variant, text)?,
        None => AnyGame::start(variant)?,
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
