//! The worked examples E1–E20 of `docs/rules/hexmate.md` §12, plus the position strings
//! of R35, R37 and R59. Every expected list below is copied from the spec, which is the law:
//! a failing test here means the engine disagrees with the spec.

use engine::variants::hexmate::{Hexmate, Ruleset};
use engine::{Game, Status};

const HEXMATE_START: &str = "daqkqad/bbbrrbbb/nnnrarnnn/pppppppppp/ppppppppppp/12/13/12/PPPPPPPPPPP/PPPPPPPPPP/NNNRARNNN/BBBRRBBB/DAQKQAD w 0 1";
const HEXCHOICE_START: &str =
    "7/8/9/pppppppppp/ppppppppppp/12/13/12/PPPPPPPPPPP/PPPPPPPPPP/9/8/7 b place 0 1";

/// Reads a `hexmate` position string, which must be valid.
fn hexmate(text: &str) -> Hexmate {
    Hexmate::from_position_string(text, &Ruleset::Hexmate)
        .unwrap_or_else(|e| panic!("{text:?} rejected: {e}"))
}

/// Reads a `hexchoice` position string, which must be valid.
fn hexchoice(text: &str) -> Hexmate {
    Hexmate::from_position_string(text, &Ruleset::Hexchoice)
        .unwrap_or_else(|e| panic!("{text:?} rejected: {e}"))
}

/// The legal moves of the side to move, as sorted move strings.
fn legal(pos: &Hexmate) -> Vec<String> {
    let mut moves = <Hexmate as Game>::MoveList::default();
    pos.generate_moves(&mut moves);
    let mut list: Vec<String> = moves.iter().map(|&m| pos.move_string(m)).collect();
    list.sort();
    list
}

/// The from-cell of an ordinary move string: a letter and the digits after it.
fn from_cell(mv: &str) -> &str {
    let digits = mv[1..].bytes().take_while(u8::is_ascii_digit).count();
    &mv[..1 + digits]
}

/// "Legal moves of c" in the spec's sense: the legal moves whose from-cell is `cell`.
fn moves_of(pos: &Hexmate, cell: &str) -> Vec<String> {
    legal(pos)
        .into_iter()
        .filter(|m| !m.contains('@') && from_cell(m) == cell)
        .collect()
}

/// Asserts that `got` is exactly the spec's space-separated list `spec` of `count` moves,
/// naming the missing and the extra moves when not.
fn assert_moves(got: &[String], spec: &str, count: usize) {
    let mut want: Vec<String> = spec.split_whitespace().map(String::from).collect();
    want.sort();
    assert_eq!(
        want.len(),
        count,
        "the spec's list itself has {count} moves"
    );
    let missing: Vec<&String> = want.iter().filter(|m| !got.contains(m)).collect();
    let extra: Vec<&String> = got.iter().filter(|m| !want.contains(m)).collect();
    assert!(
        missing.is_empty() && extra.is_empty() && got.len() == count,
        "expected {count} moves, got {}; missing {missing:?}, extra {extra:?}",
        got.len()
    );
}

/// Plays the given move strings, each of which must be legal.
fn play(pos: &mut Hexmate, moves: &str) {
    for text in moves.split_whitespace() {
        let mv = pos
            .parse_move(text)
            .unwrap_or_else(|e| panic!("{text} in {}: {e}", pos.position_string()));
        pos.make_move(mv);
    }
}

/// The result string if the game is over, `None` while it goes on.
fn result(pos: &Hexmate) -> Option<String> {
    match pos.status() {
        Status::Ongoing => None,
        Status::Over(outcome) => Some(outcome.result_string()),
    }
}

/// Asserts that the game is over with `expected` and that no move is generated (R46 steps
/// 1–3; the CONVENTIONS' perft rule: a finished game has no moves).
fn assert_over_without_moves(pos: &Hexmate, expected: &str) {
    assert_eq!(result(pos).as_deref(), Some(expected));
    assert!(legal(pos).is_empty(), "moves in a finished game");
    assert_eq!(pos.count_moves(), 0);
}

/// The point reflection of a cell name through g7 (R12): file a..m ↔ m..a, rank n ↔ 14 − n.
fn reflect_cell(cell: &str) -> String {
    let file = (b'a' + b'm' - cell.as_bytes()[0]) as char;
    let rank: u32 = cell[1..].parse().unwrap();
    format!("{file}{}", 14 - rank)
}

