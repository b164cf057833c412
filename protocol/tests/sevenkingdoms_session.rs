//! Seven Kingdoms through the protocol and the command line: the variant switch, the
//! `Players` and `Multiplayer Search` options, positions and moves, `go` with its
//! `scores` list, finished games (`d` with the report of sevenkingdoms.md §13.3, the
//! result line), bad input, perft against §13.4, bench, analyse.

mod common;

use common::*;
use engine::variants::Variant;
use protocol::strength::MAX_ELO;
use protocol::variant::AnyGame;

/// R25.
const SK_START: &str = "2dNdSdBdQdRdSdN1pNpSpBpQpRpSpN2/3dNdSdCdSdN3pNpSpCpSpN3/4dAdWdA5pApWpA3gN/5dH7pH3gNgS/5dG7pG2gAgSgB/14gGgHgWgCgQ/wN15gAgSgR/wSwN15gNgS/wRwSwA15gN/wQwCwWwHwG14/wBwSwA15bN/wSwN15bNbS/wN15bAbSbB/14bGbHbWbCbQ/5rG7oG2bAbSbR/5rH7oH3bNbS/4rArWrA5oAoWoA3bN/3rNrSrCrSrN3oNoSoCoSoN3/2rNrSrBrQrRrSrN1oNoSoBoQoRoSoN2 w - - - 0 1";

/// Example 10: Red has 29 captures; `e2e7` makes 30.
const THIRTY_CAPTURES: &str = "5dQ7pQ5/19/19/19/19/18gQ/19/19/19/wQ18/19/4pS14/19/18bQ/19/19/4rR14/19/5rQ7oQ5 r rw9,rb9,rg8,rp3 - - 4 20";
const AFTER_THIRTY: &str = "5dQ7pQ5/19/19/19/19/18gQ/19/19/19/wQ18/19/4rR14/19/18bQ/19/19/19/19/5rQ7oQ5 o rw9,rb9,rg8,rp4 - - 0 20";

/// Example 11: Orange holds Blue; `k3p8` takes Green's General.
const TWO_KINGDOMS: &str = "5dQ7pQ5/19/19/19/19/19/16gG2/17gS1/18gC/wQ18/15gQ3/19/19/19/18oR/10oB8/19/19/5rQ7oQ5 o ob17,og2 ob - 9 31";
const AFTER_TWO_KINGDOMS: &str = "5dQ7pQ5/19/19/19/19/19/16oG2/17oS1/18oC/wQ18/15oB3/19/19/19/18oR/19/19/19/5rQ7oQ5 p ob17,og6 ob,og - 0 31";

/// Example 14: Red's General is walled in; after White's `e9e10` Orange moves (R30).
const WALLED_IN: &str =
    "19/19/19/19/19/18gQ/19/19/19/4wQ14/19/19/19/18bQ/19/19/19/bGgG17/rQoG11oQ5 w";
const AFTER_WALLED_IN: &str =
    "19/19/19/19/19/18gQ/19/19/4wQ14/19/19/19/19/18bQ/19/19/19/bGgG17/rQoG11oQ5 o - - - 1 1";

/// Example 15: after `s2s16` only Wei–Zhao–Yan's Black is gone from the second block.
const LAST_PLAYER: &str = "dS11rB6/19/18dQ/19/19/16wC2/19/19/19/wQ18/19/19/19/12bQ6/19/19/18bR/19/5rQ7oQ5 b wg17,rp17 wg,rp - 0 30";
const AFTER_LAST_PLAYER: &str = "bS11rB6/19/18bR/19/19/16wC2/19/19/19/wQ18/19/19/19/12bQ6/19/19/19/19/5rQ7oQ5 w wg17,rp17,bd2 wg,rp,bd - 0 31";

fn default_options() -> String {
    format!(
        "Options: UCI_Variant=sevenkingdoms; Hash=16; Threads=1; MultiPV=1; Ponder=false; \
         Move Overhead=10; Players=; Multiplayer Search=brs; Patron=1; UCI_ShowWDL=false; \
         Skill Level=20; UCI_LimitStrength=false; UCI_Elo={MAX_ELO}; Plain Search=false"
    )
}

fn sevenkingdoms_engine() -> Engine {
    let mut engine = Engine::start();
    assert_eq!(
        engine.ask("setoption name UCI_Variant value sevenkingdoms"),
        Vec::<String>::new()
    );
    engine
}

