//! The worked examples 1–16 of `docs/rules/sevenkingdoms.md` §12, one test each,
//! named after the example and the rules it shows. Move sets are compared as sorted lists
//! of move strings; position strings field by field after filling in the defaults of R52.

mod common;

use common::dev_game_moves;
use engine::game::{Game, Status};
use engine::variants::sevenkingdoms::{
    tables, Label, Move, Players, SevenKingdoms, COLOUR_LETTERS, GENERAL,
};

/// Defaults of the fields after the board (R52).
const DEFAULTS: [&str; 6] = ["w", "-", "-", "-", "0", "1"];
const FIELD_NAMES: [&str; 7] = [
    "board", "side", "captures", "kingdoms", "out", "halfmove", "fullmove",
];

/// Turn index of a colour letter (§1).
fn k(letter: char) -> usize {
    COLOUR_LETTERS
        .iter()
        .position(|&l| l == letter as u8)
        .unwrap_or_else(|| panic!("no colour {letter}"))
}

/// Cell index of a name such as `j9`.
fn cell(name: &str) -> usize {
    tables()
        .grid
        .parse_cell(name)
        .unwrap_or_else(|| panic!("bad cell {name}"))
}

fn players(text: &str) -> Players {
    Players::parse(text).unwrap_or_else(|e| panic!("Players {text}: {e}"))
}

/// Reads a position under the default `Players` (one kingdom per player).
fn pos(text: &str) -> SevenKingdoms {
    pos_with(text, &Players::default())
}

fn pos_with(text: &str, players: &Players) -> SevenKingdoms {
    SevenKingdoms::from_position_string(text, players).unwrap_or_else(|e| panic!("{text}: {e}"))
}

fn legal_moves(p: &SevenKingdoms) -> Vec<Move> {
    let mut list = Default::default();
    p.generate_moves(&mut list);
    list.to_vec()
}

/// Sorted move strings of the piece on `origin`.
fn moves_from(p: &SevenKingdoms, origin: &str) -> Vec<String> {
    let origin = cell(origin) as u16;
    let mut out: Vec<String> = legal_moves(p)
        .into_iter()
        .filter(|mv| matches!(mv, Move::Step { from, .. } if *from == origin))
        .map(|mv| p.move_string(mv))
        .collect();
    out.sort();
    out
}

/// A space-separated list from the spec, sorted the same way.
fn sorted(list: &str) -> Vec<String> {
    let mut out: Vec<String> = list.split_whitespace().map(str::to_string).collect();
    out.sort();
    out
}

/// Asserts the exact move set of the piece on `origin` and its size as the spec gives it.
fn assert_moves(p: &SevenKingdoms, origin: &str, count: usize, list: &str) {
    let expected = sorted(list);
    assert_eq!(expected.len(), count, "the spec's list for {origin}");
    assert_eq!(moves_from(p, origin), expected, "moves of {origin}");
}

/// Plays a move given as text; it must be legal.
fn play(p: &mut SevenKingdoms, token: &str) {
    let mv = p
        .parse_move(token)
        .unwrap_or_else(|e| panic!("{token}: {e}"));
    p.make_move(mv);
}

/// The seven fields of a position string, trailing omitted ones filled with R52's defaults.
fn full_fields(text: &str) -> Vec<String> {
    let mut fields: Vec<String> = text.split_whitespace().map(str::to_string).collect();
    assert!((1..=7).contains(&fields.len()), "{text}");
    let given = fields.len();
    fields.extend(DEFAULTS[given - 1..].iter().map(|s| s.to_string()));
    fields
}

/// Compares a position's string with the spec's, field by field.
fn assert_position(p: &SevenKingdoms, expected: &str) {
    let got = p.position_string();
    let (got_fields, want) = (full_fields(&got), full_fields(expected));
    for i in 0..7 {
        assert_eq!(
            got_fields[i], want[i],
            "field {} of\n  got  {got}\n  want {expected}",
            FIELD_NAMES[i]
        );
    }
}

