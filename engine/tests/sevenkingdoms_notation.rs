//! Position strings (spec §9, R50–R53) and move tokens (§10, R54–R55) of Seven Kingdoms:
//! the malformed strings of `positions/sevenkingdoms/invalid.txt`, strings that must be
//! accepted, malformed and illegal move tokens, and the record token `x<colours>`.

use engine::game::{Game, MoveErrorKind, PositionError, Status};
use engine::variants::sevenkingdoms::{Label, Move, Players, SevenKingdoms, COLOUR_LETTERS};

const INVALID: &str = include_str!(concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../positions/sevenkingdoms/invalid.txt"
));

/// The start position (R25).
const START: &str = "2dNdSdBdQdRdSdN1pNpSpBpQpRpSpN2/3dNdSdCdSdN3pNpSpCpSpN3/4dAdWdA5pApWpA3gN/5dH7pH3gNgS/5dG7pG2gAgSgB/14gGgHgWgCgQ/wN15gAgSgR/wSwN15gNgS/wRwSwA15gN/wQwCwWwHwG14/wBwSwA15bN/wSwN15bNbS/wN15bAbSbB/14bGbHbWbCbQ/5rG7oG2bAbSbR/5rH7oH3bNbS/4rArWrA5oAoWoA3bN/3rNrSrCrSrN3oNoSoCoSoN3/2rNrSrBrQrRrSrN1oNoSoBoQoRoSoN2 w - - - 0 1";

/// A small board: White General on e9, Red General on a0.
const SMALL: &str = "19/19/19/19/19/19/19/19/19/4wQ14/19/19/19/19/19/19/19/19/rQ18";

/// Example 6 (Cannons on j3 and e9) and Example 7 (Go-Between on c15) of §12.
const EXAMPLE_6: &str = "19/19/19/19/9rQ9/19/4wS14/19/4wA14/4wC2rS3pN7/4rS14/19/19/4dQ14/19/5rG1wS1wC2bG1gN4/19/19/19 w";
const EXAMPLE_7: &str = "19/19/1rA17/2wG2wA13/19/19/2rS16/6dG12/19/19/19/19/19/19/19/19/19/19/19 w";

fn k(letter: char) -> usize {
    COLOUR_LETTERS
        .iter()
        .position(|&l| l == letter as u8)
        .unwrap_or_else(|| panic!("no colour {letter}"))
}

fn read(text: &str) -> Result<SevenKingdoms, PositionError> {
    SevenKingdoms::from_position_string(text, &Players::default())
}

