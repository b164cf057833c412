//! Pruning helpers shared by every search (two-player, paranoid and best-reply): what a
//! stored bound settles, which bound a value found in a window is, and the late-move
//! reduction.

use super::Bound;

/// The late-move reduction of the `number`-th move (1-based) at `depth`:
/// ln(depth)·ln(number)/2.
pub fn lmr_reduction(depth: i32, number: usize) -> i32 {
    (f64::from(depth).ln() * (number as f64).ln() / 2.0) as i32
}

/// Whether a stored bound decides the window: a lower bound at or above beta, an upper
/// bound at or below alpha, or an exact score.
pub fn bound_settles(bound: Bound, score: i32, alpha: i32, beta: i32) -> bool {
    match bound {
        Bound::Exact => true,
        Bound::Lower => score >= beta,
        Bound::Upper => score <= alpha,
    }
}

/// The bound a value found in the window `(alpha, beta)` is: a lower bound on a cutoff,
/// exact inside the window, an upper bound when nothing reached alpha.
pub fn bound_of(value: i32, alpha: i32, beta: i32) -> Bound {
    if value >= beta {
        Bound::Lower
    } else if value > alpha {
        Bound::Exact
    } else {
        Bound::Upper
    }
}
