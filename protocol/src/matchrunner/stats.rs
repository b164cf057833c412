//! Match statistics: Elo difference with its 95% error, and the SPRT, computed the way
//! fastchess and cutechess-cli do for a head-to-head match.
//!
//! - Elo from the score fraction `s` (points per game): `elo = -400 log10(1/s - 1)`.
//! - Error from the per-game variance: `σ² = mean((x - s)²)` over the games' scores `x`
//!   (for results 1, ½, 0 this is the trinomial variance). The score's 95% interval is
//!   `s ± 1.96 σ/√n`; the Elo error is half the width of that interval in Elo.
//! - SPRT: the generalized SPRT with the normal approximation (M. Van den Bergh), logistic
//!   Elo, no BayesElo draw model: with `s0`, `s1` the expected scores at `elo0`, `elo1`,
//!   `LLR = n (s1 - s0)(2s - s0 - s1) / (2σ²)`. It stops when the LLR leaves
//!   `[ln(β/(1-α)), ln((1-β)/α)]`: below, H0 (`elo0`) is accepted; above, H1 (`elo1`).

use super::config::SprtSpec;
use engine::game::Points;

/// Two-sided 95% quantile of the normal distribution.
const Z95: f64 = 1.959_963_984_540_054;

/// The Elo difference that gives the expected score `score` (±∞ at 0 and 1).
pub fn elo_from_score(score: f64) -> f64 {
    if score <= 0.0 {
        f64::NEG_INFINITY
    } else if score >= 1.0 {
        f64::INFINITY
    } else {
        // Adding 0.0 turns the -0.0 of an even score into 0.0.
        -400.0 * (1.0 / score - 1.0).log10() + 0.0
    }
}

/// The expected score of a player `elo` points stronger.
pub fn score_from_elo(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

/// Running mean and variance of per-game scores in `[0, 1]`.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Sample {
    pub games: usize,
    sum: f64,
    sum_of_squares: f64,
}

impl Sample {
    pub fn add(&mut self, score: f64) {
        self.games += 1;
        self.sum += score;
        self.sum_of_squares += score * score;
    }

    pub fn mean(&self) -> f64 {
        self.sum / self.games as f64
    }

    /// The per-game variance (of the population: divided by `n`, as fastchess does).
    pub fn variance(&self) -> f64 {
        let mean = self.mean();
        (self.sum_of_squares / self.games as f64 - mean * mean).max(0.0)
    }
}

/// An Elo difference and the half-width of its 95% interval.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct EloEstimate {
    pub elo: f64,
    pub error: f64,
}

/// The Elo difference of a sample of scores; `None` before the first game.
pub fn elo_estimate(sample: &Sample) -> Option<EloEstimate> {
    if sample.games == 0 {
        return None;
    }
    let mean = sample.mean();
    let margin = Z95 * (sample.variance() / sample.games as f64).sqrt();
    Some(EloEstimate {
        elo: elo_from_score(mean),
        error: (elo_from_score(mean + margin) - elo_from_score(mean - margin)) / 2.0,
    })
}

/// What the SPRT says so far.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SprtState {
    pub llr: f64,
    pub lower: f64,
    pub upper: f64,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SprtVerdict {
    /// H0: the difference is `elo0` (or less).
    AcceptH0,
    /// H1: the difference is `elo1` (or more).
    AcceptH1,
}

impl SprtState {
    pub fn verdict(&self) -> Option<SprtVerdict> {
        if self.llr <= self.lower {
            Some(SprtVerdict::AcceptH0)
        } else if self.llr >= self.upper {
            Some(SprtVerdict::AcceptH1)
        } else {
            None
        }
    }
}

/// The SPRT's stopping bounds: `(ln(β/(1-α)), ln((1-β)/α))`.
pub fn sprt_bounds(alpha: f64, beta: f64) -> (f64, f64) {
    ((beta / (1.0 - alpha)).ln(), ((1.0 - beta) / alpha).ln())
}

/// The log-likelihood ratio of `elo1` against `elo0`; 0 while the scores do not vary.
pub fn sprt_llr(sample: &Sample, elo0: f64, elo1: f64) -> f64 {
    let variance = if sample.games == 0 {
        0.0
    } else {
        sample.variance()
    };
    if variance == 0.0 {
        return 0.0;
    }
    let (s0, s1) = (score_from_elo(elo0), score_from_elo(elo1));
    sample.games as f64 * (s1 - s0) * (2.0 * sample.mean() - s0 - s1) / (2.0 * variance)
}

pub fn sprt_state(sample: &Sample, spec: &SprtSpec) -> SprtState {
    let (lower, upper) = sprt_bounds(spec.alpha, spec.beta);
    SprtState {
        llr: sprt_llr(sample, spec.elo0, spec.elo1),
        lower,
        upper,
    }
}

/// One engine's results, per seat it played: a seat that scored more than an equal
/// share of the point (½ of two seats, ⅐ of seven) won, less lost, exactly that drew.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Tally {
    pub seat_games: usize,
    pub wins: usize,
    pub losses: usize,
    pub draws: usize,
    pub points: f64,
}

impl Tally {
    pub fn add(&mut self, points: Points, seats: usize) {
        let share = Points::fraction(1, seats as u16);
        self.seat_games += 1;
        self.points += points.as_f64();
        match points.cmp(&share) {
            std::cmp::Ordering::Greater => self.wins += 1,
            std::cmp::Ordering::Less => self.losses += 1,
            std::cmp::Ordering::Equal => self.draws += 1,
        }
    }
}

