//! Seven Kingdoms' evaluation weights. The piece values, mobility, the General's shelter
//! and the race's square term are hand-set (see the field comments of `Weights` in
//! `sevenkingdoms.rs`); the General, race and loss terms are fitted on 182,443 positions
//! of 3,600 seven-player self-play games at 1,000 nodes a move (`tessera datagen
//! --variant sevenkingdoms --games 4800 --nodes 1000 --seed 20 --shard K/12`, K = 1 … 9)
//! by `tessera tune --variant sevenkingdoms --data … --only general_en_prise
//! general_threat general_harassed capture_race_per_piece held loss --passes 300
//! --rounds 1` (`docs/training.md`, "Seven Kingdoms"). Against the hand-set weights
//! (50, 25, 50, 300, 500, 300, 5) at 1,000 nodes a move, seats rotated, 2,100 games on
//! 300 openings of `tessera openings --variant sevenkingdoms --count 300 --plies 7-14
//! --seed 5`: 1,107 first places against 993 (equal share 1,050), 0.151 points a seat
//! against 0.135, +5.5 ± 4.1 Elo. Fits that also freed the piece values made some of them
//! negative (material follows from the losses, R43.3) and lost.

use super::Weights;

#[rustfmt::skip]
pub const WEIGHTS: Weights = Weights {
    values: [1000, 650, 450, 500, 200, 450, 500, 350, 80, 100],
    mobility: [1, 2, 2, 2, 1, 2, 2, 3, 4, 4],
    general_en_prise_percent: 77,
    general_threat_percent: 104,
    general_harassed: 194,
    general_shelter: 10,
    capture_race_per_piece: 319,
    capture_race_square: 2,
    held_kingdom: 354,
    loss_per_piece: 422,
    loss_square: 134,
};