/// Asserts the game is over with this winner (a colour letter, or none) and label.
fn assert_ending(p: &SevenKingdoms, winner: Option<char>, label: Label) {
    let ending = p.ending().expect("the game is over");
    assert_eq!(ending.winner, winner.map(k), "winner");
    assert_eq!(ending.label, label, "label");
    assert_eq!(p.count_moves(), 0, "a finished game has no moves");
}

fn result_string(p: &SevenKingdoms) -> String {
    match p.status() {
        Status::Over(outcome) => outcome.result_string(),
        Status::Ongoing => panic!("the game goes on: {}", p.position_string()),
    }
}

/// The captured-kingdoms record as pairs of letters, e.g. `["wr", "pb"]`.
fn record(p: &SevenKingdoms) -> Vec<String> {
    p.captured_kingdoms()
        .iter()
        .map(|&(h, c)| {
            [h, c]
                .iter()
                .map(|&i| COLOUR_LETTERS[usize::from(i)] as char)
                .collect()
        })
        .collect()
}

#[test]
fn example_01_r9_r12_general_with_every_kind_of_blocker() {
    let p = pos("19/19/19/19/19/19/5wS2gW10/19/19/5wQ13/19/7pH11/2rN2bG13/19/19/19/19/19/19 w");
    assert_moves(
        &p,
        "f9",
        25,
        "f9a9 f9a14 f9b9 f9b13 f9c6 f9c9 f9c12 f9d7 f9d9 f9d11 f9e8 f9e9 f9e10 f9f7 f9f8 \
         f9f10 f9f11 f9g8 f9g9 f9g10 f9h7 f9h9 f9h11 f9i9 f9i12",
    );
}

#[test]
fn example_02_r13_r14_chancellor_and_diplomat() {
    let p = pos("19/19/19/7gN11/14wA4/19/19/11wB7/19/13bG5/19/19/19/5wA3wR2rG6/19/19/9oS9/19/19 w");
    assert_moves(
        &p,
        "j5",
        11,
        "j5g5 j5h5 j5i5 j5j2 j5j3 j5j4 j5j6 j5j7 j5j8 j5k5 j5l5",
    );
    assert_moves(
        &p,
        "l11",
        8,
        "l11h15 l11i14 l11j13 l11k10 l11k12 l11m10 l11m12 l11n13",
    );
}

#[test]
fn example_03_r15_r16_archer_and_crossbowman_ranges() {
    let p = pos("19/19/19/15gG3/19/19/12pA2wW3/19/19/19/19/19/3wA15/19/3wH1rS13/19/19/19/19 w");
    assert_moves(
        &p,
        "d4",
        24,
        "d4a1 d4a4 d4a7 d4b2 d4b4 d4b6 d4c3 d4c4 d4c5 d4d0 d4d1 d4d2 d4d3 d4d5 d4e3 d4e4 \
         d4e5 d4f2 d4f4 d4f6 d4g1 d4g7 d4h0 d4h8",
    );
    assert_moves(
        &p,
        "p12",
        29,
        "p12k7 p12k17 p12l8 p12l16 p12m9 p12m12 p12m15 p12n10 p12n12 p12n14 p12o11 p12o12 \
         p12o13 p12p7 p12p8 p12p9 p12p10 p12p11 p12p13 p12p14 p12q11 p12q12 p12q13 p12r10 \
         p12r12 p12r14 p12s9 p12s12 p12s15",
    );
}

#[test]
fn example_04_r17_r18_r23_dagger_and_swordsman_next_to_the_emperor() {
    let p = pos("19/19/19/19/19/19/19/7wS1rS9/8wA10/10wSrN7/10bG8/19/19/19/19/19/19/19/19 w");
    assert_moves(&p, "i10", 2, "i10h9 i10j11");
    assert_moves(&p, "k9", 2, "k9k10 k9l9");
    assert_moves(&p, "h11", 4, "h11h10 h11h12 h11g11 h11i11");
    assert_eq!(p.count_moves(), 8, "all moves of White");
}

