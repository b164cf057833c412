//! Panoply's worked examples (`docs/rules/panoply.md` §12, E1–E21) as exact assertions,
//! plus the rules around them that a single example cannot show: the position strings of
//! R75, canonical Barricade labelling (R74), the fifty-turn rule (R66) and threefold
//! repetition (R67).
//!
//! "Moves of c" are the legal moves of the piece standing on c: for a one-cell piece the
//! moves whose token starts with c, for a Barricade the moves of the Barricade that has an
//! end on c (its token starts with the pair).

use engine::game::{Game, Status};
use engine::perft::{perft, Counting};
use engine::variants::panoply::{tables, Move, MoveList, Panoply, BLACK, WHITE};

/// Reads a position string the spec gives; they are all valid.
fn pos(text: &str) -> Panoply {
    Panoply::from_position_string(text, &()).unwrap_or_else(|e| panic!("{text}: {e}"))
}

/// The cell called `name` (R7).
fn cell(name: &str) -> usize {
    tables()
        .hex
        .parse_cell(name)
        .unwrap_or_else(|| panic!("no cell {name}"))
}

fn legal_moves(p: &Panoply) -> Vec<Move> {
    let mut moves = MoveList::new();
    p.generate_moves(&mut moves);
    moves.to_vec()
}

/// The cells of the piece a move moves: one cell, or the Barricade's two.
fn mover_cells(mv: Move) -> Vec<usize> {
    match mv {
        Move::Piece { from, .. } | Move::Skirmish { from, .. } => vec![from as usize],
        Move::Barricade { from, .. } => from.cells().to_vec(),
    }
}

/// Sorted tokens of the legal moves accepted by `keep`.
fn tokens_where(p: &Panoply, keep: impl Fn(Move) -> bool) -> Vec<String> {
    let mut out: Vec<String> = legal_moves(p)
        .into_iter()
        .filter(|&mv| keep(mv))
        .map(|mv| p.move_string(mv))
        .collect();
    out.sort();
    out
}

/// Every legal move, sorted.
fn all_moves(p: &Panoply) -> Vec<String> {
    tokens_where(p, |_| true)
}

/// The legal moves of the piece on `name`, sorted.
fn moves_of(p: &Panoply, name: &str) -> Vec<String> {
    let c = cell(name);
    tokens_where(p, |mv| mover_cells(mv).contains(&c))
}

/// A space-separated list from the spec, sorted.
fn list(text: &str) -> Vec<String> {
    let mut out: Vec<String> = text.split_whitespace().map(str::to_string).collect();
    out.sort();
    out
}

/// Asserts the exact move set of the piece on `name`.
fn assert_moves_of(p: &Panoply, name: &str, expected: &str) {
    let expected = list(expected);
    let got = moves_of(p, name);
    assert_eq!(
        got,
        expected,
        "moves of {name} in {} ({} expected, {} got)",
        p.position_string(),
        expected.len(),
        got.len()
    );
}

/// Asserts the exact set of all legal moves.
fn assert_all_moves(p: &Panoply, expected: &str) {
    assert_eq!(
        all_moves(p),
        list(expected),
        "all moves in {}",
        p.position_string()
    );
}

/// The result string and reason, or `None` while the game goes on.
fn result(p: &Panoply) -> Option<(String, &'static str)> {
    match p.status() {
        Status::Ongoing => None,
        Status::Over(outcome) => Some((outcome.result_string(), outcome.reason)),
    }
}

/// Plays a move given in notation.
fn play(p: &mut Panoply, token: &str) {
    let mv = p
        .parse_move(token)
        .unwrap_or_else(|e| panic!("{token} in {}: {e}", p.position_string()));
    p.make_move(mv);
}

/// The empty cells `by` attacks (R49 with A21: a one-cell piece placed there would be).
fn attacked_empty_cells(p: &Panoply, by: usize) -> Vec<String> {
    let hex = tables().hex;
    let mut out: Vec<String> = (0..hex.len())
        .filter(|&c| p.piece_at(c).is_none() && p.is_attacked(c, by))
        .map(|c| hex.name(c))
        .collect();
    out.sort();
    out
}

