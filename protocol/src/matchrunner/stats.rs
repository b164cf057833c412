//! Match statistics: Elo difference with its 95% error, likelihood of superiority and
//! the SPRT, computed as fastchess does for a head-to-head match in the pentanomial
//! model. The unit of the sample is a game pair (one opening, seats swapped) scored by
//! the pair's average `x` in `[0, 1]`; pairing cancels most of the openings' bias, so
//! the pairs' variance is the honest one (see `standings`).
//!
//! - Elo from the mean score `s`: `elo = -400 log10(1/s - 1)`.
//! - Error from the variance of the pair scores, `σ² = mean((x - s)²)`: the score's 95%
//!   interval is `s ± 1.96 σ/√n` over `n` pairs; the Elo error is half the width of
//!   that interval in Elo.
//! - Likelihood of superiority: the probability that the true score exceeds ½ under
//!   the normal approximation, `LOS = Φ((s - ½) / (σ/√n))`.
//! - SPRT: the generalized SPRT with the normal approximation (M. Van den Bergh), logistic
//!   Elo: with `s0`, `s1` the expected scores at `elo0`, `elo1`,
//!   `LLR = n (s1 - s0)(2s - s0 - s1) / (2σ²)`, where `n`, `s` and `σ²` include a
//!   pseudo-count of 0.001 at each pentanomial outcome no pair has had yet. It stops
//!   when the LLR leaves
//!   `[ln(β/(1-α)), ln((1-β)/α)]`: below, H0 (`elo0`) is accepted; above, H1 (`elo1`).

use super::config::SprtSpec;

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

/// Running mean and variance of scores in `[0, 1]` (of game pairs, in a match).
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

    /// The variance per sample (of the population: divided by `n`, as fastchess does).
    pub fn variance(&self) -> f64 {
        let mean = self.mean();
        (self.sum_of_squares / self.games as f64 - mean * mean).max(0.0)
    }
}

/// The standard error of the sample's mean.
fn standard_error(sample: &Sample) -> f64 {
    (sample.variance() / sample.games as f64).sqrt()
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
    let margin = Z95 * standard_error(sample);
    Some(EloEstimate {
        elo: elo_from_score(mean),
        error: (elo_from_score(mean + margin) - elo_from_score(mean - margin)) / 2.0,
    })
}

/// The probability that the first engine is the stronger one; `None` before the first
/// sample. Without any spread in the scores it is 1, 0 or ½ by the mean alone.
pub fn likelihood_of_superiority(sample: &Sample) -> Option<f64> {
    if sample.games == 0 {
        return None;
    }
    let lead = sample.mean() - 0.5;
    let error = standard_error(sample);
    Some(if error > 0.0 {
        normal_cdf(lead / error)
    } else if lead > 0.0 {
        1.0
    } else if lead < 0.0 {
        0.0
    } else {
        0.5
    })
}

/// `Φ(x)`, the standard normal distribution function, through `erfc`.
fn normal_cdf(x: f64) -> f64 {
    0.5 * erfc(-x / std::f64::consts::SQRT_2)
}

