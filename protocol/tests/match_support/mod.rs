//! Running `tessera match` as a user would, and reading what it prints.

#![allow(dead_code)] // each test file uses a different part of these helpers

use std::path::PathBuf;
use std::process::Command;

pub const TESSERA: &str = env!("CARGO_BIN_EXE_tessera");

/// What a finished `tessera match` printed.
pub struct MatchRun {
    pub success: bool,
    pub stdout: String,
    pub stderr: String,
}

/// Runs `tessera match` with `args`.
pub fn run_match(args: &[String]) -> MatchRun {
    let output = Command::new(TESSERA)
        .arg("match")
        .args(args)
        .output()
        .expect("tessera runs");
    MatchRun {
        success: output.status.success(),
        stdout: String::from_utf8_lossy(&output.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&output.stderr).into_owned(),
    }
}

/// Splits a command line written as one string (no quoting needed in these tests).
pub fn words(line: &str) -> Vec<String> {
    line.split_whitespace().map(String::from).collect()
}

/// The `--engine` tokens of the Tessera binary named `name`.
pub fn tessera_engine(name: &str) -> Vec<String> {
    words(&format!("--engine cmd={TESSERA} name={name}"))
}

/// The `--engine` tokens of a shell-script engine in `tests/fake_engines/`, with
/// `extra_args` after the script's path.
pub fn fake_engine(script: &str, name: &str, extra_args: &str) -> Vec<String> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fake_engines")
        .join(script);
    vec![
        "--engine".to_string(),
        "cmd=sh".to_string(),
        format!("args={} {extra_args}", path.display()),
        format!("name={name}"),
    ]
}

/// A line `Finished game <n> (<a> vs <b> …): <result> {<ending>}`.
#[derive(Debug, PartialEq, Eq)]
pub struct FinishedGame {
    pub number: usize,
    pub seats: Vec<String>,
    pub result: String,
    pub ending: String,
}

pub fn finished_games(stdout: &str) -> Vec<FinishedGame> {
    stdout
        .lines()
        .filter_map(|line| line.strip_prefix("Finished game "))
        .map(|rest| {
            let (number, rest) = rest.split_once(" (").expect("a game number");
            let (seats, rest) = rest.split_once("): ").expect("the seats");
            let (result, ending) = rest.split_once(" {").expect("the ending");
            FinishedGame {
                number: number.parse().expect("a number"),
                seats: seats.split(" vs ").map(String::from).collect(),
                result: result.to_string(),
                ending: ending.trim_end_matches('}').to_string(),
            }
        })
        .collect()
}

/// A scratch file path unique to this test run.
pub fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("tessera-match-tests-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a scratch directory");
    dir.join(name)
}
