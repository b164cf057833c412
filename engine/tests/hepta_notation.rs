//! Hepta's position strings (§9) and move tokens (§10): what a reader must reject, with
//! which error, and that nothing panics. The rejected positions live in
//! `positions/hepta/invalid.txt`.

use engine::game::{Game, MoveErrorKind, PositionError, PositionErrorKind};
use engine::variants::hepta::{Hepta, START, TRUE_START};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use std::panic::{catch_unwind, AssertUnwindSafe};

/// The lines of `positions/hepta/invalid.txt` that are not comments or blank, numbered.
fn invalid_cases() -> Vec<(usize, String)> {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../positions/hepta/invalid.txt"
    );
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{path}: {e}"));
    text.lines()
        .enumerate()
        .filter(|(_, line)| !line.trim().is_empty() && !line.starts_with('#'))
        .map(|(i, line)| (i + 1, line.to_string()))
        .collect()
}

fn read(text: &str) -> Result<Hepta, PositionError> {
    catch_unwind(|| Hepta::from_position_string(text, &()))
        .unwrap_or_else(|_| panic!("the reader panicked on {text:?}"))
}

#[test]
fn v1_v10_invalid_position_strings_are_rejected_with_their_kind() {
    let cases = invalid_cases();
    assert!(cases.len() >= 60, "only {} cases", cases.len());
    for (line, case) in cases {
        let (kind, text) = case
            .split_once('|')
            .unwrap_or_else(|| panic!("invalid.txt:{line}: no '|'"));
        let err = match read(text) {
            Ok(p) => panic!("invalid.txt:{line}: accepted as {}", p.position_string()),
            Err(err) => err,
        };
        let (name, cited) = match kind.split_once('(') {
            Some((name, rest)) => (name, rest.strip_suffix(')')),
            None => (kind, None),
        };
        assert_eq!(err.kind.name(), name, "invalid.txt:{line}: {err}");
        if let (PositionErrorKind::Invalid(rule), Some(cited)) = (&err.kind, cited) {
            assert!(
                rule.contains(cited),
                "invalid.txt:{line}: {err}, not {cited}"
            );
        }
        assert!(
            text.get(err.offset..)
                .is_some_and(|rest| rest.starts_with(&err.token)),
            "invalid.txt:{line}: token {:?} is not at offset {}",
            err.token,
            err.offset
        );
    }
}

#[test]
fn v6_v7_sequence_states_read_and_write_back() {
    for text in [
        TRUE_START,
        START,
        "3m*3/15/15/15/7Kr7/15/15/nb14/nbNy5M*6Sg b -/-/-/-/- -/-/-/-/- roygbpc hdrop:r - 0 1",
        "3m*3/15/15/15/7Kr7/15/15/nb6Sr7/nbNy5M*6Sg w -/-/-/-/- -/-/-/-/- roygbpc hshift:r - 0 2",
        "3m*3/15/15/7Kg2Sg4/7Sg7/SgSgSgSgSg10/15/12Sg2/7M*7 b -/-/-/-/- -/-/-/-/- roy-bpc rec:g:1 - 0 1",
        "3m*3/15/15/7Kg2Ng4/7Ng7/ngngngkgSg10/15/12Ng2/7M*7 w -/-/-/-/- -/-/-/-/- roy-bpc rec:g:8 - 0 5",
        "3m*3/14m*/15/15/15/15/15/Sc14/NrSy5Sg6nb b -/-/-/-/- -/-/-/-/- roygbpc smr:1 - 0 1",
        "3m*3/7m*6m*/15/15/15/15/15/Sc14/NrSy5Sg6nb w -/-/-/-/- -/-/-/-/- roygbpc smr:2 - 0 2",
        "7/nc6nr7/15/10Sg4/7Zg7/SgSgSgSg11/4Ny6kb3/7m*7/15 w oy/ro/ro/r/r -/-/-/-/- roy-bpc - g3 12 40",
    ] {
        let p = read(text).unwrap_or_else(|e| panic!("{text}: {e}"));
        assert_eq!(p.position_string(), text);
        assert_eq!(p.hash(), p.recompute_hash());
    }
}

