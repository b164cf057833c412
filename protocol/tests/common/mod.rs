//! Driving the real `tessera` binary over stdin and stdout.

#![allow(dead_code)] // each test file uses a different part of these helpers

use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{channel, Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

/// How long any single expected line may take; generous, since CI machines are slow.
pub const PATIENCE: Duration = Duration::from_secs(60);

/// A running engine process in protocol mode.
pub struct Engine {
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
}

/// Starts the `tessera` binary with `args` in the repository's root (where `positions/…`
/// paths resolve), its input and output piped, its standard error discarded.
pub fn start_tessera(args: &[&str]) -> Child {
    Command::new(env!("CARGO_BIN_EXE_tessera"))
        .args(args)
        .current_dir(repository())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("the tessera binary starts")
}

/// Starts `tessera` with `args`, writes `input` and closes it: the end of the input. The
/// caller waits for the engine.
pub fn start_on_input(args: &[&str], input: &[u8]) -> Child {
    let mut child = start_tessera(args);
    let mut stdin = child.stdin.take().expect("piped stdin");
    // An engine that exits early closes its input; its output then tells what went wrong.
    let _ = stdin.write_all(input);
    child
}

impl Engine {
    pub fn start() -> Engine {
        let mut child = start_tessera(&[]);
        let stdin = child.stdin.take().expect("piped stdin");
        let stdout = child.stdout.take().expect("piped stdout");
        let (sender, lines) = channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if sender.send(line).is_err() {
                    break;
                }
            }
        });
        Engine {
            child,
            stdin,
            lines,
        }
    }

    /// The engine process's threads (Linux only: read from `/proc`).
    pub fn os_threads(&self) -> usize {
        std::fs::read_dir(format!("/proc/{}/task", self.child.id()))
            .expect("the engine process has a /proc entry")
            .count()
    }

    pub fn send(&mut self, line: &str) {
        writeln!(self.stdin, "{line}").expect("the engine reads its input");
        self.stdin.flush().expect("the engine reads its input");
    }

    /// Reads lines until one satisfies `last`; returns them all, that one included.
    pub fn read_until(&mut self, last: impl Fn(&str) -> bool) -> Vec<String> {
        let deadline = Instant::now() + PATIENCE;
        let mut seen = Vec::new();
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.lines.recv_timeout(left) {
                Ok(line) => {
                    let done = last(&line);
                    seen.push(line);
                    if done {
                        return seen;
                    }
                }
                Err(RecvTimeoutError::Timeout) => panic!("no expected line; got {seen:#?}"),
                Err(RecvTimeoutError::Disconnected) => {
                    panic!("the engine closed its output; got {seen:#?}")
                }
            }
        }
    }

    /// Sends `line`, then `isready`, and returns what came before `readyok`.
    pub fn ask(&mut self, line: &str) -> Vec<String> {
        self.send(line);
        self.send("isready");
        let mut lines = self.read_until(|l| l == "readyok");
        lines.pop();
        lines
    }

    /// Sends a `perft` or `bench` line, which runs as a job (`isready` meanwhile is
    /// answered at once), and returns its lines up to its last: `Nodes searched: …` of
    /// perft, `Nodes/second …` of bench, or an error.
    pub fn count(&mut self, line: &str) -> Vec<String> {
        self.send(line);
        self.read_until(|l| {
            l.starts_with("Nodes searched:")
                || l.starts_with("Nodes/second")
                || l.starts_with("info string error:")
        })
    }

    /// The `d` lines that describe the state: position, hash, side to move, options.
    pub fn state(&mut self) -> Vec<String> {
        self.ask("d")
            .into_iter()
            .filter(|l| {
                ["Variant:", "Position:", "Hash:", "To move:", "Options:"]
                    .iter()
                    .any(|p| l.starts_with(p))
            })
            .collect()
    }

    /// The value of one `d` field, e.g. `field("Position")`.
    pub fn field(&mut self, name: &str) -> String {
        let prefix = format!("{name}: ");
        self.ask("d")
            .iter()
            .find_map(|l| l.strip_prefix(&prefix).map(str::to_string))
            .unwrap_or_else(|| panic!("d shows no {name}"))
    }

    /// Sends each line of `cases` and expects exactly one `info string error: ` line
    /// with its message, and the state as it was before.
    pub fn assert_rejected(&mut self, cases: &[(&str, &str)]) {
        let before = self.state();
        for (line, error) in cases {
            assert_eq!(
                self.ask(line),
                [format!("info string error: {error}")],
                "{line}"
            );
            assert_eq!(self.state(), before, "{line}");
        }
    }

    /// Sends `quit` and waits for the process to end.
    pub fn quit(mut self) {
        self.send("quit");
        let deadline = Instant::now() + PATIENCE;
        while Instant::now() < deadline {
            if let Ok(Some(status)) = self.child.try_wait() {
                assert!(status.success(), "exit status {status}");
                return;
            }
            std::thread::sleep(Duration::from_millis(10));
        }
        panic!("the engine did not quit");
    }
}

