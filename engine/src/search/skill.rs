//! Weakened play for people (`Skill Level`, `UCI_LimitStrength` / `UCI_Elo`): the search
//! of a weaker level looks less deep and less long (no new iteration once it has searched
//! its level's nodes) and then picks its move among the best few MultiPV lines, allowing
//! itself a level-dependent loss against the best line.
//!
//! The mistakes are those of a player who sees less: a shallow search misses tactics it
//! cannot see, and among the moves it judges close it does not always find the best one.
//! A move is only ever chosen among lines that lose at most [`Skill::max_loss`] against
//! the best line (two pawns at level 0, less at higher levels), never one that the search
//! sees losing more. A pawn is the evaluation's own unit ([`Evaluator::pawn`]): in Seven
//! Kingdoms, where every capture also scores a step of the race to thirty and a loss for
//! the victim, a loss of two centipawn-pawns would be less than the cheapest capture, and
//! level 0 would play the full search's captures. The choice is random but seeded by the
//! root position and the level, so one position at one level always gets the same move (a
//! game between two engines stays reproducible, as with full strength).

use super::score::MATE;
#[cfg(doc)]
use super::Evaluator;
use super::Score;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

/// The level of full strength: the search unchanged.
pub const MAX_LEVEL: u32 = 20;

/// How many MultiPV lines a weakened search compares (at least; more if asked).
pub const SKILL_LINES: usize = 4;

/// Hundredths of a pawn a level below full strength may lose against the best line, per
/// level.
const LOSS_PER_LEVEL: i32 = 10;

/// A playing level below full strength, in hundredths of a level (`UCI_Elo` maps to
/// fractional levels between the calibrated ones).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Skill {
    hundredths: u32,
}

impl Skill {
    /// The weakened level of `hundredths` (0 … 2000); `None` at full strength.
    pub fn new(hundredths: u32) -> Option<Skill> {
        (hundredths < MAX_LEVEL * 100).then_some(Skill { hundredths })
    }

    /// The deepest iteration: 1 at level 0, one more every two levels (10 at level 19).
    pub fn max_depth(self) -> i32 {
        1 + (self.hundredths / 200) as i32
    }

    /// Nodes after which no new iteration starts: 20 at level 0 (depth 1 always ends),
    /// ten times more every 8 levels (200 at level 8, 2,000 at level 16). A node budget
    /// rather than only a depth makes the level mean the same effort in every game and
    /// position, and in matches at fixed nodes it stays below the match's limit.
    pub fn node_budget(self) -> u64 {
        (20.0 * 10f64.powf(f64::from(self.hundredths) / 800.0)) as u64
    }

    /// How much worse than the best line a chosen line may be, with a pawn worth `pawn`
    /// of the scores' units: two pawns at level 0 falling to 0 at level 20 (200 at level
    /// 0 with centipawns).
    pub fn max_loss(self, pawn: i32) -> i32 {
        (MAX_LEVEL * 100 - self.hundredths) as i32 * LOSS_PER_LEVEL * pawn / 10_000
    }

    /// The index of the line to play among `scores` (best first, at least one), a pawn
    /// being worth `pawn` of their units: each line within [`Skill::max_loss`] of the
    /// best gets a random bonus of up to twice that loss, and the highest score with its
    /// bonus wins.
    pub fn pick(self, scores: &[i32], pawn: i32, seed: u64) -> usize {
        let top = scores[0];
        let loss = self.max_loss(pawn);
        let mut rng = StdRng::seed_from_u64(seed ^ u64::from(self.hundredths));
        let mut best = (0, i64::MIN);
        for (index, &score) in scores.iter().enumerate() {
            if top.saturating_sub(score) > loss {
                break;
            }
            let bonus = rng.gen_range(0..=2 * loss as i64);
            let value = i64::from(score) + bonus;
            if value > best.1 {
                best = (index, value);
            }
        }
        best.0
    }
}

