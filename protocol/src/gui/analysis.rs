//! The analysis desk: an engine of the command line (Tessera by default) analysing the
//! position the page shows with `go infinite` until `stop`, or reviewing every position
//! of the game at a fixed depth. It runs its own engine process on its own thread, so
//! the game's engine seats never wait for it, and what it reports (depth, scores, nodes,
//! the principal variations in the game's notation and their first moves as arrows) is
//! published to the page at most ten times a second.
//!
//! A page asks with `POST /api/analysis` (start or move to another position),
//! `/api/analysis/stop` and `/api/analysis/game` (review the game), and follows the
//! report with `GET /api/analysis?since=N`, which waits for the next change. An engine
//! that crashes, hangs on `stop` or sends what is no move is reported there; the game on
//! the table is never touched.

use super::server::{refuse, Answer, Hub, Refusal};
use crate::matchrunner::config::EngineSpec;
use crate::matchrunner::engine_process::{EngineError, EngineProcess};
use crate::matchrunner::rules;
use crate::matchrunner::search_info::{bestmove, InfoLine, Score};
use crate::svg::{draw_arrows, Request as Picture};
use crate::variant::AnyGame;
use crate::with_game;
use engine::game::{Seat, Status};
use engine::variants::Variant;
use engine::view::Viewable;
use serde_json::{json, Value};
use std::sync::{Arc, Condvar, Mutex, MutexGuard};
use std::time::{Duration, Instant};

/// The most principal variations the page may ask for.
const MAX_MULTIPV: u64 = 5;
/// The deepest review the page may ask for.
const MAX_REVIEW_DEPTH: u64 = 20;
/// The shortest time between two reports of a running analysis (at most ten a second).
const THROTTLE: Duration = Duration::from_millis(100);
/// How often the desk's thread looks for a new order while an engine searches.
const POLL: Duration = Duration::from_millis(20);
/// How long an engine may take to answer `stop` with `bestmove`.
const STOP_TIMEOUT: Duration = Duration::from_secs(10);
/// How long one position of a review may take.
const REVIEW_TIMEOUT: Duration = Duration::from_secs(120);
/// How long `GET /api/analysis?since=N` waits for a change before it answers anyway.
const LONG_POLL: Duration = Duration::from_secs(20);
/// How much of a line that is not of the protocol the report quotes.
const QUOTE: usize = 80;

/// The engine an order runs on and the game type it is set up for.
#[derive(Clone, Debug)]
struct Subject {
    engine: usize,
    spec: EngineSpec,
    variant: Variant,
    players: Option<String>,
}

/// What the engine was started for: another engine or game type needs a new process.
type EngineKey = (usize, Variant, Option<String>);

impl Subject {
    fn key(&self) -> EngineKey {
        (self.engine, self.variant, self.players.clone())
    }
}

/// A position of the game: the command that sets it up (with its history) and the
/// position itself (to read the engine's moves by the rules).
#[derive(Clone)]
struct Step {
    command: String,
    game: AnyGame,
}

#[derive(Clone)]
enum Order {
    Idle,
    Live {
        subject: Subject,
        multipv: usize,
        step: Box<Step>,
    },
    Review {
        subject: Subject,
        depth: u64,
        steps: Vec<Step>,
    },
}

/// One principal variation as the page shows it.
#[derive(Clone, Debug, Default)]
struct Line {
    info: InfoLine,
    /// The moves of `info.pv` in the game's notation, up to the first illegal one.
    moves: Vec<String>,
    /// The first move, when it goes from a cell to a cell (drawn as an arrow).
    arrow: Option<String>,
    /// Why the rest of the engine's PV was dropped.
    refused: Option<String>,
}

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
enum Activity {
    #[default]
    Idle,
    Analysing,
    Reviewing,
}

impl Activity {
    fn name(self) -> &'static str {
        match self {
            Activity::Idle => "idle",
            Activity::Analysing => "analysing",
            Activity::Reviewing => "reviewing",
        }
    }
}

