//! The perft suites in `positions/<variant>/perft.txt`: every count of at most
//! `MAX_CHECKED` leaves is checked with bulk counting, and counts of depth 3 or less also
//! with make/unmake. Larger counts are for `tessera perft` by hand.
//! The file format is `engine::perft::parse_suite`'s.

use engine::game::Game;
use engine::perft::{parse_suite, perft, Counting, SuiteEntry};
use engine::variants::hexmate::{Hexmate, Ruleset};
use std::fs;

/// Counts above this are not checked here, so that the test stays fast.
const MAX_CHECKED: u64 = 3_000_000;
/// Depths up to this are also checked by playing every leaf move.
const MAX_MAKE_UNMAKE_DEPTH: u32 = 3;

const HEXMATE_SUITE: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../positions/hexmate/perft.txt"
);
const HEXCHOICE_SUITE: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../positions/hexchoice/perft.txt"
);

/// Parses a suite file; a malformed line panics with its number.
fn read_suite(path: &str) -> Vec<SuiteEntry> {
    let text = fs::read_to_string(path).unwrap_or_else(|e| panic!("cannot read {path}: {e}"));
    parse_suite(&text).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// Checks one line; returns a message per wrong count.
fn check_line(path: &str, entry: &SuiteEntry, ruleset: &Ruleset) -> Vec<String> {
    let start = match Hexmate::from_position_string(&entry.position, ruleset) {
        Ok(pos) => pos,
        Err(e) => return vec![format!("{path}:{}: bad position: {e}", entry.line)],
    };
    let mut failures = Vec::new();
    for &(depth, expected) in entry.counts.iter().filter(|c| c.1 <= MAX_CHECKED) {
        let mut countings = vec![Counting::Bulk];
        if depth <= MAX_MAKE_UNMAKE_DEPTH {
            countings.push(Counting::MakeUnmake);
        }
        for counting in countings {
            let mut pos = start.clone();
            let found = perft(&mut pos, depth, counting);
            if found != expected {
                failures.push(format!(
                    "{path}:{} [{}]: D{depth} {counting:?}: expected {expected}, found {found} ({})",
                    entry.line, entry.name, entry.position
                ));
            }
            assert_eq!(
                pos.position_string(),
                start.position_string(),
                "{path}:{}: perft did not restore the position",
                entry.line
            );
        }
    }
    failures
}

/// Checks every line of a suite file, reporting all failing lines at once.
fn check_suite(path: &str, ruleset: Ruleset, min_lines: usize) {
    let entries = read_suite(path);
    assert!(
        entries.len() >= min_lines,
        "{path}: {} position lines, expected at least {min_lines}",
        entries.len()
    );
    let failures: Vec<String> = entries
        .iter()
        .flat_map(|entry| check_line(path, entry, &ruleset))
        .collect();
    assert!(
        failures.is_empty(),
        "{} wrong perft counts:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

#[test]
fn hexmate_perft_suite() {
    check_suite(HEXMATE_SUITE, Ruleset::Hexmate, 11);
}

#[test]
fn hexchoice_perft_suite() {
    check_suite(HEXCHOICE_SUITE, Ruleset::Hexchoice, 3);
}
