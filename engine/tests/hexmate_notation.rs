//! Position strings (§9, R55–R61) and move tokens (§10, R62–R65) of
//! `docs/rules/hexmate.md`: valid strings round-trip, malformed ones are rejected with the
//! right error kind and location, move tokens are classified as syntax errors or illegal
//! moves without changing the position, and nothing panics.

use engine::variants::hexmate::{Hexmate, Ruleset};
use engine::{Game, MoveErrorKind, PositionError, Status};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

const INVALID_POSITIONS: &str = include_str!(concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../positions/hexmate/invalid.txt"
));

const HEXMATE_START: &str = "daqkqad/bbbrrbbb/nnnrarnnn/pppppppppp/ppppppppppp/12/13/12/PPPPPPPPPPP/PPPPPPPPPP/NNNRARNNN/BBBRRBBB/DAQKQAD w 0 1";
const HEXCHOICE_START: &str =
    "7/8/9/pppppppppp/ppppppppppp/12/13/12/PPPPPPPPPPP/PPPPPPPPPP/9/8/7 b place 0 1";
/// E11a: the White pawn c12 must promote on b13 or c13.
const E11A: &str = "1n5/2P5/P8/6k3/5p5/12/13/12/11/10/9/8/3K3 w 0 1";
/// E8a: the White King h6 has only two safe steps.
const E8A: &str = "1r5/2b5/3n5/6k3/11/12/13/6K5/9P1/10/9/8/7 w 0 1";
/// E10a: the White Knight g6 is pinned by the Black King's borrowed rook movement.
const E10A: &str = "1r5/8/9/p9/6k4/12/13/5N6/11/3K6/9/8/7 w 0 1";
/// E12b: Black is checkmated.
const E12B: &str = "k5R/8/1K7/10/11/12/13/12/2p8/10/9/8/7 b 1 1";
/// E18: Queen and Duke placed; h2 is reserved for a Bishop.
const E18: &str =
    "q5q/8/1d5d1/pppppppppp/ppppppppppp/12/13/12/PPPPPPPPPPP/PPPPPPPPPP/1D5D1/8/Q5Q b place 0 1";
/// E20's final array, in phase play.
const E20_END: &str = "daqkqad/bbbrrbbb/nnnrarnnn/pppppppppp/ppppppppppp/12/13/12/PPPPPPPPPPP/PPPPPPPPPP/NNNRARNNN/BBBRRBBB/DAQKQAD w play 0 1";