/// The `Hash:` line of `d` for a position string (default players).
fn hash_line(position: &str) -> String {
    let game = AnyGame::from_position_string(Variant::SevenKingdoms, position).unwrap();
    format!("Hash: {:016x}", game.hash())
}

/// The lines of `d` after the board diagram.
fn display_fields(engine: &mut Engine) -> Vec<String> {
    let lines = engine.ask("d");
    let first = lines
        .iter()
        .position(|l| l.starts_with("Variant:"))
        .expect("d shows the variant");
    lines[first..].to_vec()
}

/// Sends `go …` and returns every line up to and including `bestmove`.
fn search(engine: &mut Engine, go: &str) -> Vec<String> {
    engine.send(go);
    engine.read_until(|l| l.starts_with("bestmove"))
}

/// The tokens of an `info depth` line after `score <kind> <value> [bound]` and before
/// `nodes`, after checking the line's form up to there.
fn tokens_between_score_and_nodes(line: &str) -> (i32, Vec<String>) {
    let tokens: Vec<&str> = line.split(' ').collect();
    assert_eq!(&tokens[..2], ["info", "depth"], "{line}");
    assert_eq!(tokens[7], "score", "{line}");
    assert_eq!(tokens[8], "cp", "{line}");
    let score = tokens[9].parse().expect("a centipawn score");
    let mut at = 10;
    if matches!(tokens[at], "lowerbound" | "upperbound") {
        at += 1;
    }
    let nodes = tokens
        .iter()
        .position(|&t| t == "nodes")
        .expect("a node count");
    let between = tokens[at..nodes].iter().map(|t| t.to_string()).collect();
    (score, between)
}

#[test]
fn the_variant_switch_sets_up_the_start_with_seven_players() {
    let mut engine = sevenkingdoms_engine();
    let fields = display_fields(&mut engine);
    assert_eq!(
        fields,
        [
            "Variant: sevenkingdoms".to_string(),
            format!("Position: {SK_START}"),
            hash_line(SK_START),
            "To move: white (player 1)".to_string(),
            default_options(),
        ]
    );
    engine.quit();
}

#[test]
fn position_with_moves_skips_a_kingdom_without_moves() {
    let mut engine = sevenkingdoms_engine();
    assert!(engine
        .ask(&format!("position fen {WALLED_IN} moves e9e10"))
        .is_empty());
    assert_eq!(engine.field("Position"), AFTER_WALLED_IN);
    assert_eq!(engine.field("To move"), "orange (player 3)");
    assert!(engine
        .ask("position startpos moves e9e10 f2k7 xob")
        .is_empty());
    assert_eq!(engine.field("To move"), "green (player 5)");
    engine.quit();
}

#[test]
fn go_returns_a_legal_move_and_a_score_for_each_of_the_seven_players() {
    let mut engine = sevenkingdoms_engine();
    let legal = engine.ask("moves")[0].clone();
    assert_eq!(legal.split(' ').count(), 96);
    for algorithm in ["brs", "paranoid", "maxn"] {
        engine.ask(&format!(
            "setoption name Multiplayer Search value {algorithm}"
        ));
        let lines = search(&mut engine, "go depth 2");
        let infos: Vec<&String> = lines
            .iter()
            .filter(|l| l.starts_with("info depth"))
            .collect();
        assert_eq!(infos.len(), 2, "{algorithm}: {lines:#?}");
        for line in infos {
            let (score, between) = tokens_between_score_and_nodes(line);
            assert_eq!(between[0], "scores", "{line}");
            let scores: Vec<i32> = between[1..].iter().map(|t| t.parse().unwrap()).collect();
            assert_eq!(scores.len(), 7, "{line}");
            assert_eq!(scores[0], score, "the score is White's: {line}");
        }
        let best = lines.last().unwrap().split(' ').nth(1).unwrap().to_string();
        assert!(legal.split(' ').any(|m| m == best), "{algorithm}: {best}");
    }
    engine.quit();
}

