//! Every example in the players' guides (`docs/games/*.md`) and in `README.md` is run
//! through the built `tessera` binary and must print exactly what the page shows.
//!
//! The format, also described in `docs/games/README.md`: a fenced block whose language
//! tag is `console` holds one or more commands. A command is a line `$ tessera <args>`;
//! arguments are split as a shell would split them, with single and double quotes. If
//! the line ends in `<<'EOF'` (a here-document), the lines up to a line `EOF` are the
//! engine's standard input: a protocol session. The lines after a command, up to the
//! next command or the end of the block, are its exact standard output. A line `…`
//! stands for any number of lines (zero or more), for output that changes from run to
//! run, such as timings. Standard error is not compared. Blocks with any other language
//! tag are not run.
//!
//! Pictures (`<!-- picture: tessera svg … -->` lines) are checked by `doc_pictures.rs`.

mod common;

use common::{repository, split_words, start_on_input};
use std::path::{Path, PathBuf};

/// The line that stands for any run of output lines.
const ELISION: &str = "…";

/// One `$ tessera …` command of an example and what it must print.
#[derive(Debug)]
struct Example {
    /// Where the command is written, for the failure message: `file:line`.
    place: String,
    args: Vec<String>,
    stdin: Option<String>,
    expected: Vec<String>,
}

/// The pages whose examples are checked: the README and every guide.
fn pages() -> Vec<PathBuf> {
    let root = repository();
    let mut pages: Vec<PathBuf> = std::fs::read_dir(root.join("docs/games"))
        .expect("docs/games exists")
        .map(|entry| entry.expect("a readable folder entry").path())
        .filter(|path| path.extension().is_some_and(|e| e == "md"))
        .collect();
    pages.sort();
    pages.push(root.join("README.md"));
    pages
}

/// The examples of one page, in page order.
fn examples_of(page: &Path) -> Vec<Example> {
    let text = std::fs::read_to_string(page).expect("the page is readable");
    let name = page.strip_prefix(repository()).unwrap_or(page).display();
    let mut examples: Vec<Example> = Vec::new();
    let mut in_console = false;
    let mut in_other_block = false;
    let mut lines = text.lines().enumerate();
    while let Some((index, line)) = lines.next() {
        if let Some(tag) = line.trim_start().strip_prefix("```") {
            match (in_console, in_other_block) {
                (false, false) if tag.trim() == "console" => in_console = true,
                (false, false) => in_other_block = true,
                _ => (in_console, in_other_block) = (false, false),
            }
            continue;
        }
        if !in_console {
            continue;
        }
        let Some(command) = line.strip_prefix("$ ") else {
            let example = examples
                .last_mut()
                .unwrap_or_else(|| panic!("{name}:{}: output before any command", index + 1));
            example.expected.push(line.to_string());
            continue;
        };
        let (command, here_document) = match command.trim_end().strip_suffix("<<'EOF'") {
            Some(command) => (command, true),
            None => (command, false),
        };
        let mut words = split_words(command).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(
            words.first().map(String::as_str),
            Some("tessera"),
            "{name}:{}: a console example runs `tessera`, not {command:?}",
            index + 1
        );
        words.remove(0);
        let stdin = here_document.then(|| {
            let mut input = String::new();
            for (_, line) in lines.by_ref() {
                if line == "EOF" {
                    return input;
                }
                input.push_str(line);
                input.push('\n');
            }
            panic!("{name}:{}: the here-document has no EOF line", index + 1)
        });
        examples.push(Example {
            place: format!("{name}:{}", index + 1),
            args: words,
            stdin,
            expected: Vec::new(),
        });
    }
    examples
}

/// Whether `actual` matches `expected`, where an elision line matches any run of lines.
fn matches(expected: &[String], actual: &[String]) -> bool {
    match expected.split_first() {
        None => actual.is_empty(),
        Some((first, rest)) if first == ELISION => {
            (0..=actual.len()).any(|skip| matches(rest, &actual[skip..]))
        }
        Some((first, rest)) => actual
            .split_first()
            .is_some_and(|(line, others)| line == first && matches(rest, others)),
    }
}

/// Runs `tessera` with these arguments and this input in the repository's root, so that
/// `positions/…` paths resolve; returns its standard output.
fn run(args: &[String], input: &str) -> Vec<String> {
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let output = start_on_input(&args, input.as_bytes())
        .wait_with_output()
        .expect("the tessera binary runs");
    String::from_utf8_lossy(&output.stdout)
        .lines()
        .map(String::from)
        .collect()
}

#[test]
fn every_console_example_prints_what_its_page_shows() {
    let mut failures = Vec::new();
    let mut count = 0;
    for page in pages() {
        for example in examples_of(&page) {
            count += 1;
            let actual = run(&example.args, example.stdin.as_deref().unwrap_or_default());
            if !matches(&example.expected, &actual) {
                failures.push(format!(
                    "{}: tessera {:?}\n--- the page shows:\n{}\n--- tessera printed:\n{}",
                    example.place,
                    example.args,
                    example.expected.join("\n"),
                    actual.join("\n")
                ));
            }
        }
    }
    assert!(count > 0, "no console examples found");
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

/// The games that have a guide, `docs/games/<name>.md`.
const GUIDES: [&str; 5] = ["hexmate", "panoply", "hepta", "sevenkingdoms", "hexian"];

#[test]
fn every_game_has_a_guide_with_at_least_three_worked_examples() {
    for guide in GUIDES {
        let page = repository().join(format!("docs/games/{guide}.md"));
        assert!(page.is_file(), "{} is missing", page.display());
        let commands = examples_of(&page).len();
        assert!(
            commands >= 3,
            "{} has {commands} console commands, fewer than three",
            page.display()
        );
    }
}

#[test]
fn the_elision_line_matches_any_run_of_lines_and_nothing_else_does() {
    let lines = |text: &str| -> Vec<String> { text.lines().map(String::from).collect() };
    assert!(matches(&lines("a\n…\nd"), &lines("a\nb\nc\nd")));
    assert!(matches(&lines("a\n…\nd"), &lines("a\nd")));
    assert!(!matches(&lines("a\n…\nd"), &lines("a\nb\nc")));
    assert!(!matches(&lines("a\nd"), &lines("a\nb\nd")));
    assert!(!matches(&lines("a"), &lines("a\nb")));
}

#[test]
fn words_are_split_as_a_shell_splits_them() {
    assert_eq!(
        split_words(r#"perft --fen "7/8 w 0 1" 'a b'c d -o "x \"y\".svg""#).unwrap(),
        [
            "perft",
            "--fen",
            "7/8 w 0 1",
            "a bc",
            "d",
            "-o",
            "x \"y\".svg"
        ]
    );
}