/// The evaluation of each position after a move of the game.
#[derive(Clone, Default)]
struct Review {
    game_number: u64,
    depth: u64,
    total: usize,
    evals: Vec<Value>,
}

/// What the page is told.
#[derive(Default)]
struct Report {
    activity: Activity,
    engine: usize,
    multipv: usize,
    game_number: u64,
    ply: usize,
    /// The position analysed, for the arrows.
    game: Option<AnyGame>,
    lines: Vec<Line>,
    message: String,
    review: Option<Review>,
}

struct Desk {
    /// Counts the report's changes, for the pages' long polls.
    version: u64,
    /// Counts the orders: the desk's thread drops what it does for an older one.
    number: u64,
    order: Order,
    report: Report,
}

/// The analysis shared by the request threads and the desk's thread.
pub struct Analysis {
    desk: Mutex<Desk>,
    changed: Condvar,
}

impl Default for Analysis {
    fn default() -> Self {
        Analysis {
            desk: Mutex::new(Desk {
                version: 1,
                number: 0,
                order: Order::Idle,
                report: Report::default(),
            }),
            changed: Condvar::new(),
        }
    }
}

impl Analysis {
    fn lock(&self) -> MutexGuard<'_, Desk> {
        self.desk
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// Gives the desk's thread a new order and lets `report` say what the page sees now.
    fn order(&self, order: Order, report: impl FnOnce(&mut Report)) {
        let mut desk = self.lock();
        desk.number += 1;
        desk.order = order;
        report(&mut desk.report);
        desk.version += 1;
        self.changed.notify_all();
    }

    /// The next order after order `seen`, waiting until there is one.
    fn next_order(&self, seen: u64) -> (u64, Order) {
        let desk = self
            .changed
            .wait_while(self.lock(), |desk| desk.number == seen)
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        (desk.number, desk.order.clone())
    }

    fn is_current(&self, number: u64) -> bool {
        self.lock().number == number
    }

    /// Changes the report for order `number`, unless a newer order came.
    fn update(&self, number: u64, change: impl FnOnce(&mut Report)) {
        let mut desk = self.lock();
        if desk.number == number {
            change(&mut desk.report);
            desk.version += 1;
            self.changed.notify_all();
        }
    }
}

/// An engine's score as the page shows it, with the depth it came from: in a two-player
/// game one score from the first seat's (White's) point of view; with more seats one per
/// seat (the `scores` of the line), or the mover's alone when the engine sends none.
/// `mover` is the seat the engine searched for.
pub fn evaluation(
    score: Option<Score>,
    scores: &[i32],
    depth: Option<u32>,
    mover: Seat,
    seats: usize,
) -> Value {
    if seats > 2 && scores.len() == seats {
        let texts: Vec<String> = scores.iter().map(|&cp| Score::Cp(cp).pgn_text()).collect();
        return json!({"depth": depth, "scores": texts});
    }
    let (score, seat) = match (seats, score) {
        (2, Some(score)) if mover == 1 => (Some(score.negated()), 0),
        (2, score) => (score, 0),
        (_, score) => (score, mover),
    };
    json!({"depth": depth, "score": score.map(Score::pgn_text), "seat": seat})
}

/// What a finished position shows in a review: its result.
fn result_evaluation(game: &AnyGame) -> Option<Value> {
    match game.status() {
        Status::Over(outcome) => Some(json!({"result": outcome.result_string()})),
        Status::Ongoing => None,
    }
}

