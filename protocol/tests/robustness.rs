//! Robustness: more than 100,000 random and mutated protocol lines and position strings
//! (seeded, so a failure reproduces) go to the parsers and to an in-process session.
//! Nothing may panic, every `isready` is answered, and a refused line changes nothing.

use engine::variants::Variant;
use protocol::options::parse_setoption;
use protocol::output::Output;
use protocol::session::{Session, Snapshot};
use protocol::uci::{parse_line, Command};
use protocol::variant::AnyGame;
mod common;
mod mutation;

use common::word_after;
use mutation::{mutate, random_text};
use rand::rngs::StdRng;
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};

const SEED: u64 = 0x7e55e7a;
const SESSION_LINES: usize = 60_000;
const POSITION_STRINGS: usize = 30_000;
const OPTION_LINES: usize = 15_000;

const POSITIONS: &[&str] = &[
    "daqkqad/bbbrrbbb/nnnrarnnn/pppppppppp/ppppppppppp/12/13/12/PPPPPPPPPPP/PPPPPPPPPP/NNNRARNNN/BBBRRBBB/DAQKQAD w 0 1",
    "daqkqad/bbbrrbbb/nnnrarnnn/pppppppppp/ppppppppppp/12/13/6P5/PPPPP1PPPPP/PPPPPPPPPP/NNNRARNNN/BBBRRBBB/DAQKQAD b 0 1",
    "k5R/8/1K7/10/11/12/13/12/2p8/10/9/8/7 b 1 1",
    "k6/8/2K6/10/2p8/12/3B9/12/11/10/9/8/7 b 0 1",
    "7/8/9/pppppppppp/ppppppppppp/12/13/12/PPPPPPPPPPP/PPPPPPPPPP/9/8/7 b place 0 1",
    "3k3/8/9/pppppppppp/ppppppppppp/12/13/12/PPPPPPPPPPP/PPPPPPPPPP/9/8/3K3 w place 0 1",
];

/// Valid lines, the seeds of the mutations.
fn valid_lines() -> Vec<String> {
    let mut lines: Vec<String> = [
        "uci",
        "isready",
        "ucinewgame",
        "debug on",
        "debug off",
        "d",
        "moves",
        "eval",
        "stop",
        "ponderhit",
        "perft 1",
        "go perft 2",
        "go depth 2",
        "go nodes 300",
        "go movetime 5",
        "go wtime 100 btime 100 winc 1 binc 1 movestogo 3",
        "go time 50 inc 5 depth 2",
        "go searchmoves h5h6 e3c6 depth 2",
        "go infinite",
        "go ponder wtime 1000 btime 1000",
        "position startpos",
        "position startpos moves h5h6 h9h8 e3c6",
        "position startpos moves e3c6 a11b8 c6e3 b8a11",
        "position startpos moves K@j1 K@i3",
        "setoption name Hash value 2",
        "setoption name Threads value 2",
        "setoption name MultiPV value 2",
        "setoption name Ponder value true",
        "setoption name Move Overhead value 30",
        "setoption name Clear Hash",
        "setoption name Players value wr/ob/gp/d",
        "setoption name Multiplayer Search value paranoid",
        "setoption name Patron value 5",
        "setoption name UCI_Variant value hexchoice",
        "setoption name UCI_Variant value hexmate",
        "setoption name UCI_Variant value sevenkingdoms",
        "setoption name Players value wrob/gpd",
        "setoption name Players value <empty>",
        "position startpos moves e9e10 f2k7 xob",
        "go searchmoves e9e10 b7d4 depth 1",
        "bench 1 1 1",
    ]
    .iter()
    .map(|s| s.to_string())
    .collect();
    for position in POSITIONS {
        lines.push(format!("position fen {position}"));
        lines.push(format!("position fen {position} moves h5h6 K@j1 a13b12"));
    }
    lines
}

/// Whether handing the command to the session costs little: searches and counts must be
/// small, so the test stays fast (`go infinite` is fine: it is stopped soon).
fn is_cheap(command: &Command) -> bool {
    match command {
        Command::Go(go) => {
            go.infinite
                || go.ponder
                || go.depth.is_some_and(|d| d <= 2)
                || go.nodes.is_some_and(|n| n <= 2_000)
                || go.movetime.is_some_and(|t| t <= 20)
        }
        Command::Perft(depth) => *depth <= 2,
        // Even a depth 1 bench searches every bench position: the cli test runs it.
        Command::Bench(_) => false,
        Command::SetOption { name, value } => {
            // A big table or many threads are only slow, not wrong.
            let number = value.as_deref().and_then(|v| v.parse::<u64>().ok());
            !(name.eq_ignore_ascii_case("hash") && number > Some(2)
                || name.eq_ignore_ascii_case("threads") && number > Some(4))
        }
        _ => true,
    }
}

