//! Hexian position strings (spec §9, R119–R129): every position string of the spec and
//! the lenient inputs of `positions/hexian/valid.txt` are read and written back; the
//! malformed strings of `positions/hexian/invalid.txt` are rejected with their error kind.

use engine::game::PositionErrorKind;
use engine::variants::hexian::Hexian;

/// The lines of a data file under `positions/hexian/` that are not comments or blank:
/// (line number, text).
fn data_lines(file: &str) -> Vec<(usize, String)> {
    let path = format!(
        "{}/{file}",
        concat!(env!("CARGO_MANIFEST_DIR"), "/../positions/hexian")
    );
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    text.lines()
        .enumerate()
        .filter(|(_, line)| !line.trim().is_empty() && !line.starts_with('#'))
        .map(|(i, line)| (i + 1, line.to_string()))
        .collect()
}

#[test]
fn valid_position_strings_are_read_and_written_canonically() {
    let cases = data_lines("valid.txt");
    assert!(cases.len() >= 60, "only {} cases", cases.len());
    for (line, case) in cases {
        let (text, expected) = case.split_once('|').unwrap_or((&case, &case));
        let position = Hexian::from_position_string(text)
            .unwrap_or_else(|e| panic!("valid.txt:{line}: {e}\n  {text}"));
        let written = position.position_string();
        assert_eq!(written, expected, "valid.txt:{line}");
        let again = Hexian::from_position_string(&written)
            .unwrap_or_else(|e| panic!("valid.txt:{line}: rereading: {e}"));
        assert_eq!(again, position, "valid.txt:{line}: round trip");
    }
}

#[test]
fn invalid_position_strings_are_rejected_with_their_kind() {
    let cases = data_lines("invalid.txt");
    assert!(cases.len() >= 40, "only {} cases", cases.len());
    for (line, case) in cases {
        let (kind, text) = case
            .split_once('|')
            .unwrap_or_else(|| panic!("invalid.txt:{line}: no '|'"));
        let err = match Hexian::from_position_string(text) {
            Ok(p) => panic!(
                "invalid.txt:{line}: accepted {text:?} as {}",
                p.position_string()
            ),
            Err(err) => err,
        };
        // `Invalid(R40)`: the kind, then a part of the rule text the error must cite.
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
    }
}

#[test]
fn invalid_txt_covers_every_error_kind() {
    let cases = data_lines("invalid.txt");
    for kind in [
        "FieldCount",
        "RankCount",
        "RankLength",
        "UnknownPiece",
        "BadRun",
        "BadSide",
        "BadNumber",
        "BadField",
        "Invalid",
    ] {
        assert!(
            cases
                .iter()
                .any(|(_, c)| c.starts_with(&format!("{kind}|"))
                    || c.starts_with(&format!("{kind}("))),
            "no case of {kind}"
        );
    }
}

#[test]
fn errors_point_at_the_offending_token() {
    let base =
        "9/10/11/12/bA12/14/15/16/17/16/15/14/13/12/11/10/4wA4 w - w.b.U.P.G.Y 1 - 000000 - - 0 1";
    let bad_piece = base.replace("4wA4", "4wQ4");
    let err = Hexian::from_position_string(&bad_piece).unwrap_err();
    assert_eq!(err.kind, PositionErrorKind::UnknownPiece);
    assert_eq!(&bad_piece[err.offset..err.offset + 2], "wQ");
    let bad_spells = base.replace("1 - 000000", "1 B/-/-/-/-/Q 000000");
    let err = Hexian::from_position_string(&bad_spells).unwrap_err();
    assert_eq!(
        (err.kind, err.token.as_str()),
        (PositionErrorKind::BadField, "Q")
    );
    assert_eq!(&bad_spells[err.offset..err.offset + 1], "Q");
}

#[test]
fn mutated_position_strings_never_panic_and_accepted_ones_round_trip() {
    use rand::rngs::StdRng;
    use rand::{Rng, SeedableRng};
    let mut rng = StdRng::seed_from_u64(8);
    let alphabet: Vec<char> = "wbupgyZHIGFDMAX()=@^PSU0123456789/-,:. aiqé"
        .chars()
        .collect();
    for (_, case) in data_lines("valid.txt") {
        let text = case.split('|').next().unwrap_or_default();
        for _ in 0..40 {
            let mut chars: Vec<char> = text.chars().collect();
            let at = rng.gen_range(0..chars.len());
            match rng.gen_range(0..3) {
                0 => {
                    chars.remove(at);
                }
                1 => chars[at] = alphabet[rng.gen_range(0..alphabet.len())],
                _ => chars.insert(at, alphabet[rng.gen_range(0..alphabet.len())]),
            }
            let mutated: String = chars.into_iter().collect();
            if let Ok(position) = Hexian::from_position_string(&mutated) {
                let written = position.position_string();
                let again = Hexian::from_position_string(&written)
                    .unwrap_or_else(|e| panic!("{mutated:?} wrote {written:?}: {e}"));
                assert_eq!(again.position_string(), written, "{mutated:?}");
            }
        }
    }
}

#[test]
fn every_move_token_of_the_worked_examples_round_trips() {
    use engine::variants::hexian::{move_token, parse_move_token};
    let tokens = data_lines("moves.txt");
    assert!(tokens.len() >= 250, "only {} tokens", tokens.len());
    for (line, token) in tokens {
        let mv = parse_move_token(&token).unwrap_or_else(|e| panic!("moves.txt:{line}: {e}"));
        assert_eq!(move_token(&mv), token, "moves.txt:{line}");
    }
}
