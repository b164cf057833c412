//! The HTTP side: the page and its assets, and a JSON API (`GET /api/state`, which waits
//! for the next change so the page follows a game live; `POST /api/new`, `/api/move`,
//! `/api/takeback`, `/api/load` (a PGN record); `GET /api/pgn`, the game as a PGN record;
//! the analysis's `GET /api/analysis` and `POST /api/analysis`, `/api/analysis/stop`,
//! `/api/analysis/game`). Each request runs on its own thread (tiny_http hands them over
//! one by one), so a waiting page never blocks another request.
//!
//! Every request is checked before it is read: its `Host` must be this server's own
//! address and an `Origin`, when sent, this server's own origin (a page of another site
//! that resolves its name to 127.0.0.1, DNS rebinding, is refused); a body must be JSON
//! (`Content-Type: application/json`, which a cross-site form cannot send) of at most
//! [`MAX_BODY`] bytes. A refusal is a 4xx status with a one-line reason.

use super::analysis::{self, Analysis};
use super::assets;
use super::moves::legal_entries;
use super::table::{read_limits, EngineJob, SeatPlan, Setup, Table};
use crate::matchrunner::config::{EngineSpec, Limits};
use crate::svg::{draw, Request as Picture};
use engine::variants::Variant;
use serde_json::{json, Value};
use std::io::Read;
use std::sync::{Condvar, Mutex, MutexGuard};
use std::time::{Duration, Instant};
use tiny_http::{Header, Method, Request, Response};

/// The largest request body read.
const MAX_BODY: usize = 64 * 1024;
/// How long `GET /api/state?since=N` waits for a change before it answers anyway.
const LONG_POLL: Duration = Duration::from_secs(20);
/// The width of the board picture in pixels (the page scales it to the window).
const PICTURE_SIZE: u32 = 720;

/// The table with a change counter, shared by the request threads and the conductor.
pub struct Hub {
    state: Mutex<Shared>,
    changed: Condvar,
    hosts: Vec<String>,
    pub analysis: Analysis,
}

struct Shared {
    version: u64,
    table: Table,
}

impl Hub {
    pub fn new(engines: Vec<EngineSpec>, host: &str, port: u16) -> Hub {
        let mut hosts = vec![format!("127.0.0.1:{port}"), format!("localhost:{port}")];
        if !hosts.contains(&format!("{host}:{port}")) {
            hosts.push(format!("{host}:{port}"));
        }
        Hub {
            state: Mutex::new(Shared {
                version: 1,
                table: Table::new(engines),
            }),
            changed: Condvar::new(),
            hosts,
            analysis: Analysis::default(),
        }
    }

    fn lock(&self) -> MutexGuard<'_, Shared> {
        self.state
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// What `read` finds on the table.
    pub fn with_table<T>(&self, read: impl FnOnce(&Table) -> T) -> T {
        read(&self.lock().table)
    }

    /// Runs `change` on the table; a success wakes every waiting page and the conductor.
    pub fn change<T>(
        &self,
        change: impl FnOnce(&mut Table) -> Result<T, String>,
    ) -> Result<T, String> {
        let mut shared = self.lock();
        let result = change(&mut shared.table);
        if result.is_ok() {
            shared.version += 1;
            self.changed.notify_all();
        }
        result
    }

    /// The next engine move to ask for that is not `last` (the game number and ply of the
    /// job asked before), waiting until there is one.
    pub fn next_job(&self, last: Option<(u64, usize)>) -> EngineJob {
        let mut shared = self.lock();
        loop {
            if let Some(job) = shared.table.engine_job() {
                if Some((job.game_number, job.ply)) != last {
                    return job;
                }
            }
            shared = self
                .changed
                .wait(shared)
                .unwrap_or_else(|poisoned| poisoned.into_inner());
        }
    }

    /// Waits until the clock of a person to move runs out, and ends the game on time.
    pub fn wait_for_flag_fall(&self) {
        let mut shared = self.lock();
        loop {
            let now = Instant::now();
            shared = match shared.table.person_deadline() {
                Some(deadline) if deadline <= now => break,
                Some(deadline) => {
                    self.changed
                        .wait_timeout(shared, deadline - now)
                        .unwrap_or_else(|poisoned| poisoned.into_inner())
                        .0
                }
                None => self
                    .changed
                    .wait(shared)
                    .unwrap_or_else(|poisoned| poisoned.into_inner()),
            };
        }
        if shared.table.flag_fall().is_ok() {
            shared.version += 1;
            self.changed.notify_all();
        }
    }

