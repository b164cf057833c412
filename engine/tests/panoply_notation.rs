//! Panoply's position strings (§9, R69–R75) and move tokens (§10, R76–R81): what a reader
//! must reject, with which error, and what it must accept (R73, A20). The position cases
//! live in `positions/panoply/invalid.txt` and `valid.txt`. Nothing may panic.

use engine::game::{Game, MoveErrorKind, PositionErrorKind};
use engine::variants::panoply::{MoveList, Panoply};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use std::panic::{catch_unwind, AssertUnwindSafe};

/// The lines of a data file under `positions/panoply/` that are not comments or blank:
/// (line number, text).
fn data_lines(file: &str) -> Vec<(usize, String)> {
    let path = format!(
        "{}/{file}",
        concat!(env!("CARGO_MANIFEST_DIR"), "/../positions/panoply")
    );
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    text.lines()
        .enumerate()
        .filter(|(_, line)| !line.trim().is_empty() && !line.starts_with('#'))
        .map(|(i, line)| (i + 1, line.to_string()))
        .collect()
}

/// Reads a position string, turning a panic into a test failure that names the input.
fn read(text: &str) -> Result<Panoply, engine::game::PositionError> {
    catch_unwind(|| Panoply::from_position_string(text, &()))
        .unwrap_or_else(|_| panic!("the reader panicked on {text:?}"))
}

/// Asserts that a string the reader accepted round-trips: the written string reads back
/// to the same string and hash, and the hash is the one computed from scratch.
fn assert_round_trip(p: &Panoply, what: &str) {
    let written = p.position_string();
    let again = read(&written).unwrap_or_else(|e| panic!("{what}: rereading {written}: {e}"));
    assert_eq!(again.position_string(), written, "{what}");
    assert_eq!(again.hash(), p.hash(), "{what}: hash after rereading");
    assert_eq!(p.recompute_hash(), p.hash(), "{what}: incremental hash");
}

#[test]
fn r73_invalid_position_strings_are_rejected_with_their_kind() {
    let cases = data_lines("invalid.txt");
    assert!(cases.len() >= 20, "only {} cases", cases.len());
    for (line, case) in cases {
        let (kind, text) = case
            .split_once('|')
            .unwrap_or_else(|| panic!("invalid.txt:{line}: no '|'"));
        let err = match read(text) {
            Ok(p) => panic!(
                "invalid.txt:{line}: accepted {text:?} as {}",
                p.position_string()
            ),
            Err(err) => err,
        };
        // `Invalid(R72)`: the kind, then a part of the rule text the error cites.
        let (name, cited) = match kind.split_once('(') {
            Some((name, rest)) => (name, rest.strip_suffix(')')),
            None => (kind, None),
        };
        assert_eq!(
            err.kind.name(),
            name,
            "invalid.txt:{line}: {text:?} gave {err}"
        );
        if let (PositionErrorKind::Invalid(rule), Some(cited)) = (&err.kind, cited) {
            assert!(
                rule.contains(cited),
                "invalid.txt:{line}: {text:?} gave {err}, not {cited}"
            );
        }
        assert!(
            text.get(err.offset..)
                .is_some_and(|rest| rest.starts_with(&err.token)),
            "invalid.txt:{line}: token {:?} is not at offset {} of {text:?}",
            err.token,
            err.offset
        );
        assert!(!err.to_string().is_empty());
    }
}

#[test]
fn r73_r74_accepted_position_strings_and_their_written_form() {
    let cases = data_lines("valid.txt");
    assert!(cases.len() >= 15, "only {} cases", cases.len());
    for (line, case) in cases {
        let (text, written) = case.split_once('|').unwrap_or((&case, &case));
        let what = format!("valid.txt:{line}");
        let p = read(text).unwrap_or_else(|e| panic!("{what}: rejected {text:?}: {e}"));
        assert_eq!(p.position_string(), written, "{what}");
        assert_round_trip(&p, &what);
    }
}

#[test]
fn r73_any_whitespace_run_separates_fields() {
    let canonical = "k6/8/9/10/11/12/13/12/11/10/9/8/6K b 3 7";
    let base = read(canonical).expect("valid");
    for sep in [" ", "  ", "\t", " \t ", "\n", "\r\n"] {
        let text = canonical.replace(' ', sep);
        let p = read(&text).unwrap_or_else(|e| panic!("{text:?}: {e}"));
        assert_eq!(p.position_string(), canonical, "{text:?}");
        assert_eq!(p.hash(), base.hash());
    }
}

