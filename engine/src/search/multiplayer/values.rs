//! Values of the multi-player searches: a finished game's points as scores, scores as
//! shares of a fixed total (max-n), and the root seat's value as the protocol's `Score`.

use super::SeatScores;
use crate::game::{Points, MAX_SEATS};
use crate::search::score::{self, FRACTIONAL_WIN_CP, MATE_BOUND};
use crate::search::Score;
use arrayvec::ArrayVec;

/// What the seats' shares add up to (at most) in max-n; a won game gives the winner all.
pub const SHARE_TOTAL: i32 = 100_000;
/// Temperature of the softmax that turns scores into shares: a seat this many centipawns
/// above another holds e ≈ 2.7 times its share.
pub const SHARE_TEMPERATURE: f64 = 400.0;

/// Each seat's part of [`SHARE_TOTAL`], in seat order: never negative, summing to at most
/// the total, so that max-n's shallow pruning is sound.
pub type Shares = SeatScores;

/// One seat's value of a finished game at `ply` among `seats` seats: a win scores like a
/// mate delivered at this ply, a loss like being mated; a share p of the point scores
/// (seats·p − 1)/(seats − 1) of `FRACTIONAL_WIN_CP` (0 for an even share among all).
pub fn points_value(points: Points, seats: usize, ply: usize) -> i32 {
    if points == Points::ONE {
        score::mate_in(ply)
    } else if points == Points::ZERO {
        score::mated_in(ply)
    } else {
        let n = seats as f64;
        let even_share_above = (n * points.as_f64() - 1.0) / (n - 1.0);
        (even_share_above * f64::from(FRACTIONAL_WIN_CP)).round() as i32
    }
}

/// Every seat's value of a finished game at `ply`.
pub fn terminal_scores(points: &[Points], ply: usize) -> SeatScores {
    points
        .iter()
        .map(|&p| points_value(p, points.len(), ply))
        .collect()
}

/// A finished game's shares: each seat's points times the total.
pub fn terminal_shares(points: &[Points]) -> Shares {
    points
        .iter()
        .map(|p| (p.as_f64() * f64::from(SHARE_TOTAL)).floor() as i32)
        .collect()
}

/// Scores as shares: a softmax with [`SHARE_TEMPERATURE`], rounded down so that the sum
/// never exceeds the total. A seat far below the others (one out of the game) gets 0.
pub fn shares(scores: &[i32]) -> Shares {
    let top = scores.iter().copied().max().unwrap_or(0);
    let weights: ArrayVec<f64, MAX_SEATS> = scores
        .iter()
        .map(|&s| (f64::from(s - top) / SHARE_TEMPERATURE).exp())
        .collect();
    let sum: f64 = weights.iter().sum();
    weights
        .iter()
        .map(|w| (w / sum * f64::from(SHARE_TOTAL)) as i32)
        .collect()
}

/// The root seat's value as the protocol prints it: centipawns, or `mate n` once the end
/// of the game is in sight, where n counts the root player's own moves up to it
/// (`root_moves`, at least one) and is negative when the game is lost.
pub fn to_protocol(value: i32, root_moves: usize) -> Score {
    let moves = root_moves.max(1) as i32;
    if value >= MATE_BOUND {
        Score::Mate(moves)
    } else if value <= -MATE_BOUND {
        Score::Mate(-moves)
    } else {
        Score::Cp(value)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shares_are_non_negative_and_within_the_total() {
        for scores in [
            vec![0, 0, 0],
            vec![300, -100, -200, 0, 50, 60, 70],
            vec![-score::EVAL_LIMIT, 20, -20],
            vec![score::EVAL_LIMIT, -score::EVAL_LIMIT],
        ] {
            let s = shares(&scores);
            assert!(s.iter().all(|&x| x >= 0), "{scores:?}: {s:?}");
            assert!(s.iter().sum::<i32>() <= SHARE_TOTAL, "{scores:?}: {s:?}");
        }
        let even = shares(&[5, 5, 5, 5]);
        assert!(even.iter().all(|&x| x == even[0]));
        let ordered = shares(&[100, 0, -100]);
        assert!(ordered[0] > ordered[1] && ordered[1] > ordered[2]);
        assert_eq!(shares(&[-score::EVAL_LIMIT, 0, 0])[0], 0);
    }

    #[test]
    fn finished_games_score_as_mates_or_even_shares() {
        let won = [Points::ZERO, Points::ONE, Points::ZERO];
        assert_eq!(
            terminal_scores(&won, 3).as_slice(),
            [score::mated_in(3), score::mate_in(3), score::mated_in(3)]
        );
        assert_eq!(terminal_shares(&won).as_slice(), [0, SHARE_TOTAL, 0]);
        let third = Points::fraction(1, 3);
        assert_eq!(points_value(third, 3, 0), 0);
        assert!(points_value(Points::HALF, 4, 0) > 0);
        assert!(points_value(Points::ZERO, 4, 9) < -MATE_BOUND);
    }

    #[test]
    fn protocol_scores_count_root_moves() {
        assert_eq!(to_protocol(score::mate_in(1), 1), Score::Mate(1));
        assert_eq!(to_protocol(score::mated_in(8), 2), Score::Mate(-2));
        assert_eq!(to_protocol(-35, 4), Score::Cp(-35));
    }
}
