//! Parsing protocol lines (`docs/protocol.md`) into typed commands.
//!
//! The parser knows the grammar only: it checks keywords, counts and number ranges, but
//! not whether a position string or a move is valid, which depends on the position and
//! the variant (the session checks those).

use std::collections::HashSet;
use std::fmt;

/// Deepest search `go depth`, `go mate` and `bench` accept: the search's ply limit.
pub const MAX_DEPTH: u64 = engine::search::score::MAX_PLY as u64 - 1;
/// Deepest `perft`: far beyond what finishes, but keeps the number sane.
pub const MAX_PERFT_DEPTH: u64 = 20;
/// Largest millisecond value of a clock or `movetime` (about 35 years).
pub const MAX_MILLISECONDS: u64 = 1 << 40;

/// One command from the GUI.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Command {
    Uci,
    Debug(bool),
    IsReady,
    SetOption {
        name: String,
        value: Option<String>,
    },
    UciNewGame,
    Position {
        setup: Setup,
        moves: Vec<String>,
    },
    Go(GoParams),
    Stop,
    PonderHit,
    Quit,
    /// `d`: the board, position string, hash key, side to move and result.
    Display,
    /// `moves`: the legal moves.
    Moves,
    Eval,
    /// `perft <n>` or `go perft <n>`.
    Perft(u32),
    Bench(BenchParams),
}

/// Where `position` starts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Setup {
    StartPos,
    /// The position string, its tokens joined by single spaces.
    Fen(String),
}

/// The parameters of `go` (other than `perft`), as sent.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct GoParams {
    pub depth: Option<u32>,
    pub nodes: Option<u64>,
    pub movetime: Option<u64>,
    pub mate: Option<u32>,
    pub infinite: bool,
    pub ponder: bool,
    pub wtime: Option<u64>,
    pub btime: Option<u64>,
    pub winc: Option<u64>,
    pub binc: Option<u64>,
    pub movestogo: Option<u32>,
    pub time: Option<u64>,
    pub inc: Option<u64>,
    pub searchmoves: Vec<String>,
}

/// `bench [depth] [threads] [hash]`; missing values take the defaults.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct BenchParams {
    pub depth: Option<u32>,
    pub threads: Option<usize>,
    pub hash_mb: Option<usize>,
}

/// Why a number was refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NumberProblem {
    NotANumber,
    Negative,
    OutOfRange { min: u64, max: u64 },
}

/// What is wrong with a line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CommandError {
    UnknownCommand(String),
    /// A token where the command expects none or another one.
    UnexpectedToken {
        command: &'static str,
        token: String,
        expected: &'static str,
    },
    /// The line ends where the command needs more.
    Missing {
        command: &'static str,
        what: &'static str,
    },
    BadNumber {
        parameter: String,
        token: String,
        problem: NumberProblem,
    },
    /// A parameter without its value at the end of the line.
    MissingValue(String),
    /// A `go` parameter given twice.
    Repeated(String),
    /// `go perft` mixed with search parameters.
    PerftWithSearchParameters,
}

impl fmt::Display for CommandError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CommandError::UnknownCommand(token) => write!(f, "unknown command '{token}'"),
            CommandError::UnexpectedToken {
                command,
                token,
                expected,
            } => write!(f, "{command}: unexpected '{token}', expected {expected}"),
            CommandError::Missing { command, what } => write!(f, "{command}: missing {what}"),
            CommandError::BadNumber {
                parameter,
                token,
                problem,
            } => {
                write!(f, "{parameter}: '{token}' ")?;
                match problem {
                    NumberProblem::NotANumber => write!(f, "is not a number"),
                    NumberProblem::Negative => write!(f, "is negative"),
                    NumberProblem::OutOfRange { min, max } => {
                        write!(f, "is out of range {min}..{max}")
                    }
                }
            }
            CommandError::MissingValue(parameter) => write!(f, "{parameter}: missing value"),
            CommandError::Repeated(parameter) => write!(f, "go: '{parameter}' given twice"),
            CommandError::PerftWithSearchParameters => {
                write!(f, "go: perft cannot be combined with other parameters")
            }
        }
    }
}

impl std::error::Error for CommandError {}

