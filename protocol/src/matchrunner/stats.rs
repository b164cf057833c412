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
//! - SPRT: the generalized SPRT on the pentanomial counts, as fishtest computes it: the
//!   log-likelihood ratio of the sample under the most likely distribution of pair
//!   outcomes whose expected score is `s1` against the one whose expected score is `s0`
//!   (the expected scores at `elo0`, `elo1`, logistic Elo), each found exactly by a 1-D
//!   root search on a Lagrange multiplier ([`sprt_llr`]). Every pentanomial outcome no
//!   pair has had yet enters with a weight of [`PSEUDO_COUNT`]. It stops when the LLR
//!   leaves `[ln(β/(1-α)), ln((1-β)/α)]`: below, H0 (`elo0`) is accepted; above, H1
//!   (`elo1`). The normal approximation of the same ratio,
//!   `n (s1 - s0)(2s - s0 - s1) / (2σ²)`, agrees for large samples but decides far too
//!   early on a few pairs without spread.

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
/// yet (fishtest regularizes its counts the same way): the maximum-likelihood
/// distributions below need every outcome that a hypothesis may move weight to, and a
/// sample without spread, such as an engine that wins every pair, would otherwise have
/// no distribution of another mean at all.
pub const PSEUDO_COUNT: f64 = 1e-3;

/// One outcome of the sample: a pair's average score and the weight of the pairs that
/// had it (a count, or [`PSEUDO_COUNT`]).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Outcome {
    pub score: f64,
    pub weight: f64,
}

/// The outcomes of pairs counted by the pentanomial `counts` (pair totals 0, ½, 1, 1½,
/// 2 points, each [`PSEUDO_COUNT`] where none occurred) and of the pairs with quarter
/// points, one outcome per average in `other`.
pub fn pair_outcomes(counts: &[usize; 5], other: &[f64]) -> Vec<Outcome> {
    let pentanomial = counts.iter().enumerate().map(|(total, &count)| Outcome {
        score: total as f64 / 4.0,
        weight: if count == 0 {
            PSEUDO_COUNT
        } else {
            count as f64
        },
    });
    let other = other.iter().map(|&score| Outcome { score, weight: 1.0 });
    pentanomial.chain(other).collect()
}

/// How much less likely the sample is under the most likely distribution of its
/// outcomes whose mean is `mean` than under its own frequencies: `Σ nᵢ ln(p̂ᵢ / pᵢ)`.
///
/// Maximising `Σ nᵢ ln pᵢ` under `Σ pᵢ = 1` and `Σ pᵢ aᵢ = mean` (a Lagrange multiplier
/// for each) gives `pᵢ = p̂ᵢ / (1 + λ (aᵢ - mean))`, where `p̂ᵢ = nᵢ / N` and `λ` is the
/// root of `Σ p̂ᵢ (aᵢ - mean) / (1 + λ (aᵢ - mean)) = 0`. That sum falls strictly with
/// `λ` from +∞ to -∞ over the `λ` that keep every `pᵢ` positive, so bisection finds the
/// root. The deficit is then `Σ nᵢ ln(1 + λ (aᵢ - mean))`. Infinite when no
/// distribution of the outcomes has that mean (`mean` not strictly between the least
/// and the greatest score).
fn likelihood_deficit(outcomes: &[Outcome], mean: f64) -> f64 {
    let total: f64 = outcomes.iter().map(|o| o.weight).sum();
    let lowest = outcomes
        .iter()
        .map(|o| o.score)
        .fold(f64::INFINITY, f64::min);
    let highest = outcomes
        .iter()
        .map(|o| o.score)
        .fold(f64::NEG_INFINITY, f64::max);
    if !(lowest < mean && mean < highest) {
        return f64::INFINITY;
    }
    let slope = |lambda: f64| -> f64 {
        outcomes
            .iter()
            .map(|o| o.weight / total * (o.score - mean) / (1.0 + lambda * (o.score - mean)))
            .sum()
    };
    let (mut low, mut high) = (-1.0 / (highest - mean), 1.0 / (mean - lowest));
    // 200 halvings reach the resolution of an f64 from any starting interval.
    for _ in 0..200 {
        let middle = 0.5 * (low + high);
        if middle <= low || middle >= high {
            break;
        }
        if slope(middle) > 0.0 {
            low = middle;
        } else {
            high = middle;
        }
    }
    let lambda = 0.5 * (low + high);
    outcomes
        .iter()
        .map(|o| o.weight * (1.0 + lambda * (o.score - mean)).ln())
        .sum()
}