const START: &str =
    "gcrkrcg/shbbddhs/ppppppppp/10/11/12/13/12/11/10/PPPPPPPPP/SHBBDDHS/GCRKRCG w 0 1";

#[test]
fn e1_r52_start_position_moves_and_perft_2() {
    let p = pos(START);
    assert_eq!(
        Panoply::start(&()).position_string(),
        START,
        "start() is the §4 position"
    );
    assert_eq!(p.position_string(), START);
    assert_eq!(p.count_moves(), 118);
    assert_eq!(all_moves(&p).len(), 118);
    assert!(!p.in_check());
    assert_eq!(result(&p), None);
    assert_moves_of(&p, "g1", "g1d4 g1g4");
    assert_moves_of(&p, "m1", "m1j4 m1m4");
    assert_moves_of(&p, "j1", "");
    assert_moves_of(&p, "h2", "");
    assert_moves_of(
        &p,
        "e3",
        "e3a7 e3b6 e3c5 e3d4 e3e4 e3e5 e3e6 e3e7 e3e8 e3e9 e3e10",
    );
    // Pawn slides: NE + NW per Pawn (E1); 114 in all, no jumps.
    let pawns = [
        ("e3", 7 + 4),
        ("f3", 7 + 5),
        ("g3", 7 + 6),
        ("h3", 7 + 7),
        ("i3", 7 + 7),
        ("j3", 7 + 7),
        ("k3", 6 + 7),
        ("l3", 5 + 7),
        ("m3", 4 + 7),
    ];
    for (name, count) in pawns {
        assert_eq!(moves_of(&p, name).len(), count, "moves of {name}");
    }
    assert_eq!(pawns.iter().map(|p| p.1).sum::<usize>(), 114);
    // Everything else on ranks 1 and 2 is blocked, except the two Guards.
    for name in [
        "h1", "i1", "j1", "k1", "l1", "f2", "g2", "h2", "j2", "l2", "m2",
    ] {
        assert_moves_of(&p, name, "");
    }
    let mut p = p;
    assert_eq!(perft(&mut p, 2, Counting::Bulk), 13_380);
    assert_eq!(perft(&mut p, 2, Counting::MakeUnmake), 13_380);
    // Black, by symmetry, also has 118 moves in the same placement.
    let black = pos(&START.replace(" w ", " b "));
    assert_eq!(black.count_moves(), 118);
}

#[test]
fn e2_r18_r19_r20_pawn_slides_jump_and_barricade_immunity() {
    let p = pos("3k3/8/9/10/11/12/2b10/2bp8/2P2P5/10/9/8/3K3 w 0 1");
    assert_moves_of(&p, "e5", "e5e7");
    assert_moves_of(
        &p,
        "h5",
        "h5a12 h5b11 h5c10 h5d9 h5e8 h5f7 h5g6 h5h6 h5h7 h5h8 h5h9 h5h10 h5h11 h5h12",
    );
}

#[test]
fn e3_r21_promotion_including_capturing_jump() {
    let p = pos("k6/3r4/3P5/10/11/12/13/12/11/10/9/8/6K w 0 1");
    assert_moves_of(
        &p,
        "d11",
        "d11c12 d11b13r d11b13s d11b13c d11b13h d11b13g d11d13r d11d13s d11d13c d11d13h d11d13g",
    );
    // The jump removes the Rider on d12 and leaves a Catapult on d13 (R21, R57).
    let mut p = p;
    play(&mut p, "d11d13c");
    assert_eq!(
        p.position_string(),
        "k2C3/8/9/10/11/12/13/12/11/10/9/8/6K b 0 1"
    );
}

#[test]
fn e4_r23_r16_king_captures_barricade_in_line_frozen_barricades_give_no_check() {
    let p = pos("k6/8/9/10/6bH3/6bd4/6Kd5/r11/11/10/9/8/7 w 0 1");
    assert_moves_of(&p, "g7", "g7f7 g7f8 g7g8");
    assert!(!p.in_check(), "both Barricades touch the Herald h9");
    // g7g8 takes both ends of g8–g9 (R13, R17).
    let mut p = p;
    play(&mut p, "g7g8");
    assert_eq!(p.piece_at(cell("g9")), None);
    assert_eq!(p.piece_at(cell("g7")), None);
    assert_eq!(p.piece_at(cell("g8")).map(|(c, _)| c), Some(WHITE));
}

