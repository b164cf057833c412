//! The one writer of protocol lines. The reader thread and the search thread share it;
//! each line is written whole under a lock and flushed, so lines never interleave.

use std::io::Write;
use std::sync::{Arc, Condvar, Mutex, MutexGuard};
use std::time::{Duration, Instant};

/// Where lines go: a stream (stdout) or, for tests, memory.
enum Sink {
    Stream(Box<dyn Write + Send>),
    Memory(Vec<String>),
}

struct Shared {
    sink: Mutex<Sink>,
    /// Signalled after every line written to memory, for [`Output::wait_for`].
    written: Condvar,
}

/// A cloneable handle on the protocol output.
#[derive(Clone)]
pub struct Output {
    shared: Arc<Shared>,
}

impl Output {
    /// Lines to standard output.
    pub fn stdout() -> Output {
        Output::new(Sink::Stream(Box::new(std::io::stdout())))
    }

    /// Lines kept in memory, for tests and in-process drivers.
    pub fn memory() -> Output {
        Output::new(Sink::Memory(Vec::new()))
    }

    fn new(sink: Sink) -> Output {
        Output {
            shared: Arc::new(Shared {
                sink: Mutex::new(sink),
                written: Condvar::new(),
            }),
        }
    }

    fn lock(&self) -> MutexGuard<'_, Sink> {
        // A panic while holding the lock cannot leave a half-written line in memory, and
        // a stream keeps working, so a poisoned lock is still usable.
        self.shared
            .sink
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// Writes one line and flushes it.
    pub fn line(&self, text: &str) {
        match &mut *self.lock() {
            // A closed stdout leaves nobody to tell; the engine goes on until `quit` or EOF.
            Sink::Stream(stream) => {
                let _ = writeln!(stream, "{text}").and_then(|()| stream.flush());
            }
            Sink::Memory(lines) => lines.push(text.to_string()),
        }
        self.shared.written.notify_all();
    }

    /// Writes several lines in order, holding the lock so that no other line gets between.
    pub fn lines<S: AsRef<str>>(&self, texts: &[S]) {
        let mut sink = self.lock();
        match &mut *sink {
            Sink::Stream(stream) => {
                let _ = texts
                    .iter()
                    .try_for_each(|t| writeln!(stream, "{}", t.as_ref()))
                    .and_then(|()| stream.flush());
            }
            Sink::Memory(lines) => lines.extend(texts.iter().map(|t| t.as_ref().to_string())),
        }
        drop(sink);
        self.shared.written.notify_all();
    }

    /// Takes the lines written to memory so far (none for a stream).
    pub fn take(&self) -> Vec<String> {
        match &mut *self.lock() {
            Sink::Stream(_) => Vec::new(),
            Sink::Memory(lines) => std::mem::take(lines),
        }
    }

    /// Waits until a line written to memory satisfies `found`, up to `timeout`; returns
    /// whether it did. The lines stay in memory.
    pub fn wait_for(&self, timeout: Duration, found: impl Fn(&str) -> bool) -> bool {
        let deadline = Instant::now() + timeout;
        let mut sink = self.lock();
        loop {
            if let Sink::Memory(lines) = &*sink {
                if lines.iter().any(|l| found(l)) {
                    return true;
                }
            }
            let now = Instant::now();
            if now >= deadline {
                return false;
            }
            sink = self
                .shared
                .written
                .wait_timeout(sink, deadline - now)
                .unwrap_or_else(|poisoned| poisoned.into_inner())
                .0;
        }
    }
}

/// Standard output of the command-line subcommands. When its reader has gone (`tessera
/// analyse … | head`), the program ends at once, quietly and with status 0, as a Unix
/// filter does; any other write error is returned.
pub struct QuietStdout;

impl QuietStdout {
    fn ended_if_closed<T>(result: std::io::Result<T>) -> std::io::Result<T> {
        match result {
            Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => std::process::exit(0),
            other => other,
        }
    }
}

impl Write for QuietStdout {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        QuietStdout::ended_if_closed(std::io::stdout().write(buf))
    }

    fn flush(&mut self) -> std::io::Result<()> {
        QuietStdout::ended_if_closed(std::io::stdout().flush())
    }
}

/// Longest reason an error line quotes; a megabyte of garbage is not echoed back.
const MAX_REASON_CHARS: usize = 300;

/// The one line that answers a refused command: `info string error: <reason>`. Control
/// characters are shown escaped so that the answer stays one line.
pub fn error_line(reason: &str) -> String {
    let mut shown = String::from("info string error: ");
    for (count, ch) in reason.chars().enumerate() {
        if count == MAX_REASON_CHARS {
            shown.push('…');
            break;
        }
        if ch.is_control() {
            shown.extend(ch.escape_default());
        } else {
            shown.push(ch);
        }
    }
    shown
}
