//! The match's command line: clap reads the flags, this module turns fastchess-style
//! `key=value` specs (`--engine cmd=… name=… option.Hash=64 tc=10+0.1`) into a checked
//! [`MatchConfig`]. Every refusal names the flag, the engine and the bad token.

use crate::cli::parse_variant;
use clap::Args;
use engine::variants::Variant;
use std::fmt;
use std::path::PathBuf;
use std::time::Duration;

/// `tessera match`: flags as clap reads them, before the specs are checked.
#[derive(Args, Debug)]
pub struct MatchArgs {
    /// Variant id: hexmate, hexchoice, … (sent as `setoption name UCI_Variant`).
    #[arg(long, default_value = "hexmate", value_parser = parse_variant)]
    pub variant: Variant,
    /// The variant's `Players` option (e.g. `wrob/gpd`), sent to every engine and used
    /// by the runner's own rules.
    #[arg(long)]
    pub players: Option<String>,
    #[command(flatten)]
    pub engines: EngineTokens,
    /// Keys that apply to every engine (an engine's own keys win).
    #[arg(long, num_args = 1.., value_name = "KEY=VALUE")]
    pub each: Vec<String>,
    /// Total number of games.
    #[arg(long, default_value_t = 2)]
    pub games: usize,
    /// Games played at once (one set of engine processes each).
    #[arg(long, default_value_t = 1)]
    pub concurrency: usize,
    /// Opening set: file=<path> [order=sequential|random] [start=<n>].
    #[arg(long, num_args = 1.., value_name = "KEY=VALUE")]
    pub openings: Vec<String>,
    /// Seed for `order=random` (default: from the clock, printed at the start).
    #[arg(long)]
    pub seed: Option<u64>,
    /// Append every game to this file as PGN.
    #[arg(long)]
    pub pgn: Option<PathBuf>,
    /// Sequential probability ratio test: elo0=<x> elo1=<y> alpha=<a> beta=<b>.
    #[arg(long, num_args = 1.., value_name = "KEY=VALUE")]
    pub sprt: Vec<String>,
    /// Draw adjudication: movenumber=<n> movecount=<n> score=<cp>.
    #[arg(long, num_args = 1.., value_name = "KEY=VALUE")]
    pub draw: Vec<String>,
    /// Resign adjudication: movecount=<n> score=<cp>.
    #[arg(long, num_args = 1.., value_name = "KEY=VALUE")]
    pub resign: Vec<String>,
    /// Adjudicate a draw after this many moves (a move is one ply of every seat).
    #[arg(long)]
    pub maxmoves: Option<u32>,
    /// Milliseconds an engine may overrun its clock or `st` before it loses on time.
    #[arg(long, default_value_t = 100)]
    pub timemargin: u64,
    /// Seconds an engine may take for a move without a clock (depth or nodes limits)
    /// before it is taken to hang and loses on time.
    #[arg(long, default_value_t = 60.0)]
    pub hangtimeout: f64,
    /// Print the score every this many games (0: only at the end).
    #[arg(long, default_value_t = 10)]
    pub ratinginterval: usize,
}

/// The tokens of every `--engine`, one list per occurrence. Clap's derive cannot group
/// a repeated many-valued flag by occurrence, so this part is written by hand.
#[derive(Debug, Default)]
pub struct EngineTokens(pub Vec<Vec<String>>);

const ENGINE_FLAG: &str = "engine";

impl clap::FromArgMatches for EngineTokens {
    fn from_arg_matches(matches: &clap::ArgMatches) -> Result<Self, clap::Error> {
        let occurrences = matches
            .get_occurrences::<String>(ENGINE_FLAG)
            .map(|all| all.map(|tokens| tokens.cloned().collect()).collect())
            .unwrap_or_default();
        Ok(EngineTokens(occurrences))
    }

    fn update_from_arg_matches(&mut self, matches: &clap::ArgMatches) -> Result<(), clap::Error> {
        *self = EngineTokens::from_arg_matches(matches)?;
        Ok(())
    }
}

impl Args for EngineTokens {
    fn augment_args(command: clap::Command) -> clap::Command {
        command.arg(
            clap::Arg::new(ENGINE_FLAG)
                .long(ENGINE_FLAG)
                .num_args(1..)
                .action(clap::ArgAction::Append)
                .value_name("KEY=VALUE")
                .help(
                    "An engine: cmd=<path> [args=\"<a> <b>\"] [name=<name>] [option.<Name>=<value>…] \
                     [tc=<base>+<inc> | st=<seconds>] [depth=<n>] [nodes=<n>]; once per engine",
                ),
        )
    }

