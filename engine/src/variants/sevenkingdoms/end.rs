//! End of the game and results (R43–R48).

use super::{Players, State, KINGDOMS};
use crate::game::{Outcome, Points, MAX_SEATS};
use arrayvec::ArrayVec;

/// The label a finished game carries (R48), named as the reference implementation does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Label {
    LastKingdomRemaining,
    CapturedEnoughPieces,
    CapturedEnoughKingdoms,
    LastPlayerRemaining,
    NoLegalMoves,
}

impl Label {
    /// The label as the reference implementation writes it (R48): the §13.3 report's
    /// `Victory`.
    pub fn as_str(self) -> &'static str {
        match self {
            Label::LastKingdomRemaining => "LAST_KINGDOM_REMAINING",
            Label::CapturedEnoughPieces => "CAPTURED_ENOUGH_PIECES",
            Label::CapturedEnoughKingdoms => "CAPTURED_ENOUGH_KINGDOMS",
            Label::LastPlayerRemaining => "LAST_PLAYER_REMAINING",
            Label::NoLegalMoves => "NO_LEGAL_MOVES",
        }
    }

    /// The label in lower-case words (`captured enough pieces`): the reason a result
    /// gives, as the other variants give theirs (`checkmate`).
    pub fn reason(self) -> &'static str {
        match self {
            Label::LastKingdomRemaining => "last kingdom remaining",
            Label::CapturedEnoughPieces => "captured enough pieces",
            Label::CapturedEnoughKingdoms => "captured enough kingdoms",
            Label::LastPlayerRemaining => "last player remaining",
            Label::NoLegalMoves => "no legal moves",
        }
    }
}

/// How a game ended: the winning kingdom (none under R44 and R45) and the label.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Ending {
    pub winner: Option<usize>,
    pub label: Label,
}

impl Ending {
    pub(super) fn no_legal_moves() -> Ending {
        Ending {
            winner: None,
            label: Label::NoLegalMoves,
        }
    }

    /// R47 and R45: one score per player.
    pub(super) fn outcome(&self, state: &State, players: &Players) -> Outcome {
        let mut points: ArrayVec<Points, MAX_SEATS> =
            (0..players.count()).map(|_| Points::ZERO).collect();
        let mut seats_in_game: Vec<usize> = (0..KINGDOMS)
            .filter(|&k| state.in_game(k))
            .map(|k| players.seat_of(k))
            .collect();
        seats_in_game.sort_unstable();
        seats_in_game.dedup();
        match (self.winner, self.label) {
            (Some(kingdom), _) => points[players.seat_of(kingdom)] = Points::ONE,
            (None, Label::NoLegalMoves) => {
                for &seat in &seats_in_game {
                    points[seat] = Points::fraction(1, seats_in_game.len() as u16);
                }
            }
            (None, _) => {
                if let Some(&seat) = seats_in_game.first() {
                    points[seat] = Points::ONE;
                }
            }
        }
        Outcome {
            points,
            reason: self.label.reason(),
        }
    }
}

impl State {
    /// R43 and R44 in order; `start` is where ties between several winners are broken,
    /// walking the turn order backwards from it (only strings that are already over can
    /// have several).
    pub(super) fn victory(&self, start: usize, players: &Players) -> Option<Ending> {
        let in_game: ArrayVec<usize, KINGDOMS> =
            (0..KINGDOMS).filter(|&k| self.in_game(k)).collect();
        let winner = if let [only] = in_game[..] {
            Some(only)
        } else {
            self.best(start, |k| self.held(k) as u32, 2)
                .or_else(|| self.best(start, |k| self.captures(k), 30))
        };
        if let Some(winner) = winner {
            let label = if in_game[..] == [winner] {
                Label::LastKingdomRemaining
            } else if self.captures(winner) >= 30 {
                Label::CapturedEnoughPieces
            } else {
                Label::CapturedEnoughKingdoms
            };
            return Some(Ending {
                winner: Some(winner),
                label,
            });
        }
        let one_player = in_game
            .windows(2)
            .all(|w| players.seat_of(w[0]) == players.seat_of(w[1]));
        one_player.then_some(Ending {
            winner: None,
            label: Label::LastPlayerRemaining,
        })
    }

    /// The kingdom with the largest `score` of at least `threshold`, ties going to the
    /// first met walking the turn order backwards from `start`.
    fn best(&self, start: usize, score: impl Fn(usize) -> u32, threshold: u32) -> Option<usize> {
        let top = (0..KINGDOMS)
            .map(&score)
            .max()
            .filter(|&s| s >= threshold)?;
        (0..KINGDOMS)
            .map(|back| (start + KINGDOMS - back) % KINGDOMS)
            .find(|&k| score(k) == top)
    }
}
