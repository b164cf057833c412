//! Seeded fuzzing of every entry point, in all six variants, by mutation of valid inputs:
//! position strings, move tokens, protocol lines, command-line arguments and the lines
//! the match runner reads from engines. Nothing may panic; what is refused changes
//! nothing; what is accepted is sound (a position string reads back, a move is a legal
//! move, a number is within its option's range). The counts are printed. The inputs that
//! found bugs are kept in `positions/fuzz-corpus/` and replayed.

mod mutation;

use clap::Parser;
use engine::variants::Variant;
use mutation::mutate;
use protocol::cli::{Cli, Command as CliCommand};
use protocol::matchrunner::search_info::{bestmove, read_line_lossy, SearchInfo};
use protocol::options::{MAX_HASH_MB, MAX_THREADS};
use protocol::output::Output;
use protocol::session::Session;
use protocol::uci::{parse_line, Command, MAX_PERFT_DEPTH};
use protocol::variant::AnyGame;
use rand::rngs::StdRng;
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use std::collections::{BTreeSet, HashSet};
use std::io::Cursor;

const SEED: u64 = 0xf0_22_19;
const POSITION_STRINGS_PER_VARIANT: usize = 4_000;
const MOVE_TOKENS_PER_VARIANT: usize = 2_000;
const PROTOCOL_LINES_PER_VARIANT: usize = 3_000;
const ARGUMENT_LISTS: usize = 15_000;
const ENGINE_OUTPUT_LINES: usize = 30_000;

/// The start and positions along a seeded random playout: the seeds of the mutations.
fn seed_games(variant: Variant, rng: &mut StdRng) -> Vec<AnyGame> {
    let mut game = AnyGame::start(variant).expect("implemented");
    let mut games = vec![game.clone()];
    for ply in 1..=30 {
        let Some(mv) = game.legal_moves().choose(rng).cloned() else {
            break;
        };
        game.play_tokens([mv.as_str()]).expect("a legal move");
        if ply % 5 == 0 {
            games.push(game.clone());
        }
    }
    games
}

/// The words of `texts`, split at spaces and slashes: what mutations insert.
fn vocabulary(texts: &[String]) -> Vec<String> {
    let words: BTreeSet<&str> = texts
        .iter()
        .flat_map(|t| t.split([' ', '/']))
        .filter(|w| !w.is_empty())
        .collect();
    words.into_iter().map(str::to_string).collect()
}

fn as_strs(words: &[String]) -> Vec<&str> {
    words.iter().map(String::as_str).collect()
}

/// A position string read back from what a position writes is the same position.
fn assert_reads_back(variant: Variant, text: &str) -> bool {
    let Ok(game) = AnyGame::from_position_string(variant, text) else {
        return false;
    };
    let written = game.position_string();
    let again = AnyGame::from_position_string(variant, &written)
        .unwrap_or_else(|e| panic!("{variant:?}: {text:?} wrote {written:?}: {e}"));
    assert_eq!(again.position_string(), written, "{variant:?}: {text:?}");
    true
}

#[test]
fn mutated_position_strings_of_every_variant() {
    let mut rng = StdRng::seed_from_u64(SEED);
    for variant in Variant::ALL {
        let seeds: Vec<String> = seed_games(variant, &mut rng)
            .iter()
            .map(AnyGame::position_string)
            .collect();
        let words = vocabulary(&seeds);
        let mut accepted = 0;
        for _ in 0..POSITION_STRINGS_PER_VARIANT {
            let seed = seeds.choose(&mut rng).expect("seeds");
            let text = mutate(seed, &as_strs(&words), &mut rng);
            accepted += usize::from(assert_reads_back(variant, &text));
        }
        println!(
            "{}: {POSITION_STRINGS_PER_VARIANT} position strings, {accepted} accepted",
            variant.id()
        );
    }
}

/// The hashes of the positions one legal move from `game`.
fn children(game: &AnyGame) -> HashSet<u64> {
    game.legal_moves()
        .iter()
        .map(|legal| {
            let mut child = game.clone();
            child.play_tokens([legal.as_str()]).expect("a legal move");
            child.hash()
        })
        .collect()
}

/// A token accepted in `game` plays one of its legal moves (it leads to one of
/// `children`); a refused one changes nothing.
fn check_move_token(game: &AnyGame, children: &HashSet<u64>, token: &str) -> bool {
    let mut played = game.clone();
    match played.play_tokens([token]) {
        Ok(()) => {
            assert!(
                children.contains(&played.hash()),
                "{token:?} played no legal move"
            );
            true
        }
        Err(_) => {
            assert_eq!(
                played.position_string(),
                game.position_string(),
                "{token:?}"
            );
            false
        }
    }
}