    fn augment_args_for_update(command: clap::Command) -> clap::Command {
        EngineTokens::augment_args(command)
    }
}

/// A refused command line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ConfigError(pub String);

impl fmt::Display for ConfigError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for ConfigError {}

fn refuse<T>(message: impl Into<String>) -> Result<T, ConfigError> {
    Err(ConfigError(message.into()))
}

/// A chess clock: base time and increment per move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Clock {
    pub base_ms: u64,
    pub inc_ms: u64,
}

/// How long an engine may think: a clock or a fixed time per move, and/or depth and
/// node limits. At least one is set.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Limits {
    pub clock: Option<Clock>,
    pub movetime_ms: Option<u64>,
    pub depth: Option<u32>,
    pub nodes: Option<u64>,
}

/// One engine of the match.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EngineSpec {
    pub name: String,
    pub cmd: String,
    pub args: Vec<String>,
    /// `setoption` name and value pairs, in the order given.
    pub options: Vec<(String, String)>,
    pub limits: Limits,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Order {
    Sequential,
    Random,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OpeningsSpec {
    pub file: PathBuf,
    pub order: Order,
    /// Index of the first opening used (0-based; `start=` is 1-based).
    pub start: usize,
}

#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SprtSpec {
    pub elo0: f64,
    pub elo1: f64,
    pub alpha: f64,
    pub beta: f64,
}

/// Draw when, from move `movenumber` on, every engine's score stayed within `score`
/// centipawns of zero for its last `movecount` moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DrawRule {
    pub movenumber: u32,
    pub movecount: u32,
    pub score: i32,
}

/// An engine resigns when its score stayed at or below `-score` for `movecount` moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ResignRule {
    pub movecount: u32,
    pub score: i32,
}

/// Everything a match needs, checked.
#[derive(Clone, Debug)]
pub struct MatchConfig {
    pub variant: Variant,
    pub players: Option<String>,
    pub engines: Vec<EngineSpec>,
    pub games: usize,
    pub concurrency: usize,
    pub openings: Option<OpeningsSpec>,
    pub seed: Option<u64>,
    pub pgn: Option<PathBuf>,
    pub sprt: Option<SprtSpec>,
    pub draw: Option<DrawRule>,
    pub resign: Option<ResignRule>,
    pub maxmoves: Option<u32>,
    pub time_margin: Duration,
    pub hang_timeout: Duration,
    pub rating_interval: usize,
}

impl MatchConfig {
    /// Checks the flags and reads the specs. What depends on the variant's seat count
    /// (how many engines, whether SPRT applies) is checked by the runner.
    pub fn from_args(args: MatchArgs) -> Result<MatchConfig, ConfigError> {
        if args.engines.0.len() < 2 {
            return refuse("a match needs at least two --engine specs");
        }
        let each = key_values(&args.each, "--each")?;
        let engines = args
            .engines
            .0
            .iter()
            .enumerate()
            .map(|(i, tokens)| {
                let what = format!("--engine #{}", i + 1);
                let own = key_values(tokens, &what)?;
                engine_spec(&each, &own, &what)
            })
            .collect::<Result<Vec<_>, _>>()?;
        check_distinct_names(&engines)?;
        if args.games == 0 {
            return refuse("--games must be at least 1");
        }
        if args.concurrency == 0 {
            return refuse("--concurrency must be at least 1");
        }
        if !(args.hangtimeout.is_finite() && args.hangtimeout > 0.0) {
            return refuse("--hangtimeout must be a positive number of seconds");
        }
        if args.maxmoves == Some(0) {
            return refuse("--maxmoves must be at least 1");
        }
        Ok(MatchConfig {
            variant: args.variant,
            players: args.players,
            engines,
            games: args.games,
            concurrency: args.concurrency,
            openings: optional(&args.openings, "--openings", openings_spec)?,
            seed: args.seed,
            pgn: args.pgn,
            sprt: optional(&args.sprt, "--sprt", sprt_spec)?,
            draw: optional(&args.draw, "--draw", draw_rule)?,
            resign: optional(&args.resign, "--resign", resign_rule)?,
            maxmoves: args.maxmoves,
            time_margin: Duration::from_millis(args.timemargin),
            hang_timeout: Duration::from_secs_f64(args.hangtimeout),
            rating_interval: args.ratinginterval,
        })
    }
}

