//! Ending games early on the engines' own scores (`--draw`, `--resign`) or on their
//! length (`--maxmoves`).
//!
//! Moves are counted from the end of the opening; a move is one ply of every seat, so a
//! game of `N` seats reaches move `m` after `m·N` plies. Draw and resign adjudication
//! read the scores of two-seat games only: in games of more seats one seat's score says
//! little about the others. `--maxmoves` applies to every game.

use super::config::{DrawRule, ResignRule};
use engine::game::Seat;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// Both engines called the position level for long enough.
    DrawByScore,
    /// The game reached `--maxmoves`.
    DrawByLength(u32),
    /// The seat's engine saw itself lost for long enough.
    Resign(Seat),
}

/// Score streaks of one game.
#[derive(Clone, Debug)]
pub struct Adjudicator {
    draw: Option<DrawRule>,
    resign: Option<ResignRule>,
    maxmoves: Option<u32>,
    seats: usize,
    /// Per seat: consecutive moves with a score within the draw threshold.
    level_streaks: Vec<u32>,
    /// Per seat: consecutive moves with a score at or below minus the resign threshold.
    losing_streaks: Vec<u32>,
}

impl Adjudicator {
    pub fn new(
        draw: Option<DrawRule>,
        resign: Option<ResignRule>,
        maxmoves: Option<u32>,
        seats: usize,
    ) -> Adjudicator {
        let scored = seats == 2;
        Adjudicator {
            draw: draw.filter(|_| scored),
            resign: resign.filter(|_| scored),
            maxmoves,
            seats,
            level_streaks: vec![0; seats],
            losing_streaks: vec![0; seats],
        }
    }

    /// Judges the game after `seat` moved with `score` (centipawns, its own point of
    /// view; `None` when it reported none), `plies` being played since the opening.
    pub fn after_move(&mut self, seat: Seat, score: Option<i32>, plies: usize) -> Option<Verdict> {
        let within = |limit: Option<i32>, test: fn(i32, i32) -> bool| matches!((score, limit), (Some(s), Some(l)) if test(s, l));
        let level = within(self.draw.map(|d| d.score), |s, l| s.abs() <= l);
        let losing = within(self.resign.map(|r| r.score), |s, l| s <= -l);
        extend_streak(&mut self.level_streaks[seat], level);
        extend_streak(&mut self.losing_streaks[seat], losing);
        let moves = (plies / self.seats) as u32;
        if let Some(rule) = self.resign {
            if self.losing_streaks[seat] >= rule.movecount {
                return Some(Verdict::Resign(seat));
            }
        }
        if let Some(rule) = self.draw {
            if moves >= rule.movenumber && self.level_streaks.iter().all(|&n| n >= rule.movecount) {
                return Some(Verdict::DrawByScore);
            }
        }
        match self.maxmoves {
            Some(limit) if moves >= limit => Some(Verdict::DrawByLength(limit)),
            _ => None,
        }
    }
}

fn extend_streak(streak: &mut u32, holds: bool) {
    *streak = if holds { *streak + 1 } else { 0 };
}

#[cfg(test)]
mod tests {
    use super::*;

    const DRAW: DrawRule = DrawRule {
        movenumber: 3,
        movecount: 2,
        score: 10,
    };
    const RESIGN: ResignRule = ResignRule {
        movecount: 2,
        score: 600,
    };

    #[test]
    fn draw_needs_both_engines_level_for_movecount_moves_after_movenumber() {
        let mut judge = Adjudicator::new(Some(DRAW), None, None, 2);
        // Moves 1 and 2 are level but too early.
        assert_eq!(judge.after_move(0, Some(5), 1), None);
        assert_eq!(judge.after_move(1, Some(-8), 2), None);
        assert_eq!(judge.after_move(0, Some(0), 3), None);
        assert_eq!(judge.after_move(1, Some(3), 4), None);
        // A score outside the window breaks the streak.
        assert_eq!(judge.after_move(0, Some(40), 5), None);
        assert_eq!(judge.after_move(1, Some(0), 6), None);
        assert_eq!(judge.after_move(0, Some(2), 7), None);
        assert_eq!(judge.after_move(1, Some(0), 8), None);
        assert_eq!(
            judge.after_move(0, Some(-10), 9),
            Some(Verdict::DrawByScore)
        );
    }

    #[test]
    fn resign_after_movecount_losing_scores_of_one_engine() {
        let mut judge = Adjudicator::new(None, Some(RESIGN), None, 2);
        assert_eq!(judge.after_move(0, Some(-700), 1), None);
        assert_eq!(judge.after_move(1, Some(700), 2), None);
        assert_eq!(judge.after_move(0, None, 3), None);
        assert_eq!(judge.after_move(1, Some(650), 4), None);
        assert_eq!(judge.after_move(0, Some(-600), 5), None);
        assert_eq!(judge.after_move(1, Some(800), 6), None);
        assert_eq!(judge.after_move(0, Some(-900), 7), Some(Verdict::Resign(0)));
    }

    #[test]
    fn maxmoves_counts_a_ply_of_every_seat_and_scores_are_ignored_with_seven_seats() {
        let mut judge = Adjudicator::new(Some(DRAW), Some(RESIGN), Some(2), 7);
        for ply in 1..14 {
            assert_eq!(judge.after_move(ply % 7, Some(-5000), ply), None);
        }
        assert_eq!(
            judge.after_move(0, Some(0), 14),
            Some(Verdict::DrawByLength(2))
        );
    }
}