/// The tokens of a line: runs of spaces and tabs separate them; a final `\r` is dropped.
pub fn tokens(line: &str) -> Vec<&str> {
    line.trim_end_matches(['\r', '\n'])
        .split([' ', '\t'])
        .filter(|t| !t.is_empty())
        .collect()
}

/// Parses one line; `Ok(None)` for an empty line, which the protocol ignores.
pub fn parse_line(line: &str) -> Result<Option<Command>, CommandError> {
    let tokens = tokens(line);
    let Some((&name, args)) = tokens.split_first() else {
        return Ok(None);
    };
    let command = match name {
        "uci" => no_arguments("uci", args, Command::Uci)?,
        "debug" => parse_debug(args)?,
        "isready" => no_arguments("isready", args, Command::IsReady)?,
        "setoption" => parse_setoption(args)?,
        "ucinewgame" => no_arguments("ucinewgame", args, Command::UciNewGame)?,
        "position" => parse_position(args)?,
        "go" => parse_go(args)?,
        "stop" => no_arguments("stop", args, Command::Stop)?,
        "ponderhit" => no_arguments("ponderhit", args, Command::PonderHit)?,
        "quit" => no_arguments("quit", args, Command::Quit)?,
        "d" => no_arguments("d", args, Command::Display)?,
        "moves" => no_arguments("moves", args, Command::Moves)?,
        "eval" => no_arguments("eval", args, Command::Eval)?,
        "perft" => parse_perft("perft", args)?,
        "bench" => parse_bench(args)?,
        other => return Err(CommandError::UnknownCommand(other.to_string())),
    };
    Ok(Some(command))
}

fn no_arguments(
    command: &'static str,
    args: &[&str],
    value: Command,
) -> Result<Command, CommandError> {
    match args.first() {
        None => Ok(value),
        Some(token) => Err(CommandError::UnexpectedToken {
            command,
            token: token.to_string(),
            expected: "nothing",
        }),
    }
}

fn parse_debug(args: &[&str]) -> Result<Command, CommandError> {
    let on = match args.first() {
        Some(&"on") => true,
        Some(&"off") => false,
        Some(token) => {
            return Err(CommandError::UnexpectedToken {
                command: "debug",
                token: token.to_string(),
                expected: "'on' or 'off'",
            })
        }
        None => {
            return Err(CommandError::Missing {
                command: "debug",
                what: "'on' or 'off'",
            })
        }
    };
    no_arguments("debug", &args[1..], Command::Debug(on))
}

/// `setoption name <name…> [value <value…>]`: the name's tokens run up to `value`.
fn parse_setoption(args: &[&str]) -> Result<Command, CommandError> {
    match args.first() {
        Some(&"name") => {}
        Some(token) => {
            return Err(CommandError::UnexpectedToken {
                command: "setoption",
                token: token.to_string(),
                expected: "'name'",
            })
        }
        None => {
            return Err(CommandError::Missing {
                command: "setoption",
                what: "'name'",
            })
        }
    }
    let rest = &args[1..];
    let (name_tokens, value) = match rest.iter().position(|&t| t == "value") {
        Some(at) => (&rest[..at], Some(rest[at + 1..].join(" "))),
        None => (rest, None),
    };
    if name_tokens.is_empty() {
        return Err(CommandError::Missing {
            command: "setoption",
            what: "the option name",
        });
    }
    Ok(Command::SetOption {
        name: name_tokens.join(" "),
        value,
    })
}

/// `position startpos|fen <string> [moves <m>…]`.
fn parse_position(args: &[&str]) -> Result<Command, CommandError> {
    let moves_at = args.iter().position(|&t| t == "moves");
    let (head, moves) = match moves_at {
        Some(at) => (&args[..at], args[at + 1..].to_vec()),
        None => (args, Vec::new()),
    };
    let setup = match head.split_first() {
        Some((&"startpos", [])) => Setup::StartPos,
        Some((&"startpos", [extra, ..])) => {
            return Err(CommandError::UnexpectedToken {
                command: "position",
                token: extra.to_string(),
                expected: "'moves' after 'startpos'",
            })
        }
        Some((&"fen", [])) => {
            return Err(CommandError::Missing {
                command: "position",
                what: "the position string after 'fen'",
            })
        }
        Some((&"fen", fields)) => Setup::Fen(fields.join(" ")),
        Some((token, _)) => {
            return Err(CommandError::UnexpectedToken {
                command: "position",
                token: token.to_string(),
                expected: "'startpos' or 'fen'",
            })
        }
        None => {
            return Err(CommandError::Missing {
                command: "position",
                what: "'startpos' or 'fen'",
            })
        }
    };
    Ok(Command::Position {
        setup,
        moves: moves.into_iter().map(str::to_string).collect(),
    })
}

