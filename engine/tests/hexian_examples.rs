//! The worked examples of the Hexian spec (§12) that concern piece moves, each named after
//! its example and rule: the exact set of legal moves of a named piece (or every piece
//! move of the side to move), and the position after a move where the spec gives it.
//! Spells, rising, dispatching, Ghost returns, deployment and the pass are not generated
//! yet; where an example lists them, only its piece moves are compared.

use engine::bitboard::Bitboard;
use engine::variants::hexian::{move_token, tables, Config, Hexian, Move, Patron, PlayerCount};

fn position(text: &str) -> Hexian {
    Hexian::from_position_string(text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

fn cell(name: &str) -> usize {
    tables().hex.parse_cell(name).expect("a cell name")
}

/// The legal moves of the piece on `name`, as sorted tokens.
fn moves_of(p: &Hexian, name: &str) -> Vec<String> {
    let mut tokens: Vec<String> = p
        .legal_piece_moves(cell(name))
        .into_iter()
        .map(|mv| move_token(&Move::Piece(mv)))
        .collect();
    tokens.sort();
    tokens
}

/// Every legal piece move of the side to move, as sorted tokens.
fn side_piece_moves(p: &Hexian) -> Vec<String> {
    let mut tokens: Vec<String> = p
        .standing_of(p.side())
        .cells()
        .flat_map(|c| p.legal_piece_moves(c))
        .map(|mv| move_token(&Move::Piece(mv)))
        .collect();
    tokens.sort();
    tokens
}

fn list(tokens: &str) -> Vec<String> {
    let mut v: Vec<String> = tokens.split_whitespace().map(String::from).collect();
    v.sort();
    v
}

/// The piece tokens of a spec move list (without spells, rises and dispatches).
fn piece_tokens(tokens: &str) -> Vec<String> {
    list(tokens)
        .into_iter()
        .filter(|t| !t.contains(['*', '^', '@']) && !t.starts_with('x'))
        .collect()
}

/// Every legal move of the side to move (spells are not generated yet), sorted tokens.
fn legal_tokens(p: &Hexian) -> Vec<String> {
    let mut tokens: Vec<String> = p.legal_moves().iter().map(move_token).collect();
    tokens.sort();
    tokens
}

/// Plays the legal move `token` of the side to move and the end-of-ply steps 1–3; the
/// clocks, Astaroth counting and checkmate are not applied yet.
fn play(p: &Hexian, token: &str) -> Hexian {
    let mv = p
        .legal_moves()
        .into_iter()
        .find(|mv| move_token(mv) == token)
        .unwrap_or_else(|| panic!("{token} is not a legal move"));
    let mut after = p.clone();
    after.play_through_step_three(mv);
    after
}

/// Fields 1 to 9 of a position string: everything but the clocks (R114).
fn without_clocks(text: &str) -> String {
    text.split(' ').take(9).collect::<Vec<_>>().join(" ")
}

fn assert_after(p: &Hexian, token: &str, expected: &str) {
    let after = play(p, token);
    assert_eq!(
        without_clocks(&after.position_string()),
        without_clocks(expected),
        "after {token}"
    );
}

#[test]
fn w1_r51_start_position_first_ply() {
    let expected = list("f4f5 g4g5 h3f5 h3f7 h3h5 h3j5 h4h5 i3f5 i3g6 i3h6 i3j5 i3k4 i3l2 i4h5 i4i5 i4j4 j2h6 j2j4 j2l2 j2l4 j3j4 k2k3 l1l2");
    for players in [PlayerCount::Six, PlayerCount::Three, PlayerCount::Two] {
        let start = Hexian::start(&Config {
            patron: Patron::Astaroth,
            players,
        });
        assert_eq!(side_piece_moves(&start), expected, "{players:?}");
    }
    let orobas = Hexian::start(&Config {
        patron: Patron::Orobas,
        players: PlayerCount::Six,
    });
    assert_eq!(side_piece_moves(&orobas).len(), 34);
}

#[test]
fn w2_r15_r16_zombie() {
    let p = position("9/10/11/12/bA12/14/15/16/3bFbG2wF9/3wZbI(S)2wZbI7/15/14/13/12/11/10/4wA4 w - w.b.U.P.G.Y 1 - 000000 - - 0 1");
    assert_eq!(moves_of(&p, "i8"), list("i8i9 i8j8"));
    assert_eq!(moves_of(&p, "e8"), list("e8d9"));
}

#[test]
fn w3_r17_promotion() {
    let p = position("3bZ5/4wZwI4/11/12/bA12/14/15/16/17/16/15/14/13/12/11/10/4wA4 w - w.b.U.P.G.Y 1 - 000000 - - 0 1");
    assert_eq!(moves_of(&p, "e16"), list("e16d17h e16e17h"));
}

#[test]
fn r17_r46_r48_a_petrified_zombie_cannot_act_a_summoned_one_promotes_and_expires() {
    let p = position("3bZ5/4wZ(P)wI4/11/12/bA12/14/15/16/17/16/15/14/13/12/11/10/4wA4 w - w.b.U.P.G.Y 1 - 000000 - - 0 1");
    assert!(moves_of(&p, "e16").is_empty());
    let p = position("3bZ5/4wZ(U)wI4/11/12/bA12/14/15/16/17/16/15/14/13/12/11/10/4wA4 w - w.b.U.P.G.Y 1 - 000000 - - 0 1");
    let mv = p
        .legal_piece_moves(cell("e16"))
        .into_iter()
        .find(|mv| move_token(&Move::Piece(*mv)) == "e16e17h")
        .expect("the promotion");
    let mut after = p.clone();
    after.play_through_step_three(Move::Piece(mv));
    let board = after.position_string();
    assert_eq!(
        board.split(' ').next(),
        Some("3bZ5/5wI4/11/12/bA12/14/15/16/17/16/15/14/13/12/11/10/4wA4")
    );
}

#[test]
fn w4_r72_r73_fallen_pieces_do_not_block_and_are_not_captured() {
    let p = position("9/10/11/12/bA12/14/15/bIbG14/wMbZ4bI10/bFbD14/15/14/13/12/11/10/4wA4 w a9bZ,g9wH,k9wZ w.b.U.P.G.Y 1 - 000000 - - 0 1");
    assert_eq!(
        side_piece_moves(&p),
        piece_tokens("^k9 m1k2 m1l1 m1l2 m1l3 m1m2 m1n1 m1n2 xa9")
    );
}

#[test]
fn w5_r21_ghoul_provocation() {
    let p = position("9/10/11/12/bA12/14/15/8bZ(S)7/8wHbI7/16/15/14/13/12/11/10/4wA4 w h9bZ w.b.U.P.G.Y 1 - 000000 - - 0 1");
    assert_eq!(moves_of(&p, "i9"), list("i9j9"));
}

#[test]
fn w6_r21_unprovoked_ghoul() {
    let p = position("9/10/11/12/bA12/14/15/8bZ(S)7/8wH8/16/15/14/13/12/11/10/4wA4 w h9bZ w.b.U.P.G.Y 1 - 000000 - - 0 1");
    assert_eq!(moves_of(&p, "i9"), list("i9h10 i9h9 i9i8 i9j8 i9j9"));
}

#[test]
fn w7_r23_r74_r76_imp_leaps_hops_and_chains() {
    let p = position("9/10/11/12/bA12/14/15/8bG1bI5/7wZwIbZ(^b)7/16/15/14/13/12/11/10/4wA4 w - w.b.U.P.G.Y 1 - 000000 - - 0 1");
    assert_eq!(
        moves_of(&p, "i9"),
        list("i9e11 i9g11 i9g13 i9g7 i9g9 i9i7 i9k11 i9k5 i9k7 i9k9 i9k9g11 i9k9k11 i9m7")
    );
    let after = play(&p, "i9k9");
    assert_eq!(after.fallen(cell("j9")).map(|z| z.army()), Some(1));
    assert!(after.standing(cell("j9")).is_none());
}

#[test]
fn w8_r26_ghost() {
    let p = position("9/10/11/12/bA5bZ6/14/10wZ4/16/8wG8/16/15/14/6bI6/12/11/10/4wA4 w g10bZ w.b.U.P.G.Y 1 - 000000 - - 0 1");
    assert_eq!(
        moves_of(&p, "i9"),
        list(
            "i9c12 i9e11 i9e5 i9f6 i9g10 i9g13 i9g7 i9h11 i9h8 i9j10 i9j7 i9k5 i9k8 i9m7 i9o6 i9q5"
        )
    );
}

#[test]
fn w9_r79_piece_moves_beside_ghost_returns() {
    let p = position("9/10/11/12/bA12/14/15/16/17/16/15/14/7wZ5/12/11/1bZ8/4wA4 w c8wH w.b.U.P.G.Y 1 - 000000 - i1,i2 0 1");
    assert_eq!(
        side_piece_moves(&p),
        piece_tokens(
            "G@i1:l5 G@i1:~c8 G@i2:l5 G@i2:~c8 ^c8 l5l6 m1k2 m1l1 m1l2 m1l3 m1m2 m1n1 m1n2"
        )
    );
}

#[test]
fn w11_r30_r43_fungoid_knock_over_and_crush() {
    let p = position("9/10/11/12/bA12/14/15/7bZbI7/8bFwZ7/7wHwA7/15/14/13/12/11/10/9 w i10bZ w.b.U.P.G.Y 1 - 000000 - - 0 1");
    assert_eq!(moves_of(&p, "i8"), list("i8i9"));
    assert_after(
        &p,
        "i8i9",
        "9/10/11/12/bA12/14/15/16/17/8wA7/15/14/13/12/11/10/9 b h10bZ,i9wH,i10bI,j9wZ w.b.U.P.G.Y 1 - 000000 - - 0 1",
    );
}

#[test]
fn w12_r32_doppelganger_native_form() {
    let p = position("9/10/11/12/bA12/14/15/8wZ1wZ5/7bGwDbZ7/5bI4bZ(S)5/15/14/13/12/11/10/4wA4 w - w.b.U.P.G.Y 1 - 000000 - - 0 1");
    assert_eq!(
        moves_of(&p, "i9"),
        list("i9f10 i9f11 i9g12 i9g8 i9h12 i9h7 i9j11 i9j6 i9k6 i9l7")
    );
}

#[test]
fn w13_r33_r34_doppelganger_in_ghost_form() {
    let p = position("9/10/11/12/bA12/14/10bI4/6wZ9/8wD(=G)8/16/7bZ7/14/13/12/11/10/4wA4 w - w.b.U.P.G.Y 1 - 000000 - - 0 1");
    assert_eq!(
        moves_of(&p, "i9"),
        list("i9e17 i9e5 i9f15 i9f6 i9g13 i9g7 i9h11 i9h8 i9j10 i9j7 i9k11 i9k8 i9m7 i9o6 i9q5")
    );
    assert_after(
        &p,
        "i9k11",
        "9/10/11/12/bA12/14/10wD(=I^w)4/6wZ9/17/16/7bZ7/14/13/12/11/10/4wA4 b - w.b.U.P.G.Y 1 - 000000 - - 0 1",
    );
}

#[test]
fn w14_r36_familiar_slides_and_never_captures() {
    let p = position("9/10/11/12/bA5bD6/14/8bI6/16/4bH2wZwMbZ7/16/8bG6/14/13/12/11/10/4wA4 w i9bZ w.b.U.P.G.Y 1 BL/-/-/-/-/- 000000 - - 0 1");
    assert_eq!(
        moves_of(&p, "i9"),
        piece_tokens("i9*Bj9 i9*Lg13 i9*Li11 i9*Lj9 i9*Lk7 i9a17 i9b16 i9c12 i9c15 i9d14 i9e11 i9e13 i9e5 i9f12 i9f6 i9g10 i9g11 i9g7 i9h10 i9h11 i9h8 i9i1 i9i10 i9i2 i9i3 i9i4 i9i5 i9i6 i9i7 i9i8 i9j10 i9j7 i9j8 i9k11 i9k5 i9k8 i9l12 i9l3 i9m13 i9m7 i9o6 i9q5 xi9")
    );
}

#[test]
fn w15_r25_r38_archwizard_check_and_the_imp_rule() {
    let p = position("9/10/11/12/bA12/10bF3/5bI9/16/8wAbZ1bG5/7wZ8/15/14/13/12/11/10/9 w - w.b.U.P.G.Y 1 - 000000 - - 0 1");
    assert_eq!(moves_of(&p, "i9"), list("i9h10 i9h8 i9h9 i9i10 i9j8 i9j9"));
}

#[test]
fn w17_w19_w20_w21_w22_w23_w24_piece_moves_beside_spells() {
    let cases = [
        ("9/10/11/12/bA12/14/15/6wIwZbI(S)7/6bZbF(P)wAbZ7/16/15/14/13/12/11/10/9 w - w.b.U.P.G.Y 1 F/-/-/-/-/- 000000 - - 0 1", "i9", "i9i8 i9j7"),
        ("9/10/11/12/bA12/14/10bF4/6bI9/7bG(S)wAbZ7/16/8wZ6/14/bD12/12/11/10/9 w - w.b.U.P.G.Y 1 BLR/-/-/-/-/- 000000 - - 0 1", "i9", "i9g10 i9i8 i9j7 i9j9"),
        ("9/10/11/12/13/4wI(P)9/3bF11/1bI14/wAwZ8wF5bA/16/15/14/13/12/11/10/9 w - w.b.U.P.G.Y 1 MT/-/-/-/-/- 000000 - - 0 1", "a9", "a9a10 a9b10 a9b8"),
        ("9/10/11/12/13/14/15/wI15/wAbZ14bA/16/15/14/13/12/11/10/9 w - w.b.U.P.G.Y 1 PUY/-/-/-/-/- 000000 - - 0 1", "a9", "a9b8 a9b9"),
        ("9/10/11/12/13/14/15/wI15/wAbZ14bA/16/15/14/13/12/11/10/9 w - w.b.U.P.G.Y 1 PUY/-/-/-/-/- 000000 - - 0 1", "a10", "a10a12 a10c10 a10c12 a10e8"),
        ("9/10/11/4bF7/bA12/14/10bG4/3bZ12/4wMbH(S)2wA8/16/15/14/13/12/11/10/9 w - w.b.U.P.G.Y 1 D/-/-/-/-/- 000000 - - 0 1", "i9", "i9g10 i9h10 i9h9 i9i8 i9j7 i9j8"),
        ("9/10/11/12/13/14/15/1bZ14/wAwZbI13bA/16/15/14/13/12/11/10/9 w - w.b.U.P.G.Y 1 H/-/-/-/-/- 000000 - - 0 1", "a9", "a9a10 a9b8"),
        ("9/10/11/12/13/14/15/1bZ14/wAwZbI13bA/16/15/14/13/12/11/10/9 w - w.b.U.P.G.Y 1 H/-/-/-/-/- 000000 - - 0 1", "b9", "b9c9"),
        ("9/10/11/12/bA12/14/7wI7/8bI7/7bZwAwZ7/6wG(@i2)2bI6/15/14/13/12/11/10/9 w - w.b.U.P.G.Y 1 KS/-/-/-/-/- 000000 - - 0 1", "i9", "i9g10 i9i10 i9k8"),
    ];
    for (text, piece, expected) in cases {
        assert_eq!(
            moves_of(&position(text), piece),
            list(expected),
            "{piece} in {text}"
        );
    }
}

#[test]
fn w25_r38_the_twelve_steps_of_an_archwizard() {
    let p = position("9/10/11/12/bA12/14/15/16/8wA8/16/15/14/13/12/11/10/9 w - w.b.U.P.G.Y 1 U/-/-/-/-/- 000000 - - 0 1");
    assert_eq!(moves_of(&p, "i9").len(), 12);
}

#[test]
fn w26_r94_illusion_moves_and_vanishes_when_attacked() {
    let p = position("9/10/11/12/bA12/14/15/16/7bZwX8/16/15/14/13/12/11/10/4wA4 w - w.b.U.P.G.Y 1 - 000000 - - 0 1");
    assert_eq!(
        moves_of(&p, "i9"),
        list("i9g10 i9h10 i9h11 i9h8 i9i10 i9i8 i9j10 i9j7 i9j8 i9j9 i9k8")
    );
    assert_after(
        &p,
        "i9i8",
        "9/10/11/12/bA12/14/15/16/7bZ9/16/15/14/13/12/11/10/4wA4 b - w.b.U.P.G.Y 1 - 000000 - - 0 1",
    );
}

#[test]
fn w27_r46_petrified_pieces_have_no_moves() {
    let p = position("9/10/11/12/13/14/15/wI(P)wG(P)14/wAwZ(P)14bA/wF(P)wH(P)14/15/14/13/12/11/10/9 w - w.b.U.P.G.Y 1 - 000000 - - 0 1");
    assert!(side_piece_moves(&p).is_empty());
}

#[test]
fn w28_r108_orobas() {
    let p = position("9/10/11/12/bA12/14/15/4bF1bZ9/7wI9/1bZ(S)1wH3wZ1bI6/15/14/13/12/11/10/4wA4 w - w.b.U.P.G.Y 6 - 000000 - - 0 1");
    assert_eq!(moves_of(&p, "i8"), list("i8i10 i8i9 i8k8"));
    assert_eq!(moves_of(&p, "e8"), list("e8e10"));
}

#[test]
fn w29_r103_belphegor_paralysis() {
    let p = position("9/10/11/12/bA3bF8/14/15/16/4wF3wG8/6bZ2bG6/6wZ8/14/13/12/11/10/4wA4 w - w.b.U.P.G.Y 2 - 000000 - - 0 1");
    assert_eq!(side_piece_moves(&p), list("m1k2 m1l1 m1l2 m1l3 m1m2 m1n1"));
}

#[test]
fn w30_r107_merihem() {
    let p = position("9/10/11/12/bA12/14/15/16/8wHbI7/16/15/14/13/12/11/10/4wA4 w - w.b.U.P.G.Y 5 - 000000 - - 0 1");
    assert_eq!(moves_of(&p, "i9"), list("i9j9"));
    assert_after(
        &p,
        "i9j9",
        "9/10/11/12/bA12/14/15/16/9wH(^w)7/16/15/14/13/12/11/10/4wA4 b j9wH w.b.U.P.G.Y 5 - 000000 - - 0 1",
    );
}

#[test]
fn w31_r105_piece_moves_beside_deployments() {
    let p = position("9/10/11/12/bA12/14/15/16/17/3wI12/15/14/13/wG(@i1)11/11/10/1wZ2wA4 w e8bF w.b.U.P.G.Y 4 - 000000 FII/-/-/-/-/- - 0 1");
    assert_eq!(
        side_piece_moves(&p),
        piece_tokens("F@g3 F@h2 F@i1 F@k1 F@l1 I@g3 I@h2 I@i1 I@k1 I@l1 e8a10 e8c10 e8c12 e8c8 e8e10 e8e6 e8g10 e8g4 e8g6 e8g8 e8i6 f4a14 f4b12 f4c10 f4d8 f4e6 f4g5 f4h3 f4h6 f4i7 f4j2 f4j8 f4k9 f4l1 f4l10 f4m11 f4n12 j1j2 m1k2 m1l1 m1l2 m1l3 m1m2 m1n1 m1n2 xe8")
    );
}

#[test]
fn w32_r29_fifty_five_moves() {
    let p = position("9/10/11/bZ11/bAbZ11/14/15/16/8wF8/16/15/14/13/12/10uA/10/4wA4 w - w.b.u.P.G.Y 1 - 020000 - - 0 1");
    assert_eq!(side_piece_moves(&p).len(), 55);
}

#[test]
fn r105_under_lilith_a_captured_imp_enters_the_capturing_army_reserve() {
    let p = position("9/10/11/12/bA12/14/15/9bI6/8wG8/16/15/14/13/12/11/10/4wA4 w - w.b.U.P.G.Y 4 - 000000 - - 0 1");
    assert_after(
        &p,
        "i9j10",
        "9/10/11/12/bA12/14/15/9wG(^w)6/17/16/15/14/13/12/11/10/4wA4 b - w.b.U.P.G.Y 4 - 000000 I/-/-/-/-/- - 0 1",
    );
}

#[test]
fn r28_a_captured_ghost_with_a_start_cell_enters_its_army_pool() {
    let p = position("9/10/11/12/bA12/14/15/9bG(@b9)6/8wG8/16/15/14/13/12/11/10/4wA4 w - w.b.U.P.G.Y 1 - 000000 - - 0 1");
    assert_after(
        &p,
        "i9j10",
        "9/10/11/12/bA12/14/15/9wG(^w)6/17/16/15/14/13/12/11/10/4wA4 b - w.b.U.P.G.Y 1 - 000000 - b9 0 1",
    );
}

#[test]
fn r107_merihem_ghoul_capturing_a_fungoid_falls_and_crushes_its_new_ghoul() {
    let p = position("9/10/11/12/bA12/14/15/16/8wHbF(P)7/16/15/14/13/12/11/10/4wA4 w - w.b.U.P.G.Y 5 - 000000 - - 0 1");
    assert_after(
        &p,
        "i9j9",
        "9/10/11/12/bA12/14/15/16/17/16/15/14/13/12/11/10/4wA4 b j9wH w.b.U.P.G.Y 5 - 000000 - - 0 1",
    );
}

#[test]
fn w4_r72_r73_rising_and_dispatching() {
    let p = position("9/10/11/12/bA12/14/15/bIbG14/wMbZ4bI10/bFbD14/15/14/13/12/11/10/4wA4 w a9bZ,g9wH,k9wZ w.b.U.P.G.Y 1 - 000000 - - 0 1");
    assert_eq!(
        legal_tokens(&p),
        list("^k9 m1k2 m1l1 m1l2 m1l3 m1m2 m1n1 m1n2 xa9")
    );
    assert_after(
        &p,
        "^k9",
        "9/10/11/12/bA12/14/15/bIbG14/wMbZ4bI3wZ6/bFbD14/15/14/13/12/11/10/4wA4 b a9bZ,g9wH w.b.U.P.G.Y 1 - 000000 - - 0 1",
    );
}

#[test]
fn w9_r79_ghost_return_and_possession() {
    let p = position("9/10/11/12/bA12/14/15/16/17/16/15/14/7wZ5/12/11/1bZ8/4wA4 w c8wH w.b.U.P.G.Y 1 - 000000 - i1,i2 0 1");
    assert_eq!(
        legal_tokens(&p),
        list("G@i1:l5 G@i1:~c8 G@i2:l5 G@i2:~c8 ^c8 l5l6 m1k2 m1l1 m1l2 m1l3 m1m2 m1n1 m1n2")
    );
    assert_after(
        &p,
        "G@i2:l5",
        "9/10/11/12/bA12/14/15/16/17/16/15/14/13/12/11/1wZ(^w)8/4wA4 b c8wH w.b.U.P.G.Y 1 - 000000 - i1 0 1",
    );
    assert_after(
        &p,
        "G@i1:~c8",
        "9/10/11/12/bA12/14/15/16/17/16/15/14/7wZ5/12/11/1bZ8/wG(@i1^w)3wA4 b - w.b.U.P.G.Y 1 - 000000 - i2 0 1",
    );
}

#[test]
fn w10_r79_no_return_onto_a_ghost_or_a_shielded_piece() {
    let p = position("9/10/11/12/bA12/14/15/16/17/16/15/14/7wZ5/12/11/1bG(@a9)8/bZ(S)3wA4 w c8wH w.b.U.P.G.Y 1 - 000000 - i1,i2 0 1");
    assert_eq!(
        legal_tokens(&p),
        list("^c8 l5l6 m1k2 m1l1 m1l2 m1l3 m1m2 m1n1 m1n2")
    );
}

#[test]
fn r79_the_sacrifice_may_stand_on_the_start_cell() {
    let p = position("9/10/11/12/bA12/14/15/16/17/16/15/14/13/12/11/10/wZ3wA4 w - w.b.U.P.G.Y 1 - 000000 - i1 0 1");
    assert!(legal_tokens(&p).contains(&"G@i1:i1".to_string()));
    assert_after(
        &p,
        "G@i1:i1",
        "9/10/11/12/bA12/14/15/16/17/16/15/14/13/12/11/10/wG(@i1^w)3wA4 b - w.b.U.P.G.Y 1 - 000000 - - 0 1",
    );
}

#[test]
fn w27_r69_pass() {
    let p = position("9/10/11/12/13/14/15/wI(P)wG(P)14/wAwZ(P)14bA/wF(P)wH(P)14/15/14/13/12/11/10/9 w - w.b.U.P.G.Y 1 - 000000 - - 0 1");
    assert_eq!(legal_tokens(&p), ["0000"]);
}

#[test]
fn w31_r105_r106_lilith_deployment_and_dispatch() {
    let p = position("9/10/11/12/bA12/14/15/16/17/3wI12/15/14/13/wG(@i1)11/11/10/1wZ2wA4 w e8bF w.b.U.P.G.Y 4 - 000000 FII/-/-/-/-/- - 0 1");
    assert_eq!(
        legal_tokens(&p),
        list("F@g3 F@h2 F@i1 F@k1 F@l1 I@g3 I@h2 I@i1 I@k1 I@l1 e8a10 e8c10 e8c12 e8c8 e8e10 e8e6 e8g10 e8g4 e8g6 e8g8 e8i6 f4a14 f4b12 f4c10 f4d8 f4e6 f4g5 f4h3 f4h6 f4i7 f4j2 f4j8 f4k9 f4l1 f4l10 f4m11 f4n12 j1j2 m1k2 m1l1 m1l2 m1l3 m1m2 m1n1 m1n2 xe8")
    );
    assert_after(
        &p,
        "xe8",
        "9/10/11/12/bA12/14/15/16/17/3wI12/15/14/13/wG(@i1)11/11/10/1wZ2wA4 b - w.b.U.P.G.Y 4 - 000000 FFII/-/-/-/-/- - 0 1",
    );
    assert_after(
        &p,
        "I@h2",
        "9/10/11/12/bA12/14/15/16/17/3wI12/15/14/13/wG(@i1)11/11/wI(^w)9/1wZ2wA4 b e8bF w.b.U.P.G.Y 4 - 000000 FI/-/-/-/-/- - 0 1",
    );
}

/// The sorted tokens of the legal moves of the side to move starting with `prefix`.
fn legal_tokens_starting(p: &Hexian, prefix: &str) -> Vec<String> {
    legal_tokens(p)
        .into_iter()
        .filter(|t| t.starts_with(prefix))
        .collect()
}

/// The start position with white's spell list `CHMSTU`.
fn start_with_spells(patron: Patron, players: PlayerCount) -> Hexian {
    let start = Hexian::start(&Config { patron, players }).position_string();
    position(&start.replace(" - 000000", " CHMSTU/-/-/-/-/- 000000"))
}

#[test]
fn w1_r82_start_position_with_spells() {
    let six = start_with_spells(Patron::Astaroth, PlayerCount::Six);
    let moves = legal_tokens(&six);
    assert_eq!(moves.len(), 333);
    let count = |prefix: &str| moves.iter().filter(|t| t.starts_with(prefix)).count();
    assert_eq!(count("*C"), 115);
    assert_eq!(count("j1*H") + count("h2*H"), 164);
    assert_eq!(count("j1*T") + count("h2*T"), 29);
    assert_eq!(
        legal_tokens_starting(&six, "h2*")
            .into_iter()
            .chain(legal_tokens_starting(&six, "j1*"))
            .filter(|t| !t.contains("*H"))
            .collect::<Vec<_>>(),
        list("h2*S h2*Tf4 h2*Tg3 h2*Tg4 h2*Th3 h2*Th4 h2*Ti1 h2*Ti2 h2*Ti3 h2*Ti4 h2*Tj2 h2*Tj3 h2*Tk1 h2*Tk2 h2*Tl1 j1*S j1*Tf4 j1*Tg3 j1*Tg4 j1*Th2 j1*Th3 j1*Th4 j1*Ti1 j1*Ti2 j1*Ti3 j1*Ti4 j1*Tj2 j1*Tj3 j1*Tk1 j1*Tk2 j1*Tl1")
    );
    assert!(moves.contains(&"j1*Hk2k3,k3k4".to_string()));
    assert!(moves.contains(&"h2*Hg4g5,g5g6".to_string()));
    assert_eq!(
        legal_tokens(&start_with_spells(Patron::Orobas, PlayerCount::Six)).len(),
        403
    );
    assert_eq!(
        legal_tokens(&start_with_spells(Patron::Astaroth, PlayerCount::Three)).len(),
        340
    );
    assert_eq!(
        legal_tokens(&start_with_spells(Patron::Astaroth, PlayerCount::Two)).len(),
        347
    );
}

#[test]
fn w14_r37_r83_familiar_casts_banish_and_lightning_bolt() {
    let p = position("9/10/11/12/bA5bD6/14/8bI6/16/4bH2wZwMbZ7/16/8bG6/14/13/12/11/10/4wA4 w i9bZ w.b.U.P.G.Y 1 BL/-/-/-/-/- 000000 - - 0 1");
    let mut moves = legal_tokens_starting(&p, "i9");
    moves.extend(legal_tokens_starting(&p, "xi9"));
    moves.sort();
    assert_eq!(
        moves,
        list("i9*Bj9 i9*Lg13 i9*Li11 i9*Lj9 i9*Lk7 i9a17 i9b16 i9c12 i9c15 i9d14 i9e11 i9e13 i9e5 i9f12 i9f6 i9g10 i9g11 i9g7 i9h10 i9h11 i9h8 i9i1 i9i10 i9i2 i9i3 i9i4 i9i5 i9i6 i9i7 i9i8 i9j10 i9j7 i9j8 i9k11 i9k5 i9k8 i9l12 i9l3 i9m13 i9m7 i9o6 i9q5 xi9")
    );
}

#[test]
fn w17_r88_burning_hands() {
    let p = position("9/10/11/12/bA12/14/15/6wIwZbI(S)7/6bZbF(P)wAbZ7/16/15/14/13/12/11/10/9 w - w.b.U.P.G.Y 1 F/-/-/-/-/- 000000 - - 0 1");
    assert_eq!(
        legal_tokens_starting(&p, "i9"),
        list("i9*Fh10 i9*Fh10j9 i9*Fh9 i9*Fh9h10 i9*Fh9h10j9 i9*Fh9j9 i9*Fj9 i9i8 i9j7")
    );
    assert_after(
        &p,
        "i9*Fh9j9",
        "9/10/11/12/bA12/14/15/8bI7/8wA8/16/15/14/13/12/11/10/9 b g9bZ,g10wI,h10wZ,j9bZ w.b.U.P.G.Y 1 - 000000 - - 0 1",
    );
}

#[test]
fn w18_r89_charm() {
    let p = position("9/10/11/bGbZ10/bAbZwI10/bZ13/15/7bI8/8bHwZ7/4bZwG10/15/14/13/12/11/10/4wA4 w - w.b.U.P.G.Y 1 C/-/-/-/-/- 000000 - - 0 1");
    assert_eq!(
        legal_tokens_starting(&p, "*C"),
        list("*Ca12b12 *Ca14b12 *Ca14b15 *Ca14c10 *Ca14c13 *Ca14c16 *Ca14d17 *Ca14d8 *Ca14e6 *Ca14f4 *Cb14c13 *Cb14c14 *Ch10d12 *Ch10f10 *Ch10f12 *Ch10f14 *Ch10h12 *Ch10h8 *Ch10j10 *Ch10j12 *Ch10j6 *Ch10j8 *Ci9j9")
    );
}

#[test]
fn r17_r89_a_charmed_zombie_promotes_keeping_its_flags() {
    let p = position("3bZ5/4wZ(U)wI4/11/12/bA12/14/15/16/17/16/15/14/13/12/11/10/4wA4 b - w.b.U.P.G.Y 1 -/C/-/-/-/- 000000 - - 0 1");
    assert_after(
        &p,
        "*Ce16e17h",
        "3bZwH(U^b)4/5wI4/11/12/bA12/14/15/16/17/16/15/14/13/12/11/10/4wA4 w - w.b.U.P.G.Y 1 - 000000 - - 0 1",
    );
}

#[test]
fn w19_r87_r92_r97_banish_lightning_bolt_reanimate() {
    let p = position("9/10/11/12/bA12/14/10bF4/6bI9/7bG(S)wAbZ7/16/8wZ6/14/bD12/12/11/10/9 w - w.b.U.P.G.Y 1 BLR/-/-/-/-/- 000000 - - 0 1");
    assert_eq!(
        legal_tokens_starting(&p, "i9"),
        list("i9*Bg10 i9*Bj9 i9*Le5 i9*Lg10 i9*Lj9 i9*Lk11 i9*Rg10 i9*Rj9 i9g10 i9i8 i9j7 i9j9")
    );
}

#[test]
fn w20_r93_r101_teleport_and_mirror_image() {
    let p = position("9/10/11/12/13/4wI(P)9/3bF11/1bI14/wAwZ8wF5bA/16/15/14/13/12/11/10/9 w - w.b.U.P.G.Y 1 MT/-/-/-/-/- 000000 - - 0 1");
    let mut moves = legal_tokens_starting(&p, "a9");
    moves.extend(legal_tokens_starting(&p, "*M"));
    moves.sort();
    assert_eq!(
        moves,
        list("*Ma10b8a10 *Ma10b8a9 *Ma10b8b8 *Ma10c8a10 *Ma10c8a9 *Mb8c8a9 *Mb8c8b8 a9*Tk9 a9a10 a9b10 a9b8")
    );
    assert_after(
        &p,
        "*Ma10c8a9",
        "9/10/11/12/13/4wI(P)9/3bF11/wX(^w)bI14/wAwZ8wF5bA/16/15/14/13/12/11/10/9 b - w.b.U.P.G.Y 1 T/-/-/-/-/- 000000 - - 0 1",
    );
    assert_after(
        &p,
        "a9*Tk9",
        "9/10/11/12/13/4wI(P)9/3bF11/1bI14/wF(^w)wZ8wA(^w)5bA/16/15/14/13/12/11/10/9 b - w.b.U.P.G.Y 1 M/-/-/-/-/- 000000 - - 0 1",
    );
}

#[test]
fn w21_r95_r96_r99_petrify_summon_polymorph() {
    let p = position("9/10/11/12/13/14/15/wI15/wAbZ14bA/16/15/14/13/12/11/10/9 w - w.b.U.P.G.Y 1 PUY/-/-/-/-/- 000000 - - 0 1");
    assert_eq!(
        legal_tokens(&p),
        list("a10a12 a10c10 a10c12 a10e8 a9*Pa10 a9*Pb9 a9*UDb10 a9*UDb8 a9*UDc8 a9*UFb10 a9*UFb8 a9*UFc8 a9*UGb10 a9*UGb8 a9*UGc8 a9*UHb10 a9*UHb8 a9*UHc8 a9*UIb10 a9*UIb8 a9*UIc8 a9*UMb10 a9*UMb8 a9*UMc8 a9*UZb10 a9*UZb8 a9*UZc8 a9*Ya10D a9*Ya10F a9*Ya10G a9*Ya10H a9*Ya10M a9*Ya10Z a9*Yb9D a9*Yb9G a9*Yb9I a9*Yb9M a9b8 a9b9")
    );
}

#[test]
fn w22_r90_deflect() {
    let p = position("9/10/11/4bF7/bA12/14/10bG4/3bZ12/4wMbH(S)2wA8/16/15/14/13/12/11/10/9 w - w.b.U.P.G.Y 1 D/-/-/-/-/- 000000 - - 0 1");
    assert_eq!(
        legal_tokens(&p),
        list("*Dk11 i9g10 i9h10 i9h9 i9i8 i9j7 i9j8")
    );
}

#[test]
fn w23_r91_haste() {
    let p = position("9/10/11/12/13/14/15/1bZ14/wAwZbI13bA/16/15/14/13/12/11/10/9 w - w.b.U.P.G.Y 1 H/-/-/-/-/- 000000 - - 0 1");
    assert_eq!(
        legal_tokens(&p),
        list("a9*Hb9c9,c9b10 a9*Hb9c9,c9c10 a9a10 a9b8 b9c9")
    );
}

#[test]
fn w24_r98_r100_shield_and_stinking_cloud() {
    let p = position("9/10/11/12/bA12/14/7wI7/8bI7/7bZwAwZ7/6wG(@i2)2bI6/15/14/13/12/11/10/9 w - w.b.U.P.G.Y 1 KS/-/-/-/-/- 000000 - - 0 1");
    assert_eq!(
        legal_tokens_starting(&p, "i9"),
        list("i9*K i9*S i9g10 i9i10 i9k8")
    );
    assert_after(
        &p,
        "i9*S",
        "9/10/11/12/bA12/14/7wI(S)7/8bI7/7bZwAwZ(S)7/6wG(@i2S)2bI6/15/14/13/12/11/10/9 b - w.b.U.P.G.Y 1 K/-/-/-/-/- 000000 - - 0 1",
    );
    assert_after(
        &p,
        "i9*K",
        "9/10/11/12/bA12/14/7wI7/16/8wA8/6wG(@i2)2bI6/15/14/13/12/11/10/9 b h9bZ,i10bI,j9wZ w.b.U.P.G.Y 1 S/-/-/-/-/- 000000 - - 0 1",
    );
}

#[test]
fn w25_r48_r99_summon_and_its_expiry() {
    let p = position("9/10/11/12/bA12/14/15/16/8wA8/16/15/14/13/12/11/10/9 w - w.b.U.P.G.Y 1 U/-/-/-/-/- 000000 - - 0 1");
    assert_eq!(legal_tokens(&p).len(), 96);
    let after_summon = play(&p, "i9*UFi10");
    assert_eq!(
        without_clocks(&after_summon.position_string()),
        without_clocks("9/10/11/12/bA12/14/15/8wF(U^w)7/8wA8/16/15/14/13/12/11/10/9 b - w.b.U.P.G.Y 1 - 000000 - - 0 1")
    );
    let after_black = play(&after_summon, "a13a12");
    assert_eq!(
        without_clocks(&after_black.position_string()),
        without_clocks("9/10/11/12/13/bA(^b)13/15/8wF(U)7/8wA8/16/15/14/13/12/11/10/9 w - w.b.U.P.G.Y 1 - 000000 - - 1 2")
    );
    assert_after(
        &after_black,
        "i9h9",
        "9/10/11/12/13/bA13/15/16/7wA(^w)9/16/15/14/13/12/11/10/9 b - w.b.U.P.G.Y 1 - 000000 - - 0 2",
    );
}

#[test]
fn w34_r104_demogorgon_refills_the_list_from_the_grimoire() {
    let p = position("9/10/11/12/bA12/14/15/16/8wAwZ7/16/15/14/13/12/11/10/9 w - w.b.U.P.G.Y 3 S:BCSSTU/-:-/-:-/-:-/-:-/-:- 000000 - - 0 1");
    assert_after(
        &p,
        "i9*S",
        "9/10/11/12/bA12/14/15/16/8wAwZ(S)7/16/15/14/13/12/11/10/9 b - w.b.U.P.G.Y 3 BCSSTU:BCSSTU/-:-/-:-/-:-/-:-/-:- 000000 - - 0 1",
    );
}

/// Plays the legal move `token` as a whole ply (R63, every step) and compares the whole
/// position string.
fn assert_ply(p: &Hexian, token: &str, expected: &str) -> Hexian {
    let mv = p
        .legal_moves()
        .into_iter()
        .find(|mv| move_token(mv) == token)
        .unwrap_or_else(|| panic!("{token} is not a legal move"));
    let mut after = p.clone();
    after.play(mv);
    assert_eq!(after.position_string(), expected, "after {token}");
    after
}

#[test]
fn w16_r70_r110_r111_checkmate_elimination_and_claim() {
    let p = position("8uA/10/11/12/13/14/15/bZwI14/bA2uF13/bZ15/2wG12/14/13/12/11/10/4wA4 w - w.b.u.P.G.Y 4 - 000000 - - 0 1");
    assert_ply(
        &p,
        "e7c8",
        "8uA/10/11/12/13/14/15/1wI14/3uF13/1wG(^w)14/15/14/13/12/11/10/4wA4 u - w.B.u.P.G.Y 4 - 000000 ZZ/-/-/-/-/- - 0 1",
    );
}

#[test]
fn w25_r117_clocks_over_the_summon_sequence() {
    let p = position("9/10/11/12/bA12/14/15/16/8wA8/16/15/14/13/12/11/10/9 w - w.b.U.P.G.Y 1 U/-/-/-/-/- 000000 - - 0 1");
    let p = assert_ply(
        &p,
        "i9*UFi10",
        "9/10/11/12/bA12/14/15/8wF(U^w)7/8wA8/16/15/14/13/12/11/10/9 b - w.b.U.P.G.Y 1 - 000000 - - 0 1",
    );
    let p = assert_ply(
        &p,
        "a13a12",
        "9/10/11/12/13/bA(^b)13/15/8wF(U)7/8wA8/16/15/14/13/12/11/10/9 w - w.b.U.P.G.Y 1 - 000000 - - 1 2",
    );
    assert_ply(
        &p,
        "i9h9",
        "9/10/11/12/13/bA13/15/16/7wA(^w)9/16/15/14/13/12/11/10/9 b - w.b.U.P.G.Y 1 - 000000 - - 0 2",
    );
}

#[test]
fn w27_r116_a_pass_advances_the_clock() {
    let p = position("9/10/11/12/13/14/15/wI(P)wG(P)14/wAwZ(P)14bA/wF(P)wH(P)14/15/14/13/12/11/10/9 w - w.b.U.P.G.Y 1 - 000000 - - 0 1");
    assert_ply(
        &p,
        "0000",
        "9/10/11/12/13/14/15/wI(P)wG(P)14/wAwZ(P)14bA/wF(P)wH(P)14/15/14/13/12/11/10/9 b - w.b.U.P.G.Y 1 - 000000 - - 1 1",
    );
}

#[test]
fn w32_r102_astaroth_third_check_eliminates() {
    let p = position("9/10/11/bZ11/bAbZ11/14/15/16/8wF8/16/15/14/13/12/10uA/10/4wA4 w - w.b.u.P.G.Y 1 - 020000 - - 0 1");
    assert_eq!(legal_tokens(&p).len(), 55);
    let checking: Vec<String> = legal_tokens(&p)
        .into_iter()
        .filter(|t| {
            let mut after = p.clone();
            let mv = p
                .legal_moves()
                .into_iter()
                .find(|m| move_token(m) == *t)
                .unwrap();
            after.play(mv);
            !after.players().in_play(1)
        })
        .collect();
    assert_eq!(checking, list("i9a9 i9e9 i9i5"));
    assert_ply(
        &p,
        "i9e9",
        "9/10/11/12/13/14/15/16/4wF(^w)12/16/15/14/13/12/10uA/10/4wA4 u - w.B.u.P.G.Y 1 - 000000 - - 0 1",
    );
}

/// Spec decision: W33 gives the halfmove clock 1 after `j9j10`, but the mover is a
/// Zombie and R116 resets the clock after "a Zombie moving"; the rule wins, the clock is 0.
#[test]
fn w33_r102_r66_a_check_by_an_imp_of_another_army_counts() {
    let p = position("9/10/11/12/bA12/14/15/16/7bIuA(^u)wZ7/16/15/14/13/12/11/10/4wA4 w - w.b.u.P.G.Y 1 - 000000 - - 0 1");
    assert_ply(
        &p,
        "j9j10",
        "9/10/11/12/bA12/14/15/9wZ(^w)6/7bIuA(^u)8/16/15/14/13/12/11/10/4wA4 b - w.b.u.P.G.Y 1 - 001000 - - 0 1",
    );
}

#[test]
fn r112_a_finished_game_has_no_moves() {
    let p = position(
        "9/10/11/12/13/14/15/16/17/16/15/14/13/12/11/10/4wA4 w - w.B.U.P.G.Y 1 - 000000 - - 0 1",
    );
    assert!(p.is_over());
    assert!(p.legal_moves().is_empty());
}

#[test]
fn r60_a_checkmated_side_is_eliminated_when_the_position_is_read() {
    // The W16 position after e7c8, but with black still to move: settling eliminates it.
    let p = position("8uA/10/11/12/13/14/15/bZwI14/bA2uF13/bZwG(^w)14/15/14/13/12/11/10/4wA4 b - w.b.u.P.G.Y 4 - 000000 - - 0 1");
    assert_eq!(
        p.position_string(),
        "8uA/10/11/12/13/14/15/1wI14/3uF13/1wG(^w)14/15/14/13/12/11/10/4wA4 u - w.B.u.P.G.Y 4 - 000000 ZZ/-/-/-/-/- - 0 1"
    );
}

#[test]
fn r102_r112_eliminating_the_last_enemy_ends_the_game_with_an_army_in_play_to_move() {
    let p = position("9/10/11/bZ11/bAbZ11/14/15/16/8wF8/16/15/14/13/12/11/10/4wA4 w - w.b.U.P.G.Y 1 - 020000 - - 0 1");
    let after = assert_ply(
        &p,
        "i9e9",
        "9/10/11/12/13/14/15/16/4wF12/16/15/14/13/12/11/10/4wA4 w - w.B.U.P.G.Y 1 - 000000 - - 0 2",
    );
    assert!(after.is_over());
    assert!(after.legal_moves().is_empty());
    assert_eq!(position(&after.position_string()), after);
}

#[test]
fn r48_r79_a_possessed_summoned_piece_expires_at_the_end_of_the_same_ply() {
    let p = position("9/10/11/12/bA12/14/15/16/17/16/15/14/7wZ5/12/11/1bZ(U)8/4wA4 w - w.b.U.P.G.Y 1 - 000000 - i2 0 1");
    assert_ply(
        &p,
        "G@i2:l5",
        "9/10/11/12/bA12/14/15/16/17/16/15/14/13/12/11/10/4wA4 b - w.b.U.P.G.Y 1 - 000000 - - 0 1",
    );
}

#[test]
fn r30_r39_an_archwizard_capturing_a_fungoid_stays_standing() {
    let p = position("9/10/11/12/bA12/14/15/16/7wZbF8/7wA8/15/14/13/12/11/10/9 w - w.b.U.P.G.Y 1 - 000000 - - 0 1");
    assert_after(
        &p,
        "i8i9",
        "9/10/11/12/bA12/14/15/16/8wA(^w)8/16/15/14/13/12/11/10/9 b h9wZ w.b.U.P.G.Y 1 - 000000 - - 0 1",
    );
}

#[test]
fn r43_r100_stinking_cloud_crushes_a_fallen_piece_under_its_victim() {
    let p = position("9/10/11/12/bA12/14/15/16/8wAwZ7/16/15/14/13/12/11/10/9 w j9bH w.b.U.P.G.Y 1 K/-/-/-/-/- 000000 - - 0 1");
    assert_after(
        &p,
        "i9*K",
        "9/10/11/12/bA12/14/15/16/8wA8/16/15/14/13/12/11/10/9 b j9wZ w.b.U.P.G.Y 1 - 000000 - - 0 1",
    );
}

#[test]
fn r87_r30_a_familiar_banishing_a_fungoid_is_knocked_over() {
    let p = position("9/10/11/12/bA12/14/15/16/8wMbF7/16/15/14/13/12/11/10/4wA4 w - w.b.U.P.G.Y 1 B/-/-/-/-/- 000000 - - 0 1");
    assert_after(
        &p,
        "i9*Bj9",
        "9/10/11/12/bA12/14/15/16/17/16/15/14/13/12/11/10/4wA4 b j9wM w.b.U.P.G.Y 1 - 000000 - - 0 1",
    );
}

#[test]
fn w16_r70_before_the_second_check_black_escapes_and_w29_black_is_paralysed_too() {
    let black_to_move = position("8uA/10/11/12/13/14/15/bZwI14/bA2uF13/bZ15/2wG12/14/13/12/11/10/4wA4 b - w.b.u.P.G.Y 4 - 000000 - - 0 1");
    assert!(legal_tokens(&black_to_move).contains(&"a9b10".to_string()));
    let w29_black = position("9/10/11/12/bA3bF8/14/15/16/4wF3wG8/6bZ2bG6/6wZ8/14/13/12/11/10/4wA4 b - w.b.U.P.G.Y 2 - 000000 - - 0 1");
    assert!(legal_tokens(&w29_black)
        .iter()
        .all(|t| t.starts_with("a13")));
    assert!(!legal_tokens(&w29_black).is_empty());
}
