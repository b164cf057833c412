//! `docs/protocol.md` is the protocol reference: every option `uci` shows in any variant
//! and every command and `go` parameter the parser accepts is documented there, and the
//! example sessions it shows are what the engine answers.

mod common;

use common::Engine;
use engine::variants::Variant;
use protocol::uci::{parse_line, CommandError};
use std::cell::Cell;

fn read(relative: &str) -> String {
    let path = format!("{}/{relative}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

fn protocol_doc() -> String {
    read("../docs/protocol.md")
}

/// The text of the section that starts with the heading `heading`, up to the next heading.
fn section<'a>(doc: &'a str, heading: &str) -> &'a str {
    let start = doc
        .find(&format!("\n{heading}\n"))
        .unwrap_or_else(|| panic!("protocol.md has no heading {heading}"));
    let body = &doc[start + heading.len() + 2..];
    let end = body.find("\n#").unwrap_or(body.len());
    &body[..end]
}

/// The backticked spans of the first cell of a section's table rows.
fn first_cell_spans(section: &str) -> Vec<String> {
    section
        .lines()
        .filter(|l| l.starts_with("| `"))
        .flat_map(|l| {
            let first_cell = l.split(" | ").next().unwrap_or("");
            first_cell
                .split('`')
                .skip(1)
                .step_by(2)
                .map(str::to_string)
                .collect::<Vec<_>>()
        })
        .collect()
}

/// The first words of those spans: `go …` gives `go`, `debug on` gives `debug`.
fn documented_keywords(section: &str) -> Vec<String> {
    first_cell_spans(section)
        .iter()
        .filter_map(|span| span.split_whitespace().next())
        .map(str::to_string)
        .collect()
}

/// The names of the `option name <name> type …` lines of the `uci` answer.
fn option_names(uci_answer: &[String]) -> Vec<String> {
    uci_answer
        .iter()
        .filter_map(|l| l.strip_prefix("option name "))
        .map(|rest| rest.split(" type ").next().unwrap().to_string())
        .collect()
}

/// The quoted words of `source` between `start` and the first `end` after it.
fn quoted_between(source: &str, start: &str, end: &str) -> Vec<String> {
    let from = source.find(start).unwrap_or_else(|| panic!("no {start}"));
    let body = &source[from..];
    let body = &body[..body
        .find(end)
        .unwrap_or_else(|| panic!("no {end} after {start}"))];
    body.split('"')
        .skip(1)
        .step_by(2)
        .map(str::to_string)
        .collect()
}

/// The command words `parse_line` dispatches on, read from its match in `uci.rs`.
fn parser_commands() -> Vec<String> {
    let source = read("src/uci.rs");
    let words = quoted_between(&source, "let command = match name {", "other =>");
    assert!(words.len() >= 15, "the dispatch was not found: {words:?}");
    words
}

/// The `go` parameter keywords of `uci.rs`.
fn parser_go_keywords() -> Vec<String> {
    quoted_between(&read("src/uci.rs"), "const GO_KEYWORDS", "];")
}

#[test]
fn every_option_that_uci_shows_in_any_variant_is_in_the_options_table() {
    let doc = protocol_doc();
    let table = first_cell_spans(section(&doc, "## Options"));
    let mut engine = Engine::start();
    for variant in Variant::ALL.map(Variant::id) {
        assert!(engine
            .ask(&format!("setoption name UCI_Variant value {variant}"))
            .is_empty());
        engine.send("uci");
        let names = option_names(&engine.read_until(|l| l == "uciok"));
        assert!(names.len() >= 11, "{variant}: {names:?}");
        let missing: Vec<&String> = names.iter().filter(|n| !table.contains(n)).collect();
        assert!(
            missing.is_empty(),
            "{variant}: options not in protocol.md: {missing:?}"
        );
    }
    engine.quit();
}

