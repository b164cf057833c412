//! The worked examples of the Hepta rules (`docs/rules/hepta.md` §12, E1–E17), one
//! test per example named after the rule it checks: exact legal-move sets and the
//! position strings after the moves the spec plays.

use engine::game::{Game, Status};
use engine::variants::hepta::{Hepta, START, TRUE_START};
use std::collections::BTreeSet;

fn read(text: &str) -> Hepta {
    Hepta::from_position_string(text, &()).unwrap_or_else(|e| panic!("{text}: {e}"))
}

/// Every legal move's token.
fn legal(p: &Hepta) -> BTreeSet<String> {
    let mut moves = Default::default();
    p.generate_moves(&mut moves);
    let tokens: BTreeSet<String> = moves.iter().map(|&m| p.move_string(m)).collect();
    assert_eq!(tokens.len(), moves.len(), "R96: tokens are unique");
    tokens
}

/// The legal moves of the piece on `cell`: the tokens that start with its name.
fn moves_of(p: &Hepta, cell: &str) -> BTreeSet<String> {
    legal(p)
        .into_iter()
        .filter(|t| t.starts_with(cell))
        .collect()
}

fn set(tokens: &str) -> BTreeSet<String> {
    tokens.split_whitespace().map(str::to_string).collect()
}

/// Plays `token` (which must be legal) and returns the new position string.
fn play(p: &mut Hepta, token: &str) -> String {
    let mv = p
        .parse_move(token)
        .unwrap_or_else(|e| panic!("{token} in {}: {e}", p.position_string()));
    p.make_move(mv);
    assert_eq!(p.hash(), p.recompute_hash(), "hash after {token}");
    p.position_string()
}

fn after(position: &str, token: &str) -> String {
    play(&mut read(position), token)
}

#[test]
fn r50_setup_ply_offers_every_arrangement() {
    let p = read(TRUE_START);
    let moves = legal(&p);
    assert_eq!(moves.len(), 5040);
    assert!(moves.iter().all(|t| t.len() == 8 && t.starts_with('H')));
    assert!(moves.contains("Hroygbpc") && moves.contains("Hcpbgyor"));
    assert_eq!(after(TRUE_START, "Hroygbpc"), START);
    assert_eq!(Hepta::start(&()).position_string(), TRUE_START);
}

#[test]
fn r26_the_default_start_has_47_knight_moves() {
    let expected = set(
        "a1a2 b2b3 b2e3 b2a2 c1c3 c1f3 c2c3 c2b3 d3d4 d3e3 d3c3 e1e3 e1b3 \
        e2e3 e2f3 f2f3 f2i3 f2c3 g1g3 g1j3 g2g3 g2f3 h3h4 h3i3 h3g3 i1i3 i1f3 i2i3 i2j3 j2j3 \
        j2m3 j2g3 k1k3 k1n3 k2k3 k2j3 l3l4 l3m3 l3k3 m1m3 m1j3 m2m3 m2n3 n2n3 n2o2 n2k3 o1o2",
    );
    assert_eq!(expected.len(), 47);
    assert_eq!(legal(&read(START)), expected);
}

const E3: &str = "7/15/15/7So7/7Sy7/6ncNrng6/5nbScKp7/15/15";

#[test]
fn r22_r25_knight_with_power_and_tactic() {
    let with = |temple: &str| read(&format!("{E3} w {temple} -/-/-/-/- roygbpc - - 0 1"));
    assert_eq!(
        moves_of(&with("-/r/-/r/-"), "h4"),
        set("h4h7 h4i4 h4h2 h4i3")
    );
    assert_eq!(moves_of(&with("-/-/-/r/-"), "h4"), set("h4i4 h4i3"));
    assert_eq!(moves_of(&with("-/r/-/-/-"), "h4"), set("h4h7 h4i4"));
    assert_eq!(moves_of(&with("-/-/-/-/-"), "h4"), set("h4i4"));
    assert_eq!(
        after(
            &format!("{E3} w -/r/-/r/- -/-/-/-/- roygbpc - - 0 1"),
            "h4i4"
        ),
        "7/15/15/7So7/7Sy7/6ncSgNr6/5nbScKp7/15/15 b -/r/-/r/- -/-/-/-/- roygbpc - - 0 1"
    );
}

