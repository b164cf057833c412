//! `tessera match`: automated engine-against-engine matches through the engine
//! protocol, with Tessera's own rules as referee, for games of two or more seats.
//!
//! Modules: `config` and `specs` read the command line, `engine_process` runs an
//! engine as a child process, `game` plays one game (with `clock`, `search_info` and
//! `adjudication`), `openings` reads opening sets and `opening_maker` writes them,
//! `schedule` decides the opening and seats of each game and the games of a shard,
//! `standings` keeps the score and `stats` computes Elo, LOS and SPRT from it, `report`
//! and `pgn` write the games and standings, `results` the result files that `merge`
//! combines. This module runs the games on `--concurrency` threads and reports them in
//! game order.

mod adjudication;
pub(crate) mod clock;
pub mod config;
pub(crate) mod engine_process;
pub(crate) mod game;
mod merge;
pub mod opening_maker;
pub mod openings;
pub(crate) mod pgn;
pub(crate) mod report;
mod results;
pub(crate) mod rules;
mod schedule;
pub mod search_info;
pub(crate) mod specs;
mod standings;
pub mod stats;

pub use config::MatchArgs;
pub use opening_maker::OpeningsArgs;

use crate::output::QuietStdout;
use config::{MatchConfig, MergeConfig, OpeningsSpec, Order};
use engine_process::EnginePool;
use game::{play_game, GameRecord};
use openings::{load_openings, Opening};
use pgn::{game_pgn, PgnContext};
use report::{closing_lines, finished_line, progress_line};
use results::{game_line, header_text, GameResult, MatchIdentity};
use schedule::plan_game;
pub(crate) use schedule::shard_games;
pub(crate) use specs::shard_spec;
use standings::Standings;
use std::collections::BTreeMap;
use std::fs::{File, OpenOptions};
use std::io::{IsTerminal, Write};
use std::ops::Range;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc::{channel, Sender};

/// `tessera match`: checks the command line, then plays the match (or merges result
/// files) and prints it to stdout.
pub fn run_command(args: MatchArgs) -> Result<(), String> {
    let stdout = std::io::stdout();
    if !args.merge.is_empty() {
        let config = MergeConfig::from_args(args).map_err(|e| e.to_string())?;
        return merge::run_merge(&config, &mut QuietStdout).map(|_| ());
    }
    let style = if stdout.is_terminal() {
        ProgressStyle::InPlace
    } else {
        ProgressStyle::Lines
    };
    let config = MatchConfig::from_args(args).map_err(|e| e.to_string())?;
    run_match(&config, &mut QuietStdout, style).map(|_| ())
}

/// How the progress line is shown.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ProgressStyle {
    /// Rewritten in place after every game (a terminal).
    InPlace,
    /// A plain line every `--ratinginterval` games (a file or a pipe).
    Lines,
}

/// Plays the match of `config` (or its shard), writing progress to `out`; returns the
/// final standings.
pub fn run_match(
    config: &MatchConfig,
    out: &mut impl Write,
    style: ProgressStyle,
) -> Result<Standings, String> {
    let players = config.players.as_deref();
    let seats = rules::seats(&rules::start_position(config.variant, players)?);
    check_seating(config, seats)?;
    let games = games_to_play(config, seats)?;
    let seed = config.seed.unwrap_or_else(seed_from_clock);
    let openings = match &config.openings {
        Some(spec) => load_openings(spec, seed, config.variant, players)?,
        None => vec![Opening::default()],
    };
    let names: Vec<String> = config.engines.iter().map(|e| e.name.clone()).collect();
    let identity = MatchIdentity {
        variant: config.variant.id().to_string(),
        players: config.players.clone(),
        seats,
        games: config.games,
        openings: openings_identity(config.openings.as_ref(), openings.len(), seed),
        names: names.clone(),
    };
    write_lines(out, &header_lines(config, &identity, &games))?;
    let first_pool = started_pool(config)?;
    let mut log = MatchLog {
        out,
        style,
        showing_progress: false,
        pgn: config.pgn.as_deref().map(open_pgn).transpose()?,
        results: config
            .results
            .as_deref()
            .map(|path| create_results(path, &identity, config))
            .transpose()?,
        context: PgnContext {
            variant: config.variant,
            players,
            names: &names,
            date: pgn::today(),
        },
        standings: Standings::new(names.len(), seats),
        config,
        seats,
        total_games: games.len(),
        stopped: false,
    };
    play_games(config, &openings, seats, games, first_pool, &mut log)?;
    log.finish()?;
    Ok(log.standings)
}

/// The match's games, or the shard's slice of them.
fn games_to_play(config: &MatchConfig, seats: usize) -> Result<Range<usize>, String> {
    let Some(shard) = config.shard else {
        return Ok(0..config.games);
    };
    let games = shard_games(config.games, seats, shard);
    if games.is_empty() {
        return Err(format!(
            "--shard {}/{}: no games; the {} games make only {} rounds of {seats} (one per opening), fewer than the shards",
            shard.index + 1,
            shard.count,
            config.games,
            config.games.div_ceil(seats)
        ));
    }
    Ok(games)
}

