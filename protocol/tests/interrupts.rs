//! Commands answered at any time (docs/protocol.md, "Principles"), in every variant:
//! `stop` then the next command as if the search had ended, `isready` and `quit` during
//! searches, `perft` and `bench`, the end of the input as `quit`, and `isready` while a
//! long `position` line is handled.

mod common;

use common::{start_on_input, Engine, PATIENCE};
use engine::variants::Variant;
use protocol::shuttle::long_line;
use protocol::variant::AnyGame;
use std::time::Instant;

fn engine_for(variant: &str) -> Engine {
    let mut engine = Engine::start();
    engine.send(&format!("setoption name UCI_Variant value {variant}"));
    engine
}

/// Hexchoice has no bench positions of its own.
fn has_bench(variant: &str) -> bool {
    variant != "hexchoice"
}

fn is_error(line: &str) -> bool {
    line.starts_with("info string error")
}

#[test]
fn commands_right_after_stop_are_handled_as_if_the_search_had_ended() {
    for variant in Variant::ALL.map(Variant::id) {
        let mut engine = engine_for(variant);
        engine.send("go infinite");
        engine.read_until(|l| l.starts_with("info depth 1 "));
        // A GUI's burst: stop, then a new game and position, an option and a new search.
        engine.send(
            "stop\nucinewgame\nsetoption name MultiPV value 1\nposition startpos\ngo depth 1",
        );
        let mut lines = engine.read_until(|l| l.starts_with("bestmove "));
        lines.extend(engine.read_until(|l| l.starts_with("bestmove ")));
        assert!(!lines.iter().any(|l| is_error(l)), "{variant}: {lines:#?}");
        engine.send("go infinite");
        engine.read_until(|l| l.starts_with("info depth 1 "));
        engine.send("stop\nisready");
        let lines = engine.read_until(|l| l == "readyok");
        assert_eq!(
            lines.iter().filter(|l| l.starts_with("bestmove ")).count(),
            1,
            "{variant}: readyok must follow the stopped search's bestmove: {lines:#?}"
        );
        engine.quit();
    }
}

#[test]
fn the_end_of_the_input_ends_long_searches_counts_and_benches() {
    let mut runs = Vec::new();
    for variant in Variant::ALL.map(Variant::id) {
        for work in [
            "go depth 127",
            "go movetime 100000000",
            "go perft 20",
            "bench 100",
        ] {
            if work == "bench 100" && !has_bench(variant) {
                continue;
            }
            let script = format!("setoption name UCI_Variant value {variant}\n{work}\n");
            runs.push((
                format!("{variant}: {work}"),
                start_on_input(&[], script.as_bytes()),
            ));
        }
    }
    let deadline = Instant::now() + PATIENCE;
    for (what, mut child) in runs {
        while child.try_wait().expect("waitable").is_none() && Instant::now() < deadline {
            std::thread::sleep(std::time::Duration::from_millis(20));
        }
        if child.try_wait().expect("waitable").is_none() {
            let _ = child.kill();
            let _ = child.wait();
            panic!("{what}: still running after the end of its input");
        }
        let output = child.wait_with_output().expect("the engine ended");
        assert!(output.status.success(), "{what}");
        let text = String::from_utf8_lossy(&output.stdout);
        let last = text.lines().last().unwrap_or_default();
        assert!(
            last.starts_with("bestmove ")
                || last.contains("(partial: ")
                || last.starts_with("Nodes/second"),
            "{what}: {text}"
        );
    }
}

/// The lines of a perft stopped early: its root moves' counts add up to the total, and
/// the total says how many of the root moves were counted.
fn assert_partial_perft(lines: &[String], variant: &str) {
    let total_line = lines.last().expect("a total");
    let (total, mark) = total_line
        .strip_prefix("Nodes searched: ")
        .and_then(|rest| rest.split_once(' '))
        .unwrap_or_else(|| panic!("{variant}: {total_line}"));
    let counted: Vec<u64> = lines
        .iter()
        .filter_map(|l| l.rsplit_once(": ").and_then(|(_, n)| n.parse().ok()))
        .collect();
    let total: u64 = total.parse().expect("a number");
    assert_eq!(counted.iter().sum::<u64>(), total, "{variant}: {lines:#?}");
    let expected_start = format!("(partial: {} of ", counted.len());
    assert!(
        mark.starts_with(&expected_start) && mark.ends_with(" root moves)"),
        "{variant}: {total_line}"
    );
}

#[test]
fn isready_stop_and_quit_are_answered_during_perft_and_bench() {
    for variant in Variant::ALL.map(Variant::id) {
        let mut engine = engine_for(variant);
        for perft in ["go perft 20", "perft 20"] {
            engine.send(perft);
            engine.send("isready");
            let lines = engine.read_until(|l| l == "readyok");
            assert_eq!(lines, ["readyok"], "{variant}: {perft}");
            engine.send("stop");
            let lines = engine.read_until(|l| l.starts_with("Nodes searched:"));
            assert_partial_perft(&lines, variant);
        }
        if !has_bench(variant) {
            engine.quit();
            continue;
        }
        engine.send("bench 100");
        engine.send("isready");
        assert_eq!(engine.read_until(|l| l == "readyok"), ["readyok"]);
        engine.send("stop");
        let lines = engine.read_until(|l| l.starts_with("Nodes/second"));
        assert!(
            lines[lines.len() - 2].contains(" (partial: 0 of "),
            "{variant}: {lines:#?}"
        );
        engine.send("perft 20");
        engine.quit();
    }
}

#[test]
fn isready_is_answered_while_a_long_position_line_is_handled() {
    let start = AnyGame::start(Variant::Hexmate).expect("hexmate");
    let mut moves = long_line(&start, 200_000).expect("hexmate has a cycle");
    // The last move is refused, and only after the whole list has been replayed.
    moves.push("a1a1".to_string());
    let mut engine = Engine::start();
    let before = engine.field("Position");
    engine.send(&format!("position startpos moves {}", moves.join(" ")));
    engine.send("isready");
    let lines = engine.read_until(is_error);
    assert_eq!(lines[0], "readyok", "{lines:#?}");
    assert!(lines[1].contains("move 200001"), "{lines:#?}");
    assert_eq!(engine.field("Position"), before);
    engine.quit();
}
