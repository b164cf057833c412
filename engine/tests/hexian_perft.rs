//! The Hexian perft suite `positions/hexian/perft.txt` (docs/rules/conventions.md "Perft"): every
//! count up to `LIMIT` by bulk counting, depths up to 2 also by playing every leaf move,
//! with the hash and position restored after each root.

use engine::game::Game;
use engine::perft::{parse_suite, perft, Counting, SuiteEntry};
use engine::variants::hexian::{Config, HexianGame};

const SUITE: &str = include_str!(concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../positions/hexian/perft.txt"
));

/// Larger counts are for `perft` by hand in a release build.
const LIMIT: u64 = 2_500;

/// Every position line of the suite.
fn suite() -> Vec<SuiteEntry> {
    parse_suite(SUITE).unwrap_or_else(|e| panic!("perft.txt: {e}"))
}

#[test]
fn perft_suite_counts() {
    let entries = suite();
    assert!(entries.len() >= 20, "{} positions", entries.len());
    for SuiteEntry {
        line,
        position,
        counts,
        ..
    } in entries
    {
        let mut game = HexianGame::from_position_string(&position, &Config::default())
            .unwrap_or_else(|e| panic!("perft.txt:{line}: {e}"));
        let hash = game.hash();
        for (depth, expected) in counts.into_iter().filter(|c| c.1 <= LIMIT) {
            assert_eq!(
                perft(&mut game, depth, Counting::Bulk),
                expected,
                "perft.txt:{line} D{depth}"
            );
            if depth <= 2 {
                assert_eq!(
                    perft(&mut game, depth, Counting::MakeUnmake),
                    expected,
                    "perft.txt:{line} D{depth} make/unmake"
                );
            }
            assert_eq!(game.hash(), hash, "perft.txt:{line}");
            assert_eq!(game.position_string(), position, "perft.txt:{line}");
        }
    }
}