const GO_KEYWORDS: [&str; 15] = [
    "depth",
    "nodes",
    "movetime",
    "mate",
    "infinite",
    "ponder",
    "wtime",
    "btime",
    "winc",
    "binc",
    "movestogo",
    "time",
    "inc",
    "searchmoves",
    "perft",
];

fn parse_go(args: &[&str]) -> Result<Command, CommandError> {
    if args.first() == Some(&"perft") {
        return parse_perft("go perft", &args[1..]).map_err(|e| match e {
            CommandError::UnexpectedToken { .. } => CommandError::PerftWithSearchParameters,
            other => other,
        });
    }
    let mut params = GoParams::default();
    let mut seen = HashSet::new();
    let mut rest = args;
    while let Some((&keyword, tail)) = rest.split_first() {
        if !GO_KEYWORDS.contains(&keyword) {
            return Err(CommandError::UnexpectedToken {
                command: "go",
                token: keyword.to_string(),
                expected: "a go parameter",
            });
        }
        if !seen.insert(keyword) {
            return Err(CommandError::Repeated(keyword.to_string()));
        }
        rest = tail;
        match keyword {
            "infinite" => params.infinite = true,
            "ponder" => params.ponder = true,
            "perft" => return Err(CommandError::PerftWithSearchParameters),
            "searchmoves" => {
                let count = rest.iter().take_while(|t| !GO_KEYWORDS.contains(t)).count();
                if count == 0 {
                    return Err(CommandError::Missing {
                        command: "go",
                        what: "the moves after 'searchmoves'",
                    });
                }
                params.searchmoves = rest[..count].iter().map(|t| t.to_string()).collect();
                rest = &rest[count..];
            }
            _ => {
                let Some((&token, tail)) = rest.split_first() else {
                    return Err(CommandError::MissingValue(format!("go {keyword}")));
                };
                set_go_number(&mut params, keyword, token)?;
                rest = tail;
            }
        }
    }
    Ok(Command::Go(params))
}

fn set_go_number(params: &mut GoParams, keyword: &str, token: &str) -> Result<(), CommandError> {
    let parameter = format!("go {keyword}");
    let millis = || number(&parameter, token, 0, MAX_MILLISECONDS);
    let count = |max| number(&parameter, token, 1, max);
    match keyword {
        "depth" => params.depth = Some(count(MAX_DEPTH)? as u32),
        "nodes" => params.nodes = Some(count(u64::MAX)?),
        "mate" => params.mate = Some(count(MAX_DEPTH)? as u32),
        "movestogo" => params.movestogo = Some(count(u64::from(u32::MAX))? as u32),
        "movetime" => params.movetime = Some(millis()?),
        "wtime" => params.wtime = Some(millis()?),
        "btime" => params.btime = Some(millis()?),
        "winc" => params.winc = Some(millis()?),
        "binc" => params.binc = Some(millis()?),
        "time" => params.time = Some(millis()?),
        "inc" => params.inc = Some(millis()?),
        _ => unreachable!("only numeric go keywords reach here"),
    }
    Ok(())
}

fn parse_perft(command: &'static str, args: &[&str]) -> Result<Command, CommandError> {
    let Some((&token, rest)) = args.split_first() else {
        return Err(CommandError::Missing {
            command,
            what: "the depth",
        });
    };
    let depth = perft_depth(command, token)?;
    no_arguments(command, rest, Command::Perft(depth))
}

/// A perft depth, `1..=MAX_PERFT_DEPTH`: `perft`, `go perft` and `tessera perft --depth`.
pub fn perft_depth(parameter: &str, token: &str) -> Result<u32, CommandError> {
    number(parameter, token, 1, MAX_PERFT_DEPTH).map(|d| d as u32)
}