#[test]
fn example_05a_r22_knight_on_an_open_board() {
    let p = pos("19/19/19/19/19/19/19/19/19/19/19/19/19/4wN14/19/19/19/19/19 w");
    assert_moves(
        &p,
        "e5",
        24,
        "e5a2 e5a8 e5b1 e5b3 e5b7 e5b9 e5c2 e5c4 e5c6 e5c8 e5d3 e5d7 e5f3 e5f7 e5g2 e5g4 \
         e5g6 e5g8 e5h1 e5h3 e5h7 e5h9 e5i2 e5i8",
    );
}

#[test]
fn example_05b_r22_r23_knight_legs_blocked_by_emperor_own_piece_go_between() {
    let p = pos("19/19/19/19/19/19/19/9rC9/19/7wSwN10/19/7bG11/10wA8/19/19/19/19/19/19 w");
    assert_moves(&p, "i9", 5, "i9f13 i9g12 i9h11 i9j7 i9j11");
    assert_eq!(p.count_moves(), 12, "all moves of White");
}

#[test]
fn example_06_r19_r21_r23_cannon_screens_and_capture_limits() {
    let p = pos(
        "19/19/19/19/9rQ9/19/4wS14/19/4wA14/4wC2rS3pN7/4rS14/19/19/4dQ14/19/\
         5rG1wS1wC2bG1gN4/19/19/19 w",
    );
    assert_moves(
        &p,
        "j3",
        13,
        "j3i3 j3j0 j3j1 j3j2 j3j4 j3j5 j3j6 j3j7 j3j8 j3j14 j3k3 j3l3 j3o3",
    );
    assert_moves(&p, "e9", 7, "e9a9 e9b9 e9c9 e9d9 e9e5 e9f9 e9g9");
}

#[test]
fn example_07_r20_r21_go_between_blocked_never_captures_never_captured() {
    let board = "19/19/1rA17/2wG2wA13/19/19/2rS16/6dG12/19/19/19/19/19/19/19/19/19/19/19";
    let white = pos(&format!("{board} w"));
    assert_moves(
        &white,
        "c15",
        17,
        "c15a13 c15a15 c15b14 c15b15 c15c13 c15c14 c15c16 c15c17 c15c18 c15d14 c15d15 \
         c15d16 c15e13 c15e15 c15e17 c15f12 c15f18",
    );
    let red = pos(&format!("{board} r"));
    assert_eq!(red.side(), k('r'));
    assert_moves(&red, "c12", 4, "c12b12 c12c11 c12c13 c12d12");
    assert_moves(&red, "b16", 3, "b16a15 b16a17 b16c17");
}

#[test]
fn example_08_r36_r37_r40_r30_general_capture_transfers_the_army_to_the_capturer() {
    let mut p = pos(
        "19/19/19/19/19/19/3rQ15/19/19/19/19/19/19/19/3wR15/19/7rS2rA8/15oS3/19 w wr4,or2 - - 7 3",
    );
    play(&mut p, "d4d12");
    // R36 +1, R40 +2 transferred pieces: 4 + 1 + 2.
    assert_eq!(p.captured_by(k('w'), k('r')), 7);
    assert_eq!(p.captured_by(k('o'), k('r')), 2);
    assert_eq!(p.losses(k('r')), 9);
    assert_eq!(record(&p), ["wr"]);
    assert!(!p.in_game(k('r')));
    assert_eq!(p.piece_at(cell("h2")).map(|x| x.0), Some(k('w')));
    assert_eq!(p.piece_at(cell("k2")).map(|x| x.0), Some(k('w')));
    assert_eq!(p.side(), k('o'), "Red is skipped (R30)");
    assert_eq!(p.status(), Status::Ongoing);
    assert_position(
        &p,
        "19/19/19/19/19/19/3wR15/19/19/19/19/19/19/19/19/19/7wS2wA8/15oS3/19 o wr7,or2 wr - 0 3",
    );
}

/// Example 9's position before Blue's move, with Blue's count against Orange as given.
fn example_09_before(bo: u32) -> String {
    format!(
        "2dQ7pQ7gQ/19/16gGgC1/19/15gN3/19/19/19/15bR3/wQ18/19/19/19/19/19/18bQ/19/19/5rQ7oQ5 \
         b wr3,wg5,ow9,bo{bo},pg4,pd4 - o 12 9"
    )
}

