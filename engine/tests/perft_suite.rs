//! The perft suites in `positions/<variant>/perft.txt`: every count of at most
//! `MAX_CHECKED` leaves is checked with bulk counting, and counts of depth 3 or less also
//! with make/unmake. Larger counts are for `tessera perft` by hand.
//! The file format is `engine::perft::parse_suite`'s.

use engine::game::Game;
use engine::perft::{parse_suite, perft, Counting, SuiteEntry};
use engine::variants::hepta::Hepta;
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
const HEPTA_SUITE: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../positions/hepta/perft.txt");

/// Parses a suite file; a malformed line panics with its number.
fn read_suite(path: &str) -> Vec<SuiteEntry> {
    let text = fs::read_to_string(path).unwrap_or_else(|e| panic!("cannot read {path}: {e}"));
    parse_suite(&text).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// Checks one line; returns a message per wrong count.
fn check_line<G: Game>(path: &str, entry: &SuiteEntry, config: &G::Config) -> Vec<String> {
    let start = match G::from_position_string(&entry.position, config) {
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
fn check_suite<G: Game>(path: &str, config: G::Config, min_lines: usize) -> Vec<SuiteEntry> {
    let entries = read_suite(path);
    assert!(
        entries.len() >= min_lines,
        "{path}: {} position lines, expected at least {min_lines}",
        entries.len()
    );
    let failures: Vec<String> = entries
        .iter()
        .flat_map(|entry| check_line::<G>(path, entry, &config))
        .collect();
    assert!(
        failures.is_empty(),
        "{} wrong perft counts:\n{}",
        failures.len(),
        failures.join("\n")
    );
    entries
}

#[test]
fn hexmate_perft_suite() {
    check_suite::<Hexmate>(HEXMATE_SUITE, Ruleset::Hexmate, 11);
}

#[test]
fn hexchoice_perft_suite() {
    check_suite::<Hexmate>(HEXCHOICE_SUITE, Ruleset::Hexchoice, 3);
}

/// Hepta (rules spec §13 "Test values"): the default start to depth 3 and the true
/// start to depth 1 with the spec's numbers first, then positions of every rule family.
#[test]
fn hepta_perft_suite() {
    let entries = check_suite::<Hepta>(HEPTA_SUITE, (), 14);
    let spec_counts = |name: &str| {
        let entry = entries.iter().find(|e| e.name == name);
        entry.map(|e| e.counts.clone()).unwrap_or_default()
    };
    assert_eq!(
        spec_counts("start")[..3],
        [(1, 47), (2, 2_209), (3, 107_489)]
    );
    assert_eq!(spec_counts("true-start")[..2], [(1, 5_040), (2, 176_400)]);
}
