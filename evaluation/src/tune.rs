//! Fitting an evaluation's weights to game results (`tessera tune`).
//!
//! The model: a position's seats score `s_1 … s_N` (the evaluation with the weights `w`)
//! and seat `i` is expected to take the share `p_i = exp(K s_i) / Σ_j exp(K s_j)` of the
//! points, a softmax over the seats. With two seats, whose scores are opposite, this is
//! Texel's logistic fit `p_1 = 1 / (1 + exp(−2K s_1))`. The loss is the mean over the
//! positions of `Σ_i (p_i − r_i)²`, `r_i` being the points seat `i` took in the game.
//!
//! The scaling constant `K` is fitted first, with the given weights ([`fit_scale`]); then
//! every weight at once by gradient descent (Adam) with `K` fixed ([`fit_weights`]).
//! Two options keep a fit on little data well posed ([`Descent`]): a pull of every weight
//! towards the weights the fit started from (an L2 term added to the loss), and leaving
//! as they are the weights that change the score of too few positions to be measured. The
//! evaluation is linearised around the given weights once: each weight's effect on every
//! seat's score is measured for every position by evaluating with that weight moved by
//! [`STEP`] ([`Features::extract`]). Most terms are sums of weight times count, for which
//! this is exact; the few products (shares of a value in per cent) are near enough. A pass
//! of the descent then costs one sparse dot product per position, in parallel (rayon).

use crate::weights::{Tunable, Weights};
use engine::game::{Game, MAX_SEATS};
use rayon::prelude::*;

/// How far a weight is moved to measure its effect on the scores. Terms linear in their
/// weights are measured exactly by any step.
/// Twenty: a share in per cent of a value that is a multiple of five then moves by a whole
/// number of centipawns, so that rounding does not bias the measured effect.
pub const STEP: i32 = 20;

/// One weight's effect per unit on every seat's score.
type Slope = [f32; MAX_SEATS];

/// One training position: the position and the points each seat took in its game.
pub struct Sample<G> {
    pub pos: G,
    pub result: Vec<f64>,
}

/// The linearised evaluation over a data set: for each position its seats' scores with
/// the given weights and, for each weight that changes them, the change per unit of
/// weight of every seat's score (compressed rows).
pub struct Features {
    seats: usize,
    /// `seats` scores per position.
    base: Vec<f32>,
    /// `seats` points per position.
    result: Vec<f32>,
    /// Row `p` is `offsets[p]..offsets[p + 1]` of `weight` and (times `seats`) `slope`.
    offsets: Vec<usize>,
    weight: Vec<u16>,
    slope: Vec<f32>,
    /// The weights the scores were measured at.
    origin: Vec<f64>,
}

impl Features {
    /// Measures every position's scores at `weights` and the effect on them of each
    /// `free` weight (the others, which the fit does not move, are not measured: a fit of
    /// a few weights costs a few evaluations per position). Every position must have the
    /// same number of seats.
    pub fn extract<G: Game, E: Tunable<G>>(
        weights: &E::Weights,
        samples: &[Sample<G>],
        free: &[bool],
    ) -> Features {
        let origin = weights.flat();
        let base = seat_scores::<G, E>(weights, samples);
        // Column by column: each moved weight's scoring is built once.
        let columns: Vec<Vec<(usize, Slope)>> = (0..origin.len())
            .map(|j| {
                if !free[j] {
                    return Vec::new();
                }
                let mut moved = origin.clone();
                moved[j] += STEP;
                let mut changed = weights.clone();
                changed.set_flat(&moved);
                let scoring = E::scoring(changed);
                samples
                    .par_iter()
                    .zip(&base)
                    .enumerate()
                    .filter_map(|(p, (s, b))| {
                        let after = E::seat_scores(&scoring, &s.pos);
                        let mut slope = [0.0; MAX_SEATS];
                        for (i, (a, b)) in after.iter().zip(b).enumerate() {
                            slope[i] = (*a as f32 - b) / STEP as f32;
                        }
                        slope.iter().any(|&d| d != 0.0).then_some((p, slope))
                    })
                    .collect()
            })
            .collect();
        let mut rows: Vec<Vec<(u16, Slope)>> = vec![Vec::new(); samples.len()];
        for (j, column) in columns.into_iter().enumerate() {
            for (p, slope) in column {
                rows[p].push((j as u16, slope));
            }
        }
        let scores = Features::without_slopes(weights, samples, base);
        let (mut weight, mut slopes, mut offsets) = (Vec::new(), Vec::new(), vec![0]);
        for row in rows {
            for (j, slope) in row {
                weight.push(j);
                slopes.extend_from_slice(&slope[..scores.seats]);
            }
            offsets.push(weight.len());
        }
        Features {
            weight,
            slope: slopes,
            offsets,
            ..scores
        }
    }