/// Parses a flag's `key=value` tokens when the flag was given.
fn optional<T>(
    tokens: &[String],
    flag: &str,
    parse: impl Fn(&[(String, String)], &str) -> Result<T, ConfigError>,
) -> Result<Option<T>, ConfigError> {
    if tokens.is_empty() {
        return Ok(None);
    }
    parse(&key_values(tokens, flag)?, flag).map(Some)
}

/// Splits `key=value` tokens; a key may not repeat.
pub fn key_values(tokens: &[String], what: &str) -> Result<Vec<(String, String)>, ConfigError> {
    let mut pairs: Vec<(String, String)> = Vec::new();
    for token in tokens {
        let Some((key, value)) = token.split_once('=') else {
            return refuse(format!("{what}: '{token}' is not of the form key=value"));
        };
        if key.is_empty() {
            return refuse(format!("{what}: '{token}' has an empty key"));
        }
        if pairs.iter().any(|(k, _)| k == key) {
            return refuse(format!("{what}: {key}= is given twice"));
        }
        pairs.push((key.to_string(), value.to_string()));
    }
    Ok(pairs)
}

const ENGINE_KEYS: &str = "cmd, name, args, option.<name>, tc, st, depth, nodes";

/// One engine from the `--each` keys overridden by its own.
fn engine_spec(
    each: &[(String, String)],
    own: &[(String, String)],
    what: &str,
) -> Result<EngineSpec, ConfigError> {
    let mut cmd = None;
    let mut name = None;
    let mut args = Vec::new();
    let mut options: Vec<(String, String)> = Vec::new();
    let mut limits = Limits::default();
    let mut tc_and_st = (false, false);
    for (key, value) in each.iter().chain(own) {
        let bad = |reason: &str| ConfigError(format!("{what}: {key}={value}: {reason}"));
        match key.as_str() {
            "cmd" => cmd = Some(non_empty(value).ok_or_else(|| bad("empty command"))?),
            "name" => name = Some(non_empty(value).ok_or_else(|| bad("empty name"))?),
            "args" => args = value.split_whitespace().map(String::from).collect(),
            "tc" => {
                limits.clock = Some(parse_tc(value).map_err(|r| bad(&r))?);
                tc_and_st.0 = true;
            }
            "st" => {
                limits.movetime_ms = Some(parse_seconds(value).map_err(|r| bad(&r))?);
                tc_and_st.1 = true;
            }
            "depth" => limits.depth = Some(parse_positive(value).map_err(|r| bad(&r))?),
            "nodes" => limits.nodes = Some(parse_positive(value).map_err(|r| bad(&r))?),
            _ => match key.strip_prefix("option.") {
                Some(option) => set_option(&mut options, option, value).map_err(|r| bad(&r))?,
                None => {
                    return refuse(format!(
                        "{what}: unknown key '{key}' (one of {ENGINE_KEYS})"
                    ))
                }
            },
        }
    }
    let Some(cmd) = cmd else {
        return refuse(format!("{what}: cmd= is missing"));
    };
    let name = name.unwrap_or_else(|| default_name(&cmd));
    if tc_and_st == (true, true) {
        return refuse(format!("engine '{name}': give tc= or st=, not both"));
    }
    if limits == Limits::default() {
        return refuse(format!(
            "engine '{name}': no time control; give tc=, st=, depth= or nodes= (in --engine or --each)"
        ));
    }
    Ok(EngineSpec {
        name,
        cmd,
        args,
        options,
        limits,
    })
}

fn non_empty(value: &str) -> Option<String> {
    (!value.is_empty()).then(|| value.to_string())
}

/// Adds or replaces an option (names are case-insensitive, as in the protocol). The
/// variant and its players are the match's business, so that engines and the runner's
/// own rules agree.
fn set_option(options: &mut Vec<(String, String)>, name: &str, value: &str) -> Result<(), String> {
    if name.is_empty() {
        return Err("empty option name".to_string());
    }
    if name.eq_ignore_ascii_case("UCI_Variant") {
        return Err("the variant is set with --variant".to_string());
    }
    if name.eq_ignore_ascii_case("Players") {
        return Err("the players are set with --players".to_string());
    }
    options.retain(|(n, _)| !n.eq_ignore_ascii_case(name));
    options.push((name.to_string(), value.to_string()));
    Ok(())
}