const E4: &str =
    "7/15/15/15/2m*Sgngkb3no1kykrSonr/4Nb3NpNrnp1Ny2/15/15/7M*7 w -/-/-/-/- -/-/-/-/- roygbpc - - 0 1";

#[test]
fn r24_knight_captures_are_limited_by_diplomacy() {
    let p = read(E4);
    assert_eq!(moves_of(&p, "e4"), set("e4c5"));
    assert_eq!(moves_of(&p, "i4"), set("i4i5 i4j5 i4h5"));
    assert_eq!(moves_of(&p, "j4"), set("j4k4"));
    assert_eq!(moves_of(&p, "m4"), set("m4m5 m4o5"));
}

#[test]
fn r28_a_captured_knight_leaves_its_soul_a_captured_king_nothing() {
    assert_eq!(
        after(E4, "j4k4"),
        "7/15/15/15/2m*Sgngkb3no1kykrSonr/4Nb3NpSpNr1Ny2/15/15/7M*7 b -/-/-/-/- -/-/-/-/- roygbpc - - 0 1"
    );
    assert_eq!(
        after(E4, "m4o5"),
        "7/15/15/15/2m*Sgngkb3no1kykrSoNy/4Nb3NpNrnp1Sr2/15/15/7M*7 b -/-/-/-/- -/-/-/-/- roygbpc - - 0 1"
    );
    assert_eq!(
        after(E4, "m4m5"),
        "7/15/15/15/2m*Sgngkb3no1kyNySonr/4Nb3NpNrnp4/15/15/7M*7 b -/-/-/-/- -/-/-/-/- roygbpc - - 0 1"
    );
    assert_eq!(
        after(E4, "e4c5"),
        "7/15/15/15/2NbSgngkb3no1kykrSonr/8NpNrnp1Ny2/15/15/7M*7 b -/-/-/-/- -/-/-/-/- roygbpc - - 0 1"
    );
}

#[test]
fn r42_r43_r55_soul_master_steps_soul_moves_undo_restriction_and_replacement() {
    let p = read("3m*3/zb14/15/7Sr4nc2/9So5/6npM*7/7NrSy6/4Sg5Sgm*3/14Kr w -/-/-/-/- -/-/-/-/- royg-pc - b8 0 1");
    assert_eq!(
        legal(&p),
        set(
            "h3g3 h4h5 h4i4 h4g3 h4=o h4=y h4=g h4=p h4=c o1o2 o1n1 o1n2 e2b1 e2c1 e2d2 \
             e2f3 e2g3 i3j3 j5i4 j5k5 j5l6"
        )
    );
}

const E6: &str =
    "7/15/15/15/2Sr7SySr3/1SrKr6SoKy4/15/15/M*14 w r/-/-/-/- -/-/-/-/- roygbpc - - 0 1";

#[test]
fn r32_r45_king_captures_its_soul_within_the_capacity() {
    let p = read(E6);
    assert_eq!(moves_of(&p, "c4"), set("c4d5 c4d4 c4c3 c4b5"));
    assert_eq!(moves_of(&p, "k4"), set("k4k5 k4l4 k4k3 k4j5"));
    assert_eq!(
        after(E6, "k4k5"),
        "7/15/15/15/2Sr7KySr3/1SrKr6So5/15/15/M*14 b ry/-/-/-/- -/-/-/-/- roygbpc - - 0 1"
    );
    let full =
        read("7/15/15/15/2Sr7SySr3/1SrKr6SoKy4/15/15/14m* w o/-/-/-/- -/-/-/-/- roygbpc - - 0 1");
    assert_eq!(moves_of(&full, "k4"), set("k4l4 k4k3 k4j5"));
}

