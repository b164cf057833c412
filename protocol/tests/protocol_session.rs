//! Scripted sessions with the real binary: the handshake, options, positions, `d`,
//! `moves`, perft and finished games.

mod common;

use common::*;

#[test]
fn handshake_lists_every_option_in_uci_grammar() {
    let mut engine = Engine::start();
    engine.send("uci");
    let lines = engine.read_until(|l| l == "uciok");
    let expected = [
        format!("id name Tessera {}", env!("CARGO_PKG_VERSION")).as_str(),
        "id author the Tessera developers",
        "option name UCI_Variant type combo default hexmate var hexmate var hexchoice var panoply var hepta var sevenkingdoms var hexian",
        "option name Hash type spin default 16 min 1 max 65536",
        "option name Threads type spin default 1 min 1 max 256",
        "option name MultiPV type spin default 1 min 1 max 256",
        "option name Ponder type check default false",
        "option name Move Overhead type spin default 10 min 0 max 5000",
        "option name Clear Hash type button",
        "option name Players type string default <empty>",
        "option name Multiplayer Search type combo default brs var brs var paranoid var maxn",
        "option name Patron type spin default 1 min 1 max 6",
        "option name UCI_ShowWDL type check default false",
        "option name Skill Level type spin default 20 min 0 max 20",
        "option name UCI_LimitStrength type check default false",
        "option name UCI_Elo type spin default 1733 min 1000 max 1733",
        "option name Plain Search type check default false",
        "uciok",
    ]
    .map(str::to_string);
    assert_eq!(lines, expected);
    engine.send("isready");
    assert_eq!(engine.read_until(|l| l == "readyok"), vec!["readyok"]);
    engine.quit();
}

#[test]
fn setoption_accepts_every_option_with_names_in_any_case() {
    let mut engine = Engine::start();
    for line in [
        "setoption name Hash value 32",
        "setoption name threads value 2",
        "setoption name MultiPV value 3",
        "setoption name ponder value true",
        "setoption name Move Overhead value 50",
        "setoption name CLEAR HASH",
        "setoption name Players value wrob/gpd",
        "setoption name Multiplayer Search value Paranoid",
        "setoption name Patron value 6",
        "setoption name uci_showwdl value TRUE",
        "setoption name skill level value 7",
        "setoption name UCI_LimitStrength value true",
        "setoption name UCI_Elo value 1200",
        "setoption name plain search value true",
    ] {
        assert_eq!(engine.ask(line), Vec::<String>::new(), "{line}");
    }
    assert_eq!(
        engine.field("Options"),
        "UCI_Variant=hexmate; Hash=32; Threads=2; MultiPV=3; Ponder=true; Move Overhead=50; \
         Players=wrob/gpd; Multiplayer Search=paranoid; Patron=6; UCI_ShowWDL=true; \
         Skill Level=7; UCI_LimitStrength=true; UCI_Elo=1200; Plain Search=true"
    );
    assert!(engine
        .ask("setoption name Players value <empty>")
        .is_empty());
    assert!(engine.field("Options").contains("Players=;"));
    engine.quit();
}

#[test]
fn changing_the_variant_resets_the_position() {
    let mut engine = Engine::start();
    engine.ask("position startpos moves h5h6");
    assert!(engine
        .ask("setoption name UCI_Variant value hexchoice")
        .is_empty());
    assert_eq!(engine.field("Variant"), "hexchoice");
    assert_eq!(engine.field("Position"), HEXCHOICE_START);
    assert!(engine.ask("position startpos moves K@j1").is_empty());
    assert_eq!(
        engine.field("Position"),
        "3k3/8/9/pppppppppp/ppppppppppp/12/13/12/PPPPPPPPPPP/PPPPPPPPPP/9/8/3K3 w place 0 1"
    );
    assert!(engine
        .ask("setoption name UCI_Variant value hexmate")
        .is_empty());
    assert_eq!(engine.field("Position"), START);
    engine.quit();
}

#[test]
fn position_with_moves_plays_them() {
    let mut engine = Engine::start();
    assert!(engine.ask("position startpos moves h5h6").is_empty());
    assert_eq!(engine.field("Position"), AFTER_H5H6);
    assert_eq!(engine.field("To move"), "black");
    assert!(engine
        .ask(&format!("position fen {START} moves h5h6"))
        .is_empty());
    assert_eq!(engine.field("Position"), AFTER_H5H6);
    assert!(engine
        .ask("position  fen \t daqkqad/bbbrrbbb/nnnrarnnn/pppppppppp/ppppppppppp/12/13/12/PPPPPPPPPPP/PPPPPPPPPP/NNNRARNNN/BBBRRBBB/DAQKQAD   w 0 1  moves  e3c6 a11b8\r")
        .is_empty());
    assert_eq!(
        engine.field("Position"),
        "daqkqad/bbbrrbbb/1nnrarnnn/pppppppppp/ppppppppppp/1n10/13/1N10/PPPPPPPPPPP/PPPPPPPPPP/1NNRARNNN/BBBRRBBB/DAQKQAD w 2 2"
    );
    engine.quit();
}