/// Valid strings, which must print back exactly as written: every position of §12, the R59
/// example and a few more `hexchoice` states.
const VALID: &[(Ruleset, &str)] = &[
    (Ruleset::Hexmate, HEXMATE_START),
    (Ruleset::Hexmate, "daqkqad/bbbrrbbb/nnnrarnnn/pppppppppp/ppppppppppp/12/13/6P5/PPPPP1PPPPP/PPPPPPPPPP/NNNRARNNN/BBBRRBBB/DAQKQAD b 0 1"),
    (Ruleset::Hexmate, "3k3/8/9/10/1p9/12/N12/2P9/11/10/9/8/3K3 w 0 1"),
    (Ruleset::Hexmate, "k6/8/9/10/8P2/5Pp5/6B6/12/2n8/10/9/8/3K3 w 0 1"),
    (Ruleset::Hexmate, "3k3/8/9/10/6P4/12/4n1R6/6p5/11/10/9/8/3K3 w 0 1"),
    (Ruleset::Hexmate, "3k3/2b5/9/A9/11/1P10/6n6/12/11/10/9/8/3K3 w 0 1"),
    (Ruleset::Hexmate, "3k3/8/9/10/11/12/r11N/12/8P2/4K5/9/8/7 w 0 1"),
    (Ruleset::Hexmate, "3k3/8/9/10/11/12/12r/9P2/11/4K5/9/8/7 w 0 2"),
    (Ruleset::Hexmate, "7/1P6/9/10/5k5/12/4K8/12/8p2/10/9/8/7 w 0 1"),
    (Ruleset::Hexmate, "D6/8/9/10/5k5/12/4K8/12/8p2/10/9/8/7 b 0 1"),
    (Ruleset::Hexmate, "A6/8/9/10/5k5/12/4K8/12/8p2/10/9/8/7 b 0 1"),
    (Ruleset::Hexmate, "Q6/8/9/10/5k5/12/4K8/12/8p2/10/9/8/7 b 0 1"),
    (Ruleset::Hexmate, E8A),
    (Ruleset::Hexmate, "1r5/2b5/9/6k3/11/12/13/6K5/9P1/10/9/8/7 w 0 1"),
    (Ruleset::Hexmate, "7/8/9/p5k3/11/12/6r6/3K8/11/10/9/6N1/7 w 0 1"),
    (Ruleset::Hexmate, "7/8/9/p5k3/11/12/6r6/3K8/11/10/9/6N1/6r w 0 1"),
    (Ruleset::Hexmate, E10A),
    (Ruleset::Hexmate, "7/8/9/p9/6k4/12/13/5N6/11/3K6/9/8/7 w 0 1"),
    (Ruleset::Hexmate, E11A),
    (Ruleset::Hexmate, "3k3/8/9/10/11/12/13/p11/10P/10/9/2p5/2RK3 b 0 1"),
    (Ruleset::Hexmate, "k6/8/1K7/10/6R4/12/13/12/2p8/10/9/8/7 w 0 1"),
    (Ruleset::Hexmate, E12B),
    (Ruleset::Hexmate, "k6/8/2K6/10/2p8/12/3B9/12/11/10/9/8/7 b 0 1"),
    (Ruleset::Hexmate, "7/8/9/6k3/6n4/12/13/12/10P/3R6/9/8/3K3 w 0 1"),
    (Ruleset::Hexmate, "7/8/9/6k3/6R4/12/13/12/10P/10/9/8/3K3 b 0 1"),
    (Ruleset::Hexmate, "k6/8/1K7/10/6R4/12/13/12/2p8/10/9/8/7 w 99 80"),
    (Ruleset::Hexmate, "daqkqad/bbbrrbbb/nnnrarnnn/pppppppppp/ppppppppppp/12/13/1N10/PPPPPPPPPPP/PPPPPPPPPP/1NNRARNNN/BBBRRBBB/DAQKQAD b 1 1"),
    // R60: the side to move may be in check; both Kings bare is a valid (finished) string.
    (Ruleset::Hexmate, "3k3/3R4/9/10/11/12/13/12/11/10/9/8/3K3 b 0 1"),
    (Ruleset::Hexmate, "3k3/8/9/10/11/12/13/12/11/10/9/8/3K3 w 0 1"),
    (Ruleset::Hexmate, "QQQQQQQ/8/9/10/11/12/6k6/12/11/10/9/8/3K3 b 0 1"),
    (Ruleset::Hexchoice, HEXCHOICE_START),
    (Ruleset::Hexchoice, E18),
    (Ruleset::Hexchoice, "7/bb4bb/9/pppppppppp/ppppppppppp/12/13/12/PPPPPPPPPPP/PPPPPPPPPP/9/BB4BB/7 b place 0 1"),
    (Ruleset::Hexchoice, "n5n/8/9/pppppppppp/ppppppppppp/12/13/12/PPPPPPPPPPP/PPPPPPPPPP/9/8/N5N w place 0 1"),
    // R61: a King may be absent during placement; the King on a centre cell is fine.
    (Ruleset::Hexchoice, "3k3/8/9/pppppppppp/ppppppppppp/12/13/12/PPPPPPPPPPP/PPPPPPPPPP/9/8/3K3 w place 0 1"),
    // Six mixed pairs taken by non-Bishops still leave two for the two Bishops due (R41.5).
    (Ruleset::Hexchoice, "1qd1dq1/rr1nn1rr/n7n/pppppppppp/ppppppppppp/12/13/12/PPPPPPPPPPP/PPPPPPPPPP/N7N/RR1NN1RR/1QD1DQ1 b place 0 1"),
    (Ruleset::Hexchoice, E20_END),
    (Ruleset::Hexchoice, "daqkqad/bbbrrbbb/nnnrarnnn/pppppppppp/ppppppppppp/12/13/6P5/PPPPP1PPPPP/PPPPPPPPPP/NNNRARNNN/BBBRRBBB/DAQKQAD b play 0 1"),
];

