//! Command-line subcommands (clap). Without a subcommand `tessera` speaks the protocol.

use crate::analyse::{self, AnalyseLimits};
use crate::bench;
use crate::options::{parse_setoption, OptionChange};
use crate::output::QuietStdout;
use crate::session::memory_available;
use crate::uci::{perft_depth, search_depth, BenchParams};
use crate::variant::{AnyGame, SearchSettings, SetupError};
use crate::with_game;
use clap::{Parser, Subcommand};
use engine::perft::{divide, Counting};
use engine::search::multiplayer::Algorithm;
use engine::search::{Control, Options};
use engine::variants::Variant;
use std::io::Write;
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
        #[arg(long)]
        players: Option<String>,
        /// Number of plies (1 to 20).
        #[arg(long, value_parser = perft_depth_arg)]
        depth: u32,
        /// Print the count of every root move.
        #[arg(long)]
        divide: bool,
        /// Threads (root moves are shared out over them).
        #[arg(long, default_value = "1", value_parser = threads_arg)]
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
        #[arg(long)]
        players: Option<String>,
        /// Search for more than two players (sevenkingdoms, hexian): brs (default), paranoid or maxn.
        #[arg(long, value_parser = parse_algorithm)]
        search: Option<Algorithm>,
        /// Search to this depth (default: depth 12, at most 5 seconds).
        #[arg(long, group = "limit", value_parser = search_depth_arg)]
        depth: Option<u32>,
        /// Search this many milliseconds.
        #[arg(long, group = "limit")]
        movetime: Option<u64>,
        /// Search this many nodes.
        #[arg(long, group = "limit", value_parser = clap::value_parser!(u64).range(1..))]
        nodes: Option<u64>,
        /// Search threads.
        #[arg(long, default_value = "1", value_parser = threads_arg)]
        threads: usize,
        /// Number of principal variations.
        #[arg(long, default_value = "1", value_parser = multipv_arg)]
        multipv: usize,
        /// Transposition table size in MiB.
        #[arg(long, default_value = "16", value_parser = hash_arg)]
        hash: usize,
    },
    /// Search the bench positions to a fixed depth; print time, nodes and speed.
    Bench {
        /// Variant id: hexmate, hexchoice, …
        #[arg(long, default_value = "hexmate", value_parser = parse_variant)]
        variant: Variant,
        /// Search depth (default: 8; panoply 7, sevenkingdoms 3, with maxn 2, hexian 2).
        #[arg(long, value_parser = search_depth_arg)]
        depth: Option<u32>,
        /// Search for more than two players (sevenkingdoms, hexian): brs (default), paranoid or maxn.
        #[arg(long, value_parser = parse_algorithm)]
        search: Option<Algorithm>,
        /// Search threads (with one the node count is deterministic).
        #[arg(long, default_value = "1", value_parser = threads_arg)]
        threads: usize,
        /// Transposition table size in MiB.
        #[arg(long, default_value = "16", value_parser = hash_arg)]
        hash: usize,
    },
    /// Play an engine-against-engine match through the engine protocol.
    Match(Box<crate::matchrunner::MatchArgs>),
    /// Write an opening set for matches: random sane move sequences from the start.
    Openings(crate::matchrunner::OpeningsArgs),
    /// Draw a position as an SVG picture.
    Svg(crate::svg::command::SvgArgs),
    /// Write training positions from self-play (position, search score, final result).
    Datagen(crate::datagen::DatagenArgs),
    /// Fit the evaluation's weights to datagen positions; write them as the evaluator reads them.
    Tune(crate::tune::TuneArgs),
    /// Fit the win/draw/loss model (UCI_ShowWDL) to datagen positions; write it as the engine reads it.
    WdlFit(crate::wdlfit::WdlFitArgs),
    /// Play, watch and replay games in the browser: serve the GUI on 127.0.0.1 and print its URL.
    Gui(crate::gui::GuiArgs),
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

/// `--threads`, `--multipv`, `--hash`: read and checked by the option table, exactly as
/// `setoption` checks the option of that name.
fn option_number(name: &str, text: &str) -> Result<usize, String> {
    match parse_setoption(name, Some(text)).map_err(|e| e.to_string())? {
        OptionChange::Threads(n) | OptionChange::MultiPv(n) | OptionChange::Hash(n) => Ok(n),
        other => unreachable!("{name} is a number option, not {other:?}"),
    }
}

fn threads_arg(text: &str) -> Result<usize, String> {
    option_number("Threads", text)
}

fn multipv_arg(text: &str) -> Result<usize, String> {
    option_number("MultiPV", text)
}

/// A table size the option allows and the machine can give (the table is filled when
/// built, so a size the system refuses would abort the program).
fn hash_arg(text: &str) -> Result<usize, String> {
    let mb = option_number("Hash", text)?;
    if memory_available(mb) {
        Ok(mb)
    } else {
        Err(format!("cannot allocate {mb} MiB of memory"))
    }
}

fn perft_depth_arg(text: &str) -> Result<u32, String> {
    perft_depth("perft depth", text).map_err(|e| e.to_string())
}

