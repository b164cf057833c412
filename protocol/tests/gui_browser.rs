//! `tessera gui` in a real headless Chromium, driven over WebDriver as a person uses it:
//! every move is entered by clicks on the board (and the chooser or the buttons of moves
//! without a cell), and after every move the board drawn must be the position that an
//! independent `tessera` process reports with `d` for the moves the page lists.
//!
//! With `TESSERA_REGENERATE_PICTURES=1` the tests also write the README's screenshots
//! `docs/images/gui-<variant>.png` and the Analysis panel's `gui-analysis.png`.

mod common;
mod gui_support;

use common::{repository, tessera, Engine};
use gui_support::{Browser, Gui};
use serde_json::{json, Value};
use std::sync::Mutex;

/// One browser at a time: the machine is small and the timings are the page's own.
static ONE_BROWSER: Mutex<()> = Mutex::new(());

/// Hexmate's E7a: the White pawn on b12 promotes on a13 or b13 (R24).
const PROMOTION: &str = "7/1P6/9/10/5k5/12/4K8/12/8p2/10/9/8/7 w 0 1";
/// Hexmate's E7b: after `b12a13d`.
const AFTER_PROMOTION: &str = "D6/8/9/10/5k5/12/4K8/12/8p2/10/9/8/7 b 0 1";
/// Hepta's E8 before its Heptagram move.
const HEPTA_E8: &str =
    "3m*3/15/15/15/7Kr7/15/15/nb14/nbNy5M*6Sg w r/-/-/-/- -/-/-/-/- roygbpc - - 0 1";
/// Hexian's W7: a white Imp on i9 may hop the fresh black Zombie on j9 and chain on.
const HEXIAN_W7: &str = "9/10/11/12/bA12/14/15/8bG1bI5/7wZwIbZ(^b)7/16/15/14/13/12/11/10/4wA4 w - w.b.U.P.G.Y 1 - 000000 - - 0 1";
/// Hexian's W16 (Lilith): White's `e7c8` checkmates Black, and White claims its army.
const HEXIAN_W16: &str = "8uA/10/11/12/13/14/15/bZwI14/bA2uF13/bZ15/2wG12/14/13/12/11/10/4wA4 w - w.b.u.P.G.Y 4 - 000000 - - 0 1";
/// Hexian's W16 after `e7c8`: Black eliminated, its two Zombies in White's reserve, Blue to move.
const HEXIAN_W16_CLAIMED: &str = "8uA/10/11/12/13/14/15/1wI14/3uF13/1wG(^w)14/15/14/13/12/11/10/4wA4 u - w.B.u.P.G.Y 4 - 000000 ZZ/-/-/-/-/- - 0 1";

/// Hexian's start with White's Archwizard holding Lightning Bolt and Teleport (R58).
const HEXIAN_SPELLS: &str = "uG(@a17)uMuFuZ1pZpFpApG(@i17)/uAuG(@b16)uIuZ2pZpIpG(@i16)pM/uFuIuDuZ3pZpDpIpF/uZuZuZuH4pHpZpZpZ/13/bZ12gZ/bFbZ11gZgF/bMbIbZ10gZgIgA/bG(@a9)bG(@b9)bDbH9gHgDgG(@p9)gG(@q9)/bAbIbZ10gZgIgM/bFbZ11gZgF/bZ12gZ/13/wZwZwZwH4yHyZyZyZ/wFwIwDwZ3yZyDyIyF/wMwG(@i2)wIwZ2yZyIyG(@p2)yA/wG(@i1)wAwFwZ1yZyFyMyG(@q1) w - w.b.u.p.g.y 1 LT/-/-/-/-/- 000000 - - 0 1";

fn regenerate_pictures() -> bool {
    std::env::var("TESSERA_REGENERATE_PICTURES").is_ok_and(|v| v == "1")
}

/// With `TESSERA_REGENERATE_PICTURES=1`, the page as README shows it, as `gui-<name>.png`.
fn screenshot(browser: &Browser, name: &str) {
    if regenerate_pictures() {
        let path = repository().join(format!("docs/images/gui-{name}.png"));
        std::fs::write(&path, browser.screenshot()).expect("the screenshot is written");
    }
}

/// The page at `gui`'s URL, loaded.
fn open(gui: &Gui) -> Browser {
    let browser = Browser::start(1280, 860);
    browser.goto(&gui.url());
    browser.wait_for(
        "the first state",
        "return document.body.dataset.version !== undefined",
    );
    browser
}

fn body(browser: &Browser, field: &str) -> String {
    let script = format!("return document.body.dataset.{field} || ''");
    browser
        .eval(&script, json!([]))
        .as_str()
        .unwrap_or("")
        .to_string()
}

