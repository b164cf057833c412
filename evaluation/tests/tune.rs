//! The tuner recovers known weights: results made from the compiled-in weights through
//! the model itself (each seat's expected share, not a sampled game result), then the
//! fit started from weights moved away from them.

use engine::game::{random_move, Game, Status};
use engine::variants::panoply::Panoply;
use engine::variants::sevenkingdoms::{Players, SevenKingdoms};
use evaluation::tune::{fit, fit_scale, Descent, Features, Sample};
use evaluation::weights::{Tunable, Weights};
use evaluation::{PanoplyEval, SevenKingdomsEval};
use rand::rngs::StdRng;
use rand::SeedableRng;

/// Positions along random playouts from the start, captures chosen half the time when
/// there are some, so that the material and the seats' standings spread.
fn playout_positions<G: Game>(config: &G::Config, games: usize, plies: usize) -> Vec<G> {
    let mut rng = StdRng::seed_from_u64(11);
    let mut positions = Vec::new();
    for _ in 0..games {
        let mut pos = G::start(config);
        for _ in 0..plies {
            if !matches!(pos.status(), Status::Ongoing) {
                break;
            }
            let Some(mv) = random_move(&pos, 0.5, &mut rng) else {
                break;
            };
            pos.make_move(mv);
            positions.push(pos.clone());
        }
    }
    positions
}

/// Each seat's share `softmax(k × scores)` with the compiled-in weights.
fn model_results<G: Game, E: Tunable<G>>(positions: Vec<G>, k: f64) -> Vec<Sample<G>> {
    let scoring = E::scoring(E::weights());
    positions
        .into_iter()
        .map(|pos| {
            let scores = E::seat_scores(&scoring, &pos);
            let exp: Vec<f64> = scores.iter().map(|&s| (k * f64::from(s)).exp()).collect();
            let total: f64 = exp.iter().sum();
            let result = exp.iter().map(|e| e / total).collect();
            Sample { pos, result }
        })
        .collect()
}

/// Fits from the compiled-in weights with `moves` applied (flat index, change) and
/// returns the largest distance of a fitted weight from the compiled-in one.
fn recovery<G: Game, E: Tunable<G>>(samples: &[Sample<G>], k: f64, moves: &[(usize, i32)]) -> f64 {
    let truth = E::weights().flat();
    let mut start = truth.clone();
    for &(j, change) in moves {
        start[j] += change;
    }
    let mut moved = E::weights();
    moved.set_flat(&start);
    let descent = Descent {
        passes: 3000,
        rate: 2.0,
        ..Descent::default()
    };
    let free = vec![true; truth.len()];
    let at_start = Features::extract::<G, E>(&moved, samples, &free);
    let fitted = fit::<G, E>(&moved, samples, at_start, k, descent, 3, &free);
    let names = E::Weights::value_names();
    let mut worst = 0.0f64;
    for &(j, _) in moves {
        let error = (fitted[j] - f64::from(truth[j])).abs();
        println!(
            "{}: {} -> {:.2} (truth {})",
            names[j], start[j], fitted[j], truth[j]
        );
        worst = worst.max(error);
    }
    worst
}

fn index_of<G: Game, E: Tunable<G>>(name: &str) -> usize {
    E::Weights::value_names()
        .iter()
        .position(|n| n == name)
        .unwrap_or_else(|| panic!("no weight {name}"))
}

/// Two players (Texel's logistic fit): the scale is found to 0.1 % and eight weights
/// moved by up to 60 centipawns come back to within half a centipawn.
#[test]
fn the_two_player_fit_recovers_panoply_weights() {
    let k = 0.002;
    let samples = model_results::<Panoply, PanoplyEval>(playout_positions(&(), 40, 80), k);
    let at_truth = Features::scores_only::<Panoply, PanoplyEval>(&PanoplyEval::weights(), &samples);
    let fitted_k = fit_scale(&at_truth);
    assert!((fitted_k / k - 1.0).abs() < 1e-3, "{fitted_k}");
    let index = index_of::<Panoply, PanoplyEval>;
    let moves = [
        (index("values[2]"), 60),
        (index("values[3]"), -45),
        (index("values[4]"), 30),
        (index("values[5]"), -30),
        (index("values[6]"), 40),
        (index("mobility"), 2),
        (index("king_shield"), -5),
        (index("tempo"), 12),
    ];
    let worst = recovery::<Panoply, PanoplyEval>(&samples, k, &moves);
    assert!(worst < 0.5, "{worst}");
}

/// Three players (the softmax over seats): Seven Kingdoms divided `wro/bgp/d`; four
/// weights moved by up to 50 centipawns come back to within half a centipawn.
#[test]
fn the_multi_player_fit_recovers_sevenkingdoms_weights() {
    let k = 0.002;
    let players = Players::parse("wro/bgp/d").unwrap();
    let samples =
        model_results::<SevenKingdoms, SevenKingdomsEval>(playout_positions(&players, 12, 60), k);
    let index = index_of::<SevenKingdoms, SevenKingdomsEval>;
    let moves = [
        (index("values[1]"), 50),
        (index("values[3]"), -40),
        (index("values[8]"), 20),
        (index("mobility[7]"), 2),
    ];
    let worst = recovery::<SevenKingdoms, SevenKingdomsEval>(&samples, k, &moves);
    assert!(worst < 0.5, "{worst}");
}

/// A fit of a few weights (`tessera tune --only`) measures only those: the other weights'
/// effects are left out of the linearisation, the freed ones' are those of a
/// linearisation of every weight.
#[test]
fn only_the_freed_weights_are_measured() {
    let samples = model_results::<Panoply, PanoplyEval>(playout_positions(&(), 10, 40), 0.002);
    let weights = PanoplyEval::weights();
    let index = index_of::<Panoply, PanoplyEval>;
    let every = vec![true; weights.flat().len()];
    let mut some = vec![false; every.len()];
    some[index("values[2]")] = true;
    some[index("tempo")] = true;
    let moved = |free: &[bool]| {
        Features::extract::<Panoply, PanoplyEval>(&weights, &samples, free).positions_moved()
    };
    let (all, part) = (moved(&every), moved(&some));
    assert!(
        all.iter().filter(|&&count| count > 0).count() > 2,
        "{all:?}"
    );
    for j in 0..every.len() {
        assert_eq!(part[j], if some[j] { all[j] } else { 0 }, "weight {j}");
    }
}