#[test]
fn example_09_r38_r39_r40_ten_losses_tie_break_walks_backwards_from_the_mover() {
    let mut p = pos(&example_09_before(2));
    assert_eq!(p.losses(k('g')), 9);
    play(&mut p, "p10p14");
    // Candidates: w 8, r 0, b 3, p 8, d 0 (Orange, 9, is out). Backwards from b: o, r, w.
    assert_eq!(record(&p), ["wg"]);
    assert_eq!(p.captured_by(k('w'), k('g')), 8);
    assert_eq!(p.captured_by(k('b'), k('g')), 1);
    for general in ["a9", "s18"] {
        assert_eq!(
            p.piece_at(cell(general)),
            Some((k('w'), GENERAL)),
            "{general}"
        );
    }
    assert_eq!(p.side(), k('p'));
    assert_position(
        &p,
        "2dQ7pQ7wQ/19/16wGwC1/19/15bR3/19/19/19/19/wQ18/19/19/19/19/19/18bQ/19/19/5rQ7oQ5 \
         p wr3,wg8,ow9,bo2,bg1,pg4,pd4 wg o 0 9",
    );
}

#[test]
fn example_09_r39_variant_bo7_the_tied_mover_receives_the_army() {
    let mut p = pos(&example_09_before(7));
    play(&mut p, "p10p14");
    // Blue reaches 7 + 1 = 8 with the capture, ties with White and Purple, and as the
    // mover receives the three green pieces: M[b][g] = 1 + 3.
    assert_eq!(p.captured_by(k('b'), k('g')), 4);
    assert_eq!(p.captures(k('b')), 11);
    assert_eq!(record(&p), ["bg"]);
    assert_eq!(p.piece_at(cell("s18")), Some((k('b'), GENERAL)));
    assert_position(
        &p,
        "2dQ7pQ7bQ/19/16bGbC1/19/15bR3/19/19/19/19/wQ18/19/19/19/19/19/18bQ/19/19/5rQ7oQ5 \
         p wr3,wg5,ow9,bo7,bg4,pg4,pd4 bg o 0 9",
    );
}

const MYF_BEFORE: &str = "3dSdBdQdR1dS2pSpBpQpRpS3/4dSdCdS4pNpSpCpNpB3/1dN1pGdA3wN8pNpN/\
    pG6dApN2pA1dN1dW3/1wH12pA1pApSpH/5dNwN6bG2pN2/9rG7pSpR/wS8rW3pW2bNpCpS/\
    wRwSwAwWwN8oC5/wQwC12oW3pW/wBwS14wG2/wS17bS/4wA2rH3oG4bAoHbB/1bQ6oN5rN4/19/\
    1rN2wNrAoN8bA2oN/4rA7oA1oA4/3rNrSrCrS5oS1oS4/1dGrS1rBrQrRrSrN2oSoBoQoRbNoN2 \
    d wd2,rb1,ob6,bo1,bg1,gb2,gp3,pg16 pg - 2 25";

const MYF_AFTER: &str = "3dSdBdQdR1dS2pSpBpQpRpS3/4dSdCdS4pNpSpCpNpB3/1dN1pGdA3wN8pNpN/\
    pG6dApN2pA3dW3/1wH12pA1pApSpH/5dNwN6pG2pN2/9rG7pSpR/wS8rW3pW2dNpCpS/\
    wRwSwAwWwN8oC5/wQwC12oW3pW/wBwS14wG2/wS17pS/4wA2rH3oG4pAoHpB/1pQ6oN5rN4/19/\
    1rN2wNrAoN8pA2oN/4rA7oA1oA4/3rNrSrCrS5oS1oS4/1dGrS1rBrQrRrSrN2oSoBoQoRpNoN2 \
    w wd2,rb1,ob6,bo1,bg1,gb2,gp3,pb7,pg16,db1 pg,pb - 0 26";