    /// The table once its version differs from `since`, or after [`LONG_POLL`].
    fn after(&self, since: u64) -> MutexGuard<'_, Shared> {
        self.changed
            .wait_timeout_while(self.lock(), LONG_POLL, |shared| shared.version == since)
            .unwrap_or_else(|poisoned| poisoned.into_inner())
            .0
    }
}

/// A refused request: status and one line of reason.
pub struct Refusal(pub u16, pub String);

pub fn refuse<T>(status: u16, reason: impl Into<String>) -> Result<T, Refusal> {
    Err(Refusal(status, reason.into()))
}

/// Answers requests until the server is closed.
pub fn serve(http: &tiny_http::Server, hub: &std::sync::Arc<Hub>) {
    for request in http.incoming_requests() {
        let hub = std::sync::Arc::clone(hub);
        std::thread::spawn(move || answer(request, &hub));
    }
}

fn header<'a>(request: &'a Request, name: &'static str) -> Option<&'a str> {
    request
        .headers()
        .iter()
        .find(|h| h.field.equiv(name))
        .map(|h| h.value.as_str())
}

fn answer(mut request: Request, hub: &Hub) {
    let response = match route(&mut request, hub) {
        Ok((content_type, body)) => Response::from_data(body).with_header(content(content_type)),
        Err(Refusal(status, reason)) => Response::from_data(format!("{reason}\n").into_bytes())
            .with_status_code(status)
            .with_header(content("text/plain; charset=utf-8")),
    };
    // One write with a Content-Length instead of chunks: a state of more than 32 KiB
    // (tiny_http's default threshold) in chunks waits on TCP acknowledgements.
    let response = response
        .with_header(
            Header::from_bytes(&b"Cache-Control"[..], &b"no-store"[..]).expect("a valid header"),
        )
        .with_chunked_threshold(usize::MAX);
    // A page that went away before its answer is no error of the server's.
    let _ = request.respond(response);
}

fn content(kind: &str) -> Header {
    Header::from_bytes(&b"Content-Type"[..], kind.as_bytes()).expect("a valid header")
}

/// Refuses a request whose `Host` or `Origin` is not this server's own.
fn check_origin(request: &Request, hosts: &[String]) -> Result<(), Refusal> {
    let Some(host) = header(request, "Host") else {
        return refuse(400, "the request has no Host header");
    };
    if !hosts.iter().any(|h| h == host) {
        return refuse(403, format!("Host '{host}' is not this server"));
    }
    if let Some(origin) = header(request, "Origin") {
        let own = hosts.iter().any(|h| origin == format!("http://{h}"));
        if !own {
            return refuse(403, format!("Origin '{origin}' is not this server"));
        }
    }
    Ok(())
}

pub type Answer = (&'static str, Vec<u8>);

fn route(request: &mut Request, hub: &Hub) -> Result<Answer, Refusal> {
    check_origin(request, &hub.hosts)?;
    let url = request.url().to_string();
    let (path, query) = url.split_once('?').unwrap_or((&url, ""));
    match (request.method(), path) {
        (Method::Get, "/api/state") => state(hub, query),
        (Method::Post, "/api/new") => {
            let body = json_body(request)?;
            let setup = read_setup(&body, &hub.lock().table.engines)?;
            changed(hub.change(|t| t.new_game(setup)))
        }
        (Method::Post, "/api/move") => {
            let body = json_body(request)?;
            let token = text_field(&body, "move")?.to_string();
            changed(hub.change(|t| t.play_person_move(&token)))
        }
        (Method::Post, "/api/takeback") => {
            json_body(request)?;
            changed(hub.change(Table::take_back))
        }
        (Method::Post, "/api/load") => {
            let body = json_body(request)?;
            let text = text_field(&body, "pgn")?.to_string();
            changed(hub.change(|t| t.load(&text)))
        }
        (Method::Get, "/api/pgn") => Ok((
            "application/x-chess-pgn; charset=utf-8",
            hub.lock().table.pgn().into_bytes(),
        )),
        (Method::Get, "/api/analysis") => analysis::report(hub, query),
        (Method::Post, "/api/analysis") => analysis::start_live(hub, &json_body(request)?),
        (Method::Post, "/api/analysis/stop") => {
            json_body(request)?;
            analysis::stop(hub)
        }
        (Method::Post, "/api/analysis/game") => analysis::start_review(hub, &json_body(request)?),
        (Method::Get, _) => match assets::file(path) {
            Some((kind, bytes)) => Ok((kind, bytes.to_vec())),
            None => refuse(404, format!("no such page: {path}")),
        },
        (method, _) => refuse(405, format!("{method} {path} is not served")),
    }
}

/// A change the rules refused is a conflict with the game's state.
fn changed(result: Result<(), String>) -> Result<Answer, Refusal> {
    result
        .map(|()| ("application/json", b"{\"ok\":true}".to_vec()))
        .map_err(|reason| Refusal(409, reason))
}

/// The body of a POST: JSON of at most [`MAX_BODY`] bytes, sent as such.
fn json_body(request: &mut Request) -> Result<Value, Refusal> {
    let kind = header(request, "Content-Type").unwrap_or("");
    if !kind.starts_with("application/json") {
        return refuse(415, "the body must be application/json");
    }
    if request.body_length().is_some_and(|n| n > MAX_BODY) {
        return refuse(413, format!("the body is larger than {MAX_BODY} bytes"));
    }
    let mut bytes = Vec::new();
    let read = request
        .as_reader()
        .take(MAX_BODY as u64 + 1)
        .read_to_end(&mut bytes);
    if read.is_err() {
        return refuse(400, "the body could not be read");
    }
    if bytes.len() > MAX_BODY {
        return refuse(413, format!("the body is larger than {MAX_BODY} bytes"));
    }
    serde_json::from_slice(&bytes).or_else(|e| refuse(400, format!("bad JSON: {e}")))
}

fn text_field<'a>(body: &'a Value, name: &str) -> Result<&'a str, Refusal> {
    body.get(name)
        .and_then(Value::as_str)
        .ok_or_else(|| Refusal(400, format!("'{name}' must be a string")))
}

