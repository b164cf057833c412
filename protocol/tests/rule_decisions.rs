//! Decisions written into the rules that no other test pins down, checked through the
//! binary: the counters of `docs/rules/conventions.md` ("Counters"), its whitespace rules
//! ("Whitespace between fields", Hepta V10), and Seven Kingdoms' round number after a
//! resignation (`docs/rules/sevenkingdoms.md` R51.7, A22).

mod common;

use common::Engine;
use std::process::Command;

const LARGEST: &str = "4294967295";
const TOO_LARGE: &str = "4294967296";

/// The `position` command of each variant's start, `position fen` written out: Hepta's
/// after Black's arrangement ply, so that ordinary moves follow.
const STARTS: [(&str, &str); 6] = [
    ("hexmate", "position startpos"),
    ("hexchoice", "position startpos"),
    ("panoply", "position startpos"),
    ("hepta", "position startpos moves Hroygbpc"),
    ("sevenkingdoms", "position startpos"),
    ("hexian", "position startpos"),
];

/// A position string with its last two fields, the halfmove clock and the fullmove
/// number, replaced.
fn with_counters(position: &str, halfmove: &str, fullmove: &str) -> String {
    let fields: Vec<&str> = position.split(' ').collect();
    let kept = &fields[..fields.len() - 2];
    format!("{} {halfmove} {fullmove}", kept.join(" "))
}

fn counters(position: &str) -> (String, String) {
    let fields: Vec<&str> = position.rsplitn(3, ' ').collect();
    (fields[1].to_string(), fields[0].to_string())
}

/// The start position string of `variant` in a fresh engine.
fn start(engine: &mut Engine, variant: &str, setup: &str) -> String {
    assert!(engine
        .ask(&format!("setoption name UCI_Variant value {variant}"))
        .is_empty());
    assert!(engine.ask(setup).is_empty(), "{variant}: {setup}");
    engine.field("Position")
}

#[test]
fn counters_are_read_as_32_bit_numbers_in_every_variant() {
    let mut engine = Engine::start();
    // Hexchoice's start is in the placement phase, whose clocks are 0 1 (R45); after it the
    // reader is Hexmate's.
    for (variant, setup) in STARTS.iter().filter(|(v, _)| *v != "hexchoice") {
        let largest = with_counters(&start(&mut engine, variant, setup), LARGEST, LARGEST);
        assert!(engine.ask(&format!("position fen {largest}")).is_empty());
        assert_eq!(engine.field("Position"), largest, "{variant}");
        for (halfmove, fullmove) in [(TOO_LARGE, "1"), ("0", TOO_LARGE), ("-1", "1")] {
            let text = with_counters(&largest, halfmove, fullmove);
            let answer = engine.ask(&format!("position fen {text}"));
            assert_eq!(answer.len(), 1, "{variant}: {answer:?}");
            assert!(
                answer[0]
                    .starts_with("info string error: position: bad position string: bad number"),
                "{variant} {halfmove} {fullmove}: {answer:?}"
            );
            assert_eq!(engine.field("Position"), largest, "{variant}: state kept");
        }
    }
    engine.quit();
}

/// The position with the last seat of the round to move (field 2), so that its move
/// ends a round and the fullmove number grows.
fn last_seat_to_move(variant: &str, position: &str) -> String {
    let mut fields: Vec<&str> = position.split(' ').collect();
    fields[1] = match variant {
        "sevenkingdoms" => "d",
        "hexian" => "y",
        _ => "b",
    };
    fields.join(" ")
}

/// The counters after `mv` from `position`.
fn counters_after(engine: &mut Engine, position: &str, mv: &str) -> (String, String) {
    assert!(engine
        .ask(&format!("position fen {position} moves {mv}"))
        .is_empty());
    let written = engine.field("Position");
    assert!(
        engine.ask(&format!("position fen {written}")).is_empty(),
        "{written}"
    );
    counters(&written)
}

