//! The clocks the runner keeps for every seat, and the `go` command that carries them:
//! `wtime btime winc binc` in two-seat games, `time inc` of the seat to move in games
//! of more seats, plus `movetime`, `depth` and `nodes` of the engine to move.

use super::config::Limits;
use std::time::Duration;

/// One seat's limits and the time left on its clock.
#[derive(Clone, Copy, Debug)]
struct SeatClock {
    limits: Limits,
    remaining_ms: u64,
}

/// The clocks of one game.
#[derive(Clone, Debug)]
pub struct Clocks {
    seats: Vec<SeatClock>,
    margin: Duration,
    hang_timeout: Duration,
}

impl Clocks {
    /// Clocks set to each seat's base time; `margin` is the overrun forgiven, and
    /// `hang_timeout` bounds a move that has no time limit at all.
    pub fn new(seat_limits: Vec<Limits>, margin: Duration, hang_timeout: Duration) -> Clocks {
        let seats = seat_limits
            .into_iter()
            .map(|limits| SeatClock {
                limits,
                remaining_ms: limits.clock.map_or(0, |c| c.base_ms),
            })
            .collect();
        Clocks {
            seats,
            margin,
            hang_timeout,
        }
    }

    /// The `go` command for `seat` to move.
    pub fn go_command(&self, seat: usize) -> String {
        let mut go = String::from("go");
        if self.seats.len() == 2 {
            for (side, clock) in ["w", "b"].iter().zip(&self.seats) {
                if let Some(c) = clock.limits.clock {
                    go.push_str(&format!(" {side}time {}", clock.remaining_ms));
                    go.push_str(&format!(" {side}inc {}", c.inc_ms));
                }
            }
        } else if let Some(c) = self.seats[seat].limits.clock {
            let remaining = self.seats[seat].remaining_ms;
            go.push_str(&format!(" time {remaining} inc {}", c.inc_ms));
        }
        let limits = &self.seats[seat].limits;
        if let Some(ms) = limits.movetime_ms {
            go.push_str(&format!(" movetime {ms}"));
        }
        if let Some(depth) = limits.depth {
            go.push_str(&format!(" depth {depth}"));
        }
        if let Some(nodes) = limits.nodes {
            go.push_str(&format!(" nodes {nodes}"));
        }
        go
    }

    /// How long `seat` may take for this move before it loses on time.
    pub fn allowance(&self, seat: usize) -> Duration {
        let clock = &self.seats[seat];
        match (clock.limits.clock, clock.limits.movetime_ms) {
            (Some(_), _) => Duration::from_millis(clock.remaining_ms) + self.margin,
            (None, Some(ms)) => Duration::from_millis(ms) + self.margin,
            (None, None) => self.hang_timeout,
        }
    }

    /// Takes a move's time off `seat`'s clock and adds the increment. A move within the
    /// margin leaves the clock at zero, not below.
    pub fn charge(&mut self, seat: usize, elapsed: Duration) {
        let clock = &mut self.seats[seat];
        if let Some(c) = clock.limits.clock {
            let spent = u64::try_from(elapsed.as_millis()).unwrap_or(u64::MAX);
            clock.remaining_ms = clock.remaining_ms.saturating_sub(spent) + c.inc_ms;
        }
    }

    /// The time left on `seat`'s clock, for a seat that plays with one.
    pub fn remaining_ms(&self, seat: usize) -> Option<u64> {
        let clock = &self.seats[seat];
        clock.limits.clock.map(|_| clock.remaining_ms)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::matchrunner::config::Clock;

    const MARGIN: Duration = Duration::from_millis(100);
    const HANG: Duration = Duration::from_secs(60);

    fn tc(base_ms: u64, inc_ms: u64) -> Limits {
        Limits {
            clock: Some(Clock { base_ms, inc_ms }),
            ..Limits::default()
        }
    }

    #[test]
    fn two_seats_send_both_clocks() {
        let mut clocks = Clocks::new(vec![tc(10_000, 100), tc(5_000, 0)], MARGIN, HANG);
        assert_eq!(
            clocks.go_command(0),
            "go wtime 10000 winc 100 btime 5000 binc 0"
        );
        clocks.charge(0, Duration::from_millis(1_500));
        assert_eq!(
            clocks.go_command(1),
            "go wtime 8600 winc 100 btime 5000 binc 0"
        );
        assert_eq!(clocks.allowance(1), Duration::from_millis(5_100));
    }

    #[test]
    fn more_seats_send_the_clock_of_the_seat_to_move() {
        let clocks = Clocks::new(vec![tc(1_000, 10); 7], MARGIN, HANG);
        assert_eq!(clocks.go_command(3), "go time 1000 inc 10");
    }

    #[test]
    fn fixed_limits_and_their_timeouts() {
        let depth = Limits {
            depth: Some(2),
            nodes: Some(500),
            ..Limits::default()
        };
        let movetime = Limits {
            movetime_ms: Some(250),
            ..Limits::default()
        };
        let clocks = Clocks::new(vec![depth, movetime], MARGIN, HANG);
        assert_eq!(clocks.go_command(0), "go depth 2 nodes 500");
        assert_eq!(clocks.go_command(1), "go movetime 250");
        assert_eq!(clocks.allowance(0), HANG);
        assert_eq!(clocks.allowance(1), Duration::from_millis(350));
    }

    #[test]
    fn an_overrun_within_the_margin_leaves_only_the_increment() {
        let mut clocks = Clocks::new(vec![tc(100, 20), tc(100, 20)], MARGIN, HANG);
        clocks.charge(1, Duration::from_millis(150));
        assert_eq!(
            clocks.go_command(0),
            "go wtime 100 winc 20 btime 20 binc 20"
        );
    }
}
