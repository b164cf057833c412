//! Hepta through the protocol and the command line: the variant switch to the true start
//! (Black to arrange the Heptagram), `go` playing the arrangement and every sequence ply
//! (drop, shift, recovery, Soul Master placement), `eval`, `perft` against the spec's
//! numbers (§13), bad input, and `analyse`, `perft`, `bench` and `openings` on the
//! command line.

mod common;

use common::*;

/// The default start position (§9.4).
const START: &str = "krm*kym*kbm*kc/nrnrnrkonynynykgnbnbnbkpncncnc/2nonono1ngngng1npnpnp2/15/1Sy1Sg1Sb1Sp1Sc1Sr1So1/15/3No3Ng3Np3/1NrNoKoNoNyNgKgNgNbNpKpNpNc1/NrKrNrM*NyKyNyM*NbKbNbM*NcKcNc w -/-/-/-/- -/-/-/-/- roygbpc - - 0 1";
/// E8 before its Heptagram move.
const E8: &str = "3m*3/15/15/15/7Kr7/15/15/nb14/nbNy5M*6Sg w r/-/-/-/- -/-/-/-/- roygbpc - - 0 1";
/// E12: the berserk King is one Soul from calming down.
const E12: &str =
    "3m*3/15/15/10Sg4/7Zg7/SgSgSgSgSg10/15/12Sg2/7M*7 w -/-/-/-/- -/-/-/-/- roy-bpc - g1 0 1";
/// E16: White may announce a Soul Master Recovery.
const E16: &str = "3m*3/14m*/15/15/15/15/15/Sc14/NrSy5Sg6nb w -/-/-/-/- -/-/-/-/- roygbpc - - 0 1";

fn hepta_engine() -> Engine {
    let mut engine = Engine::start();
    assert_eq!(
        engine.ask("setoption name UCI_Variant value hepta"),
        Vec::<String>::new()
    );
    engine
}

/// The best move of `go depth <depth>` in the current position.
fn best_move(engine: &mut Engine, depth: u32) -> String {
    engine.send(&format!("go depth {depth}"));
    let lines = engine.read_until(|l| l.starts_with("bestmove"));
    let last = lines.last().expect("a bestmove line");
    last.split(' ').nth(1).expect("a move").to_string()
}

/// The legal moves the `moves` command lists.
fn legal_moves(engine: &mut Engine) -> Vec<String> {
    engine.ask("moves")[0]
        .split(' ')
        .map(String::from)
        .collect()
}

fn position_line(engine: &mut Engine) -> String {
    engine
        .ask("d")
        .into_iter()
        .find_map(|l| l.strip_prefix("Position: ").map(String::from))
        .expect("d shows the position")
}

#[test]
fn the_variant_switch_sets_up_the_true_start_and_go_arranges_the_heptagram() {
    let mut engine = hepta_engine();
    let moves = legal_moves(&mut engine);
    assert_eq!(moves.len(), 5040);
    let arrangement = best_move(&mut engine, 2);
    assert!(moves.contains(&arrangement), "{arrangement}");
    engine.ask("position startpos moves Hroygbpc");
    assert_eq!(position_line(&mut engine), START);
    let reply = best_move(&mut engine, 3);
    assert!(legal_moves(&mut engine).contains(&reply), "{reply}");
    engine.quit();
}

#[test]
fn go_plays_every_sequence_ply() {
    let mut engine = hepta_engine();
    // The Heptagram move: Black's drop, then White's shift (R63, R64).
    engine.ask(&format!("position fen {E8} moves Hr"));
    let drop = best_move(&mut engine, 3);
    assert!(drop.starts_with("Sr@"), "{drop}");
    engine.ask(&format!("position fen {E8} moves Hr {drop}"));
    let shift = best_move(&mut engine, 3);
    assert!(shift.len() == 3 && shift.starts_with("Hr"), "{shift}");
    // Recovery (R73–R75): Knights, the King and the Heptagram spot.
    let mut played = vec!["h5h6".to_string()];
    for prefix in ["Ng@", "Ng@", "Ng@", "Ng@", "Ng@", "Ng@", "Kg@", "Hg"] {
        engine.ask(&format!("position fen {E12} moves {}", played.join(" ")));
        let ply = best_move(&mut engine, 2);
        assert!(ply.starts_with(prefix), "{ply} after {played:?}");
        played.push(ply);
    }
    // Soul Master Recovery (R88, R89).
    engine.ask(&format!("position fen {E16} moves MR"));
    let first = best_move(&mut engine, 3);
    assert!(first.starts_with("M@"), "{first}");
    engine.ask(&format!("position fen {E16} moves MR {first}"));
    let second = best_move(&mut engine, 3);
    assert!(second.starts_with("M@"), "{second}");
    engine.quit();
}

