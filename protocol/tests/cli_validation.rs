//! The command line refuses what the protocol refuses, with the same checks: status 2 and
//! one line that names the flag and what it allows; flags that do not apply to the
//! variant are refused; a closed output pipe ends the program quietly; impossible
//! opening requests end with an honest message.

mod common;

use common::{Engine, PATIENCE};
use std::io::{BufRead, BufReader};
use std::process::{Command, Stdio};
use std::time::Instant;

/// Runs `tessera args`, killing it (and failing) if it runs past the patience.
fn run(args: &[&str]) -> (Option<i32>, String, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_tessera"))
        .args(args)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("tessera runs");
    let deadline = Instant::now() + PATIENCE;
    while child.try_wait().expect("waitable").is_none() {
        if Instant::now() > deadline {
            let _ = child.kill();
            panic!("{args:?} did not end");
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    let output = child.wait_with_output().expect("tessera ends");
    (
        output.status.code(),
        String::from_utf8_lossy(&output.stdout).into_owned(),
        String::from_utf8_lossy(&output.stderr).into_owned(),
    )
}

/// `args` must be refused with status 2 and one line containing `expected`.
fn assert_refused(args: &str, expected: &str) {
    let words: Vec<&str> = args.split(' ').collect();
    let (status, stdout, stderr) = run(&words);
    assert_eq!(status, Some(2), "{args}: {stderr}");
    assert_eq!(stdout, "", "{args}");
    assert_eq!(stderr.lines().count(), 1, "{args}: {stderr}");
    assert!(stderr.contains(expected), "{args}: {stderr}");
}

/// The protocol's refusal of `line`, without its `info string error: ` prefix.
fn protocol_refusal(line: &str) -> String {
    let mut engine = Engine::start();
    let reply = engine.ask(line);
    engine.quit();
    reply[0]
        .strip_prefix("info string error: ")
        .unwrap_or_else(|| panic!("{line}: {reply:?}"))
        .to_string()
}

#[test]
fn values_the_protocol_refuses_are_refused_with_the_same_words() {
    let threads = protocol_refusal("setoption name Threads value 0");
    assert_refused("perft --depth 1 --threads 0", "'--threads <THREADS>'");
    assert_refused(
        "perft --depth 1 --threads 0",
        &threads["setoption: ".len()..],
    );
    let multipv = protocol_refusal("setoption name MultiPV value 257");
    assert_refused("analyse --multipv 257", &multipv["setoption: ".len()..]);
    let hash = protocol_refusal("setoption name Hash value 70000");
    assert_refused("bench --hash 70000", &hash["setoption: ".len()..]);
    let perft = protocol_refusal("perft 21");
    assert_refused("perft --depth 21", "'21' is out of range 1..20");
    assert!(perft.ends_with("'21' is out of range 1..20"), "{perft}");
    assert_refused("perft --depth 0", "'0' is out of range 1..20");
    assert_refused("analyse --depth 0", "'--depth <DEPTH>'");
}

#[test]
fn a_table_the_machine_cannot_give_is_refused_not_an_abort() {
    assert_refused(
        "analyse --variant hexmate --hash 65536 --depth 1",
        "'--hash <HASH>': cannot allocate 65536 MiB of memory",
    );
}

#[test]
fn flags_for_more_than_two_players_are_refused_for_two_player_variants() {
    for variant in ["hexmate", "hexchoice", "panoply", "hepta"] {
        let message = format!("--players does not apply to {variant}");
        assert_refused(
            &format!("perft --variant {variant} --depth 1 --players x"),
            &message,
        );
        assert_refused(
            &format!("analyse --variant {variant} --depth 1 --players 9"),
            &message,
        );
        assert_refused(
            &format!("analyse --variant {variant} --depth 1 --search maxn"),
            &format!("--search does not apply to {variant}"),
        );
    }
    assert_refused(
        "perft --variant sevenkingdoms --depth 1 --players zz",
        "Players 'zz' does not fit sevenkingdoms",
    );
    let (status, stdout, _) = run(&[
        "perft",
        "--variant",
        "hexian",
        "--depth",
        "1",
        "--players",
        "3",
    ]);
    assert_eq!(status, Some(0));
    assert!(stdout.starts_with("Nodes searched: "), "{stdout}");
}

#[test]
fn an_unquoted_position_string_gets_a_hint_to_quote_it() {
    let (status, _, stderr) = run(&[
        "perft",
        "--fen",
        "k6/8/2K6/10/2p8/12/3B9/12/11/10/9/8/7",
        "b",
        "0",
        "1",
        "--depth",
        "1",
    ]);
    assert_eq!(status, Some(2));
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(stderr.contains("unexpected argument 'b'"), "{stderr}");
    assert!(stderr.contains("quote it"), "{stderr}");
}

#[test]
fn a_closed_output_pipe_ends_the_program_quietly() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_tessera"))
        .args(["analyse", "--depth", "30"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("tessera runs");
    let mut stdout = BufReader::new(child.stdout.take().expect("piped"));
    let mut first = String::new();
    stdout.read_line(&mut first).expect("a line");
    drop(stdout);
    let output = child.wait_with_output().expect("tessera ends");
    assert_eq!(output.status.code(), Some(0));
    assert_eq!(String::from_utf8_lossy(&output.stderr), "");
}

#[test]
fn impossible_opening_requests_end_with_an_honest_message() {
    assert_refused("openings --count 0", "'--count <COUNT>'");
    let (status, stdout, stderr) = run(&["openings", "--count", "100000", "--plies", "1-1"]);
    assert_eq!(status, Some(1));
    assert_eq!(stdout, "");
    assert!(
        stderr.contains("found only 36 of 100000 hexmate openings"),
        "{stderr}"
    );
}
