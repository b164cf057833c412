//! Result files (`--results`), which `tessera match --merge` reads to report on the
//! shards of a match as one. A plain text format, one item per line:
//!
//! ```text
//! tessera-match-results 1
//! variant hexmate
//! players -
//! seats 2
//! games 200
//! openings 60 random seed 7
//! engine new
//! engine old
//! shard 1/4
//! game 1 1,2 1-0
//! game 2 2,1 1/2-1/2
//! ```
//!
//! The first line names the format and its version (1); a reader refuses other
//! versions. Then the match's identity, which must be the same in every file of one
//! match: `variant`, `players` (`-` for the variant's default), `seats`, `games` (the
//! whole match), `openings` (how many, their order, and the seed when it matters or
//! `start position`), and one `engine <name>` line per engine in `--engine` order. Then
//! `shard K/N` (`1/1` for a whole match) and one `game` line per finished game: its
//! number in the match (from 1), the engine of each seat (numbered from 1 in the order
//! of the `engine` lines) and the result in the variant's notation, one score per seat.

use super::config::Shard;
use super::specs::shard_spec;
use engine::game::Points;
use std::path::Path;

const FORMAT_LINE: &str = "tessera-match-results 1";

/// One game as the statistics need it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameResult {
    /// 0-based number in the match.
    pub index: usize,
    pub seat_engines: Vec<usize>,
    pub points: Vec<Points>,
}

/// What is the same in every result file of one match.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MatchIdentity {
    pub variant: String,
    pub players: Option<String>,
    pub seats: usize,
    pub games: usize,
    /// `60 random seed 7`, `60 sequential` or `start position`.
    pub openings: String,
    pub names: Vec<String>,
}

/// The header of a result file: the format, the identity and the shard (`K/N`).
pub fn header_text(identity: &MatchIdentity, shard: &str) -> String {
    let mut text = format!(
        "{FORMAT_LINE}\nvariant {}\nplayers {}\nseats {}\ngames {}\nopenings {}\n",
        identity.variant,
        identity.players.as_deref().unwrap_or("-"),
        identity.seats,
        identity.games,
        identity.openings
    );
    for name in &identity.names {
        text.push_str(&format!("engine {name}\n"));
    }
    text.push_str(&format!("shard {shard}\n"));
    text
}

/// `game 3 2,1 1/2-1/2`.
pub fn game_line(game: &GameResult) -> String {
    let engines: Vec<String> = game
        .seat_engines
        .iter()
        .map(|e| (e + 1).to_string())
        .collect();
    let points: Vec<String> = game.points.iter().map(Points::to_string).collect();
    format!(
        "game {} {} {}\n",
        game.index + 1,
        engines.join(","),
        points.join("-")
    )
}

/// A result file as read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ResultsFile {
    pub identity: MatchIdentity,
    /// The `shard K/N` line (1/1 for a whole match).
    pub shard: Shard,
    pub games: Vec<GameResult>,
}

/// Reads the result file at `path`; errors name the file and the line.
pub fn read_results_file(path: &Path) -> Result<ResultsFile, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
    parse_results(&text).map_err(|e| format!("{}: {e}", path.display()))
}

pub fn parse_results(text: &str) -> Result<ResultsFile, String> {
    let mut lines = text.lines().enumerate().map(|(i, line)| (i + 1, line));
    match lines.next() {
        Some((_, FORMAT_LINE)) => {}
        Some((_, first)) if first.starts_with("tessera-match-results ") => {
            return Err(format!(
                "format '{first}' is not supported (this reader knows version 1)"
            ))
        }
        _ => return Err("not a tessera match result file".to_string()),
    }
    let mut fields = Header::default();
    let mut games = Vec::new();
    for (number, line) in lines {
        let (key, value) = line.split_once(' ').unwrap_or((line, ""));
        let at_line = |e: String| format!("line {number}: {e}");
        match key {
            "game" => games.push(fields.game(value).map_err(at_line)?),
            _ => fields.set(key, value).map_err(at_line)?,
        }
    }
    Ok(ResultsFile {
        shard: fields.shard.unwrap_or(Shard { index: 0, count: 1 }),
        identity: fields.identity()?,
        games,
    })
}

/// The header lines read so far.
#[derive(Default)]
struct Header {
    variant: Option<String>,
    players: Option<String>,
    seats: Option<usize>,
    games: Option<usize>,
    openings: Option<String>,
    names: Vec<String>,
    shard: Option<Shard>,
}

impl Header {
    fn set(&mut self, key: &str, value: &str) -> Result<(), String> {
        let count = |value: &str| {
            value
                .parse::<usize>()
                .ok()
                .filter(|&n| n > 0)
                .ok_or_else(|| format!("{key} {value}: not a positive number"))
        };
        match key {
            "variant" => self.variant = Some(value.to_string()),
            "players" => self.players = Some(value.to_string()),
            "seats" => self.seats = Some(count(value)?),
            "games" => self.games = Some(count(value)?),
            "openings" => self.openings = Some(value.to_string()),
            "engine" => self.names.push(value.to_string()),
            "shard" => self.shard = Some(shard_spec(value).map_err(|e| e.0)?),
            _ => return Err(format!("unknown line '{key} {value}'")),
        }
        Ok(())
    }