#[test]
fn example_09_r38_r39_r43_dev_game_myfx1d31lgzv_ten_losses_recipient_wins_not_the_mover() {
    let players = Players::default();
    // The spec's string before the last move is the replayed game's position.
    let moves = dev_game_moves("MYFx1D31LGzv");
    assert_eq!(moves.len(), 169);
    assert_eq!(moves[168], "n15q11");
    let mut replay = SevenKingdoms::start(&players);
    for token in &moves[..168] {
        play(&mut replay, token);
    }
    assert_position(&replay, MYF_BEFORE);

    let mut p = pos(MYF_BEFORE);
    assert_eq!(p.losses(k('b')), 9);
    play(&mut p, "n15q11");
    assert_eq!(
        p.captured_by(k('p'), k('b')),
        7,
        "Blue's 7 pieces go to Purple"
    );
    assert_eq!(p.captured_by(k('d'), k('b')), 1);
    assert_ending(&p, Some('p'), Label::CapturedEnoughKingdoms);
    assert_eq!(record(&p), ["pg", "pb"]);
    assert_eq!(result_string(&p), "0-0-0-0-0-1-0");
    assert_position(&p, MYF_AFTER);
}

const EXAMPLE_10: &str = "5dQ7pQ5/19/19/19/19/18gQ/19/19/19/wQ18/19/4pS14/19/18bQ/19/19/\
    4rR14/19/5rQ7oQ5 r rw9,rb9,rg8,rp3 - - 4 20";

#[test]
fn example_10_r43_thirty_captures_win() {
    let mut p = pos(EXAMPLE_10);
    assert_eq!(p.captures(k('r')), 29);
    play(&mut p, "e2e7");
    assert_eq!(p.captures(k('r')), 30);
    assert_ending(&p, Some('r'), Label::CapturedEnoughPieces);
    assert_eq!(result_string(&p), "0-1-0-0-0-0-0");
    assert_position(
        &p,
        "5dQ7pQ5/19/19/19/19/18gQ/19/19/19/wQ18/19/4rR14/19/18bQ/19/19/19/19/5rQ7oQ5 \
         o rw9,rb9,rg8,rp4 - - 0 20",
    );
}

#[test]
fn example_10_r30_a_quiet_move_changes_nothing() {
    let mut p = pos(EXAMPLE_10);
    play(&mut p, "e2e3");
    assert_eq!(p.status(), Status::Ongoing);
    assert_eq!(p.side(), k('o'));
    assert_position(
        &p,
        "5dQ7pQ5/19/19/19/19/18gQ/19/19/19/wQ18/19/4pS14/19/18bQ/19/4rR14/19/19/5rQ7oQ5 \
         o rw9,rb9,rg8,rp3 - - 5 20",
    );
}

/// Example 11's position with Orange's count against Green as given.
fn example_11_before(og: u32) -> String {
    format!(
        "5dQ7pQ5/19/19/19/19/19/16gG2/17gS1/18gC/wQ18/15gQ3/19/19/19/18oR/10oB8/19/19/\
         5rQ7oQ5 o ob17,og{og} ob - 9 31"
    )
}

#[test]
fn example_11_r43_r48_two_kingdoms_win_labelled_captured_enough_kingdoms() {
    let mut p = pos(&example_11_before(2));
    play(&mut p, "k3p8");
    assert_eq!(p.captured_by(k('o'), k('g')), 6, "2 + 1 + 3");
    assert_eq!(record(&p), ["ob", "og"]);
    assert_eq!(p.captures(k('o')), 23);
    assert_ending(&p, Some('o'), Label::CapturedEnoughKingdoms);
    assert_eq!(result_string(&p), "0-0-1-0-0-0-0");
    assert_position(
        &p,
        "5dQ7pQ5/19/19/19/19/19/16oG2/17oS1/18oC/wQ18/15oB3/19/19/19/18oR/19/19/19/5rQ7oQ5 \
         p ob17,og6 ob,og - 0 31",
    );
}

#[test]
fn example_11_r48_variant_og9_both_conditions_labelled_captured_enough_pieces() {
    let mut p = pos(&example_11_before(9));
    play(&mut p, "k3p8");
    assert_eq!(p.captures(k('o')), 30, "17 + 13");
    assert_ending(&p, Some('o'), Label::CapturedEnoughPieces);
    assert_eq!(result_string(&p), "0-0-1-0-0-0-0");
}