#[test]
fn e5_r25_r33_rider_and_catapult_against_a_barricade() {
    let p = pos("k6/8/9/10/11/2R9/12K/12/11/10/3b5/2Rb4/3C3 w 0 1");
    assert_moves_of(
        &p,
        "c8",
        "c8a8 c8a10 c8b8 c8b9 c8c5 c8c6 c8c7 c8c9 c8c10 c8c11 c8c12 c8c13 c8d7 c8d8 c8e6 c8e8 \
         c8f5 c8f8 c8g4 c8g8 c8h3 c8h8 c8i8 c8j8 c8k8 c8l8",
    );
    assert_moves_of(
        &p,
        "h2",
        "h2a9 h2b8 h2c7 h2d6 h2e5 h2f2 h2f4 h2g2 h2g3 h2h1 h2i1",
    );
    assert_moves_of(
        &p,
        "j1",
        "j1g1 j1h1 j1i1 j1j2 j1j3 j1j4 j1j5 j1j6 j1j7 j1j8 j1j9 j1j10 j1k1 j1l1 j1m1",
    );
    // c8h3 removes both ends of h3–i2 (R17, R77).
    let mut p = p;
    play(&mut p, "c8h3");
    assert_eq!(p.piece_at(cell("i2")), None);
}

#[test]
fn e6_r32_catapult_leaps_over_pieces_and_needs_an_empty_landing_cell() {
    let p = pos("k6/8/9/10/11/5g6/5s7/2p9/2p8/2C7/9/8/6K w 0 1");
    assert_moves_of(
        &p,
        "f4",
        "f4b8 f4d4 f4e4 f4f2 f4f3 f4f5 f4f6 f4f10 f4f12 f4g3 f4g4 f4h2 f4h4 f4i1 f4i4 f4j4 f4k4 \
         f4l4 f4m4",
    );
    // f4f12 captures the Guard f8 over the Skirmisher f7, which stays.
    let mut p = p;
    play(&mut p, "f4f12");
    assert_eq!(p.piece_at(cell("f8")), None);
    assert_eq!(p.piece_at(cell("f7")).map(|(c, _)| c), Some(BLACK));
}

#[test]
fn e7_r33_catapult_against_a_distant_barricade_first_end_only() {
    let p = pos("k6/8/9/10/11/12/12K/12/3b7/3b6/9/8/3C3 w 0 1");
    assert_moves_of(
        &p,
        "j1",
        "j1d7 j1g1 j1h1 j1h3 j1i1 j1i2 j1j2 j1j3 j1j4 j1j5 j1j6 j1j7 j1j8 j1j9 j1j10 j1k1 j1l1 \
         j1m1",
    );
}

#[test]
fn e8_r27_r30_skirmisher_captures_by_retreat_and_capture_is_optional() {
    let p = pos("k6/8/9/10/4p1s4/6r5/2h3S6/12/11/10/9/8/6K w 0 1");
    assert_moves_of(
        &p,
        "g7",
        "g7d7 g7e7 g7f7 g7f8 g7g1 g7g2 g7g3 g7g4 g7g5 g7g6 g7h6 g7h7 g7i5 g7i7 g7j4 g7j7 g7k3 \
         g7k7 g7l2 g7l7 g7m7 g7xg6 g7xi5 g7xk7",
    );
    // The capture and the plain slide to g6 are different moves (R30).
    let mut capture = p.clone();
    play(&mut capture, "g7xg6");
    assert_eq!(capture.piece_at(cell("g8")), None);
    let mut slide = p.clone();
    play(&mut slide, "g7g6");
    assert!(slide.piece_at(cell("g8")).is_some());
    // R80: g7xk7 captures the Herald c7.
    let mut p = p;
    play(&mut p, "g7xk7");
    assert_eq!(p.piece_at(cell("c7")), None);

    let black = pos("k6/8/9/10/4p1s4/6r5/2h3S6/12/11/10/9/8/6K b 0 1");
    assert_moves_of(
        &black,
        "g9",
        "g9c13 g9d12 g9e11 g9f9 g9f10 g9g10 g9g11 g9g12 g9g13 g9h8 g9h9 g9i7 g9i9 g9j6 g9j9 g9k5 \
         g9k9 g9l4 g9m3",
    );
}