/// The file name of the command without its extension.
fn default_name(cmd: &str) -> String {
    let path = std::path::Path::new(cmd);
    path.file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_else(|| cmd.to_string())
}

fn check_distinct_names(engines: &[EngineSpec]) -> Result<(), ConfigError> {
    for (i, engine) in engines.iter().enumerate() {
        if engines[..i].iter().any(|e| e.name == engine.name) {
            return refuse(format!(
                "two engines are named '{}': give each its own name=",
                engine.name
            ));
        }
    }
    Ok(())
}

/// `<base>+<inc>` or `<base>`, in seconds (fractions allowed).
pub fn parse_tc(text: &str) -> Result<Clock, String> {
    if text.contains('/') {
        return Err("moves per period (moves/time) are not supported; use base+inc".to_string());
    }
    let (base, inc) = text.split_once('+').unwrap_or((text, "0"));
    let base_ms = parse_seconds(base)?;
    if base_ms == 0 {
        return Err("the base time must be positive".to_string());
    }
    Ok(Clock {
        base_ms,
        inc_ms: parse_seconds(inc)?,
    })
}

/// Seconds (fractions allowed) to whole milliseconds.
fn parse_seconds(text: &str) -> Result<u64, String> {
    match text.parse::<f64>() {
        Ok(seconds) if (0.0..1e9).contains(&seconds) => Ok((seconds * 1000.0).round() as u64),
        _ => Err(format!("'{text}' is not a number of seconds")),
    }
}

fn parse_positive<T: std::str::FromStr + PartialOrd + Default>(text: &str) -> Result<T, String> {
    match text.parse::<T>() {
        Ok(n) if n > T::default() => Ok(n),
        _ => Err(format!("'{text}' is not a positive whole number")),
    }
}

fn parse_number<T: std::str::FromStr>(flag: &str, key: &str, text: &str) -> Result<T, ConfigError> {
    text.parse()
        .map_err(|_| ConfigError(format!("{flag}: {key}={text}: not a number")))
}

/// Looks up the keys a flag needs; unknown or missing keys are refused.
fn expect_keys<'a>(
    pairs: &'a [(String, String)],
    flag: &str,
    required: &[&str],
    optional: &[&str],
) -> Result<impl Fn(&str) -> Option<&'a str>, ConfigError> {
    for (key, _) in pairs {
        if !required.contains(&key.as_str()) && !optional.contains(&key.as_str()) {
            let known: Vec<&str> = required.iter().chain(optional).copied().collect();
            return refuse(format!(
                "{flag}: unknown key '{key}' (one of {})",
                known.join(", ")
            ));
        }
    }
    if let Some(missing) = required
        .iter()
        .find(|&&k| !pairs.iter().any(|(key, _)| key == k))
    {
        return refuse(format!("{flag}: {missing}= is missing"));
    }
    Ok(move |key: &str| {
        pairs
            .iter()
            .find(|(k, _)| k == key)
            .map(|(_, v)| v.as_str())
    })
}

fn openings_spec(pairs: &[(String, String)], flag: &str) -> Result<OpeningsSpec, ConfigError> {
    let get = expect_keys(pairs, flag, &["file"], &["order", "start", "format"])?;
    if get("format").is_some_and(|f| f != "txt") {
        return refuse(format!(
            "{flag}: format= must be txt (one opening per line)"
        ));
    }
    let order = match get("order").unwrap_or("sequential") {
        "sequential" => Order::Sequential,
        "random" => Order::Random,
        other => return refuse(format!("{flag}: order={other}: use sequential or random")),
    };
    let start = match get("start") {
        Some(text) => parse_positive::<usize>(text)
            .map_err(|r| ConfigError(format!("{flag}: start={text}: {r}")))?,
        None => 1,
    };
    Ok(OpeningsSpec {
        file: PathBuf::from(get("file").unwrap_or_default()),
        order,
        start: start - 1,
    })
}

