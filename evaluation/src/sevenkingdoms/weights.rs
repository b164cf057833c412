//! Seven Kingdoms' evaluation weights: hand-set (see the field comments of `Weights` in
//! `sevenkingdoms.rs`), with the race and the losses per piece raised from 10 and 6 to 300
//! after a fit showed that captures and losses carry the results (R43.3: thirty captures
//! win, whatever was taken). The fit, `tessera tune --variant sevenkingdoms --data
//! sevenkingdoms-7p-400g-1000n.data --threads 2` on 27,314 positions of 400 seven-player
//! self-play games (`tessera datagen --variant sevenkingdoms --games 400 --nodes 1000
//! --openings positions/sevenkingdoms/openings.txt --threads 2 --seed 1`), put 514 on a
//! capture and 805 on a loss but made half the piece values negative (material follows
//! from the losses), and lost 6 first places to 22 in 28 games at 1,000 nodes; it is not
//! used.

use super::Weights;

#[rustfmt::skip]
pub const WEIGHTS: Weights = Weights {
    values: [1000, 650, 450, 500, 200, 450, 500, 350, 80, 100],
    mobility: [1, 2, 2, 2, 1, 2, 2, 3, 4, 4],
    general_en_prise_percent: 50,
    general_threat_percent: 25,
    general_harassed: 50,
    general_shelter: 10,
    capture_race_per_piece: 300,
    capture_race_square: 2,
    held_kingdom: 500,
    loss_per_piece: 300,
    loss_square: 5,
};