fn parse(text: &str, ruleset: Ruleset) -> Hexmate {
    Hexmate::from_position_string(text, &ruleset)
        .unwrap_or_else(|e| panic!("{text:?} rejected: {e}"))
}

fn hexmate(text: &str) -> Hexmate {
    parse(text, Ruleset::Hexmate)
}

fn hexchoice(text: &str) -> Hexmate {
    parse(text, Ruleset::Hexchoice)
}

fn ruleset_named(name: &str) -> Ruleset {
    match name {
        "hexmate" => Ruleset::Hexmate,
        "hexchoice" => Ruleset::Hexchoice,
        _ => panic!("unknown variant {name:?} in invalid.txt"),
    }
}

/// `(line number, expected kind, ruleset, string)` for every entry of `invalid.txt`.
fn invalid_entries() -> Vec<(usize, &'static str, Ruleset, &'static str)> {
    INVALID_POSITIONS
        .lines()
        .enumerate()
        .filter(|(_, line)| !line.trim().is_empty() && !line.starts_with('#'))
        .map(|(i, line)| {
            let mut parts = line.splitn(3, '|');
            let (kind, variant, text) = (parts.next(), parts.next(), parts.next());
            let (Some(kind), Some(variant), Some(text)) = (kind, variant, text) else {
                panic!("invalid.txt line {}: expected kind|variant|string", i + 1);
            };
            (i + 1, kind, ruleset_named(variant), text)
        })
        .collect()
}

/// Whether the error's token stands in `text` at the error's offset.
fn located(text: &str, e: &PositionError) -> bool {
    e.offset <= text.len()
        && text.is_char_boundary(e.offset)
        && text[e.offset..].starts_with(&e.token)
}

/// A position's identity for "unchanged" checks: its string and its hash.
fn snapshot(pos: &Hexmate) -> (String, u64) {
    (pos.position_string(), pos.hash())
}

/// Asserts that `token` is rejected with `kind` and that the position is unchanged.
fn assert_rejected(pos: &Hexmate, token: &str, kind: MoveErrorKind) {
    let before = snapshot(pos);
    match pos.parse_move(token) {
        Ok(mv) => panic!(
            "{token:?} accepted as {} in {}",
            pos.move_string(mv),
            before.0
        ),
        Err(e) => {
            assert_eq!(e.kind, kind, "{token:?} in {}: {e}", before.0);
            assert_eq!(e.token, token);
            assert!(!e.to_string().is_empty());
        }
    }
    assert_eq!(
        snapshot(pos),
        before,
        "parsing {token:?} changed the position"
    );
}

fn assert_syntax(pos: &Hexmate, tokens: &[&str]) {
    for token in tokens {
        assert_rejected(pos, token, MoveErrorKind::Syntax);
    }
}

fn assert_illegal(pos: &Hexmate, tokens: &[&str]) {
    for token in tokens {
        assert_rejected(pos, token, MoveErrorKind::Illegal);
    }
}

/// Asserts that `token` is accepted and prints back as itself.
fn assert_accepted(pos: &Hexmate, token: &str) {
    let mv = pos
        .parse_move(token)
        .unwrap_or_else(|e| panic!("{token:?} in {}: {e}", pos.position_string()));
    assert_eq!(pos.move_string(mv), token);
}

fn result(pos: &Hexmate) -> Option<String> {
    match pos.status() {
        Status::Ongoing => None,
        Status::Over(outcome) => Some(outcome.result_string()),
    }
}