#[test]
fn two_players_are_searched_by_the_two_player_search_without_scores() {
    let mut engine = sevenkingdoms_engine();
    assert!(engine
        .ask("setoption name Players value wrob/gpd")
        .is_empty());
    assert!(engine.ask("position startpos moves e9e10").is_empty());
    assert_eq!(engine.field("To move"), "red (player 1)");
    let legal = engine.ask("moves")[0].clone();
    let lines = search(&mut engine, "go depth 2");
    let infos: Vec<&String> = lines
        .iter()
        .filter(|l| l.starts_with("info depth"))
        .collect();
    assert_eq!(infos.len(), 2, "{lines:#?}");
    for line in infos {
        assert_eq!(tokens_between_score_and_nodes(line).1, Vec::<String>::new());
    }
    let best = lines.last().unwrap().split(' ').nth(1).unwrap().to_string();
    assert!(legal.split(' ').any(|m| m == best), "{best}");
    engine.quit();
}

#[test]
fn a_finished_game_reports_winner_label_kingdoms_and_result() {
    let mut engine = sevenkingdoms_engine();
    assert!(engine
        .ask(&format!("position fen {TWO_KINGDOMS} moves k3p8"))
        .is_empty());
    assert_eq!(
        display_fields(&mut engine),
        [
            "Variant: sevenkingdoms".to_string(),
            format!("Position: {AFTER_TWO_KINGDOMS}"),
            hash_line(AFTER_TWO_KINGDOMS),
            "To move: purple (player 6)".to_string(),
            default_options(),
            "Result: 0-0-1-0-0-0-0 captured enough kingdoms".to_string(),
            "Winner: ORANGE".to_string(),
            "Victory: CAPTURED_ENOUGH_KINGDOMS".to_string(),
            "Captured kingdoms: ORANGE: BLUE GREEN".to_string(),
            "In game: WHITE RED ORANGE PURPLE BLACK".to_string(),
        ]
    );
    assert_eq!(engine.ask("moves"), ["(none)"]);
    assert_eq!(
        search(&mut engine, "go depth 3"),
        [
            "info string result 0-0-1-0-0-0-0 captured enough kingdoms",
            "bestmove (none)"
        ]
    );

    assert!(engine
        .ask(&format!("position fen {THIRTY_CAPTURES} moves e2e7"))
        .is_empty());
    let fields = display_fields(&mut engine);
    assert_eq!(fields[1], format!("Position: {AFTER_THIRTY}"));
    assert_eq!(
        fields[5..],
        [
            "Result: 0-1-0-0-0-0-0 captured enough pieces",
            "Winner: RED",
            "Victory: CAPTURED_ENOUGH_PIECES",
            "Captured kingdoms: none",
            "In game: WHITE RED ORANGE BLUE GREEN PURPLE BLACK",
        ]
    );
    engine.quit();
}

#[test]
fn the_players_option_decides_whether_the_last_player_is_left() {
    let mut engine = sevenkingdoms_engine();
    assert!(engine
        .ask(&format!("position fen {LAST_PLAYER} moves s2s16"))
        .is_empty());
    let seven = display_fields(&mut engine);
    assert_eq!(seven[1], format!("Position: {AFTER_LAST_PLAYER}"));
    assert_eq!(seven.len(), 5, "the game goes on: {seven:#?}");

    assert!(engine
        .ask("setoption name Players value wrob/gpd")
        .is_empty());
    let two = display_fields(&mut engine);
    assert_eq!(two[1], format!("Position: {AFTER_LAST_PLAYER}"));
    let options = format!(
        "Options: UCI_Variant=sevenkingdoms; Hash=16; Threads=1; MultiPV=1; Ponder=false; \
         Move Overhead=10; Players=wrob/gpd; Multiplayer Search=brs; Patron=1; \
         UCI_ShowWDL=false; Skill Level=20; UCI_LimitStrength=false; UCI_Elo={MAX_ELO}; \
         Plain Search=false"
    );
    assert_eq!(
        two[3..],
        [
            "To move: white (player 1)",
            options.as_str(),
            "Result: 1-0 last player remaining",
            "Winner: none",
            "Victory: LAST_PLAYER_REMAINING",
            "Captured kingdoms: WHITE: GREEN; RED: PURPLE; BLUE: BLACK",
            "In game: WHITE RED ORANGE BLUE",
        ]
    );
    engine.send("go infinite");
    assert_eq!(
        engine.read_until(|l| l.starts_with("info string result")),
        ["info string result 1-0 last player remaining"]
    );
    engine.send("stop");
    assert_eq!(
        engine.read_until(|l| l.starts_with("bestmove")),
        ["bestmove (none)"]
    );

    assert!(engine
        .ask("setoption name Players value <empty>")
        .is_empty());
    assert_eq!(display_fields(&mut engine), seven);
    engine.quit();
}

