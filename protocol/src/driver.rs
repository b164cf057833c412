//! Protocol mode: the reader loop over standard input.

use crate::output::Output;
use crate::session::Session;
use std::io::BufRead;

/// Reads commands line by line until `quit` or the end of the input. This thread owns
/// the input; jobs run on their own threads, so `isready`, `stop`, `ponderhit` and `quit`
/// are answered during a search. At the end of the input a search that would wait for
/// `stop` is stopped and any other job is allowed to finish.
pub fn run(mut input: impl BufRead, out: &Output) {
    let mut session = Session::new(out.clone());
    let mut bytes = Vec::new();
    loop {
        bytes.clear();
        match input.read_until(b'\n', &mut bytes) {
            Ok(0) => break,
            Ok(_) => {}
            Err(e) => {
                eprintln!("tessera: reading the input failed: {e}");
                break;
            }
        }
        // Invalid UTF-8 becomes U+FFFD and is then refused like any other bad token.
        let line = String::from_utf8_lossy(&bytes);
        out.lines(&session.handle_line(&line));
        if session.is_quitting() {
            return;
        }
    }
    session.finish();
}
