//! The command-line subcommands `bench` and `analyse`, and the protocol's `bench`.

mod common;

use common::*;
use std::process::Command;

fn tessera(args: &[&str]) -> (bool, String, String) {
    let output = Command::new(env!("CARGO_BIN_EXE_tessera"))
        .args(args)
        .output()
        .expect("the tessera binary runs");
    (
        output.status.success(),
        String::from_utf8_lossy(&output.stdout).into_owned(),
        String::from_utf8_lossy(&output.stderr).into_owned(),
    )
}

/// The node count of Stockfish's three bench lines, after checking their form.
fn bench_nodes(lines: &[String]) -> u64 {
    assert_eq!(lines.len(), 3, "{lines:#?}");
    let value = |line: &str, label: &str| -> u64 {
        line.strip_prefix(label)
            .and_then(|v| v.parse().ok())
            .unwrap_or_else(|| panic!("{line:?} is not '{label}<number>'"))
    };
    value(&lines[0], "Total time (ms) : ");
    value(&lines[2], "Nodes/second    : ");
    value(&lines[1], "Nodes searched  : ")
}

#[test]
fn bench_prints_three_lines_with_a_deterministic_node_count() {
    let (ok, stdout, _) = tessera(&["bench", "--depth", "2"]);
    assert!(ok);
    let lines: Vec<String> = stdout.lines().map(String::from).collect();
    let nodes = bench_nodes(&lines);
    assert!(nodes > 0);
    let mut engine = Engine::start();
    assert_eq!(bench_nodes(&engine.count("bench 2 1 16")), nodes);
    assert_eq!(bench_nodes(&engine.count("bench 2")), nodes);
    engine.quit();
}

#[test]
fn bench_without_positions_is_an_error() {
    let mut engine = Engine::start();
    engine.ask("setoption name UCI_Variant value hexchoice");
    let reply = engine.count("bench 1");
    assert_eq!(reply.len(), 1);
    assert!(reply[0].starts_with("info string error: bench: no positions/hexchoice/bench.txt"));
    engine.quit();
}

#[test]
fn analyse_shows_progress_and_a_summary() {
    let (ok, stdout, _) = tessera(&["analyse", "--depth", "3", "--moves", "h5h6"]);
    assert!(ok);
    assert!(
        stdout.contains(&format!("Position: {AFTER_H5H6}")),
        "{stdout}"
    );
    assert!(stdout.contains("depth  sel      score"), "{stdout}");
    let best = stdout
        .lines()
        .find_map(|l| l.strip_prefix("Best move: "))
        .expect("a best move");
    let mut engine = Engine::start();
    engine.ask("position startpos moves h5h6");
    assert!(
        engine.ask("moves")[0].split(' ').any(|m| m == best),
        "{stdout}"
    );
    engine.quit();
    assert!(stdout.contains("Score:     "), "{stdout}");
    assert!(stdout.contains("Line:      "), "{stdout}");
}

#[test]
fn analyse_of_a_finished_game_says_so() {
    let (ok, stdout, _) = tessera(&["analyse", "--fen", CHECKMATE]);
    assert!(ok);
    assert!(
        stdout.contains("The game is over: 1-0 (checkmate)"),
        "{stdout}"
    );
}

#[test]
fn analyse_refuses_bad_input_with_a_message() {
    let (ok, _, stderr) = tessera(&["analyse", "--moves", "h5h6", "zz"]);
    assert!(!ok);
    assert!(stderr.contains("move 2: malformed move 'zz'"), "{stderr}");
    let (ok, _, _) = tessera(&["analyse", "--depth", "3", "--nodes", "100"]);
    assert!(!ok, "two limits at once");
    let (ok, _, stderr) = tessera(&["analyse", "--variant", "chess"]);
    assert!(!ok);
    assert!(stderr.contains("unknown variant 'chess'"), "{stderr}");
}