/// The match so far: a tally per engine and, for two engines in two seats, the first
/// engine's per-game scores for Elo and SPRT.
#[derive(Clone, Debug, PartialEq)]
pub struct Standings {
    pub tallies: Vec<Tally>,
    pub head_to_head: Sample,
    pub games: usize,
}

impl Standings {
    pub fn new(engines: usize) -> Standings {
        Standings {
            tallies: vec![Tally::default(); engines],
            head_to_head: Sample::default(),
            games: 0,
        }
    }

    /// Adds a game: the engine of each seat and the points each seat scored.
    pub fn add_game(&mut self, seat_engines: &[usize], points: &[Points]) {
        self.games += 1;
        let seats = seat_engines.len();
        for (&engine, &p) in seat_engines.iter().zip(points) {
            self.tallies[engine].add(p, seats);
            if engine == 0 && seats == 2 && self.tallies.len() == 2 {
                self.head_to_head.add(p.as_f64());
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample(wins: usize, draws: usize, losses: usize) -> Sample {
        let mut s = Sample::default();
        (0..wins).for_each(|_| s.add(1.0));
        (0..draws).for_each(|_| s.add(0.5));
        (0..losses).for_each(|_| s.add(0.0));
        s
    }

    fn close(a: f64, b: f64, tolerance: f64) -> bool {
        (a - b).abs() < tolerance
    }

    #[test]
    fn elo_and_score_are_inverse() {
        assert_eq!(elo_from_score(0.5), 0.0);
        assert!(close(elo_from_score(0.75), 190.848, 1e-3));
        assert!(close(score_from_elo(190.848_501_887_865), 0.75, 1e-9));
        assert_eq!(elo_from_score(1.0), f64::INFINITY);
        assert_eq!(elo_from_score(0.0), f64::NEG_INFINITY);
    }

    #[test]
    fn elo_error_of_a_known_match() {
        // 100 wins, 120 draws, 80 losses: score 0.5333, per-game σ² = 0.14889.
        let s = sample(100, 120, 80);
        assert!(close(s.mean(), 160.0 / 300.0, 1e-12));
        assert!(close(s.variance(), 0.148_888_889, 1e-8));
        let estimate = elo_estimate(&s).unwrap();
        assert!(close(estimate.elo, 23.1968, 1e-4), "{estimate:?}");
        assert!(close(estimate.error, 30.5555, 1e-4), "{estimate:?}");
    }

    #[test]
    fn elo_error_is_infinite_at_a_perfect_score() {
        let estimate = elo_estimate(&sample(5, 0, 0)).unwrap();
        assert_eq!(estimate.elo, f64::INFINITY);
        assert!(elo_estimate(&Sample::default()).is_none());
    }

    #[test]
    fn sprt_bounds_for_five_percent_errors() {
        let (lower, upper) = sprt_bounds(0.05, 0.05);
        assert!(close(lower, -2.944_438_979, 1e-9));
        assert!(close(upper, 2.944_438_979, 1e-9));
    }

    #[test]
    fn sprt_llr_of_a_known_match() {
        let s = sample(100, 120, 80);
        assert!(close(sprt_llr(&s, 0.0, 5.0), 0.431_096, 1e-5));
        assert!(close(sprt_llr(&s, -5.0, 0.0), 0.535_407, 1e-5));
        // An even match favours H0 when H1 claims a gain.
        assert!(sprt_llr(&sample(50, 100, 50), 0.0, 10.0) < 0.0);
        assert_eq!(sprt_llr(&sample(0, 10, 0), 0.0, 5.0), 0.0);
    }

    #[test]
    fn sprt_verdicts_at_the_bounds() {
        let spec = SprtSpec {
            elo0: 0.0,
            elo1: 5.0,
            alpha: 0.05,
            beta: 0.05,
        };
        assert_eq!(sprt_state(&sample(100, 120, 80), &spec).verdict(), None);
        let strong = sample(400, 300, 200);
        assert_eq!(
            sprt_state(&strong, &spec).verdict(),
            Some(SprtVerdict::AcceptH1)
        );
        let weak = sample(200, 300, 400);
        assert_eq!(
            sprt_state(&weak, &spec).verdict(),
            Some(SprtVerdict::AcceptH0)
        );
    }

    #[test]
    fn tallies_count_seats_against_an_equal_share() {
        let mut standings = Standings::new(2);
        standings.add_game(&[0, 1], &[Points::ONE, Points::ZERO]);
        standings.add_game(&[1, 0], &[Points::HALF, Points::HALF]);
        standings.add_game(&[1, 0], &[Points::fraction(3, 4), Points::fraction(1, 4)]);
        let first = standings.tallies[0];
        assert_eq!((first.wins, first.draws, first.losses), (1, 1, 1));
        assert!(close(first.points, 1.75, 1e-12));
        assert_eq!(standings.head_to_head.games, 3);
        assert!(close(standings.head_to_head.mean(), 1.75 / 3.0, 1e-12));

        let mut seven = Standings::new(2);
        let sevenths = [Points::fraction(1, 7); 7];
        seven.add_game(&[0, 1, 0, 1, 0, 1, 0], &sevenths);
        assert_eq!(seven.tallies[0].draws, 4);
        assert_eq!(seven.head_to_head.games, 0);
    }
}
