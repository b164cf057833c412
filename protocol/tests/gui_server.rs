//! `tessera gui`'s HTTP API without a browser: the Host and Origin checks against DNS
//! rebinding, bad and oversized requests (each a 4xx with a one-line reason, and the
//! game as it was), engines that crash or send an illegal move (reported, game kept),
//! clocks that run out, and games saved and loaded as PGN records.

mod common;
mod gui_support;
mod match_support;

use common::{repository, Engine};
use gui_support::{raw, Gui, PATIENCE};
use match_support::{run_match, scratch, tessera_engine, words};
use serde_json::{json, Value};
use std::time::Instant;

fn state(gui: &Gui) -> Value {
    let (status, text) = gui.request("GET", "/api/state?since=0", &[], "");
    assert_eq!(status, 200, "{text}");
    serde_json::from_str(&text).expect("JSON state")
}

/// Checks that `after` shows the game of `before`: the same variant, moves, position,
/// game number and seats (the running times aside).
fn assert_same_game(after: &Value, before: &Value) {
    for field in ["variant", "moves", "position", "game"] {
        assert_eq!(after[field], before[field], "{field}");
    }
    let seats = |state: &Value| {
        let mut seats = state["seats"].clone();
        for seat in seats.as_array_mut().unwrap() {
            let seat = seat.as_object_mut().unwrap();
            seat.remove("usedMs");
            seat.remove("clockMs");
        }
        seats
    };
    assert_eq!(seats(after), seats(before));
}

/// `tessera gui` with a fake engine of `tests/fake_engines/` as its only engine.
fn gui_with_fake(script: &str) -> Gui {
    let path = repository()
        .join("protocol/tests/fake_engines")
        .join(script);
    let args = format!("args={}", path.display());
    Gui::start(&["--engine", "cmd=sh", &args, "name=Fake", "depth=1"])
}

#[test]
fn the_page_and_its_assets_are_served() {
    let gui = Gui::start(&[]);
    let (status, page) = gui.request("GET", "/", &[], "");
    assert_eq!(status, 200);
    assert!(
        page.contains("<script type=\"module\" src=\"/app.js\"></script>"),
        "{page}"
    );
    let (status, script) = gui.request("GET", "/app.js", &[], "");
    assert_eq!(status, 200);
    assert!(script.contains("function clickCell(name)"));
    let state = state(&gui);
    assert_eq!(state["variant"], "hexmate");
    assert_eq!(state["engines"][0]["name"], "Tessera");
    assert_eq!(state["personToMove"], true);
    assert!(state["svg"].as_str().unwrap().starts_with("<svg "));
}

#[test]
fn foreign_hosts_and_origins_are_refused() {
    let gui = Gui::start(&[]);
    let port = gui.port;
    let foreign =
        format!("GET / HTTP/1.1\r\nHost: attacker.example:{port}\r\nConnection: close\r\n\r\n");
    assert_eq!(
        raw(port, &foreign),
        (
            403,
            format!("Host 'attacker.example:{port}' is not this server\n")
        )
    );
    let no_host = "GET / HTTP/1.0\r\n\r\n";
    assert_eq!(
        raw(port, no_host),
        (400, "the request has no Host header\n".to_string())
    );
    let origin = "Origin: http://attacker.example";
    assert_eq!(
        gui.request(
            "POST",
            "/api/move",
            &[origin, "Content-Type: application/json"],
            "{\"move\":\"c5c6\"}"
        ),
        (
            403,
            "Origin 'http://attacker.example' is not this server\n".to_string()
        )
    );
    assert_eq!(state(&gui)["moves"].as_array().unwrap().len(), 0);
    let own = format!("Origin: http://localhost:{port}");
    assert_eq!(
        gui.request(
            "POST",
            "/api/move",
            &[&own, "Content-Type: application/json"],
            "{\"move\":\"c5c6\"}"
        ),
        (200, "{\"ok\":true}".to_string())
    );
}

/// Asserts that the request is refused with `status` and the one-line `reason`.
fn assert_refused(
    gui: &Gui,
    method: &str,
    path: &str,
    headers: &[&str],
    body: &str,
    status: u16,
    reason: &str,
) {
    let answer = gui.request(method, path, headers, body);
    let shown = &body[..body.len().min(80)];
    assert_eq!(
        answer,
        (status, format!("{reason}\n")),
        "{method} {path} {shown}"
    );
}