/// Random edits of valid strings: whatever the reader makes of them, it must not panic,
/// and what it accepts must round-trip.
#[test]
fn position_reader_survives_random_edits() {
    let seeds: Vec<String> = data_lines("valid.txt")
        .into_iter()
        .map(|(_, case)| case.split('|').next().unwrap_or_default().to_string())
        .collect();
    let alphabet: Vec<char> = "kKpPrRsScChHgGbBdDxq0123456789/ wb-+é".chars().collect();
    let mut rng = StdRng::seed_from_u64(0x9a90);
    let mut accepted = 0;
    for round in 0..3000 {
        let mut chars: Vec<char> = seeds[round % seeds.len()].chars().collect();
        for _ in 0..rng.gen_range(1..4) {
            let at = rng.gen_range(0..=chars.len());
            let ch = alphabet[rng.gen_range(0..alphabet.len())];
            match rng.gen_range(0..3) {
                0 if at < chars.len() => chars[at] = ch,
                1 if at < chars.len() => {
                    chars.remove(at);
                }
                _ => chars.insert(at, ch),
            }
        }
        let text: String = chars.into_iter().collect();
        if let Ok(p) = read(&text) {
            accepted += 1;
            assert_round_trip(&p, &text);
        } else if let Err(err) = read(&text) {
            assert!(
                text.get(err.offset..)
                    .is_some_and(|rest| rest.starts_with(&err.token)),
                "{text:?}: {err:?}"
            );
        }
    }
    assert!(
        accepted > 0,
        "no edit was accepted: the test edits too much"
    );
}

const START: &str =
    "gcrkrcg/shbbddhs/ppppppppp/10/11/12/13/12/11/10/PPPPPPPPP/SHBBDDHS/GCRKRCG w 0 1";
/// E3: Pawn d11 promotes on b13 (slide) or d13 (jump over the Rider d12).
const E3: &str = "k6/3r4/3P5/10/11/12/13/12/11/10/9/8/6K w 0 1";
/// E6: Catapult f4.
const E6: &str = "k6/8/9/10/11/5g6/5s7/2p9/2p8/2C7/9/8/6K w 0 1";
/// E8: Skirmisher g7, with captures landing on g6, i5 and k7.
const E8: &str = "k6/8/9/10/4p1s4/6r5/2h3S6/12/11/10/9/8/6K w 0 1";
/// E12: Rider e7 frozen by the Herald f7.
const E12: &str = "k6/8/9/10/2Hh7/4P7/4Rh4R2/12/11/10/9/8/6K w 0 1";
/// E13: Black's Herald f10 keeps the Rider e10 frozen.
const E13: &str = "4k2/8/9/4Rh4/11/12/13/12/11/10/9/8/6K b 0 1";
/// E13's comparison: Black is in check from the Rider e10.
const E13_CHECK: &str = "4k2/8/5h3/4R5/11/12/13/12/11/10/9/8/6K b 0 1";
/// E14: Barricade i6–j6 with a Black Pawn on k6.
const E14: &str = "k6/8/9/10/11/12/8P4/7BBp2/11/10/9/8/6K w 0 1";
/// Barricade i6–j6 can capture k6 and then l6 (two advances E).
const DOUBLE: &str = "k6/8/9/10/11/12/13/7BBpp1/11/10/9/8/6K w 0 1";
/// E20: Black is checkmated.
const E20: &str = "k5R/7R/9/10/11/12/13/12/11/10/9/8/6K b 0 1";

/// Reads `token` in `position`, checking that a rejection changes nothing and that an
/// accepted token is a legal move: returns the accepted move's canonical token.
fn parse(position: &str, token: &str) -> Result<String, MoveErrorKind> {
    let p = read(position).expect("valid position");
    let (before, hash) = (p.position_string(), p.hash());
    let parsed = catch_unwind(AssertUnwindSafe(|| p.parse_move(token)))
        .unwrap_or_else(|_| panic!("parse_move panicked on {token:?} in {position}"));
    assert_eq!(
        p.position_string(),
        before,
        "{token:?} changed the position"
    );
    assert_eq!(p.hash(), hash, "{token:?} changed the hash");
    match parsed {
        Ok(mv) => {
            let mut moves = MoveList::new();
            p.generate_moves(&mut moves);
            assert!(moves.contains(&mv), "{token:?} parsed to an illegal move");
            Ok(p.move_string(mv))
        }
        Err(err) => {
            assert_eq!(err.token, token, "the error names the token");
            Err(err.kind)
        }
    }
}