/// The generalized SPRT's log-likelihood ratio of `elo1` against `elo0` (logistic Elo,
/// expected scores `s0`, `s1`): the log of the sample's likelihood under the most likely
/// distribution of its outcomes with mean `s1`, less that with mean `s0`. Exact: no
/// normal approximation. 0 for an empty sample.
pub fn sprt_llr(outcomes: &[Outcome], elo0: f64, elo1: f64) -> f64 {
    if outcomes.is_empty() {
        return 0.0;
    }
    let (s0, s1) = (score_from_elo(elo0), score_from_elo(elo1));
    likelihood_deficit(outcomes, s0) - likelihood_deficit(outcomes, s1)
}

/// The SPRT over the sample's `outcomes` (see [`sprt_llr`]).
pub fn sprt_state(outcomes: &[Outcome], spec: &SprtSpec) -> SprtState {
    let (lower, upper) = sprt_bounds(spec.alpha, spec.beta);
    SprtState {
        llr: sprt_llr(outcomes, spec.elo0, spec.elo1),
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

    /// The pentanomial `counts` with their pseudo-counts.
    fn pentanomial(counts: [usize; 5]) -> Vec<Outcome> {
        pair_outcomes(&counts, &[])
    }

    const SPEC: SprtSpec = SprtSpec {
        elo0: 0.0,
        elo1: 5.0,
        alpha: 0.05,
        beta: 0.05,
    };

    /// `min Σ nᵢ ln(p̂ᵢ / pᵢ)` over the distributions `p` of five equally spaced scores
    /// with mean `mean`, found without the Lagrange multiplier: `p` is a point with that
    /// mean plus any mix of the three second differences (which keep the sum and the
    /// mean), searched on a grid that zooms in on its best point.
    fn brute_force_deficit(outcomes: &[Outcome], mean: f64) -> f64 {
        assert_eq!(outcomes.len(), 5);
        let total: f64 = outcomes.iter().map(|o| o.weight).sum();
        let (edge, w) = if mean >= 0.5 {
            (4, 2.0 * mean - 1.0)
        } else {
            (0, 1.0 - 2.0 * mean)
        };
        let mut start = [0.2 * (1.0 - w); 5];
        start[edge] += w;
        let deficit = |x: [f64; 3]| -> f64 {
            let mut sum = 0.0;
            for (i, o) in outcomes.iter().enumerate() {
                let mut p = start[i];
                for (k, &xk) in x.iter().enumerate() {
                    p += xk * [1.0, -2.0, 1.0].get(i.wrapping_sub(k)).unwrap_or(&0.0);
                }
                if p <= 0.0 {
                    return f64::INFINITY;
                }
                sum += o.weight * (o.weight / total / p).ln();
            }
            sum
        };
        let (mut centre, mut half) = ([0.0; 3], 1.0);
        for _ in 0..120 {
            let mut best = (deficit(centre), centre);
            for a in -5..=5 {
                for b in -5..=5 {
                    for c in -5..=5 {
                        let step = half / 5.0;
                        let x = [
                            centre[0] + f64::from(a) * step,
                            centre[1] + f64::from(b) * step,
                            centre[2] + f64::from(c) * step,
                        ];
                        let d = deficit(x);
                        if d < best.0 {
                            best = (d, x);
                        }
                    }
                }
            }
            centre = best.1;
            half *= 0.7;
        }
        deficit(centre)
    }

    /// The normal approximation: `N (s1 - s0)(2s - s0 - s1) / (2σ²)` with the weighted
    /// mean `s` and variance `σ²` of the outcomes.
    fn normal_llr(outcomes: &[Outcome], elo0: f64, elo1: f64) -> f64 {
        let total: f64 = outcomes.iter().map(|o| o.weight).sum();
        let mean = outcomes.iter().map(|o| o.weight * o.score).sum::<f64>() / total;
        let variance = outcomes
            .iter()
            .map(|o| o.weight * (o.score - mean).powi(2))
            .sum::<f64>()
            / total;
        let (s0, s1) = (score_from_elo(elo0), score_from_elo(elo1));
        total * (s1 - s0) * (2.0 * mean - s0 - s1) / (2.0 * variance)
    }

    #[test]
    fn the_llr_is_the_brute_force_maximum_likelihood_ratio() {
        let (s0, s1) = (score_from_elo(0.0), score_from_elo(5.0));
        for counts in [
            PENTANOMIAL,
            [0, 0, 0, 0, 2],
            [3, 7, 11, 6, 2],
            [0, 1, 0, 0, 0],
        ] {
            let outcomes = pentanomial(counts);
            let brute = brute_force_deficit(&outcomes, s0) - brute_force_deficit(&outcomes, s1);
            let llr = sprt_llr(&outcomes, 0.0, 5.0);
            assert!(close(llr, brute, 1e-7), "{counts:?}: {llr} against {brute}");
        }
    }

    #[test]
    fn sprt_llr_of_known_pentanomial_counts() {
        // Computed by the same Lagrange condition in double precision outside the crate
        // and checked above against the brute-force maximum.
        assert!(close(
            sprt_llr(&pentanomial(PENTANOMIAL), 0.0, 5.0),
            0.374_955_228,
            1e-8
        ));
        assert!(close(
            sprt_llr(&pentanomial([3, 7, 11, 6, 2]), 0.0, 5.0),
            -0.086_395_046,
            1e-8
        ));
        // An even match favours H0 when H1 claims a gain.
        assert!(sprt_llr(&pentanomial([10, 20, 40, 20, 10]), 0.0, 10.0) < 0.0);
        assert_eq!(sprt_llr(&[], 0.0, 5.0), 0.0);
    }

    #[test]
    fn two_won_pairs_do_not_decide() {
        // The normal approximation said 7.64 here (H1 accepted after four games). The
        // maximum-likelihood distribution of mean s0 moves a little of the weight to
        // the pseudo-counted losses, which costs little: 0.0143 per pair won.
        let two = sprt_state(&pentanomial([0, 0, 0, 0, 2]), &SPEC);
        assert!(close(two.llr, 0.028_603_520, 1e-8), "{two:?}");
        assert_eq!(two.verdict(), None);
        let one = sprt_llr(&pentanomial([0, 0, 0, 0, 1]), 0.0, 5.0);
        assert!(close(one, 0.014_315_849, 1e-8), "{one}");
    }

    #[test]
    fn the_normal_and_the_exact_llr_agree_for_large_samples() {
        // 10,000 pairs: 37.4955 exact, 37.9844 normal (1.3 % apart); 100 pairs of the
        // same proportions: 0.374955 and 0.379844.
        let large = pentanomial(PENTANOMIAL.map(|n| 100 * n));
        let (exact, normal) = (sprt_llr(&large, 0.0, 5.0), normal_llr(&large, 0.0, 5.0));
        assert!(close(exact, 37.495_523, 1e-5), "{exact}");
        assert!((exact - normal).abs() < 0.015 * normal, "{exact} {normal}");
        let even = pentanomial([400, 2000, 5200, 2000, 400]);
        let (exact, normal) = (sprt_llr(&even, -5.0, 5.0), normal_llr(&even, -5.0, 5.0));
        assert!((exact - normal).abs() < 1e-3, "{exact} {normal}");
        // Two won pairs: the normal approximation decides, the exact ratio does not.
        let two = pentanomial([0, 0, 0, 0, 2]);
        assert!(close(normal_llr(&two, 0.0, 5.0), 7.643, 1e-3));
    }

    #[test]
    fn sprt_verdicts_at_the_bounds() {
        let state = |counts: [usize; 5]| sprt_state(&pentanomial(counts), &SPEC);
        assert_eq!(state(PENTANOMIAL).verdict(), None);
        assert_eq!(
            state(PENTANOMIAL.map(|n| 10 * n)).verdict(),
            Some(SprtVerdict::AcceptH1)
        );
        assert_eq!(
            state([10, 25, 40, 20, 5].map(|n| 10 * n)).verdict(),
            Some(SprtVerdict::AcceptH0)
        );
    }

    #[test]
    fn pairs_with_quarter_points_enter_by_their_average() {
        let outcomes = pair_outcomes(&[0, 0, 1, 0, 0], &[0.375, 0.375]);
        assert_eq!(outcomes.len(), 7);
        assert_eq!(
            outcomes[2],
            Outcome {
                score: 0.5,
                weight: 1.0
            }
        );
        assert_eq!(outcomes[0].weight, PSEUDO_COUNT);
        assert_eq!(
            outcomes[6],
            Outcome {
                score: 0.375,
                weight: 1.0
            }
        );
        // Below ½ on average: H0 gains.
        assert!(sprt_llr(&outcomes, 0.0, 5.0) < 0.0);
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