#[test]
fn example_12_r28_r30_r34_r51_turns_skip_captured_and_resigned_kingdoms() {
    let mut p = pos(
        "2dQ10pQ5/19/19/19/2pS16/18wC/19/19/19/wQ18/19/19/19/18bQ/19/19/19/19/5rQ7oQ5 \
         b wg17,bw1 wg p 3 40",
    );
    assert!(!p.in_game(k('g')) && !p.in_game(k('p')));
    play(&mut p, "s5s6");
    assert_eq!(
        p.side(),
        k('d'),
        "Green (captured) and Purple (out) are skipped"
    );
    assert_position(
        &p,
        "2dQ10pQ5/19/19/19/2pS16/18wC/19/19/19/wQ18/19/19/18bQ/19/19/19/19/19/5rQ7oQ5 \
         d wg17,bw1 wg p 4 40",
    );
    play(&mut p, "c18c14");
    assert_eq!(
        p.captured_by(k('d'), k('p')),
        1,
        "a resigned kingdom's piece is taken"
    );
    assert_eq!(p.side(), k('w'));
    assert_position(
        &p,
        "13pQ5/19/19/19/2dQ16/18wC/19/19/19/wQ18/19/19/18bQ/19/19/19/19/19/5rQ7oQ5 \
         w wg17,bw1,dp1 wg p 0 41",
    );
}

#[test]
fn example_13_r34_r37_r40_the_general_of_a_resigned_kingdom_still_counts() {
    let mut p = pos(
        "2dQ10pQ5/19/19/19/2pS9pG6/18gQ/19/19/13wR5/19/19/19/19/18bQ/19/19/19/19/5rQ7oQ5 \
         w - - p 0 12",
    );
    play(&mut p, "n10n18");
    assert_eq!(
        p.captured_by(k('w'), k('p')),
        3,
        "1 + 2, the Go-Between included"
    );
    assert_eq!(record(&p), ["wp"]);
    assert_eq!(p.status(), Status::Ongoing);
    assert_eq!(p.side(), k('r'));
    assert_position(
        &p,
        "2dQ10wR5/19/19/19/2wS9wG6/18gQ/19/19/19/19/19/19/19/18bQ/19/19/19/19/5rQ7oQ5 \
         r wp3 wp p 0 12",
    );
}

const EXAMPLE_14: &str =
    "19/19/19/19/19/18gQ/19/19/19/4wQ14/19/19/19/18bQ/19/19/19/bGgG17/rQoG11oQ5";

#[test]
fn example_14_r30_a_kingdom_without_a_legal_move_is_skipped() {
    let mut p = pos(&format!("{EXAMPLE_14} w"));
    assert_eq!(moves_from(&p, "a0"), Vec::<String>::new());
    play(&mut p, "e9e10");
    assert_eq!(
        p.side(),
        k('o'),
        "Red, walled in by Go-Betweens, is skipped"
    );
    assert!(p.in_game(k('r')), "skipped for this turn only");
    assert_position(
        &p,
        "19/19/19/19/19/18gQ/19/19/4wQ14/19/19/19/19/18bQ/19/19/19/bGgG17/rQoG11oQ5 o - - - 1 1",
    );
}

#[test]
fn example_14_r32_side_without_a_move_is_read_as_the_next_that_can_move() {
    let p = pos(&format!("{EXAMPLE_14} r"));
    assert_eq!(p.side(), k('o'));
    assert_position(&p, &format!("{EXAMPLE_14} o - - - 0 1"));
    // The round number is left alone (R32), also further on.
    let p = pos(&format!("{EXAMPLE_14} r - - - 0 7"));
    assert_position(&p, &format!("{EXAMPLE_14} o - - - 0 7"));
}

const EXAMPLE_15: &str = "dS11rB6/19/18dQ/19/19/16wC2/19/19/19/wQ18/19/19/19/12bQ6/19/19/\
    18bR/19/5rQ7oQ5 b wg17,rp17 wg,rp - 0 30";