/// (position, token, expected kind) for every rejected token.
const REJECTED: &[(&str, &str, MoveErrorKind)] = {
    use MoveErrorKind::{GameOver, Illegal, Syntax};
    &[
        // Grammar (R76–R81).
        (START, "", Syntax),
        (START, "0000", Syntax), // R79: no null move
        (START, "e3", Syntax),
        (START, "e3e", Syntax),
        (START, "e14e15", Syntax),
        (START, "n1n2", Syntax),
        (START, "e03e4", Syntax),
        (START, "E3E4", Syntax),
        (START, "e3 e4", Syntax),
        (START, " e3e4", Syntax),
        (START, "e3e4 ", Syntax),
        (START, "e3e4\n", Syntax),
        (START, "e3-e4", Syntax),
        (START, "é3e4", Syntax),
        (START, "e3e4é", Syntax),
        (START, "ｅ3e4", Syntax),
        (START, "e3—e4", Syntax),
        (E8, "g7x", Syntax),
        (E8, "g7xg6x", Syntax),
        (E8, "g7xxg6", Syntax),
        (E14, "i6j6-", Syntax),
        (E14, "i6j6-h6", Syntax),
        (E14, "i6-h6i6", Syntax),
        (E14, "i6j6-h6i6x", Syntax),
        (E14, "i6j6-h6i6xk6xk6xk6", Syntax),
        (E14, "i6j6-h6i6-g6h6", Syntax),
        (E14, "i6j6x-h6i6", Syntax),
        // R78: lower-case promotion letters r s c h g only.
        (E3, "d11b13R", Syntax),
        (E3, "d11b13k", Syntax),
        (E3, "d11b13b", Syntax),
        (E3, "d11b13p", Syntax),
        (E3, "d11b13rr", Syntax),
        // Well formed, but no legal move.
        (E3, "d11d13", Illegal),  // R78: promotion is compulsory
        (E3, "d11b13", Illegal),  // likewise after a slide
        (E3, "d11c12r", Illegal), // R78: forbidden off the last rank
        (START, "e3e4r", Illegal),
        (START, "e11e10", Illegal),     // Black's Pawn, White to move
        (START, "e5e6", Illegal),       // empty cell
        (START, "j1j2", Illegal),       // blocked King
        (E6, "f4xb8", Illegal),         // a Catapult capture has no x (R59)
        (E6, "f4e5", Illegal),          // e5 cannot be taken: landing d6 occupied
        (E8, "g7xg5", Illegal),         // no capture lands on g5
        (E8, "g7g8", Illegal),          // a Skirmisher does not capture by replacement
        (E12, "e7e6", Illegal),         // R14: frozen Rider
        (E12, "c9c10", Illegal),        // R36: mutually frozen Heralds
        (E13, "f10g10", Illegal),       // R50: the Herald would unfreeze the Rider e10
        (E13_CHECK, "e13e12", Illegal), // R24: into the Rider's line
        (E14, "h6i6-h7i7", Illegal),    // no Barricade there
        (E14, "i6j6-i6j6", Illegal),    // R45: null move
        (E14, "i6k6-i5i6", Illegal),    // not a placement
        (E14, "i6j6-j6k6", Illegal),    // this advance captures: x k6 is part of the move
        (E14, "i6j6-h6i6xk6", Illegal), // and this one captures nothing
        (E14, "i6j6-i6i7", Illegal),    // R42: the rotation cell i7 is occupied
        (E14, "i6j6-j6k6xk6xl6", Illegal),
        (DOUBLE, "i6j6-k6l6xl6xk6", Illegal), // R81: captures in the order made only
        (DOUBLE, "i6j6-k6l6xk6xk6", Illegal),
        (DOUBLE, "i6j6-k6l6", Illegal),
        (E20, "a13b13", GameOver),
        (E20, "a13a12", GameOver),
    ]
};

#[test]
fn r76_r81_malformed_and_illegal_move_tokens_are_rejected() {
    assert!(REJECTED.len() >= 15);
    for &(position, token, kind) in REJECTED {
        assert_eq!(parse(position, token), Err(kind), "{token:?} in {position}");
    }
}