    /// Measures every position's scores at `weights` only, for the loss there: one
    /// evaluation per position where [`Features::extract`] needs one per weight more.
    pub fn scores_only<G: Game, E: Tunable<G>>(
        weights: &E::Weights,
        samples: &[Sample<G>],
    ) -> Features {
        Features::without_slopes(weights, samples, seat_scores::<G, E>(weights, samples))
    }

    /// The scores `base` of every sample at `weights`, with no weight's effect measured.
    fn without_slopes<G, W: Weights>(
        weights: &W,
        samples: &[Sample<G>],
        base: Vec<Vec<f32>>,
    ) -> Features {
        Features {
            seats: samples.first().map_or(2, |s| s.result.len()),
            base: base.concat(),
            result: samples
                .iter()
                .flat_map(|s| s.result.iter().map(|&r| r as f32))
                .collect(),
            offsets: vec![0; samples.len() + 1],
            weight: Vec::new(),
            slope: Vec::new(),
            origin: weights.flat().iter().map(|&w| f64::from(w)).collect(),
        }
    }

    /// The mean loss at scale `k` with the weights the scores were measured at.
    pub fn loss(&self, k: f64) -> f64 {
        self.pass(&self.origin, k, false).0
    }

    pub fn positions(&self) -> usize {
        self.offsets.len() - 1
    }

    /// For each weight, the number of positions whose score it changes (0 for a weight
    /// that was not measured).
    pub fn positions_moved(&self) -> Vec<usize> {
        let mut count = vec![0; self.origin.len()];
        for &j in &self.weight {
            count[usize::from(j)] += 1;
        }
        count
    }

    /// The seats' scores of position `p` with the weights `w`, by the linear model.
    fn scores(&self, p: usize, w: &[f64], out: &mut [f64]) {
        let n = self.seats;
        for (i, s) in out.iter_mut().enumerate() {
            *s = f64::from(self.base[p * n + i]);
        }
        for e in self.offsets[p]..self.offsets[p + 1] {
            let j = usize::from(self.weight[e]);
            let dw = w[j] - self.origin[j];
            for (i, s) in out.iter_mut().enumerate() {
                *s += f64::from(self.slope[e * n + i]) * dw;
            }
        }
    }

    /// The mean loss with weights `w` and scale `k`, and (if `gradient` is set) its
    /// gradient with respect to the weights: one pass over the data, in parallel.
    pub fn pass(&self, w: &[f64], k: f64, gradient: bool) -> (f64, Vec<f64>) {
        let n = self.seats;
        let dims = if gradient { w.len() } else { 0 };
        let (loss, grad) = (0..self.positions())
            .into_par_iter()
            .fold(
                || (0.0, vec![0.0; dims], vec![0.0; n], vec![0.0; n]),
                |(mut loss, mut grad, mut s, mut ds), p| {
                    self.scores(p, w, &mut s);
                    let result = &self.result[p * n..(p + 1) * n];
                    loss += softmax_loss(&s, result, k, &mut ds);
                    if gradient {
                        for e in self.offsets[p]..self.offsets[p + 1] {
                            let slope = &self.slope[e * n..(e + 1) * n];
                            let g: f64 =
                                slope.iter().zip(&ds).map(|(&d, g)| f64::from(d) * g).sum();
                            grad[usize::from(self.weight[e])] += g;
                        }
                    }
                    (loss, grad, s, ds)
                },
            )
            .map(|(loss, grad, _, _)| (loss, grad))
            .reduce(
                || (0.0, vec![0.0; dims]),
                |(la, mut ga), (lb, gb)| {
                    ga.iter_mut().zip(gb).for_each(|(a, b)| *a += b);
                    (la + lb, ga)
                },
            );
        let count = self.positions().max(1) as f64;
        (loss / count, grad.into_iter().map(|g| g / count).collect())
    }
}