#[test]
fn bad_input_gets_one_error_and_changes_nothing() {
    let mut engine = sevenkingdoms_engine();
    engine.ask("position startpos moves e9e10");
    engine.assert_rejected(&[
        (
            "position fen 19/19/19 w",
            "position: bad position string: expected 19 ranks, found 3 at character 1 ('19/19/19')",
        ),
        (
            "position startpos moves e9e10 e9e11",
            "position: move 2: illegal move 'e9e11': no piece of the kingdom to move on the origin cell",
        ),
        (
            "position startpos moves e9e10 f2t3",
            "position: move 2: malformed move 'f2t3': expected a destination cell after the origin",
        ),
        (
            "setoption name Players value 3",
            "setoption: Players '3' does not fit sevenkingdoms: '3' is not a kingdom letter (w r o b g p d)",
        ),
        (
            "setoption name Players value wrobg/pd",
            "setoption: option Players: 'wrobg/pd' is neither 2, 3, 6 (hexian) nor a division of \
             the kingdoms wrobgpd into blocks such as wrob/gpd (sevenkingdoms)",
        ),
        (
            "go searchmoves xob depth 1",
            "go searchmoves: move 1: illegal move 'xob': not a move to search",
        ),
    ]);
    engine.quit();
}

#[test]
fn a_players_value_of_another_variant_keeps_the_variant_from_changing() {
    let mut engine = Engine::start();
    assert!(engine.ask("setoption name Players value 3").is_empty());
    let before = engine.state();
    assert_eq!(
        engine.ask("setoption name UCI_Variant value sevenkingdoms"),
        [
            "info string error: Players '3' does not fit sevenkingdoms: '3' is not a kingdom \
          letter (w r o b g p d)"
        ]
    );
    assert_eq!(engine.state(), before);
    engine.quit();
}

#[test]
fn perft_counts_equal_the_spec() {
    let mut engine = sevenkingdoms_engine();
    let moves = engine.ask("moves")[0].clone();
    let mut expected: Vec<String> = moves.split(' ').map(|m| format!("{m}: 1")).collect();
    expected.push(String::new());
    expected.push("Nodes searched: 96".to_string());
    assert_eq!(engine.count("perft 1"), expected);
    for (command, total) in [("go perft 2", 9_045), ("perft 3", 808_832)] {
        let lines = engine.count(command);
        assert_eq!(lines.len(), 96 + 2, "{command}");
        assert_eq!(
            lines.last().unwrap(),
            &format!("Nodes searched: {total}"),
            "{command}"
        );
    }
    engine.quit();
}

#[test]
fn the_command_line_counts_searches_and_benches_seven_kingdoms() {
    let perft = tessera(&["perft", "--variant", "sevenkingdoms", "--depth", "2"]);
    assert_eq!(perft.lines().next(), Some("Nodes searched: 9045"));
    let two_players = tessera(&[
        "perft",
        "--variant",
        "sevenkingdoms",
        "--players",
        "wrob/gpd",
        "--fen",
        LAST_PLAYER,
        "--moves",
        "s2s16",
        "--depth",
        "1",
    ]);
    assert_eq!(two_players.lines().next(), Some("Nodes searched: 0"));

    let analysis = tessera(&["analyse", "--variant", "sevenkingdoms", "--depth", "2"]);
    assert!(
        analysis.contains("\nTo move:  white (player 1)\n"),
        "{analysis}"
    );
    let scores = analysis
        .lines()
        .find_map(|l| {
            l.strip_prefix("Scores:    ")?
                .strip_suffix(" (players in seat order)")
        })
        .expect("a line of scores");
    assert_eq!(scores.split(' ').count(), 7, "{scores}");

    let bench = |search: &str| {
        let lines: Vec<String> = tessera(&[
            "bench",
            "--variant",
            "sevenkingdoms",
            "--depth",
            "1",
            "--search",
            search,
        ])
        .lines()
        .map(String::from)
        .collect();
        assert_eq!(lines.len(), 3, "{lines:#?}");
        lines[1].clone()
    };
    let mut engine = sevenkingdoms_engine();
    engine.ask("setoption name Multiplayer Search value maxn");
    assert_eq!(engine.count("bench 1")[1], bench("maxn"));
    engine.quit();
}