#[test]
fn r81_barricade_pairs_are_read_in_either_order() {
    let accepted = [
        (E14, "i6j6-h6i6", "i6j6-h6i6"),
        (E14, "j6i6-h6i6", "i6j6-h6i6"),
        (E14, "j6i6-i6h6", "i6j6-h6i6"),
        (E14, "i6j6-k6j6xk6", "i6j6-j6k6xk6"),
        (E14, "j6i6-j6i6xk6", "i6j6-i6j6xk6"),
        (E14, "j6i6-l6k6xk6", "i6j6-k6l6xk6"),
        (E14, "j6i6-j6j5", "i6j6-j5j6"),
        (DOUBLE, "i6j6-k6l6xk6xl6", "i6j6-k6l6xk6xl6"),
        (DOUBLE, "j6i6-l6k6xk6xl6", "i6j6-k6l6xk6xl6"),
    ];
    for (position, token, canonical) in accepted {
        assert_eq!(
            parse(position, token),
            Ok(canonical.to_string()),
            "{token} in {position}"
        );
    }
}

#[test]
fn r56_r58_r80_promotion_and_skirmisher_tokens() {
    for letter in ["r", "s", "c", "h", "g"] {
        let token = format!("d11b13{letter}");
        assert_eq!(parse(E3, &token), Ok(token.clone()));
    }
    // The Skirmisher's capture and slide to the same cell are two moves (R30, R58).
    assert_eq!(parse(E8, "g7xg6"), Ok("g7xg6".to_string()));
    assert_eq!(parse(E8, "g7g6"), Ok("g7g6".to_string()));
    // Catapult capture, written with the landing cell (R59).
    assert_eq!(parse(E6, "f4f12"), Ok("f4f12".to_string()));
}

/// Random tokens built from the pieces of the grammar: never a panic; an accepted one is
/// legal (checked in `parse`) and written back canonically.
#[test]
fn move_reader_survives_random_tokens() {
    let parts = [
        "a", "e", "g", "i", "j", "k", "m", "n", "0", "1", "3", "5", "6", "7", "11", "13", "-", "x",
        "r", "R", "é", "i6", "j6", "k6", "h6", "g7", "g6", "d11", "b13", "e3", "e7", " ",
    ];
    let positions = [START, E3, E8, E14, DOUBLE];
    let mut rng = StdRng::seed_from_u64(0x70c3);
    let mut accepted = 0;
    for round in 0..4000 {
        let position = positions[round % positions.len()];
        let token: String = (0..rng.gen_range(0..9))
            .map(|_| parts[rng.gen_range(0..parts.len())])
            .collect();
        if let Ok(canonical) = parse(position, &token) {
            accepted += 1;
            assert_eq!(parse(position, &canonical), Ok(canonical.clone()));
        }
    }
    // Every legal move's own token is accepted too.
    for position in positions {
        let p = read(position).expect("valid");
        let mut moves = MoveList::new();
        p.generate_moves(&mut moves);
        for &mv in moves.iter() {
            let token = p.move_string(mv);
            assert_eq!(p.parse_move(&token), Ok(mv), "{token} in {position}");
            accepted += 1;
        }
    }
    assert!(accepted > 0);
}

/// R73, R75 accept "any value" for the counters, which no finite reader can do: the
/// engine reads them as 32-bit numbers (up to 4294967295) and rejects larger values as
/// `BadNumber` (decision recorded in the Panoply closing note).
#[test]
fn r75_counters_up_to_u32_max_are_accepted_and_larger_ones_rejected() {
    let largest = "k6/8/9/10/11/12/13/12/11/10/9/8/6K w 4294967295 4294967295";
    assert_eq!(read(largest).expect("valid").position_string(), largest);
    for text in [
        "k6/8/9/10/11/12/13/12/11/10/9/8/6K w 4294967296 1",
        "k6/8/9/10/11/12/13/12/11/10/9/8/6K b 0 4294967296",
        "k6/8/9/10/11/12/13/12/11/10/9/8/6K w 18446744073709551616 1",
    ] {
        assert_eq!(
            read(text).map(|_| ()).unwrap_err().kind,
            PositionErrorKind::BadNumber,
            "{text}"
        );
    }
}

/// R66, R75: at their largest value the counters stop instead of wrapping, so what the
/// engine writes always reads back, and unmake restores the exact values.
#[test]
fn r75_counters_stop_at_u32_max_and_unmake_restores_them() {
    let start = "k6/8/9/10/11/12/13/12/11/10/9/8/6K w 4294967295 4294967295";
    let mut p = read(start).expect("valid");
    for token in ["m1m2", "a13a12"] {
        let mv = p.parse_move(token).expect("legal");
        p.make_move(mv);
    }
    let text = p.position_string();
    assert_eq!(
        text,
        "7/k7/9/10/11/12/13/12/11/10/9/7K/7 w 4294967295 4294967295"
    );
    assert!(read(&text).is_ok(), "{text} must read back");
    p.unmake_move();
    p.unmake_move();
    assert_eq!(p.position_string(), start);
}