#[test]
fn r55_r61_invalid_position_strings_are_rejected_with_their_kind_and_location() {
    let entries = invalid_entries();
    assert!(
        entries.len() >= 20,
        "invalid.txt has {} entries",
        entries.len()
    );
    let mut failures = Vec::new();
    for (line, expected, ruleset, text) in entries {
        match Hexmate::from_position_string(text, &ruleset) {
            Ok(pos) => failures.push(format!(
                "line {line}: accepted, prints {}",
                pos.position_string()
            )),
            Err(e) => {
                let got = e.kind.name();
                if got != expected {
                    failures.push(format!("line {line}: expected {expected}, got {e}"));
                }
                if !located(text, &e) {
                    failures.push(format!(
                        "line {line}: token {:?} is not at offset {}",
                        e.token, e.offset
                    ));
                }
                assert!(!e.to_string().is_empty());
            }
        }
    }
    assert!(failures.is_empty(), "\n{}", failures.join("\n"));
}

#[test]
fn r55_valid_position_strings_print_back_exactly() {
    for &(ruleset, text) in VALID {
        let pos = parse(text, ruleset);
        assert_eq!(pos.position_string(), text);
        assert_eq!(pos.hash(), pos.recompute_hash(), "{text}");
    }
}

#[test]
fn r52_position_hash_depends_on_board_side_and_phase_only() {
    // R52 and §13: the hash compares board, side to move and phase, not the clocks.
    let a = hexmate(HEXMATE_START);
    let b = hexmate(&HEXMATE_START.replace(" w 0 1", " w 37 12"));
    assert_eq!(a.hash(), b.hash());
    let c = hexmate(&HEXMATE_START.replace(" w 0 1", " b 0 1"));
    assert_ne!(a.hash(), c.hash());
    // [hexchoice]: the phase is part of the position too.
    let board = "3k3/8/9/pppppppppp/ppppppppppp/12/13/12/PPPPPPPPPPP/PPPPPPPPPP/9/8/3K3";
    let place = hexchoice(&format!("{board} w place 0 1"));
    let play = hexchoice(&format!("{board} w play 0 1"));
    assert_ne!(place.hash(), play.hash());
}

#[test]
fn r50_bare_side_to_move_has_lost() {
    // Black, to move, has only its King.
    let pos = hexmate("3k3/8/9/10/11/12/13/12/11/10/9/8/R2K3 b 0 1");
    assert_eq!(result(&pos).as_deref(), Some("1-0"));
    assert_eq!(pos.count_moves(), 0);
    let pos = hexmate("3k2r/8/9/10/11/12/13/12/11/10/9/8/3K3 w 0 1");
    assert_eq!(result(&pos).as_deref(), Some("0-1"));
    assert_eq!(pos.count_moves(), 0);
}

#[test]
fn r50_bare_side_not_to_move_has_lost() {
    let pos = hexmate("3k3/8/9/10/11/12/13/12/11/10/9/8/R2K3 w 0 1");
    assert_eq!(result(&pos).as_deref(), Some("1-0"));
    assert_eq!(pos.count_moves(), 0);
    let pos = hexmate("3k2r/8/9/10/11/12/13/12/11/10/9/8/3K3 b 0 1");
    assert_eq!(result(&pos).as_deref(), Some("0-1"));
    assert_eq!(pos.count_moves(), 0);
}

#[test]
fn r50_both_sides_bare_is_a_draw() {
    for side in ["w", "b"] {
        let pos = hexmate(&format!("3k3/8/9/10/11/12/13/12/11/10/9/8/3K3 {side} 0 1"));
        assert_eq!(result(&pos).as_deref(), Some("1/2-1/2"));
        assert_eq!(pos.count_moves(), 0);
    }
}

#[test]
fn r50_halfmove_clock_of_100_is_a_draw_unless_baring_applies() {
    let at = |clock: u32| {
        hexmate(&format!(
            "3k2r/8/9/10/11/12/13/12/11/10/9/8/R2K3 w {clock} 60"
        ))
    };
    assert_eq!(result(&at(99)), None);
    for clock in [100, 150] {
        let pos = at(clock);
        assert_eq!(result(&pos).as_deref(), Some("1/2-1/2"), "clock {clock}");
        // Draws by rule are not applied by move generation (CONVENTIONS, perft).
        assert!(pos.count_moves() > 0);
    }
    // Baring comes first (R46 step 1).
    let bare = hexmate("3k3/8/9/10/11/12/13/12/11/10/9/8/R2K3 b 100 60");
    assert_eq!(result(&bare).as_deref(), Some("1-0"));
}

