//! Hexmate's evaluation weights: the hand-set values (the rules' §13 piece values times
//! 100, adjusted; see the field comments of `Weights` in `hexmate.rs`).
//! Checked against weights fitted by `tessera tune --variant hexmate --data hexmate.data
//! --threads 2 --passes 200 --rounds 1` (47487 positions; loss 0.375800 with these weights,
//! 0.353202 tuned) on `tessera datagen --variant hexmate --games 400 --nodes 1000
//! --openings positions/hexmate/openings.txt --threads 2 --seed 1 -o hexmate.data`: at 2,000
//! nodes a move with positions/hexmate/openings.txt the tuned weights lost 2 - 17 (19
//! games; 1000 passes and 2 rounds fitted wilder weights still), so these stay.

use super::Weights;
use crate::weights::pair;

#[rustfmt::skip]
pub const WEIGHTS: Weights = Weights {
    values: [pair(0, 0), pair(900, 950), pair(870, 920), pair(700, 720), pair(480, 530), pair(300, 290), pair(300, 300), pair(90, 120)],
    mobility: [pair(0, 0), pair(2, 3), pair(2, 3), pair(3, 3), pair(3, 4), pair(3, 3), pair(4, 4), pair(0, 0)],
    centre: [pair(0, 10), pair(3, 4), pair(3, 4), pair(4, 4), pair(2, 2), pair(4, 3), pair(8, 6), pair(3, 0)],
    king_advance: pair(-12, 0),
    pawn_advance: pair(3, 8),
    pawn_defended: pair(6, 8),
    pawn_isolated: pair(-8, -14),
    passed: [pair(0, 0), pair(0, 0), pair(0, 0), pair(0, 0), pair(5, 10), pair(8, 16), pair(12, 26), pair(18, 40), pair(26, 60), pair(38, 90), pair(55, 130), pair(80, 190), pair(0, 0)],
    unstoppable: pair(0, 700),
    borrowed: [pair(30, 50), pair(30, 50), pair(50, 80)],
    king_attack_weight: [0, 7, 6, 5, 4, 3, 3, 0],
    attacker_scale: [0, 4, 10, 14, 16, 18, 20],
    pawn_cover: pair(10, 0),
    baring_danger: [pair(-4000, -4000), pair(-200, -300), pair(-100, -150), pair(-40, -60), pair(-15, -20)],
    piece_count: pair(0, 10),
    tempo: pair(15, 5),
};
