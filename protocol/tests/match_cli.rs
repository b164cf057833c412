//! The match command line: bad specs are refused before any game, with a clear error.

mod match_support;

use match_support::{run_match, scratch, words, TESSERA};

/// Runs the match and returns its error message; the match must fail.
fn refusal(line: &str) -> String {
    let run = run_match(&words(line));
    assert!(!run.success, "accepted: {line}\n{}", run.stdout);
    assert!(
        !run.stdout.contains("Finished game"),
        "{line}: played games"
    );
    run.stderr
}

fn two_engines(extra: &str) -> String {
    format!("--engine cmd={TESSERA} name=a --engine cmd={TESSERA} name=b --each depth=1 {extra}")
}

#[test]
fn bad_engine_specs_are_refused() {
    let cases = [
        (
            format!("--engine cmd={TESSERA} depth=1"),
            "at least two --engine specs",
        ),
        (two_engines("tc=10 st=1"), "give tc= or st=, not both"),
        (two_engines("st=x"), "'x' is not a number of seconds"),
        (two_engines("hash=16"), "unknown key 'hash'"),
        (
            format!("--engine cmd={TESSERA} --engine cmd={TESSERA} --each depth=1"),
            "two engines are named 'tessera'",
        ),
        (
            format!("--engine name=a --engine cmd={TESSERA} --each depth=1"),
            "--engine #1: cmd= is missing",
        ),
    ];
    for (line, expected) in cases {
        let error = refusal(&line);
        assert!(
            error.starts_with("error: ") && error.contains(expected),
            "{line}: {error}"
        );
    }
}

#[test]
fn bad_match_flags_are_refused() {
    let cases = [
        ("--variant chess", "unknown variant 'chess'"),
        ("--games 0", "--games must be at least 1"),
        ("--sprt elo0=5 elo1=0", "elo0 must be less than elo1"),
        ("--draw movecount=8 score=10", "movenumber= is missing"),
        (
            "--openings file=/nonexistent/openings.txt",
            "/nonexistent/openings.txt",
        ),
    ];
    for (flags, expected) in cases {
        let error = refusal(&two_engines(flags));
        assert!(error.contains(expected), "{flags}: {error}");
    }
}

#[test]
fn engines_that_cannot_start_or_refuse_an_option_stop_the_match() {
    let missing = refusal(&format!(
        "--engine cmd=/nonexistent/engine name=x --engine cmd={TESSERA} name=b --each depth=1"
    ));
    assert!(missing.contains("engine 'x': cannot start"), "{missing}");
    let option = refusal(&two_engines("option.NoSuchOption=1"));
    assert!(
        option.contains("engine 'a': the engine refused its setup"),
        "{option}"
    );
}

#[test]
fn a_bad_opening_line_names_the_line() {
    let file = scratch("bad-openings.txt");
    std::fs::write(
        &file,
        "# two good lines, then a bad one\nmoves\n\nmoves zz99\n",
    )
    .unwrap();
    let error = refusal(&two_engines(&format!("--openings file={}", file.display())));
    assert!(
        error.contains("line 4: move 1 does not fit hexmate: malformed move 'zz99'"),
        "{error}"
    );
}

#[test]
fn an_opening_file_of_another_variant_names_the_line_the_move_and_the_variant() {
    let file = scratch("panoply-openings.txt");
    let openings = std::process::Command::new(TESSERA)
        .args([
            "openings",
            "--variant",
            "panoply",
            "--count",
            "2",
            "--seed",
            "3",
        ])
        .output()
        .expect("tessera runs");
    std::fs::write(&file, &openings.stdout).unwrap();
    let first_move = String::from_utf8_lossy(&openings.stdout)
        .lines()
        .nth(4)
        .and_then(|l| l.split(' ').nth(1).map(str::to_string))
        .expect("an opening line");
    let error = refusal(&two_engines(&format!("--openings file={}", file.display())));
    assert!(
        error.contains("line 5: move 1 does not fit hexmate: ")
            && error.contains(&format!("'{first_move}'")),
        "{error}"
    );
}

#[test]
fn a_two_seat_variant_takes_two_engines() {
    let error = refusal(&format!(
        "{} --engine cmd={TESSERA} name=c",
        two_engines("")
    ));
    assert!(
        error.contains("hexmate has two seats: give exactly two engines"),
        "{error}"
    );
}