#[test]
fn bad_requests_get_a_reason_and_leave_the_game_as_it_was() {
    let gui = Gui::start(&[]);
    let before = state(&gui);
    let json = "Content-Type: application/json";
    let refused =
        |method: &str, path: &str, headers: &[&str], body: &str, status: u16, reason: &str| {
            assert_refused(&gui, method, path, headers, body, status, reason)
        };
    let big = "x".repeat(70_000);
    let hexmate = |seats: &str| format!("{{\"variant\":\"hexmate\",\"seats\":{seats}}}");
    refused("GET", "/nothing", &[], "", 404, "no such page: /nothing");
    refused(
        "PUT",
        "/api/move",
        &[json],
        "{}",
        405,
        "PUT /api/move is not served",
    );
    refused(
        "POST",
        "/api/move",
        &["Content-Type: text/plain"],
        "c5c6",
        415,
        "the body must be application/json",
    );
    refused(
        "POST",
        "/api/move",
        &[json],
        &big,
        413,
        "the body is larger than 65536 bytes",
    );
    refused(
        "POST",
        "/api/move",
        &[json],
        "c5c6",
        400,
        "bad JSON: expected value at line 1 column 1",
    );
    refused(
        "POST",
        "/api/move",
        &[json],
        "{\"move\": 5}",
        400,
        "'move' must be a string",
    );
    refused(
        "POST",
        "/api/move",
        &[json],
        "{\"move\": \"zz\"}",
        409,
        "malformed move 'zz': expected a from-cell such as e3",
    );
    refused(
        "POST",
        "/api/takeback",
        &[json],
        "{}",
        409,
        "there is no move to take back",
    );
    refused(
        "POST",
        "/api/new",
        &[json],
        "{\"variant\":\"chess\",\"seats\":[]}",
        400,
        "unknown variant 'chess'",
    );
    refused(
        "POST",
        "/api/new",
        &[json],
        &hexmate("[{},{},{}]"),
        409,
        "this game has 2 seats, 3 were given",
    );
    refused(
        "POST",
        "/api/new",
        &[json],
        &hexmate("[{},{\"engine\":7}]"),
        400,
        "seat 2: no engine 7",
    );
    refused(
        "POST",
        "/api/new",
        &[json],
        &hexmate("[{},{\"engine\":0,\"limits\":\"depth=0\"}]"),
        400,
        "seat 2: limit: depth=0: '0' is not a positive whole number",
    );
    refused(
        "POST",
        "/api/new",
        &[json],
        "{\"variant\":\"hexian\",\"patron\":9,\"seats\":[]}",
        400,
        "'patron' must be a number from 1 to 6",
    );
    refused(
        "POST",
        "/api/new",
        &[json],
        "{\"variant\":\"hexmate\",\"fen\":\"7/8 w 0 1\",\"seats\":[{},{}]}",
        409,
        "bad position string: expected 13 ranks, found 2 at character 1 ('7/8')",
    );
    refused(
        "GET",
        "/api/state?rotation=45",
        &[],
        "",
        400,
        "'rotation' must be a multiple of 30 below 360",
    );
    refused(
        "GET",
        "/api/state?colour=red",
        &[],
        "",
        400,
        "unknown parameter 'colour'",
    );
    refused(
        "GET",
        "/api/state?since=x",
        &[],
        "",
        400,
        "'since' must be a number, not 'x'",
    );
    assert_same_game(&state(&gui), &before);
    let garbage = raw(gui.port, "NONSENSE\r\n\r\n");
    assert_eq!(garbage.0, 400);
}