const E7: &str =
    "6kc/13nbKy/14nb/15/7Ko7/15/15/ngng11npnp/M*ng11npKr w oy/rg/ro/r/r -/-/-/-/- roygbpc - - 0 1";

#[test]
fn r56_r67_temple_moves_life_summon_and_elimination() {
    assert_eq!(
        legal(&read(E7)),
        set(
            "a1=g a1=b a1=p a1=c h5h6 h5i5 h5i4 h5h4 h5g4 h5g5 Er ToT Ho No@h6 No@i5 No@i4 \
             No@h4 No@g4 No@g5 TyT Hy"
        )
    );
    assert_eq!(
        after(E7, "ToT"),
        "6kc/13nbKy/14nb/15/7Ko7/15/15/ngng11npnp/M*ng11npKr b y/rg/ro/ro/r -/-/-/-/- roygbpc - - 0 1"
    );
    assert_eq!(
        after(E7, "No@h6"),
        "6kc/13nbKy/14nb/7No7/7Ko7/15/15/ngng11npnp/M*ng11npKr b oy/rg/r/r/r -/-/-/-/- roygbpc - - 0 1"
    );
}

#[test]
fn r61_r64_heptagram_move_in_three_plies() {
    let mut p =
        read("3m*3/15/15/15/7Kr7/15/15/nb14/nbNy5M*6Sg w r/-/-/-/- -/-/-/-/- roygbpc - - 0 1");
    assert_eq!(
        legal(&p),
        set(
            "b1b2 b1c1 b1a1 h1h2 h1i1 h1g1 h1=o h1=y h1=g h1=b h1=p h1=c h5h6 h5i5 h5i4 h5h4 \
             h5g4 h5g5 TrP TrL TrT Hr"
        )
    );
    assert_eq!(
        play(&mut p, "Hr"),
        "3m*3/15/15/15/7Kr7/15/15/nb14/nbNy5M*6Sg b -/-/-/-/- -/-/-/-/- roygbpc hdrop:r - 0 1"
    );
    assert_eq!(
        legal(&p),
        set(
            "Sr@a3 Sr@b2 Sr@c1 Sr@d1 Sr@e1 Sr@f1 Sr@g1 Sr@h2 Sr@i1 Sr@j1 Sr@k1 Sr@l1 Sr@m1 \
             Sr@n1 Sr@o2"
        )
    );
    assert_eq!(
        play(&mut p, "Sr@h2"),
        "3m*3/15/15/15/7Kr7/15/15/nb6Sr7/nbNy5M*6Sg w -/-/-/-/- -/-/-/-/- roygbpc hshift:r - 0 2"
    );
    assert_eq!(legal(&p), set("Hr2 Hr3 Hr4 Hr5 Hr6 Hr7"));
    assert_eq!(
        play(&mut p, "Hr4"),
        "3m*3/15/15/15/7Kr7/15/15/nb6Sr7/nbNy5M*6Sg b -/-/-/-/- -/-/-/-/- goyrbpc - - 0 2"
    );
    assert_eq!(
        legal(&p),
        set("a1b1 a2b2 h9i8 h9h8 h9g8 h9=r h9=o h9=y h9=g h9=b h9=p h9=c")
    );
}

