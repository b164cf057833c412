//! Hexian through the protocol and the command line: the variant switch, the `Players`
//! and `Patron` options, positions and moves, `go` for six, three and two players, `eval`,
//! perft against W1, bad input, bench.

mod common;

use common::*;

/// R55 with six players and Astaroth, as `d` shows it.
const START: &str = "uG(@a17)uMuFuZ1pZpFpApG(@i17)/uAuG(@b16)uIuZ2pZpIpG(@i16)pM/uFuIuDuZ3pZpDpIpF/uZuZuZuH4pHpZpZpZ/13/bZ12gZ/bFbZ11gZgF/bMbIbZ10gZgIgA/bG(@a9)bG(@b9)bDbH9gHgDgG(@p9)gG(@q9)/bAbIbZ10gZgIgM/bFbZ11gZgF/bZ12gZ/13/wZwZwZwH4yHyZyZyZ/wFwIwDwZ3yZyDyIyF/wMwG(@i2)wIwZ2yZyIyG(@p2)yA/wG(@i1)wAwFwZ1yZyFyMyG(@q1) w - w.b.u.p.g.y 1 - 000000 - - 0 1";

/// W1: white's 23 first moves.
const W1_MOVES: &str = "f4f5 g4g5 h3f5 h3f7 h3h5 h3j5 h4h5 i3f5 i3g6 i3h6 i3j5 i3k4 i3l2 i4h5 i4i5 i4j4 j2h6 j2j4 j2l2 j2l4 j3j4 k2k3 l1l2";

/// W5: the provoked Ghoul's only move is the capture `i9j9`; white's Archwizard on m1.
const W5: &str = "9/10/11/12/bA12/14/15/8bZ(S)7/8wHbI7/16/15/14/13/12/11/10/4wA4 w h9bZ w.b.U.P.G.Y 1 - 000000 - - 0 1";

fn hexian_engine() -> Engine {
    let mut engine = Engine::start();
    assert_eq!(
        engine.ask("setoption name UCI_Variant value hexian"),
        Vec::<String>::new()
    );
    engine
}

/// Sends `go …` and returns every line up to and including `bestmove`.
fn search(engine: &mut Engine, go: &str) -> Vec<String> {
    engine.send(go);
    engine.read_until(|l| l.starts_with("bestmove"))
}

/// The move of the `bestmove` line.
fn best_move(lines: &[String]) -> String {
    let last = lines.last().expect("a bestmove line");
    last.split(' ').nth(1).expect("a move").to_string()
}

/// The number of tokens in the `scores` list of an `info depth` line (0 without one).
fn seat_scores(line: &str) -> usize {
    let tokens: Vec<&str> = line.split(' ').collect();
    match tokens.iter().position(|&t| t == "scores") {
        Some(at) => tokens[at + 1..]
            .iter()
            .take_while(|t| t.parse::<i32>().is_ok())
            .count(),
        None => 0,
    }
}

#[test]
fn the_variant_switch_sets_up_the_start_with_six_players() {
    let mut engine = hexian_engine();
    assert_eq!(engine.field("Variant"), "hexian");
    assert_eq!(engine.field("Position"), START);
    assert_eq!(engine.field("To move"), "white (player 1)");
    assert_eq!(engine.ask("moves"), [W1_MOVES]);
    engine.quit();
}

#[test]
fn position_with_moves_passes_the_turn_round_the_board() {
    let mut engine = hexian_engine();
    assert!(engine
        .ask("position startpos moves i3k4 c8e8 b15b13")
        .is_empty());
    assert_eq!(engine.field("To move"), "pink (player 4)");
    let position = engine.field("Position");
    assert!(position.contains(" p - w.b.u.p.g.y 1 "), "{position}");
    let eval = engine.ask("eval");
    let verdict = eval.last().unwrap();
    assert!(verdict.ends_with(" cp for pink (player 4)"), "{verdict}");
    engine.quit();
}

