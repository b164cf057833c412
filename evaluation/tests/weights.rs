//! The weights are data: each variant's generated `weights.rs` is exactly what the
//! generator writes for the compiled-in weights, the flat view round-trips, and the
//! scores under given weights (the tuner's path) are the evaluator's.

use engine::game::{Game, Status};
use engine::variants::hepta::Hepta;
use engine::variants::hexian::HexianGame;
use engine::variants::hexmate::Hexmate;
use engine::variants::panoply::Panoply;
use engine::variants::sevenkingdoms::SevenKingdoms;
use evaluation::weights::{Tunable, Weights};
use evaluation::{HeptaEval, HexianEval, HexmateEval, PanoplyEval, SevenKingdomsEval};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

fn file_is_generated<G: Game, E: Tunable<G>>() {
    let header = E::Weights::header_of(E::SOURCE);
    assert!(!header.is_empty(), "{}", E::FILE);
    assert_eq!(E::weights().to_rust(&header), E::SOURCE, "{}", E::FILE);
}

fn flat_round_trips<G: Game, E: Tunable<G>>() {
    let weights = E::weights();
    let flat = weights.flat();
    assert_eq!(E::Weights::value_names().len(), flat.len());
    let shifted: Vec<i32> = flat.iter().enumerate().map(|(i, v)| v + i as i32).collect();
    let mut changed = weights.clone();
    changed.set_flat(&shifted);
    assert_eq!(changed.flat(), shifted);
    changed.set_flat(&flat);
    assert_eq!(changed.flat(), flat);
}

/// Along random playouts from the start, the tuner's scores with the compiled-in weights
/// are the evaluator's; returns the positions compared.
fn tuner_scores_are_the_evaluators<G: Game, E: Tunable<G>>(config: &G::Config) -> usize {
    let eval = E::default();
    let scoring = E::scoring(E::weights());
    let mut rng = StdRng::seed_from_u64(7);
    let mut compared = 0;
    for _ in 0..4 {
        let mut pos = G::start(config);
        for _ in 0..60 {
            assert_eq!(
                E::seat_scores(&scoring, &pos),
                eval.evaluate_seats(&pos),
                "{}",
                pos.position_string()
            );
            compared += 1;
            let mut moves = G::MoveList::default();
            pos.generate_moves(&mut moves);
            if moves.is_empty() || !matches!(pos.status(), Status::Ongoing) {
                break;
            }
            pos.make_move(moves[rng.gen_range(0..moves.len())]);
        }
    }
    compared
}

fn check_variant<G: Game, E: Tunable<G>>(config: &G::Config) {
    file_is_generated::<G, E>();
    flat_round_trips::<G, E>();
    assert!(tuner_scores_are_the_evaluators::<G, E>(config) > 100);
}

#[test]
fn hexmate_weights_are_data() {
    check_variant::<Hexmate, HexmateEval>(&Default::default());
}

#[test]
fn panoply_weights_are_data() {
    check_variant::<Panoply, PanoplyEval>(&());
}

#[test]
fn hepta_weights_are_data() {
    check_variant::<Hepta, HeptaEval>(&Default::default());
}

#[test]
fn sevenkingdoms_weights_are_data() {
    check_variant::<SevenKingdoms, SevenKingdomsEval>(&Default::default());
}

#[test]
fn hexian_weights_are_data() {
    check_variant::<HexianGame, HexianEval>(&Default::default());
}

#[test]
fn values_are_named_by_field_index_and_half() {
    let names = <HexmateEval as Tunable<Hexmate>>::Weights::value_names();
    assert_eq!(names[..3], ["values[0].mg", "values[0].eg", "values[1].mg"]);
    assert!(names.contains(&"king_attack_weight[7]".to_string()));
    assert_eq!(names.last().map(String::as_str), Some("tempo.eg"));
}

/// Changing one weight changes the score by exactly its effect: at the start the only
/// difference between the sides is the tempo.
#[test]
fn a_changed_weight_changes_the_score() {
    let pos = Panoply::start(&());
    let mut weights = <PanoplyEval as Tunable<Panoply>>::weights();
    weights.tempo = 37;
    assert_eq!(
        PanoplyEval::seat_scores(&weights, &pos).as_slice(),
        [37, -37]
    );
}