#[test]
fn d_shows_board_position_hash_side_and_result() {
    let mut engine = Engine::start();
    let lines = engine.ask("d");
    assert_eq!(lines.len(), 14 + 5, "{lines:#?}");
    assert_eq!(
        lines[0].trim(),
        "13               d   a   q   k   q   a   d".trim()
    );
    assert!(lines.contains(&format!("Position: {START}")));
    assert!(lines.contains(&"To move: white".to_string()));
    let hash = engine.field("Hash");
    assert_eq!(hash.len(), 16);
    assert!(hash.chars().all(|c| c.is_ascii_hexdigit()));
    engine.ask("position startpos moves h5h6");
    assert_ne!(engine.field("Hash"), hash);
    engine.ask("position startpos");
    assert_eq!(engine.field("Hash"), hash);
    engine.ask(&format!("position fen {CHECKMATE}"));
    assert_eq!(engine.field("Result"), "1-0 checkmate");
    engine.quit();
}

#[test]
fn moves_lists_the_legal_moves_sorted() {
    let mut engine = Engine::start();
    let lines = engine.ask("moves");
    assert_eq!(lines.len(), 1);
    let moves: Vec<&str> = lines[0].split(' ').collect();
    assert_eq!(moves.len(), 36);
    let mut sorted = moves.clone();
    sorted.sort();
    assert_eq!(moves, sorted);
    assert!(moves.contains(&"h5h6") && moves.contains(&"e3c6"));
    engine.ask(&format!("position fen {STALEMATE}"));
    assert_eq!(engine.ask("moves"), vec!["(none)"]);
    engine.quit();
}

/// The 36 moves of the start position, each answered by 36 Black moves.
fn start_perft_2() -> Vec<String> {
    let moves = "c5b6 c5c6 d5c6 d5d6 e3c6 e3d6 e5d6 e5e6 f3d6 f3e6 f5e6 f5f6 g3e6 g3f6 g5f6 \
                 g5g6 h5g6 h5h6 i3g6 i3h6 i5h6 i5i6 j5i6 j5j6 k3i6 k3j6 k5j6 k5k6 l3j6 l3k6 \
                 l5k6 l5l6 m3k6 m3l6 m5l6 m5m6";
    let mut lines: Vec<String> = moves.split(' ').map(|m| format!("{m}: 36")).collect();
    lines.push(String::new());
    lines.push("Nodes searched: 1296".to_string());
    lines
}

#[test]
fn go_perft_prints_divide_blank_line_and_total() {
    let mut engine = Engine::start();
    assert_eq!(engine.count("go perft 2"), start_perft_2());
    assert_eq!(engine.count("perft 2"), start_perft_2());
    engine.ask("position startpos moves h5h6");
    let lines = engine.count("perft 3");
    assert_eq!(
        lines.last().map(String::as_str),
        Some("Nodes searched: 57545")
    );
    engine.quit();
}

#[test]
fn finished_games_answer_bestmove_none_with_the_result() {
    let cases = [
        (CHECKMATE, "info string result 1-0 checkmate"),
        (STALEMATE, "info string result 3/4-1/4 stalemate"),
        (
            "k6/8/2K6/10/2p8/12/3B9/12/11/10/9/8/7 w 100 80",
            "info string result 1/2-1/2 fifty-move rule",
        ),
    ];
    let mut engine = Engine::start();
    for (position, result) in cases {
        engine.ask(&format!("position fen {position}"));
        engine.send("go depth 3");
        assert_eq!(
            engine.read_until(|l| l.starts_with("bestmove")),
            vec![result.to_string(), "bestmove (none)".to_string()]
        );
    }
    engine.ask("position startpos moves e3c6 a11b8 c6e3 b8a11 e3c6 a11b8 c6e3 b8a11");
    engine.send("go movetime 1000");
    assert_eq!(
        engine.read_until(|l| l.starts_with("bestmove")),
        vec![
            "info string result 1/2-1/2 threefold repetition",
            "bestmove (none)"
        ]
    );
    engine.quit();
}

#[test]
fn a_script_ending_without_quit_still_gets_its_answers() {
    let lines = run_script("isready\nposition startpos moves h5h6\nd\n");
    assert_eq!(lines[0], "readyok");
    assert!(lines.contains(&format!("Position: {AFTER_H5H6}")));
}

#[test]
fn panoply_plays_through_the_protocol() {
    let mut engine = Engine::start();
    assert!(engine
        .ask("setoption name UCI_Variant value panoply")
        .is_empty());
    assert_eq!(
        engine.field("Position"),
        "gcrkrcg/shbbddhs/ppppppppp/10/11/12/13/12/11/10/PPPPPPPPP/SHBBDDHS/GCRKRCG w 0 1"
    );
    assert_eq!(
        engine.count("go perft 2").last().map(String::as_str),
        Some("Nodes searched: 13380")
    );
    assert!(engine.ask("position startpos moves e3e7 a13d10").is_empty());
    assert_eq!(
        engine.field("Position"),
        "1crkrcg/shbbddhs/ppppppppp/3g6/11/12/4P8/12/11/10/1PPPPPPPP/SHBBDDHS/GCRKRCG w 1 2"
    );
    engine.send("go depth 2");
    let reply = engine.read_until(|line| line.starts_with("bestmove"));
    let best = reply
        .last()
        .and_then(|l| l.split_whitespace().nth(1))
        .unwrap_or_default()
        .to_string();
    let moves = engine.ask("moves");
    assert!(
        moves
            .iter()
            .any(|line| line.split_whitespace().any(|m| m == best)),
        "{best} not legal"
    );
    engine.quit();
}