/// Every sample's seat scores with `weights`, in parallel.
fn seat_scores<G: Game, E: Tunable<G>>(
    weights: &E::Weights,
    samples: &[Sample<G>],
) -> Vec<Vec<f32>> {
    let scoring = E::scoring(weights.clone());
    samples
        .par_iter()
        .map(|s| {
            E::seat_scores(&scoring, &s.pos)
                .iter()
                .map(|&x| x as f32)
                .collect()
        })
        .collect()
}

/// `Σ_i (p_i − r_i)²` for one position with `p = softmax(k s)`; its derivative with
/// respect to each `s_i` goes to `ds`.
fn softmax_loss(s: &[f64], result: &[f32], k: f64, ds: &mut [f64]) -> f64 {
    let top = s.iter().cloned().fold(f64::MIN, f64::max);
    let exp: Vec<f64> = s.iter().map(|&x| (k * (x - top)).exp()).collect();
    let total: f64 = exp.iter().sum();
    let p: Vec<f64> = exp.iter().map(|e| e / total).collect();
    let err: Vec<f64> = p
        .iter()
        .zip(result)
        .map(|(p, &r)| p - f64::from(r))
        .collect();
    // dL/ds_m = 2k p_m ((p_m − r_m) − Σ_i (p_i − r_i) p_i).
    let mean: f64 = err.iter().zip(&p).map(|(e, p)| e * p).sum();
    for (m, d) in ds.iter_mut().enumerate() {
        *d = 2.0 * k * p[m] * (err[m] - mean);
    }
    err.iter().map(|e| e * e).sum()
}

/// The scale `K` that minimises the loss with the weights the features were measured at:
/// a scan over a logarithmic grid, then golden-section search around the best point.
pub fn fit_scale(features: &Features) -> f64 {
    let loss = |k: f64| features.loss(k);
    let grid: Vec<f64> = (0..=40)
        .map(|i| 1e-5 * 10f64.powf(f64::from(i) / 10.0))
        .collect();
    let best = (0..grid.len())
        .min_by(|&a, &b| loss(grid[a]).total_cmp(&loss(grid[b])))
        .unwrap_or(0);
    let (mut lo, mut hi) = (
        grid[best.saturating_sub(1)],
        grid[(best + 1).min(grid.len() - 1)],
    );
    let ratio = (5f64.sqrt() - 1.0) / 2.0;
    for _ in 0..60 {
        let (a, b) = (hi - ratio * (hi - lo), lo + ratio * (hi - lo));
        if loss(a) < loss(b) {
            hi = b;
        } else {
            lo = a;
        }
    }
    (lo + hi) / 2.0
}

/// How the weights are fitted.
#[derive(Clone, Copy, Debug)]
pub struct Descent {
    /// Passes over the data (gradient steps).
    pub passes: usize,
    /// Adam's first step size, in centipawns; it falls linearly to a hundredth of this
    /// over the passes, so that the weights settle.
    pub rate: f64,
    /// The pull `λ` towards the anchor weights `a` (those the fit started from): the loss
    /// minimised is the data's plus `λ Σ_j ((w_j − a_j) / 100)²`, so that moving a weight
    /// by a pawn costs `λ`. A weight the data barely determines then stays near its
    /// anchor instead of wandering to fit the noise. 0 leaves the weights free.
    pub pull: f64,
    /// Weights that change the score of fewer positions than this keep their values: the
    /// data holds too few examples to measure them.
    pub min_positions: usize,
}

