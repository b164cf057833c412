//! `tessera match`: automated engine-against-engine matches through the engine
//! protocol, with Tessera's own rules as referee, for games of two or more seats.
//!
//! Modules: `config` and `specs` read the command line, `engine_process` runs an
//! engine as a child process, `game` plays one game (with `clock`, `search_info` and
//! `adjudication`), `openings` reads opening sets and `opening_maker` writes them,
//! `schedule` decides the opening and seats of each game, `stats` computes Elo and SPRT,
//! `report` and `pgn` write the results. This module runs the games on `--concurrency`
//! threads and reports them in game order.

mod adjudication;
mod clock;
pub mod config;
mod engine_process;
mod game;
pub mod opening_maker;
pub mod openings;
mod pgn;
mod report;
mod rules;
mod schedule;
mod search_info;
mod specs;
pub mod stats;

pub use config::MatchArgs;
pub use opening_maker::OpeningsArgs;

use config::{MatchConfig, Order};
use engine_process::EnginePool;
use game::{play_game, GameRecord};
use openings::{load_openings, Opening};
use pgn::{game_pgn, PgnContext};
use report::{finished_line, standings_lines};
use schedule::plan_game;
use stats::{sprt_state, Standings};
use std::collections::BTreeMap;
use std::fs::{File, OpenOptions};
use std::io::Write;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc::{channel, Sender};

/// `tessera match`: checks the command line, plays the match and prints it to stdout.
pub fn run_command(args: MatchArgs) -> Result<(), String> {
    let config = MatchConfig::from_args(args).map_err(|e| e.to_string())?;
    run_match(&config, &mut std::io::stdout().lock()).map(|_| ())
}

/// Plays the match of `config`, writing progress to `out`; returns the final standings.
pub fn run_match(config: &MatchConfig, out: &mut impl Write) -> Result<Standings, String> {
    let players = config.players.as_deref();
    let seats = rules::seats(&rules::start_position(config.variant, players)?);
    check_seating(config, seats)?;
    let seed = config.seed.unwrap_or_else(seed_from_clock);
    let openings = match &config.openings {
        Some(spec) => load_openings(spec, seed, config.variant, players)?,
        None => vec![Opening::default()],
    };
    let names: Vec<String> = config.engines.iter().map(|e| e.name.clone()).collect();
    let header = header_lines(config, seats, openings.len(), seed);
    write_lines(out, &header)?;
    let first_pool = started_pool(config)?;
    let pgn = config.pgn.as_deref().map(open_pgn).transpose()?;
    let mut log = MatchLog {
        out,
        pgn,
        context: PgnContext {
            variant: config.variant,
            players,
            names: &names,
            date: pgn::today(),
        },
        standings: Standings::new(names.len()),
        config,
        seats,
        stopped: false,
    };
    play_games(config, &openings, seats, first_pool, &mut log)?;
    log.finish()?;
    Ok(log.standings)
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

fn header_lines(config: &MatchConfig, seats: usize, openings: usize, seed: u64) -> Vec<String> {
    let names: Vec<&str> = config.engines.iter().map(|e| e.name.as_str()).collect();
    let mut lines = vec![format!(
        "Match {}: {} games of {} ({seats} seats), concurrency {}",
        names.join(" vs "),
        config.games,
        config.variant.id(),
        config.concurrency
    )];
    lines.push(match &config.openings {
        Some(spec) if spec.order == Order::Random => format!(
            "Openings: {} ({openings} openings, random order, seed {seed})",
            spec.file.display()
        ),
        Some(spec) => format!(
            "Openings: {} ({openings} openings, file order)",
            spec.file.display()
        ),
        None => "Openings: the start position".to_string(),
    });
    if !config.games.is_multiple_of(seats) {
        lines.push(format!(
            "Note: {} games is not a multiple of {seats} (the games per opening): the seats are not balanced",
            config.games
        ));
    }
    lines
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
    first_pool: EnginePool,
    log: &mut MatchLog<impl Write>,
) -> Result<(), String> {
    let next_game = AtomicUsize::new(0);
    let abort = AtomicBool::new(false);
    let slots = config.concurrency.min(config.games);
    std::thread::scope(|scope| {
        let (sender, results) = channel();
        let pools = std::iter::once(first_pool).chain((1..slots).map(|_| new_pool(config)));
        for pool in pools {
            let (sender, next_game, abort) = (sender.clone(), &next_game, &abort);
            scope.spawn(move || run_slot(pool, config, openings, seats, next_game, abort, sender));
        }
        drop(sender);
        let mut waiting = BTreeMap::new();
        let mut next_report = 0;
        for (index, record) in results {
            waiting.insert(index, record);
            while let Some(record) = waiting.remove(&next_report) {
                next_report += 1;
                let logged = log.add(&record);
                if logged.is_err() || log.stopped {
                    abort.store(true, Ordering::Relaxed);
                }
                logged?;
            }
        }
        Ok(())
    })
}

/// One concurrency slot: takes the next game number until the match is over.
fn run_slot(
    mut pool: EnginePool,
    config: &MatchConfig,
    openings: &[Opening],
    seats: usize,
    next_game: &AtomicUsize,
    abort: &AtomicBool,
    results: Sender<(usize, GameRecord)>,
) {
    while !abort.load(Ordering::Relaxed) {
        let index = next_game.fetch_add(1, Ordering::Relaxed);
        if index >= config.games {
            return;
        }
        let plan = plan_game(index, seats, config.engines.len(), openings.len());
        let opening = &openings[plan.opening];
        let Some(record) = play_game(&mut pool, &plan, opening, config, abort) else {
            return;
        };
        if results.send((index, record)).is_err() {
            return;
        }
    }
}

/// Where finished games go, in order: the output, the PGN file and the standings.
struct MatchLog<'a, W: Write> {
    out: &'a mut W,
    pgn: Option<File>,
    context: PgnContext<'a>,
    standings: Standings,
    config: &'a MatchConfig,
    seats: usize,
    /// Set once the SPRT has decided: later games are not counted.
    stopped: bool,
}

