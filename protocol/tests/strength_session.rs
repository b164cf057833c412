//! Scripted sessions with the real binary for the options people play with: `Skill Level`,
//! `UCI_LimitStrength` / `UCI_Elo` (weakened play) and `UCI_ShowWDL` (win/draw/loss in
//! `info`).

mod common;

use common::*;
use protocol::strength::{MAX_ELO, MIN_ELO};

/// A Hexmate middlegame (bench position 2) where several moves score within a few
/// centipawns of each other and others lose a piece or more.
const CLOSE_MOVES: &str = "position fen daqkqad/bbbrrbbb/nnnr1r1n1/pppppppppp/p1ppppp1ppp/\
                           1p5an3/13/P1P2Pp1N3/P1PPPAPPPPP/1PPPPPPPPP/NNNR1RB1N/BBBRRBB1/DAQKQAD w 0 11";

/// The move of `go` from an empty table (what the table holds changes a shallow
/// search's scores, and so a weakened search's choice).
fn bestmove(engine: &mut Engine, go: &str) -> String {
    engine.ask("ucinewgame");
    engine.send(go);
    let lines = engine.read_until(|l| l.starts_with("bestmove"));
    let last = lines.last().expect("a bestmove line");
    last.split(' ').nth(1).expect("a move").to_string()
}

/// Every root move's score at `depth` (MultiPV over all moves), full strength.
fn all_scores(engine: &mut Engine, depth: u32) -> Vec<(String, i32)> {
    engine.ask("setoption name MultiPV value 256");
    engine.send(&format!("go depth {depth}"));
    let lines = engine.read_until(|l| l.starts_with("bestmove"));
    engine.ask("setoption name MultiPV value 1");
    let prefix = format!("info depth {depth} ");
    lines
        .iter()
        .filter(|l| l.starts_with(&prefix))
        .map(|l| {
            let words: Vec<&str> = l.split(' ').collect();
            let at = |w: &str| words.iter().position(|x| *x == w).expect(w) + 1;
            assert_eq!(words[at("score")], "cp", "{l}");
            (
                words[at("pv")].to_string(),
                words[at("cp")].parse().expect("a score"),
            )
        })
        .collect()
}

#[test]
fn skill_level_0_plays_a_close_weaker_move_never_one_that_loses_a_piece() {
    let mut engine = Engine::start();
    engine.ask(CLOSE_MOVES);
    let full = bestmove(&mut engine, "go depth 5");
    engine.ask("setoption name Skill Level value 0");
    let weak = bestmove(&mut engine, "go depth 5");
    assert_ne!(weak, full, "level 0 plays level 20's move");
    assert_eq!(
        bestmove(&mut engine, "go depth 5"),
        weak,
        "the same position at the same level gets the same move"
    );
    engine.ask("setoption name Skill Level value 20");
    let scores = all_scores(&mut engine, 3);
    let best = scores[0].1;
    let close = scores.iter().filter(|(_, s)| best - s <= 20).count();
    assert!(close >= 3, "several close moves: {scores:?}");
    assert!(
        scores.iter().any(|(_, s)| best - s >= 300),
        "some move loses a piece: {scores:?}"
    );
    let (_, chosen) = scores
        .iter()
        .find(|(mv, _)| *mv == weak)
        .unwrap_or_else(|| panic!("{weak} is not a legal move: {scores:?}"));
    assert!(
        best - chosen <= 200,
        "{weak} scores {chosen} against the best {best}"
    );
    engine.quit();
}

#[test]
fn limit_strength_at_the_lowest_elo_plays_level_0() {
    let mut engine = Engine::start();
    engine.ask(CLOSE_MOVES);
    engine.ask("setoption name Skill Level value 0");
    let level_0 = bestmove(&mut engine, "go depth 5");
    engine.ask("setoption name Skill Level value 20");
    engine.ask(&format!("setoption name UCI_Elo value {MIN_ELO}"));
    let full = bestmove(&mut engine, "go depth 5");
    assert_ne!(full, level_0, "UCI_Elo applies only with UCI_LimitStrength");
    engine.ask("setoption name UCI_LimitStrength value true");
    assert_eq!(bestmove(&mut engine, "go depth 5"), level_0);
    engine.quit();
}

#[test]
fn a_weakened_search_reports_several_lines_and_stops_early() {
    let mut engine = Engine::start();
    engine.ask(CLOSE_MOVES);
    engine.ask("setoption name Skill Level value 0");
    engine.send("go depth 5");
    let lines = engine.read_until(|l| l.starts_with("bestmove"));
    let heads: Vec<(&str, &str)> = lines
        .iter()
        .filter(|l| l.starts_with("info"))
        .map(|l| {
            let words: Vec<&str> = l.split(' ').collect();
            assert_eq!(
                (words[1], words[3], words[5]),
                ("depth", "seldepth", "multipv")
            );
            (words[2], words[6])
        })
        .collect();
    assert_eq!(
        heads,
        [("1", "1"), ("1", "2"), ("1", "3"), ("1", "4")],
        "{lines:#?}"
    );
    engine.quit();
}

