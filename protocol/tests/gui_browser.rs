//! `tessera gui` in a real headless Chromium, driven over WebDriver as a person uses it:
//! every move is entered by clicks on the board (and the chooser or the buttons of moves
//! without a cell), and after every move the board drawn must be the position that an
//! independent `tessera` process reports with `d` for the moves the page lists.
//!
//! With `TESSERA_REGENERATE_PICTURES=1` the tests also write the README's screenshots
//! `docs/images/gui-<variant>.png`.

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
/// Hexian's start with White's Archwizard holding Lightning Bolt and Teleport (R58).
const HEXIAN_SPELLS: &str = "uG(@a17)uMuFuZ1pZpFpApG(@i17)/uAuG(@b16)uIuZ2pZpIpG(@i16)pM/uFuIuDuZ3pZpDpIpF/uZuZuZuH4pHpZpZpZ/13/bZ12gZ/bFbZ11gZgF/bMbIbZ10gZgIgA/bG(@a9)bG(@b9)bDbH9gHgDgG(@p9)gG(@q9)/bAbIbZ10gZgIgM/bFbZ11gZgF/bZ12gZ/13/wZwZwZwH4yHyZyZyZ/wFwIwDwZ3yZyDyIyF/wMwG(@i2)wIwZ2yZyIyG(@p2)yA/wG(@i1)wAwFwZ1yZyFyMyG(@q1) w - w.b.u.p.g.y 1 LT/-/-/-/-/- 000000 - - 0 1";

fn regenerate_pictures() -> bool {
    std::env::var("TESSERA_REGENERATE_PICTURES").is_ok_and(|v| v == "1")
}

fn screenshot(browser: &Browser, variant: &str) {
    if regenerate_pictures() {
        let path = repository().join(format!("docs/images/gui-{variant}.png"));
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
        match seat {
            None => browser.click(&format!("{wrap} .seat-player option[value='']")),
            Some(limits) => {
                browser.click(&format!("{wrap} .seat-player option[value='0']"));
                browser.set_text(&format!("{wrap} .seat-limits"), limits);
            }
        }
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
