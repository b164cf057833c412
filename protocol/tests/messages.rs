//! Messages that name the real problem (F10) and say what is not supported (F11).

mod common;

use common::Engine;

#[test]
fn a_cell_that_is_not_on_the_board_is_named() {
    let mut engine = Engine::start();
    engine.ask("setoption name UCI_Variant value panoply");
    assert_eq!(
        engine.ask("position startpos moves e2e4"),
        ["info string error: position: move 1: malformed move 'e2e4': 'e2' is not a cell of the Panoply board"]
    );
    engine.ask("setoption name UCI_Variant value hexmate");
    assert_eq!(
        engine.ask("position startpos moves a1a2"),
        ["info string error: position: move 1: malformed move 'a1a2': 'a1' is not a cell of the Hexmate board"]
    );
    engine.quit();
}

#[test]
fn multipv_in_games_of_more_than_two_players_is_said_to_be_unsupported() {
    for variant in ["sevenkingdoms", "hexian"] {
        let mut engine = Engine::start();
        engine.ask(&format!("setoption name UCI_Variant value {variant}"));
        engine.ask("setoption name MultiPV value 3");
        engine.send("go depth 1");
        let lines = engine.read_until(|l| l.starts_with("bestmove "));
        let notes: Vec<&String> = lines
            .iter()
            .filter(|l| l.starts_with("info string"))
            .collect();
        assert_eq!(
            notes,
            [&format!(
                "info string MultiPV 3 is not supported in {variant}: one line is searched"
            )],
            "{variant}"
        );
        assert!(
            lines
                .iter()
                .filter(|l| l.starts_with("info depth"))
                .all(|l| l.contains(" multipv 1 ")),
            "{variant}: {lines:#?}"
        );
        engine.quit();
    }
}
