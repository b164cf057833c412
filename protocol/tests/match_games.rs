//! Whole matches between two Tessera processes with node limits, so games are quick and
//! deterministic: counts agree everywhere, seats rotate per opening, concurrency changes
//! nothing, the PGN holds what was printed, and the shards of a match merge into the
//! report of the whole.

mod match_support;

use match_support::{finished_games, run_match, scratch, tessera_engine, words, MatchRun};
use std::path::PathBuf;

fn hexmate_openings() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../positions/hexmate/openings.txt")
}

/// A hexmate match of Tessera `a` against Tessera `b` with `flags`.
fn hexmate_match(flags: &str) -> MatchRun {
    let mut args = tessera_engine("a");
    args.extend(tessera_engine("b"));
    args.extend(words(&format!(
        "--each nodes=1500 option.Hash=4 --openings file={} {flags}",
        hexmate_openings().display()
    )));
    let run = run_match(&args);
    assert!(run.success, "{}", run.stderr);
    run
}

/// The `W - L - D` and game count of the `Score of a vs b` line.
fn score_line(stdout: &str) -> (usize, usize, usize, usize) {
    let line = stdout
        .lines()
        .rfind(|l| l.starts_with("Score of a vs b: "))
        .expect("a score line");
    let numbers: Vec<usize> = line
        .split(|c: char| !c.is_ascii_digit() && c != '.')
        .filter_map(|t| t.parse().ok())
        .collect();
    // The line reads "Score of a vs b: W - L - D  [0.xyz] N".
    (numbers[0], numbers[1], numbers[2], *numbers.last().unwrap())
}

/// The first moves of an opening line of the file (`moves m1 m2 …`), by index.
fn opening_moves(index: usize) -> Vec<String> {
    let text = std::fs::read_to_string(hexmate_openings()).unwrap();
    let line = text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .nth(index)
        .unwrap();
    words(line.strip_prefix("moves ").unwrap())
}

/// The moves of every game of a PGN file, without numbers, comments and results.
fn pgn_moves(pgn: &str) -> Vec<Vec<String>> {
    pgn.split("[Event ")
        .skip(1)
        .map(|game| {
            let moves = game.split("\n\n").nth(1).unwrap_or_default();
            let mut tokens = Vec::new();
            let mut in_comment = false;
            for token in moves.split_whitespace() {
                if token.starts_with('{') {
                    in_comment = true;
                }
                let numbered =
                    token.ends_with('.') && token.starts_with(|c: char| c.is_ascii_digit());
                if !in_comment && !numbered {
                    tokens.push(token.to_string());
                }
                if token.ends_with('}') {
                    in_comment = false;
                }
            }
            tokens.pop(); // the result
            tokens
        })
        .collect()
}

fn tag<'a>(game: &'a str, name: &str) -> &'a str {
    let start = game.find(&format!("[{name} \"")).expect("the tag") + name.len() + 3;
    let end = start + game[start..].find('"').unwrap();
    &game[start..end]
}

#[test]
fn a_two_game_match_completes_with_consistent_counts() {
    let pgn = scratch("two-games.pgn");
    let _ = std::fs::remove_file(&pgn);
    let run = hexmate_match(&format!("--games 2 --maxmoves 25 --pgn {}", pgn.display()));
    let games = finished_games(&run.stdout);
    assert_eq!(games.iter().map(|g| g.number).collect::<Vec<_>>(), [1, 2]);
    assert!(run.stdout.contains("Finished match after 2 games"));
    let (wins, losses, draws, total) = score_line(&run.stdout);
    assert_eq!((wins + losses + draws, total), (2, 2));
    // a's points from the printed results agree with the score line.
    let points_of_a: f64 = games
        .iter()
        .map(|g| {
            let seat = g.seats.iter().position(|s| s == "a").unwrap();
            let part = g.result.split('-').nth(seat).unwrap();
            match part {
                "1" => 1.0,
                "0" => 0.0,
                "1/2" => 0.5,
                other => panic!("unexpected score {other}"),
            }
        })
        .sum();
    assert_eq!(points_of_a, wins as f64 + draws as f64 / 2.0);
    let text = std::fs::read_to_string(&pgn).unwrap();
    let records: Vec<&str> = text.split("[Event ").skip(1).collect();
    assert_eq!(records.len(), 2);
    for (record, game) in records.iter().zip(&games) {
        assert_eq!(tag(record, "Round"), game.number.to_string());
        assert_eq!(tag(record, "White"), game.seats[0]);
        assert_eq!(tag(record, "Black"), game.seats[1]);
        assert_eq!(tag(record, "Result"), game.result);
        assert_eq!(tag(record, "Variant"), "hexmate");
        assert!(record.trim_end().ends_with(&game.result));
    }
}