impl Default for Descent {
    fn default() -> Self {
        Descent {
            passes: 2000,
            rate: 1.0,
            pull: 0.0,
            min_positions: 0,
        }
    }
}

impl Descent {
    /// The gradient of the pull towards `anchor` at `w`.
    fn pull_gradient(&self, w: f64, anchor: f64) -> f64 {
        2.0 * self.pull * (w - anchor) / (100.0 * 100.0)
    }
}

/// The weights that minimise the loss at scale `k` (plus the pull towards `anchor`),
/// starting from those the features were measured at: Adam over all weights at once,
/// except those not `free` and those that move the score of fewer than
/// `descent.min_positions` positions.
pub fn fit_weights(
    features: &Features,
    k: f64,
    descent: Descent,
    anchor: &[f64],
    free: &[bool],
) -> Vec<f64> {
    let (beta1, beta2, epsilon): (f64, f64, f64) = (0.9, 0.999, 1e-12);
    let mut w = features.origin.clone();
    let mut m = vec![0.0; w.len()];
    let mut v = vec![0.0; w.len()];
    let moving: Vec<bool> = features
        .positions_moved()
        .iter()
        .zip(free)
        .map(|(&count, &free)| free && count >= descent.min_positions)
        .collect();
    for t in 1..=descent.passes {
        let (_, mut grad) = features.pass(&w, k, true);
        for j in 0..w.len() {
            grad[j] += descent.pull_gradient(w[j], anchor[j]);
        }
        let (c1, c2) = (1.0 - beta1.powi(t as i32), 1.0 - beta2.powi(t as i32));
        let rate = descent.rate * (1.0 - 0.99 * (t - 1) as f64 / descent.passes as f64);
        for j in (0..w.len()).filter(|&j| moving[j]) {
            m[j] = beta1 * m[j] + (1.0 - beta1) * grad[j];
            v[j] = beta2 * v[j] + (1.0 - beta2) * grad[j] * grad[j];
            if v[j] > 0.0 {
                w[j] -= rate * (m[j] / c1) / ((v[j] / c2).sqrt() + epsilon);
            }
        }
    }
    w
}

/// Fits the weights at scale `k` in `rounds` rounds, starting from `at_start`, the
/// evaluation linearised at the weights `start` ([`Features::extract`]): each later round
/// linearises the evaluation at the weights the previous one found (rounded to whole
/// centipawns), so that terms that are not linear in their weights (the strongest other
/// seat of the field, shares in per cent) are measured where the fit ends. The pull holds
/// every round to `start`; only the `free` weights move.
pub fn fit<G: Game + Sync, E: Tunable<G>>(
    start: &E::Weights,
    samples: &[Sample<G>],
    at_start: Features,
    k: f64,
    descent: Descent,
    rounds: usize,
    free: &[bool],
) -> Vec<f64> {
    let anchor = at_start.origin.clone();
    let mut fitted = fit_weights(&at_start, k, descent, &anchor, free);
    let mut weights = rounded(start, &fitted);
    for _ in 1..rounds.max(1) {
        let features = Features::extract::<G, E>(&weights, samples, free);
        fitted = fit_weights(&features, k, descent, &anchor, free);
        weights = rounded(&weights, &fitted);
    }
    fitted
}