/// How the openings are chosen, for the result files: their number and order, and the
/// seed when the order depends on it.
fn openings_identity(spec: Option<&OpeningsSpec>, count: usize, seed: u64) -> String {
    match spec {
        None => "start position".to_string(),
        Some(spec) => {
            let mut text = match spec.order {
                Order::Random => format!("{count} random seed {seed}"),
                Order::Sequential => format!("{count} sequential"),
            };
            if spec.start > 0 {
                text.push_str(&format!(" start {}", spec.start + 1));
            }
            text
        }
    }
}

/// Two-seat games take exactly two engines; games of `N` seats two to `N`. The SPRT
/// needs a head-to-head match.
fn check_seating(config: &MatchConfig, seats: usize) -> Result<(), String> {
    let engines = config.engines.len();
    let variant = config.variant.id();
    if seats == 2 && engines != 2 {
        return Err(format!("{variant} has two seats: give exactly two engines"));
    }
    if engines > seats {
        return Err(format!(
            "{variant} has {seats} seats: give at most {seats} engines"
        ));
    }
    if config.sprt.is_some() && seats != 2 {
        return Err(format!(
            "--sprt needs a two-seat game; {variant} has {seats} seats"
        ));
    }
    Ok(())
}

fn seed_from_clock() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as u64)
}

fn header_lines(
    config: &MatchConfig,
    identity: &MatchIdentity,
    games: &Range<usize>,
) -> Vec<String> {
    let seats = identity.seats;
    let mut lines = vec![format!(
        "Match {}: {} games of {} ({seats} seats), concurrency {}",
        identity.names.join(" vs "),
        config.games,
        identity.variant,
        config.concurrency
    )];
    lines.push(match &config.openings {
        Some(spec) => format!("Openings: {} ({})", spec.file.display(), identity.openings),
        None => "Openings: the start position".to_string(),
    });
    if let Some(shard) = config.shard {
        lines.push(format!(
            "Shard {} of {}: games {} to {}",
            shard.index + 1,
            shard.count,
            games.start + 1,
            games.end
        ));
    }
    if !config.games.is_multiple_of(seats) {
        lines.push(format!(
            "Note: {} games is not a multiple of {seats} (the games per opening): the seats are not balanced",
            config.games
        ));
    }
    lines
}

/// The result file, created afresh with its header.
fn create_results(
    path: &std::path::Path,
    identity: &MatchIdentity,
    config: &MatchConfig,
) -> Result<File, String> {
    let shard = config.shard.map_or("1/1".to_string(), |s| {
        format!("{}/{}", s.index + 1, s.count)
    });
    let mut file = File::create(path).map_err(|e| format!("{}: {e}", path.display()))?;
    file.write_all(header_text(identity, &shard).as_bytes())
        .map_err(|e| format!("{}: {e}", path.display()))?;
    Ok(file)
}

/// The PGN file, opened for appending as fastchess and cutechess-cli do.
fn open_pgn(path: &std::path::Path) -> Result<File, String> {
    OpenOptions::new()
        .create(true)
        .append(true)
        .open(path)
        .map_err(|e| format!("{}: {e}", path.display()))
}

/// The first slot's engines, started before any game so that a bad command or option
/// stops the match at once.
fn started_pool(config: &MatchConfig) -> Result<EnginePool<'_>, String> {
    let mut pool = new_pool(config);
    for (index, spec) in config.engines.iter().enumerate() {
        pool.get(index)
            .map_err(|e| format!("engine '{}': {e}", spec.name))?;
    }
    Ok(pool)
}

fn new_pool(config: &MatchConfig) -> EnginePool<'_> {
    EnginePool::new(
        &config.engines,
        config.variant.id(),
        config.players.as_deref(),
    )
}

/// Runs the games on `--concurrency` threads, each with its own engines, and hands the
/// finished games to `log` in game order. Games finished after the log stopped the match
/// (SPRT) are dropped, so what is reported does not depend on the threads' timing.
fn play_games(
    config: &MatchConfig,
    openings: &[Opening],
    seats: usize,
    games: Range<usize>,
    first_pool: EnginePool,
    log: &mut MatchLog<impl Write>,
) -> Result<(), String> {
    let shared = SlotWork {
        config,
        openings,
        seats,
        end: games.end,
        next_game: AtomicUsize::new(games.start),
        abort: AtomicBool::new(false),
    };
    let slots = config.concurrency.min(games.len());
    std::thread::scope(|scope| {
        let (sender, results) = channel();
        let pools = std::iter::once(first_pool).chain((1..slots).map(|_| new_pool(config)));
        for pool in pools {
            let (sender, shared) = (sender.clone(), &shared);
            scope.spawn(move || run_slot(pool, shared, sender));
        }
        drop(sender);
        let mut waiting = BTreeMap::new();
        let mut next_report = games.start;
        for (index, record) in results {
            waiting.insert(index, record);
            while let Some(record) = waiting.remove(&next_report) {
                next_report += 1;
                let logged = log.add(&record);
                if logged.is_err() || log.stopped {
                    shared.abort.store(true, Ordering::Relaxed);
                }
                logged?;
            }
        }
        Ok(())
    })
}