#[test]
fn e9_r28_skirmisher_at_the_edge_and_blocked_retreat() {
    let p = pos("k6/8/9/10/11/12/13/9p1p/11/8rS/9/8/K6 w 0 1");
    assert_moves_of(&p, "m4", "m4l5 m4m1 m4m2 m4m3 m4m5 m4xm2");
    let p = pos("k6/8/9/10/11/12/13/9p1p/11/8rS/8P/8/K6 w 0 1");
    assert_moves_of(&p, "m4", "m4l5 m4m5");
}

#[test]
fn e10_r16_r27_skirmisher_against_barricades() {
    let p = pos("k6/8/9/6b3/6b4/3d8/4d1S6/12/11/10/9/8/6K w 0 1");
    assert_moves_of(
        &p,
        "g7",
        "g7b12 g7c11 g7d10 g7e9 g7f7 g7f8 g7g1 g7g2 g7g3 g7g4 g7g5 g7g6 g7g8 g7h6 g7h7 g7i5 g7i7 \
         g7j4 g7j7 g7k3 g7k7 g7l2 g7l7 g7m7 g7xg5",
    );
}

#[test]
fn e11_r38_guard_passes_friendly_pieces() {
    let p = pos("k6/8/9/10/11/12/9r3/6b1P3/6bP3/4pRGPPP/4ddP2/8/6K w 0 1");
    assert_moves_of(&p, "j4", "j4h4 j4i5 j4j7 j4l2");
}

#[test]
fn e12_r14_r36_herald_freezing_and_mutual_freezing() {
    let p = pos("k6/8/9/10/2Hh7/4P7/4Rh4R2/12/11/10/9/8/6K w 0 1");
    assert_moves_of(&p, "e7", "");
    assert_moves_of(&p, "e8", "");
    assert_moves_of(&p, "c9", "");
    assert_moves_of(
        &p,
        "k7",
        "k7e13 k7f7 k7f12 k7g7 k7g11 k7h7 k7h10 k7i7 k7i9 k7j7 k7j8 k7k1 k7k2 k7k3 k7k4 k7k5 k7k6 \
         k7k8 k7k9 k7l6 k7l7 k7m5 k7m7",
    );
}

#[test]
fn e13_r49_r50_frozen_piece_gives_no_check_and_herald_must_stay() {
    let p = pos("4k2/8/9/4Rh4/11/12/13/12/11/10/9/8/6K b 0 1");
    assert!(!p.in_check(), "the Rider e10 is frozen by f10");
    assert_moves_of(&p, "e13", "e13d13 e13e12 e13f12 e13f13");
    assert_moves_of(&p, "f10", "f10e11 f10f9");
    let p = pos("4k2/8/5h3/4R5/11/12/13/12/11/10/9/8/6K b 0 1");
    assert!(p.in_check(), "the Herald f11 does not touch the Rider e10");
    assert_moves_of(&p, "e13", "e13d13 e13f12 e13f13");
}

