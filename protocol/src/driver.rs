//! Protocol mode: the reader loop over standard input and the session thread it feeds.

use crate::job::Interrupts;
use crate::output::Output;
use crate::session::Session;
use crate::uci::{parse_line, Command};
use std::io::BufRead;
use std::sync::mpsc::{channel, Receiver, Sender};
use std::sync::Arc;

/// Reads commands line by line until `quit` or the end of the input, which is `quit` too.
/// The session runs on a thread of its own and handles the lines in order; this thread
/// only reads, so `quit` is seen at once whatever the session is doing: it stops the
/// running job (search, `perft`, `bench`) and every job the lines read before it start.
/// Returns when the session has handled those lines and the job has printed its last line.
pub fn run(input: impl BufRead, out: &Output) {
    let interrupts = Arc::new(Interrupts::default());
    let (sender, inbox) = channel();
    let session = {
        let (out, interrupts) = (out.clone(), Arc::clone(&interrupts));
        std::thread::spawn(move || serve(inbox, &out, interrupts))
    };
    read_commands(input, &sender, out, &interrupts);
    interrupts.quit();
    drop(sender);
    if session.join().is_err() {
        eprintln!("tessera: the session thread panicked");
    }
}

/// A `position … moves` line at least this long (some 13,000 plies or more, which take
/// the session tens of milliseconds or more to play) is a long line: `isready` read while
/// the session still handles one is answered by the reader at once, not queued behind it.
/// Any other line, however long, is refused or handled at once, so it queues as usual.
const LONG_LINE_BYTES: usize = 64 * 1024;

/// Whether `line` is a long list of moves to play (see [`LONG_LINE_BYTES`]).
fn is_long_move_list(line: &str) -> bool {
    line.len() >= LONG_LINE_BYTES
        && line.trim_start().starts_with("position")
        && line.split_whitespace().any(|token| token == "moves")
}

/// Forwards every line to the session until `quit` or the end of the input.
fn read_commands(
    mut input: impl BufRead,
    session: &Sender<String>,
    out: &Output,
    interrupts: &Interrupts,
) {
    let mut bytes = Vec::new();
    loop {
        bytes.clear();
        match input.read_until(b'\n', &mut bytes) {
            Ok(0) => return,
            Ok(_) => {}
            Err(e) => {
                eprintln!("tessera: reading the input failed: {e}");
                return;
            }
        }
        // Invalid UTF-8 becomes U+FFFD and is then refused like any other bad token.
        let line = String::from_utf8_lossy(&bytes).into_owned();
        match parse_line(&line) {
            Ok(Some(Command::Quit)) => return,
            Ok(Some(Command::IsReady)) if interrupts.is_handling_long_line() => {
                out.line("readyok");
                continue;
            }
            _ => {}
        }
        if is_long_move_list(&line) {
            interrupts.long_line_sent();
        }
        if session.send(line).is_err() {
            return;
        }
    }
}

/// The session thread: handles each line and prints its answer.
fn serve(inbox: Receiver<String>, out: &Output, interrupts: Arc<Interrupts>) {
    let mut session = Session::with_interrupts(out.clone(), Arc::clone(&interrupts));
    for line in inbox {
        let answer = session.handle_line(&line);
        // Counted off before the answer is printed: an `isready` sent after seeing it
        // must queue behind the commands sent before it.
        if is_long_move_list(&line) {
            interrupts.long_line_handled();
        }
        out.lines(&answer);
    }
    session.finish();
}