    /// `<number> <engines> <points>` after `game`, checked against the header.
    fn game(&self, value: &str) -> Result<GameResult, String> {
        let (Some(seats), Some(games)) = (self.seats, self.games) else {
            return Err("a game before the seats and games lines".to_string());
        };
        let bad = || format!("game {value}: expected '<number> <engines> <result>'");
        let [number, engines, points] = value.split(' ').collect::<Vec<_>>()[..] else {
            return Err(bad());
        };
        let index = number
            .parse::<usize>()
            .ok()
            .filter(|n| (1..=games).contains(n))
            .ok_or_else(|| format!("game {number}: not a game of a {games}-game match"))?
            - 1;
        let seat_engines = engines
            .split(',')
            .map(|e| match e.parse::<usize>() {
                Ok(n) if (1..=self.names.len()).contains(&n) => Ok(n - 1),
                _ => Err(format!("game {number}: '{e}' is not an engine number")),
            })
            .collect::<Result<Vec<_>, _>>()?;
        let points = points
            .split('-')
            .map(parse_points)
            .collect::<Result<Vec<_>, _>>()
            .map_err(|e| format!("game {number}: {e}"))?;
        if seat_engines.len() != seats || points.len() != seats {
            return Err(format!("game {number}: not {seats} seats"));
        }
        Ok(GameResult {
            index,
            seat_engines,
            points,
        })
    }

    fn identity(self) -> Result<MatchIdentity, String> {
        let missing = |what: &str| format!("the {what} line is missing");
        if self.names.len() < 2 {
            return Err("fewer than two engine lines".to_string());
        }
        Ok(MatchIdentity {
            variant: self.variant.ok_or_else(|| missing("variant"))?,
            players: self.players.filter(|p| p != "-"),
            seats: self.seats.ok_or_else(|| missing("seats"))?,
            games: self.games.ok_or_else(|| missing("games"))?,
            openings: self.openings.ok_or_else(|| missing("openings"))?,
            names: self.names,
        })
    }
}

/// `0`, `1` or a fraction `n/d` of a point whose denominator divides 420 (the unit of
/// [`Points`]).
fn parse_points(text: &str) -> Result<Points, String> {
    let bad = || format!("'{text}' is not a score");
    let (numerator, denominator) = text.split_once('/').unwrap_or((text, "1"));
    let numerator: u16 = numerator.parse().map_err(|_| bad())?;
    let denominator: u16 = denominator.parse().map_err(|_| bad())?;
    if denominator == 0 || 420 % denominator != 0 || numerator > denominator {
        return Err(bad());
    }
    Ok(Points::fraction(numerator, denominator))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn identity() -> MatchIdentity {
        MatchIdentity {
            variant: "hexmate".to_string(),
            players: None,
            seats: 2,
            games: 4,
            openings: "60 random seed 7".to_string(),
            names: vec!["new".to_string(), "old engine".to_string()],
        }
    }

    #[test]
    fn a_written_file_reads_back() {
        let games = [
            GameResult {
                index: 2,
                seat_engines: vec![0, 1],
                points: vec![Points::fraction(3, 4), Points::fraction(1, 4)],
            },
            GameResult {
                index: 3,
                seat_engines: vec![1, 0],
                points: vec![Points::HALF, Points::HALF],
            },
        ];
        let mut text = header_text(&identity(), "2/2");
        games.iter().for_each(|g| text.push_str(&game_line(g)));
        assert_eq!(
            text,
            "tessera-match-results 1\nvariant hexmate\nplayers -\nseats 2\ngames 4\n\
             openings 60 random seed 7\nengine new\nengine old engine\nshard 2/2\n\
             game 3 1,2 3/4-1/4\ngame 4 2,1 1/2-1/2\n"
        );
        let read = parse_results(&text).unwrap();
        assert_eq!(read.identity, identity());
        assert_eq!(read.games, games);
    }

    #[test]
    fn bad_files_are_refused_with_the_line() {
        let header = header_text(&identity(), "1/1");
        let cases = [
            ("tessera-match-results 2\n".to_string(), "is not supported"),
            ("hello\n".to_string(), "not a tessera match result file"),
            (
                format!("{header}game 5 1,2 1-0\n"),
                "line 10: game 5: not a game of a 4-game match",
            ),
            (
                format!("{header}game 1 1,3 1-0\n"),
                "'3' is not an engine number",
            ),
            (
                format!("{header}game 1 1,2 1/11-0\n"),
                "'1/11' is not a score",
            ),
            (format!("{header}game 1 1,2 1-0-0\n"), "game 1: not 2 seats"),
            (
                format!("{header}game 1 1,2\n"),
                "expected '<number> <engines> <result>'",
            ),
            (
                format!("{header}colour blue\n"),
                "line 10: unknown line 'colour blue'",
            ),
            (
                format!("{}game 1 1,2 1-0\n", header.replace("seats 2\n", "")),
                "a game before the seats",
            ),
        ];
        for (text, expected) in cases {
            let error = parse_results(&text).expect_err(expected);
            assert!(error.contains(expected), "{expected}: {error}");
        }
    }
}