#[test]
fn each_engine_plays_each_colour_once_per_opening() {
    let pgn = scratch("seats.pgn");
    let _ = std::fs::remove_file(&pgn);
    let run = hexmate_match(&format!("--games 4 --maxmoves 3 --pgn {}", pgn.display()));
    let seats: Vec<Vec<String>> = finished_games(&run.stdout)
        .into_iter()
        .map(|g| g.seats)
        .collect();
    assert_eq!(seats, [["a", "b"], ["b", "a"], ["a", "b"], ["b", "a"]]);
    // Games 1 and 2 start with the file's first opening, games 3 and 4 with its second.
    let moves = pgn_moves(&std::fs::read_to_string(&pgn).unwrap());
    for (game, opening) in [(0, 0), (1, 0), (2, 1), (3, 1)] {
        let book = opening_moves(opening);
        assert_eq!(moves[game][..book.len()], book[..], "game {}", game + 1);
    }
}

#[test]
fn results_do_not_depend_on_concurrency() {
    let one = hexmate_match("--games 4 --maxmoves 25 --concurrency 1");
    let two = hexmate_match("--games 4 --maxmoves 25 --concurrency 2");
    let lines = |run: &MatchRun| -> Vec<String> {
        run.stdout
            .lines()
            .filter(|l| l.starts_with("Finished game"))
            .map(String::from)
            .collect()
    };
    assert_eq!(lines(&one).len(), 4);
    assert_eq!(lines(&one), lines(&two));
}

/// The closing block of a report: from `Finished match after` to the end.
fn closing_block(stdout: &str) -> &str {
    let start = stdout
        .find("Finished match after")
        .expect("a closing block");
    &stdout[start..]
}

#[test]
fn merged_shards_report_what_the_whole_match_reports() {
    let flags = "--games 6 --maxmoves 40 --openings order=random --seed 5";
    let whole = scratch("whole.results");
    let whole_run = hexmate_match(&format!("{flags} --results {}", whole.display()));
    let shards: Vec<PathBuf> = (1..=3)
        .map(|k| {
            let file = scratch(&format!("shard-{k}.results"));
            let run = hexmate_match(&format!(
                "{flags} --shard {k}/3 --results {}",
                file.display()
            ));
            assert!(run.stdout.contains(&format!("Shard {k} of 3: games")));
            file
        })
        .collect();
    let mut merge_args = words("--sprt elo0=-10 elo1=10 --merge");
    merge_args.extend(shards.iter().map(|f| f.display().to_string()));
    let merged = run_match(&merge_args);
    assert!(merged.success, "{}", merged.stderr);
    assert!(merged
        .stdout
        .starts_with("Merged 3 result files of a vs b (hexmate, 2 seats): 6 of 6 games\n"));
    // The whole match did not stop on the SPRT, so its closing block is the merge's
    // without the SPRT line.
    let merged_block = closing_block(&merged.stdout);
    let sprt_line = merged_block.lines().last().unwrap();
    assert!(
        sprt_line.starts_with("SPRT (elo0 -10, elo1 10"),
        "{sprt_line}"
    );
    let without_sprt = merged_block
        .strip_suffix(&format!("{sprt_line}\n"))
        .unwrap();
    assert_eq!(without_sprt, closing_block(&whole_run.stdout));
    // The games of the shards are the games of the whole, line for line.
    let game_lines = |file: &PathBuf| -> Vec<String> {
        std::fs::read_to_string(file)
            .unwrap()
            .lines()
            .filter(|l| l.starts_with("game "))
            .map(String::from)
            .collect()
    };
    let sharded: Vec<String> = shards.iter().flat_map(game_lines).collect();
    assert_eq!(sharded, game_lines(&whole));
}

/// A Seven Kingdoms match of Tessera `a` against Tessera `b` with `flags`.
fn sevenkingdoms_match(flags: &str) -> MatchRun {
    let mut args = tessera_engine("a");
    args.extend(tessera_engine("b"));
    args.extend(words(&format!(
        "--variant sevenkingdoms --each depth=1 option.Hash=4 {flags}"
    )));
    let run = run_match(&args);
    assert!(run.success, "{}", run.stderr);
    run
}

#[test]
fn seven_seats_rotate_the_two_engines_through_every_kingdom() {
    let run = sevenkingdoms_match("--games 7 --maxmoves 4");
    let games = finished_games(&run.stdout);
    assert_eq!(games.len(), 7);
    // Game k seats the engines from kingdom k on, alternately: each engine sits in every
    // seat, and seven results of seven scores each.
    for game in &games {
        assert_eq!(game.seats.len(), 7);
        assert_eq!(game.result.split('-').count(), 7, "{}", game.result);
    }
    for seat in 0..7 {
        let engines: std::collections::BTreeSet<&str> =
            games.iter().map(|g| g.seats[seat].as_str()).collect();
        assert_eq!(
            engines.into_iter().collect::<Vec<_>>(),
            ["a", "b"],
            "seat {seat}"
        );
    }
}

#[test]
fn the_players_option_makes_seven_kingdoms_a_two_seat_match() {
    let run = sevenkingdoms_match("--players wrob/gpd --games 2 --maxmoves 4");
    let games = finished_games(&run.stdout);
    let seats: Vec<Vec<String>> = games.iter().map(|g| g.seats.clone()).collect();
    assert_eq!(seats, [["a", "b"], ["b", "a"]]);
    for game in &games {
        assert_eq!(game.result.split('-').count(), 2, "{}", game.result);
    }
    assert!(run.stdout.contains("Ptnml(0-2):"), "{}", run.stdout);
}