/// Sets up a game through the form: each seat a person (`None`) or the first engine
/// with the limits given.
fn new_game(browser: &Browser, variant: &str, players: &str, fen: &str, seats: &[Option<&str>]) {
    let seats: Vec<Seat> = seats
        .iter()
        .map(|seat| match seat {
            None => Seat::Person(""),
            Some(limits) => Seat::Engine(limits),
        })
        .collect();
    new_game_with(browser, variant, players, fen, &seats);
}

/// Who plays a seat of the form, with the limits typed in.
enum Seat<'a> {
    Person(&'a str),
    Engine(&'a str),
}

fn new_game_with(browser: &Browser, variant: &str, players: &str, fen: &str, seats: &[Seat]) {
    browser.click(&format!("#variant option[value='{variant}']"));
    if ["sevenkingdoms", "hexian"].contains(&variant) {
        browser.set_text("#players", players);
    }
    browser.set_text("#fen", fen);
    let count = browser.eval(
        "return document.querySelectorAll('.seat-choice').length",
        json!([]),
    );
    assert_eq!(count, json!(seats.len()), "seat choosers for {variant}");
    for (i, seat) in seats.iter().enumerate() {
        let wrap = format!(".seat-choice:nth-child({})", i + 1);
        let (choice, limits) = match seat {
            Seat::Person(limits) => ("", limits),
            Seat::Engine(limits) => ("0", limits),
        };
        browser.click(&format!("{wrap} .seat-player option[value='{choice}']"));
        browser.set_text(&format!("{wrap} .seat-limits"), limits);
    }
    let game = body(browser, "game");
    browser.click("#new-game");
    let script = format!(
        "return document.body.dataset.game !== '{game}' && document.body.dataset.variant === '{variant}'"
    );
    browser.wait_for("the new game", &script);
}

/// The server's state as the page receives it.
fn server_state(gui: &Gui) -> Value {
    let (status, text) = gui.request("GET", "/api/state?since=0", &[], "");
    assert_eq!(status, 200, "{text}");
    serde_json::from_str(&text).expect("JSON state")
}

fn page_moves(browser: &Browser) -> Vec<String> {
    let moves = browser.eval(
        "return [...document.querySelectorAll('#moves li')].map(li => li.textContent)",
        json!([]),
    );
    serde_json::from_value(moves).expect("a list of moves")
}

/// The pieces drawn on the page, `cell token` each, sorted.
fn drawn_pieces(browser: &Browser) -> Vec<String> {
    let pieces = browser.eval(
        "return [...document.querySelectorAll('#board .piece')].map(p => p.dataset.cell + ' ' + p.dataset.token).sort()",
        json!([]),
    );
    serde_json::from_value(pieces).expect("a list of pieces")
}

/// The pieces `tessera svg` draws for a position string, `cell token` each, sorted.
fn pieces_of(variant: &str, players: &str, position: &str) -> Vec<String> {
    let svg = tessera(&[
        "svg",
        "--variant",
        variant,
        "--players",
        players,
        "--fen",
        position,
    ]);
    let mut pieces: Vec<String> = svg
        .split("<g class=\"piece\" data-cell=\"")
        .skip(1)
        .map(|rest| {
            let (cell, rest) = rest.split_once('"').expect("a cell");
            let token = rest
                .split_once("data-token=\"")
                .and_then(|(_, t)| t.split_once('"'))
                .expect("a token")
                .0;
            format!("{cell} {token}")
        })
        .collect();
    pieces.sort();
    pieces
}

/// A `tessera` process in protocol mode that follows the game as a referee of the page.
struct Reference {
    engine: Engine,
    variant: String,
    players: String,
    fen: String,
}

impl Reference {
    fn new(variant: &str, players: &str, fen: &str) -> Reference {
        let mut engine = Engine::start();
        engine.ask(&format!("setoption name UCI_Variant value {variant}"));
        if !players.is_empty() {
            engine.ask(&format!("setoption name Players value {players}"));
        }
        Reference {
            engine,
            variant: variant.to_string(),
            players: players.to_string(),
            fen: fen.to_string(),
        }
    }

    fn set(&mut self, moves: &[String]) {
        let mut command = if self.fen.is_empty() {
            "position startpos".to_string()
        } else {
            format!("position fen {}", self.fen)
        };
        if !moves.is_empty() {
            command = format!("{command} moves {}", moves.join(" "));
        }
        let answer = self.engine.ask(&command);
        assert!(answer.is_empty(), "{command}: {answer:?}");
    }

    /// `go depth <depth>`'s move after `moves`.
    fn best_move(&mut self, moves: &[String], depth: u32) -> String {
        self.set(moves);
        self.engine.send(&format!("go depth {depth}"));
        let lines = self.engine.read_until(|l| l.starts_with("bestmove"));
        let last = lines.last().unwrap();
        last.split_whitespace().nth(1).expect("a move").to_string()
    }

    /// Checks that the page shows the position `d` reports after the page's moves: the
    /// position string and every piece drawn. Returns that position string.
    fn check_board(&mut self, browser: &Browser) -> String {
        let moves = page_moves(browser);
        self.set(&moves);
        let position = self.engine.field("Position");
        let shown = browser.eval(
            "return document.getElementById('position').value",
            json!([]),
        );
        assert_eq!(shown, json!(position), "after {moves:?}");
        assert_eq!(
            drawn_pieces(browser),
            pieces_of(&self.variant, &self.players, &position),
            "after {moves:?}"
        );
        position
    }

    /// The `Result:` line `d` shows (and the Seven Kingdoms report after it).
    fn ending(&mut self, browser: &Browser) -> Vec<String> {
        self.set(&page_moves(browser));
        let lines = self.engine.ask("d");
        let start = lines
            .iter()
            .position(|l| l.starts_with("Result:"))
            .expect("d shows a result");
        lines[start..]
            .iter()
            .take_while(|l| !l.starts_with("Variant:"))
            .cloned()
            .collect()
    }
}

/// Enters `wanted` by clicks: its cells one by one (checking that the first click marks
/// exactly the cells its piece can go to), then the chooser's button if several moves
/// share the cells.
fn enter_by_clicks(browser: &Browser, legal: &[Value], wanted: &str) {
    let entry = legal
        .iter()
        .find(|m| m["move"] == json!(wanted))
        .unwrap_or_else(|| panic!("'{wanted}' is not among the page's legal moves"));
    let path: Vec<&str> = entry["path"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c.as_str().unwrap())
        .collect();
    let before = body(browser, "version");
    match path.as_slice() {
        [] => browser.click(&format!("#cellless-moves button[data-move='{wanted}']")),
        [first, rest @ ..] => {
            browser.click_cell(first);
            if let [second] = rest {
                let mut expected: Vec<&str> = legal
                    .iter()
                    .filter_map(|m| {
                        let p = m["path"].as_array().unwrap();
                        (p.len() == 2 && p[0] == json!(first)).then(|| p[1].as_str().unwrap())
                    })
                    .collect();
                expected.sort();
                expected.dedup();
                let marked = browser.eval(
                    "return [...document.querySelectorAll('#board .cell.target')].map(c => c.dataset.cell).sort()",
                    json!([]),
                );
                assert_eq!(marked, json!(expected), "destinations of {first}");
                browser.click_cell(second);
            }
        }
    }
    let chooser = browser.eval("return !document.getElementById('chooser').hidden && document.body.dataset.version === arguments[0]", json!([before]));
    if chooser == json!(true) {
        browser.click(&format!("#choices button[data-move='{wanted}']"));
    }
}

/// Waits until the page shows at least `plies` moves and a person to move or the end.
fn wait_for_turn(browser: &Browser, plies: usize) {
    let script = format!(
        "const b = document.body.dataset; return Number(b.moves) >= {plies} && (b.person === '1' || b.over === '1')"
    );
    browser.wait_for(&format!("move {plies}"), &script);
}

/// Plays the person's seat with the reference's `go depth 3` moves, by clicks, until the
/// game ends or `max_plies` are played, checking the board after every move.
fn play_by_clicks(gui: &Gui, browser: &Browser, reference: &mut Reference, max_plies: usize) {
    loop {
        let state = server_state(gui);
        let moves: Vec<String> = serde_json::from_value(state["moves"].clone()).unwrap();
        if !state["result"].as_array().unwrap().is_empty() || moves.len() >= max_plies {
            return;
        }
        assert_eq!(state["personToMove"], json!(true));
        let best = reference.best_move(&moves, 3);
        enter_by_clicks(browser, state["legal"].as_array().unwrap(), &best);
        wait_for_turn(browser, moves.len() + 1);
        reference.check_board(browser);
    }
}

/// The buttons of the chooser, by their moves.
fn choices(browser: &Browser) -> Value {
    browser.eval(
        "return [...document.querySelectorAll('#choices button')].map(b => b.dataset.move)",
        json!([]),
    )
}

/// The cells marked as destinations, sorted.
fn marked(browser: &Browser) -> Value {
    browser.eval(
        "return [...document.querySelectorAll('#board .cell.target')].map(c => c.dataset.cell).sort()",
        json!([]),
    )
}

fn text_of(browser: &Browser, id: &str) -> String {
    let script = format!("return document.getElementById('{id}').textContent");
    browser
        .eval(&script, json!([]))
        .as_str()
        .unwrap()
        .to_string()
}

fn timings(browser: &Browser) -> Value {
    browser.eval("return window.guiTimings", json!([]))
}

#[test]
fn a_whole_hexmate_game_by_clicks_against_tessera_at_depth_1() {
    let _one = ONE_BROWSER.lock().unwrap_or_else(|e| e.into_inner());
    let gui = Gui::start(&[]);
    let browser = open(&gui);
    new_game(&browser, "hexmate", "", "", &[None, Some("depth=1")]);
    let mut reference = Reference::new("hexmate", "", "");
    play_by_clicks(&gui, &browser, &mut reference, 20);
    screenshot(&browser, "hexmate");
    play_by_clicks(&gui, &browser, &mut reference, 400);
    assert_eq!(body(&browser, "over"), "1", "the game ended");
    let ending = reference.ending(&browser);
    let shown = browser.eval(
        "return document.getElementById('result').textContent",
        json!([]),
    );
    assert_eq!(shown, json!(ending.join(" · ")));
    eprintln!("hexmate timings (ms): {}", timings(&browser));
}

#[test]
fn a_pawn_promotes_through_the_chooser() {
    let _one = ONE_BROWSER.lock().unwrap_or_else(|e| e.into_inner());
    let gui = Gui::start(&[]);
    let browser = open(&gui);
    new_game(&browser, "hexmate", "", PROMOTION, &[None, None]);
    browser.click_cell("b12");
    browser.click_cell("a13");
    let choices = browser.eval(
        "return [...document.querySelectorAll('#choices button')].map(b => b.dataset.move)",
        json!([]),
    );
    assert_eq!(choices, json!(["b12a13a", "b12a13d", "b12a13q"]));
    browser.click("#choices button[data-move='b12a13d']");
    wait_for_turn(&browser, 1);
    let mut reference = Reference::new("hexmate", "", PROMOTION);
    assert_eq!(reference.check_board(&browser), AFTER_PROMOTION);
}

#[test]
fn hepta_arrangement_and_a_heptagram_sequence_by_clicks() {
    let _one = ONE_BROWSER.lock().unwrap_or_else(|e| e.into_inner());
    let gui = Gui::start(&[]);
    let browser = open(&gui);
    new_game(&browser, "hepta", "", "", &[None, None]);
    browser.click("#cellless-list option[value='Hroygbpc']");
    browser.click("#cellless-play");
    wait_for_turn(&browser, 1);
    Reference::new("hepta", "", "").check_board(&browser);

    new_game(&browser, "hepta", "", HEPTA_E8, &[None, None]);
    let mut reference = Reference::new("hepta", "", HEPTA_E8);
    // Announce (White), drop (Black), shift (White): Hepta's R63, R64.
    for (ply, wanted) in ["Hr", "Sr@a3", "Hr2"].iter().enumerate() {
        let state = server_state(&gui);
        enter_by_clicks(&browser, state["legal"].as_array().unwrap(), wanted);
        wait_for_turn(&browser, ply + 1);
        reference.check_board(&browser);
    }
    assert_eq!(page_moves(&browser), ["Hr", "Sr@a3", "Hr2"]);
    screenshot(&browser, "hepta");
}

#[test]
fn a_hexian_spell_is_cast_by_clicks() {
    let _one = ONE_BROWSER.lock().unwrap_or_else(|e| e.into_inner());
    let gui = Gui::start(&[]);
    let browser = open(&gui);
    new_game(&browser, "hexian", "", HEXIAN_SPELLS, &[None; 6]);
    let state = server_state(&gui);
    enter_by_clicks(&browser, state["legal"].as_array().unwrap(), "h2*Tf4");
    wait_for_turn(&browser, 1);
    assert_eq!(page_moves(&browser), ["h2*Tf4"]);
    let position = Reference::new("hexian", "", HEXIAN_SPELLS).check_board(&browser);
    assert!(
        position.contains(" L/-/-/-/-/- "),
        "Teleport is used up: {position}"
    );
    screenshot(&browser, "hexian");
}

#[test]
fn panoply_moves_by_clicks_against_tessera() {
    let _one = ONE_BROWSER.lock().unwrap_or_else(|e| e.into_inner());
    let gui = Gui::start(&[]);
    let browser = open(&gui);
    new_game(&browser, "panoply", "", "", &[None, Some("depth=1")]);
    let mut reference = Reference::new("panoply", "", "");
    play_by_clicks(&gui, &browser, &mut reference, 8);
    screenshot(&browser, "panoply");
}

#[test]
fn seven_engines_play_seven_kingdoms_to_the_end() {
    let _one = ONE_BROWSER.lock().unwrap_or_else(|e| e.into_inner());
    let gui = Gui::start(&[]);
    let browser = open(&gui);
    new_game(&browser, "sevenkingdoms", "", "", &[Some("depth=1"); 7]);
    browser.wait_for(
        "20 moves",
        "return Number(document.body.dataset.moves) >= 20",
    );
    screenshot(&browser, "sevenkingdoms");
    browser.wait_for(
        "the end of the game",
        "return document.body.dataset.over === '1'",
    );
    let mut reference = Reference::new("sevenkingdoms", "", "");
    reference.check_board(&browser);
    let ending = reference.ending(&browser);
    let shown = browser.eval(
        "return document.getElementById('result').textContent",
        json!([]),
    );
    assert_eq!(shown, json!(ending.join(" · ")));
    eprintln!("sevenkingdoms timings (ms): {}", timings(&browser));
}

#[test]
fn a_seven_kingdoms_player_resigns_by_its_button() {
    let _one = ONE_BROWSER.lock().unwrap_or_else(|e| e.into_inner());
    let gui = Gui::start(&[]);
    let browser = open(&gui);
    new_game(&browser, "sevenkingdoms", "wrob/gpd", "", &[None, None]);
    let label = browser.eval(
        "return document.querySelector(\"#cellless-moves button[data-move='xwrob']\").textContent",
        json!([]),
    );
    assert_eq!(label, json!("Resign (xwrob)"));
    browser.click("#cellless-moves button[data-move='xwrob']");
    browser.wait_for(
        "the end of the game",
        "return document.body.dataset.over === '1'",
    );
    let mut reference = Reference::new("sevenkingdoms", "wrob/gpd", "");
    let ending = reference.ending(&browser);
    assert!(ending[0].starts_with("Result: 0-1 "), "{ending:?}");
    let shown = browser.eval(
        "return document.getElementById('result').textContent",
        json!([]),
    );
    assert_eq!(shown, json!(ending.join(" · ")));
}

#[test]
fn hexchoice_placements_by_clicks_through_the_chooser() {
    let _one = ONE_BROWSER.lock().unwrap_or_else(|e| e.into_inner());
    let gui = Gui::start(&[]);
    let browser = open(&gui);
    new_game(&browser, "hexchoice", "", "", &[None, None]);
    let mut reference = Reference::new("hexchoice", "", "");
    // Black places first (Hexchoice R44); a centre cell takes only the King or a Paladin (R41).
    browser.click_cell("j1");
    assert_eq!(choices(&browser), json!(["A@j1", "K@j1"]));
    browser.click("#choices button[data-move='K@j1']");
    wait_for_turn(&browser, 1);
    reference.check_board(&browser);
    // A white pair takes any unit but the King.
    browser.click_cell("g1");
    assert_eq!(
        choices(&browser),
        json!(["A@g1", "B@g1", "D@g1", "N@g1", "Q@g1", "R@g1"])
    );
    browser.click("#choices button[data-move='B@g1']");
    wait_for_turn(&browser, 2);
    reference.check_board(&browser);
    // At most one Bishop placement on a white pair (Hexchoice R41 4).
    browser.click_cell("h2");
    assert_eq!(
        choices(&browser),
        json!(["A@h2", "D@h2", "N@h2", "Q@h2", "R@h2"])
    );
    browser.click("#choices button[data-move='N@h2']");
    wait_for_turn(&browser, 3);
    reference.check_board(&browser);
    assert_eq!(page_moves(&browser), ["K@j1", "B@g1", "N@h2"]);
}

#[test]
fn a_hexian_imp_chain_by_clicks() {
    let _one = ONE_BROWSER.lock().unwrap_or_else(|e| e.into_inner());
    let gui = Gui::start(&[]);
    let browser = open(&gui);
    new_game(&browser, "hexian", "", HEXIAN_W7, &[None; 6]);
    // Hexian's W7: the Imp's 13 moves start with 11 distinct cells; k9 is a hop that may go on.
    browser.click_cell("i9");
    assert_eq!(
        marked(&browser),
        json!(["e11", "g11", "g13", "g7", "g9", "i7", "k11", "k5", "k7", "k9", "m7"])
    );
    browser.click_cell("k9");
    assert_eq!(choices(&browser), json!(["i9k9"]));
    assert_eq!(marked(&browser), json!(["g11", "k11"]));
    browser.click_cell("k11");
    wait_for_turn(&browser, 1);
    assert_eq!(page_moves(&browser), ["i9k9k11"]);
    Reference::new("hexian", "", HEXIAN_W7).check_board(&browser);
}

#[test]
fn a_hexian_claim_by_clicks() {
    let _one = ONE_BROWSER.lock().unwrap_or_else(|e| e.into_inner());
    let gui = Gui::start(&[]);
    let browser = open(&gui);
    new_game(&browser, "hexian", "", HEXIAN_W16, &[None; 6]);
    let state = server_state(&gui);
    enter_by_clicks(&browser, state["legal"].as_array().unwrap(), "e7c8");
    wait_for_turn(&browser, 1);
    let position = Reference::new("hexian", "", HEXIAN_W16).check_board(&browser);
    assert_eq!(position, HEXIAN_W16_CLAIMED);
}

#[test]
fn a_piece_is_dragged_to_its_destination() {
    let _one = ONE_BROWSER.lock().unwrap_or_else(|e| e.into_inner());
    let gui = Gui::start(&[]);
    let browser = open(&gui);
    new_game(&browser, "hexmate", "", "", &[None, Some("depth=1")]);
    // The piece with the most destinations, dragged to the farthest in the list.
    let legal = server_state(&gui)["legal"].clone();
    let destinations_of = |from: &Value| {
        let mut cells: Vec<String> = legal
            .as_array()
            .unwrap()
            .iter()
            .filter(|m| &m["path"][0] == from)
            .map(|m| m["path"][1].as_str().unwrap().to_string())
            .collect();
        cells.sort();
        cells
    };
    let from = legal
        .as_array()
        .unwrap()
        .iter()
        .map(|m| &m["path"][0])
        .max_by_key(|&from| destinations_of(from).len())
        .unwrap()
        .as_str()
        .unwrap()
        .to_string();
    let destinations = destinations_of(&json!(from));
    let to = destinations.last().unwrap().clone();
    browser.drag_cell(&from, &to);
    // While the button is down the piece follows the pointer and its destinations show.
    assert_eq!(marked(&browser), json!(destinations));
    let dragging = browser.eval(
        "return [document.querySelectorAll('#board .dragged').length, document.querySelector('#board .piece.drag-source')?.dataset.cell]",
        json!([]),
    );
    assert_eq!(dragging, json!([1, from]));
    assert_eq!(body(&browser, "moves"), "0");
    browser.release();
    wait_for_turn(&browser, 2);
    assert_eq!(page_moves(&browser)[0], format!("{from}{to}"));
    Reference::new("hexmate", "", "").check_board(&browser);
    assert_eq!(
        browser.eval(
            "return document.querySelectorAll('#board .dragged').length",
            json!([])
        ),
        json!(0)
    );
}

#[test]
fn a_game_saved_as_pgn_loads_back() {
    let _one = ONE_BROWSER.lock().unwrap_or_else(|e| e.into_inner());
    let gui = Gui::start(&[]);
    let browser = open(&gui);
    new_game(&browser, "hexmate", "", "", &[None, None]);
    let mut reference = Reference::new("hexmate", "", "");
    play_by_clicks(&gui, &browser, &mut reference, 4);
    let saved_moves = page_moves(&browser);
    let saved_position = reference.check_board(&browser);
    browser.click("#save");
    browser.wait_for(
        "the record in the box",
        "return document.getElementById('pgn').value.includes('[Variant \"hexmate\"]')",
    );
    let file = browser.downloads().join("tessera-hexmate.pgn");
    let deadline = std::time::Instant::now() + gui_support::PATIENCE;
    while !file.exists() {
        assert!(std::time::Instant::now() < deadline, "no file was saved");
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
    let record = std::fs::read_to_string(&file).unwrap();
    let boxed = browser.eval("return document.getElementById('pgn').value", json!([]));
    assert_eq!(boxed, json!(record));
    assert!(record.contains("[Result \"*\"]\n"), "{record}");

    // Load the file into another game, then the box (pasted text) into another.
    for load in ["file", "box"] {
        new_game(&browser, "panoply", "", "", &[None, None]);
        let game = body(&browser, "game");
        if load == "file" {
            browser.choose_file("#pgn-file", &file);
        } else {
            browser.click("#load");
        }
        let script = format!(
            "return document.body.dataset.game !== '{game}' && document.body.dataset.variant === 'hexmate'"
        );
        browser.wait_for("the loaded game", &script);
        assert_eq!(page_moves(&browser), saved_moves, "loaded from the {load}");
        assert_eq!(reference.check_board(&browser), saved_position);
    }

    // A bad record is refused in words, and the game stays.
    browser.set_text("#pgn", "[Variant \"hexmate\"]\n\n1. c5c6 c5c6 *");
    browser.click("#load");
    browser.wait_for(
        "the refusal",
        "return document.getElementById('message').textContent.startsWith(\"move 2 'c5c6' is refused\")",
    );
    assert_eq!(page_moves(&browser), saved_moves);
}

#[test]
fn a_persons_clock_ticks_and_runs_out() {
    let _one = ONE_BROWSER.lock().unwrap_or_else(|e| e.into_inner());
    let gui = Gui::start(&[]);
    let browser = open(&gui);
    let seats = [Seat::Person("tc=3+0"), Seat::Person("")];
    new_game_with(&browser, "hexmate", "", "", &seats);
    let clock = |seat: usize| {
        let script =
            format!("return document.querySelectorAll('#seats .clock')[{seat}].textContent");
        browser
            .eval(&script, json!([]))
            .as_str()
            .unwrap()
            .to_string()
    };
    let version = body(&browser, "version");
    let first = clock(0);
    assert!(first.starts_with("⏱ 0:0"), "{first}");
    assert!(clock(1).starts_with("used 0:0"), "{}", clock(1));
    // Until the server ends the game it sends nothing: the page counts down by itself.
    let mut shown = vec![first];
    let deadline = std::time::Instant::now() + gui_support::PATIENCE;
    while body(&browser, "over") != "1" {
        assert!(std::time::Instant::now() < deadline, "the game did not end");
        let now = clock(0);
        if body(&browser, "version") == version && shown.last() != Some(&now) {
            assert!(&now < shown.last().unwrap(), "{now} after {shown:?}");
            shown.push(now);
        }
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
    assert!(
        shown.len() >= 3,
        "the clock did not tick on the page: {shown:?}"
    );
    assert_eq!(
        text_of(&browser, "result"),
        "Result: 0-1 White (person) loses on time"
    );
    assert_eq!(clock(0), "⏱ 0:00.0");
    assert_eq!(body(&browser, "person"), "0");
}

#[test]
fn seven_engines_at_a_tenth_of_a_second_a_move_are_followed_live() {
    let _one = ONE_BROWSER.lock().unwrap_or_else(|e| e.into_inner());
    let gui = Gui::start(&[]);
    let browser = open(&gui);
    new_game(&browser, "sevenkingdoms", "", "", &[Some("st=0.1"); 7]);
    browser.wait_for(
        "70 moves",
        "return Number(document.body.dataset.moves) >= 70 || document.body.dataset.over === '1'",
    );
    // Every move the server played is in the page's list, in order (the game goes on:
    // the server may be a move or two further by the time it is asked).
    let listed = page_moves(&browser);
    let played: Vec<String> = serde_json::from_value(server_state(&gui)["moves"].clone()).unwrap();
    assert!(listed.len() >= 70 || body(&browser, "over") == "1");
    assert_eq!(listed[..], played[..listed.len()]);
    let timings = timings(&browser);
    let shown: Vec<u64> = serde_json::from_value(timings["movesShown"].clone()).unwrap();
    let skipped: u64 = shown
        .windows(2)
        .map(|w| w[1].saturating_sub(w[0] + 1))
        .sum();
    let mut delays: Vec<i64> = serde_json::from_value(timings["bestmoveToShown"].clone()).unwrap();
    delays.sort();
    eprintln!(
        "seven engines at st=0.1: {} moves, {} states drawn, {skipped} moves not drawn on their own; bestmove to shown (ms): median {}, 90% {}, max {}",
        listed.len(),
        shown.len(),
        delays[delays.len() / 2],
        delays[delays.len() * 9 / 10],
        delays[delays.len() - 1]
    );
}

/// The analysis panel as the page shows it at one moment: the first line's depth, score
/// and PV, and the arrows on the board (`from to` each).
fn shown_analysis(browser: &Browser) -> (u32, String, Vec<String>, Vec<String>) {
    let seen = browser.eval(
        "const line = document.querySelector('#analysis-lines li');
         const arrows = [...document.querySelectorAll('#board #arrows line.arrow')]
           .map(a => a.dataset.from + ' ' + a.dataset.to);
         return [Number(line.dataset.depth), line.querySelector('.analysis-score').textContent,
                 line.querySelector('.analysis-pv').textContent, arrows];",
        json!([]),
    );
    let pv = seen[2]
        .as_str()
        .unwrap()
        .split(' ')
        .map(String::from)
        .collect();
    let arrows = serde_json::from_value(seen[3].clone()).unwrap();
    (
        seen[0].as_u64().unwrap() as u32,
        seen[1].as_str().unwrap().to_string(),
        pv,
        arrows,
    )
}

/// The PV of the last `info` line of `go depth <depth>` on the reference's position.
fn reference_pv(reference: &mut Reference, moves: &[String], depth: u32) -> Vec<String> {
    reference.set(moves);
    reference.engine.send(&format!("go depth {depth}"));
    let lines = reference.engine.read_until(|l| l.starts_with("bestmove"));
    let last = lines
        .iter()
        .rev()
        .find(|l| l.contains(" pv "))
        .expect("an info line with a PV");
    let (_, pv) = last.split_once(" pv ").unwrap();
    pv.split_whitespace().map(String::from).collect()
}

/// The server's analysis report.
fn analysis_report(gui: &Gui) -> Value {
    let (status, text) = gui.request("GET", "/api/analysis?since=0", &[], "");
    assert_eq!(status, 200, "{text}");
    serde_json::from_str(&text).expect("a JSON report")
}

#[test]
fn analysis_shows_tesseras_line_with_its_arrow_and_every_seats_score() {
    let _one = ONE_BROWSER.lock().unwrap_or_else(|e| e.into_inner());
    let gui = Gui::start(&[]);
    let browser = open(&gui);
    new_game(&browser, "hexmate", "", "", &[None, Some("depth=2")]);
    browser.click("#analysis-toggle");
    let has_line = "return document.querySelector('#analysis-lines li .analysis-pv') !== null && document.querySelector('#board #arrows line.arrow') !== null";
    browser.wait_for("an analysis line and its arrow", has_line);
    let (depth, score, pv, arrows) = shown_analysis(&browser);
    let mut reference = Reference::new("hexmate", "", "");
    assert_eq!(
        pv,
        reference_pv(&mut reference, &[], depth),
        "at depth {depth}"
    );
    assert!(score.starts_with('+') || score.starts_with('-'), "{score}");
    let first = server_state(&gui)["legal"]
        .as_array()
        .unwrap()
        .iter()
        .find(|m| m["move"] == json!(pv[0]))
        .map(|m| {
            format!(
                "{} {}",
                m["path"][0].as_str().unwrap(),
                m["path"][1].as_str().unwrap()
            )
        })
        .expect("the PV's first move is legal");
    assert_eq!(arrows, [first]);
    screenshot(&browser, "analysis");

    // The arrows switch, remembered across visits.
    browser.click("#analysis-arrows");
    browser.wait_for(
        "no arrows",
        "return document.querySelectorAll('#board #arrows line').length === 0",
    );
    browser.goto(&gui.url());
    browser.wait_for(
        "the page again",
        "return document.body.dataset.version !== undefined",
    );
    let kept = browser.eval(
        "return document.getElementById('analysis-arrows').checked",
        json!([]),
    );
    assert_eq!(kept, json!(false), "the switch is remembered");
    browser.click("#analysis-arrows");

    // An engine move shows the score its engine reported; the analysis follows the
    // position shown back to the start.
    browser.set_text("#move-text", "c5c6");
    browser.click("#move-form button");
    wait_for_turn(&browser, 2);
    let state = server_state(&gui);
    let eval = browser.eval(
        "return document.querySelector(\"#moves li[data-ply='2']\").dataset.eval",
        json!([]),
    );
    assert_eq!(eval, state["evals"][1]["score"]);
    assert_eq!(state["evals"][1]["depth"], 2);
    browser.click("#analysis-toggle");
    browser.click("#first");
    browser.wait_for(
        "the analysis of the start",
        "return document.body.dataset.ply === '0' && document.querySelector('#analysis-lines li') !== null",
    );
    let report = analysis_report(&gui);
    assert_eq!(
        (report["ply"].clone(), report["game"].clone()),
        (json!(0), state["game"].clone())
    );

    // Seven Kingdoms: one score per seat.
    new_game(&browser, "sevenkingdoms", "", "", &[None; 7]);
    browser.wait_for(
        "seven seats' scores",
        "const s = document.querySelector('#analysis-lines .analysis-score'); return s !== null && document.body.dataset.variant === 'sevenkingdoms' && s.textContent.split(' · ').length === 7",
    );
    let scores = browser.eval(
        "return document.querySelector('#analysis-lines .analysis-score').textContent",
        json!([]),
    );
    let scores = scores.as_str().unwrap();
    for (seat, part) in scores.split(" · ").enumerate() {
        let name = format!("Seat {} (", seat + 1);
        assert!(part.starts_with(&name), "{scores}");
    }
    eprintln!(
        "analysis timings (ms): {} {}",
        timings(&browser),
        browser.eval("return window.analysisTimings", json!([]))
    );
}