/// The engine's PV read by the rules: its moves in the game's notation up to the first
/// one that is not legal, the first move when it goes from cell to cell, and why the rest
/// was dropped.
fn read_pv<G: Viewable>(
    game: &G,
    tokens: &[String],
) -> (Vec<String>, Option<String>, Option<String>) {
    let mut position = game.clone();
    let mut moves = Vec::new();
    let mut arrow = None;
    for token in tokens {
        match position.parse_move(token) {
            Ok(mv) => {
                let text = position.move_string(mv);
                let cells = position.move_cells(mv);
                if moves.is_empty() && cells.from.is_some() && cells.to.is_some() {
                    arrow = Some(text.clone());
                }
                moves.push(text);
                position.make_move(mv);
            }
            Err(e) => return (moves, arrow, Some(format!("PV move '{token}': {e}"))),
        }
    }
    (moves, arrow, None)
}

fn line_of(game: &AnyGame, info: InfoLine) -> Line {
    let (moves, arrow, refused) = with_game!(game, g => read_pv(g, &info.pv));
    Line {
        info,
        moves,
        arrow,
        refused,
    }
}

/// A line of the engine that is neither `info` nor `bestmove`, quoted for the report.
fn stray(line: &str) -> Option<String> {
    let first = line.split_whitespace().next()?;
    (first != "info" && first != "bestmove").then(|| {
        let quoted: String = line.chars().take(QUOTE).collect();
        format!("sent a line that is not of the protocol: '{quoted}'")
    })
}

/// An `info string error: …` line, as the report says it.
fn engine_error(line: &str) -> Option<String> {
    line.strip_prefix("info string error")
        .map(|rest| format!("refused: {}", rest.trim_start_matches(':').trim()))
}

// ---- The desk's thread ----

/// The engine the desk's thread holds between orders.
struct Loaded {
    key: EngineKey,
    process: EngineProcess,
    multipv: usize,
}

/// Starts the desk's thread.
pub fn start(hub: Arc<Hub>) {
    std::thread::spawn(move || {
        let analysis = &hub.analysis;
        let mut loaded: Option<Loaded> = None;
        let mut seen = 0;
        loop {
            let (number, order) = analysis.next_order(seen);
            seen = number;
            let (name, outcome) = match &order {
                Order::Idle => continue,
                Order::Live {
                    subject,
                    multipv,
                    step,
                } => (
                    &subject.spec.name,
                    analyse(analysis, number, &mut loaded, subject, *multipv, step),
                ),
                Order::Review {
                    subject,
                    depth,
                    steps,
                } => (
                    &subject.spec.name,
                    review(analysis, number, &mut loaded, subject, *depth, steps),
                ),
            };
            if let Err(fault) = outcome {
                loaded = None;
                analysis.update(number, |report| {
                    report.activity = Activity::Idle;
                    report.message = format!("{name} {fault}; the analysis stopped");
                });
            }
        }
    });
}

fn fault(error: EngineError) -> String {
    match error {
        EngineError::Exited => "exited".to_string(),
        EngineError::Timeout => "did not answer in time".to_string(),
        other => other.to_string(),
    }
}

/// The engine of `subject`, started (or restarted for another engine or game type) if
/// need be, reporting `multipv` lines.
fn engine_for<'a>(
    loaded: &'a mut Option<Loaded>,
    subject: &Subject,
    multipv: usize,
) -> Result<&'a mut EngineProcess, String> {
    if loaded.as_ref().is_none_or(|l| l.key != subject.key()) {
        *loaded = None;
        let process = EngineProcess::start(
            &subject.spec,
            subject.variant.id(),
            subject.players.as_deref(),
        )
        .map_err(|e| format!("could not start: {e}"))?;
        *loaded = Some(Loaded {
            key: subject.key(),
            process,
            multipv: 1,
        });
    }
    let engine = loaded.as_mut().expect("started above");
    if engine.multipv != multipv {
        engine
            .process
            .send(&format!("setoption name MultiPV value {multipv}"))
            .map_err(fault)?;
        engine.multipv = multipv;
    }
    Ok(&mut engine.process)
}

/// How a search ended.
enum Ended {
    /// The engine sent `bestmove`.
    Answered,
    /// A newer order came: the search was stopped.
    Superseded,
}