const EXAMPLE_15_AFTER: &str = "bS11rB6/19/18bR/19/19/16wC2/19/19/19/wQ18/19/19/19/12bQ6/19/19/\
    19/19/5rQ7oQ5 w wg17,rp17,bd2 wg,rp,bd - 0 31";

#[test]
fn example_15_r44_r47_default_players_the_game_goes_on() {
    let mut p = pos(EXAMPLE_15);
    play(&mut p, "s2s16");
    assert_eq!(p.captured_by(k('b'), k('d')), 2);
    assert_eq!(p.status(), Status::Ongoing, "each holder has one kingdom");
    assert_eq!(p.side(), k('w'));
    assert!(p.count_moves() > 0);
    assert_position(&p, EXAMPLE_15_AFTER);
}

#[test]
fn example_15_r44_r47_players_wrob_gpd_last_player_remaining() {
    let two = players("wrob/gpd");
    let mut p = pos_with(EXAMPLE_15, &two);
    assert_eq!(
        p.status(),
        Status::Ongoing,
        "Black (player 2) is still in the game"
    );
    play(&mut p, "s2s16");
    assert_position(&p, EXAMPLE_15_AFTER);
    assert_ending(&p, None, Label::LastPlayerRemaining);
    assert_eq!(result_string(&p), "1-0");
    assert_eq!(legal_moves(&p), Vec::new());
}

#[test]
fn example_16_r25_all_legal_moves_of_white_at_the_start() {
    let p = SevenKingdoms::start(&Players::default());
    let table = [
        ("c10", 1, "c10d11"),
        ("c8", 1, "c8d7"),
        (
            "e9",
            38,
            "e9a5 e9a13 e9b6 e9b12 e9c7 e9c11 e9d8 e9d10 e9e3 e9e4 e9e5 e9e6 e9e7 e9e8 \
             e9e10 e9e11 e9e12 e9e13 e9e14 e9e15 e9f8 e9f9 e9f10 e9g7 e9g9 e9g11 e9h6 e9h9 \
             e9h12 e9i5 e9i9 e9i13 e9j4 e9j14 e9k3 e9k15 e9l2 e9l16",
        ),
        (
            "d9",
            16,
            "d9d5 d9d6 d9d7 d9d8 d9d10 d9d11 d9d12 d9d13 d9e8 d9e10 d9f7 d9f11 d9g6 d9g12 \
             d9h5 d9h13",
        ),
        (
            "a12",
            8,
            "a12b14 a12c11 a12c13 a12c15 a12d10 a12d14 a12d16 a12e15",
        ),
        ("a6", 8, "a6b4 a6c3 a6c5 a6c7 a6d2 a6d4 a6d8 a6e3"),
        ("b11", 7, "b11a13 b11c13 b11d10 b11d12 b11d14 b11e13 b11e15"),
        ("b7", 7, "b7a5 b7c5 b7d4 b7d6 b7d8 b7e3 b7e5"),
        (
            "c9",
            10,
            "c9d8 c9d10 c9e7 c9e11 c9f6 c9f12 c9g5 c9g13 c9h4 c9h14",
        ),
    ];
    for (origin, count, list) in table {
        assert_moves(&p, origin, count, list);
    }
    // No other white piece can move: the table is every move.
    let mut all: Vec<String> = legal_moves(&p)
        .into_iter()
        .map(|mv| p.move_string(mv))
        .collect();
    all.sort();
    let mut expected: Vec<String> = table.iter().flat_map(|row| sorted(row.2)).collect();
    expected.sort();
    assert_eq!(all, expected);
    assert_eq!(p.count_moves(), 96);
}

// Rules the examples reach only in part: the mover as the last candidate (R30), a kingdom
// with two Generals (R24, R41), a captured kingdom's captures counting for nobody (R39,
// R41), a tenth loss that leaves no army (R38, R40), and no kingdom able to move (R45).

#[test]
fn r30_r51_the_mover_is_the_last_candidate_and_the_round_wraps_to_it() {
    // Example 5(a): only White has pieces; the other kingdoms are in the game but cannot
    // move, so White moves again and the round number grows (same kingdom, R51.7).
    let mut p = pos("19/19/19/19/19/19/19/19/19/19/19/19/19/4wN14/19/19/19/19/19 w");
    play(&mut p, "e5f7");
    assert_eq!(p.side(), k('w'));
    assert_position(
        &p,
        "19/19/19/19/19/19/19/19/19/19/19/5wN13/19/19/19/19/19/19/19 w - - - 1 2",
    );
}