fn sprt_spec(pairs: &[(String, String)], flag: &str) -> Result<SprtSpec, ConfigError> {
    let get = expect_keys(pairs, flag, &["elo0", "elo1"], &["alpha", "beta"])?;
    let number = |key: &str, default: f64| match get(key) {
        Some(text) => parse_number::<f64>(flag, key, text),
        None => Ok(default),
    };
    let spec = SprtSpec {
        elo0: number("elo0", 0.0)?,
        elo1: number("elo1", 0.0)?,
        alpha: number("alpha", 0.05)?,
        beta: number("beta", 0.05)?,
    };
    if !(spec.elo0.is_finite() && spec.elo1.is_finite() && spec.elo0 < spec.elo1) {
        return refuse(format!("{flag}: elo0 must be less than elo1"));
    }
    let probability = |p: f64| p > 0.0 && p < 0.5;
    if !(probability(spec.alpha) && probability(spec.beta)) {
        return refuse(format!("{flag}: alpha and beta must lie between 0 and 0.5"));
    }
    Ok(spec)
}

fn draw_rule(pairs: &[(String, String)], flag: &str) -> Result<DrawRule, ConfigError> {
    let get = expect_keys(pairs, flag, &["movenumber", "movecount", "score"], &[])?;
    let rule = DrawRule {
        movenumber: parse_number(flag, "movenumber", get("movenumber").unwrap_or_default())?,
        movecount: parse_number(flag, "movecount", get("movecount").unwrap_or_default())?,
        score: parse_number(flag, "score", get("score").unwrap_or_default())?,
    };
    if rule.movecount == 0 || rule.score < 0 {
        return refuse(format!(
            "{flag}: movecount must be positive and score not negative"
        ));
    }
    Ok(rule)
}