/// Reads the engine's lines until `bestmove`, handing each other line (and, at least
/// every [`POLL`], `None`) to `each`. When a newer order than `number` comes, sends
/// `stop` and waits for the `bestmove`.
fn follow(
    analysis: &Analysis,
    number: u64,
    process: &mut EngineProcess,
    deadline: Option<Instant>,
    mut each: impl FnMut(Option<&str>),
) -> Result<Ended, String> {
    loop {
        if !analysis.is_current(number) {
            process.send("stop").map_err(fault)?;
            let end = Instant::now() + STOP_TIMEOUT;
            while bestmove(&process.next_line(end).map_err(fault)?).is_none() {}
            return Ok(Ended::Superseded);
        }
        let wake = Instant::now() + POLL;
        match process.next_line(deadline.map_or(wake, |d| d.min(wake))) {
            Ok(line) if bestmove(&line).is_some() => return Ok(Ended::Answered),
            Ok(line) => each(Some(&line)),
            Err(EngineError::Timeout) if deadline.is_none_or(|d| Instant::now() < d) => each(None),
            Err(error) => return Err(fault(error)),
        }
    }
}

/// The live analysis of one position: `go infinite` until a newer order, the lines
/// reported at most every [`THROTTLE`].
fn analyse(
    analysis: &Analysis,
    number: u64,
    loaded: &mut Option<Loaded>,
    subject: &Subject,
    multipv: usize,
    step: &Step,
) -> Result<(), String> {
    let process = engine_for(loaded, subject, multipv)?;
    process
        .send_all(&[&step.command, "go infinite"])
        .map_err(fault)?;
    let mut lines: Vec<Line> = Vec::new();
    let mut message = String::new();
    let mut shown = Instant::now();
    let mut pending = false;
    let ended = follow(analysis, number, process, None, |line| {
        if let Some(line) = line {
            if let Some(info) = InfoLine::parse(line).filter(|i| i.depth.is_some()) {
                let at = info.multipv.clamp(1, multipv) - 1;
                if lines.len() <= at {
                    lines.resize(at + 1, Line::default());
                }
                lines[at] = line_of(&step.game, info);
                pending = true;
            } else if let Some(said) = engine_error(line).or_else(|| stray(line)) {
                message = said;
                pending = true;
            }
        }
        if pending && shown.elapsed() >= THROTTLE {
            pending = false;
            shown = Instant::now();
            analysis.update(number, |report| {
                report.lines = lines.clone();
                report.message = message.clone();
            });
        }
    })?;
    if let Ended::Answered = ended {
        analysis.update(number, |report| {
            report.activity = Activity::Idle;
            report.lines = lines;
            report.message = "the engine ended its search before it was stopped".to_string();
        });
    }
    Ok(())
}

/// The review: `go depth` on each position after a move of the game, from a cleared
/// table each time (so that the figures are those of `go depth` on that position alone);
/// a finished position shows its result.
fn review(
    analysis: &Analysis,
    number: u64,
    loaded: &mut Option<Loaded>,
    subject: &Subject,
    depth: u64,
    steps: &[Step],
) -> Result<(), String> {
    for step in steps {
        let eval = match result_evaluation(&step.game) {
            Some(result) => result,
            None => {
                let process = engine_for(loaded, subject, 1)?;
                process.new_game().map_err(fault)?;
                process
                    .send_all(&[&step.command, &format!("go depth {depth}")])
                    .map_err(fault)?;
                let mut last = InfoLine::default();
                let deadline = Some(Instant::now() + REVIEW_TIMEOUT);
                let ended = follow(analysis, number, process, deadline, |line| {
                    let info = line.and_then(InfoLine::parse);
                    if let Some(info) = info.filter(|i| i.multipv == 1 && i.score.is_some()) {
                        last = info;
                    }
                })?;
                if let Ended::Superseded = ended {
                    return Ok(());
                }
                let seats = rules::seats(&step.game);
                let mover = rules::to_move(&step.game);
                evaluation(last.score, &last.scores, last.depth, mover, seats)
            }
        };
        analysis.update(number, |report| {
            if let Some(review) = report.review.as_mut() {
                review.evals.push(eval);
            }
        });
    }
    analysis.update(number, |report| report.activity = Activity::Idle);
    Ok(())
}