fn search_depth_arg(text: &str) -> Result<u32, String> {
    search_depth("depth", text).map_err(|e| e.to_string())
}

/// How a subcommand failed: a value or flag refused before anything ran (status 2, as
/// clap's own refusals) or a failure while it ran (status 1).
pub enum Failure {
    Refused(String),
    Failed(String),
}

/// Refuses `--players` and `--search` for a variant of two players only: they would be
/// silently ignored.
fn check_multiplayer_flags(
    variant: Variant,
    players: Option<&str>,
    search: Option<Algorithm>,
) -> Result<(), Failure> {
    if matches!(variant, Variant::SevenKingdoms | Variant::Hexian) {
        return Ok(());
    }
    let given = [
        (players.is_some(), "--players"),
        (search.is_some(), "--search"),
    ];
    match given.iter().find(|(is_given, _)| *is_given) {
        Some((_, flag)) => Err(Failure::Refused(format!(
            "{flag} does not apply to {}: only sevenkingdoms and hexian have more than two players",
            variant.id()
        ))),
        None => Ok(()),
    }
}

/// The position that `--fen`, `--moves` and `--players` describe, once the multi-player
/// flags a two-player variant would ignore are refused.
fn position_from_flags(
    variant: Variant,
    fen: Option<&str>,
    moves: &[String],
    players: Option<&str>,
    search: Option<Algorithm>,
) -> Result<AnyGame, Failure> {
    check_multiplayer_flags(variant, players, search)?;
    setup(variant, fen, moves, players.unwrap_or("")).map_err(|e| Failure::Refused(e.to_string()))
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

/// Runs a subcommand; an error goes to stderr as one line, with exit status 2 for a
/// refused value or flag and 1 for a failure while running.
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
        } => position_from_flags(variant, fen.as_deref(), &moves, players.as_deref(), None)
            .and_then(|game| {
                let text = run_perft(&game, depth, divide, threads, !no_bulk);
                write!(QuietStdout, "{text}").map_err(|e| Failure::Failed(e.to_string()))
            }),
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
        } => position_from_flags(variant, fen.as_deref(), &moves, players.as_deref(), search)
            .and_then(|game| {
                let limits = AnalyseLimits {
                    depth,
                    movetime_ms: movetime,
                    nodes,
                };
                let settings = SearchSettings {
                    options: Options {
                        threads,
                        hash_mb: hash,
                        multipv,
                        ..Options::default()
                    },
                    algorithm: search.unwrap_or_default(),
                };
                analyse::run(&game, limits, &settings, &mut QuietStdout)
                    .map_err(|e| Failure::Failed(e.to_string()))
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
                threads: Some(threads),
                hash_mb: Some(hash),
            };
            check_multiplayer_flags(variant, None, search)
                .and_then(|()| {
                    bench::Plan::new(variant, search.unwrap_or_default(), params)
                        .map_err(|e| Failure::Failed(e.to_string()))
                })
                .and_then(|plan| {
                    let lines = plan.run(&Control::default());
                    lines
                        .iter()
                        .try_for_each(|line| writeln!(QuietStdout, "{line}"))
                        .map_err(|e| Failure::Failed(e.to_string()))
                })
        }
        Command::Match(args) => crate::matchrunner::run_command(*args).map_err(Failure::Failed),
        Command::Openings(args) => {
            crate::matchrunner::opening_maker::run_command(args).map_err(Failure::Failed)
        }
        Command::Svg(args) => return crate::svg::command::run(args),
        Command::Datagen(args) => crate::datagen::run_command(args).map_err(Failure::Failed),
        Command::Tune(args) => crate::tune::run_command(args).map_err(Failure::Failed),
        Command::WdlFit(args) => crate::wdlfit::run_command(args).map_err(Failure::Failed),
        Command::Gui(args) => return crate::gui::run(args),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(Failure::Refused(e)) => {
            eprintln!("error: {e}");
            ExitCode::from(2)
        }
        Err(Failure::Failed(e)) => {
            eprintln!("error: {e}");
            ExitCode::FAILURE
        }
    }
}

/// A command line clap refused: help and version are printed as asked; an error is
/// shown as its first line (naming the flag and what it allows), with a hint when the
/// words of a position string were passed unquoted, and exit status 2.
pub fn refuse_arguments(error: clap::Error) -> ExitCode {
    use clap::error::ErrorKind;
    if matches!(
        error.kind(),
        ErrorKind::DisplayHelp | ErrorKind::DisplayVersion
    ) || error.kind() == ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand
    {
        let _ = error.print();
        return ExitCode::SUCCESS;
    }
    let rendered = error.render().to_string();
    let first = rendered.lines().next().unwrap_or("error: bad arguments");
    let with_fen = std::env::args().any(|a| a == "--fen");
    if error.kind() == ErrorKind::UnknownArgument && with_fen {
        eprintln!("{first} (a position string has spaces: quote it, --fen \"<board> w 0 1\")");
    } else {
        eprintln!("{first}");
    }
    ExitCode::from(2)
}