/// The point reflection of an ordinary move string: both cells reflected, promotion kept.
fn reflect_move(mv: &str) -> String {
    let from = from_cell(mv);
    let rest = &mv[from.len()..];
    let to = from_cell(rest);
    format!(
        "{}{}{}",
        reflect_cell(from),
        reflect_cell(to),
        &rest[to.len()..]
    )
}

#[test]
fn r35_start_position_string_round_trips() {
    let start = Hexmate::start(&Ruleset::Hexmate);
    assert_eq!(start.position_string(), HEXMATE_START);
    let parsed = hexmate(HEXMATE_START);
    assert_eq!(parsed.position_string(), HEXMATE_START);
    assert_eq!(parsed.hash(), start.hash());
    assert_eq!(result(&start), None);
}

#[test]
fn r37_hexchoice_start_position_string_round_trips() {
    let start = Hexmate::start(&Ruleset::Hexchoice);
    assert_eq!(start.position_string(), HEXCHOICE_START);
    let parsed = hexchoice(HEXCHOICE_START);
    assert_eq!(parsed.position_string(), HEXCHOICE_START);
    assert_eq!(parsed.hash(), start.hash());
}

#[test]
fn r59_position_string_after_h5h6() {
    let mut pos = Hexmate::start(&Ruleset::Hexmate);
    play(&mut pos, "h5h6");
    let expected = "daqkqad/bbbrrbbb/nnnrarnnn/pppppppppp/ppppppppppp/12/13/6P5/PPPPP1PPPPP/PPPPPPPPPP/NNNRARNNN/BBBRRBBB/DAQKQAD b 0 1";
    assert_eq!(pos.position_string(), expected);
    assert_eq!(hexmate(expected).hash(), pos.hash());
}

#[test]
fn e1_r23_start_position_white_moves() {
    let pos = Hexmate::start(&Ruleset::Hexmate);
    assert_moves(
        &legal(&pos),
        "c5b6 c5c6 d5c6 d5d6 e3c6 e3d6 e5d6 e5e6 f3d6 f3e6 f5e6 f5f6 g3e6 g3f6 g5f6 g5g6 h5g6 h5h6 i3g6 i3h6 i5h6 i5i6 j5i6 j5j6 k3i6 k3j6 k5j6 k5k6 l3j6 l3k6 l5k6 l5l6 m3k6 m3l6 m5l6 m5m6",
        36,
    );
    assert!(!pos.in_check());
    // §12 E1 and §13: Black has 36 replies to every first move (depth 2 = 36 × 36).
    let mut pos = pos;
    for mv in legal(&pos) {
        play(&mut pos, &mv);
        assert_eq!(legal(&pos).len(), 36, "Black's replies after {mv}");
        pos.unmake_move();
    }
}

#[test]
fn e2_r19_knight_in_a_corner() {
    let pos = hexmate("3k3/8/9/10/1p9/12/N12/2P9/11/10/9/8/3K3 w 0 1");
    assert_moves(&moves_of(&pos, "a7"), "a7b9 a7c8 a7d5", 3);
}

#[test]
fn e3_r18_bishop_passes_between_two_occupied_cells() {
    let pos = hexmate("k6/8/9/10/8P2/5Pp5/6B6/12/2n8/10/9/8/3K3 w 0 1");
    assert_moves(
        &moves_of(&pos, "g7"),
        "g7a10 g7c9 g7d13 g7e11 g7e5 g7e8 g7f6 g7f9 g7h5 g7h8 g7i3 g7i6 g7k5 g7m4",
        14,
    );
}

#[test]
fn e4_r17_rook_slides_on_six_orthogonal_lines() {
    let pos = hexmate("3k3/8/9/10/6P4/12/4n1R6/6p5/11/10/9/8/3K3 w 0 1");
    assert_moves(
        &moves_of(&pos, "g7"),
        "g7a13 g7b12 g7c11 g7d10 g7e7 g7e9 g7f7 g7f8 g7g1 g7g2 g7g3 g7g4 g7g5 g7g6 g7g8 g7h6 g7h7 g7i7 g7j7 g7k7 g7l7 g7m7",
        22,
    );
}

#[test]
fn e5_r22_paladin_at_the_edge() {
    let pos = hexmate("3k3/2b5/9/A9/11/1P10/6n6/12/11/10/9/8/3K3 w 0 1");
    assert_moves(
        &moves_of(&pos, "a10"),
        "a10b11 a10b12 a10b7 a10c11 a10c12 a10c7 a10c9 a10d8 a10d9 a10e8 a10g7",
        11,
    );
}

