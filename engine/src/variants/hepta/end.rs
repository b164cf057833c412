//! End of the game (R90–R93).

use super::{Hepta, MoveList, BLACK, WHITE};
use crate::game::{count_repetitions, Outcome, Points, Status};

impl Hepta {
    /// R91: threefold repetition (R93) first, then the side to move without a legal ply
    /// loses (R90). A position read from a string is judged the same way.
    pub(super) fn game_status(&self) -> Status {
        if self.repetitions() >= 2 {
            return Status::Over(Outcome::two(
                Points::HALF,
                Points::HALF,
                "threefold repetition",
            ));
        }
        let mut moves = MoveList::new();
        self.state.generate(&mut moves);
        if moves.is_empty() {
            let mut points = [Points::ONE; 2];
            points[self.state.side] = Points::ZERO;
            return Status::Over(Outcome::two(points[WHITE], points[BLACK], "no legal move"));
        }
        Status::Ongoing
    }

    /// How often the current position occurred before in the game (R93). Every position
    /// counts, inside sequences too; plies alternate strictly (R52), so only every second
    /// earlier position can have the same side to move.
    pub fn repetitions(&self) -> usize {
        count_repetitions(
            self.history.iter().map(|s| s.hash),
            self.state.hash,
            self.history.len(),
        )
    }
}