#[test]
fn r68_elimination_sends_the_king_berserk() {
    let position = "3kg3/14m*/6ng8/7nb7/6nbKgnb6/6SrSyNy6/7Ng7/ncnc13/M*nc13 w -/g/g/g/g g/-/-/-/- roygbpc - - 0 1";
    assert_eq!(
        legal(&read(position)),
        set("a1=r a1=o a1=y a1=b a1=p a1=c h3i3 h3g3 h3h2 h3i2 h3g2 i4i5 i4j5 i4g5 Eg")
    );
    let eliminated = after(position, "Eg");
    assert_eq!(
        eliminated,
        "7/14m*/15/7nb7/6nbZgnb6/6SrSyNy6/15/ncnc13/M*nc13 b -/-/-/-/- -/-/-/-/- roy-bpc - g8 0 1"
    );
    // R69: with White to move, the Yellow Knight no longer jumps the berserk King.
    let white = read(&eliminated.replace(" b -/", " w -/"));
    assert_eq!(moves_of(&white, "i4"), set("i4i5 i4j5"));
    assert_eq!(moves_of(&white, "h5"), set("h5h6 h5i5 h5g5"));
    let black = read(&eliminated);
    for knight in ["h6", "i5", "g5"] {
        assert!(legal(&black).contains(&format!("{knight}h5")), "{knight}h5");
    }
}

const E10: &str =
    "7/nc6nr7/15/10Sg4/7Zg7/SgSgSgSg11/4Ny6kb3/7m*7/15 w -/-/-/-/- -/-/-/-/- roy-bpc - g3 0 1";

#[test]
fn r35_r38_berserk_king_slides_captures_and_spends_its_stack() {
    assert_eq!(
        moves_of(&read(E10), "h5"),
        set(
            "h5h6 h5h7 h5h8 h5i5 h5j6 h5i4 h5j4 h5k3 h5h4 h5h3 h5g4 h5f4 h5g5 h5f6 h5e6 h5d7 \
             h5c7 h5b8 h5a8"
        )
    );
    assert_eq!(
        after(E10, "h5h7"),
        "7/nc6nr7/7Zg7/10Sg4/7Sg7/SgSgSgSg11/4Ny6kb3/7m*7/15 b -/-/-/-/- -/-/-/-/- roy-bpc - g2 0 1"
    );
    assert_eq!(
        after(E10, "h5a8"),
        "7/Zg6nr7/15/10Sg4/7Sc7/SgSgSgSg11/4Ny6kb3/7m*7/15 b -/-/-/-/- -/-/-/-/- roy-bpc - g3 0 1"
    );
}

const E11: &str =
    "7/15/7no7/7Sr2Sg4/3np3Zgnb6/1SgSgSgSg10/15/15/14m* b -/-/-/-/- -/-/-/-/- roy-bpc - g3 0 1";

#[test]
fn r70_knights_capture_and_convert_a_berserk_king() {
    let p = read(E11);
    assert_eq!(moves_of(&p, "h7"), set("h7h5 h7i6 h7g6"));
    assert_eq!(moves_of(&p, "i5"), set("i5i4 i5j5 i5h5"));
    assert_eq!(moves_of(&p, "d5"), set(""));
    assert_eq!(
        after(E11, "h7h5"),
        "7/15/7So7/7Sr2Sg4/3np3zgnb6/1SgSgSgSg10/15/15/14m* w -/-/-/-/- -/-/-/-/- roy-bpc - g3 0 2"
    );
    assert_eq!(
        after(E11, "i5h5"),
        "7/15/7no7/7Sr2Sg4/3np3zgSb6/1SgSgSgSg10/15/15/14m* w -/-/-/-/- -/-/-/-/- roy-bpc - g3 0 2"
    );
}

