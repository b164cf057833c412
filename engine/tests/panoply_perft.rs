//! The Panoply perft suite `positions/panoply/perft.txt` (rules spec §13, docs/rules/conventions.md
//! "Perft"): every count up to `MAX_LEAVES` with bulk counting, depths up to 2 also by
//! making and unmaking every move. A failure names the file line and the position.

use engine::game::Game;
use engine::perft::{divide, parse_suite, perft, Counting, SuiteEntry};
use engine::variants::panoply::Panoply;

/// Counts above this are in the file for reference but too slow to assert here.
const MAX_LEAVES: u64 = 3_000_000;

/// One position of the suite.
struct Case(SuiteEntry);

impl std::ops::Deref for Case {
    type Target = SuiteEntry;
    fn deref(&self) -> &SuiteEntry {
        &self.0
    }
}

impl Case {
    fn at(&self) -> String {
        format!("perft.txt:{} {} ({})", self.line, self.name, self.position)
    }

    fn read(&self) -> Panoply {
        Panoply::from_position_string(&self.position, &())
            .unwrap_or_else(|e| panic!("{}: {e}", self.at()))
    }
}

/// Reads the suite (`engine::perft::parse_suite`'s format); every position is named and
/// lists its depths from 1 on.
fn suite() -> Vec<Case> {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../positions/panoply/perft.txt"
    );
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let entries = parse_suite(&text).unwrap_or_else(|e| panic!("perft.txt: {e}"));
    for entry in &entries {
        let line_no = entry.line;
        let expected_depths: Vec<u32> = (1..=entry.counts.len() as u32).collect();
        let depths: Vec<u32> = entry.counts.iter().map(|c| c.0).collect();
        assert_eq!(depths, expected_depths, "perft.txt:{line_no}: depths");
        assert!(
            !entry.name.is_empty(),
            "perft.txt:{line_no}: no '# <name>: …' line before"
        );
    }
    entries.into_iter().map(Case).collect()
}

/// Runs `count` on every (case, depth, expected) that `wanted` selects and reports all
/// mismatches at once.
fn check(wanted: impl Fn(u32, u64) -> bool, count: impl Fn(&mut Panoply, u32) -> u64, what: &str) {
    let mut failures = Vec::new();
    let mut checked = 0;
    for case in suite() {
        let mut pos = case.read();
        for &(depth, expected) in &case.counts {
            if !wanted(depth, expected) {
                continue;
            }
            checked += 1;
            let got = count(&mut pos, depth);
            if got != expected {
                failures.push(format!(
                    "{}: D{depth} expected {expected}, got {got}",
                    case.at()
                ));
            }
        }
        assert_eq!(pos.position_string(), case.read().position_string());
    }
    assert!(failures.is_empty(), "{what}:\n{}", failures.join("\n"));
    assert!(checked > 0);
}

#[test]
fn suite_is_well_formed_and_starts_with_the_spec_numbers() {
    let cases = suite();
    assert!(cases.len() >= 11, "{} positions", cases.len());
    let start = &cases[0];
    assert_eq!(start.name, "start");
    assert_eq!(
        start.read().position_string(),
        Panoply::start(&()).position_string()
    );
    // §13: perft 1–4 from the start position.
    assert_eq!(
        start.counts,
        vec![(1, 118), (2, 13_380), (3, 1_464_860), (4, 154_903_318)]
    );
    let mut names = std::collections::HashSet::new();
    for case in &cases {
        assert!(names.insert(&case.name), "{}: name used twice", case.at());
        assert!(case.counts.len() >= 3, "{}: at least D3", case.at());
        // Positions are written canonically, so the file is its own round-trip test.
        assert_eq!(
            case.read().position_string(),
            case.position,
            "{}",
            case.at()
        );
    }
}

#[test]
fn perft_bulk() {
    check(
        |_, expected| expected <= MAX_LEAVES,
        |pos, depth| perft(pos, depth, Counting::Bulk),
        "bulk counting",
    );
}

#[test]
fn perft_make_unmake_to_depth_2() {
    check(
        |depth, _| depth <= 2,
        |pos, depth| perft(pos, depth, Counting::MakeUnmake),
        "make/unmake counting",
    );
}

#[test]
fn divide_sums_to_perft_and_is_sorted_byte_by_byte() {
    for case in suite() {
        let Some(&(_, expected)) = case.counts.iter().find(|c| c.0 == 2) else {
            continue;
        };
        let split = divide(&case.read(), 2, 1, Counting::Bulk);
        assert_eq!(split.total, expected, "{}", case.at());
        let sum: u64 = split.entries.iter().map(|e| e.1).sum();
        assert_eq!(sum, expected, "{}", case.at());
        assert_eq!(
            split.entries.len() as u64,
            case.counts[0].1,
            "{}: one entry per legal move",
            case.at()
        );
        // docs/rules/conventions.md: sorted by the move text byte by byte (`h10…` before `h9…`).
        assert!(
            split
                .entries
                .windows(2)
                .all(|w| w[0].0.as_bytes() < w[1].0.as_bytes()),
            "{}: divide order",
            case.at()
        );
    }
}