#[test]
fn mutated_move_tokens_of_every_variant() {
    let mut rng = StdRng::seed_from_u64(SEED + 1);
    for variant in Variant::ALL {
        let games = seed_games(variant, &mut rng);
        let moves: Vec<Vec<String>> = games.iter().map(AnyGame::legal_moves).collect();
        let reachable: Vec<HashSet<u64>> = games.iter().map(children).collect();
        let words = vocabulary(&moves.concat());
        let mut accepted = 0;
        for _ in 0..MOVE_TOKENS_PER_VARIANT {
            let at = rng.gen_range(0..games.len());
            let Some(seed) = moves[at].choose(&mut rng) else {
                continue;
            };
            let token = mutate(seed, &as_strs(&words), &mut rng);
            // A token is one word: the protocol splits a move list at whitespace.
            let Some(token) = token.split_whitespace().next() else {
                continue;
            };
            accepted += usize::from(check_move_token(&games[at], &reachable[at], token));
        }
        println!(
            "{}: {MOVE_TOKENS_PER_VARIANT} move tokens, {accepted} accepted",
            variant.id()
        );
    }
}

/// Whether a line starts nothing long: searches, counts and big tables are left to the
/// session tests (`robustness.rs`, `interrupts.rs`).
fn is_instant(line: &str) -> bool {
    match parse_line(line) {
        Ok(Some(Command::Go(_) | Command::Perft(_) | Command::Bench(_))) => false,
        Ok(Some(Command::SetOption { name, .. })) => {
            !["hash", "threads"].contains(&name.to_lowercase().as_str())
        }
        _ => true,
    }
}

#[test]
fn mutated_protocol_lines_in_every_variant() {
    let mut rng = StdRng::seed_from_u64(SEED + 2);
    for variant in Variant::ALL {
        let games = seed_games(variant, &mut rng);
        let mut seeds = vec![
            "d".to_string(),
            "moves".to_string(),
            "eval".to_string(),
            "isready".to_string(),
            "ucinewgame".to_string(),
            "position startpos".to_string(),
            "setoption name MultiPV value 2".to_string(),
            "setoption name Patron value 3".to_string(),
            "setoption name Players value 3".to_string(),
            "setoption name Players value wrob/gpd".to_string(),
        ];
        for game in &games {
            seeds.push(format!("position fen {}", game.position_string()));
            let moves: Vec<String> = game.legal_moves().into_iter().take(2).collect();
            seeds.push(format!("position startpos moves {}", moves.join(" ")));
        }
        let words = vocabulary(&seeds);
        let mut session = Session::new(Output::memory());
        session.handle_line("setoption name Hash value 1");
        session.handle_line(&format!(
            "setoption name UCI_Variant value {}",
            variant.id()
        ));
        let mut refused = 0;
        for _ in 0..PROTOCOL_LINES_PER_VARIANT {
            let seed = seeds.choose(&mut rng).expect("seeds");
            let line = mutate(seed, &as_strs(&words), &mut rng);
            if !is_instant(&line) {
                continue;
            }
            let before = session.snapshot();
            let reply = session.handle_line(&line);
            if reply.len() == 1 && reply[0].starts_with("info string error: ") {
                refused += 1;
                assert_eq!(
                    session.snapshot(),
                    before,
                    "{line:?} was refused but changed the state"
                );
            }
            if matches!(parse_line(&line), Ok(Some(Command::IsReady))) {
                assert_eq!(reply, ["readyok"], "{line:?}");
            }
        }
        println!(
            "{}: {PROTOCOL_LINES_PER_VARIANT} protocol lines, {refused} refused",
            variant.id()
        );
    }
}

/// What clap accepted is within the ranges the protocol allows.
fn check_arguments(words: &[&str]) -> bool {
    let Ok(cli) = Cli::try_parse_from(words) else {
        return false;
    };
    match cli.command {
        Some(CliCommand::Perft { depth, threads, .. }) => {
            assert!((1..=MAX_PERFT_DEPTH as u32).contains(&depth), "{words:?}");
            assert!((1..=MAX_THREADS).contains(&threads), "{words:?}");
        }
        Some(CliCommand::Analyse { threads, hash, .. }) => {
            assert!((1..=MAX_THREADS).contains(&threads), "{words:?}");
            assert!((1..=MAX_HASH_MB).contains(&hash), "{words:?}");
        }
        _ => {}
    }
    true
}

