//! The perft suites in `positions/<variant>/perft.txt`: every count of at most
//! `MAX_CHECKED` leaves is checked with bulk counting, and counts of depth 3 or less also
//! with make/unmake. Larger counts are for `tessera perft` by hand.
//!
//! File format: blank lines are skipped; a comment `# <name>: <what it exercises>` names
//! the position line after it; every other line is `<position string>;D1 <n>;D2 <n>;...`.

use engine::game::Game;
use engine::perft::{perft, Counting};
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

/// One position line of a suite file.
#[derive(Debug)]
struct SuiteLine {
    /// 1-based line number in the file.
    line: usize,
    /// The name from the comment line before it (empty if none).
    name: String,
    position: String,
    /// `(depth, leaf count)` in file order.
    counts: Vec<(u32, u64)>,
}

/// Parses one `D<depth> <count>` field.
fn parse_count(field: &str) -> Result<(u32, u64), String> {
    let bad = || format!("expected `D<depth> <count>`, found `{field}`");
    let (depth, count) = field.trim().split_once(' ').ok_or_else(bad)?;
    let depth = depth.strip_prefix('D').ok_or_else(bad)?;
    let depth = depth.parse().map_err(|_| bad())?;
    let count = count.trim().parse().map_err(|_| bad())?;
    Ok((depth, count))
}

/// Parses a suite file; a malformed line panics with its number.
fn parse_suite(path: &str) -> Vec<SuiteLine> {
    let text = fs::read_to_string(path).unwrap_or_else(|e| panic!("cannot read {path}: {e}"));
    let mut lines = Vec::new();
    let mut name = String::new();
    for (index, raw) in text.lines().enumerate() {
        let raw = raw.trim();
        if let Some(comment) = raw.strip_prefix('#') {
            name = comment
                .split(':')
                .next()
                .unwrap_or_default()
                .trim()
                .to_string();
            continue;
        }
        if raw.is_empty() {
            continue;
        }
        let mut fields = raw.split(';');
        let position = fields.next().unwrap_or_default().trim().to_string();
        let counts: Result<Vec<_>, _> = fields.map(parse_count).collect();
        let counts = counts.unwrap_or_else(|e| panic!("{path}:{}: {e}", index + 1));
        assert!(!counts.is_empty(), "{path}:{}: no counts", index + 1);
        lines.push(SuiteLine {
            line: index + 1,
            name: std::mem::take(&mut name),
            position,
            counts,
        });
    }
    lines
}

/// Checks one line; returns a message per wrong count.
fn check_line<G: Game>(path: &str, entry: &SuiteLine, config: &G::Config) -> Vec<String> {
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
fn check_suite<G: Game>(path: &str, config: G::Config, min_lines: usize) -> Vec<SuiteLine> {
    let entries = parse_suite(path);
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

#[test]
fn count_fields_parse() {
    assert_eq!(parse_count("D3 50734"), Ok((3, 50734)));
    assert!(parse_count("3 50734").is_err());
    assert!(parse_count("D3").is_err());
    assert!(parse_count("Dx 1").is_err());
}
