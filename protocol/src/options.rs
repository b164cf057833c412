//! The engine options (`docs/protocol.md`, "Options"): one table drives both the
//! `option` lines of `uci` and the checks of `setoption`, so the two cannot disagree.

use crate::strength;
use engine::search::multiplayer::Algorithm;
use engine::search::skill::MAX_LEVEL;
use engine::variants::sevenkingdoms::Players;
use engine::variants::Variant;
use std::fmt;

pub const MAX_HASH_MB: usize = 65536;
/// Each search creates its helper threads anew; with a thousand threads that alone took
/// longer than a short `movetime` on a loaded machine (issue 19, F4: 0.4 to 1.2 s for
/// 1023 threads on two cores), while 256 answer within the limit plus 100 ms.
pub const MAX_THREADS: usize = 256;
pub const MAX_MULTIPV: usize = 256;
pub const MAX_MOVE_OVERHEAD_MS: u64 = 5000;

/// An option's UCI type with its default and limits.
#[derive(Clone, Copy, Debug)]
enum Kind {
    Spin {
        default: i64,
        min: i64,
        max: i64,
    },
    Combo {
        default: &'static str,
        vars: &'static [&'static str],
    },
    Check {
        default: bool,
    },
    Button,
    Text {
        default: &'static str,
    },
}

/// Which option; the table below gives its name and type.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Id {
    Variant,
    Hash,
    Threads,
    MultiPv,
    Ponder,
    MoveOverhead,
    ClearHash,
    Players,
    MultiplayerSearch,
    Patron,
    ShowWdl,
    SkillLevel,
    LimitStrength,
    Elo,
    PlainSearch,
}

const VARIANT_IDS: &[&str] = &[
    "hexmate",
    "hexchoice",
    "panoply",
    "hepta",
    "sevenkingdoms",
    "hexian",
];
const MULTIPLAYER_SEARCHES: &[&str] = &["brs", "paranoid", "maxn"];

const TABLE: &[(Id, &str, Kind)] = &[
    (
        Id::Variant,
        "UCI_Variant",
        Kind::Combo {
            default: "hexmate",
            vars: VARIANT_IDS,
        },
    ),
    (
        Id::Hash,
        "Hash",
        Kind::Spin {
            default: 16,
            min: 1,
            max: MAX_HASH_MB as i64,
        },
    ),
    (
        Id::Threads,
        "Threads",
        Kind::Spin {
            default: 1,
            min: 1,
            max: MAX_THREADS as i64,
        },
    ),
    (
        Id::MultiPv,
        "MultiPV",
        Kind::Spin {
            default: 1,
            min: 1,
            max: MAX_MULTIPV as i64,
        },
    ),
    (Id::Ponder, "Ponder", Kind::Check { default: false }),
    (
        Id::MoveOverhead,
        "Move Overhead",
        Kind::Spin {
            default: 10,
            min: 0,
            max: MAX_MOVE_OVERHEAD_MS as i64,
        },
    ),
    (Id::ClearHash, "Clear Hash", Kind::Button),
    (Id::Players, "Players", Kind::Text { default: "" }),
    (
        Id::MultiplayerSearch,
        "Multiplayer Search",
        Kind::Combo {
            default: "brs",
            vars: MULTIPLAYER_SEARCHES,
        },
    ),
    (
        Id::Patron,
        "Patron",
        Kind::Spin {
            default: 1,
            min: 1,
            max: 6,
        },
    ),
    (Id::ShowWdl, "UCI_ShowWDL", Kind::Check { default: false }),
    (
        Id::SkillLevel,
        "Skill Level",
        Kind::Spin {
            default: MAX_LEVEL as i64,
            min: 0,
            max: MAX_LEVEL as i64,
        },
    ),
    (
        Id::LimitStrength,
        "UCI_LimitStrength",
        Kind::Check { default: false },
    ),
    (
        Id::Elo,
        "UCI_Elo",
        Kind::Spin {
            default: strength::MAX_ELO as i64,
            min: strength::MIN_ELO as i64,
            max: strength::MAX_ELO as i64,
        },
    ),
    // Not in protocol.md: plain alpha-beta instead of the full search, the baseline of
    // strength tests (`tessera match … option.Plain Search=true`).
    (
        Id::PlainSearch,
        "Plain Search",
        Kind::Check { default: false },
    ),
];