#[test]
fn e6a_r26_king_borrows_knight_movement() {
    let pos = hexmate("3k3/8/9/10/11/12/r11N/12/8P2/4K5/9/8/7 w 0 1");
    let king = "h4e5 h4e6 h4f3 h4g2 h4g4 h4g5 h4h3 h4h5 h4i1 h4i3 h4i4 h4i6 h4j1 h4j5 h4k2 h4k3";
    assert_moves(&moves_of(&pos, "h4"), king, 16);
    assert_moves(
        &legal(&pos),
        &format!("{king} k5j6 k5k6 m7j8 m7j9 m7k6 m7l5"),
        22,
    );
}

#[test]
fn e6b_r28_king_loses_knight_movement_with_the_last_knight() {
    let e6b = "3k3/8/9/10/11/12/12r/9P2/11/4K5/9/8/7 w 0 2";
    let mut pos = hexmate("3k3/8/9/10/11/12/r11N/12/8P2/4K5/9/8/7 w 0 1");
    play(&mut pos, "k5k6 a7m7");
    assert_eq!(pos.position_string(), e6b);
    let expected = "h4g4 h4g5 h4h3 h4h5 h4i3 h4i4 k6j7 k6k7";
    assert_moves(&legal(&pos), expected, 8);
    assert_moves(&legal(&hexmate(e6b)), expected, 8);
}

#[test]
fn e7a_r24_promotion_choices_and_kings_without_types() {
    let pos = hexmate("7/1P6/9/10/5k5/12/4K8/12/8p2/10/9/8/7 w 0 1");
    assert_moves(
        &legal(&pos),
        "b12a13a b12a13d b12a13q b12b13a b12b13d b12b13q e7d7 e7d8 e7e6 e7e8 e7f6 e7f7",
        12,
    );
    assert!(!pos.in_check());
}

/// E7b–E7d: after the promotion `promotion` from E7a, the position `after`, check or not,
/// and Black's legal moves.
fn check_e7_promotion(promotion: &str, after: &str, check: bool, black: &str, count: usize) {
    let mut pos = hexmate("7/1P6/9/10/5k5/12/4K8/12/8p2/10/9/8/7 w 0 1");
    play(&mut pos, promotion);
    assert_eq!(pos.position_string(), after);
    for pos in [&pos, &hexmate(after)] {
        assert_eq!(pos.in_check(), check, "Black in check after {promotion}");
        assert_moves(&legal(pos), black, count);
        assert_eq!(result(pos), None);
    }
}

#[test]
fn e7b_r28_promotion_to_duke_gives_check_through_the_king() {
    check_e7_promotion(
        "b12a13d",
        "D6/8/9/10/5k5/12/4K8/12/8p2/10/9/8/7 b 0 1",
        true,
        "f9f10 f9g9",
        2,
    );
}

#[test]
fn e7c_r28_promotion_to_paladin_gives_check_through_the_king() {
    check_e7_promotion(
        "b12a13a",
        "A6/8/9/10/5k5/12/4K8/12/8p2/10/9/8/7 b 0 1",
        true,
        "f9e10 f9e9 f9f10",
        3,
    );
}

#[test]
fn e7d_r26_promotion_to_queen_lends_no_knight_movement() {
    check_e7_promotion(
        "b12a13q",
        "Q6/8/9/10/5k5/12/4K8/12/8p2/10/9/8/7 b 0 1",
        false,
        "f9f10 f9g8 k5k4 k5l4",
        4,
    );
}

#[test]
fn e8a_r33_king_may_not_step_into_enemy_kings_borrowed_movement() {
    let pos = hexmate("1r5/2b5/3n5/6k3/11/12/13/6K5/9P1/10/9/8/7 w 0 1");
    assert_moves(&legal(&pos), "h6h5 h6i5 l5k6 l5l6", 4);
}

#[test]
fn e8b_r26_without_knight_the_enemy_king_does_not_leap() {
    let pos = hexmate("1r5/2b5/9/6k3/11/12/13/6K5/9P1/10/9/8/7 w 0 1");
    assert_moves(&moves_of(&pos, "h6"), "h6h5 h6h7 h6i5", 3);
}

