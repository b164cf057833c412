//! Engines that break the rules of the match: an illegal or malformed move, a crash, a
//! hang, a late answer. Each loses its game with the reason, and the match goes on; a
//! slow engine within its time plays on.

mod match_support;

use match_support::{
    fake_engine, finished_games, run_match, scratch, tessera_engine, words, TESSERA,
};

/// `tessera match` with `first` and `second` as engines and `flags`.
fn run(first: Vec<String>, second: Vec<String>, flags: &str) -> match_support::MatchRun {
    let args: Vec<String> = first
        .into_iter()
        .chain(second)
        .chain(words(flags))
        .collect();
    let run = run_match(&args);
    assert!(run.success, "{}", run.stderr);
    run
}

#[test]
fn an_illegal_move_loses_the_game_with_that_reason() {
    let run = run(
        tessera_engine("tessera"),
        fake_engine("illegal.sh", "illegal", ""),
        "--games 2 --each depth=1",
    );
    let games = finished_games(&run.stdout);
    assert_eq!(games.len(), 2, "{}", run.stdout);
    assert_eq!(games[0].seats, ["tessera", "illegal"]);
    assert_eq!(games[0].result, "1-0");
    let reason = "loses: illegal move 'a1a1'";
    assert!(
        games[0]
            .ending
            .starts_with(&format!("Black (illegal) {reason}")),
        "{:?}",
        games[0]
    );
    assert_eq!(games[1].seats, ["illegal", "tessera"]);
    assert_eq!(games[1].result, "0-1");
    assert!(
        games[1]
            .ending
            .starts_with(&format!("White (illegal) {reason}")),
        "{:?}",
        games[1]
    );
    let score = "Score of tessera vs illegal: 2 - 0 - 0  [1.000] 2";
    assert!(run.stdout.contains(score), "{}", run.stdout);
}

#[test]
fn a_crashing_engine_loses_and_is_restarted_for_the_next_game() {
    let log = scratch("crash-starts.txt");
    let _ = std::fs::remove_file(&log);
    let run = run(
        tessera_engine("tessera"),
        fake_engine("crash.sh", "crash", &log.display().to_string()),
        "--games 3 --each depth=1",
    );
    let games = finished_games(&run.stdout);
    let endings: Vec<(&str, &str)> = games
        .iter()
        .map(|g| (g.result.as_str(), g.ending.as_str()))
        .collect();
    assert_eq!(
        endings,
        [
            ("1-0", "Black (crash) loses: crash"),
            ("0-1", "White (crash) loses: crash"),
            ("1-0", "Black (crash) loses: crash"),
        ]
    );
    // Started for the match, then again after each of the first two crashes.
    let starts = std::fs::read_to_string(&log).expect("the engine wrote its log");
    assert_eq!(starts.lines().count(), 3);
}

#[test]
fn an_engine_that_hangs_loses_on_time() {
    let run = run(
        tessera_engine("tessera"),
        fake_engine("silent.sh", "silent", ""),
        "--games 2 --hangtimeout 0.3 --each depth=1",
    );
    let games = finished_games(&run.stdout);
    assert_eq!(games.len(), 2);
    assert_eq!(games[0].ending, "Black (silent) loses: timeout");
    assert_eq!(games[1].ending, "White (silent) loses: timeout");
}

#[test]
fn an_engine_that_overruns_its_clock_loses_on_time() {
    let run = run(
        fake_engine("silent.sh", "silent", ""),
        tessera_engine("tessera"),
        "--games 1 --timemargin 50 --each tc=0.2+0",
    );
    let games = finished_games(&run.stdout);
    assert_eq!(games[0].result, "0-1");
    assert_eq!(games[0].ending, "White (silent) loses: timeout");
}

#[test]
fn a_malformed_move_loses_the_game_with_that_reason() {
    let run = run(
        fake_engine("malformed.sh", "malformed", ""),
        tessera_engine("tessera"),
        "--games 2 --each depth=1",
    );
    let endings: Vec<String> = finished_games(&run.stdout)
        .into_iter()
        .map(|g| format!("{} {}", g.result, g.ending))
        .collect();
    let reason = "loses: illegal move '~e2-e4!' (not a move in the variant's notation)";
    assert_eq!(
        endings,
        [
            format!("0-1 White (malformed) {reason}"),
            format!("1-0 Black (malformed) {reason}"),
        ]
    );
}

#[test]
fn a_stray_invalid_utf8_byte_in_an_info_line_is_no_forfeit() {
    let run = run(
        fake_engine("stray_byte.sh", "careless", TESSERA),
        tessera_engine("tessera"),
        "--games 2 --maxmoves 3 --each depth=1",
    );
    let endings: Vec<String> = finished_games(&run.stdout)
        .into_iter()
        .map(|g| g.ending)
        .collect();
    assert_eq!(
        endings, ["draw by adjudication: 3 moves"; 2],
        "{}",
        run.stdout
    );
}

#[test]
fn a_slow_engine_within_its_time_plays_normally() {
    let run = run(
        fake_engine("slow.sh", "slow", &format!("0.05 {TESSERA}")),
        tessera_engine("tessera"),
        "--games 2 --maxmoves 3 --each tc=10+0 nodes=500",
    );
    let endings: Vec<String> = finished_games(&run.stdout)
        .into_iter()
        .map(|g| g.ending)
        .collect();
    assert_eq!(endings, ["draw by adjudication: 3 moves"; 2]);
}

#[test]
fn a_slow_engine_past_its_move_time_loses_on_time() {
    let run = run(
        fake_engine("slow.sh", "slow", &format!("0.5 {TESSERA}")),
        tessera_engine("tessera"),
        "--games 2 --timemargin 50 --each st=0.1",
    );
    let endings: Vec<String> = finished_games(&run.stdout)
        .into_iter()
        .map(|g| g.ending)
        .collect();
    assert_eq!(
        endings,
        ["White (slow) loses: timeout", "Black (slow) loses: timeout"]
    );
}

#[test]
fn the_sprt_stops_a_match_against_an_engine_that_always_forfeits() {
    let run = run(
        tessera_engine("tessera"),
        fake_engine("illegal.sh", "illegal", ""),
        "--games 20 --each depth=1 --sprt elo0=0 elo1=400",
    );
    // Every pair won twice (WW), with the pseudo-counts at the four unseen outcomes: the
    // exact GSPRT adds 0.598 per pair against elo1=400, so it passes the upper bound
    // ln(0.95 / 0.05) = 2.94 at the fifth pair (2.39 after four).
    assert_eq!(finished_games(&run.stdout).len(), 10);
    assert!(run
        .stdout
        .contains("Finished match after 10 of 20 games: stopped by the SPRT"));
    assert!(run.stdout.contains("Ptnml(0-2): 0, 0, 0, 0, 5"));
    assert!(
        run.stdout.contains(
            "SPRT (elo0 0, elo1 400, alpha 0.05, beta 0.05): llr 2.99, lbound -2.94, ubound 2.94 - H1 accepted"
        ),
        "{}",
        run.stdout
    );
}
