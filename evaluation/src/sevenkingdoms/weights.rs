//! Seven Kingdoms' evaluation weights: the hand-set values (see the field comments of
//! `Weights` in `sevenkingdoms.rs`).

use super::Weights;

#[rustfmt::skip]
pub const WEIGHTS: Weights = Weights {
    values: [1000, 650, 450, 500, 200, 450, 500, 350, 80, 100],
    mobility: [1, 2, 2, 2, 1, 2, 2, 3, 4, 4],
    general_en_prise_percent: 50,
    general_threat_percent: 25,
    general_harassed: 50,
    general_shelter: 10,
    capture_race_per_piece: 10,
    capture_race_square: 2,
    held_kingdom: 500,
    loss_per_piece: 6,
    loss_square: 5,
};