#[test]
fn e14_r45_barricade_capture_and_retreat() {
    let p = pos("k6/8/9/10/11/12/8P4/7BBp2/11/10/9/8/6K w 0 1");
    assert_moves_of(
        &p,
        "i6",
        "i6j6-g6h6 i6j6-h6h7 i6j6-h6i5 i6j6-h6i6 i6j6-h7i6 i6j6-i5i6 i6j6-i5j5 i6j6-i6j5 \
         i6j6-i6j6xk6 i6j6-j4j5 i6j6-j5j6 i6j6-j5k4 i6j6-j5k5 i6j6-j6j7 i6j6-j6j7xk6 i6j6-j6k5 \
         i6j6-j6k5xk6 i6j6-j6k6xk6 i6j6-j7k6xk6 i6j6-k5k6xk6 i6j6-k6l6xk6",
    );
    assert_eq!(moves_of(&p, "j6"), moves_of(&p, "i6"), "one Barricade");
    // Capture and retreat: the Barricade is back on i6–j6 and k6 is gone.
    let mut p = p;
    let before = p.position_string();
    play(&mut p, "i6j6-i6j6xk6");
    assert_eq!(
        p.position_string(),
        "k6/8/9/10/11/12/8P4/7BB3/11/10/9/8/6K b 0 1"
    );
    p.unmake_move();
    assert_eq!(p.position_string(), before);
}

#[test]
fn e15_r43_barricade_against_barricades() {
    let p = pos("k6/8/9/10/11/12/6b6/6bBBdd1/11/10/9/8/6K w 0 1");
    assert_moves_of(
        &p,
        "i6",
        "i6j6-h7i6 i6j6-h7i7 i6j6-h8i7 i6j6-i5i6 i6j6-i5j5 i6j6-i6i7 i6j6-i6j5 i6j6-i6j6xk6 \
         i6j6-i7i8 i6j6-i7j6 i6j6-i7j7 i6j6-j4j5 i6j6-j5j6 i6j6-j5k4 i6j6-j5k5 i6j6-j6j7 \
         i6j6-j6j7xk6 i6j6-j6k5 i6j6-j6k5xk6 i6j6-j6k6xk6 i6j6-j7k6xk6 i6j6-k5k6xk6 i6j6-k6l6xk6",
    );
    // The E advance removes both cells of k6–l6 (R43).
    let mut p = p;
    play(&mut p, "i6j6-j6k6xk6");
    assert_eq!(p.piece_at(cell("l6")), None);
}

#[test]
fn e16_r48_r51_barricade_threats_and_two_step_capture_of_a_herald() {
    let p = pos("k6/8/9/10/11/12/13/7BB3/11/10/9/8/6K w 0 1");
    // A21: the empty cells White attacks are the Barricade's 12 and the King m1's 3.
    let barricade = "g6 h6 h7 h8 i5 i8 j4 j7 k4 k5 k6 l6";
    let king = "l1 l2 m2";
    assert_eq!(
        attacked_empty_cells(&p, WHITE),
        list(&format!("{barricade} {king}"))
    );
    assert_eq!(
        moves_of(&p, "i6").len(),
        24,
        "R48: 24 moves on an open board"
    );
    assert!(moves_of(&p, "i6").iter().all(|m| m.starts_with("i6j6-")));

    let p = pos("k6/8/9/10/11/7h4/13/7BB3/11/10/9/8/6K w 0 1");
    assert_moves_of(
        &p,
        "i6",
        "i6j6-g6h6 i6j6-h6h7 i6j6-h6i5 i6j6-h6i6 i6j6-h7i6 i6j6-h7i7 i6j6-h8i7xh8 i6j6-i5i6 \
         i6j6-i5j5 i6j6-i6i7 i6j6-i6j5 i6j6-i7i8 i6j6-i7j6 i6j6-i7j7 i6j6-j4j5 i6j6-j5j6 \
         i6j6-j5k4 i6j6-j5k5 i6j6-j6j7 i6j6-j6k5 i6j6-j6k6 i6j6-j7k6 i6j6-k5k6 i6j6-k6l6",
    );
}

#[test]
fn e17_r14_barricade_frozen_through_one_end() {
    let p = pos("k6/8/9/10/11/12/9h3/7BB3/11/10/9/8/6K w 0 1");
    assert_moves_of(&p, "i6", "");
    assert_moves_of(&p, "j6", "");
}