#[test]
fn every_command_the_parser_accepts_is_documented() {
    let doc = protocol_doc();
    let mut documented = documented_keywords(section(&doc, "## Commands from the GUI"));
    documented.extend(documented_keywords(section(
        &doc,
        "## Extensions (not in UCI)",
    )));
    for word in parser_commands() {
        // The word read from the source is one the parser knows.
        assert!(
            !matches!(parse_line(&word), Err(CommandError::UnknownCommand(_))),
            "{word}"
        );
        assert!(
            documented.contains(&word),
            "command '{word}' is not documented"
        );
    }
}

#[test]
fn every_go_parameter_is_documented() {
    let doc = protocol_doc();
    let params = section(&doc, "### `go` parameters");
    let spans: Vec<&str> = params.split('`').skip(1).step_by(2).collect();
    let keywords = parser_go_keywords();
    assert_eq!(keywords.len(), 15, "{keywords:?}");
    for keyword in keywords {
        assert!(
            !matches!(
                parse_line(&format!("go {keyword}")),
                Err(CommandError::UnexpectedToken { .. })
            ),
            "{keyword}"
        );
        assert!(
            spans
                .iter()
                .any(|s| s.split_whitespace().any(|w| w == keyword)),
            "go parameter '{keyword}' is not documented"
        );
    }
}

#[test]
fn every_documented_command_is_one_the_parser_knows() {
    let doc = protocol_doc();
    let mut documented = documented_keywords(section(&doc, "## Commands from the GUI"));
    documented.extend(documented_keywords(section(
        &doc,
        "## Extensions (not in UCI)",
    )));
    let known = parser_commands();
    for word in documented {
        assert!(known.contains(&word), "protocol.md documents '{word}'");
    }
}

/// One example session: the lines sent, each with the lines the engine answers.
type Session = Vec<(String, Vec<String>)>;

/// The ```` ```session ```` blocks of the document: `> ` starts a line sent to the engine.
fn sessions(doc: &str) -> Vec<Session> {
    let mut all = Vec::new();
    let mut current: Option<Session> = None;
    for line in doc.lines() {
        match (&mut current, line) {
            (None, "```session") => current = Some(Vec::new()),
            (Some(_), "```") => all.push(current.take().unwrap()),
            (Some(session), _) => match line.strip_prefix("> ") {
                Some(input) => session.push((input.to_string(), Vec::new())),
                None => session
                    .last_mut()
                    .expect("a session starts with a line sent")
                    .1
                    .push(line.to_string()),
            },
            (None, _) => {}
        }
    }
    all
}

/// An output line with the values that change from run to run (`nps`, `time` of `info`
/// lines) replaced by `_`.
fn steady(line: &str) -> String {
    if !line.starts_with("info ") || line.starts_with("info string") {
        return line.to_string();
    }
    let mut words: Vec<&str> = line.split(' ').collect();
    for i in 1..words.len() {
        if matches!(words[i - 1], "nps" | "time") {
            words[i] = "_";
        }
    }
    words.join(" ")
}

#[test]
fn the_example_sessions_are_what_the_engine_answers() {
    let doc = protocol_doc();
    let sessions = sessions(&doc);
    assert_eq!(sessions.len(), 3);
    for session in sessions {
        let mut engine = Engine::start();
        for (input, expected) in &session {
            if input == "quit" {
                // Nothing is pending: the next answer is the one to `isready`.
                engine.send("isready");
                assert_eq!(engine.read_until(|_| true), ["readyok"]);
                break;
            }
            engine.send(input);
            // A search that takes over a second on a busy machine adds `currmove` lines.
            let shown = |line: &str| !line.starts_with("info currmove ");
            let left = Cell::new(expected.len());
            let got = if expected.is_empty() {
                Vec::new()
            } else {
                engine.read_until(|line| {
                    left.set(left.get() - usize::from(shown(line)));
                    left.get() == 0
                })
            };
            let got: Vec<String> = got.iter().filter(|l| shown(l)).map(|l| steady(l)).collect();
            let expected: Vec<String> = expected.iter().map(|l| steady(l)).collect();
            assert_eq!(got, expected, "after '{input}'");
        }
        engine.quit();
    }
}
