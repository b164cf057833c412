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