#[test]
fn e18_r51_check_by_a_barricade_two_step_threat() {
    let p = pos("k6/8/9/10/4b6/4b7/6K6/12/11/10/9/8/7 w 0 1");
    assert!(p.in_check());
    assert_all_moves(&p, "g7f8 g7g6 g7h6 g7h7");
    assert_moves_of(&p, "g7", "g7f8 g7g6 g7h6 g7h7");
    assert!(
        p.is_attacked(cell("f7"), BLACK),
        "rotate e9 to d9, advance SE"
    );
    assert!(
        p.is_attacked(cell("g8"), BLACK),
        "rotate e9 to f8, advance E"
    );
    assert!(
        !p.is_attacked(cell("f8"), BLACK),
        "touches both ends but is safe"
    );
}

#[test]
fn e19_r51_check_by_a_catapult_parried_by_filling_the_landing_cell_or_freezing() {
    let p = pos("k6/8/9/6c3/10H/12/6K6/12/11/R9/9/8/7 w 0 1");
    assert!(p.in_check());
    assert_all_moves(&p, "d4g4 g7f7 g7f8 g7h6 g7h7 k9g9 k9h9");
    assert_moves_of(&p, "d4", "d4g4");
    assert_moves_of(&p, "k9", "k9g9 k9h9");
    assert_moves_of(&p, "g7", "g7f7 g7f8 g7h6 g7h7");
}

/// Not a spec example: a promotion parries a check only as a Herald, which freezes the
/// checking Rider (found in a bench search; perft positions never had it).
#[test]
fn r14_r21_promotion_to_a_herald_parries_a_check_by_freezing() {
    // White: K l2, P d11, H d13. Black: k a13, r b12 (checking along b12–l2), r c13, r e13,
    // g g13. The Pawn reaches b13 next to the Rider; only the Herald freezes it.
    let p = pos("k1rHr1g/1r6/3P5/10/11/12/13/12/11/10/9/6K1/7 w 0 5");
    assert!(p.in_check());
    assert_all_moves(&p, "d11b13h l2k2 l2l1 l2l3 l2m2");
}

#[test]
fn e20_r61_checkmate() {
    let p = pos("k5R/7R/9/10/11/12/13/12/11/10/9/8/6K b 0 1");
    assert!(p.in_check());
    assert_all_moves(&p, "");
    assert_eq!(p.count_moves(), 0);
    assert_eq!(result(&p), Some(("1-0".to_string(), "checkmate")));
}

#[test]
fn e21_r62_r63_stalemate_is_a_loss_double_stalemate_a_draw() {
    let p = pos("7/8/p8/10/11/12/6KhHk3/12/11/10/9/8/7 w 0 1");
    assert!(!p.in_check());
    assert_all_moves(&p, "");
    assert_eq!(result(&p), Some(("0-1".to_string(), "stalemate")));
    // Black, given the move in the same placement, has the 18 moves of the Pawn a11.
    let black = pos("7/8/p8/10/11/12/6KhHk3/12/11/10/9/8/7 b 0 1");
    assert_eq!(black.count_moves(), 18);
    assert_eq!(moves_of(&black, "a11").len(), 18);
    assert_moves_of(&black, "j7", "");
    assert_moves_of(&black, "h7", "");

    let p = pos("7/8/9/10/11/12/6KhHk3/12/11/10/9/8/7 w 0 1");
    assert!(!p.in_check());
    assert_all_moves(&p, "");
    assert_eq!(
        result(&p),
        Some(("1/2-1/2".to_string(), "double stalemate"))
    );
}

#[test]
fn r75_position_strings_after_the_first_moves() {
    let mut p = Panoply::start(&());
    play(&mut p, "e3e7");
    assert_eq!(
        p.position_string(),
        "gcrkrcg/shbbddhs/ppppppppp/10/11/12/4P8/12/11/10/1PPPPPPPP/SHBBDDHS/GCRKRCG b 0 1"
    );
    play(&mut p, "a13d10");
    let after =
        "1crkrcg/shbbddhs/ppppppppp/3g6/11/12/4P8/12/11/10/1PPPPPPPP/SHBBDDHS/GCRKRCG w 1 2";
    assert_eq!(p.position_string(), after);
    assert_eq!(p.hash(), pos(after).hash());
    p.unmake_move();
    p.unmake_move();
    assert_eq!(p.position_string(), START);
}

