//! Time management: how long one search may take.
//!
//! Two limits come out of the clock. The *soft* limit is checked between iterations of
//! iterative deepening: past it no new iteration starts, because it would most likely not
//! finish. The *hard* limit is checked every few thousand nodes and aborts the search.
//! `Move Overhead` is kept back from every budget for the communication delay.

use super::Limits;
use std::time::{Duration, Instant};

/// Moves the rest of the game is assumed to last when the clock gives no `movestogo`.
const DEFAULT_MOVES_TO_GO: u64 = 30;
/// The hard limit is at most this many times the soft limit ...
const HARD_FACTOR: u64 = 4;
/// ... and never more than this fraction (in per cent) of the time left.
const HARD_SHARE_PERCENT: u64 = 60;
/// A new iteration is not started past this share (in per cent) of the soft limit:
/// the next iteration usually takes longer than all earlier ones together.
const NEW_ITERATION_PERCENT: u64 = 60;

/// The time budget of one search.
#[derive(Clone, Copy, Debug)]
pub struct TimeBudget {
    /// When the clock started (the search start, or the `ponderhit`).
    start: Instant,
    soft_ms: Option<u64>,
    hard_ms: Option<u64>,
}

impl TimeBudget {
    /// The budget for `limits` with `overhead_ms` kept back, counted from `start`.
    pub fn new<M>(limits: &Limits<M>, overhead_ms: u64, start: Instant) -> TimeBudget {
        let mut budget = TimeBudget {
            start,
            soft_ms: None,
            hard_ms: None,
        };
        if let Some(movetime) = limits.movetime_ms {
            let ms = movetime.saturating_sub(overhead_ms).max(1);
            budget.soft_ms = Some(ms);
            budget.hard_ms = Some(ms);
        }
        if let Some(left) = limits.time_left_ms {
            let (soft, hard) =
                clock_limits(left, limits.increment_ms, limits.moves_to_go, overhead_ms);
            budget.soft_ms = Some(budget.soft_ms.map_or(soft, |s| s.min(soft)));
            budget.hard_ms = Some(budget.hard_ms.map_or(hard, |h| h.min(hard)));
        }
        budget
    }

    /// Whether any time limit applies.
    pub fn is_timed(&self) -> bool {
        self.hard_ms.is_some()
    }

    /// Milliseconds since the clock started.
    pub fn elapsed_ms(&self) -> u64 {
        self.start.elapsed().as_millis() as u64
    }

    /// Whether the search must stop now.
    pub fn hard_limit_reached(&self) -> bool {
        self.hard_ms.is_some_and(|h| self.elapsed_ms() >= h)
    }

    /// Whether a new iteration should not be started.
    pub fn soft_limit_reached(&self) -> bool {
        self.soft_ms
            .is_some_and(|s| self.elapsed_ms() * 100 >= s * NEW_ITERATION_PERCENT)
    }

    /// When the search must stop, if a time limit applies.
    pub fn deadline(&self) -> Option<Instant> {
        self.hard_ms
            .map(|ms| self.start + Duration::from_millis(ms))
    }
}

/// Soft and hard limits in milliseconds from the clock: the time left shared out over the
/// moves to go (three quarters of the increment added to each), the hard limit a few times
/// the soft one, and both bounded by what is left after the overhead.
fn clock_limits(
    left_ms: u64,
    increment_ms: u64,
    moves_to_go: Option<u32>,
    overhead_ms: u64,
) -> (u64, u64) {
    let moves = moves_to_go.map_or(DEFAULT_MOVES_TO_GO, |m| u64::from(m.max(1)));
    let usable = left_ms.saturating_sub(overhead_ms).max(1);
    let soft = if moves == 1 {
        usable * 9 / 10
    } else {
        usable / moves + increment_ms * 3 / 4
    };
    let hard_cap = if moves == 1 {
        usable * 95 / 100
    } else {
        usable * HARD_SHARE_PERCENT / 100
    };
    let hard = (soft * HARD_FACTOR).min(hard_cap).max(1);
    (soft.min(hard).max(1), hard)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn limits() -> Limits<u8> {
        Limits::default()
    }

    #[test]
    fn untimed_searches_have_no_limits() {
        let b = TimeBudget::new(&limits(), 10, Instant::now());
        assert!(!b.is_timed());
        assert!(!b.hard_limit_reached());
        assert!(!b.soft_limit_reached());
    }

    #[test]
    fn movetime_keeps_the_overhead_back() {
        let l = Limits {
            movetime_ms: Some(1000),
            ..limits()
        };
        let start = Instant::now();
        let b = TimeBudget::new(&l, 30, start);
        assert_eq!(b.deadline(), Some(start + Duration::from_millis(970)));
    }

    #[test]
    fn clock_limits_stay_inside_the_time_left() {
        for (left, inc, mtg) in [
            (60_000, 0, None),
            (60_000, 1000, None),
            (5_000, 0, Some(1)),
            (5_000, 0, Some(10)),
            (20, 0, None),
            (100, 5000, None),
        ] {
            let (soft, hard) = clock_limits(left, inc, mtg, 10);
            assert!(soft <= hard, "{left} {inc} {mtg:?}");
            assert!(hard < left.max(2), "{left} {inc} {mtg:?}: {hard}");
        }
        let (soft, _) = clock_limits(60_000, 0, None, 0);
        assert_eq!(soft, 2000);
        let (soft_inc, _) = clock_limits(60_000, 1000, None, 0);
        assert!(soft_inc > soft);
    }
}