// ---- The page's requests ----

/// A number field of a request's body: absent or null gives `default`; anything else
/// must be a whole number in `range`.
fn number_field(
    body: &Value,
    name: &str,
    range: std::ops::RangeInclusive<u64>,
    default: Option<u64>,
) -> Result<Option<u64>, Refusal> {
    match body.get(name) {
        None | Some(Value::Null) => Ok(default),
        Some(value) => value
            .as_u64()
            .filter(|n| range.contains(n))
            .map(Some)
            .ok_or_else(|| {
                Refusal(
                    400,
                    format!(
                        "'{name}' must be a number from {} to {}",
                        range.start(),
                        range.end()
                    ),
                )
            }),
    }
}

/// The engine a request names (`engine`: an index into the engines of the command line,
/// the first when absent) for the game on the table; refused when the request names
/// another game (`game`) than the one on the table.
fn subject_of(hub: &Hub, body: &Value) -> Result<(Subject, u64), Refusal> {
    let engines = hub.with_table(|t| t.engines.len()) as u64;
    let engine = number_field(body, "engine", 0..=engines.saturating_sub(1), Some(0))?
        .expect("a default") as usize;
    let game = number_field(body, "game", 0..=u64::MAX, None)?;
    hub.with_table(|table| {
        if game.is_some_and(|g| g != table.game_number) {
            return refuse(409, "the game has changed since the page asked");
        }
        let subject = Subject {
            engine,
            spec: table.engines[engine].clone(),
            variant: table.variant,
            players: Some(table.players.clone()).filter(|p| !p.is_empty()),
        };
        Ok((subject, table.game_number))
    })
}

/// `POST /api/analysis`: analyse the position after `ply` moves (the last when absent)
/// with `engine`, `multipv` lines (1 to 5).
pub fn start_live(hub: &Hub, body: &Value) -> Result<Answer, Refusal> {
    let multipv =
        number_field(body, "multipv", 1..=MAX_MULTIPV, Some(1))?.expect("a default") as usize;
    let (subject, game_number) = subject_of(hub, body)?;
    let moves = hub.with_table(|t| t.moves.len()) as u64;
    let ply = number_field(body, "ply", 0..=moves, Some(moves))?.expect("a default") as usize;
    let step = hub.with_table(|table| Step {
        command: table.position_command(ply),
        game: table.position_at(ply),
    });
    let report = |report: &mut Report| {
        *report = Report {
            engine: subject.engine,
            multipv,
            game_number,
            ply,
            game: Some(step.game.clone()),
            review: report.review.take(),
            ..Report::default()
        };
    };
    match result_evaluation(&step.game) {
        Some(_) => hub.analysis.order(Order::Idle, |r| {
            report(r);
            r.message = "the game is over in this position: nothing to analyse".to_string();
        }),
        None => hub.analysis.order(
            Order::Live {
                subject: subject.clone(),
                multipv,
                step: Box::new(step.clone()),
            },
            |r| {
                report(r);
                r.activity = Activity::Analysing;
            },
        ),
    }
    Ok(ok())
}

/// `POST /api/analysis/stop`: the engine stops; its last lines stay shown.
pub fn stop(hub: &Hub) -> Result<Answer, Refusal> {
    hub.analysis
        .order(Order::Idle, |report| report.activity = Activity::Idle);
    Ok(ok())
}

