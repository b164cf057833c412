//! Evaluation weights written by `tessera tune` (33086 positions; scale K 0.000821;
//! loss 0.285833 with the previous weights, 0.272191 tuned):
//! tessera tune --variant panoply --data panoply.data --threads 1 --passes 1000 --rounds 2
//! The data: 400 self-play games, tessera datagen --variant panoply --games 400
//! --nodes 1000 --openings positions/panoply/openings.txt --threads 1 --seed 1 -o panoply.data
//! Checked against the hand-set weights (their Git history): 120 games at nodes=2000 with
//! positions/panoply/openings.txt, tuned 79 wins, 28 losses, 13 draws: +158 ± 68 Elo.
//! The lone King terms and the fifty-turn fade came later and are set by hand: the data
//! holds almost no lone King, and evaluation/tests/conversion.rs mates one with them.

use super::Weights;

#[rustfmt::skip]
pub const WEIGHTS: Weights = Weights {
    values: [266, 108, 603, 286, 298, 569, 183, 204],
    mobility: 2,
    frozen_share: 18,
    pawn_advance: 13,
    pawn_near_promotion: -7,
    king_attacker: 24,
    king_shield: 44,
    tempo: -1,
    lone_king_rim: 20,
    lone_king_proximity: 10,
    lone_king_escape: -40,
    fifty_turn_fade: 50,
};
