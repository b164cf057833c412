//! One engine as a child process: lines out on its stdin, lines in from a reader thread
//! through a channel, so that every wait has a deadline and a dead engine is noticed.

use super::config::EngineSpec;
use super::search_info::read_line_lossy;
use std::fmt;
use std::io::{BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{channel, Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

/// How long an engine may take to answer `uci` or `isready`.
const HANDSHAKE_TIMEOUT: Duration = Duration::from_secs(30);
/// How long an engine may take to exit after `quit` before it is killed.
const QUIT_GRACE: Duration = Duration::from_millis(500);

/// Why talking to an engine failed.
#[derive(Debug)]
pub enum EngineError {
    /// The command could not be run.
    Spawn(String),
    /// The process closed its output (it exited or crashed).
    Exited,
    /// No expected answer before the deadline.
    Timeout,
    /// The engine answered a setup command with an error line.
    Refused(String),
}

impl fmt::Display for EngineError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EngineError::Spawn(e) => write!(f, "cannot start: {e}"),
            EngineError::Exited => write!(f, "the engine exited"),
            EngineError::Timeout => write!(f, "no answer in time"),
            EngineError::Refused(line) => write!(f, "the engine refused its setup: {line}"),
        }
    }
}

impl std::error::Error for EngineError {}

/// A running engine.
pub struct EngineProcess {
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
}

impl EngineProcess {
    /// Runs the engine's command; its stderr is discarded.
    pub fn spawn(spec: &EngineSpec) -> Result<EngineProcess, EngineError> {
        let mut child = Command::new(&spec.cmd)
            .args(&spec.args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| EngineError::Spawn(format!("{}: {e}", spec.cmd)))?;
        let stdin = child.stdin.take().expect("stdin is piped");
        let stdout = child.stdout.take().expect("stdout is piped");
        let (sender, lines) = channel();
        std::thread::spawn(move || {
            let mut reader = BufReader::new(stdout);
            while let Some(line) = read_line_lossy(&mut reader) {
                if sender.send(line).is_err() {
                    break;
                }
            }
        });
        Ok(EngineProcess {
            child,
            stdin,
            lines,
        })
    }

    /// Starts the engine and prepares it for games: `uci`, the variant, players and
    /// options, then `isready`. An error line in answer to a setup command fails it.
    pub fn start(
        spec: &EngineSpec,
        variant: &str,
        players: Option<&str>,
    ) -> Result<EngineProcess, EngineError> {
        let mut engine = EngineProcess::spawn(spec)?;
        engine.send("uci")?;
        engine.read_until(|line| line == "uciok", deadline(HANDSHAKE_TIMEOUT))?;
        engine.send(&format!("setoption name UCI_Variant value {variant}"))?;
        if let Some(players) = players {
            engine.send(&format!("setoption name Players value {players}"))?;
        }
        for (name, value) in &spec.options {
            engine.send(&format!("setoption name {name} value {value}"))?;
        }
        engine.synchronize(true).map(|()| engine)
    }

    /// `ucinewgame`, then waits until the engine is ready.
    pub fn new_game(&mut self) -> Result<(), EngineError> {
        self.send("ucinewgame")?;
        self.synchronize(false)
    }

    /// `isready` and waits for `readyok`, dropping what came before; with
    /// `refuse_errors`, an `info string error` line among them is an error.
    fn synchronize(&mut self, refuse_errors: bool) -> Result<(), EngineError> {
        self.send("isready")?;
        let lines = self.read_until(|line| line == "readyok", deadline(HANDSHAKE_TIMEOUT))?;
        match lines
            .into_iter()
            .find(|l| l.starts_with("info string error"))
        {
            Some(error) if refuse_errors => Err(EngineError::Refused(error)),
            _ => Ok(()),
        }
    }

    /// Writes one line; a closed pipe means the engine is gone.
    pub fn send(&mut self, line: &str) -> Result<(), EngineError> {
        self.send_all(&[line])
    }

    /// Writes lines with one write (the pipe is unbuffered), so that the engine reads
    /// them when it wakes once; a closed pipe means the engine is gone.
    pub fn send_all(&mut self, lines: &[&str]) -> Result<(), EngineError> {
        let mut text = String::with_capacity(lines.iter().map(|l| l.len() + 1).sum());
        for line in lines {
            text.push_str(line);
            text.push('\n');
        }
        self.stdin
            .write_all(text.as_bytes())
            .map_err(|_| EngineError::Exited)
    }

    /// The next line, waiting at most until `deadline`.
    pub fn next_line(&self, deadline: Instant) -> Result<String, EngineError> {
        let left = deadline.saturating_duration_since(Instant::now());
        self.lines.recv_timeout(left).map_err(|e| match e {
            RecvTimeoutError::Timeout => EngineError::Timeout,
            RecvTimeoutError::Disconnected => EngineError::Exited,
        })
    }

    /// Lines up to and including the first one (trimmed) that satisfies `last`.
    fn read_until(
        &self,
        last: impl Fn(&str) -> bool,
        deadline: Instant,
    ) -> Result<Vec<String>, EngineError> {
        let mut lines = Vec::new();
        loop {
            let line = self.next_line(deadline)?;
            let done = last(line.trim());
            lines.push(line);
            if done {
                return Ok(lines);
            }
        }
    }
}

fn deadline(timeout: Duration) -> Instant {
    Instant::now() + timeout
}

impl Drop for EngineProcess {
    /// `quit`, a short grace period, then kill: no engine outlives the match.
    fn drop(&mut self) {
        let _ = self.send("quit");
        let end = deadline(QUIT_GRACE);
        while Instant::now() < end {
            if let Ok(Some(_)) = self.child.try_wait() {
                return;
            }
            std::thread::sleep(Duration::from_millis(5));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// The engines of one concurrency slot, started when first needed and restarted after
/// a crash or a timeout.
pub struct EnginePool<'a> {
    specs: &'a [EngineSpec],
    variant: &'a str,
    players: Option<&'a str>,
    running: Vec<Option<EngineProcess>>,
}

impl<'a> EnginePool<'a> {
    pub fn new(specs: &'a [EngineSpec], variant: &'a str, players: Option<&'a str>) -> Self {
        EnginePool {
            specs,
            variant,
            players,
            running: specs.iter().map(|_| None).collect(),
        }
    }

    pub fn spec(&self, engine: usize) -> &'a EngineSpec {
        &self.specs[engine]
    }

    /// Engine `engine`, started if it is not running.
    pub fn get(&mut self, engine: usize) -> Result<&mut EngineProcess, EngineError> {
        let slot = &mut self.running[engine];
        if slot.is_none() {
            *slot = Some(EngineProcess::start(
                &self.specs[engine],
                self.variant,
                self.players,
            )?);
        }
        Ok(slot.as_mut().expect("just started"))
    }

    /// Ends engine `engine` (it crashed or is stuck in a search); the next
    /// [`EnginePool::get`] starts a fresh one.
    pub fn discard(&mut self, engine: usize) {
        self.running[engine] = None;
    }
}