/// Position, options and, where both snapshots could see it, the table's fill. (A search
/// holds the table while it runs; one ending during the line is no change by the line.)
fn assert_same_state(before: &Snapshot, after: &Snapshot, line: &str) {
    let mut after = after.clone();
    if before.hashfull.is_none() || after.hashfull.is_none() {
        after.hashfull = before.hashfull;
    }
    assert_eq!(&after, before, "{line:?} was refused but changed the state");
}

fn is_error_reply(reply: &[String]) -> bool {
    reply.len() == 1 && reply[0].starts_with("info string error: ")
}

#[test]
fn mutated_lines_never_break_the_session() {
    let mut rng = StdRng::seed_from_u64(SEED);
    let seeds = valid_lines();
    let vocabulary: Vec<&str> = seeds
        .iter()
        .flat_map(|l| l.split(' '))
        .collect::<std::collections::BTreeSet<_>>()
        .into_iter()
        .collect();
    let out = Output::memory();
    let mut session = Session::new(out.clone());
    // A small table keeps `ucinewgame` and `Clear Hash` cheap.
    session.handle_line("setoption name Hash value 1");
    let mut refused = 0;
    for _ in 0..SESSION_LINES {
        let seed = seeds.choose(&mut rng).expect("non-empty");
        let line = if rng.gen_bool(0.2) {
            seed.clone()
        } else {
            mutate(seed, &vocabulary, &mut rng)
        };
        let parsed = parse_line(&line);
        // Searches are started only now and then: each costs a thread and a stop.
        let skipped = match &parsed {
            Ok(Some(command @ Command::Go(_))) => !is_cheap(command) || rng.gen_bool(0.75),
            Ok(Some(command)) => !is_cheap(command),
            _ => false,
        };
        if skipped {
            continue;
        }
        let before = session.snapshot();
        let reply = session.handle_line(&line);
        if is_error_reply(&reply) {
            refused += 1;
            assert_same_state(&before, &session.snapshot(), &line);
        }
        if matches!(parsed, Ok(Some(Command::IsReady))) {
            assert_eq!(reply, vec!["readyok"], "{line:?}");
        }
        // Now and then let a running search end, as a GUI would after `bestmove`.
        if rng.gen_bool(0.3) {
            session.handle_line("stop");
            session.finish();
            out.take();
        }
    }
    session.finish();
    assert!(refused > SESSION_LINES / 3, "only {refused} lines refused");
}

/// Valid position strings of `variant`: its start and the positions after a few plies
/// of its first legal moves.
fn variant_positions(variant: Variant, rng: &mut StdRng) -> Vec<String> {
    let mut game = AnyGame::start(variant).expect("every variant starts");
    let mut positions = vec![game.position_string()];
    for _ in 0..6 {
        let moves = game.legal_moves();
        let Some(mv) = moves.choose(rng) else {
            break;
        };
        game.play_tokens([mv.as_str()]).expect("a legal move plays");
        positions.push(game.position_string());
    }
    positions
}

/// Mutated position strings of every variant: each is refused or read, a read one is
/// written back to a string that reads again to itself, and a refused move list leaves
/// the position as it was. Both outcomes are counted per variant, and both must occur.
#[test]
fn mutated_position_strings_never_break_the_parsers() {
    let mut rng = StdRng::seed_from_u64(SEED + 1);
    let vocabulary = [
        "w", "b", "place", "play", "0", "1", "13", "/", "K", "k", "moves", "-", ".",
    ];
    for variant in Variant::ALL {
        let seeds = variant_positions(variant, &mut rng);
        let (mut accepted, mut refused) = (0, 0);
        for _ in 0..POSITION_STRINGS / Variant::ALL.len() {
            let seed = seeds.choose(&mut rng).expect("non-empty");
            let text = mutate(seed, &vocabulary, &mut rng);
            let Ok(mut game) = AnyGame::from_position_string(variant, &text) else {
                refused += 1;
                continue;
            };
            accepted += 1;
            let written = game.position_string();
            let again = AnyGame::from_position_string(variant, &written)
                .unwrap_or_else(|e| panic!("{variant:?}: {written:?} does not read back: {e}"));
            assert_eq!(again.position_string(), written, "{variant:?}");
            let moves = game.legal_moves();
            let before = game.position_string();
            let mut tokens: Vec<String> = moves.iter().take(3).cloned().collect();
            tokens.push(mutate(
                moves.first().map_or("a1b2", String::as_str),
                &vocabulary,
                &mut rng,
            ));
            if game.play_tokens(tokens.iter().map(String::as_str)).is_err() {
                assert_eq!(
                    game.position_string(),
                    before,
                    "{variant:?}: a refused move list changed the position"
                );
            }
        }
        println!("{variant:?}: {accepted} position strings read, {refused} refused");
        assert!(
            accepted > 0 && refused > 0,
            "{variant:?}: {accepted} read, {refused} refused"
        );
    }
}