/// The fitted weights rounded to whole centipawns, in the evaluation's form.
pub fn rounded<W: Weights>(like: &W, fitted: &[f64]) -> W {
    let flat: Vec<i32> = fitted.iter().map(|w| w.round() as i32).collect();
    let mut weights = like.clone();
    weights.set_flat(&flat);
    weights
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_softmax_gradient_matches_finite_differences() {
        let (s, r, k) = ([120.0, -40.0, 10.0], [1.0f32, 0.0, 0.0], 0.004);
        let mut ds = [0.0; 3];
        let loss = softmax_loss(&s, &r, k, &mut ds);
        for i in 0..3 {
            let mut moved = s;
            moved[i] += 1e-4;
            let numeric = (softmax_loss(&moved, &r, k, &mut [0.0; 3]) - loss) / 1e-4;
            assert!((numeric - ds[i]).abs() < 1e-7, "{i}: {numeric} {}", ds[i]);
        }
    }

    /// Four two-seat positions scored 0 at the origin (all weights 0), three won by seat
    /// 1: weight 0 adds its value to seat 1's score (and takes it from seat 2's) in every
    /// position, weight 1 only in position 0, one of the wins.
    fn four_positions() -> Features {
        let mut features = Features {
            seats: 2,
            base: vec![0.0; 8],
            result: vec![1.0, 0.0, 1.0, 0.0, 1.0, 0.0, 0.0, 1.0],
            offsets: vec![0],
            weight: Vec::new(),
            slope: Vec::new(),
            origin: vec![0.0, 0.0],
        };
        for p in 0..4 {
            let weights: &[u16] = if p == 0 { &[0, 1] } else { &[0] };
            for &j in weights {
                features.weight.push(j);
                features.slope.extend([1.0, -1.0]);
            }
            features.offsets.push(features.weight.len());
        }
        features
    }

    fn descent(pull: f64, min_positions: usize) -> Descent {
        Descent {
            passes: 3000,
            rate: 2.0,
            pull,
            min_positions,
        }
    }

    #[test]
    fn a_weight_moving_too_few_positions_keeps_its_value() {
        let features = four_positions();
        assert_eq!(features.positions_moved(), [4, 1]);
        let free = fit_weights(&features, 0.01, descent(0.0, 0), &[0.0, 0.0], &[true; 2]);
        assert!(free[1] > 20.0, "{free:?}");
        let kept = fit_weights(&features, 0.01, descent(0.0, 2), &[0.0, 0.0], &[true; 2]);
        assert_eq!(kept[1], 0.0);
        assert!(kept[0] > 20.0, "{kept:?}");
    }

    #[test]
    fn a_weight_not_free_keeps_its_value() {
        let features = four_positions();
        let only_second = [false, true];
        let fitted = fit_weights(&features, 0.01, descent(0.0, 0), &[0.0, 0.0], &only_second);
        assert_eq!(fitted[0], 0.0);
        assert!(fitted[1] > 20.0, "{fitted:?}");
    }

    /// Without the pull weight 0 reaches the data's optimum, where seat 1's expected
    /// share is 3/4: `w = ln 3 / (2k)`. With it the fit stops short, where the data's
    /// gradient and the pull's cancel.
    #[test]
    fn the_pull_holds_a_weight_between_its_anchor_and_the_datas_optimum() {
        let (features, k) = (four_positions(), 0.01);
        let optimum = 3f64.ln() / (2.0 * k);
        let free = fit_weights(&features, k, descent(0.0, 2), &[0.0, 0.0], &[true; 2]);
        assert!((free[0] - optimum).abs() < 0.01, "{free:?} {optimum}");
        let pulled = descent(0.5, 2);
        let held = fit_weights(&features, k, pulled, &[0.0, 0.0], &[true; 2]);
        assert!(held[0] > 1.0 && held[0] < optimum - 10.0, "{held:?}");
        let (_, grad) = features.pass(&held, k, true);
        let total = grad[0] + pulled.pull_gradient(held[0], 0.0);
        assert!(total.abs() < 1e-7, "{total}");
    }

    /// Two opposite scores: the softmax is Texel's logistic curve of twice the scale.
    #[test]
    fn two_seats_give_the_logistic_curve() {
        let mut ds = [0.0; 2];
        let loss = softmax_loss(&[150.0, -150.0], &[1.0, 0.0], 0.003, &mut ds);
        let p = 1.0 / (1.0 + (-2.0 * 0.003 * 150.0f64).exp());
        assert!((loss - 2.0 * (1.0 - p) * (1.0 - p)).abs() < 1e-12);
    }
}
