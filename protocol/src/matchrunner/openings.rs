//! Opening sets: one opening per line (`moves <m>…`, a position string, or a position
//! string followed by `moves <m>…`), `#` starts a comment. Every opening is checked with
//! Tessera's rules when the file is read, so a bad line stops the match before it starts.

use super::config::{OpeningsSpec, Order};
use super::rules;
use crate::variant::AnyGame;
use engine::game::Status;
use engine::variants::Variant;
use rand::rngs::StdRng;
use rand::seq::SliceRandom;
use rand::SeedableRng;

/// Where a game starts: a position string (or the variant's start) and moves from it,
/// the moves in the variant's notation.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Opening {
    pub fen: Option<String>,
    pub moves: Vec<String>,
}

impl Opening {
    /// Reads one line of an opening file (comments already removed).
    fn parse_line(line: &str) -> Opening {
        let tokens: Vec<&str> = line.split_whitespace().collect();
        let split = tokens.iter().position(|&t| t == "moves");
        let (position, moves) = tokens.split_at(split.unwrap_or(tokens.len()));
        Opening {
            fen: (!position.is_empty()).then(|| position.join(" ")),
            moves: moves.iter().skip(1).map(|m| m.to_string()).collect(),
        }
    }

    /// The position the opening leads to, by Tessera's rules.
    pub fn position(&self, variant: Variant, players: Option<&str>) -> Result<AnyGame, String> {
        self.replay(variant, players).map(|(game, _)| game)
    }

    /// Plays the opening: the position at its end and its moves in the variant's own
    /// spelling.
    fn replay(
        &self,
        variant: Variant,
        players: Option<&str>,
    ) -> Result<(AnyGame, Vec<String>), String> {
        let mut game = match &self.fen {
            Some(text) => rules::from_position_string(variant, text, players)?,
            None => rules::start_position(variant, players)?,
        };
        let moves = self
            .moves
            .iter()
            .enumerate()
            .map(|(index, token)| {
                rules::play(&mut game, token).map_err(|e| {
                    let number = index + 1;
                    format!("move {number} does not fit {}: {e}", variant.id())
                })
            })
            .collect::<Result<Vec<_>, _>>()?;
        Ok((game, moves))
    }

    /// The same opening in the variant's own spelling; refused when a move is illegal or
    /// the game is over at its end.
    fn checked(self, variant: Variant, players: Option<&str>) -> Result<Opening, String> {
        let (game, moves) = self.replay(variant, players)?;
        if let Status::Over(outcome) = game.status() {
            return Err(format!("the game is over ({})", outcome.reason));
        }
        Ok(Opening { moves, ..self })
    }

    /// The protocol's `position` command for the opening followed by `played`.
    pub fn position_command<'a>(&'a self, played: impl IntoIterator<Item = &'a str>) -> String {
        let mut command = match &self.fen {
            Some(text) => format!("position fen {text}"),
            None => "position startpos".to_string(),
        };
        let mut moves = self
            .moves
            .iter()
            .map(String::as_str)
            .chain(played)
            .peekable();
        if moves.peek().is_some() {
            command.push_str(" moves");
            for mv in moves {
                command.push(' ');
                command.push_str(mv);
            }
        }
        command
    }
}

/// Reads an opening file's text; errors name the line.
pub fn read_openings(
    text: &str,
    variant: Variant,
    players: Option<&str>,
) -> Result<Vec<Opening>, String> {
    let mut openings = Vec::new();
    for (index, line) in text.lines().enumerate() {
        let content = line.split('#').next().unwrap_or_default().trim();
        if content.is_empty() {
            continue;
        }
        let opening = Opening::parse_line(content)
            .checked(variant, players)
            .map_err(|e| format!("line {}: {e}", index + 1))?;
        openings.push(opening);
    }
    if openings.is_empty() {
        return Err("no openings in the file".to_string());
    }
    Ok(openings)
}

/// The openings of `spec` in the order the games use them: the file's order or shuffled
/// with `seed`, then starting at `spec.start`.
pub fn load_openings(
    spec: &OpeningsSpec,
    seed: u64,
    variant: Variant,
    players: Option<&str>,
) -> Result<Vec<Opening>, String> {
    let file = spec.file.display();
    let text = std::fs::read_to_string(&spec.file).map_err(|e| format!("{file}: {e}"))?;
    let mut openings =
        read_openings(&text, variant, players).map_err(|e| format!("{file}: {e}"))?;
    if spec.order == Order::Random {
        openings.shuffle(&mut StdRng::seed_from_u64(seed));
    }
    if spec.start >= openings.len() {
        return Err(format!(
            "{file}: start={} but the file has {} openings",
            spec.start + 1,
            openings.len()
        ));
    }
    openings.rotate_left(spec.start);
    Ok(openings)
}