/// A search depth, `1..=MAX_DEPTH`: `go depth`, `bench` and the command line's `--depth`.
pub fn search_depth(parameter: &str, token: &str) -> Result<u32, CommandError> {
    number(parameter, token, 1, MAX_DEPTH).map(|d| d as u32)
}

fn parse_bench(args: &[&str]) -> Result<Command, CommandError> {
    let limits = [
        ("bench depth", MAX_DEPTH),
        ("bench threads", crate::options::MAX_THREADS as u64),
        ("bench hash", crate::options::MAX_HASH_MB as u64),
    ];
    if let Some(extra) = args.get(limits.len()) {
        return Err(CommandError::UnexpectedToken {
            command: "bench",
            token: extra.to_string(),
            expected: "at most depth, threads and hash",
        });
    }
    let mut values = [None; 3];
    for (i, &token) in args.iter().enumerate() {
        let (parameter, max) = limits[i];
        values[i] = Some(number(parameter, token, 1, max)?);
    }
    Ok(Command::Bench(BenchParams {
        depth: values[0].map(|v| v as u32),
        threads: values[1].map(|v| v as usize),
        hash_mb: values[2].map(|v| v as usize),
    }))
}

/// A decimal number in `min..=max`: ASCII digits only (a leading `+` is refused too).
pub fn number(parameter: &str, token: &str, min: u64, max: u64) -> Result<u64, CommandError> {
    let refuse = |problem| CommandError::BadNumber {
        parameter: parameter.to_string(),
        token: token.to_string(),
        problem,
    };
    let digits = token.strip_prefix('-').unwrap_or(token);
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return Err(refuse(NumberProblem::NotANumber));
    }
    if token.starts_with('-') {
        return Err(refuse(NumberProblem::Negative));
    }
    match digits.parse::<u64>() {
        Ok(value) if (min..=max).contains(&value) => Ok(value),
        _ => Err(refuse(NumberProblem::OutOfRange { min, max })),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(line: &str) -> Command {
        parse_line(line).unwrap().unwrap()
    }

    fn error(line: &str) -> String {
        parse_line(line).unwrap_err().to_string()
    }

    #[test]
    fn blank_lines_are_no_command() {
        assert_eq!(parse_line(""), Ok(None));
        assert_eq!(parse_line(" \t \r\n"), Ok(None));
    }

    #[test]
    fn tokens_split_on_runs_of_spaces_and_tabs() {
        assert_eq!(tokens("go \t depth  3\r"), vec!["go", "depth", "3"]);
        assert_eq!(parse("  isready\r\n"), Command::IsReady);
    }

    #[test]
    fn setoption_names_and_values_may_contain_spaces() {
        assert_eq!(
            parse("setoption name Move  Overhead value 30"),
            Command::SetOption {
                name: "Move Overhead".into(),
                value: Some("30".into())
            }
        );
        assert_eq!(
            parse("setoption name Clear Hash"),
            Command::SetOption {
                name: "Clear Hash".into(),
                value: None
            }
        );
        assert_eq!(
            parse("setoption name Players value"),
            Command::SetOption {
                name: "Players".into(),
                value: Some(String::new())
            }
        );
        assert_eq!(error("setoption"), "setoption: missing 'name'");
        assert_eq!(
            error("setoption value 3"),
            "setoption: unexpected 'value', expected 'name'"
        );
        assert_eq!(
            error("setoption name value 3"),
            "setoption: missing the option name"
        );
    }

    #[test]
    fn position_splits_the_string_from_the_moves() {
        assert_eq!(
            parse("position fen a  b c moves e3e4 f4f5"),
            Command::Position {
                setup: Setup::Fen("a b c".into()),
                moves: vec!["e3e4".into(), "f4f5".into()]
            }
        );
        assert_eq!(
            parse("position startpos moves"),
            Command::Position {
                setup: Setup::StartPos,
                moves: vec![]
            }
        );
        assert_eq!(error("position"), "position: missing 'startpos' or 'fen'");
        assert_eq!(
            error("position fen moves e3e4"),
            "position: missing the position string after 'fen'"
        );
        assert_eq!(
            error("position startpos e3e4"),
            "position: unexpected 'e3e4', expected 'moves' after 'startpos'"
        );
        assert_eq!(
            error("position moves e3e4"),
            "position: missing 'startpos' or 'fen'"
        );
    }

    #[test]
    fn go_reads_every_parameter() {
        let Command::Go(p) = parse(
            "go wtime 1000 btime 2000 winc 10 binc 20 movestogo 5 depth 7 nodes 100 \
             movetime 50 mate 3 time 9 inc 1 ponder infinite searchmoves e3e4 f3f4",
        ) else {
            panic!("not a go command")
        };
        assert_eq!(
            p,
            GoParams {
                depth: Some(7),
                nodes: Some(100),
                movetime: Some(50),
                mate: Some(3),
                infinite: true,
                ponder: true,
                wtime: Some(1000),
                btime: Some(2000),
                winc: Some(10),
                binc: Some(20),
                movestogo: Some(5),
                time: Some(9),
                inc: Some(1),
                searchmoves: vec!["e3e4".into(), "f3f4".into()],
            }
        );
        assert_eq!(parse("go"), Command::Go(GoParams::default()));
        assert_eq!(parse("go perft 3"), Command::Perft(3));
        assert_eq!(parse("perft 2"), Command::Perft(2));
    }

    #[test]
    fn go_refuses_bad_numbers() {
        assert_eq!(error("go depth x"), "go depth: 'x' is not a number");
        assert_eq!(error("go depth -3"), "go depth: '-3' is negative");
        assert_eq!(error("go wtime -50"), "go wtime: '-50' is negative");
        assert_eq!(error("go depth 0"), "go depth: '0' is out of range 1..127");
        assert_eq!(error("go depth +3"), "go depth: '+3' is not a number");
        assert_eq!(error("go depth"), "go depth: missing value");
        assert_eq!(error("go wtime -0"), "go wtime: '-0' is negative");
        assert_eq!(
            error("go nodes 99999999999999999999999"),
            "go nodes: '99999999999999999999999' is out of range 1..18446744073709551615"
        );
        assert_eq!(error("go depth 3 depth 4"), "go: 'depth' given twice");
        assert_eq!(
            error("go fast"),
            "go: unexpected 'fast', expected a go parameter"
        );
        assert_eq!(
            error("go searchmoves"),
            "go: missing the moves after 'searchmoves'"
        );
        assert_eq!(
            error("go depth 3 perft 2"),
            "go: perft cannot be combined with other parameters"
        );
        assert_eq!(
            error("go perft 2 depth 3"),
            "go: perft cannot be combined with other parameters"
        );
        assert_eq!(error("go perft"), "go perft: missing the depth");
        assert!(parse_line("go wtime 0 winc 0").is_ok());
    }

    #[test]
    fn commands_without_arguments_refuse_extra_tokens() {
        assert_eq!(
            error("isready now"),
            "isready: unexpected 'now', expected nothing"
        );
        assert_eq!(error("uci x"), "uci: unexpected 'x', expected nothing");
        assert_eq!(error("UCI"), "unknown command 'UCI'");
        assert_eq!(error("perft"), "perft: missing the depth");
        assert_eq!(
            error("perft 2 3"),
            "perft: unexpected '3', expected nothing"
        );
    }

    #[test]
    fn bench_takes_up_to_three_numbers() {
        assert_eq!(parse("bench"), Command::Bench(BenchParams::default()));
        assert_eq!(
            parse("bench 5 2 64"),
            Command::Bench(BenchParams {
                depth: Some(5),
                threads: Some(2),
                hash_mb: Some(64)
            })
        );
        assert_eq!(error("bench x"), "bench depth: 'x' is not a number");
        assert_eq!(
            error("bench 1 1 1 1"),
            "bench: unexpected '1', expected at most depth, threads and hash"
        );
    }

    #[test]
    fn debug_takes_on_or_off() {
        assert_eq!(parse("debug on"), Command::Debug(true));
        assert_eq!(parse("debug off"), Command::Debug(false));
        assert_eq!(error("debug"), "debug: missing 'on' or 'off'");
    }
}