/// A new game's setup from the page's JSON: `variant`, `players`, `patron`, `fen` and
/// `seats` (each `{"engine": index or null, "limits": "depth=1"}`).
fn read_setup(body: &Value, engines: &[EngineSpec]) -> Result<Setup, Refusal> {
    let id = text_field(body, "variant")?;
    let Some(variant) = Variant::from_id(id) else {
        return refuse(400, format!("unknown variant '{id}'"));
    };
    let players = match body.get("players") {
        None | Some(Value::Null) => String::new(),
        Some(_) => text_field(body, "players")?.to_string(),
    };
    let patron = match body.get("patron") {
        None | Some(Value::Null) => 1,
        Some(value) => value
            .as_u64()
            .filter(|p| (1..=6).contains(p))
            .ok_or_else(|| Refusal(400, "'patron' must be a number from 1 to 6".to_string()))?
            as u8,
    };
    let fen = match body.get("fen") {
        None | Some(Value::Null) => None,
        Some(_) => Some(text_field(body, "fen")?.trim().to_string()).filter(|f| !f.is_empty()),
    };
    let Some(seats) = body.get("seats").and_then(Value::as_array) else {
        return refuse(400, "'seats' must be a list");
    };
    let seats = seats
        .iter()
        .enumerate()
        .map(|(i, seat)| {
            read_seat(seat, engines)
                .map_err(|Refusal(s, r)| Refusal(s, format!("seat {}: {r}", i + 1)))
        })
        .collect::<Result<Vec<_>, _>>()?;
    Ok(Setup {
        variant,
        players,
        patron,
        fen,
        seats,
    })
}

/// A seat: `engine` (an index, or null for a person) and its `limits`; a person's limit
/// can only be a clock (`tc=…`).
fn read_seat(seat: &Value, engines: &[EngineSpec]) -> Result<SeatPlan, Refusal> {
    let engine = match seat.get("engine") {
        None | Some(Value::Null) => None,
        Some(value) => Some(
            value
                .as_u64()
                .map(|e| e as usize)
                .filter(|&e| e < engines.len())
                .ok_or_else(|| Refusal(400, format!("no engine {value}")))?,
        ),
    };
    let text = seat
        .get("limits")
        .and_then(Value::as_str)
        .filter(|t| !t.trim().is_empty());
    let limits = match (engine, text) {
        (None, None) => Limits::default(),
        (Some(e), None) => engines[e].limits,
        (_, Some(text)) => read_limits(text).map_err(|r| Refusal(400, r))?,
    };
    let only_a_clock = Limits {
        clock: limits.clock,
        ..Limits::default()
    };
    if engine.is_none() && limits != only_a_clock {
        return refuse(
            400,
            format!(
                "a person's limit can only be a clock (tc=…), not '{}'",
                limits_text(&limits)
            ),
        );
    }
    Ok(SeatPlan { engine, limits })
}

/// What a page asks of the state: which ply to show and the board's rotation.
struct View {
    since: u64,
    ply: Option<usize>,
    rotation: u16,
}

