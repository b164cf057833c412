//! Readers for the `key=value` lists of the match flags: `--engine`/`--each` keys into
//! an [`EngineSpec`], and the lists of `--openings`, `--sprt`, `--draw` and `--resign`.

use super::config::{
    refuse, Clock, ConfigError, DrawRule, EngineSpec, Limits, OpeningsSpec, Order, ResignRule,
    Shard, SprtSpec,
};
use std::path::PathBuf;

/// Parses a flag's `key=value` tokens when the flag was given.
pub(super) fn optional<T>(
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
pub(crate) fn key_values(
    tokens: &[String],
    what: &str,
) -> Result<Vec<(String, String)>, ConfigError> {
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
pub(crate) fn engine_spec(
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
/// variant, its players and Hexian's patron are the match's business, so that engines
/// and the runner's own rules agree.
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
    // The runner's own rules start from the default patron; another patron comes with
    // the openings' position strings, whose patron field every engine reads.
    if name.eq_ignore_ascii_case("Patron") {
        return Err("the patron comes from the openings' position strings".to_string());
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

pub(crate) fn check_distinct_names(engines: &[EngineSpec]) -> Result<(), ConfigError> {
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
fn parse_tc(text: &str) -> Result<Clock, String> {
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

pub(super) fn openings_spec(
    pairs: &[(String, String)],
    flag: &str,
) -> Result<OpeningsSpec, ConfigError> {
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

pub(super) fn sprt_spec(pairs: &[(String, String)], flag: &str) -> Result<SprtSpec, ConfigError> {
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

/// `K/N`: slice `K` (from 1) of `N`.
pub(crate) fn shard_spec(text: &str) -> Result<Shard, ConfigError> {
    let bad = || {
        ConfigError(format!(
            "--shard {text}: give K/N with 1 <= K <= N, e.g. 2/8"
        ))
    };
    let (k, n) = text.split_once('/').ok_or_else(bad)?;
    let (k, n) = (parse_positive::<usize>(k), parse_positive::<usize>(n));
    match (k, n) {
        (Ok(k), Ok(n)) if k <= n => Ok(Shard {
            index: k - 1,
            count: n,
        }),
        _ => Err(bad()),
    }
}

pub(super) fn draw_rule(pairs: &[(String, String)], flag: &str) -> Result<DrawRule, ConfigError> {
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

pub(super) fn resign_rule(
    pairs: &[(String, String)],
    flag: &str,
) -> Result<ResignRule, ConfigError> {
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