#[test]
fn eval_prints_the_terms_and_perft_matches_the_spec() {
    let mut engine = hepta_engine();
    engine.ask(&format!("position fen {START}"));
    let eval = engine.ask("eval");
    for term in [
        "material",
        "diplomacy",
        "temple",
        "elimination",
        "berserk",
        "mobility",
    ] {
        assert!(
            eval.iter().any(|l| l.starts_with(term)),
            "{term}: {eval:#?}"
        );
    }
    for (depth, total) in [(1, 47), (2, 2_209), (3, 107_489)] {
        let lines = engine.count(&format!("perft {depth}"));
        assert_eq!(
            lines.last().unwrap(),
            &format!("Nodes searched: {total}"),
            "perft {depth}"
        );
    }
    engine.ask("position startpos");
    let lines = engine.count("perft 2");
    assert_eq!(lines.last().unwrap(), "Nodes searched: 176400");
    engine.quit();
}

#[test]
fn bad_input_gets_an_error_and_changes_nothing() {
    let mut engine = hepta_engine();
    engine.ask(&format!("position fen {START}"));
    let before = position_line(&mut engine);
    for (command, error) in [
        ("position startpos moves Hroygbpc Hr", "illegal move 'Hr'"),
        (
            "position startpos moves a1a2",
            "an arrangement H<7 colours> is due",
        ),
        ("position fen 7/15 w", "bad position string"),
        (
            "position fen 7/15/15/15/15/15/15/15/Kr13kr w -/-/-/-/- -/-/-/-/- royg-pc - - 0 1",
            "V6",
        ),
    ] {
        let lines = engine.ask(command);
        assert!(
            lines.len() == 1 && lines[0].contains(error),
            "{command}: {lines:#?}"
        );
        assert_eq!(position_line(&mut engine), before, "{command}");
    }
    engine.quit();
}

#[test]
fn finished_games_report_their_result() {
    let mut engine = hepta_engine();
    // E17: White has no legal ply and loses (R90).
    engine.ask("position fen 1m*1Nr1m*1/m*14/15/15/15/2Sr12/15/15/15 w o/-/-/-/- -/-/-/-/- roygbpc - - 0 1");
    engine.send("go depth 3");
    let lines = engine.read_until(|l| l.starts_with("bestmove"));
    assert_eq!(
        lines,
        ["info string result 0-1 no legal move", "bestmove (none)"]
    );
    // R93: the third occurrence of a position draws.
    let kings = "7/15/15/15/15/15/15/15/Kr13kr w -/-/-/-/- -/-/-/-/- roygbpc - - 0 1";
    let cycle = "a1a2 o1o2 a2a1 o2o1";
    engine.ask(&format!("position fen {kings} moves {cycle} {cycle}"));
    engine.send("go depth 2");
    let lines = engine.read_until(|l| l.starts_with("bestmove"));
    assert_eq!(
        lines,
        [
            "info string result 1/2-1/2 threefold repetition",
            "bestmove (none)"
        ]
    );
    engine.quit();
}

#[test]
fn the_command_line_counts_searches_benches_and_makes_openings() {
    let perft = tessera(&["perft", "--variant", "hepta", "--depth", "1"]);
    assert_eq!(perft.lines().next(), Some("Nodes searched: 5040"));
    let perft = tessera(&[
        "perft",
        "--variant",
        "hepta",
        "--moves",
        "Hroygbpc",
        "--depth",
        "2",
    ]);
    assert_eq!(perft.lines().next(), Some("Nodes searched: 2209"));

    let analysis = tessera(&["analyse", "--variant", "hepta", "--fen", E8, "--depth", "3"]);
    assert!(analysis.contains("Best move: "), "{analysis}");

    let bench: Vec<String> = tessera(&["bench", "--variant", "hepta", "--depth", "2"])
        .lines()
        .map(String::from)
        .collect();
    assert_eq!(bench.len(), 3, "{bench:#?}");

    let openings = tessera(&[
        "openings",
        "--variant",
        "hepta",
        "--count",
        "3",
        "--plies",
        "3",
    ]);
    let lines: Vec<&str> = openings
        .lines()
        .filter(|l| l.starts_with("moves "))
        .collect();
    assert_eq!(lines.len(), 3, "{openings}");
    assert!(lines.iter().all(|l| l.starts_with("moves H")), "{openings}");
}