#[test]
fn e9a_r33_capturing_the_last_rook_mover_removes_the_kings_rook_attack() {
    let pos = hexmate("7/8/9/p5k3/11/12/6r6/3K8/11/10/9/6N1/7 w 0 1");
    assert_moves(
        &moves_of(&pos, "e6"),
        "e6b8 e6c5 e6c9 e6d4 e6d6 e6d9 e6e5 e6f3 e6f5 e6f6 e6g7 e6h4 e6h5",
        13,
    );
}

#[test]
fn e9b_r33_a_second_rook_keeps_the_kings_rook_attack() {
    let pos = hexmate("7/8/9/p5k3/11/12/6r6/3K8/11/10/9/6N1/6r w 0 1");
    assert_moves(
        &moves_of(&pos, "e6"),
        "e6b8 e6c5 e6c9 e6d4 e6d6 e6d9 e6e5 e6f3 e6f5 e6f6 e6h4 e6h5",
        12,
    );
}

#[test]
fn e10a_r33_pin_by_the_enemy_kings_borrowed_rook_movement() {
    let pos = hexmate("1r5/8/9/p9/6k4/12/13/5N6/11/3K6/9/8/7 w 0 1");
    assert_moves(&moves_of(&pos, "g6"), "", 0);
    assert_moves(
        &legal(&pos),
        "g4d5 g4d6 g4e3 g4e7 g4f2 g4f4 g4f5 g4f7 g4g3 g4g5 g4h1 g4h3 g4h4 g4h6 g4i1 g4i5 g4j2 g4j3",
        18,
    );
}

#[test]
fn e10b_r26_no_pin_once_the_enemy_king_has_no_rook_movement() {
    let pos = hexmate("7/8/9/p9/6k4/12/13/5N6/11/3K6/9/8/7 w 0 1");
    assert_moves(
        &moves_of(&pos, "g6"),
        "g6d7 g6d8 g6e5 g6e9 g6f4 g6f9 g6h3 g6h8 g6i3 g6i7 g6j4 g6j5",
        12,
    );
}

#[test]
fn e11a_r23_r24_white_pawns_edge_and_promotion() {
    let pos = hexmate("1n5/2P5/P8/6k3/5p5/12/13/12/11/10/9/8/3K3 w 0 1");
    assert_moves(
        &legal(&pos),
        "a11a12 c12b13a c12b13d c12b13q c12c13a c12c13d c12c13q j1i1 j1i2 j1j2 j1k1",
        11,
    );
}

#[test]
fn e11b_r23_r24_black_pawns_edge_and_promotion() {
    let pos = hexmate("3k3/8/9/10/11/12/13/p11/10P/10/9/2p5/2RK3 b 0 1");
    assert_moves(
        &legal(&pos),
        "b6c5 d13c13 d13d12 d13e12 d13e13 h2h1a h2h1d h2h1q h2i1a h2i1d h2i1q",
        11,
    );
}

const E12A: &str = "k6/8/1K7/10/6R4/12/13/12/2p8/10/9/8/7 w 0 1";
const E12A_MOVES: &str = "b11a11 b11b10 b11b6 b11b7 b11b8 b11b9 b11c10 b11c11 b11d11 b11d9 b11e11 b11e8 b11f11 b11f7 b11g11 b11g6 b11h11 b11h5 b11i11 b11i4 b11j3 b11k2 b11l1 g9a9 g9b9 g9c13 g9c9 g9d12 g9d9 g9e11 g9e9 g9f10 g9f9 g9g1 g9g10 g9g11 g9g12 g9g13 g9g2 g9g3 g9g4 g9g5 g9g6 g9g7 g9g8 g9h8 g9h9 g9i7 g9i9 g9j6 g9j9 g9k5 g9k9 g9l4 g9m3";
const E12A_MATES: [&str; 5] = ["g9a9", "g9c13", "g9e9", "g9g7", "g9g13"];

/// Plays every legal move of `pos` in turn and returns each move with the result after it.
fn results_after_each_move(pos: &mut Hexmate) -> Vec<(String, Option<String>)> {
    let mut out = Vec::new();
    for mv in legal(pos) {
        play(pos, &mv);
        out.push((mv, result(pos)));
        pos.unmake_move();
    }
    out
}