impl<W: Write> MatchLog<'_, W> {
    fn add(&mut self, record: &GameRecord) -> Result<(), String> {
        if self.stopped {
            return Ok(());
        }
        let names = self.context.names;
        write_lines(self.out, &[finished_line(record, names)])?;
        if let Some(file) = &mut self.pgn {
            file.write_all(game_pgn(record, &self.context).as_bytes())
                .map_err(|e| format!("writing the PGN file: {e}"))?;
        }
        self.standings
            .add_game(&record.plan.seat_engines, &record.points);
        let games = self.standings.games;
        let interval = self.config.rating_interval;
        if let Some(spec) = &self.config.sprt {
            self.stopped = sprt_state(&self.standings.head_to_head, spec)
                .verdict()
                .is_some();
        }
        if interval > 0
            && games.is_multiple_of(interval)
            && games < self.config.games
            && !self.stopped
        {
            write_lines(self.out, &self.standings_lines())?;
        }
        Ok(())
    }

    fn finish(&mut self) -> Result<(), String> {
        let games = self.standings.games;
        let mut lines = vec![if self.stopped {
            format!(
                "Finished match after {games} of {} games: stopped by the SPRT",
                self.config.games
            )
        } else {
            format!("Finished match after {games} games")
        }];
        lines.extend(self.standings_lines());
        write_lines(self.out, &lines)
    }

    fn standings_lines(&self) -> Vec<String> {
        standings_lines(
            &self.standings,
            self.context.names,
            self.seats,
            self.config.sprt.as_ref(),
        )
    }
}

fn write_lines(out: &mut impl Write, lines: &[String]) -> Result<(), String> {
    lines
        .iter()
        .try_for_each(|line| writeln!(out, "{line}"))
        .and_then(|()| out.flush())
        .map_err(|e| format!("writing the output: {e}"))
}