#[test]
fn bad_shard_flags_are_refused() {
    let results = scratch("refused.results");
    let with_results =
        |flags: &str| two_engines(&format!("--results {} {flags}", results.display()));
    let cases = [
        (
            with_results("--shard 0/2"),
            "--shard 0/2: give K/N with 1 <= K <= N",
        ),
        (with_results("--shard 3/2"), "--shard 3/2: give K/N"),
        (with_results("--shard two"), "--shard two: give K/N"),
        (two_engines("--shard 1/2"), "--shard needs --results"),
        (
            with_results("--shard 1/2 --sprt elo0=0 elo1=5"),
            "give --sprt to --merge instead",
        ),
        (
            with_results("--shard 1/2 --openings file=x order=random"),
            "order=random needs --seed",
        ),
        (
            with_results("--games 4 --shard 1/3"),
            "--shard 1/3: no games; the 4 games make only 2 rounds of 2",
        ),
    ];
    for (line, expected) in cases {
        let error = refusal(&line);
        assert!(error.contains(expected), "{line}: {error}");
    }
}

/// A result file of a two-game hexmate match between `a` and `b` with `games`.
fn results_file(name: &str, total: usize, games: &str) -> String {
    let file = scratch(name);
    std::fs::write(
        &file,
        format!(
            "tessera-match-results 1\nvariant hexmate\nplayers -\nseats 2\ngames {total}\n\
             openings start position\nengine a\nengine b\nshard 1/1\n{games}"
        ),
    )
    .unwrap();
    file.display().to_string()
}

#[test]
fn bad_merges_are_refused() {
    let one = results_file("one.results", 4, "game 1 1,2 1-0\n");
    let other_match = results_file("other.results", 6, "game 2 2,1 1-0\n");
    let overlapping = results_file("overlap.results", 4, "game 1 1,2 0-1\n");
    let cases = [
        (
            format!("--merge {one} --engine cmd={TESSERA}"),
            "--merge combines result files and plays no games: drop --engine".to_string(),
        ),
        (
            "--merge /nonexistent/shard.results".to_string(),
            "/nonexistent/shard.results".to_string(),
        ),
        (
            format!("--merge {one} {other_match}"),
            format!("{one} and {other_match} are not of the same match"),
        ),
        (
            format!("--merge {one} {overlapping}"),
            format!("game 1 is in both {one} and {overlapping}"),
        ),
    ];
    for (line, expected) in cases {
        let error = refusal(&line);
        assert!(error.contains(&expected), "{line}: {error}");
    }
}

/// A result file of shard `shard` of a four-game hexmate match.
fn shard_file(name: &str, shard: &str, games: &str) -> String {
    let file = scratch(name);
    std::fs::write(
        &file,
        format!(
            "tessera-match-results 1\nvariant hexmate\nplayers -\nseats 2\ngames 4\n\
             openings start position\nengine a\nengine b\nshard {shard}\n{games}"
        ),
    )
    .unwrap();
    file.display().to_string()
}

#[test]
fn a_merge_with_a_missing_shard_names_it_and_fails_unless_partial_is_allowed() {
    let first = shard_file("part-1.results", "1/2", "game 1 1,2 1-0\ngame 2 2,1 0-1\n");
    let error = refusal(&format!("--merge {first}"));
    assert!(
        error.contains("incomplete merge: no file of shard 2/2 (2 of 4 games)"),
        "{error}"
    );
    let run = run_match(&words(&format!("--merge {first} --allow-partial")));
    assert!(run.success, "{}", run.stderr);
    assert!(run.stdout.contains(": 2 of 4 games"), "{}", run.stdout);
    let short = shard_file("part-2.results", "2/2", "game 3 1,2 1-0\n");
    let error = refusal(&format!("--merge {first} {short}"));
    assert!(error.contains("the files hold 3 of 4 games"), "{error}");
}

#[test]
fn a_merge_of_hand_written_files_reports_the_pentanomial() {
    // Pair 1: a wins both games (WW); pair 2: a draws and loses (LD).
    let first = results_file("first.results", 4, "game 1 1,2 1-0\ngame 2 2,1 0-1\n");
    let second = results_file("second.results", 4, "game 3 1,2 1/2-1/2\ngame 4 2,1 1-0\n");
    let run = run_match(&words(&format!("--merge {first} {second}")));
    assert!(run.success, "{}", run.stderr);
    let lines: Vec<&str> = run.stdout.lines().collect();
    assert_eq!(
        lines[..5],
        [
            "Merged 2 result files of a vs b (hexmate, 2 seats): 4 of 4 games",
            "Finished match after 4 games",
            "Score of a vs b: 2 - 1 - 1  [0.625] 4",
            "Points: a 2.50, b 1.50",
            // Pair averages 1 and ¼: s = 0.625, σ² = 0.375² = 0.140625, σ/√2 = 0.265165;
            // the interval 0.625 ± 0.519716 reaches past 1, so the error is infinite;
            // LOS = Φ(0.125 / 0.265165) = Φ(0.471405) = 0.681324.
            "Elo difference: 88.7 +/- inf, LOS: 68.1 %, DrawRatio: 25.0 %",
        ]
    );
    assert_eq!(lines[5], "Ptnml(0-2): 0, 1, 0, 0, 1");
}
