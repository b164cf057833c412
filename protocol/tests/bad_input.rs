//! Bad input over the real binary: every malformed, unknown, illegal or out-of-order line
//! is answered with exactly one `info string error: …` line and changes nothing.

mod common;

use common::*;

/// A state far from the defaults, so that a reset would show.
fn prepared_engine() -> Engine {
    let mut engine = Engine::start();
    for line in [
        "setoption name Hash value 8",
        "setoption name Threads value 2",
        "setoption name MultiPV value 2",
        "setoption name Ponder value true",
        "setoption name Move Overhead value 25",
        "setoption name Players value 3",
        "setoption name Multiplayer Search value maxn",
        "setoption name Patron value 4",
        "position startpos moves h5h6 h9h8",
    ] {
        assert!(engine.ask(line).is_empty(), "{line}");
    }
    engine
}

/// (kind of bad input, line, a fragment the error must contain)
fn bad_lines() -> Vec<(&'static str, String, &'static str)> {
    let start = START;
    let long_token = "x".repeat(200_000);
    vec![
        ("unknown command", "foo bar".into(), "unknown command 'foo'"),
        (
            "command in wrong case",
            "ISREADY".into(),
            "unknown command 'ISREADY'",
        ),
        (
            "unknown option",
            "setoption name Contempt value 10".into(),
            "unknown option 'Contempt'",
        ),
        (
            "setoption without name",
            "setoption".into(),
            "missing 'name'",
        ),
        (
            "setoption with empty name",
            "setoption name".into(),
            "missing the option name",
        ),
        (
            "setoption value without name",
            "setoption name value 3".into(),
            "missing the option name",
        ),
        (
            "setoption without 'name'",
            "setoption Hash value 3".into(),
            "expected 'name'",
        ),
        (
            "spin not a number",
            "setoption name Hash value big".into(),
            "'big' is not an integer",
        ),
        (
            "spin above max",
            "setoption name Hash value 100000".into(),
            "out of range 1..65536",
        ),
        (
            "spin below min",
            "setoption name Threads value 0".into(),
            "out of range 1..256",
        ),
        (
            "spin negative",
            "setoption name Move Overhead value -5".into(),
            "out of range 0..5000",
        ),
        (
            "spin fraction",
            "setoption name MultiPV value 1.5".into(),
            "not an integer",
        ),
        (
            "spin without value",
            "setoption name MultiPV".into(),
            "needs a value",
        ),
        (
            "combo bad value",
            "setoption name UCI_Variant value chess".into(),
            "'chess' is not one of",
        ),
        (
            "players no variant divides by",
            "setoption name Players value 4".into(),
            "'4' is neither 2, 3, 6 (hexian)",
        ),
        (
            "check bad value",
            "setoption name Ponder value maybe".into(),
            "neither true nor false",
        ),
        (
            "button with value",
            "setoption name Clear Hash value now".into(),
            "takes no value",
        ),
        (
            "string outside its grammar",
            "setoption name Players value xyz".into(),
            "option Players",
        ),
        (
            "second combo bad value",
            "setoption name Multiplayer Search value minimax".into(),
            "not one of brs, paranoid, maxn",
        ),
        (
            "position with nothing",
            "position".into(),
            "missing 'startpos' or 'fen'",
        ),
        (
            "position bad keyword",
            "position start".into(),
            "unexpected 'start'",
        ),
        (
            "position startpos extra token",
            "position startpos h5h6".into(),
            "unexpected 'h5h6'",
        ),
        (
            "position fen without string",
            "position fen".into(),
            "missing the position string",
        ),
        (
            "position fen wrong field count",
            "position fen 7/8 w 0".into(),
            "expected 4 fields",
        ),
        (
            "position fen wrong rank count",
            "position fen 7/8 w 0 1 moves".into(),
            "expected 13 ranks",
        ),
        (
            "position fen unknown piece",
            format!("position fen {}", start.replacen('d', "x", 1)),
            "unknown piece letter",
        ),
        (
            "position fen bad side",
            format!("position fen {}", start.replace(" w ", " x ")),
            "bad side to move",
        ),
        (
            "position fen negative counter",
            format!("position fen {}", start.replace(" 0 1", " -1 1")),
            "bad number",
        ),
        (
            "position fen fullmove zero",
            format!("position fen {}", start.replace(" 0 1", " 0 0")),
            "bad number",
        ),
        (
            "position fen short rank",
            format!("position fen {}", start.replace("/13/", "/12/")),
            "rank 7 needs 13 cells",
        ),
        (
            "position fen two runs adjacent",
            format!("position fen {}", start.replace("/13/", "/76/")),
            "bad run",
        ),
        (
            "position fen no black king",
            "position fen 7/8/1K7/10/11/12/13/12/2p8/10/9/8/7 w 0 1".into(),
            "exactly one King",
        ),
        (
            "position fen side not to move in check",
            "position fen k5R/8/1K7/10/11/12/13/12/2p8/10/9/8/7 w 1 1".into(),
            "not to move is in check",
        ),
        (
            "malformed move with index",
            "position startpos moves h5h6 zz".into(),
            "move 2: malformed move 'zz'",
        ),
        (
            "illegal move with index",
            "position startpos moves h5h6 h9h8 h6h7 h5h6".into(),
            "move 4: illegal move 'h5h6'",
        ),
        (
            "promotion letter on a plain move",
            "position startpos moves h5h6q".into(),
            "move 1: illegal move 'h5h6q'",
        ),
        (
            "placement in hexmate",
            "position startpos moves K@j1".into(),
            "move 1: illegal move 'K@j1'",
        ),
        (
            "move after the game ended",
            format!("position fen {CHECKMATE} moves a13b12"),
            "move 1: game over",
        ),
        (
            "go bad number",
            "go depth x".into(),
            "go depth: 'x' is not a number",
        ),
        (
            "go negative number",
            "go wtime -100".into(),
            "go wtime: '-100' is negative",
        ),
        (
            "go missing value",
            "go movetime".into(),
            "go movetime: missing value",
        ),
        (
            "go depth zero",
            "go depth 0".into(),
            "go depth: '0' is out of range",
        ),
        (
            "go number too large",
            "go nodes 123456789012345678901234567890".into(),
            "out of range",
        ),
        (
            "go unknown parameter",
            "go fast".into(),
            "unexpected 'fast'",
        ),
        (
            "go repeated parameter",
            "go depth 2 depth 3".into(),
            "'depth' given twice",
        ),
        (
            "go searchmoves without moves",
            "go searchmoves".into(),
            "missing the moves after 'searchmoves'",
        ),
        (
            "go searchmoves illegal move",
            "go searchmoves h6h7 h9h8 h6g7".into(),
            "go searchmoves: move 2: illegal move 'h9h8'",
        ),
        (
            "go perft with other parameters",
            "go perft 2 depth 3".into(),
            "perft cannot be combined",
        ),
        (
            "perft without number",
            "perft".into(),
            "perft: missing the depth",
        ),
        (
            "perft not a number",
            "perft two".into(),
            "perft: 'two' is not a number",
        ),
        (
            "bench not a number",
            "bench deep".into(),
            "bench depth: 'deep' is not a number",
        ),
        (
            "bench too many values",
            "bench 1 1 1 1".into(),
            "unexpected '1'",
        ),
        (
            "extra token after a bare command",
            "ucinewgame now".into(),
            "ucinewgame: unexpected 'now'",
        ),
        (
            "debug without on or off",
            "debug maybe".into(),
            "debug: unexpected 'maybe'",
        ),
        (
            "stop without a search",
            "stop".into(),
            "no search is running",
        ),
        (
            "ponderhit without a search",
            "ponderhit".into(),
            "no ponder search is running",
        ),
        (
            "non-ASCII command",
            "позиция startpos".into(),
            "unknown command 'позиция'",
        ),
        (
            "control character inside a token",
            "go\u{1}depth 3".into(),
            "unknown command 'go\\u{1}depth'",
        ),
        (
            "very long line",
            format!("position fen {long_token}"),
            "expected 4 fields",
        ),
    ]
}