#[test]
fn the_players_and_patron_options_shape_the_start() {
    let mut engine = hexian_engine();
    assert!(engine.ask("setoption name Players value 3").is_empty());
    assert!(engine.ask("setoption name Patron value 6").is_empty());
    assert!(engine.ask("position startpos").is_empty());
    let position = engine.field("Position");
    assert!(
        position.ends_with(" w - wp.bg.uy 6 - 000000 - - 0 1"),
        "{position}"
    );
    // W1 under Orobas: 34 moves.
    assert_eq!(engine.ask("moves")[0].split(' ').count(), 34);
    assert!(engine.ask("setoption name Players value 2").is_empty());
    assert!(engine.ask("position startpos").is_empty());
    assert!(engine.field("Position").contains(" wug.bpy 6 "));
    engine.quit();
}

#[test]
fn go_returns_a_legal_move_with_a_score_per_player() {
    let mut engine = hexian_engine();
    for (players, seats) in [("6", 6), ("3", 3), ("2", 0)] {
        assert!(engine
            .ask(&format!("setoption name Players value {players}"))
            .is_empty());
        assert!(engine.ask("position startpos moves i3k4").is_empty());
        let legal = engine.ask("moves")[0].clone();
        let lines = search(&mut engine, "go depth 2");
        let info = lines
            .iter()
            .rev()
            .find(|l| l.starts_with("info depth 2 "))
            .expect("an info line for depth 2");
        assert_eq!(seat_scores(info), seats, "{players}: {info}");
        let mv = best_move(&lines);
        assert!(legal.split(' ').any(|m| m == mv), "{players}: {mv}");
    }
    assert!(engine.ask(&format!("position fen {W5}")).is_empty());
    let lines = search(&mut engine, "go depth 1 searchmoves i9j9");
    assert_eq!(best_move(&lines), "i9j9");
    engine.quit();
}

/// The two-player Orobas bench position (players wug.bpy, patron 6).
const OROBAS_TWO_PLAYERS: &str = "uG(@a17)uMuFuZ4pG(@i17)/1uG(@b16)uI2pZpZpIpG(@i16)pM/uF1uA(^u)uZ4pApIpF/uZuZuZ2uZ1pZpHpZ1pZ/10pZ2/bZ2uH4uDgZ3gZ/bFbZ1uIpF(^p)yM(^y)7gZgF/bMbIbZ8gI2gIgA/bG(@a9)bG(@b9)11gHgDgG(@p9)gG(@q9)/bA1bZbIbD(^b)6gZ3gM/bF1bZ2yI7gZgF/bZ3bH5gZ3/wD(^w)wI11/wZwZwZwH2yDyH1yZyZyZ/1wF1wZ3yZ2yF/wMwG(@i2)wIwZwZ1yZyIyG(@p2)yA/wG(@i1)wAwF2yZyF1yG(@q1) g - wug.bpy 6 - 000000 - - 5 7";

/// Quiescence ends every line 6 plies below the horizon (engine/src/search/quiescence.rs,
/// `QS_MAX_PLIES`). Here it would not end by itself: under Orobas Zombies and Ghouls
/// capture two cells away (R108) and the six armies of the two players take turns, so
/// every ply finds new captures, and a check makes every move an evasion.
#[test]
fn quiescence_stops_six_plies_below_the_horizon_in_a_two_player_orobas_game() {
    let mut engine = hexian_engine();
    assert!(engine
        .ask(&format!("position fen {OROBAS_TWO_PLAYERS}"))
        .is_empty());
    for depth in 1..=3 {
        let lines = search(&mut engine, &format!("go depth {depth}"));
        let info = lines
            .iter()
            .rev()
            .find(|l| l.starts_with(&format!("info depth {depth} ")))
            .expect("an info line for the depth");
        let field = |name: &str| -> u64 {
            let value = word_after(info, name).expect(name);
            value.parse().expect("a number")
        };
        assert!(field("seldepth") <= depth + 6, "{info}");
        if depth == 1 {
            assert!(field("nodes") <= 200, "{info}");
        }
    }
    engine.quit();
}

