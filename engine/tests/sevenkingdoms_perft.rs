//! The Seven Kingdoms perft suite `positions/sevenkingdoms/perft.txt` (spec §13.4,
//! docs/rules/conventions.md "Perft"): every count up to 3,000,000 by bulk counting, depths up to 2
//! also by playing every leaf move; and the late-game and finished positions of the suite
//! are checked to be replays of the reference games they name.

mod common;

use common::dev_game_moves;
use engine::game::Game;
use engine::perft::{parse_suite, perft, Counting, SuiteEntry};
use engine::variants::sevenkingdoms::{Players, SevenKingdoms};

const SUITE: &str = include_str!(concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../positions/sevenkingdoms/perft.txt"
));

/// Counts above this are checked by hand (the start position's D4), not here.
const LIMIT: u64 = 3_000_000;

fn suite() -> Vec<SuiteEntry> {
    parse_suite(SUITE).unwrap_or_else(|e| panic!("perft.txt: {e}"))
}

fn read(entry: &SuiteEntry) -> SevenKingdoms {
    SevenKingdoms::from_position_string(&entry.position, &Players::default())
        .unwrap_or_else(|e| panic!("perft.txt:{} ({}): {e}", entry.line, entry.name))
}

#[test]
fn perft_suite_counts() {
    let entries = suite();
    assert!(entries.len() >= 9, "{} positions", entries.len());
    let mut checked = 0;
    for entry in &entries {
        let mut pos = read(entry);
        for &(depth, expected) in entry.counts.iter().filter(|c| c.1 <= LIMIT) {
            let mut countings = vec![Counting::Bulk];
            if depth <= 2 {
                countings.push(Counting::MakeUnmake);
            }
            for counting in countings {
                assert_eq!(
                    perft(&mut pos, depth, counting),
                    expected,
                    "perft.txt:{} ({}): D{depth} {counting:?}",
                    entry.line,
                    entry.name
                );
                checked += 1;
            }
        }
        assert_eq!(
            pos.position_string(),
            read(entry).position_string(),
            "perft.txt:{} ({}): perft left the position changed",
            entry.line,
            entry.name
        );
    }
    assert!(checked >= 60, "{checked} counts checked");
}

#[test]
fn perft_suite_start_position_agrees_with_section_13_4() {
    let entries = suite();
    let start = entries
        .iter()
        .find(|e| e.name == "start")
        .expect("a start entry");
    assert_eq!(
        start.position,
        SevenKingdoms::start(&Players::default()).position_string()
    );
    assert_eq!(
        start.counts,
        [(1, 96), (2, 9_045), (3, 808_832), (4, 72_156_795)]
    );
}

/// Positions of the suite taken from the reference games: (entry name, game, moves).
const REPLAYS: [(&str, &str, usize); 3] = [
    ("late-M9gloiHEStse-139", "M9gloiHEStse", 139),
    ("late-gYcptwITvD3I-175", "gYcptwITvD3I", 175),
    ("finished-EYBJ1EnEycwp", "EYBJ1EnEycwp", 120),
];

#[test]
fn perft_suite_late_positions_are_replays_of_the_reference_games() {
    let entries = suite();
    for (name, game, plies) in REPLAYS {
        let entry = entries
            .iter()
            .find(|e| e.name == name)
            .unwrap_or_else(|| panic!("no entry {name}"));
        let mut pos = SevenKingdoms::start(&Players::default());
        for token in &dev_game_moves(game)[..plies] {
            let mv = pos
                .parse_move(token)
                .unwrap_or_else(|e| panic!("{game}: {e}"));
            pos.make_move(mv);
        }
        assert_eq!(pos.position_string(), entry.position, "{name}");
    }
    // The late positions have two captured kingdoms and go on; the last one is over.
    let late = read(entries.iter().find(|e| e.name == REPLAYS[0].0).unwrap());
    assert_eq!(late.captured_kingdoms().len(), 2);
    assert!(late.ending().is_none());
    let finished = read(entries.iter().find(|e| e.name == REPLAYS[2].0).unwrap());
    assert!(finished.ending().is_some());
}