/// The result of reading `token` in `position`: the move's own token, or the error kind.
fn parse(position: &str, token: &str) -> Result<String, MoveErrorKind> {
    let p = read(position).expect("a valid position");
    catch_unwind(AssertUnwindSafe(|| p.parse_move(token)))
        .unwrap_or_else(|_| panic!("parse_move panicked on {token:?}"))
        .map(|mv| p.move_string(mv))
        .map_err(|e| e.kind)
}

#[test]
fn r96_r97_malformed_and_illegal_move_tokens_are_rejected() {
    use MoveErrorKind::{Illegal, Syntax};
    for token in [
        "",
        "0000",
        "h",
        "h4",
        "h4h",
        "h4h44",
        "z1a1",
        "a9a1",
        "h4h5^",
        "h4h5^Q",
        "h4=x",
        "h4h5=",
        "h4h5+",
        "h4h5+h",
        "Hroygbp",
        "Hroygbpcc",
        "Hx",
        "Hr8",
        "Hr0",
        "Sr@",
        "Sr@h",
        "Srh2",
        "Nx@h2",
        "K@h2",
        "E",
        "Ex",
        "Trr",
        "TrR",
        "Tr",
        "M",
        "M@",
        "M@h",
        "MRR",
        "mr",
        "hr4",
        "é",
    ] {
        assert_eq!(parse(START, token), Err(Syntax), "{token:?}");
    }
    // Well formed, but not legal in the default start position.
    for token in [
        "a1a3", "h4h5", "Hroygbpc", "Hr", "Hr4", "Sr@h2", "Nr@h4", "Kr@h4", "Er", "TrP", "MR",
        "M@h4", "d1=r", "b1b1^R", "b1b4=o", "h1h4+h6", "b2^",
    ] {
        assert_eq!(parse(START, token), Err(Illegal), "{token:?}");
    }
    // A repeated colour is a well-formed arrangement token that is no arrangement.
    assert_eq!(parse(TRUE_START, "Hrrygbpc"), Err(Illegal));
    assert_eq!(parse(TRUE_START, "Hcpbgyor"), Ok("Hcpbgyor".into()));
    assert_eq!(parse(TRUE_START, "a1a2"), Err(Illegal));
}

#[test]
fn r90_a_finished_game_rejects_every_move() {
    let over = "1m*1Nr1m*1/m*14/15/15/15/2Sr12/15/15/15 w o/-/-/-/- -/-/-/-/- roygbpc - - 0 1";
    assert_eq!(parse(over, "h9h8"), Err(MoveErrorKind::GameOver));
}

/// Random edits of valid strings: whatever the reader makes of them, it must not panic,
/// and what it accepts must round-trip.
#[test]
fn position_reader_survives_random_edits() {
    let seeds = [TRUE_START, START];
    let alphabet: Vec<char> = "SNKZnkzMm*roygbpc0123456789/ wb-:,é".chars().collect();
    let mut rng = StdRng::seed_from_u64(0x4e97a);
    for round in 0..3000 {
        let mut chars: Vec<char> = seeds[round % seeds.len()].chars().collect();
        for _ in 0..rng.gen_range(1..4) {
            let at = rng.gen_range(0..chars.len());
            let ch = alphabet[rng.gen_range(0..alphabet.len())];
            match rng.gen_range(0..3) {
                0 => chars.insert(at, ch),
                1 => chars[at] = ch,
                _ => {
                    chars.remove(at);
                }
            }
        }
        let text: String = chars.into_iter().collect();
        if let Ok(p) = read(&text) {
            let written = p.position_string();
            let again = read(&written).unwrap_or_else(|e| panic!("{text:?} → {written}: {e}"));
            assert_eq!(again.position_string(), written);
            assert_eq!(again.hash(), p.hash());
        }
    }
}

#[test]
fn move_reader_survives_random_tokens() {
    let alphabet: Vec<char> = "HSNKMTERPLa1b2h9o8=^+@roygbpc*é".chars().collect();
    let mut rng = StdRng::seed_from_u64(7);
    let p = read(START).expect("valid");
    for _ in 0..5000 {
        let len = rng.gen_range(0..10);
        let token: String = (0..len)
            .map(|_| alphabet[rng.gen_range(0..alphabet.len())])
            .collect();
        let parsed = catch_unwind(AssertUnwindSafe(|| p.parse_move(&token)))
            .unwrap_or_else(|_| panic!("parse_move panicked on {token:?}"));
        if let Ok(mv) = parsed {
            assert_eq!(p.move_string(mv), token);
        }
    }
}