#[test]
fn mutated_command_lines_of_every_variant() {
    let mut rng = StdRng::seed_from_u64(SEED + 3);
    let mut seeds = Vec::new();
    for variant in Variant::ALL {
        let id = variant.id();
        let start = AnyGame::start(variant).expect("implemented");
        let first = start.legal_moves().into_iter().next().unwrap_or_default();
        seeds.extend([
            format!("perft --variant {id} --depth 2 --threads 2 --divide"),
            format!("perft --variant {id} --moves {first} --depth 1 --no-bulk"),
            format!("analyse --variant {id} --depth 3 --threads 1 --hash 4 --multipv 2"),
            format!("analyse --variant {id} --movetime 100 --players 3 --search maxn"),
            format!("bench --variant {id} --depth 2 --threads 1 --hash 1"),
            format!("openings --variant {id} --count 5 --plies 2-4 --seed 9"),
            format!("match --variant {id} --games 2 --merge a.results b.results"),
        ]);
    }
    let words = vocabulary(&seeds);
    let mut accepted = 0;
    for _ in 0..ARGUMENT_LISTS {
        let seed = seeds.choose(&mut rng).expect("seeds");
        let line = mutate(seed, &as_strs(&words), &mut rng);
        let arguments: Vec<&str> = std::iter::once("tessera")
            .chain(line.split(' ').filter(|w| !w.is_empty()))
            .collect();
        accepted += usize::from(check_arguments(&arguments));
    }
    println!("{ARGUMENT_LISTS} argument lists, {accepted} accepted");
}

/// Reads `bytes` as an engine's output line and feeds it to the runner's readers.
fn read_engine_line(bytes: &[u8]) -> Option<String> {
    let line = read_line_lossy(&mut Cursor::new(bytes))?;
    assert!(!line.contains('\n'), "{line:?}");
    SearchInfo::default().read(&line);
    let _ = bestmove(&line);
    Some(line)
}

#[test]
fn mutated_engine_output_lines() {
    let mut rng = StdRng::seed_from_u64(SEED + 4);
    let seeds = [
        "info depth 7 seldepth 11 multipv 1 score cp -35 nodes 81234 nps 912345 hashfull 12 time 89 pv h5h6 h9h8 e3c6",
        "info depth 3 multipv 2 score mate -4 upperbound nodes 12 nps 1 time 0 pv K@j1",
        "info depth 2 score cp 10 scores 10 -3 -7 nodes 100 time 1 pv e9e10 f2k7",
        "info currmove h5h6 currmovenumber 3",
        "info string café: the engine says hello",
        "bestmove h5h6 ponder h9h8",
        "bestmove (none)",
        "readyok",
    ];
    let seed_texts: Vec<String> = seeds.iter().map(|s| s.to_string()).collect();
    let vocabulary = vocabulary(&seed_texts);
    let words = as_strs(&vocabulary);
    let mut with_bad_bytes = 0;
    for _ in 0..ENGINE_OUTPUT_LINES {
        let seed = seeds.choose(&mut rng).expect("seeds");
        let mut bytes = mutate(seed, &words, &mut rng).into_bytes();
        if rng.gen_bool(0.3) {
            bytes.insert(rng.gen_range(0..=bytes.len()), rng.gen_range(0x80..=0xff));
            with_bad_bytes += 1;
        }
        if !bytes.is_empty() {
            assert!(read_engine_line(&bytes).is_some(), "{bytes:?}");
        }
    }
    let mut info = SearchInfo::default();
    info.read(seeds[0]);
    assert_eq!(
        (info.depth, info.score.map(|s| s.centipawns())),
        (Some(7), Some(-35))
    );
    println!(
        "{ENGINE_OUTPUT_LINES} engine output lines, {with_bad_bytes} with a byte that is not UTF-8"
    );
}

/// Each line of the corpus: `<entry point>\t<variant>\t<input>` (`\xNN` escapes a byte).
#[test]
fn the_corpus_of_inputs_that_found_bugs_replays() {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../positions/fuzz-corpus/inputs.txt"
    );
    let text = std::fs::read_to_string(path).expect("the corpus is in the repository");
    let mut replayed = 0;
    for line in text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.is_empty())
    {
        let [entry, variant, input] = line.splitn(3, '\t').collect::<Vec<_>>()[..] else {
            panic!("bad corpus line {line:?}");
        };
        let variant = Variant::from_id(variant).unwrap_or_else(|| panic!("{line:?}"));
        match entry {
            "position" => {
                assert_reads_back(variant, input);
            }
            "move" => {
                let start = AnyGame::start(variant).expect("implemented");
                check_move_token(&start, &children(&start), input);
            }
            "cli" => {
                let words: Vec<&str> = std::iter::once("tessera").chain(input.split(' ')).collect();
                check_arguments(&words);
            }
            "engine-output" => {
                assert!(read_engine_line(&unescape(input)).is_some());
            }
            _ => panic!("unknown entry point in {line:?}"),
        }
        replayed += 1;
    }
    println!("{replayed} corpus inputs replayed");
    assert!(replayed > 0);
}

/// `\xNN` as the byte NN, everything else as written.
fn unescape(text: &str) -> Vec<u8> {
    let mut bytes = Vec::new();
    let mut rest = text;
    while let Some(at) = rest.find("\\x") {
        bytes.extend_from_slice(&rest.as_bytes()[..at]);
        let hex = rest.get(at + 2..at + 4).expect("two hex digits");
        bytes.push(u8::from_str_radix(hex, 16).expect("hex"));
        rest = &rest[at + 4..];
    }
    bytes.extend_from_slice(rest.as_bytes());
    bytes
}