#[test]
fn r72_r75_calming_down_and_the_recovery_sequence() {
    let mut p = read(
        "3m*3/15/15/10Sg4/7Zg7/SgSgSgSgSg10/15/12Sg2/7M*7 w -/-/-/-/- -/-/-/-/- roy-bpc - g1 0 1",
    );
    assert_eq!(
        play(&mut p, "h5h6"),
        "3m*3/15/15/7Kg2Sg4/7Sg7/SgSgSgSgSg10/15/12Sg2/7M*7 b -/-/-/-/- -/-/-/-/- roy-bpc rec:g:1 - 0 1"
    );
    assert_eq!(
        legal(&p),
        set("Ng@a4 Ng@b4 Ng@c4 Ng@d4 Ng@e4 Ng@h5 Ng@k6 Ng@m2")
    );
    for token in ["Ng@a4", "Ng@h5", "Ng@b4", "Ng@k6", "Ng@c4", "Ng@m2"] {
        play(&mut p, token);
    }
    assert_eq!(
        p.position_string(),
        "3m*3/15/15/7Kg2Ng4/7Ng7/ngngngSgSg10/15/12Ng2/7M*7 b -/-/-/-/- -/-/-/-/- roy-bpc rec:g:7 - 0 4"
    );
    assert_eq!(legal(&p), set("Kg@d4 Kg@e4"));
    assert_eq!(
        play(&mut p, "Kg@d4"),
        "3m*3/15/15/7Kg2Ng4/7Ng7/ngngngkgSg10/15/12Ng2/7M*7 w -/-/-/-/- -/-/-/-/- roy-bpc rec:g:8 - 0 5"
    );
    assert_eq!(legal(&p), set("Hg4"));
    assert_eq!(
        play(&mut p, "Hg4"),
        "3m*3/15/15/7Kg2Ng4/7Ng7/ngngngkgSg10/15/12Ng2/7M*7 b -/-/-/-/- -/-/-/-/- roygbpc - - 0 5"
    );
}

const E13: &str = "2Nr4/6Sr8/15/10Sr4/15/2Sr12/15/15/14M*";

#[test]
fn r78_r79_knight_promotions() {
    let with = |temple: &str| format!("{E13} w {temple} -/-/-/-/- roygbpc - - 0 1");
    let plain = with("-/-/-/-/-");
    assert_eq!(moves_of(&read(&plain), "f9"), set("f9c4 f9g8 f9k6 f9^"));
    assert_eq!(
        after(&plain, "f9k6"),
        "7/6Sr8/15/10Nr4/15/2Sr12/15/15/14M* b r/-/-/-/- -/-/-/-/- roygbpc - - 0 1"
    );
    assert_eq!(
        after(&plain, "f9^"),
        "7/6Sr8/15/10Sr4/15/2Sr12/15/15/14M* b r/-/-/-/- -/-/-/-/- roygbpc - - 0 1"
    );
    assert_eq!(moves_of(&read(&with("r/-/-/-/-")), "f9"), set(""));
    assert_eq!(
        moves_of(&read(&with("-/-/-/r/-")), "f9"),
        set("f9f8 f9e8 f9c4 f9g8 f9k6 f9^")
    );
}

const E14: &str = "4Kb2/8nr6/15/9Sb5/15/15/15/9Sg5/Kr8M*5";

#[test]
fn r80_r83_king_promotions_steal_and_change_colour() {
    let with = |temples: &str| format!("{E14} w {temples} roygbpc - - 0 1");
    let full = with("-/-/-/-/- b/b/b/b/b");
    assert_eq!(
        moves_of(&read(&full), "j9"),
        set("j9k8 j9j8 j9j3^R j9j3^E j9j3=o j9j3=y j9j3=g j9j3=p j9j3=c")
    );
    assert_eq!(
        after(&full, "j9j3^E"),
        "7/8nr6/15/9Sb5/15/15/9Kb5/9Sg5/Kr8M*5 b b/-/-/-/- b/b/b/b/- roygbpc - - 0 1"
    );
    assert_eq!(
        after(&full, "j9j3=g"),
        "7/8nr6/15/9Sb5/15/15/9Kg5/9Sg5/Kr8M*5 b -/-/-/-/- b/b/b/b/b roygbpc - - 0 1"
    );
    assert_eq!(
        moves_of(&read(&with("-/-/-/-/- -/b/b/-/-")), "j9"),
        set("j9k8 j9j8 j9j3^P j9j3^L j9j3=o j9j3=y j9j3=g j9j3=p j9j3=c")
    );
    assert_eq!(
        moves_of(&read(&with("b/-/-/-/- -/b/b/-/-")), "j9"),
        set("j9k8 j9j8 j9j3=o j9j3=y j9j3=g j9j3=p j9j3=c")
    );
}