#[test]
fn r61_hexchoice_place_strings_restore_the_legal_placements() {
    // E18 read from its string has the same 37 placements as when reached by play.
    let mut played = Hexmate::start(&Ruleset::Hexchoice);
    for token in ["Q@g1", "D@f3"] {
        let mv = played.parse_move(token).unwrap();
        played.make_move(mv);
    }
    let parsed = hexchoice(E18);
    assert_eq!(snapshot(&parsed), snapshot(&played));
    assert_eq!(parsed.count_moves(), 37);
}

#[test]
fn r62_r63_malformed_move_tokens_are_syntax_errors() {
    let start = hexmate(HEXMATE_START);
    assert_syntax(
        &start,
        &[
            "",
            "e3",
            "e3c",
            "e3c66",
            "z1a1",
            "e3z6",
            "E3C6",
            "e03c6",
            "e3c06",
            "e3 c6",
            " e3c6",
            "e3c6 ",
            "e3-c6",
            "e3xc6",
            "e3c6+",
            "c5c6c7",
            "e",
            "3c6",
            "e100c6",
            "@",
            "é3c6",
            "e3c6é",
            "e3ｃ6",
            "ｅ3c6",
            "e3c6\u{0}",
            "e3c\u{301}6",
            "🂡",
        ],
    );
    // R65: there is no null move; "0000" is outside the move grammar of §10.
    assert_syntax(&start, &["0000"]);
}

#[test]
fn r63_promotion_letters() {
    let pos = hexmate(E11A);
    for token in ["c12c13q", "c12c13d", "c12c13a", "c12b13q"] {
        assert_accepted(&pos, token);
    }
    // §6.1: only q, d or a, always lower case.
    assert_syntax(
        &pos,
        &[
            "c12c13k", "c12c13Q", "c12c13D", "c12c13n", "c12c13r", "c12c13b", "c12c13p",
            "c12c13qq", "c12c13 q", "c12c13=q",
        ],
    );
    // R63: a pawn move to the last rank without a letter, or a letter on any other move,
    // is well formed but not a move.
    assert_illegal(&pos, &["c12c13", "c12b13", "a11a12q", "j1j2q", "j1i1d"]);
}

#[test]
fn r14_r23_illegal_ordinary_moves_at_the_start() {
    let start = hexmate(HEXMATE_START);
    assert_illegal(
        &start,
        &[
            "e3c6q", // R63: promotion letter on a knight move
            "c5b6q", // R63: promotion letter on a pawn move that does not promote
            "c9c8",  // R14: a Black pawn, White to move
            "i11k8", // R14: a Black Knight
            "g7g8",  // no piece on g7
            "e3e3",  // from-cell equals to-cell
            "j1j2",  // R14: the to-cell holds a White Rook
            "c5c7",  // R23: no double step
            "h5g7",  // R23: no straight-ahead (N diagonal) step
        ],
    );
}

#[test]
fn r32_moves_into_check_are_illegal() {
    // E8a: steps onto the Black King's borrowed rook, bishop and knight lines.
    assert_illegal(&hexmate(E8A), &["h6g6", "h6g7", "h6i6", "h6h7"]);
    // E10a: the pinned Knight may not move.
    assert_illegal(&hexmate(E10A), &["g6d7", "g6e5", "g6j5"]);
}

#[test]
fn r64_placement_tokens() {
    let start = hexchoice(HEXCHOICE_START);
    assert_accepted(&start, "K@j1");
    assert_accepted(&start, "B@h2");
    // §10: unit is one of K Q D A R B N, upper case, then one cell.
    assert_syntax(
        &start,
        &[
            "P@g1", "k@j1", "b@h2", "K@", "@j1", "K@j1x", "KQ@j1", "K@J1", "K@@j1", "K@j01",
            "K@z1", "K j1", "K@j1 ", "Ｋ@j1", "X@g1",
        ],
    );
    // §6.3: a mirror cell or a cell of Black's camp is not a placement cell; R41 decides
    // the rest; ordinary moves are no placements.
    assert_illegal(
        &start,
        &[
            "K@m1", "N@m1", "K@d13", "N@g13", "K@g1", "Q@j1", "Q@g7", "e3c6", "c5b6",
        ],
    );
    // E18: the Queen is used up and h2 is reserved for a Bishop (R41.5).
    assert_illegal(
        &hexchoice(E18),
        &["Q@h1", "D@h1", "R@h2", "N@h2", "A@h2", "A@f3"],
    );
}