/// A score as the protocol prints it on one scale for comparing lines: centipawns, a mate
/// beyond every centipawn score (a quicker one further).
pub fn centipawns(score: Score) -> i32 {
    match score {
        Score::Cp(cp) => cp,
        Score::Mate(moves) if moves > 0 => MATE - moves,
        Score::Mate(moves) => -MATE - moves,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn full_strength_is_no_skill() {
        assert_eq!(Skill::new(2000), None);
        assert!(Skill::new(1999).is_some());
    }

    #[test]
    fn depth_and_loss_follow_the_level() {
        let level = |l: u32| Skill::new(l * 100).unwrap();
        assert_eq!(level(0).max_depth(), 1);
        assert_eq!(level(1).max_depth(), 1);
        assert_eq!(level(2).max_depth(), 2);
        assert_eq!(level(19).max_depth(), 10);
        assert_eq!(level(0).max_loss(100), 200);
        assert_eq!(level(10).max_loss(100), 100);
        assert_eq!(Skill::new(1950).unwrap().max_loss(100), 5);
        assert_eq!(level(0).max_loss(380), 760);
        assert_eq!(level(10).max_loss(380), 380);
        assert_eq!(level(0).node_budget(), 20);
        assert_eq!(level(8).node_budget(), 200);
        assert_eq!(level(16).node_budget(), 2000);
        assert!(level(5).node_budget() < Skill::new(550).unwrap().node_budget());
    }

    #[test]
    fn a_line_beyond_the_allowed_loss_is_never_picked() {
        let skill = Skill::new(0).unwrap();
        for seed in 0..500 {
            let pick = skill.pick(&[50, 40, -151, -400], 100, seed);
            assert!(pick <= 1, "seed {seed} picked {pick}");
        }
    }

    #[test]
    fn the_allowed_loss_is_counted_in_the_evaluations_pawn() {
        // A quiet move 450 below a capture: beyond two centipawn-pawns, within two pawns
        // of an evaluation whose cheapest capture is worth 380.
        let skill = Skill::new(0).unwrap();
        let scores = [450, 0, -10, -20];
        let skipped = |pawn: i32| {
            (0..500)
                .filter(|&s| skill.pick(&scores, pawn, s) != 0)
                .count()
        };
        assert_eq!(skipped(100), 0);
        assert!(skipped(380) > 100, "{}", skipped(380));
    }

    #[test]
    fn weaker_levels_pick_worse_lines_more_often() {
        let worse_picks = |level: u32| {
            let skill = Skill::new(level * 100).unwrap();
            (0..1000)
                .filter(|&seed| skill.pick(&[30, 0, -20, -60], 100, seed) != 0)
                .count()
        };
        let (zero, ten, nineteen) = (worse_picks(0), worse_picks(10), worse_picks(19));
        assert!(zero > ten && ten > nineteen, "{zero} {ten} {nineteen}");
        assert_eq!(nineteen, 0, "level 19 allows a loss of 10 only");
    }

    #[test]
    fn mates_lie_beyond_every_centipawn_score() {
        let ordered = [
            Score::Mate(1),
            Score::Mate(3),
            Score::Cp(500),
            Score::Cp(-500),
            Score::Mate(-3),
            Score::Mate(-1),
        ]
        .map(centipawns);
        assert!(ordered.windows(2).all(|w| w[0] > w[1]), "{ordered:?}");
    }

    #[test]
    fn the_pick_is_a_function_of_seed_and_level() {
        let skill = Skill::new(300).unwrap();
        let scores = [10, 5, 0, -5];
        let picks: Vec<usize> = (0..50).map(|s| skill.pick(&scores, 100, s)).collect();
        let again: Vec<usize> = (0..50).map(|s| skill.pick(&scores, 100, s)).collect();
        assert_eq!(picks, again);
        assert!(picks.iter().any(|&p| p != picks[0]), "seeds vary the pick");
    }
}
