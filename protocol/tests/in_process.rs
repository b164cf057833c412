//! The library API without a process: the session with output in memory, and the
//! stdin driver reading a script from memory.

use protocol::driver;
use protocol::output::Output;
use protocol::session::Session;
use std::io::Cursor;
use std::time::Duration;

const PATIENCE: Duration = Duration::from_secs(60);

#[test]
fn the_session_answers_synchronous_commands_directly() {
    let mut session = Session::new(Output::memory());
    assert_eq!(session.handle_line("isready"), vec!["readyok"]);
    assert_eq!(
        session.handle_line("uci").last().map(String::as_str),
        Some("uciok")
    );
    assert!(session
        .handle_line("position startpos moves h5h6")
        .is_empty());
    assert_eq!(
        session.handle_line("position startpos moves h5h6 h5h6"),
        vec!["info string error: position: move 2: illegal move 'h5h6': no piece of the side to move on h5"]
    );
}

#[test]
fn a_search_writes_to_the_output_and_stops_on_request() {
    let out = Output::memory();
    let mut session = Session::new(out.clone());
    assert!(session.handle_line("go infinite").is_empty());
    assert!(session.is_searching());
    assert!(out.wait_for(PATIENCE, |l| l.starts_with("info depth 1 ")));
    assert_eq!(session.handle_line("isready"), vec!["readyok"]);
    assert!(session.handle_line("stop").is_empty());
    assert!(out.wait_for(PATIENCE, |l| l.starts_with("bestmove ")));
    assert!(!session.is_searching());
    assert!(out
        .take()
        .last()
        .is_some_and(|l| l.starts_with("bestmove ")));
}

#[test]
fn the_driver_runs_a_script_to_its_end() {
    let out = Output::memory();
    let script = "uci\nisready\nposition startpos moves h5h6\r\ngo depth 2\nbogus\n";
    driver::run(Cursor::new(script), &out);
    let lines = out.take();
    assert!(lines.contains(&"uciok".to_string()));
    assert!(lines.contains(&"readyok".to_string()));
    assert!(lines.contains(&"info string error: unknown command 'bogus'".to_string()));
    // `bogus` arrives during the search, so its answer may come before or after `bestmove`.
    assert!(
        lines.iter().any(|l| l.starts_with("bestmove ")),
        "{lines:#?}"
    );
}

/// `quit` ends the driver at once, during an infinite search too: the `isready` before
/// it is answered, the one after it is never read.
#[test]
fn the_driver_stops_at_quit() {
    let out = Output::memory();
    driver::run(Cursor::new("isready\ngo infinite\nquit\nisready\n"), &out);
    let lines = out.take();
    let readyoks = lines.iter().filter(|l| *l == "readyok").count();
    assert_eq!(readyoks, 1, "{lines:#?}");
}