#[test]
fn r43_placements_are_no_moves_outside_the_placement_phase() {
    // In `hexmate`, and in `hexchoice` once play has begun, a placement is not a move.
    assert_illegal(&hexmate(HEXMATE_START), &["K@j1", "N@g1"]);
    let play = hexchoice(E20_END);
    assert_illegal(&play, &["K@j1", "N@g1"]);
    assert_accepted(&play, "e3c6");
}

#[test]
fn r46_no_move_is_accepted_when_the_game_is_over() {
    let mated = hexmate(E12B);
    let before = snapshot(&mated);
    for token in ["a13a12", "a13b13", "e5e4"] {
        let err = mated.parse_move(token).unwrap_err();
        assert_eq!(err.kind, MoveErrorKind::GameOver, "{token}");
    }
    assert_eq!(snapshot(&mated), before);
}

#[test]
fn r62_every_legal_move_string_parses_back_to_the_same_move() {
    for &(ruleset, text) in VALID {
        let pos = parse(text, ruleset);
        let mut moves = <Hexmate as Game>::MoveList::default();
        pos.generate_moves(&mut moves);
        for &mv in moves.iter() {
            let token = pos.move_string(mv);
            assert_eq!(pos.parse_move(&token), Ok(mv), "{token} in {text}");
        }
    }
}

/// Random strings built from the characters move tokens are made of never panic the move
/// parser, and whatever it accepts is the canonical spelling of a legal move.
#[test]
fn move_parser_survives_random_tokens() {
    let alphabet: Vec<char> = "abcdefghijklmnz0123456789@KQDARBNPqdakp -éｃ"
        .chars()
        .collect();
    let mut rng = StdRng::seed_from_u64(0x4E07);
    let positions = [
        hexmate(HEXMATE_START),
        hexmate(E11A),
        hexchoice(HEXCHOICE_START),
        hexchoice(E18),
    ];
    for pos in &positions {
        let before = snapshot(pos);
        for _ in 0..5000 {
            let len = rng.gen_range(0..8);
            let token: String = (0..len)
                .map(|_| alphabet[rng.gen_range(0..alphabet.len())])
                .collect();
            if let Ok(mv) = pos.parse_move(&token) {
                assert_eq!(pos.move_string(mv), token);
            }
        }
        assert_eq!(snapshot(pos), before);
    }
}

/// Random single-character edits of valid strings never panic the position parser, and an
/// accepted string prints a canonical string that reads back to the same position.
#[test]
fn position_parser_survives_random_edits() {
    let alphabet: Vec<char> = "0123456789/ kqdarbnpKQDARBNPwx-é".chars().collect();
    let mut rng = StdRng::seed_from_u64(0x9051);
    for _ in 0..4000 {
        let (ruleset, text) = VALID[rng.gen_range(0..VALID.len())];
        let mut chars: Vec<char> = text.chars().collect();
        for _ in 0..rng.gen_range(1..3) {
            let at = rng.gen_range(0..chars.len());
            match rng.gen_range(0..3) {
                0 => chars[at] = alphabet[rng.gen_range(0..alphabet.len())],
                1 => {
                    chars.remove(at);
                }
                _ => chars.insert(at, alphabet[rng.gen_range(0..alphabet.len())]),
            }
        }
        let edited: String = chars.into_iter().collect();
        match Hexmate::from_position_string(&edited, &ruleset) {
            Ok(pos) => {
                let printed = pos.position_string();
                let again = parse(&printed, ruleset);
                assert_eq!(snapshot(&again), (printed, pos.hash()), "from {edited:?}");
            }
            Err(e) => {
                assert!(
                    located(&edited, &e),
                    "{edited:?}: token {:?} not at offset {}",
                    e.token,
                    e.offset
                );
            }
        }
    }
}