#[test]
fn perft_counts_equal_the_spec() {
    let mut engine = hexian_engine();
    let mut expected: Vec<String> = W1_MOVES.split(' ').map(|m| format!("{m}: 1")).collect();
    expected.push(String::new());
    expected.push("Nodes searched: 23".to_string());
    assert_eq!(engine.count("perft 1"), expected);
    assert_eq!(
        engine.count("go perft 2").last().map(String::as_str),
        Some("Nodes searched: 528")
    );
    engine.quit();
}

#[test]
fn eval_prints_the_terms_of_every_army() {
    let mut engine = hexian_engine();
    let lines = engine.ask("eval");
    assert_eq!(
        lines[0],
        "army player material   safety   spells mobility    total"
    );
    assert_eq!(lines.len(), 1 + 6 + 6 + 1, "{lines:?}");
    assert_eq!(lines[13], "Evaluation: 0 cp for white (player 1)");
    engine.quit();
}

#[test]
fn bad_input_gets_one_error_and_changes_nothing() {
    let mut engine = hexian_engine();
    engine.ask("position startpos moves i3k4");
    engine.assert_rejected(&[
        (
            "position fen 9/10 w",
            "position: bad position string: expected 11 fields, found 2 at character 7 ('')",
        ),
        (
            "position startpos moves i3k4 i3k4",
            "position: move 2: illegal move 'i3k4': not a legal move here",
        ),
        (
            "position startpos moves i3k4 zz",
            "position: move 2: malformed move 'zz': expected a cell name (R130)",
        ),
        (
            "setoption name Players value wrob/gpd",
            "setoption: Players 'wrob/gpd' does not fit hexian: hexian is played by 2, 3 or 6 \
             players",
        ),
        (
            "setoption name Patron value 7",
            "setoption: option Patron: 7 is out of range 1..6",
        ),
        (
            "go searchmoves i3k5 depth 1",
            "go searchmoves: move 1: illegal move 'i3k5': not a legal move here",
        ),
    ]);
    engine.quit();
}

#[test]
fn the_command_line_counts_and_benches_hexian() {
    let perft = tessera(&["perft", "--variant", "hexian", "--depth", "2"]);
    assert!(perft.starts_with("Nodes searched: 528\n"), "{perft}");
    let bench = tessera(&["bench", "--variant", "hexian", "--depth", "1"]);
    let lines: Vec<&str> = bench.lines().collect();
    assert_eq!(lines.len(), 3, "{bench}");
    assert!(lines[1].starts_with("Nodes searched  : "), "{bench}");
}

#[test]
fn a_match_rotates_the_seats_over_the_openings() {
    let engine = format!("cmd={}", env!("CARGO_BIN_EXE_tessera"));
    let openings = concat!(
        "file=",
        env!("CARGO_MANIFEST_DIR"),
        "/../positions/hexian/openings.txt"
    );
    let output = tessera(&[
        "match",
        "--variant",
        "hexian",
        "--players",
        "3",
        "--engine",
        &engine,
        "name=a",
        "--engine",
        &engine,
        "name=b",
        "--engine",
        &engine,
        "name=c",
        "--each",
        "depth=1",
        "--games",
        "3",
        "--maxmoves",
        "2",
        "--openings",
        openings,
    ]);
    let finished: Vec<&str> = output
        .lines()
        .filter(|l| l.starts_with("Finished game"))
        .collect();
    assert_eq!(
        finished,
        [
            "Finished game 1 (a vs b vs c): 1/3-1/3-1/3 {draw by adjudication: 2 moves}",
            "Finished game 2 (b vs c vs a): 1/3-1/3-1/3 {draw by adjudication: 2 moves}",
            "Finished game 3 (c vs a vs b): 1/3-1/3-1/3 {draw by adjudication: 2 moves}",
        ],
        "{output}"
    );
}