/// A validated `setoption`, ready to apply.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OptionChange {
    Variant(Variant),
    Hash(usize),
    Threads(usize),
    MultiPv(usize),
    Ponder(bool),
    MoveOverhead(u64),
    ClearHash,
    Players(String),
    MultiplayerSearch(Algorithm),
    Patron(u8),
    ShowWdl(bool),
    SkillLevel(u32),
    LimitStrength(bool),
    Elo(u32),
    PlainSearch(bool),
}

/// Why a `setoption` was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OptionError {
    Unknown(String),
    MissingValue(&'static str),
    ButtonWithValue(&'static str),
    NotAnInteger(&'static str, String),
    OutOfRange {
        name: &'static str,
        value: String,
        min: i64,
        max: i64,
    },
    NotAVar(&'static str, String, &'static [&'static str]),
    NotABool(&'static str, String),
    BadPlayers(String),
}

impl fmt::Display for OptionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            OptionError::Unknown(name) => write!(f, "unknown option '{name}'"),
            OptionError::MissingValue(name) => write!(f, "option {name} needs a value"),
            OptionError::ButtonWithValue(name) => {
                write!(f, "option {name} is a button and takes no value")
            }
            OptionError::NotAnInteger(name, value) => {
                write!(f, "option {name}: '{value}' is not an integer")
            }
            OptionError::OutOfRange {
                name,
                value,
                min,
                max,
            } => write!(f, "option {name}: {value} is out of range {min}..{max}"),
            OptionError::NotAVar(name, value, vars) => write!(
                f,
                "option {name}: '{value}' is not one of {}",
                vars.join(", ")
            ),
            OptionError::NotABool(name, value) => {
                write!(f, "option {name}: '{value}' is neither true nor false")
            }
            OptionError::BadPlayers(value) => write!(
                f,
                "option Players: '{value}' is neither 2, 3, 6 (hexian) nor a division of \
                 the kingdoms wrobgpd into blocks such as wrob/gpd (sevenkingdoms)"
            ),
        }
    }
}

impl std::error::Error for OptionError {}

/// The current value of every option that has one.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OptionValues {
    pub variant: Variant,
    pub hash_mb: usize,
    pub threads: usize,
    pub multipv: usize,
    pub ponder: bool,
    pub move_overhead_ms: u64,
    pub players: String,
    pub multiplayer_search: Algorithm,
    pub patron: u8,
    pub show_wdl: bool,
    pub skill_level: u32,
    pub limit_strength: bool,
    pub elo: u32,
    pub plain_search: bool,
}

impl Default for OptionValues {
    fn default() -> Self {
        let mut values = OptionValues {
            variant: Variant::Hexmate,
            hash_mb: 0,
            threads: 0,
            multipv: 0,
            ponder: false,
            move_overhead_ms: 0,
            players: String::new(),
            multiplayer_search: Algorithm::BestReply,
            patron: 0,
            show_wdl: false,
            skill_level: 0,
            limit_strength: false,
            elo: 0,
            plain_search: false,
        };
        for &(id, _, kind) in TABLE {
            let value = match kind {
                Kind::Spin { default, .. } => Value::Int(default),
                Kind::Combo { default, .. } | Kind::Text { default } => {
                    Value::Text(default.to_string())
                }
                Kind::Check { default } => Value::Bool(default),
                Kind::Button => continue,
            };
            values.apply(&change_for(id, value));
        }
        values
    }
}

impl OptionValues {
    /// Stores a change (`ClearHash` has no value to store).
    pub fn apply(&mut self, change: &OptionChange) {
        match change {
            OptionChange::Variant(v) => self.variant = *v,
            OptionChange::Hash(mb) => self.hash_mb = *mb,
            OptionChange::Threads(n) => self.threads = *n,
            OptionChange::MultiPv(n) => self.multipv = *n,
            OptionChange::Ponder(on) => self.ponder = *on,
            OptionChange::MoveOverhead(ms) => self.move_overhead_ms = *ms,
            OptionChange::ClearHash => {}
            OptionChange::Players(p) => self.players.clone_from(p),
            OptionChange::MultiplayerSearch(s) => self.multiplayer_search = *s,
            OptionChange::Patron(p) => self.patron = *p,
            OptionChange::ShowWdl(on) => self.show_wdl = *on,
            OptionChange::SkillLevel(level) => self.skill_level = *level,
            OptionChange::LimitStrength(on) => self.limit_strength = *on,
            OptionChange::Elo(elo) => self.elo = *elo,
            OptionChange::PlainSearch(on) => self.plain_search = *on,
        }
    }

    /// `name=value` pairs of every stored value, for diagnostics and tests.
    pub fn describe(&self) -> Vec<(&'static str, String)> {
        vec![
            ("UCI_Variant", self.variant.id().to_string()),
            ("Hash", self.hash_mb.to_string()),
            ("Threads", self.threads.to_string()),
            ("MultiPV", self.multipv.to_string()),
            ("Ponder", self.ponder.to_string()),
            ("Move Overhead", self.move_overhead_ms.to_string()),
            ("Players", self.players.clone()),
            (
                "Multiplayer Search",
                self.multiplayer_search.id().to_string(),
            ),
            ("Patron", self.patron.to_string()),
            ("UCI_ShowWDL", self.show_wdl.to_string()),
            ("Skill Level", self.skill_level.to_string()),
            ("UCI_LimitStrength", self.limit_strength.to_string()),
            ("UCI_Elo", self.elo.to_string()),
            ("Plain Search", self.plain_search.to_string()),
        ]
    }
}

/// The `option …` lines of the `uci` answer, in UCI's grammar.
pub fn uci_lines() -> Vec<String> {
    TABLE
        .iter()
        .map(|&(_, name, kind)| {
            let kind = match kind {
                Kind::Spin { default, min, max } => {
                    format!("spin default {default} min {min} max {max}")
                }
                Kind::Combo { default, vars } => {
                    let vars: Vec<String> = vars.iter().map(|v| format!("var {v}")).collect();
                    format!("combo default {default} {}", vars.join(" "))
                }
                Kind::Check { default } => format!("check default {default}"),
                Kind::Button => "button".to_string(),
                Kind::Text { default } => {
                    let shown = if default.is_empty() {
                        "<empty>"
                    } else {
                        default
                    };
                    format!("string default {shown}")
                }
            };
            format!("option name {name} type {kind}")
        })
        .collect()
}

/// A value checked against its option's type.
enum Value {
    None,
    Int(i64),
    Bool(bool),
    Text(String),
}

/// Checks `setoption name <name> [value <value>]` against the table. Whether the change
/// can be carried out (an unimplemented variant) is the session's business.
pub fn parse_setoption(name: &str, value: Option<&str>) -> Result<OptionChange, OptionError> {
    let &(id, name, kind) = TABLE
        .iter()
        .find(|(_, known, _)| known.eq_ignore_ascii_case(name))
        .ok_or_else(|| OptionError::Unknown(name.to_string()))?;
    let value = check_value(name, kind, value)?;
    if let (Id::Players, Value::Text(text)) = (id, &value) {
        if !valid_players(text) {
            return Err(OptionError::BadPlayers(text.clone()));
        }
    }
    Ok(change_for(id, value))
}

fn check_value(name: &'static str, kind: Kind, value: Option<&str>) -> Result<Value, OptionError> {
    let Kind::Button = kind else {
        let text = value.ok_or(OptionError::MissingValue(name))?;
        return check_typed_value(name, kind, text);
    };
    match value {
        None => Ok(Value::None),
        Some(_) => Err(OptionError::ButtonWithValue(name)),
    }
}

fn check_typed_value(name: &'static str, kind: Kind, text: &str) -> Result<Value, OptionError> {
    match kind {
        Kind::Spin { min, max, .. } => {
            let number: i64 = text
                .parse()
                .map_err(|_| OptionError::NotAnInteger(name, text.to_string()))?;
            if (min..=max).contains(&number) {
                Ok(Value::Int(number))
            } else {
                Err(OptionError::OutOfRange {
                    name,
                    value: text.to_string(),
                    min,
                    max,
                })
            }
        }
        Kind::Combo { vars, .. } => vars
            .iter()
            .find(|v| v.eq_ignore_ascii_case(text))
            .map(|v| Value::Text(v.to_string()))
            .ok_or_else(|| OptionError::NotAVar(name, text.to_string(), vars)),
        Kind::Check { .. } => match text.to_ascii_lowercase().as_str() {
            "true" => Ok(Value::Bool(true)),
            "false" => Ok(Value::Bool(false)),
            _ => Err(OptionError::NotABool(name, text.to_string())),
        },
        // UCI writes an empty string as `<empty>`.
        Kind::Text { .. } if text == "<empty>" => Ok(Value::Text(String::new())),
        Kind::Text { .. } => Ok(Value::Text(text.to_string())),
        Kind::Button => Ok(Value::None),
    }
}

/// Turns a value already checked against the table into its typed change.
fn change_for(id: Id, value: Value) -> OptionChange {
    let int = |v: &Value| match v {
        Value::Int(n) => *n,
        _ => unreachable!("spin options carry integers"),
    };
    let text = |v: Value| match v {
        Value::Text(t) => t,
        _ => unreachable!("combo and string options carry text"),
    };
    match id {
        Id::Variant => OptionChange::Variant(
            Variant::from_id(&text(value)).expect("the combo lists only variant ids"),
        ),
        Id::Hash => OptionChange::Hash(int(&value) as usize),
        Id::Threads => OptionChange::Threads(int(&value) as usize),
        Id::MultiPv => OptionChange::MultiPv(int(&value) as usize),
        Id::Ponder => OptionChange::Ponder(matches!(value, Value::Bool(true))),
        Id::MoveOverhead => OptionChange::MoveOverhead(int(&value) as u64),
        Id::ClearHash => OptionChange::ClearHash,
        Id::Players => OptionChange::Players(text(value)),
        Id::MultiplayerSearch => OptionChange::MultiplayerSearch(
            Algorithm::from_id(&text(value)).expect("the combo lists only algorithm ids"),
        ),
        Id::Patron => OptionChange::Patron(int(&value) as u8),
        Id::ShowWdl => OptionChange::ShowWdl(matches!(value, Value::Bool(true))),
        Id::SkillLevel => OptionChange::SkillLevel(int(&value) as u32),
        Id::LimitStrength => OptionChange::LimitStrength(matches!(value, Value::Bool(true))),
        Id::Elo => OptionChange::Elo(int(&value) as u32),
        Id::PlainSearch => OptionChange::PlainSearch(matches!(value, Value::Bool(true))),
    }
}

/// The `Players` grammars of the variants that have one: empty (the variant's default),
/// hexian's `2`, `3` or `6`, or a Seven Kingdoms division (sevenkingdoms.md R46, 13.2).
/// Whether the value fits the current variant is the session's business.
fn valid_players(value: &str) -> bool {
    value.is_empty() || matches!(value, "2" | "3" | "6") || Players::parse(value).is_ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn uci_lines_follow_the_grammar() {
        let lines = uci_lines();
        assert_eq!(
            lines[0],
            "option name UCI_Variant type combo default hexmate var hexmate var hexchoice \
             var panoply var hepta var sevenkingdoms var hexian"
        );
        assert!(lines.contains(&"option name Hash type spin default 16 min 1 max 65536".into()));
        assert!(lines.contains(&"option name Clear Hash type button".into()));
        assert!(lines.contains(&"option name Ponder type check default false".into()));
        assert!(lines.contains(&"option name Players type string default <empty>".into()));
        assert!(lines.contains(&"option name Plain Search type check default false".into()));
        assert!(lines.contains(&"option name Skill Level type spin default 20 min 0 max 20".into()));
        assert!(lines.contains(&"option name UCI_ShowWDL type check default false".into()));
        assert_eq!(lines.len(), 15);
    }

    #[test]
    fn defaults_come_from_the_table() {
        let values = OptionValues::default();
        assert_eq!(values.variant, Variant::Hexmate);
        assert_eq!(values.hash_mb, 16);
        assert_eq!(values.threads, 1);
        assert_eq!(values.multipv, 1);
        assert_eq!(values.move_overhead_ms, 10);
        assert_eq!(values.patron, 1);
        assert!(!values.ponder);
    }

    #[test]
    fn names_and_combo_values_are_case_insensitive() {
        assert_eq!(
            parse_setoption("uci_variant", Some("HexChoice")),
            Ok(OptionChange::Variant(Variant::Hexchoice))
        );
        assert_eq!(
            parse_setoption("move overhead", Some("0")),
            Ok(OptionChange::MoveOverhead(0))
        );
        assert_eq!(
            parse_setoption("Ponder", Some("TRUE")),
            Ok(OptionChange::Ponder(true))
        );
        assert_eq!(
            parse_setoption("clear hash", None),
            Ok(OptionChange::ClearHash)
        );
    }

    #[test]
    fn bad_values_are_refused() {
        let err = |name, value| parse_setoption(name, value).unwrap_err().to_string();
        assert_eq!(
            err("Hash", Some("lots")),
            "option Hash: 'lots' is not an integer"
        );
        assert_eq!(
            err("Hash", Some("0")),
            "option Hash: 0 is out of range 1..65536"
        );
        assert_eq!(err("Threads", None), "option Threads needs a value");
        assert_eq!(
            err("Clear Hash", Some("1")),
            "option Clear Hash is a button and takes no value"
        );
        assert_eq!(
            err("Multiplayer Search", Some("minimax")),
            "option Multiplayer Search: 'minimax' is not one of brs, paranoid, maxn"
        );
        assert_eq!(
            err("Ponder", Some("yes")),
            "option Ponder: 'yes' is neither true nor false"
        );
        assert_eq!(err("Contempt", Some("1")), "unknown option 'Contempt'");
    }

    #[test]
    fn every_multiplayer_search_value_names_an_algorithm() {
        for value in MULTIPLAYER_SEARCHES {
            assert_eq!(
                parse_setoption("Multiplayer Search", Some(value)),
                Ok(OptionChange::MultiplayerSearch(
                    Algorithm::from_id(value).unwrap()
                ))
            );
        }
        assert_eq!(
            MULTIPLAYER_SEARCHES.len(),
            Algorithm::ALL.len(),
            "the combo lists every algorithm"
        );
    }

    #[test]
    fn players_follow_a_variant_grammar() {
        for good in [
            "",
            "<empty>",
            "2",
            "3",
            "6",
            "wrob/gpd",
            "wr/ob/gp/d",
            "dw/ro/bg/p",
        ] {
            assert!(parse_setoption("Players", Some(good)).is_ok(), "{good}");
        }
        for bad in [
            "4",
            "wrobgpd",
            "wrobg/pd",
            "wo/rb/gpd",
            "w/r/o/b/g/p",
            "w/r/o/b/g/p/d/w",
        ] {
            assert!(parse_setoption("Players", Some(bad)).is_err(), "{bad}");
        }
    }
}
