//! Evaluation weights written by `tessera tune` (698076 positions; scale K 0.001012;
//! loss 0.368532 with the previous weights, 0.360115 tuned):
//! tessera tune --variant hexmate --data hexmate-6000g-1000n.data --threads 2 --passes 300
//! --rounds 1 --only values
//! Only the piece values were fitted; every other weight is the hand-set one (a fit of all
//! 121 weights turned mobility, centralisation, the isolated pawn and the passed pawns'
//! ranks around; docs/training.md). The data: 6,000 self-play games, tessera datagen
//! --variant hexmate --games 6000 --nodes 1000 --openings positions/hexmate/openings.txt
//! --threads 2 --seed 11 (in six shards, --shard 1/6 … 6/6, concatenated).
//! Checked against the hand-set weights (their Git history) with tessera match --variant
//! hexmate --each nodes=2000 option.Hash=16 --concurrency 2 --openings
//! file=positions/hexmate/openings.txt order=random --sprt elo0=0 elo1=10 --seed 5:
//! H1 accepted after 1352 games, tuned 734 wins, 607 losses, 11 draws: +32.7 ± 18.9 Elo.

use super::Weights;
use crate::weights::pair;

#[rustfmt::skip]
pub const WEIGHTS: Weights = Weights {
    values: [pair(0, 0), pair(1005, 1084), pair(899, 1038), pair(568, 886), pair(439, 641), pair(272, 369), pair(205, 379), pair(37, 39)],
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
