//! Search scores: centipawns inside a window of mate values, the conversion of a finished
//! game's points into a score, the ply adjustment of mate scores for the transposition
//! table, and the conversion to the protocol's `Score`.

use super::Score;
use crate::game::Points;

/// The deepest ply the search reaches (extensions included).
pub const MAX_PLY: usize = 128;
/// Larger than every score; the initial window is `(-INFINITE, INFINITE)`.
pub const INFINITE: i32 = 32_000;
/// The score of the side to move mating now; a mate `n` plies away scores `MATE - n`.
pub const MATE: i32 = 31_000;
/// Scores at least this large (in absolute value) are mates within `MAX_PLY`.
pub const MATE_BOUND: i32 = MATE - MAX_PLY as i32;
/// What a fractional result is worth: `p` points score `(2p − 1) · FRACTIONAL_WIN_CP`, so a
/// stalemate (3/4 for the stalemating side, R3) is worth ±600 cp: better than a draw, far
/// from a mate, and below a clearly winning material edge, which should be converted.
pub const FRACTIONAL_WIN_CP: i32 = 1200;
/// Static evaluations are clamped into this range so that they never look like mates.
pub const EVAL_LIMIT: i32 = MATE_BOUND - 1;

/// Score of the side to move being mated at `ply`.
#[inline]
pub const fn mated_in(ply: usize) -> i32 {
    -MATE + ply as i32
}

/// Score of the side to move mating at `ply`.
#[inline]
pub const fn mate_in(ply: usize) -> i32 {
    MATE - ply as i32
}

/// Whether a score is a mate (won or lost) within the search horizon.
#[inline]
pub const fn is_mate(score: i32) -> bool {
    score >= MATE_BOUND || score <= -MATE_BOUND
}

/// The score of a finished game for the side to move at `ply`, from its points: a win is
/// a mate at this ply (baring included), a loss is being mated, ½ is a draw (0), and
/// other fractions (stalemate's ¾ and ¼) lie strictly between a draw and a mate.
pub fn points_score(points: Points, ply: usize) -> i32 {
    if points == Points::ONE {
        mate_in(ply)
    } else if points == Points::ZERO {
        mated_in(ply)
    } else {
        ((2.0 * points.as_f64() - 1.0) * f64::from(FRACTIONAL_WIN_CP)).round() as i32
    }
}

/// A score as stored in the transposition table: mates are counted from the node, not
/// from the root, so that the entry is valid wherever the position is reached.
#[inline]
pub fn to_tt(score: i32, ply: usize) -> i32 {
    if score >= MATE_BOUND {
        score + ply as i32
    } else if score <= -MATE_BOUND {
        score - ply as i32
    } else {
        score
    }
}

/// Inverse of [`to_tt`]: a stored score seen from a node `ply` plies below the root.
#[inline]
pub fn from_tt(score: i32, ply: usize) -> i32 {
    if score >= MATE_BOUND {
        score - ply as i32
    } else if score <= -MATE_BOUND {
        score + ply as i32
    } else {
        score
    }
}

/// The protocol's view of a root score: `Mate(n)` counts moves of the side to move (a
/// mate delivered on ply 1, 3, 5 … is a mate in 1, 2, 3 …), negative when it is mated.
pub fn to_protocol(score: i32) -> Score {
    if score >= MATE_BOUND {
        Score::Mate((MATE - score + 1) / 2)
    } else if score <= -MATE_BOUND {
        Score::Mate(-(MATE + score) / 2)
    } else {
        Score::Cp(score)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mate_distances_print_as_moves() {
        assert_eq!(to_protocol(mate_in(1)), Score::Mate(1));
        assert_eq!(to_protocol(mate_in(3)), Score::Mate(2));
        assert_eq!(to_protocol(mate_in(5)), Score::Mate(3));
        assert_eq!(to_protocol(mated_in(2)), Score::Mate(-1));
        assert_eq!(to_protocol(mated_in(4)), Score::Mate(-2));
        assert_eq!(to_protocol(57), Score::Cp(57));
    }

    #[test]
    fn points_map_to_mate_draw_and_stalemate_values() {
        assert_eq!(points_score(Points::ONE, 3), mate_in(3));
        assert_eq!(points_score(Points::ZERO, 3), mated_in(3));
        assert_eq!(points_score(Points::HALF, 3), 0);
        let stalemating = points_score(Points::fraction(3, 4), 3);
        assert!(stalemating > 0 && !is_mate(stalemating));
        assert_eq!(points_score(Points::fraction(1, 4), 3), -stalemating);
    }

    #[test]
    fn tt_adjustment_round_trips() {
        for ply in [0, 1, 7, 40] {
            for score in [mate_in(ply + 5), mated_in(ply + 2), 0, 123, -456] {
                assert_eq!(from_tt(to_tt(score, ply), ply), score);
            }
        }
        // A mate in 3 plies found 4 plies below the root is stored as a mate in 3 from the
        // node, and read 10 plies below the root as a mate 13 plies from the root.
        assert_eq!(to_tt(mate_in(7), 4), mate_in(3));
        assert_eq!(from_tt(mate_in(3), 10), mate_in(13));
    }
}