#[test]
fn r24_r37_r41_capturing_either_general_of_a_merged_kingdom_captures_it() {
    // Example 9's result: White owns two Generals (a9, s18) and holds Green.
    let mut p = pos(
        "2dQ7pQ7wQ/19/16wGwC1/19/15bR3/19/19/19/19/wQ18/19/19/19/19/19/18bQ/19/19/5rQ7oQ5 \
         p wr3,wg8,ow9,bo2,bg1,pg4,pd4 wg o 0 9",
    );
    play(&mut p, "k18s18");
    // 1 captured + 3 transferred (a9 General, q16 Go-Between, r16 Cannon).
    assert_eq!(p.captured_by(k('p'), k('w')), 4);
    assert_eq!(p.piece_at(cell("a9")), Some((k('p'), GENERAL)));
    // White's pair stays under its name and passes to nobody (R41).
    assert_eq!(record(&p), ["wg", "pw"]);
    assert_eq!(
        p.status(),
        Status::Ongoing,
        "Purple holds one kingdom, 12 captures"
    );
    assert_eq!(p.side(), k('d'));
}

#[test]
fn r39_r41_a_captured_kingdom_is_never_a_candidate_for_an_army() {
    // Example 9 with Orange captured by Purple instead of out: Orange's row (9) still
    // counts for nobody; White and Purple tie at 8 and White, met first walking back
    // from Blue (Orange, Red, White), receives Green.
    let mut p = pos(
        "2dQ7pQ7gQ/19/16gGgC1/19/15gN3/19/19/19/15bR3/wQ18/19/19/19/19/19/18bQ/19/19/5rQ13 \
         b wr3,wg5,ow9,bo2,pg4,pd4 po - 12 9",
    );
    play(&mut p, "p10p14");
    assert_eq!(record(&p), ["po", "wg"]);
    assert_eq!(p.captured_by(k('w'), k('g')), 8);
    assert_eq!(p.status(), Status::Ongoing);
}

#[test]
fn r38_r40_a_tenth_loss_that_leaves_no_army_still_captures_the_kingdom() {
    // Green's last piece, a Swordsman, is its tenth loss: the pair is recorded though no
    // piece changes colour; White (9 + 1 captures) is the recipient as the mover.
    let mut p = pos("19/19/19/19/19/19/19/19/19/19/19/19/19/19/19/19/19/gS18/wR18 w wg9 - - 0 1");
    play(&mut p, "a0a1");
    assert_eq!(p.captured_by(k('w'), k('g')), 10);
    assert_eq!(record(&p), ["wg"]);
    assert!(!p.in_game(k('g')));
    assert_eq!(p.side(), k('w'), "nobody else can move");
}

#[test]
fn r33_r45_when_no_kingdom_can_move_the_point_is_shared() {
    // White's Knight jumps into a box (the Emperor and three orange Go-Betweens, Orange
    // out); Red, Blue, Green, Purple and Black are in the game without pieces.
    let before = "19/19/19/19/19/19/19/19/8oG10/7oG11/8oG10/7wN11/19/19/19/19/19/19/19 w - - o 0 1";
    let mut p = pos(before);
    play(&mut p, "h7i9");
    assert_ending(&p, None, Label::NoLegalMoves);
    // Six players own a kingdom in the game: 1/6 each, none for Orange (R45, R47).
    assert_eq!(result_string(&p), "1/6-1/6-0-1/6-1/6-1/6-1/6");
    // R31: the side field names Red, the first kingdom in the game after White.
    assert_position(
        &p,
        "19/19/19/19/19/19/19/19/8oG10/7oGwN10/8oG10/19/19/19/19/19/19/19/19 r - - o 1 1",
    );
    let two = pos_with(&p.position_string(), &players("wrob/gpd"));
    assert_eq!(result_string(&two), "1/2-1/2");
}