fn pos(text: &str) -> SevenKingdoms {
    read(text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

fn players(text: &str) -> Players {
    Players::parse(text).unwrap_or_else(|e| panic!("Players {text}: {e}"))
}

fn play(p: &mut SevenKingdoms, token: &str) {
    let mv = p
        .parse_move(token)
        .unwrap_or_else(|e| panic!("{token}: {e}"));
    p.make_move(mv);
}

/// The lines of `invalid.txt` as (line number, kind name, string).
fn invalid_lines() -> Vec<(usize, &'static str, &'static str)> {
    INVALID
        .lines()
        .enumerate()
        .filter(|(_, line)| !line.trim().is_empty() && !line.starts_with('#'))
        .map(|(i, line)| {
            let (kind, text) = line
                .split_once('|')
                .unwrap_or_else(|| panic!("invalid.txt:{}: no '|'", i + 1));
            (i + 1, kind, text)
        })
        .collect()
}

fn rejection(line: usize, text: &str) -> PositionError {
    match read(text) {
        Ok(p) => panic!(
            "invalid.txt:{line}: accepted as {}\n  {text}",
            p.position_string()
        ),
        Err(e) => e,
    }
}

/// The field `index` of a position string.
fn field(p: &SevenKingdoms, index: usize) -> String {
    p.position_string()
        .split(' ')
        .nth(index)
        .expect("seven fields")
        .to_string()
}

#[test]
fn invalid_txt_has_every_kind_of_malformed_string() {
    let lines = invalid_lines();
    assert!(lines.len() >= 15, "{} lines", lines.len());
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
        assert!(lines.iter().any(|l| l.1 == kind), "no line of kind {kind}");
    }
}

#[test]
fn invalid_position_strings_are_rejected_with_their_kind() {
    for (line, kind, text) in invalid_lines() {
        let error = rejection(line, text);
        assert_eq!(
            error.kind.name(),
            kind,
            "invalid.txt:{line}: {error}\n  {text}"
        );
    }
}

/// Whether `offset` lies in the out field (the fifth) of `text`.
fn in_out_field(text: &str, offset: usize) -> bool {
    let mut start = 0;
    for (i, field) in text.split(' ').enumerate() {
        if i == 4 {
            return (start..=start + field.len()).contains(&offset);
        }
        start += field.len() + 1;
    }
    false
}

/// Asserts `text[offset..]` starts with the error's token for the lines whose error lies
/// (`out`) or does not lie (`!out`) in the out field; returns how many were checked.
fn assert_tokens_at_offsets(out: bool) -> usize {
    let mut checked = 0;
    for (line, _, text) in invalid_lines() {
        let error = rejection(line, text);
        if in_out_field(text, error.offset) != out {
            continue;
        }
        checked += 1;
        assert!(
            text.get(error.offset..)
                .is_some_and(|rest| rest.starts_with(&error.token)),
            "invalid.txt:{line}: token '{}' is not at offset {}\n  {text}",
            error.token,
            error.offset
        );
    }
    checked
}

#[test]
fn invalid_position_strings_name_the_offending_token_at_its_offset() {
    assert!(assert_tokens_at_offsets(false) >= 30);
}

/// The same check for the malformed out fields, kept apart so that the rest stays guarded.
#[test]
fn invalid_out_fields_name_the_offending_token_at_its_offset() {
    assert_eq!(assert_tokens_at_offsets(true), 3);
}

/// Exact tokens for some malformed strings: the error points at the culprit itself.
#[test]
fn errors_point_at_the_culprit() {
    let cases = [
        (format!("{SMALL} w ww3"), "ww3"),
        (format!("{SMALL} w wr1,or2,wr3"), "wr3"),
        (format!("{SMALL} w - og,bg"), "bg"),
        (format!("{SMALL} w - - - 0 1 extra"), "extra"),
        (format!("{SMALL} w - - - 0 0"), "0"),
        (SMALL.replace("4wQ14", "9wQ9") + " w", "wQ"),
        (SMALL.replace("4wQ14", "4wX14") + " w", "wX"),
        (SMALL.replace("4wQ14", "4wQ014") + " w", "014"),
    ];
    for (text, token) in cases {
        let error = read(&text).expect_err(&text);
        assert_eq!(error.token, token, "{text}");
        assert_eq!(&text[error.offset..error.offset + token.len()], token);
    }
    // The culprit of the fullmove field, not the halfmove "0" before it.
    let text = format!("{SMALL} w - - - 0 0");
    assert_eq!(read(&text).unwrap_err().offset, text.len() - 1);
}

#[test]
fn r50_counters_with_a_leading_zero_are_rejected() {
    for text in [
        format!("{SMALL} w - - - 01 1"),
        format!("{SMALL} w - - - 0 01"),
    ] {
        assert!(read(&text).is_err(), "{text}");
    }
}

#[test]
fn r52_the_bare_board_string_takes_the_defaults() {
    let board = START.split(' ').next().unwrap();
    let start = SevenKingdoms::start(&Players::default());
    let bare = pos(board);
    assert_eq!(bare.position_string(), START);
    assert_eq!(bare.hash(), start.hash());
    assert_eq!(start.position_string(), START);
    // Any number of trailing fields may be left out.
    let fields: Vec<&str> = START.split(' ').collect();
    for n in 1..=7 {
        let p = pos(&fields[..n].join(" "));
        assert_eq!(p.position_string(), START, "{n} fields");
        assert_eq!(p.hash(), start.hash(), "{n} fields");
    }
}

#[test]
fn r51_readers_accept_either_case_for_colour_and_type_letters() {
    let canonical = pos(&format!("{SMALL} w"));
    for board in [
        SMALL.replace("wQ", "WQ"),
        SMALL.replace("wQ", "wq"),
        SMALL.replace("wQ", "Wq").replace("rQ", "RQ"),
    ] {
        let p = pos(&format!("{board} w"));
        assert_eq!(p.position_string(), canonical.position_string(), "{board}");
        assert_eq!(p.hash(), canonical.hash(), "{board}");
    }
    let mixed = START
        .replace("dN", "Dn")
        .replace("oQ", "OQ")
        .replace("wG", "wg");
    assert_eq!(pos(&mixed).position_string(), START);
}

#[test]
fn r51_capture_entries_in_any_order_are_written_in_turn_order() {
    let canonical = format!("{SMALL} w wr1,wd4,rw2,ob3,dw5 - - 0 1");
    let p = pos(&canonical);
    assert_eq!(p.position_string(), canonical);
    for order in [
        "dw5,ob3,rw2,wd4,wr1",
        "rw2,wr1,dw5,wd4,ob3",
        "ob3,wd4,wr1,dw5,rw2",
    ] {
        let q = pos(&format!("{SMALL} w {order}"));
        assert_eq!(q.position_string(), canonical, "{order}");
        assert_eq!(q.hash(), p.hash(), "{order}");
    }
    assert_eq!(p.captured_by(k('d'), k('w')), 5);
    assert_eq!(p.losses(k('w')), 7);
    assert_eq!(p.captures(k('w')), 5);
}

#[test]
fn r51_a_kingdom_both_out_and_captured_and_counts_not_checked_against_the_board() {
    // Green captured by White and also put out (R51.5); counts are taken as given (R52).
    let text = format!("{SMALL} w wg99,rb1 wg bg 0 5");
    let p = pos(&text);
    assert_eq!(p.position_string(), text);
    assert!(!p.in_game(k('g')) && !p.in_game(k('b')));
    assert_eq!(p.captured_by(k('w'), k('g')), 99);
}

#[test]
fn r32_a_side_named_out_of_the_game_is_read_as_the_next_that_can_move() {
    let board = START.split(' ').next().unwrap();
    let p = pos(&format!("{board} r - - r 0 4"));
    assert_eq!(p.side(), k('o'));
    assert_eq!(field(&p, 1), "o");
    assert_eq!(field(&p, 6), "4", "R32 leaves the round number alone");
    // Black out, named as the side: the search wraps round to White.
    let p = pos(&format!("{board} d - - d 0 4"));
    assert_eq!(p.side(), k('w'));
    assert_eq!(field(&p, 6), "4");
}

/// Asserts that `token` is rejected with `kind` and leaves the position alone.
fn assert_rejected(p: &SevenKingdoms, token: &str, kind: MoveErrorKind) {
    let (before, hash) = (p.position_string(), p.hash());
    let error = p.parse_move(token).expect_err(token);
    assert_eq!(error.kind, kind, "'{token}': {error}");
    assert_eq!(p.position_string(), before, "{token}");
    assert_eq!(p.hash(), hash, "{token}");
}

#[test]
fn r54_malformed_move_tokens_are_syntax_errors() {
    let p = SevenKingdoms::start(&Players::default());
    for token in [
        "e9",      // origin only
        "e9e",     // destination without a rank
        "e9e19",   // rank 19 is off the board
        "t1a1",    // file t is off the board
        "E9E10",   // moves are lower case
        "e09e10",  // leading zero
        "e9e010",  // leading zero in the destination
        "",        // empty
        "x",       // record token without colours
        "xz",      // record token with a letter that is no colour
        "xwz",     // one bad letter spoils the token
        "0000",    // no null move (R54)
        "e9 e10",  // no separator
        "e9e10q",  // no promotion suffix
        "e-1e10",  // no sign
        "a18a180", // trailing digit
    ] {
        assert_rejected(&p, token, MoveErrorKind::Syntax);
    }
}

#[test]
fn r54_well_formed_but_illegal_move_tokens() {
    let start = SevenKingdoms::start(&Players::default());
    for token in [
        "j9j10",  // the Emperor never moves (R23)
        "e5e6",   // no piece on e5
        "f4f5",   // Red's Go-Between: not White's turn
        "a9a10",  // onto its own Chancellor (R8)
        "e9e16",  // a Go-Between never captures (R20): the black Dagger on e16
        "e9j9",   // onto the Emperor's cell (R8)
        "e9n9",   // through the Emperor's cell (R8)
        "a12d15", // a Knight's move that does not exist (R22)
    ] {
        assert_rejected(&start, token, MoveErrorKind::Illegal);
    }
    let cannons = pos(EXAMPLE_6);
    for token in [
        "e9e8",  // a Cannon capture without a screen (R19)
        "j3f3",  // a Cannon cannot take a Go-Between (R21)
        "e9l9",  // the Emperor beyond the screen ends the search (R19.3)
        "e9e12", // the first piece beyond the screen is its own
    ] {
        assert_rejected(&cannons, token, MoveErrorKind::Illegal);
    }
    let go_between = pos(EXAMPLE_7);
    for token in ["c15c12", "c15b16", "c15g11"] {
        assert_rejected(&go_between, token, MoveErrorKind::Illegal);
    }
    // Nobody may take the Go-Between (R21): Red to move on the same board.
    let red = pos(&EXAMPLE_7.replace(" w", " r"));
    for token in ["c12c15", "b16c15"] {
        assert_rejected(&red, token, MoveErrorKind::Illegal);
    }
}

#[test]
fn r54_a_finished_game_takes_no_move() {
    // Example 10 after the winning capture: over (R43.3).
    let mut p = pos("5dQ7pQ5/19/19/19/19/18gQ/19/19/19/wQ18/19/4pS14/19/18bQ/19/19/4rR14/19/5rQ7oQ5 r rw9,rb9,rg8,rp3 - - 4 20");
    play(&mut p, "e2e7");
    assert!(matches!(p.status(), Status::Over(_)));
    for token in ["n0n1", "xo", "a9a10"] {
        assert_rejected(&p, token, MoveErrorKind::GameOver);
    }
    assert_rejected(&p, "e9", MoveErrorKind::Syntax);
}

/// Asserts the incremental hash and that the string reads back to the same position.
fn assert_consistent(p: &SevenKingdoms) {
    assert_eq!(p.hash(), p.recompute_hash());
    let again = pos(&p.position_string());
    assert_eq!(again.position_string(), p.position_string());
    assert_eq!(again.hash(), p.hash());
}

#[test]
fn r55_xob_puts_orange_and_blue_out_and_round_trips() {
    let mut p = SevenKingdoms::start(&Players::default());
    let mv = p.parse_move("xob").unwrap();
    assert_eq!(mv, Move::PutOut((1 << k('o')) | (1 << k('b'))));
    assert_eq!(p.move_string(mv), "xob");
    assert_eq!(p.parse_move("xbo").unwrap(), mv, "writers use turn order");
    p.make_move(mv);
    assert_consistent(&p);
    assert_eq!(
        p.position_string(),
        START.replace("- - - 0 1", "- - ob 0 1")
    );
    assert_eq!(p.side(), k('w'), "White was not put out: it keeps the turn");
    assert!(!p.in_game(k('o')) && !p.in_game(k('b')));
    // The pieces stay on the board with their colour (R34).
    assert_eq!(p.pieces_of(k('o')), pos(START).pieces_of(k('o')));
    play(&mut p, "e9e10");
    assert_eq!(p.side(), k('r'));
    play(&mut p, "f4f5");
    assert_eq!(p.side(), k('g'), "Orange and Blue are skipped");
    assert_consistent(&p);
    // Listing a kingdom already out changes nothing, not even the halfmove clock.
    let (before, hash) = (p.position_string(), p.hash());
    play(&mut p, "xo");
    assert_eq!(p.position_string(), before);
    assert_eq!(p.hash(), hash);
    for _ in 0..4 {
        p.unmake_move();
    }
    assert_eq!(p.position_string(), START);
    assert_eq!(p.hash(), pos(START).hash());
}

#[test]
fn r34_r51_the_side_to_move_put_out_passes_the_turn_on() {
    // White resigns before any move: Red moves, still in round 1 (A12 case 2 not copied).
    let mut p = SevenKingdoms::start(&Players::default());
    play(&mut p, "xw");
    assert_eq!(p.side(), k('r'));
    assert_eq!(field(&p, 6), "1");
    assert_eq!(field(&p, 4), "w");
    assert_consistent(&p);
    // Black resigns on its turn: the turn wraps to White and the round number grows.
    let board = START.split(' ').next().unwrap();
    let mut p = pos(&format!("{board} d - - - 3 6"));
    play(&mut p, "xd");
    assert_eq!(p.side(), k('w'));
    assert_eq!(field(&p, 6), "7");
    assert_eq!(field(&p, 5), "3", "a record token is not a move (R55)");
    assert_consistent(&p);
    // Green and Purple put out while Blue is to move: Blue keeps the turn; its move
    // passes the turn over them to Black.
    let mut p = pos(&format!("{board} b"));
    play(&mut p, "xgp");
    assert_eq!(p.side(), k('b'));
    play(&mut p, "s8q9");
    assert_eq!(p.side(), k('d'));
}

#[test]
fn r34_r43_r44_resignations_that_end_the_game() {
    // Six kingdoms put out: White is the last kingdom (R43.1).
    let mut p = SevenKingdoms::start(&Players::default());
    play(&mut p, "xrobgpd");
    let ending = *p.ending().expect("over");
    assert_eq!(ending.winner, Some(k('w')));
    assert_eq!(ending.label, Label::LastKingdomRemaining);
    match p.status() {
        Status::Over(outcome) => assert_eq!(outcome.result_string(), "1-0-0-0-0-0-0"),
        Status::Ongoing => panic!("the game goes on"),
    }
    assert_eq!(p.count_moves(), 0);
    // Two players: the second resigns its three kingdoms; no winning kingdom (R44).
    let mut p = SevenKingdoms::start(&players("wrob/gpd"));
    play(&mut p, "xgpd");
    let ending = *p.ending().expect("over");
    assert_eq!(ending.winner, None);
    assert_eq!(ending.label, Label::LastPlayerRemaining);
    match p.status() {
        Status::Over(outcome) => assert_eq!(outcome.result_string(), "1-0"),
        Status::Ongoing => panic!("the game goes on"),
    }
    p.unmake_move();
    assert_eq!(p.status(), Status::Ongoing);
}

/// The winner and label of a string that is already over when read.
fn read_ending(text: &str) -> (Option<usize>, Label) {
    let p = pos(text);
    let ending = *p.ending().unwrap_or_else(|| panic!("not over: {text}"));
    assert_eq!(
        p.position_string(),
        text,
        "an over string keeps its side (R31)"
    );
    (ending.winner, ending.label)
}

#[test]
fn r43_a_string_already_over_names_its_winner() {
    // Condition 2 is checked before condition 3: White holds two, Orange has 35.
    assert_eq!(
        read_ending(&format!("{SMALL} w ob35 wg,wp - 0 1")),
        (Some(k('w')), Label::CapturedEnoughKingdoms)
    );
    // Several holders: the largest held wins (Red 3, White 2).
    assert_eq!(
        read_ending(&format!("{SMALL} w - wg,wp,rb,rd,ro - 0 1")).0,
        Some(k('r'))
    );
    // Equal: the first met walking backwards from the kingdom before the side to move.
    for (side, winner) in [('w', 'r'), ('r', 'w'), ('o', 'r')] {
        let text = format!("{SMALL} {side} - wg,wp,rb,rd - 0 1");
        assert_eq!(read_ending(&text).0, Some(k(winner)), "{text}");
    }
    for (side, winner) in [('b', 'r'), ('r', 'w')] {
        let text = format!("{SMALL} {side} wr30,rw30 - - 0 1");
        assert_eq!(
            read_ending(&text),
            (Some(k(winner)), Label::CapturedEnoughPieces),
            "{text}"
        );
    }
    // R43.1: every other kingdom out or captured.
    assert_eq!(
        read_ending(&format!("{SMALL} r - - wobgpd 0 1")),
        (Some(k('r')), Label::LastKingdomRemaining)
    );
}

#[test]
fn r53_the_hash_covers_every_field_that_matters_for_play() {
    let texts = [
        format!("{SMALL} w"),
        format!("{SMALL} r"),
        format!("{SMALL} w wr1"),
        format!("{SMALL} w rw1"),
        format!("{SMALL} w wr2"),
        format!("{SMALL} w - wg"),
        format!("{SMALL} w - og"),
        format!("{SMALL} w - - g"),
        format!("{SMALL} w - - o"),
    ];
    let hashes: Vec<u64> = texts.iter().map(|t| pos(t).hash()).collect();
    for i in 0..texts.len() {
        for j in i + 1..texts.len() {
            assert_ne!(hashes[i], hashes[j], "{} / {}", texts[i], texts[j]);
        }
    }
}

#[test]
fn r52_a_valid_string_with_a_huge_army_generates_every_move() {
    // 76 white Generals fill ranks 18, 12, 6 and 0 (R52: readers do not check that the
    // board could have arisen). Each walks up to the next full rank, the Emperor or the
    // edge: 1512 moves, counted by hand with the line walks of R9 and R12.
    let full = "wQ".repeat(19);
    let ranks: Vec<&str> = (0..19)
        .map(|i| if i % 6 == 0 { full.as_str() } else { "19" })
        .collect();
    let p = pos(&format!("{} w", ranks.join("/")));
    assert_eq!(p.count_moves(), 1512);
}

/// R34 puts players out, but a token that would leave no kingdom in the game describes no
/// game the rules define: it is refused and changes nothing.
#[test]
fn r55_a_record_token_may_not_put_out_every_kingdom_in_the_game() {
    let p = pos(SMALL);
    assert_rejected(&p, "xwrobgpd", MoveErrorKind::Illegal);
    assert!(p.parse_move("xwrobgp").is_ok());
}