#[test]
fn strength_options_refuse_bad_values_and_keep_the_previous_ones() {
    let mut engine = Engine::start();
    for line in [
        "setoption name Skill Level value 7",
        "setoption name UCI_LimitStrength value true",
        "setoption name UCI_Elo value 1400",
        "setoption name UCI_ShowWDL value true",
    ] {
        assert!(engine.ask(line).is_empty(), "{line}");
    }
    let below = MIN_ELO - 1;
    let above = MAX_ELO + 1;
    engine.assert_rejected(&[
        (
            "setoption name Skill Level value 21",
            "setoption: option Skill Level: 21 is out of range 0..20",
        ),
        (
            "setoption name Skill Level value -1",
            "setoption: option Skill Level: -1 is out of range 0..20",
        ),
        (
            "setoption name Skill Level value weak",
            "setoption: option Skill Level: 'weak' is not an integer",
        ),
        (
            "setoption name Skill Level",
            "setoption: option Skill Level needs a value",
        ),
        (
            &format!("setoption name UCI_Elo value {below}"),
            &format!("setoption: option UCI_Elo: {below} is out of range {MIN_ELO}..{MAX_ELO}"),
        ),
        (
            &format!("setoption name UCI_Elo value {above}"),
            &format!("setoption: option UCI_Elo: {above} is out of range {MIN_ELO}..{MAX_ELO}"),
        ),
        (
            "setoption name UCI_LimitStrength value 1",
            "setoption: option UCI_LimitStrength: '1' is neither true nor false",
        ),
        (
            "setoption name UCI_ShowWDL value yes",
            "setoption: option UCI_ShowWDL: 'yes' is neither true nor false",
        ),
    ]);
    assert!(engine
        .field("Options")
        .contains("UCI_ShowWDL=true; Skill Level=7; UCI_LimitStrength=true; UCI_Elo=1400;"));
    engine.quit();
}

/// The `info` lines of `go` after `setup`.
fn infos(setup: &[&str], go: &str) -> Vec<String> {
    let mut engine = Engine::start();
    for line in setup {
        assert!(engine.ask(line).is_empty(), "{line}");
    }
    engine.send(go);
    let lines = engine.read_until(|l| l.starts_with("bestmove"));
    engine.quit();
    lines
        .into_iter()
        .filter(|l| l.starts_with("info depth"))
        .collect()
}

#[test]
fn wdl_follows_the_score_only_when_asked() {
    let go = "go depth 3";
    for line in infos(&["setoption name UCI_Variant value panoply"], go) {
        assert!(!line.contains(" wdl "), "{line}");
    }
    let lines = infos(
        &[
            "setoption name UCI_Variant value panoply",
            "setoption name UCI_ShowWDL value true",
        ],
        go,
    );
    assert_eq!(lines.len(), 3);
    for line in lines {
        let (head, tail) = line.split_once(" wdl ").expect("a wdl field");
        let words: Vec<&str> = head.split(' ').collect();
        assert_eq!(
            words[words.len() - 2],
            "cp",
            "wdl right after the score: {line}"
        );
        let wdl: Vec<u32> = tail
            .split(' ')
            .take(3)
            .map(|w| w.parse().unwrap())
            .collect();
        assert_eq!(wdl.iter().sum::<u32>(), 1000, "{line}");
        assert!(tail.split(' ').nth(3) == Some("nodes"), "{line}");
    }
}

#[test]
fn a_mate_is_a_certain_win_in_wdl() {
    // Hexmate: White's Rook mates at once (the rules' example E12a).
    let lines = infos(
        &[
            "setoption name UCI_ShowWDL value true",
            "position fen k6/8/1K7/10/6R4/12/13/12/2p8/10/9/8/7 w 0 80",
        ],
        "go depth 3",
    );
    let last = lines.last().expect("an info line");
    assert!(last.contains(" score mate 1 wdl 1000 0 0 nodes "), "{last}");
}

#[test]
fn wins_follow_the_seat_scores_only_when_asked() {
    let variant = "setoption name UCI_Variant value sevenkingdoms";
    for line in infos(&[variant], "go depth 1") {
        assert!(
            !line.contains(" wins ") && !line.contains(" wdl "),
            "{line}"
        );
    }
    let lines = infos(
        &[variant, "setoption name UCI_ShowWDL value true"],
        "go depth 1",
    );
    assert!(!lines.is_empty());
    for line in lines {
        assert!(!line.contains(" wdl "), "wins replace wdl: {line}");
        let (before, after) = line.split_once(" wins ").expect("a wins field");
        let seat_scores: Vec<i32> = before
            .split_once(" scores ")
            .expect("scores")
            .1
            .split(' ')
            .map(|w| w.parse().unwrap())
            .collect();
        let wins: Vec<u32> = after.split(' ').map_while(|w| w.parse().ok()).collect();
        assert_eq!(wins.len(), 7, "{line}");
        assert_eq!(wins.iter().sum::<u32>(), 1000, "{line}");
        for i in 0..7 {
            for j in 0..7 {
                if seat_scores[i] > seat_scores[j] {
                    assert!(wins[i] >= wins[j], "seats {i} and {j}: {line}");
                }
            }
        }
        assert!(after.contains(" nodes "), "{line}");
    }
}