#[test]
fn e12a_r46_exactly_five_moves_checkmate() {
    let mut pos = hexmate(E12A);
    assert_moves(&legal(&pos), E12A_MOVES, 55);
    for (mv, res) in results_after_each_move(&mut pos) {
        let expected = E12A_MATES.contains(&mv.as_str()).then(|| "1-0".to_string());
        assert_eq!(res, expected, "result after {mv}");
    }
}

#[test]
fn e12b_r46_checkmate_with_the_kings_borrowed_rook_movement() {
    let e12b = "k5R/8/1K7/10/11/12/13/12/2p8/10/9/8/7 b 1 1";
    let mut pos = hexmate(E12A);
    play(&mut pos, "g9g13");
    assert_eq!(pos.position_string(), e12b);
    for pos in [&pos, &hexmate(e12b)] {
        assert!(pos.in_check());
        assert_over_without_moves(pos, "1-0");
    }
}

#[test]
fn e13_r46_stalemate_scores_three_quarters() {
    let pos = hexmate("k6/8/2K6/10/2p8/12/3B9/12/11/10/9/8/7 b 0 1");
    assert!(!pos.in_check());
    assert_over_without_moves(&pos, "3/4-1/4");
}

#[test]
fn e14a_r26_king_with_rook_movement_and_attacks_of_a_knight_lending_king() {
    let pos = hexmate("7/8/9/6k3/6n4/12/13/12/10P/3R6/9/8/3K3 w 0 1");
    assert_moves(
        &legal(&pos),
        "g4a10 g4b9 g4c8 g4d4 g4d7 g4e4 g4e6 g4f4 g4f5 g4g1 g4g2 g4g3 g4g5 g4g6 g4g7 g4g8 g4g9 g4h3 g4h4 g4i2 g4i4 g4j4 g4k4 g4l4 g4m4 j1g1 j1h1 j1h3 j1i1 j1i2 j1j10 j1j2 j1j3 j1j4 j1j5 j1j6 j1k1 j1l1 j1m1 m5l6 m5m6",
        41,
    );
}

#[test]
fn e14b_r47_baring_ends_the_game_at_once() {
    let e14b = "7/8/9/6k3/6R4/12/13/12/10P/10/9/8/3K3 b 0 1";
    let mut pos = hexmate("7/8/9/6k3/6n4/12/13/12/10P/3R6/9/8/3K3 w 0 1");
    play(&mut pos, "g4g9");
    assert_eq!(pos.position_string(), e14b);
    // The Black King could take the Rook next to it, but a bared player gets no move.
    for pos in [&pos, &hexmate(e14b)] {
        assert_over_without_moves(pos, "1-0");
    }
}

#[test]
fn e15_r51_fifty_move_rule_yields_to_checkmate() {
    let e15 = "k6/8/1K7/10/6R4/12/13/12/2p8/10/9/8/7 w 99 80";
    let mut pos = hexmate(e15);
    assert_eq!(result(&pos), None);
    assert_moves(&legal(&pos), E12A_MOVES, 55);
    let after = results_after_each_move(&mut pos);
    assert_eq!(after.len(), 55);
    for (mv, res) in after {
        let expected = if E12A_MATES.contains(&mv.as_str()) {
            "1-0"
        } else {
            "1/2-1/2"
        };
        assert_eq!(res.as_deref(), Some(expected), "result after {mv}");
    }
    // The clock reaches 100 after a quiet move; the position string shows it.
    play(&mut pos, "b11b10");
    assert!(pos.position_string().ends_with(" b 100 80"));
    assert!(!legal(&pos).is_empty(), "a fifty-move draw still has moves");
}

#[test]
fn e16_r52_threefold_repetition() {
    let cycle = "e3c6 i11k8 c6e3 k8i11";
    let board = "daqkqad/bbbrrbbb/nnnrarnnn/pppppppppp/ppppppppppp/12/13/12/PPPPPPPPPPP/PPPPPPPPPP/NNNRARNNN/BBBRRBBB/DAQKQAD";
    let mut pos = Hexmate::start(&Ruleset::Hexmate);
    assert_eq!(pos.repetitions(), 0);

    play(&mut pos, "e3c6");
    assert_eq!(
        pos.position_string(),
        "daqkqad/bbbrrbbb/nnnrarnnn/pppppppppp/ppppppppppp/12/13/1N10/PPPPPPPPPPP/PPPPPPPPPP/1NNRARNNN/BBBRRBBB/DAQKQAD b 1 1"
    );
    play(&mut pos, "i11k8 c6e3 k8i11");
    assert_eq!(pos.position_string(), format!("{board} w 4 3"));
    assert_eq!(pos.repetitions(), 1, "second occurrence");
    assert_eq!(result(&pos), None, "the game goes on after two occurrences");

    play(&mut pos, cycle);
    assert_eq!(pos.position_string(), format!("{board} w 8 5"));
    assert_eq!(pos.repetitions(), 2, "third occurrence");
    assert_eq!(result(&pos).as_deref(), Some("1/2-1/2"));
}