#[test]
fn every_bad_line_gets_one_error_and_changes_nothing() {
    let mut engine = prepared_engine();
    let before = engine.state();
    let cases = bad_lines();
    let kinds: std::collections::HashSet<_> = cases.iter().map(|c| c.0).collect();
    assert!(kinds.len() >= 25, "{} kinds", kinds.len());
    for (kind, line, fragment) in &cases {
        let reply = engine.ask(line);
        assert_eq!(reply.len(), 1, "{kind}: {reply:#?}");
        assert!(
            reply[0].starts_with("info string error: ") && reply[0].contains(fragment),
            "{kind}: {} does not contain {fragment}",
            reply[0]
        );
        assert!(
            reply[0].chars().count() < 400,
            "{kind}: the error echoes too much"
        );
        assert_eq!(engine.state(), before, "{kind} changed the state");
    }
    engine.quit();
}

#[test]
fn empty_lines_and_blank_lines_are_ignored() {
    let mut engine = prepared_engine();
    let before = engine.state();
    for line in ["", "   ", "\t", " \r"] {
        assert!(engine.ask(line).is_empty());
    }
    assert_eq!(engine.state(), before);
    engine.quit();
}

#[test]
fn invalid_utf8_is_refused_like_any_bad_token() {
    let lines = run_script_bytes(b"\xff\xfe\nisready\n");
    assert_eq!(lines.len(), 2);
    assert!(lines[0].starts_with("info string error: unknown command"));
    assert_eq!(lines[1], "readyok");
}
