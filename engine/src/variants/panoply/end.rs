//! End of the game (R61–R68).

use super::{Panoply, BLACK, WHITE};
use crate::game::{count_repetitions, Outcome, Points, Status};

impl Panoply {
    /// R64 in order: checkmate and stalemate (R61–R63), the fifty-turn rule (R66), then
    /// threefold repetition (R67). A position read from a string is judged the same way.
    pub(super) fn game_status(&self) -> Status {
        let them = 1 - self.side;
        let loss_for_us = |reason| {
            let mut points = [Points::ZERO; 2];
            points[them] = Points::ONE;
            Status::Over(Outcome::two(points[WHITE], points[BLACK], reason))
        };
        let draw = |reason| Status::Over(Outcome::two(Points::HALF, Points::HALF, reason));
        if !self.has_legal() {
            if self.in_check() {
                return loss_for_us("checkmate");
            }
            // R62: stalemate loses, unless the opponent, given the turn in the same
            // placement, could not move either.
            let opponent = Panoply {
                side: them,
                history: Vec::new(),
                ..Panoply::empty()
            };
            let opponent = Panoply {
                board: self.board,
                ..opponent
            };
            return if opponent.has_legal() {
                loss_for_us("stalemate")
            } else {
                draw("double stalemate")
            };
        }
        if self.halfmove >= 50 {
            return draw("fifty-turn rule");
        }
        if self.repetitions() >= 2 {
            return draw("threefold repetition");
        }
        Status::Ongoing
    }

    /// How often the current position occurred before in the game (R67): only positions
    /// since the last irreversible move can repeat.
    pub fn repetitions(&self) -> usize {
        count_repetitions(
            self.history.iter().map(|u| u.hash),
            self.hash,
            self.halfmove as usize,
        )
    }
}