/// The complementary error function, by the Chebyshev fit of Numerical Recipes
/// (`erfcc`, fractional error below 1.2e-7 everywhere): Rust's `std` has no `erf`.
fn erfc(x: f64) -> f64 {
    const COEFFICIENTS: [f64; 10] = [
        -1.265_512_23,
        1.000_023_68,
        0.374_091_96,
        0.096_784_18,
        -0.186_288_06,
        0.278_868_07,
        -1.135_203_98,
        1.488_515_87,
        -0.822_152_23,
        0.170_872_77,
    ];
    let t = 1.0 / (1.0 + 0.5 * x.abs());
    let series = COEFFICIENTS.iter().rev().fold(0.0, |acc, &c| acc * t + c);
    let tail = t * (-x * x + series).exp();
    if x >= 0.0 {
        tail
    } else {
        2.0 - tail
    }
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

/// Weight of a pseudo-observation at every pentanomial outcome that no pair has had
/// yet, added before the LLR is computed (fishtest regularizes its counts the same
/// way): without it a sample without spread, such as an engine that wins every pair,
/// would leave the LLR at 0 for ever.
const PSEUDO_COUNT: f64 = 1e-3;

/// The log-likelihood ratio of `elo1` against `elo0` over `sample` together with a
/// weight of [`PSEUDO_COUNT`] at each score of `unseen`; 0 before the first sample and
/// while nothing varies.
pub fn sprt_llr(sample: &Sample, unseen: &[f64], elo0: f64, elo1: f64) -> f64 {
    if sample.games == 0 {
        return 0.0;
    }
    let weight = sample.games as f64 + PSEUDO_COUNT * unseen.len() as f64;
    let sum = sample.sum + PSEUDO_COUNT * unseen.iter().sum::<f64>();
    let squares = sample.sum_of_squares + PSEUDO_COUNT * unseen.iter().map(|x| x * x).sum::<f64>();
    let mean = sum / weight;
    let variance = squares / weight - mean * mean;
    if variance <= 0.0 {
        return 0.0;
    }
    let (s0, s1) = (score_from_elo(elo0), score_from_elo(elo1));
    weight * (s1 - s0) * (2.0 * mean - s0 - s1) / (2.0 * variance)
}

/// The SPRT over `sample`, with the pseudo-observations at `unseen` (see [`sprt_llr`]).
pub fn sprt_state(sample: &Sample, unseen: &[f64], spec: &SprtSpec) -> SprtState {
    let (lower, upper) = sprt_bounds(spec.alpha, spec.beta);
    SprtState {
        llr: sprt_llr(sample, unseen, spec.elo0, spec.elo1),
        lower,
        upper,
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

    /// Game pairs with the first engine's pair totals 0, ½, 1, 1½, 2 points counted by
    /// `counts`, as pair averages.
    fn pairs(counts: [usize; 5]) -> Sample {
        let mut s = Sample::default();
        for (total, &count) in counts.iter().enumerate() {
            (0..count).for_each(|_| s.add(total as f64 / 4.0));
        }
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
        assert!(close(sprt_llr(&s, &[], 0.0, 5.0), 0.431_096, 1e-5));
        assert!(close(sprt_llr(&s, &[], -5.0, 0.0), 0.535_407, 1e-5));
        // An even match favours H0 when H1 claims a gain.
        assert!(sprt_llr(&sample(50, 100, 50), &[], 0.0, 10.0) < 0.0);
        assert_eq!(sprt_llr(&sample(0, 10, 0), &[], 0.0, 5.0), 0.0);
    }

    #[test]
    fn sprt_verdicts_at_the_bounds() {
        let spec = SprtSpec {
            elo0: 0.0,
            elo1: 5.0,
            alpha: 0.05,
            beta: 0.05,
        };
        assert_eq!(
            sprt_state(&sample(100, 120, 80), &[], &spec).verdict(),
            None
        );
        let strong = sample(400, 300, 200);
        assert_eq!(
            sprt_state(&strong, &[], &spec).verdict(),
            Some(SprtVerdict::AcceptH1)
        );
        let weak = sample(200, 300, 400);
        assert_eq!(
            sprt_state(&weak, &[], &spec).verdict(),
            Some(SprtVerdict::AcceptH0)
        );
    }

    // 100 pairs, pentanomial counts LL 5, LD 20, DD+WL 40, WD 25, WW 10:
    //   s     = (20·¼ + 40·½ + 25·¾ + 10·1) / 100 = 53.75 / 100 = 0.5375
    //   E[x²] = (20/16 + 40/4 + 25·9/16 + 10) / 100 = 35.3125 / 100 = 0.353125
    //   σ²    = 0.353125 - 0.5375² = 0.353125 - 0.28890625 = 0.06421875
    //   σ/√n  = √0.0006421875 = 0.025341419
    const PENTANOMIAL: [usize; 5] = [5, 20, 40, 25, 10];

    #[test]
    fn pentanomial_mean_and_variance() {
        let s = pairs(PENTANOMIAL);
        assert_eq!(s.games, 100);
        assert!(close(s.mean(), 0.5375, 1e-12));
        assert!(close(s.variance(), 0.064_218_75, 1e-12));
    }

    #[test]
    fn pentanomial_sprt_llr() {
        // s0 = ½; s1 = 1 / (1 + 10^(-5/400)) = 1 / 1.971_621_4 = 0.507_195_08.
        // LLR = 100 · (s1 - s0)(2s - s0 - s1) / (2σ²)
        //     = 100 · 0.007_195_08 · (1.075 - 1.007_195_08) / 0.128_437_5
        //     = 100 · 0.007_195_08 · 0.067_804_92 / 0.128_437_5 = 0.379_844
        assert!(close(
            sprt_llr(&pairs(PENTANOMIAL), &[], 0.0, 5.0),
            0.379_844,
            1e-6
        ));
    }

    #[test]
    fn pseudo_counts_let_a_sample_without_spread_move_the_llr() {
        // One pair won twice (average 1), and 0.001 at each unseen 0, ¼, ½, ¾:
        //   weight = 1.004, sum = 1 + 0.001 · 1.5 = 1.0015,
        //   squares = 1 + 0.001 · (1/16 + 1/4 + 9/16) = 1.000875,
        //   s = 1.0015 / 1.004 = 0.997_510, σ² = 1.000875 / 1.004 - s² = 0.001_861_33,
        //   LLR = 1.004 · 0.007_195_08 · (1.995_020 - 1.007_195) / 0.003_722_66 = 1.916_89.
        let unseen = [0.0, 0.25, 0.5, 0.75];
        let llr = sprt_llr(&pairs([0, 0, 0, 0, 1]), &unseen, 0.0, 5.0);
        assert!(close(llr, 1.916_89, 1e-5), "{llr}");
        assert_eq!(sprt_llr(&pairs([0, 0, 0, 0, 1]), &[], 0.0, 5.0), 0.0);
        assert_eq!(sprt_llr(&Sample::default(), &unseen, 0.0, 5.0), 0.0);
    }

    #[test]
    fn pentanomial_elo_and_error() {
        // elo = -400 log10(1/0.5375 - 1) = -400 log10(0.860_465) = 26.1067;
        // margin = 1.959_964 · 0.025_341_42 = 0.049_668_2, and the error is half of
        // elo(0.587_168) - elo(0.487_832) = (61.1958 - (-8.4570)) / 2 = 34.8264.
        let estimate = elo_estimate(&pairs(PENTANOMIAL)).unwrap();
        assert!(close(estimate.elo, 26.1067, 1e-4), "{estimate:?}");
        assert!(close(estimate.error, 34.8264, 1e-4), "{estimate:?}");
    }

    #[test]
    fn likelihood_of_superiority_of_known_samples() {
        // z = (0.5375 - 0.5) / 0.025_341_42 = 1.479_791; Φ(1.479_791) = 0.930_535.
        let los = likelihood_of_superiority(&pairs(PENTANOMIAL)).unwrap();
        assert!(close(los, 0.930_535, 1e-6), "{los}");
        // Pairs 0 and 1 (one lost pair, one won): s = ½, so z = 0 and LOS = ½.
        assert!(close(
            likelihood_of_superiority(&pairs([1, 0, 0, 0, 1])).unwrap(),
            0.5,
            1e-7
        ));
        // Pair averages ¾, ¾, ¾, ¼: s = 0.625, σ² = (3·0.125² + 0.375²) / 4 = 0.046_875,
        // σ/√n = √(0.046_875/4) = 0.108_253; z = 0.125 / 0.108_253 = 1.154_701;
        // Φ(1.154_701) = 0.875_893.
        let los = likelihood_of_superiority(&pairs([0, 1, 0, 3, 0])).unwrap();
        assert!(close(los, 0.875_893, 1e-6), "{los}");
        // No spread: certain by the mean alone.
        assert_eq!(
            likelihood_of_superiority(&pairs([0, 0, 0, 3, 0])),
            Some(1.0)
        );
        assert_eq!(
            likelihood_of_superiority(&pairs([0, 0, 3, 0, 0])),
            Some(0.5)
        );
        assert_eq!(likelihood_of_superiority(&Sample::default()), None);
    }

    #[test]
    fn the_normal_distribution_at_known_points() {
        // Tables: Φ(0) = ½, Φ(1) = 0.841_344_7, Φ(-1.959_964) = 0.025; the fit of
        // `erfc` is good to about 1e-7.
        assert!(close(normal_cdf(0.0), 0.5, 1e-7));
        assert!(close(normal_cdf(1.0), 0.841_344_7, 1e-7));
        assert!(close(normal_cdf(-Z95), 0.025, 1e-7));
    }
}