/// `POST /api/analysis/game`: review every position after a move of the game on the
/// table with `engine` at `go depth <depth>` (1 to 20).
pub fn start_review(hub: &Hub, body: &Value) -> Result<Answer, Refusal> {
    let depth = number_field(body, "depth", 1..=MAX_REVIEW_DEPTH, None)?
        .ok_or_else(|| Refusal(400, "'depth' must be a number from 1 to 20".to_string()))?;
    let (subject, game_number) = subject_of(hub, body)?;
    let steps = hub.with_table(|table| {
        let mut game = table.start().clone();
        (1..=table.moves.len())
            .map(|ply| {
                rules::play(&mut game, &table.moves[ply - 1])
                    .expect("the moves of the table were checked when played");
                Step {
                    command: table.position_command(ply),
                    game: game.clone(),
                }
            })
            .collect::<Vec<_>>()
    });
    if steps.is_empty() {
        return refuse(409, "the game has no move to review");
    }
    let total = steps.len();
    hub.analysis.order(
        Order::Review {
            subject: subject.clone(),
            depth,
            steps,
        },
        |report| {
            *report = Report {
                activity: Activity::Reviewing,
                engine: subject.engine,
                game_number,
                review: Some(Review {
                    game_number,
                    depth,
                    total,
                    evals: Vec::new(),
                }),
                ..Report::default()
            };
        },
    );
    Ok(ok())
}

fn ok() -> Answer {
    ("application/json", b"{\"ok\":true}".to_vec())
}

/// `GET /api/analysis?since=N&rotation=R`: the report once its version differs from
/// `since` (or after a while), with the arrows drawn for a board turned by `rotation`.
pub fn report(hub: &Hub, query: &str) -> Result<Answer, Refusal> {
    let mut since = 0;
    let mut rotation = 0;
    for pair in query.split('&').filter(|p| !p.is_empty()) {
        let (key, value) = pair.split_once('=').unwrap_or((pair, ""));
        let number = value
            .parse::<u64>()
            .map_err(|_| Refusal(400, format!("'{key}' must be a number, not '{value}'")));
        match key {
            "since" => since = number?,
            "rotation" => {
                rotation = number?;
                if rotation % 30 != 0 || rotation >= 360 {
                    return refuse(400, "'rotation' must be a multiple of 30 below 360");
                }
            }
            _ => return refuse(400, format!("unknown parameter '{key}'")),
        }
    }
    let analysis = &hub.analysis;
    let desk = analysis
        .changed
        .wait_timeout_while(analysis.lock(), LONG_POLL, |desk| desk.version == since)
        .unwrap_or_else(|poisoned| poisoned.into_inner())
        .0;
    let body = report_json(&desk.report, desk.version, rotation as u16);
    Ok(("application/json", body.to_string().into_bytes()))
}

fn report_json(report: &Report, version: u64, rotation: u16) -> Value {
    let (seats, mover) = report
        .game
        .as_ref()
        .map_or((2, 0), |g| (rules::seats(g), rules::to_move(g)));
    let lines: Vec<Value> = report
        .lines
        .iter()
        .map(|line| {
            let info = &line.info;
            json!({
                "multipv": info.multipv,
                "depth": info.depth,
                "seldepth": info.seldepth,
                "nodes": info.nodes,
                "nps": info.nps,
                "eval": evaluation(info.score, &info.scores, info.depth, mover, seats),
                "pv": line.moves,
                "refused": line.refused,
            })
        })
        .collect();
    let arrows = report.game.as_ref().map_or(String::new(), |game| {
        let picture = Picture {
            arrows: report
                .lines
                .iter()
                .filter_map(|l| l.arrow.clone())
                .collect(),
            rotation,
            ..Picture::default()
        };
        draw_arrows(game, &picture).unwrap_or_default()
    });
    let review = report.review.as_ref().map(
        |r| json!({"game": r.game_number, "depth": r.depth, "total": r.total, "evals": r.evals}),
    );
    json!({
        "version": version,
        "activity": report.activity.name(),
        "engine": report.engine,
        "multipv": report.multipv,
        "game": report.game_number,
        "ply": report.ply,
        "lines": lines,
        "arrows": arrows,
        "message": report.message,
        "review": review,
    })
}
