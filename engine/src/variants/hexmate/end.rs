//! End of the game (R46–R53).

use super::{Hexmate, BLACK, WHITE};
use crate::game::{count_repetitions, Game, Outcome, Points, Status};

impl Hexmate {
    /// R46 in order: baring, checkmate, stalemate, then the fifty-move rule and threefold
    /// repetition. A position read from a string is judged the same way (R50); during
    /// the Hexchoice placement phase no rule applies (R45).
    pub(super) fn game_status(&self) -> Status {
        if self.placing {
            return Status::Ongoing;
        }
        let (us, them) = (self.side, 1 - self.side);
        let win_for = |winner: usize, reason| {
            let mut points = [Points::ZERO; 2];
            points[winner] = Points::ONE;
            Status::Over(Outcome::two(points[WHITE], points[BLACK], reason))
        };
        match (self.is_bare(us), self.is_bare(them)) {
            (true, true) => {
                return Status::Over(Outcome::two(Points::HALF, Points::HALF, "baring"))
            }
            (true, false) => return win_for(them, "baring"),
            (false, true) => return win_for(us, "baring"),
            (false, false) => {}
        }
        if self.count_moves() == 0 {
            if self.in_check() {
                return win_for(them, "checkmate");
            }
            // R3, R46 step 3: the stalemating side scores 3/4, the stalemated side 1/4.
            let mut points = [Points::fraction(1, 4); 2];
            points[them] = Points::fraction(3, 4);
            return Status::Over(Outcome::two(points[WHITE], points[BLACK], "stalemate"));
        }
        if self.halfmove >= 100 {
            return Status::Over(Outcome::two(Points::HALF, Points::HALF, "fifty-move rule"));
        }
        if self.repetitions() >= 2 {
            return Status::Over(Outcome::two(
                Points::HALF,
                Points::HALF,
                "threefold repetition",
            ));
        }
        Status::Ongoing
    }

    /// How often the current position occurred before in the game (R52): only positions
    /// since the last capture or pawn move can repeat.
    pub fn repetitions(&self) -> usize {
        count_repetitions(
            self.history.iter().map(|u| u.hash),
            self.hash,
            self.halfmove as usize,
        )
    }
}