#[test]
fn r74_canonical_barricade_labels_and_label_free_hash() {
    // Both colours written with D before B: read back, written canonically.
    let swapped =
        "gcrkrcg/shddbbhs/ppppppppp/10/11/12/13/12/11/10/PPPPPPPPP/SHDDBBHS/GCRKRCG w 0 1";
    let p = pos(swapped);
    assert_eq!(p.position_string(), START);
    assert_eq!(p.hash(), Panoply::start(&()).hash());
    assert_eq!(p.recompute_hash(), p.hash());
    // A lone Barricade is always B / b.
    let lone = pos("k6/8/9/10/11/12/13/7DD3/11/10/9/8/6K w 0 1");
    assert_eq!(
        lone.position_string(),
        "k6/8/9/10/11/12/13/7BB3/11/10/9/8/6K w 0 1"
    );
    assert_eq!(lone.hash(), pos(&lone.position_string()).hash());
    let lone_black = pos("k6/8/9/10/11/12/13/7dd3/11/10/9/8/6K w 0 1");
    assert_eq!(
        lone_black.position_string(),
        "k6/8/9/10/11/12/13/7bb3/11/10/9/8/6K w 0 1"
    );
    // Labels follow the first cell in string order, even when the Barricades cross ranks:
    // the one with an end on rank 7 comes first although the other reaches further left.
    let crossing = pos("k6/8/9/10/11/12/7D5/3BB1D5/11/10/9/8/6K w 0 1");
    assert_eq!(
        crossing.position_string(),
        "k6/8/9/10/11/12/7B5/3DD1B5/11/10/9/8/6K w 0 1"
    );
    assert_eq!(
        crossing.hash(),
        pos("k6/8/9/10/11/12/7B5/3DD1B5/11/10/9/8/6K w 0 1").hash()
    );
}

#[test]
fn r66_fifty_turn_rule_draws_at_clock_50() {
    // A quiet King move from clock 49 brings the clock to 50: drawn at once.
    let mut p = pos("k6/8/9/10/11/12/13/12/11/10/9/8/R5K w 49 60");
    assert_eq!(result(&p), None);
    play(&mut p, "m1m2");
    assert_eq!(p.halfmove_clock(), 50);
    assert_eq!(result(&p), Some(("1/2-1/2".to_string(), "fifty-turn rule")));
    // Perft ignores draws by rule (docs/rules/conventions.md): the moves are still generated.
    assert!(p.count_moves() > 0);
    p.unmake_move();
    assert_eq!(result(&p), None);

    // A capture or a Pawn move resets the clock instead.
    let mut p = pos("k6/8/9/10/11/12/13/12/11/10/9/8/Rr4K w 49 60");
    play(&mut p, "g1h1");
    assert_eq!(p.halfmove_clock(), 0);
    assert_eq!(result(&p), None);
    let mut p = pos("k6/8/9/10/11/12/13/12/11/10/9/8/P5K w 49 60");
    play(&mut p, "g1g2");
    assert_eq!(p.halfmove_clock(), 0);
    assert_eq!(result(&p), None);

    // A clock of 50 or more read from a string is drawn the same way (R66, A19).
    let p = pos("k6/8/9/10/11/12/13/12/11/10/9/8/6K w 50 1");
    assert_eq!(result(&p), Some(("1/2-1/2".to_string(), "fifty-turn rule")));
    let p = pos("k6/8/9/10/11/12/13/12/11/10/9/8/6K b 123 1");
    assert_eq!(result(&p), Some(("1/2-1/2".to_string(), "fifty-turn rule")));
}