/// Waits until the state's message is not empty.
fn message(gui: &Gui) -> Value {
    let deadline = Instant::now() + PATIENCE;
    loop {
        let state = state(gui);
        if state["message"] != "" {
            return state;
        }
        assert!(Instant::now() < deadline, "no message came");
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
}

#[test]
fn an_engine_that_plays_an_illegal_move_is_reported_and_the_game_kept() {
    let gui = gui_with_fake("illegal.sh");
    let new = "{\"variant\":\"hexmate\",\"seats\":[{},{\"engine\":0}]}";
    assert_eq!(gui.post("/api/new", new).0, 200);
    assert_eq!(gui.post("/api/move", "{\"move\":\"c5c6\"}").0, 200);
    let state = message(&gui);
    assert_eq!(
        state["message"],
        "Fake (Black) sent the illegal move 'a1a1' (malformed move 'a1a1': 'a1' is not a cell of the Hexmate board); the game is kept and a person now plays that seat"
    );
    assert_eq!(state["moves"], serde_json::json!(["c5c6"]));
    assert_eq!(state["personToMove"], true);
    assert_eq!(state["seats"][1]["player"], "person");
}

#[test]
fn an_engine_clock_loses_the_time_its_moves_take() {
    let gui = Gui::start(&[]);
    let new = "{\"variant\":\"hexmate\",\"seats\":[{},{\"engine\":0,\"limits\":\"tc=60+1\"}]}";
    assert_eq!(gui.post("/api/new", new).0, 200);
    let fresh = state(&gui);
    assert_eq!(fresh["seats"][0]["clockMs"], Value::Null);
    assert_eq!(fresh["seats"][1]["clockMs"], 60_000);
    assert_eq!(gui.post("/api/move", "{\"move\":\"c5c6\"}").0, 200);
    let deadline = Instant::now() + PATIENCE;
    let after = loop {
        let now = state(&gui);
        if now["moves"].as_array().unwrap().len() == 2 {
            break now;
        }
        assert!(Instant::now() < deadline, "the engine did not move");
        std::thread::sleep(std::time::Duration::from_millis(50));
    };
    // 60 s less the move's time plus the 1 s increment.
    let left = after["seats"][1]["clockMs"].as_u64().unwrap();
    assert!(left > 1_000 && left != 60_000 && left <= 61_000, "{left}");
}

/// `GET /api/state?since=N` with the current version waits for the next change and answers
/// with it: a move made while the request waits is in its answer.
#[test]
fn a_state_request_with_the_current_version_answers_with_the_next_move() {
    let gui = Gui::start(&[]);
    let version = state(&gui)["version"].as_u64().expect("a version");
    let path = format!("/api/state?since={version}");
    let changed = std::thread::scope(|scope| {
        let waiting = scope.spawn(|| gui.request("GET", &path, &[], ""));
        std::thread::sleep(std::time::Duration::from_millis(300));
        assert_eq!(gui.post("/api/move", "{\"move\":\"c5c6\"}").0, 200);
        waiting.join().expect("the request's thread")
    });
    assert_eq!(changed.0, 200, "{}", changed.1);
    let changed: Value = serde_json::from_str(&changed.1).expect("JSON state");
    assert_eq!(
        changed["moves"],
        json!(["c5c6"]),
        "version {} answered before the move",
        changed["version"]
    );
    assert!(changed["version"].as_u64() > Some(version));
}

#[test]
fn a_move_taken_back_gives_its_time_back() {
    let gui = Gui::start(&[]);
    let new =
        "{\"variant\":\"hexmate\",\"seats\":[{\"limits\":\"tc=60+5\"},{\"limits\":\"tc=60+5\"}]}";
    assert_eq!(gui.post("/api/new", new).0, 200);
    let clock = |seat: usize| state(&gui)["seats"][seat]["clockMs"].as_u64().unwrap();
    assert_eq!(gui.post("/api/move", "{\"move\":\"c5c6\"}").0, 200);
    assert_eq!(gui.post("/api/move", "{\"move\":\"c9c8\"}").0, 200);
    // Each move earned the 5 s increment.
    assert!(clock(0) > 60_000 && clock(1) > 60_000);
    assert_eq!(gui.post("/api/takeback", "{}").0, 200);
    assert!(clock(0) > 60_000, "the first move keeps its time");
    assert!(
        clock(1) <= 60_000,
        "Black's move and its increment are given back"
    );
    assert_eq!(gui.post("/api/takeback", "{}").0, 200);
    assert!(clock(0) <= 60_000);
    assert_eq!(state(&gui)["seats"][1]["usedMs"], 0);
}

#[test]
fn an_engine_that_crashes_is_reported_and_the_game_kept() {
    let gui = gui_with_fake("crash.sh");
    let new = "{\"variant\":\"hexmate\",\"seats\":[{\"engine\":0},{}]}";
    assert_eq!(gui.post("/api/new", new).0, 200);
    let state = message(&gui);
    assert_eq!(
        state["message"],
        "Fake (White) crashed; the game is kept and a person now plays that seat"
    );
    assert_eq!(state["moves"], serde_json::json!([]));
    assert_eq!(state["personToMove"], true);
}

#[test]
fn a_person_cannot_move_for_an_engine_seat() {
    let gui = gui_with_fake("silent.sh");
    let new = "{\"variant\":\"hexmate\",\"seats\":[{\"engine\":0},{}]}";
    assert_eq!(gui.post("/api/new", new).0, 200);
    assert_eq!(
        gui.post("/api/move", "{\"move\":\"c5c6\"}"),
        (409, "it is not a person's turn\n".to_string())
    );
    let state = state(&gui);
    assert_eq!(state["moves"], serde_json::json!([]));
    assert_eq!(state["personToMove"], false);
    assert_eq!(state["legal"], serde_json::json!([]));
}

/// The answer of `GET path` (JSON) once `done` says it shows `what`.
fn until(gui: &Gui, path: &str, what: &str, done: impl Fn(&Value) -> bool) -> Value {
    let deadline = Instant::now() + PATIENCE;
    loop {
        let (status, text) = gui.request("GET", path, &[], "");
        assert_eq!(status, 200, "{text}");
        let answer: Value = serde_json::from_str(&text).expect("a JSON answer");
        if done(&answer) {
            return answer;
        }
        assert!(
            Instant::now() < deadline,
            "{path} never showed {what}: {answer}"
        );
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
}

/// Waits until the game is over and returns the state then.
fn ended(gui: &Gui) -> Value {
    until(gui, "/api/state?since=0", "the end of the game", |state| {
        !state["result"].as_array().unwrap().is_empty()
    })
}

#[test]
fn a_person_whose_clock_runs_out_loses_on_time() {
    let gui = Gui::start(&[]);
    let new = "{\"variant\":\"hexmate\",\"seats\":[{\"limits\":\"tc=0.3+0\"},{}]}";
    assert_eq!(gui.post("/api/new", new).0, 200);
    let state = ended(&gui);
    assert_eq!(
        state["result"],
        json!(["Result: 0-1 White (person) loses on time"])
    );
    assert_eq!(state["seats"][0]["clockMs"], 0);
    assert_eq!(state["toMove"], Value::Null);
    assert_eq!(state["legal"], json!([]));
    assert_eq!(
        gui.post("/api/move", "{\"move\":\"c5c6\"}"),
        (409, "it is not a person's turn\n".to_string())
    );
    let (status, pgn) = gui.request("GET", "/api/pgn", &[], "");
    assert_eq!(status, 200);
    assert!(pgn.contains("[Result \"0-1\"]\n"), "{pgn}");
    assert!(pgn.contains("[Termination \"time forfeit\"]\n"), "{pgn}");
    assert!(
        pgn.ends_with("\n\n{White (person) loses on time} 0-1\n\n"),
        "{pgn}"
    );
}

#[test]
fn an_engine_out_of_the_time_of_its_clock_loses_on_time() {
    let gui = gui_with_fake("silent.sh");
    let new = "{\"variant\":\"hexmate\",\"seats\":[{\"engine\":0,\"limits\":\"tc=0.2+0\"},{}]}";
    assert_eq!(gui.post("/api/new", new).0, 200);
    let state = ended(&gui);
    assert_eq!(
        state["result"],
        json!(["Result: 0-1 White (Fake) loses on time"])
    );
    assert_eq!(state["message"], "");
}

#[test]
fn a_persons_limit_can_only_be_a_clock() {
    let gui = Gui::start(&[]);
    let new = "{\"variant\":\"hexmate\",\"seats\":[{\"limits\":\"st=1\"},{}]}";
    assert_eq!(
        gui.post("/api/new", new),
        (
            400,
            "seat 1: a person's limit can only be a clock (tc=…), not 'st=1'\n".to_string()
        )
    );
    let new = "{\"variant\":\"hexmate\",\"seats\":[{\"limits\":\"tc=60+2\"},{}]}";
    assert_eq!(gui.post("/api/new", new).0, 200);
    let state = state(&gui);
    assert_eq!(state["seats"][0]["limits"], "tc=60+2");
    assert!(state["seats"][0]["clockMs"].as_u64().unwrap() <= 60_000);
    assert_eq!(state["seats"][1]["clockMs"], Value::Null);
}

/// The moves of a PGN record's move text, read independently of Tessera's reader:
/// without round numbers, comments and the result.
fn record_moves(pgn: &str) -> Vec<String> {
    let movetext = pgn.split("\n\n").nth(1).unwrap();
    let mut moves = Vec::new();
    let mut in_comment = false;
    for token in movetext.split_whitespace() {
        in_comment |= token.starts_with('{');
        let numbered = token.ends_with('.') && token.starts_with(|c: char| c.is_ascii_digit());
        if !in_comment && !numbered {
            moves.push(token.to_string());
        }
        in_comment &= !token.ends_with('}');
    }
    moves.pop();
    moves
}

/// The position string `d` reports after `moves` from the start of `variant`.
fn position_after(variant: &str, players: &str, moves: &[String]) -> String {
    let mut engine = Engine::start();
    engine.ask(&format!("setoption name UCI_Variant value {variant}"));
    if !players.is_empty() {
        engine.ask(&format!("setoption name Players value {players}"));
    }
    engine.ask(&format!("position startpos moves {}", moves.join(" ")));
    engine.field("Position")
}

/// The seat to move before each of `moves`, as the engine's `d` names it (`white`,
/// `black`, or `… (player N)`).
fn movers(variant: &str, players: &str, moves: &[String]) -> Vec<usize> {
    let mut engine = Engine::start();
    engine.ask(&format!("setoption name UCI_Variant value {variant}"));
    if !players.is_empty() {
        engine.ask(&format!("setoption name Players value {players}"));
    }
    (0..moves.len())
        .map(|ply| {
            engine.ask(&format!(
                "position startpos moves {}",
                moves[..ply].join(" ")
            ));
            let to_move = engine.field("To move");
            match to_move.split_once("(player ") {
                Some((_, number)) => number.trim_end_matches(')').parse::<usize>().unwrap() - 1,
                None if to_move == "white" => 0,
                None => {
                    assert_eq!(to_move, "black");
                    1
                }
            }
        })
        .collect()
}

/// `+0.31` as `-0.31` and back; a zero score keeps its sign as PGN writes it.
fn negated(score: &str) -> String {
    match score.strip_prefix('+') {
        Some(rest) if rest != "0.00" => format!("-{rest}"),
        Some(rest) => format!("+{rest}"),
        None => format!("+{}", &score[1..]),
    }
}

/// The score of each move's comment in a record (`{+0.31/1 0.001s}` gives `+0.31`).
fn record_scores(pgn: &str) -> Vec<String> {
    let movetext = pgn.split("\n\n").nth(1).unwrap();
    movetext
        .split('{')
        .skip(1)
        .map(|comment| comment.split('/').next().unwrap().to_string())
        .collect()
}

/// A one-game match of `variant` between two Tessera processes at depth 1, adjudicated
/// after a few moves; its PGN record.
fn match_record(variant: &str, players: &str) -> String {
    let pgn = scratch(&format!("gui-load-{variant}.pgn"));
    let _ = std::fs::remove_file(&pgn);
    let mut args = tessera_engine("a");
    args.extend(tessera_engine("b"));
    args.extend(words(&format!(
        "--variant {variant} --each depth=1 option.Hash=4 --games 1 --maxmoves 6 --pgn {}",
        pgn.display()
    )));
    if !players.is_empty() {
        args.extend(words(&format!("--players {players}")));
    }
    let run = run_match(&args);
    assert!(run.success, "{}", run.stderr);
    std::fs::read_to_string(&pgn).unwrap()
}

#[test]
fn a_match_record_of_every_variant_loads_with_every_move_and_saves_back() {
    let gui = Gui::start(&[]);
    let cases = [
        ("hexmate", ""),
        ("hexchoice", ""),
        ("panoply", ""),
        ("hepta", ""),
        ("sevenkingdoms", "wrob/gpd"),
        ("hexian", "3"),
    ];
    for (variant, players) in cases {
        let pgn = match_record(variant, players);
        let moves = record_moves(&pgn);
        assert!(moves.len() >= 6, "{pgn}");
        let (status, answer) = gui.post("/api/load", &json!({ "pgn": pgn }).to_string());
        assert_eq!(status, 200, "{answer}");
        let loaded = state(&gui);
        assert_eq!(loaded["variant"], variant);
        assert_eq!(loaded["players"], players);
        assert_eq!(loaded["moves"], json!(moves), "{pgn}");
        let position = position_after(variant, players, &moves);
        assert_eq!(loaded["position"], json!(position), "{variant}");
        // Each move keeps the score and depth its comment records, shown from the first
        // seat's side in a two-player game and from the mover's in a larger one.
        let scores = record_scores(&pgn);
        let evals = loaded["evals"].as_array().unwrap();
        assert!(scores.last().unwrap().starts_with("draw by adjudication"));
        assert_eq!(
            (evals.len(), scores.len()),
            (moves.len(), moves.len() + 1),
            "{pgn}"
        );
        let seats = loaded["seats"].as_array().unwrap().len();
        let movers = movers(variant, players, &moves);
        for (ply, ((eval, score), mover)) in evals.iter().zip(&scores).zip(movers).enumerate() {
            assert_eq!(eval["depth"], 1, "{variant} {eval}");
            let shown = match (seats, mover) {
                (2, 1) => json!(negated(score)),
                _ => json!(score),
            };
            assert_eq!(eval["score"], shown, "{variant} ply {ply}");
            assert_eq!(
                eval["seat"],
                if seats == 2 { 0 } else { mover },
                "{variant}"
            );
        }
        // The match adjudicated a draw after its moves: the page shows it as the record says.
        let draw = loaded["result"][0].as_str().unwrap();
        assert!(draw.starts_with("Result: 1/"), "{draw}");
        assert!(draw.ends_with("draw by adjudication: 6 moves"), "{draw}");
        assert!(loaded["seats"]
            .as_array()
            .unwrap()
            .iter()
            .all(|s| s["player"] == "person"));
        let (status, saved) = gui.request("GET", "/api/pgn", &[], "");
        assert_eq!(status, 200);
        assert_eq!(record_moves(&saved), moves);
        assert_eq!(
            saved.split("\n\n").nth(1),
            pgn.split("\n\n").nth(1),
            "the move text with its comments, the ending and the result"
        );
    }
}

#[test]
fn a_bad_record_is_refused_and_the_game_kept() {
    let gui = Gui::start(&[]);
    let people = "{\"variant\":\"hexmate\",\"seats\":[{},{}]}";
    assert_eq!(gui.post("/api/new", people).0, 200);
    assert_eq!(gui.post("/api/move", "{\"move\":\"c5c6\"}").0, 200);
    let before = state(&gui);
    let record = |movetext: &str| {
        json!({ "pgn": format!("[Variant \"hexmate\"]\n[Result \"*\"]\n\n{movetext}\n") })
            .to_string()
    };
    let refused = |body: &str, reason: &str| {
        assert_eq!(
            gui.post("/api/load", body),
            (409, format!("{reason}\n")),
            "{body}"
        );
    };
    refused(
        &record("1. c5c6 c9c8 2. c6c9 *"),
        "move 3 'c6c9' is refused: illegal move 'c6c9': the piece cannot go there, or the move leaves its King attacked",
    );
    refused(&record("1. c5c6 {0.1s"), "a comment '{' is never closed");
    refused(
        &json!({ "pgn": "[Variant \"chess\"]\n\n1. e4 *" }).to_string(),
        "Variant 'chess' is not a Tessera game",
    );
    assert_eq!(
        gui.post("/api/load", "{\"pgn\": 3}"),
        (400, "'pgn' must be a string\n".to_string())
    );
    assert_same_game(&state(&gui), &before);
}

// ---- The analysis ----

/// The analysis report once `done` says it is complete.
fn analysis_until(gui: &Gui, what: &str, done: impl Fn(&Value) -> bool) -> Value {
    until(gui, "/api/analysis?since=0", what, done)
}

/// Hexmate's E12 (docs/rules/hexmate.md): White mates in one, by g9a9 or g9g7.
const MATE_IN_ONE: &str = "k6/8/1K7/10/6R4/12/13/12/2p8/10/9/8/7 w 0 1";

fn start_position(gui: &Gui, fen: &str) {
    let new = format!(
        "{{\"variant\":\"hexmate\",\"fen\":\"{fen}\",\"seats\":[{{\"engine\":null}},{{\"engine\":null}}]}}"
    );
    assert_eq!(
        gui.post("/api/new", &new),
        (200, "{\"ok\":true}".to_string())
    );
}

#[test]
fn bad_analysis_requests_get_a_reason_and_start_nothing() {
    let gui = Gui::start(&[]);
    let before = state(&gui);
    let json = "Content-Type: application/json";
    let refused =
        |method: &str, path: &str, headers: &[&str], body: &str, status: u16, reason: &str| {
            assert_refused(&gui, method, path, headers, body, status, reason)
        };
    let analysis = "/api/analysis";
    refused(
        "POST",
        analysis,
        &["Content-Type: text/plain"],
        "{}",
        415,
        "the body must be application/json",
    );
    refused(
        "POST",
        analysis,
        &[json],
        &"x".repeat(70_000),
        413,
        "the body is larger than 65536 bytes",
    );
    refused(
        "POST",
        analysis,
        &[json],
        "{",
        400,
        "bad JSON: EOF while parsing an object at line 1 column 1",
    );
    refused(
        "POST",
        analysis,
        &[json],
        "{\"engine\":1}",
        400,
        "'engine' must be a number from 0 to 0",
    );
    refused(
        "POST",
        analysis,
        &[json],
        "{\"multipv\":6}",
        400,
        "'multipv' must be a number from 1 to 5",
    );
    refused(
        "POST",
        analysis,
        &[json],
        "{\"multipv\":\"2\"}",
        400,
        "'multipv' must be a number from 1 to 5",
    );
    refused(
        "POST",
        analysis,
        &[json],
        "{\"ply\":1}",
        400,
        "'ply' must be a number from 0 to 0",
    );
    refused(
        "POST",
        analysis,
        &[json],
        "{\"game\":99}",
        409,
        "the game has changed since the page asked",
    );
    refused(
        "POST",
        "/api/analysis/game",
        &[json],
        "{}",
        400,
        "'depth' must be a number from 1 to 20",
    );
    refused(
        "POST",
        "/api/analysis/game",
        &[json],
        "{\"depth\":21}",
        400,
        "'depth' must be a number from 1 to 20",
    );
    refused(
        "POST",
        "/api/analysis/game",
        &[json],
        "{\"depth\":2}",
        409,
        "the game has no move to review",
    );
    refused(
        "POST",
        "/api/analysis/stop",
        &["Content-Type: text/plain"],
        "{}",
        415,
        "the body must be application/json",
    );
    refused(
        "GET",
        "/api/analysis?since=x",
        &[],
        "",
        400,
        "'since' must be a number, not 'x'",
    );
    refused(
        "GET",
        "/api/analysis?rotation=45",
        &[],
        "",
        400,
        "'rotation' must be a multiple of 30 below 360",
    );
    refused(
        "GET",
        "/api/analysis?pv=1",
        &[],
        "",
        400,
        "unknown parameter 'pv'",
    );
    refused(
        "DELETE",
        analysis,
        &[],
        "",
        405,
        "DELETE /api/analysis is not served",
    );
    let foreign = "Origin: http://attacker.example";
    refused(
        "POST",
        analysis,
        &[foreign, json],
        "{}",
        403,
        "Origin 'http://attacker.example' is not this server",
    );
    let report = analysis_until(&gui, "its first report", |_| true);
    assert_eq!(report["activity"], "idle");
    assert_eq!(report["lines"], serde_json::json!([]));
    assert_eq!(report["review"], Value::Null);
    assert_same_game(&state(&gui), &before);
}

#[test]
fn a_mate_in_one_is_analysed_in_two_lines_each_with_its_arrow() {
    let gui = Gui::start(&[]);
    start_position(&gui, MATE_IN_ONE);
    let asked = gui.post("/api/analysis", "{\"multipv\":2,\"ply\":0}");
    assert_eq!(asked, (200, "{\"ok\":true}".to_string()));
    let report = analysis_until(&gui, "two lines", |r| {
        r["lines"].as_array().unwrap().len() == 2
    });
    assert_eq!(report["activity"], "analysing");
    let mut firsts = Vec::new();
    for line in report["lines"].as_array().unwrap() {
        assert_eq!(line["eval"]["score"], "+M1", "{line}");
        assert_eq!(line["pv"].as_array().unwrap().len(), 1, "{line}");
        firsts.push(line["pv"][0].as_str().unwrap().to_string());
    }
    firsts.sort();
    assert_eq!(firsts, ["g9a9", "g9g7"]);
    let arrows = report["arrows"].as_str().unwrap();
    for (from, to) in [("g9", "a9"), ("g9", "g7")] {
        let arrow = format!("class=\"arrow\" data-from=\"{from}\" data-to=\"{to}\"");
        assert!(arrows.contains(&arrow), "{arrows}");
    }
    assert_eq!(arrows.matches("class=\"arrow\"").count(), 2, "{arrows}");
    assert_eq!(gui.post("/api/analysis/stop", "{}").0, 200);
    let stopped = analysis_until(&gui, "the stop", |r| r["activity"] == "idle");
    assert_eq!(
        stopped["lines"].as_array().unwrap().len(),
        2,
        "the last lines stay"
    );
    assert_eq!(state(&gui)["moves"], serde_json::json!([]));
}

/// The score of a reference `tessera` after `ucinewgame` and `go depth <depth>` on the
/// position after `moves` from the start, from White's point of view.
fn reference_score(engine: &mut Engine, moves: &[String], depth: u32) -> String {
    engine.send("ucinewgame");
    engine.send(&format!("position startpos moves {}", moves.join(" ")));
    engine.send(&format!("go depth {depth}"));
    let lines = engine.read_until(|l| l.starts_with("bestmove"));
    let last = lines
        .iter()
        .rev()
        .find(|l| l.contains(" score "))
        .expect("an info line with a score");
    let tokens: Vec<&str> = last.split_whitespace().collect();
    let at = tokens.iter().position(|&t| t == "score").unwrap();
    let value: i32 = tokens[at + 2].parse().unwrap();
    let sign = if moves.len() % 2 == 1 { -1 } else { 1 };
    match tokens[at + 1] {
        "cp" => format!("{:+.2}", f64::from(sign * value) / 100.0),
        _ if sign * value > 0 => format!("+M{}", value.abs()),
        _ => format!("-M{}", value.abs()),
    }
}

#[test]
fn the_review_scores_every_position_as_go_depth_does_and_engine_moves_keep_their_own() {
    let gui = Gui::start(&[]);
    let new = "{\"variant\":\"hexmate\",\"seats\":[{},{\"engine\":0,\"limits\":\"depth=2\"}]}";
    assert_eq!(gui.post("/api/new", new).0, 200);
    for ply in [1, 3] {
        let legal = state(&gui)["legal"][0]["move"]
            .as_str()
            .unwrap()
            .to_string();
        assert_eq!(
            gui.post("/api/move", &format!("{{\"move\":\"{legal}\"}}"))
                .0,
            200
        );
        let deadline = Instant::now() + PATIENCE;
        while state(&gui)["moves"].as_array().unwrap().len() <= ply {
            assert!(Instant::now() < deadline, "the engine did not move");
            std::thread::sleep(std::time::Duration::from_millis(50));
        }
    }
    let played = state(&gui);
    let moves: Vec<String> = serde_json::from_value(played["moves"].clone()).unwrap();
    let evals = played["evals"].as_array().unwrap();
    assert_eq!(evals.len(), 4);
    for (ply, eval) in evals.iter().enumerate() {
        if ply % 2 == 0 {
            assert_eq!(eval, &Value::Null, "a person's move has no score");
        } else {
            assert_eq!(eval["depth"], 2, "{eval}");
            assert_eq!(eval["seat"], 0, "{eval}");
            assert!(eval["score"].is_string(), "{eval}");
        }
    }
    // The game record keeps each engine move's score and depth before its time, as
    // `tessera match` writes them; a person's move has its time only.
    let (status, pgn) = gui.request("GET", "/api/pgn", &[], "");
    assert_eq!(status, 200, "{pgn}");
    let scored = pgn
        .split_whitespace()
        .filter(|t| t.starts_with('{') && t.ends_with("/2"))
        .count();
    assert_eq!(scored, 2, "{pgn}");
    let game = played["game"].as_u64().unwrap();
    let asked = gui.post(
        "/api/analysis/game",
        &format!("{{\"depth\":3,\"game\":{game}}}"),
    );
    assert_eq!(asked.0, 200, "{}", asked.1);
    let report = analysis_until(&gui, "the whole review", |r| {
        r["activity"] == "idle"
            && r["review"]["evals"]
                .as_array()
                .is_some_and(|e| e.len() == 4)
    });
    assert_eq!(report["review"]["total"], 4);
    let mut reference = Engine::start();
    for (ply, eval) in report["review"]["evals"]
        .as_array()
        .unwrap()
        .iter()
        .enumerate()
    {
        let expected = reference_score(&mut reference, &moves[..=ply], 3);
        assert_eq!(
            eval["score"],
            expected.as_str(),
            "after {:?}",
            &moves[..=ply]
        );
        assert_eq!(eval["depth"], 3);
    }
}

#[test]
fn an_analysing_engine_that_talks_nonsense_or_crashes_is_reported_and_the_game_kept() {
    let gui = gui_with_fake("nonsense.sh");
    assert_eq!(gui.post("/api/analysis", "{}").0, 200);
    let report = analysis_until(&gui, "the engine's nonsense", |r| {
        !r["lines"].as_array().unwrap().is_empty()
    });
    assert_eq!(
        report["message"],
        "sent a line that is not of the protocol: 'hello from the engine'"
    );
    let line = &report["lines"][0];
    assert_eq!(line["pv"], serde_json::json!(["c5c6"]));
    assert_eq!(
        line["refused"],
        "PV move 'zz99': malformed move 'zz99': 'zz99' is not a cell of the Hexmate board"
    );
    assert_eq!(gui.post("/api/move", "{\"move\":\"c5c6\"}").0, 200);

    let crash = gui_with_fake("crash.sh");
    assert_eq!(crash.post("/api/analysis", "{}").0, 200);
    let report = analysis_until(&crash, "the crash", |r| r["message"] != "");
    assert_eq!(report["message"], "Fake exited; the analysis stopped");
    assert_eq!(report["activity"], "idle");
    assert_eq!(crash.post("/api/move", "{\"move\":\"c5c6\"}").0, 200);
    assert_eq!(state(&crash)["moves"], serde_json::json!(["c5c6"]));
}
