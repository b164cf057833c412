//! Panoply's evaluation weights: the hand-set values (estimates from the rules, see the
//! module comment of `panoply.rs`), one Panoply-vs-Panoply match checked.

use super::Weights;

#[rustfmt::skip]
pub const WEIGHTS: Weights = Weights {
    values: [0, 100, 500, 380, 420, 330, 280, 220],
    mobility: 3,
    frozen_share: 20,
    pawn_advance: 6,
    pawn_near_promotion: 40,
    king_attacker: -18,
    king_shield: 8,
    tempo: 10,
};