#[test]
fn r64_r66_a_mate_on_the_fiftieth_turn_stands() {
    // g1g13 is quiet (clock 49 → 50) and mates: R61 comes before R66 (R64).
    let mut p = pos("k6/7R/9/10/11/12/13/12/11/10/9/8/R5K w 49 60");
    play(&mut p, "g1g13");
    assert_eq!(p.halfmove_clock(), 50);
    assert_eq!(
        p.position_string(),
        "k5R/7R/9/10/11/12/13/12/11/10/9/8/6K b 50 60"
    );
    assert!(p.in_check());
    assert_eq!(result(&p), Some(("1-0".to_string(), "checkmate")));
    // The same with the clock already past 50 in the string, and for a stalemate.
    let p = pos("k5R/7R/9/10/11/12/13/12/11/10/9/8/6K b 75 1");
    assert_eq!(result(&p), Some(("1-0".to_string(), "checkmate")));
    let p = pos("7/8/p8/10/11/12/6KhHk3/12/11/10/9/8/7 w 60 1");
    assert_eq!(result(&p), Some(("0-1".to_string(), "stalemate")));
}

/// The board and side fields of a position string (R67 ignores the clocks).
fn placement(p: &Panoply) -> String {
    let text = p.position_string();
    let fields: Vec<&str> = text.split_whitespace().take(2).collect();
    fields.join(" ")
}

/// Plays `cycle` twice from `start`; each cycle comes back to the start's placement, so
/// the position after the last move is its third occurrence (R67) and draws.
fn assert_threefold(start: &str, cycle: &[&str]) {
    let mut p = pos(start);
    let first = placement(&p);
    for round in 1..=2 {
        for (i, token) in cycle.iter().enumerate() {
            assert_eq!(result(&p), None, "round {round}, before {token}");
            play(&mut p, token);
            if i + 1 < cycle.len() {
                assert_ne!(placement(&p), first, "round {round}, after {token}");
            }
        }
        assert_eq!(placement(&p), first, "round {round}");
        assert_eq!(
            p.repetitions(),
            round,
            "earlier occurrences after round {round}"
        );
    }
    assert_eq!(
        result(&p),
        Some(("1/2-1/2".to_string(), "threefold repetition"))
    );
    // One move back there are only two occurrences: the game goes on.
    p.unmake_move();
    assert_eq!(result(&p), None);
}

#[test]
fn r67_threefold_repetition_by_guards_shuffling() {
    // From the start both sides' Guards go out and come back, twice: the start position
    // occurs for the third time (the string counts as the first occurrence, A18).
    assert_threefold(START, &["g1g4", "a13d10", "g4g1", "d10a13"]);
}

#[test]
fn r67_threefold_repetition_by_kings_shuffling() {
    assert_threefold(
        "k6/8/9/10/11/12/13/12/11/10/9/8/6K w 0 1",
        &["m1m2", "a13a12", "m2m1", "a12a13"],
    );
}

#[test]
fn r67_repetition_ignores_which_barricade_is_which() {
    // X on f4–g4 and Y on h4–i4 change places in one cycle (X steps down, Y slides two
    // cells W, X slides back E and steps up) while the Black King walks round a square.
    // After one cycle the placement is the same with the Barricades swapped: the same
    // position (R67), so after two cycles it occurs for the third time.
    let text = "k6/8/9/10/11/12/13/12/11/2BBDD4/9/8/6K w 0 1";
    let cycle = [
        "f4g4-f3g3",
        "a13a12",
        "h4i4-f4g4",
        "a12b12",
        "f3g3-h3i3",
        "b12b13",
        "h3i3-h4i4",
        "b13a13",
    ];
    assert_threefold(text, &cycle);
    // Clocks and move numbers are no part of the position either.
    assert_eq!(
        pos(text).hash(),
        pos("k6/8/9/10/11/12/13/12/11/2BBDD4/9/8/6K w 17 40").hash()
    );
    assert_eq!(
        pos(text).hash(),
        pos("k6/8/9/10/11/12/13/12/11/2DDBB4/9/8/6K w 0 1").hash()
    );
    // The pairing of the ends is part of the position: the same four cells f4 g4 f5 g5
    // paired along the ranks or along the files are two positions.
    let by_ranks = pos("k6/8/9/10/11/12/13/12/3BB6/2DD6/9/8/6K w 0 1");
    let by_files = pos("k6/8/9/10/11/12/13/12/3BD6/2BD6/9/8/6K w 0 1");
    assert_ne!(by_ranks.hash(), by_files.hash());
    assert_ne!(by_ranks.position_string(), by_files.position_string());
}
