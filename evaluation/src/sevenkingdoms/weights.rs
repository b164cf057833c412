//! Seven Kingdoms' evaluation weights: hand-set (see the field comments of `Weights` in
//! `sevenkingdoms.rs`), with the race and the losses per piece raised from 10 and 6 to 300
//! after a fit showed that captures and losses carry the results (R43.3: thirty captures
//! win, whatever was taken). The fit, `tessera tune --variant sevenkingdoms --data
//! sevenkingdoms-7p-400g-1000n.data --threads 2` on 27,314 positions of 400 seven-player
//! self-play games (`tessera datagen --variant sevenkingdoms --games 400 --nodes 1000
//! --openings positions/sevenkingdoms/openings.txt --threads 2 --seed 1`), put 514 on a
//! capture and 805 on a loss but made half the piece values negative (material follows
//! from the losses), and lost 6 first places to 22 in 28 games at 1,000 nodes; it is not
//! used. Nor are the fits on 182,443 positions of 3,600 games (`tessera datagen --variant
//! sevenkingdoms --games 4800 --nodes 1000 --seed 20 --shard K/12`, K = 1 … 9): the
//! piece values alone lost 195 first places to 225 in 420 games at 1,000 nodes, the
//! General, race and loss terms (`--only general_en_prise general_threat general_harassed
//! capture_race_per_piece held loss --passes 300 --rounds 1`) won 227 to 193 (+8.2 ± 9.3
//! Elo) and 218 to 202 at 2,000 nodes (+3.9 ± 10.3), within the noise (`docs/training.md`).

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