#[test]
fn e17_r41_hexchoice_first_placement() {
    let pos = hexchoice(HEXCHOICE_START);
    assert_moves(
        &legal(&pos),
        "A@e3 A@f2 A@f3 A@g1 A@g2 A@g3 A@h1 A@h2 A@h3 A@i1 A@i2 A@i3 A@j1 B@e3 B@f2 B@f3 B@g1 B@g2 B@g3 B@h1 B@h2 B@h3 B@i1 B@i2 D@e3 D@f2 D@f3 D@g1 D@g2 D@g3 D@h1 D@h2 D@h3 D@i1 D@i2 K@i3 K@j1 N@e3 N@f2 N@f3 N@g1 N@g2 N@g3 N@h1 N@h2 N@h3 N@i1 N@i2 Q@e3 Q@f2 Q@f3 Q@g1 Q@g2 Q@g3 Q@h1 Q@h2 Q@h3 Q@i1 Q@i2 R@e3 R@f2 R@f3 R@g1 R@g2 R@g3 R@h1 R@h2 R@h3 R@i1 R@i2",
        70,
    );
    // R45: no end rule applies during placement.
    assert_eq!(result(&pos), None);
}

#[test]
fn e18_r41_last_white_pair_is_reserved_for_a_bishop() {
    let e18 = "q5q/8/1d5d1/pppppppppp/ppppppppppp/12/13/12/PPPPPPPPPPP/PPPPPPPPPP/1D5D1/8/Q5Q b place 0 1";
    let mut pos = Hexmate::start(&Ruleset::Hexchoice);
    play(&mut pos, "Q@g1 D@f3");
    assert_eq!(pos.position_string(), e18);
    let expected = "A@e3 A@f2 A@g2 A@g3 A@h1 A@h3 A@i1 A@i2 A@i3 A@j1 B@e3 B@f2 B@g2 B@g3 B@h1 B@h2 B@h3 B@i1 B@i2 K@i3 K@j1 N@e3 N@f2 N@g2 N@g3 N@h1 N@h3 N@i1 N@i2 R@e3 R@f2 R@g2 R@g3 R@h1 R@h3 R@i1 R@i2";
    assert_moves(&legal(&pos), expected, 37);
    assert_moves(&legal(&hexchoice(e18)), expected, 37);
}

#[test]
fn e19_r41_third_bishop_must_go_to_a_white_pair() {
    let e19 =
        "7/bb4bb/9/pppppppppp/ppppppppppp/12/13/12/PPPPPPPPPPP/PPPPPPPPPP/9/BB4BB/7 b place 0 1";
    let mut pos = Hexmate::start(&Ruleset::Hexchoice);
    play(&mut pos, "B@f2 B@g2");
    assert_eq!(pos.position_string(), e19);
    let expected = "A@e3 A@f3 A@g1 A@g3 A@h1 A@h2 A@h3 A@i1 A@i2 A@i3 A@j1 B@f3 B@g1 B@h2 D@e3 D@f3 D@g1 D@g3 D@h1 D@h2 D@h3 D@i1 D@i2 K@i3 K@j1 N@e3 N@f3 N@g1 N@g3 N@h1 N@h2 N@h3 N@i1 N@i2 Q@e3 Q@f3 Q@g1 Q@g3 Q@h1 Q@h2 Q@h3 Q@i1 Q@i2 R@e3 R@f3 R@g1 R@g3 R@h1 R@h2 R@h3 R@i1 R@i2";
    assert_moves(&legal(&pos), expected, 52);
    assert_moves(&legal(&hexchoice(e19)), expected, 52);
}

