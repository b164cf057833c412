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

#[test]
fn bad_requests_get_a_reason_and_leave_the_game_as_it_was() {
    let gui = Gui::start(&[]);
    let before = state(&gui);
    let json = "Content-Type: application/json";
    let refused =
        |method: &str, path: &str, headers: &[&str], body: &str, status: u16, reason: &str| {
            let answer = gui.request(method, path, headers, body);
            let shown = &body[..body.len().min(80)];
            assert_eq!(
                answer,
                (status, format!("{reason}\n")),
                "{method} {path} {shown}"
            );
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

/// Waits until the game is over and returns the state then.
fn ended(gui: &Gui) -> Value {
    let deadline = Instant::now() + PATIENCE;
    loop {
        let state = state(gui);
        if !state["result"].as_array().unwrap().is_empty() {
            return state;
        }
        assert!(Instant::now() < deadline, "the game did not end");
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
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
