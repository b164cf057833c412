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
        error.contains("line 4: move 1: malformed move 'zz99'"),
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