/// Plays every legal move of the last seat of a round from the start position, once with
/// both counters at 5 and once at their largest value: where a counter went up by one
/// from 5, it stays at the largest value; where it was reset, it is reset there too. No
/// counter wraps round, and every written string reads back.
fn assert_counters_stop(engine: &mut Engine, variant: &str, setup: &str) {
    let start = last_seat_to_move(variant, &start(engine, variant, setup));
    let (small, largest) = (
        with_counters(&start, "5", "5"),
        with_counters(&start, LARGEST, LARGEST),
    );
    assert!(engine.ask(&format!("position fen {largest}")).is_empty());
    let moves = engine.ask("moves")[0].clone();
    let (mut kept, mut grew) = (0, 0);
    for mv in moves.split(' ') {
        let (halfmove, fullmove) = counters_after(engine, &small, mv);
        let expected = |after_five: &str| match after_five {
            "6" => LARGEST.to_string(),
            other => other.to_string(),
        };
        let got = counters_after(engine, &largest, mv);
        assert_eq!(
            got,
            (expected(&halfmove), expected(&fullmove)),
            "{variant} {mv}"
        );
        kept += usize::from(halfmove == "6");
        grew += usize::from(fullmove == "6");
    }
    assert!(kept > 0, "{variant}: no move counted on the clock");
    assert!(grew > 0, "{variant}: no move ended a round");
}

/// Hexchoice's placement keeps its clocks at 0 1 (R45), so it is left out.
#[test]
fn counters_at_their_largest_value_stop_there() {
    let mut engine = Engine::start();
    for (variant, setup) in STARTS {
        if variant != "hexchoice" {
            assert_counters_stop(&mut engine, variant, setup);
        }
    }
    engine.quit();
}

/// `tessera perft --variant <variant> --fen <text> --depth 1`: whether it was accepted.
fn cli_accepts(variant: &str, text: &str) -> bool {
    Command::new(env!("CARGO_BIN_EXE_tessera"))
        .args(["perft", "--variant", variant, "--fen", text, "--depth", "1"])
        .output()
        .expect("tessera runs")
        .status
        .success()
}

#[test]
fn readers_accept_any_whitespace_between_fields_except_hepta() {
    let mut engine = Engine::start();
    for (variant, setup) in STARTS {
        let text = start(&mut engine, variant, setup);
        assert!(cli_accepts(variant, &text), "{variant}: {text}");
        let loose = format!(" {}\t", text.replace(' ', " \t "));
        // Hepta's V10: exactly one space between fields, nothing around them.
        assert_eq!(
            cli_accepts(variant, &loose),
            variant != "hepta",
            "{variant}"
        );
        // Through the protocol the fields reach the reader single-spaced.
        assert!(engine.ask(&format!("position fen {loose}")).is_empty());
        assert_eq!(engine.field("Position"), text, "{variant}");
    }
    engine.quit();
}

#[test]
fn a_resignation_that_leaves_the_turn_keeps_the_round_number() {
    let mut engine = Engine::start();
    let text = start(&mut engine, "sevenkingdoms", "position startpos");
    // Red resigns while White is to move: White keeps the turn, round 1 goes on
    // (sevenkingdoms.md A22).
    assert!(engine.ask("position startpos moves xr").is_empty());
    let after = engine.field("Position");
    assert_eq!(
        counters(&after),
        ("0".to_string(), "1".to_string()),
        "{after}"
    );
    assert_eq!(after, text.replace(" w - - - ", " w - - r "));
    // Black resigns on its own turn: the turn wraps to White, a new round
    // (sevenkingdoms.md R51.7).
    let black_to_move = with_counters(&text.replace(" w ", " d "), "3", "6");
    assert!(engine
        .ask(&format!("position fen {black_to_move} moves xd"))
        .is_empty());
    assert_eq!(counters(&engine.field("Position")).1, "7");
    engine.quit();
}