impl Drop for Engine {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Runs the `tessera` command line with `args`, which must succeed, and returns what it
/// printed.
pub fn tessera(args: &[&str]) -> String {
    let output = Command::new(env!("CARGO_BIN_EXE_tessera"))
        .args(args)
        .output()
        .expect("tessera runs");
    assert!(output.status.success(), "{args:?}: {output:?}");
    String::from_utf8(output.stdout).expect("UTF-8 output")
}

/// Runs the binary on a whole script (the input ends after it) and returns its output.
pub fn run_script(script: &str) -> Vec<String> {
    run_script_bytes(script.as_bytes())
}

/// [`run_script`] for input that need not be UTF-8.
pub fn run_script_bytes(script: &[u8]) -> Vec<String> {
    let output = start_on_input(&[], script)
        .wait_with_output()
        .expect("the engine ends");
    assert!(output.status.success());
    String::from_utf8(output.stdout)
        .expect("the output is UTF-8")
        .lines()
        .map(str::to_string)
        .collect()
}

pub const START: &str = "daqkqad/bbbrrbbb/nnnrarnnn/pppppppppp/ppppppppppp/12/13/12/PPPPPPPPPPP/PPPPPPPPPP/NNNRARNNN/BBBRRBBB/DAQKQAD w 0 1";
/// R59: the start after `h5h6`.
pub const AFTER_H5H6: &str = "daqkqad/bbbrrbbb/nnnrarnnn/pppppppppp/ppppppppppp/12/13/6P5/PPPPP1PPPPP/PPPPPPPPPP/NNNRARNNN/BBBRRBBB/DAQKQAD b 0 1";
pub const HEXCHOICE_START: &str =
    "7/8/9/pppppppppp/ppppppppppp/12/13/12/PPPPPPPPPPP/PPPPPPPPPP/9/8/7 b place 0 1";
/// Black is checkmated (white wins).
pub const CHECKMATE: &str = "k5R/8/1K7/10/11/12/13/12/2p8/10/9/8/7 b 1 1";
/// Black is stalemated (white scores 3/4).
pub const STALEMATE: &str = "k6/8/2K6/10/2p8/12/3B9/12/11/10/9/8/7 b 0 1";

/// The word after the first `word` among the blank-separated words of `line`, e.g. a
/// value of an `info` or `option` line.
pub fn word_after<'a>(line: &'a str, word: &str) -> Option<&'a str> {
    let mut words = line.split_whitespace();
    words.find(|&w| w == word)?;
    words.next()
}

/// The root of the repository (the workspace that holds the protocol crate).
pub fn repository() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("the protocol crate lies in the workspace")
        .to_path_buf()
}

/// Splits a command line written in the docs into words as a shell does for simple
/// quoting: blanks separate words; single or double quotes group them (inside double
/// quotes `\"` and `\\` stand for `"` and `\`).
pub fn split_words(line: &str) -> Result<Vec<String>, String> {
    let mut words = Vec::new();
    let mut word: Option<String> = None;
    let mut quote: Option<char> = None;
    let mut chars = line.chars();
    while let Some(c) = chars.next() {
        match (quote, c) {
            (Some('"'), '\\') => {
                let current = word.get_or_insert_with(String::new);
                match chars.next() {
                    Some(escaped @ ('"' | '\\')) => current.push(escaped),
                    Some(other) => current.extend(['\\', other]),
                    None => return Err(format!("unfinished quote in: {line}")),
                }
            }
            (Some(q), c) if c == q => quote = None,
            (Some(_), c) => word.get_or_insert_with(String::new).push(c),
            (None, '\'' | '"') => {
                quote = Some(c);
                word.get_or_insert_with(String::new);
            }
            (None, c) if c.is_whitespace() => words.extend(word.take()),
            (None, c) => word.get_or_insert_with(String::new).push(c),
        }
    }
    if quote.is_some() {
        return Err(format!("unfinished quote in: {line}"));
    }
    words.extend(word);
    Ok(words)
}