#[test]
fn r85_soul_master_duplication() {
    let two = "1M*5/3nbnb10/15/15/15/15/3Sy11/15/3Sr10M* w -/-/-/-/- -/-/-/-/- roygbpc - - 0 1";
    assert_eq!(
        moves_of(&read(two), "d9"),
        set("d9c8 d9=r d9=o d9=y d9=g d9=b d9=p d9=c d9d2+d4")
    );
    assert_eq!(
        after(two, "d9d2+d4"),
        "7/3nbnb10/15/15/15/3M*11/3Sy11/3M*11/3Sr10M* b -/-/-/-/- -/-/-/-/- roygbpc - - 0 1"
    );
    let three = "1M*5/3nbnb9M*/15/15/15/15/3Sy11/15/3Sr10M* w -/-/-/-/- -/-/-/-/- roygbpc - - 0 1";
    assert_eq!(
        moves_of(&read(three), "d9"),
        set("d9c8 d9=r d9=o d9=y d9=g d9=b d9=p d9=c")
    );
}

#[test]
fn r86_r89_soul_master_recovery() {
    let mut p =
        read("3m*3/14m*/15/15/15/15/15/Sc14/NrSy5Sg6nb w -/-/-/-/- -/-/-/-/- roygbpc - - 0 1");
    assert_eq!(legal(&p), set("a1a3 a1b2 MR"));
    assert_eq!(
        play(&mut p, "MR"),
        "3m*3/14m*/15/15/15/15/15/Sc14/NrSy5Sg6nb b -/-/-/-/- -/-/-/-/- roygbpc smr:1 - 0 1"
    );
    assert_eq!(
        legal(&p),
        set("M@a8 M@b9 M@c8 M@d9 M@e8 M@f9 M@g8 M@h8 M@i8 M@j9 M@k8 M@l9 M@m8 M@n9 M@o7")
    );
    assert_eq!(
        play(&mut p, "M@h8"),
        "3m*3/7m*6m*/15/15/15/15/15/Sc14/NrSy5Sg6nb w -/-/-/-/- -/-/-/-/- roygbpc smr:2 - 0 2"
    );
    assert_eq!(
        legal(&p),
        set("M@a3 M@b2 M@c1 M@d1 M@e1 M@f1 M@g1 M@h2 M@i1 M@j1 M@k1 M@l1 M@m1 M@n1 M@o2")
    );
    assert_eq!(
        play(&mut p, "M@h2"),
        "3m*3/7m*6m*/15/15/15/15/15/Sc6M*7/NrSy5Sg6nb b -/-/-/-/- -/-/-/-/- roygbpc - - 0 2"
    );
}

#[test]
fn r90_no_legal_move_loses() {
    let p = read("1m*1Nr1m*1/m*14/15/15/15/2Sr12/15/15/15 w o/-/-/-/- -/-/-/-/- roygbpc - - 0 1");
    assert!(legal(&p).is_empty());
    match p.status() {
        Status::Over(outcome) => assert_eq!(outcome.result_string(), "0-1"),
        Status::Ongoing => panic!("the game should be over"),
    }
    assert_eq!(read(START).status(), Status::Ongoing);
}

#[test]
fn r93_the_third_occurrence_draws() {
    let mut p = read("7/15/15/15/15/15/15/15/Kr13kr w -/-/-/-/- -/-/-/-/- roygbpc - - 0 1");
    for _ in 0..2 {
        for token in ["a1a2", "o1o2", "a2a1", "o2o1"] {
            assert_eq!(p.status(), Status::Ongoing);
            play(&mut p, token);
        }
    }
    assert_eq!(p.repetitions(), 2);
    match p.status() {
        Status::Over(outcome) => assert_eq!(outcome.result_string(), "1/2-1/2"),
        Status::Ongoing => panic!("the third occurrence should draw"),
    }
}
