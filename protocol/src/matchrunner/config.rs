//! The match's command line: clap reads the flags, `specs` reads their fastchess-style
//! `key=value` lists (`--engine cmd=… name=… option.Hash=64 tc=10+0.1`), and this module
//! puts them together into a checked [`MatchConfig`]. Every refusal names the flag, the
//! engine and the bad token.

use super::specs::{
    check_distinct_names, draw_rule, engine_spec, key_values, openings_spec, optional, resign_rule,
    shard_spec, sprt_spec,
};
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
    /// Print the progress line every this many games when the output is not a terminal
    /// (0: only the standings at the end); a terminal shows it after every game.
    #[arg(long, default_value_t = 10)]
    pub ratinginterval: usize,
    /// Play only the K-th of N disjoint slices of the match's games (e.g. 2/8).
    #[arg(long, value_name = "K/N")]
    pub shard: Option<String>,
    /// Write every game's result to this file, for `--merge`.
    #[arg(long, value_name = "FILE")]
    pub results: Option<PathBuf>,
    /// Combine the result files of a match's shards into one report (plays no games).
    #[arg(long, num_args = 1.., value_name = "FILE")]
    pub merge: Vec<PathBuf>,
    /// With --merge: report the games there are even if shards or games are missing.
    #[arg(long, requires = "merge")]
    pub allow_partial: bool,
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

pub(super) fn refuse<T>(message: impl Into<String>) -> Result<T, ConfigError> {
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

/// Slice `index` (0-based) of `count` of a match's games.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shard {
    pub index: usize,
    pub count: usize,
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
    pub shard: Option<Shard>,
    pub results: Option<PathBuf>,
}

/// What `--merge` needs: the result files and the SPRT to report on them.
#[derive(Clone, Debug)]
pub struct MergeConfig {
    pub files: Vec<PathBuf>,
    pub sprt: Option<SprtSpec>,
    /// Report an incomplete set of shards instead of refusing it.
    pub allow_partial: bool,
}

impl MergeConfig {
    /// `--merge` only reads files: flags that play or record games are refused.
    pub fn from_args(args: MatchArgs) -> Result<MergeConfig, ConfigError> {
        let playing = [
            (!args.engines.0.is_empty(), "--engine"),
            (args.shard.is_some(), "--shard"),
            (args.results.is_some(), "--results"),
            (args.pgn.is_some(), "--pgn"),
        ];
        if let Some((_, flag)) = playing.iter().find(|(given, _)| *given) {
            return refuse(format!(
                "--merge combines result files and plays no games: drop {flag}"
            ));
        }
        Ok(MergeConfig {
            files: args.merge,
            sprt: optional(&args.sprt, "--sprt", sprt_spec)?,
            allow_partial: args.allow_partial,
        })
    }
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
        let shard = args.shard.as_deref().map(shard_spec).transpose()?;
        let openings = optional(&args.openings, "--openings", openings_spec)?;
        let sprt = optional(&args.sprt, "--sprt", sprt_spec)?;
        if shard.is_some() {
            check_shardable(&openings, args.seed, sprt.is_some(), args.results.is_some())?;
        }
        Ok(MatchConfig {
            variant: args.variant,
            players: args.players,
            engines,
            games: args.games,
            concurrency: args.concurrency,
            openings,
            seed: args.seed,
            pgn: args.pgn,
            sprt,
            draw: optional(&args.draw, "--draw", draw_rule)?,
            resign: optional(&args.resign, "--resign", resign_rule)?,
            maxmoves: args.maxmoves,
            time_margin: Duration::from_millis(args.timemargin),
            hang_timeout: Duration::from_secs_f64(args.hangtimeout),
            rating_interval: args.ratinginterval,
            shard,
            results: args.results,
        })
    }
}

/// Shards must agree on the game list without talking to each other: random openings
/// need the same `--seed` everywhere, the SPRT cannot stop the other shards (give it to
/// `--merge`), and a shard's games are only of use in a result file.
fn check_shardable(
    openings: &Option<OpeningsSpec>,
    seed: Option<u64>,
    sprt: bool,
    results: bool,
) -> Result<(), ConfigError> {
    let random = openings.as_ref().is_some_and(|o| o.order == Order::Random);
    if random && seed.is_none() {
        return refuse("--shard with order=random needs --seed, the same for every shard");
    }
    if sprt {
        return refuse("--shard cannot stop on the SPRT: give --sprt to --merge instead");
    }
    if !results {
        return refuse("--shard needs --results <file> for --merge to read");
    }
    Ok(())
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
                &format!("{TWO} --each depth=1 option.Patron=3"),
                "the patron comes from the openings' position strings",
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