/// What the concurrency slots share: the match, and the next game to take up to `end`.
struct SlotWork<'a> {
    config: &'a MatchConfig,
    openings: &'a [Opening],
    seats: usize,
    end: usize,
    next_game: AtomicUsize,
    abort: AtomicBool,
}

/// One concurrency slot: takes the next game number until the games are all taken or
/// the match is aborted.
fn run_slot(mut pool: EnginePool, work: &SlotWork, results: Sender<(usize, GameRecord)>) {
    let engines = work.config.engines.len();
    while !work.abort.load(Ordering::Relaxed) {
        let index = work.next_game.fetch_add(1, Ordering::Relaxed);
        if index >= work.end {
            return;
        }
        let plan = plan_game(index, work.seats, engines, work.openings.len());
        let opening = &work.openings[plan.opening];
        let Some(record) = play_game(&mut pool, &plan, opening, work.config, &work.abort) else {
            return;
        };
        if results.send((index, record)).is_err() {
            return;
        }
    }
}

/// Where finished games go, in order: the output, the PGN and result files and the
/// standings.
struct MatchLog<'a, W: Write> {
    out: &'a mut W,
    style: ProgressStyle,
    /// An in-place progress line is on the screen, without its line end.
    showing_progress: bool,
    pgn: Option<File>,
    results: Option<File>,
    context: PgnContext<'a>,
    standings: Standings,
    config: &'a MatchConfig,
    seats: usize,
    /// The games this run plays (all, or a shard's).
    total_games: usize,
    /// Set once the SPRT has decided: later games are not counted.
    stopped: bool,
}

/// Moves to the start of the line and clears it (ANSI).
const CLEAR_LINE: &str = "\r\x1b[2K";

impl<W: Write> MatchLog<'_, W> {
    fn add(&mut self, record: &GameRecord) -> Result<(), String> {
        if self.stopped {
            return Ok(());
        }
        self.print(&[finished_line(record, self.context.names)])?;
        if let Some(file) = &mut self.pgn {
            file.write_all(game_pgn(record, &self.context).as_bytes())
                .map_err(|e| format!("writing the PGN file: {e}"))?;
        }
        let result = GameResult {
            index: record.plan.index,
            seat_engines: record.plan.seat_engines.clone(),
            points: record.points.clone(),
        };
        if let Some(file) = &mut self.results {
            file.write_all(game_line(&result).as_bytes())
                .map_err(|e| format!("writing the result file: {e}"))?;
        }
        self.standings
            .add_game(result.index, &result.seat_engines, &result.points);
        if let Some(spec) = &self.config.sprt {
            self.stopped = self.standings.pairs.sprt_state(spec).verdict().is_some();
        }
        self.report_progress()
    }

    /// The progress line: in place after every game, or as a plain line every
    /// `--ratinginterval` games before the last.
    fn report_progress(&mut self) -> Result<(), String> {
        let games = self.standings.games;
        let line = progress_line(
            &self.standings,
            self.context.names,
            self.seats,
            self.total_games,
            self.config.sprt.as_ref(),
        );
        match self.style {
            ProgressStyle::InPlace => {
                write!(self.out, "{CLEAR_LINE}{line}")
                    .and_then(|()| self.out.flush())
                    .map_err(|e| format!("writing the output: {e}"))?;
                self.showing_progress = true;
                Ok(())
            }
            ProgressStyle::Lines => {
                let interval = self.config.rating_interval;
                let due = interval > 0 && games.is_multiple_of(interval);
                if due && games < self.total_games && !self.stopped {
                    self.print(&[line])?;
                }
                Ok(())
            }
        }
    }

    /// Writes whole lines, first clearing an in-place progress line.
    fn print(&mut self, lines: &[String]) -> Result<(), String> {
        if std::mem::take(&mut self.showing_progress) {
            write!(self.out, "{CLEAR_LINE}").map_err(|e| format!("writing the output: {e}"))?;
        }
        write_lines(self.out, lines)
    }

    fn finish(&mut self) -> Result<(), String> {
        let lines = closing_lines(
            &self.standings,
            self.context.names,
            self.seats,
            self.config.sprt.as_ref(),
            self.total_games,
            self.stopped,
        );
        self.print(&lines)
    }
}

fn write_lines(out: &mut impl Write, lines: &[String]) -> Result<(), String> {
    lines
        .iter()
        .try_for_each(|line| writeln!(out, "{line}"))
        .and_then(|()| out.flush())
        .map_err(|e| format!("writing the output: {e}"))
}