/// An option as `uci` advertises it.
struct Advertised {
    name: String,
    kind: String,
    min: i64,
    max: i64,
    vars: Vec<String>,
}

/// The options of the `uci` answer.
fn advertised_options() -> Vec<Advertised> {
    let mut session = Session::new(Output::memory());
    session
        .handle_line("uci")
        .iter()
        .filter_map(|line| line.strip_prefix("option name "))
        .map(|rest| {
            let (name, spec) = rest.split_once(" type ").expect("a type");
            let tokens: Vec<&str> = spec.split(' ').collect();
            let after = |word: &str| word_after(spec, word).and_then(|t| t.parse().ok());
            Advertised {
                name: name.to_string(),
                kind: tokens[0].to_string(),
                min: after("min").unwrap_or(0),
                max: after("max").unwrap_or(0),
                vars: tokens
                    .windows(2)
                    .filter(|w| w[0] == "var")
                    .map(|w| w[1].to_string())
                    .collect(),
            }
        })
        .collect()
}

/// Whether a `setoption` should be accepted by what `uci` advertises; `None` for the
/// `Players` string, whose grammar is checked elsewhere.
fn advertised_accepts(options: &[Advertised], name: &str, value: Option<&str>) -> Option<bool> {
    let Some(option) = options.iter().find(|o| o.name.eq_ignore_ascii_case(name)) else {
        return Some(false);
    };
    let Some(value) = value else {
        return Some(option.kind == "button");
    };
    match option.kind.as_str() {
        "button" => Some(false),
        "spin" => Some(
            value
                .parse::<i64>()
                .is_ok_and(|n| (option.min..=option.max).contains(&n)),
        ),
        "check" => Some(["true", "false"].contains(&value.to_ascii_lowercase().as_str())),
        "combo" => Some(option.vars.iter().any(|v| v.eq_ignore_ascii_case(value))),
        _ => None,
    }
}

/// A value for `option`: valid, just outside its range, or random text.
fn option_value(option: &Advertised, rng: &mut StdRng) -> Option<String> {
    match rng.gen_range(0..4) {
        0 => None,
        1 => Some(match option.kind.as_str() {
            "spin" => rng.gen_range(option.min..=option.max).to_string(),
            "check" => ["true", "FALSE", "True"].choose(rng).unwrap().to_string(),
            "combo" => option.vars.choose(rng).unwrap().to_ascii_uppercase(),
            _ => random_text(rng, 12),
        }),
        2 => Some(
            [option.min - 1, option.max + 1, rng.gen()]
                .choose(rng)
                .unwrap()
                .to_string(),
        ),
        _ => Some(random_text(rng, 12)),
    }
}

/// Random and mutated option names and values: `parse_setoption` accepts exactly what
/// the `uci` answer advertises (known name in any case, a spin value in its range, a
/// check value true or false, a combo value among its vars, a button without value),
/// refuses the rest, and both happen often.
#[test]
fn random_option_names_and_values_never_break_setoption() {
    let mut rng = StdRng::seed_from_u64(SEED + 2);
    let options = advertised_options();
    assert!(
        options.len() >= 10,
        "uci advertises {} options",
        options.len()
    );
    let names: Vec<&str> = options.iter().map(|o| o.name.as_str()).collect();
    let (mut accepted, mut refused) = (0, 0);
    for _ in 0..OPTION_LINES {
        let option = options.choose(&mut rng).expect("non-empty");
        let name = match rng.gen_range(0..3) {
            0 => option.name.clone(),
            1 => option.name.to_ascii_lowercase(),
            _ => mutate(&option.name, &names, &mut rng),
        };
        let value = option_value(option, &mut rng);
        let result = parse_setoption(&name, value.as_deref());
        if let Some(expected) = advertised_accepts(&options, &name, value.as_deref()) {
            assert_eq!(
                result.is_ok(),
                expected,
                "setoption name {name:?} value {value:?}: {result:?}"
            );
        }
        match result {
            Ok(_) => accepted += 1,
            Err(_) => refused += 1,
        }
    }
    println!("setoption: {accepted} accepted, {refused} refused");
    assert!(accepted > OPTION_LINES / 10 && refused > OPTION_LINES / 10);
}