#[test]
fn e20_r44_r45_complete_placement_phase() {
    let placements = [
        "K@j1", "A@i3", "D@g1", "A@h1", "Q@i1", "B@f2", "B@g2", "B@h2", "R@i2", "N@e3", "N@f3",
        "N@g3", "R@h3",
    ];
    let counts = [70, 67, 66, 50, 36, 24, 21, 14, 10, 8, 6, 4, 1];
    let mut pos = Hexmate::start(&Ruleset::Hexchoice);
    for (i, (placement, count)) in placements.iter().zip(counts).enumerate() {
        // R44: Black makes the odd-numbered placements.
        let side = if i % 2 == 0 {
            " b place 0 1"
        } else {
            " w place 0 1"
        };
        assert!(pos.position_string().ends_with(side), "before {placement}");
        assert_eq!(legal(&pos).len(), count, "placements before {placement}");
        assert_eq!(pos.count_moves(), count);
        assert_eq!(result(&pos), None);
        play(&mut pos, placement);
    }
    let end = "daqkqad/bbbrrbbb/nnnrarnnn/pppppppppp/ppppppppppp/12/13/12/PPPPPPPPPPP/PPPPPPPPPP/NNNRARNNN/BBBRRBBB/DAQKQAD w play 0 1";
    assert_eq!(pos.position_string(), end);
    assert_eq!(hexchoice(end).hash(), pos.hash());
    // R45: play goes on exactly like `hexmate` from the array, White to move (E1).
    assert_eq!(legal(&pos), legal(&Hexmate::start(&Ruleset::Hexmate)));
    assert!(!pos.in_check());
    assert_eq!(result(&pos), None);
}

// The same examples with the colours exchanged: every position below is the point reflection
// of the one in §12 with White and Black swapped, which the rules map onto each other (R11,
// R24, R36), so Black wins, mates, stalemates and bares as White does above (R49).

#[test]
fn e12_reflected_r49_black_checkmates_white_0_1() {
    let mut pos = hexmate("7/8/9/10/8P2/12/13/12/4r6/10/7k1/8/6K b 0 1");
    let reflected: Vec<String> = E12A_MOVES.split_whitespace().map(reflect_move).collect();
    assert_moves(&legal(&pos), &reflected.join(" "), 55);
    let mates: Vec<String> = E12A_MATES.iter().map(|m| reflect_move(m)).collect();
    for (mv, res) in results_after_each_move(&mut pos) {
        let expected = mates.contains(&mv).then(|| "0-1".to_string());
        assert_eq!(res, expected, "result after {mv}");
    }
    play(&mut pos, "g5g1");
    assert_eq!(
        pos.position_string(),
        "7/8/9/10/8P2/12/13/12/11/10/7k1/8/r5K w 1 2"
    );
    assert!(pos.in_check());
    assert_over_without_moves(&pos, "0-1");
}

#[test]
fn e13_reflected_r49_black_stalemates_white_1_4_3_4() {
    let pos = hexmate("7/8/9/10/11/12/9b3/12/8P2/10/6k2/8/6K w 0 1");
    assert!(!pos.in_check());
    assert_over_without_moves(&pos, "1/4-3/4");
}

#[test]
fn e14_reflected_r49_black_bares_white_0_1() {
    let mut pos = hexmate("3k3/8/9/6r3/p10/12/13/12/4N6/3K6/9/8/7 b 0 1");
    assert_eq!(reflect_move("g4g9"), "g10g5");
    play(&mut pos, "g10g5");
    assert_eq!(
        pos.position_string(),
        "3k3/8/9/10/p10/12/13/12/4r6/3K6/9/8/7 w 0 2"
    );
    assert_over_without_moves(&pos, "0-1");
}

// A rule §12 has no example for, built on E13's corner.

#[test]
fn r47_a_move_that_bares_and_stalemates_counts_as_baring() {
    // E13's corner with a White pawn on c9 shielding a13 from the Bishop d7. White's Knight
    // takes Black's last piece on h5; the Black King then has no move and is not in check,
    // but baring comes first (R46 step 1): 1-0, not 3/4-1/4.
    let mut pos = hexmate("k6/8/2K6/10/2P8/12/3B9/12/5p5/10/2N6/8/7 w 0 1");
    play(&mut pos, "g3h5");
    assert!(!pos.in_check());
    assert_over_without_moves(&pos, "1-0");

    // The same with E13's pinned Black pawn on c9 instead: Black keeps a piece, so the
    // capture stalemates.
    let mut pos = hexmate("k6/8/2K6/10/2p8/12/3B9/12/5p5/10/2N6/8/7 w 0 1");
    play(&mut pos, "g3h5");
    assert!(!pos.in_check());
    assert_over_without_moves(&pos, "3/4-1/4");
}
