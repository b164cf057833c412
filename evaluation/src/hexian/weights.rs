//! Hexian's evaluation weights: the hand-set values (see the field comments of `Weights` in
//! `hexian.rs`).

use super::Weights;

#[rustfmt::skip]
pub const WEIGHTS: Weights = Weights {
    values: [100, 250, 280, 450, 500, 350, 300, 0, 0],
    petrified_percent: 20,
    summoned_percent: 30,
    fallen_percent: 40,
    ghost_pool_percent: 50,
    reserve_percent: 70,
    in_check: 60,
    astaroth_counter: 150,
    astaroth_last_check_percent: 60,
    attacked_neighbour: 12,
    shelter: 8,
    spell: 60,
    mobility: 2,
    hunt_below: 600,
    rim_drive: 20,
    hunter_closeness: 2,
    clock_grace: 150,
};