fn read_view(query: &str) -> Result<View, Refusal> {
    let mut view = View {
        since: 0,
        ply: None,
        rotation: 0,
    };
    for pair in query.split('&').filter(|p| !p.is_empty()) {
        let (key, value) = pair.split_once('=').unwrap_or((pair, ""));
        let number = || {
            value
                .parse::<u64>()
                .map_err(|_| Refusal(400, format!("'{key}' must be a number, not '{value}'")))
        };
        match key {
            "since" => view.since = number()?,
            "ply" => view.ply = Some(number()? as usize),
            "rotation" => {
                view.rotation = u16::try_from(number()?)
                    .ok()
                    .filter(|r| r % 30 == 0 && *r < 360)
                    .ok_or_else(|| {
                        Refusal(400, "'rotation' must be a multiple of 30 below 360".into())
                    })?
            }
            _ => return refuse(400, format!("unknown parameter '{key}'")),
        }
    }
    Ok(view)
}

fn state(hub: &Hub, query: &str) -> Result<Answer, Refusal> {
    let view = read_view(query)?;
    let shared = hub.after(view.since);
    let body = state_json(&shared.table, shared.version, &view);
    Ok(("application/json", body.to_string().into_bytes()))
}

/// A seat's limits in the keys the page and `--engine` use.
fn limits_text(limits: &Limits) -> String {
    let mut parts = Vec::new();
    if let Some(c) = limits.clock {
        parts.push(format!(
            "tc={}+{}",
            c.base_ms as f64 / 1000.0,
            c.inc_ms as f64 / 1000.0
        ));
    }
    if let Some(ms) = limits.movetime_ms {
        parts.push(format!("st={}", ms as f64 / 1000.0));
    }
    if let Some(d) = limits.depth {
        parts.push(format!("depth={d}"));
    }
    if let Some(n) = limits.nodes {
        parts.push(format!("nodes={n}"));
    }
    parts.join(" ")
}

/// What the engine that played each move reported for it (`null` for a person's move).
fn move_evaluations(table: &Table) -> Vec<Value> {
    let seats = table.seats.len();
    (0..table.moves.len())
        .map(|i| match table.move_scores.get(i) {
            Some(Some((seat, info))) => {
                analysis::evaluation(info.score, &info.scores, info.depth, *seat, seats)
            }
            _ => Value::Null,
        })
        .collect()
}

/// Everything the page draws: the board at the ply shown, the moves, the seats, the
/// legal moves when a person is to move at the last ply, and the result.
fn state_json(table: &Table, version: u64, view: &View) -> Value {
    let last = table.moves.len();
    let ply = view.ply.unwrap_or(last).min(last);
    let shown = table.position_at(ply);
    let picture = Picture {
        moves: table.moves[..ply].to_vec(),
        rotation: view.rotation,
        size: PICTURE_SIZE,
        title: format!("{} position", table.variant.id()),
        ..Picture::default()
    };
    let svg = draw(table.start(), &picture).unwrap_or_else(|e| format!("<p>{e}</p>"));
    let legal: Vec<Value> = if ply == last && table.person_to_move() {
        legal_entries(&shown)
            .into_iter()
            .map(|m| json!({"move": m.text, "path": m.path}))
            .collect()
    } else {
        Vec::new()
    };
    let clocks = table.clocks_ms();
    let used = table.used_ms();
    let seats: Vec<Value> = table
        .seats
        .iter()
        .zip(table.seat_names())
        .enumerate()
        .map(|(i, (seat, name))| {
            json!({
                "name": name,
                "clockMs": clocks[i],
                "usedMs": used[i],
                "engine": seat.engine,
                "player": table.player_name(i),
                "limits": limits_text(&seat.limits),
            })
        })
        .collect();
    let engines: Vec<Value> = table
        .engines
        .iter()
        .map(|e| json!({"name": e.name, "limits": limits_text(&e.limits)}))
        .collect();
    json!({
        "version": version,
        "game": table.game_number,
        "variant": table.variant.id(),
        "players": table.players,
        "start": table.start().position_string(),
        "moves": table.moves,
        "ply": ply,
        "position": shown.position_string(),
        "toMove": table.seat_to_move(),
        "toMoveName": shown.side_to_move_name(),
        "personToMove": table.person_to_move(),
        "seats": seats,
        "engines": engines,
        "legal": legal,
        "result": table.result_lines(),
        "message": table.message,
        "bestmoveAt": table.bestmove_at_ms,
        "evals": move_evaluations(table),
        "svg": svg,
    })
}