fn resign_rule(pairs: &[(String, String)], flag: &str) -> Result<ResignRule, ConfigError> {
    let get = expect_keys(pairs, flag, &["movecount", "score"], &[])?;
    let rule = ResignRule {
        movecount: parse_number(flag, "movecount", get("movecount").unwrap_or_default())?,
        score: parse_number(flag, "score", get("score").unwrap_or_default())?,
    };
    if rule.movecount == 0 || rule.score <= 0 {
        return refuse(format!("{flag}: movecount and score must be positive"));
    }
    Ok(rule)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cli::{Cli, Command};
    use clap::Parser;

    fn parse(line: &str) -> Result<MatchConfig, String> {
        let words = std::iter::once("tessera").chain(line.split_whitespace());
        match Cli::try_parse_from(words)
            .map_err(|e| e.to_string())?
            .command
        {
            Some(Command::Match(args)) => MatchConfig::from_args(*args).map_err(|e| e.0),
            other => panic!("not a match command: {other:?}"),
        }
    }

    fn refusal(line: &str) -> String {
        parse(line).expect_err("the line is refused")
    }

    const TWO: &str = "match --engine cmd=a --engine cmd=b";

    #[test]
    fn the_example_command_line() {
        let config = parse(
            "match --variant hexmate --engine cmd=target/release/tessera name=new option.Hash=64 \
             --engine cmd=/path/to/old name=old --each tc=10+0.1 option.Threads=1 --games 200 \
             --concurrency 2 --openings file=positions/hexmate/openings.txt order=random \
             --pgn out.pgn --sprt elo0=0 elo1=5 alpha=0.05 beta=0.05",
        )
        .unwrap();
        let new = &config.engines[0];
        assert_eq!(new.name, "new");
        assert_eq!(new.cmd, "target/release/tessera");
        let options: Vec<(&str, &str)> = new
            .options
            .iter()
            .map(|(n, v)| (n.as_str(), v.as_str()))
            .collect();
        assert_eq!(options, [("Threads", "1"), ("Hash", "64")]);
        let clock = Clock {
            base_ms: 10_000,
            inc_ms: 100,
        };
        assert_eq!(new.limits.clock, Some(clock));
        assert_eq!(config.engines[1].limits.clock, Some(clock));
        assert_eq!((config.games, config.concurrency), (200, 2));
        let openings = config.openings.unwrap();
        assert_eq!(openings.order, Order::Random);
        assert_eq!(openings.start, 0);
        assert_eq!(config.sprt.unwrap().elo1, 5.0);
        assert_eq!(config.time_margin, Duration::from_millis(100));
    }

    #[test]
    fn an_engines_own_keys_win_over_each() {
        let config = parse(&format!(
            "{TWO} st=0.25 args=--x option.hash=8 --each depth=3 option.Hash=16 args=-q"
        ))
        .unwrap();
        let (a, b) = (&config.engines[0], &config.engines[1]);
        assert_eq!((a.name.as_str(), b.name.as_str()), ("a", "b"));
        assert_eq!(a.limits.depth, Some(3));
        assert_eq!(b.limits.movetime_ms, Some(250));
        assert_eq!(b.args, ["--x"]);
        assert_eq!(a.args, ["-q"]);
        assert_eq!(b.options, [("hash".to_string(), "8".to_string())]);
    }

    #[test]
    fn adjudication_and_timing_flags() {
        let config = parse(&format!(
            "{TWO} --each nodes=500 --draw movenumber=40 movecount=8 score=10 \
             --resign movecount=3 score=600 --maxmoves 100 --timemargin 50 --hangtimeout 2.5"
        ))
        .unwrap();
        assert_eq!(
            config.draw,
            Some(DrawRule {
                movenumber: 40,
                movecount: 8,
                score: 10
            })
        );
        assert_eq!(
            config.resign,
            Some(ResignRule {
                movecount: 3,
                score: 600
            })
        );
        assert_eq!(config.maxmoves, Some(100));
        assert_eq!(config.time_margin, Duration::from_millis(50));
        assert_eq!(config.hang_timeout, Duration::from_millis(2500));
    }

    #[test]
    fn bad_engine_specs_are_refused_with_the_reason() {
        let cases = [
            ("match --engine cmd=a depth=1", "at least two --engine"),
            (
                "match --engine name=x depth=1 --engine cmd=b depth=1",
                "--engine #1: cmd= is missing",
            ),
            (&format!("{TWO} --each depth=1 tcc=1"), "unknown key 'tcc'"),
            (
                &format!("{TWO} --each depth"),
                "'depth' is not of the form key=value",
            ),
            (
                &format!("{TWO} --each tc=abc"),
                "tc=abc: 'abc' is not a number of seconds",
            ),
            (&format!("{TWO} --each tc=40/60"), "moves per period"),
            (
                &format!("{TWO} --each tc=0+1"),
                "base time must be positive",
            ),
            (
                &format!("{TWO} --each depth=0"),
                "not a positive whole number",
            ),
            (
                &format!("{TWO} --each tc=1+0 st=1"),
                "give tc= or st=, not both",
            ),
            (TWO, "engine 'a': no time control"),
            (
                &format!("{TWO} name=a --each depth=1"),
                "two engines are named 'a'",
            ),
            (
                &format!("{TWO} --each depth=1 option.UCI_Variant=panoply"),
                "--variant",
            ),
            (
                &format!("{TWO} --each depth=1 option.players=wrob"),
                "--players",
            ),
            (
                &format!("{TWO} --each depth=1 depth=2"),
                "depth= is given twice",
            ),
        ];
        for (line, expected) in cases {
            let error = refusal(line);
            assert!(error.contains(expected), "{line}: {error}");
        }
    }

    #[test]
    fn bad_match_flags_are_refused_with_the_reason() {
        let with = |flags: &str| format!("{TWO} --each depth=1 {flags}");
        let cases = [
            ("--games 0", "--games must be at least 1"),
            ("--concurrency 0", "--concurrency must be at least 1"),
            ("--maxmoves 0", "--maxmoves must be at least 1"),
            ("--hangtimeout 0", "--hangtimeout must be a positive"),
            ("--sprt elo0=5 elo1=0", "elo0 must be less than elo1"),
            ("--sprt elo0=0 elo1=5 alpha=0.7", "alpha and beta"),
            ("--sprt elo0=0", "elo1= is missing"),
            ("--sprt elo0=0 elo1=x", "elo1=x: not a number"),
            ("--draw movenumber=40 movecount=8", "score= is missing"),
            ("--resign movecount=3 score=-5", "must be positive"),
            ("--openings order=random", "file= is missing"),
            ("--openings file=x order=shuffled", "order=shuffled"),
            ("--openings file=x start=0", "start=0"),
            ("--openings file=x format=epd", "format="),
            ("--variant chess", "unknown variant 'chess'"),
        ];
        for (flags, expected) in cases {
            let error = refusal(&with(flags));
            assert!(error.contains(expected), "{flags}: {error}");
        }
    }

    #[test]
    fn default_names_come_from_the_command() {
        let config = parse(
            "match --engine cmd=/usr/bin/stockfish --engine cmd=./tessera.exe --each depth=1",
        )
        .unwrap();
        assert_eq!(config.engines[0].name, "stockfish");
        assert_eq!(config.engines[1].name, "tessera");
    }
}
