//! Evaluation weights written by `tessera tune` (91882 positions; scale K 0.000192;
//! loss 0.370472 with the previous weights, 0.366898 tuned):
//! tessera tune --variant hexian --players 3 --data hexian-3p.data --threads 2 --passes 300
//! --rounds 1 --only values[0] values[1] values[2] values[3] values[4] values[5] values[6]
//! Only the values of the seven capturable piece types were fitted (the Archwizard and the
//! illusion stay 0); every other weight is the hand-set one. The data: 1,200 three-player
//! self-play games of tessera datagen --variant hexian --players 3 --games 4000 --nodes 600
//! --openings positions/hexian/openings.txt --threads 2 --seed 103 (shards --shard 1/40 …
//! 12/40, concatenated). The same fit on 84,425 six-player positions (1,100 games, --players
//! 6 --seed 106, shards 1/40 … 11/40) gave values within 61 of these, and these values score
//! that six-player data as well as its own fit does (docs/training.md).
//! Checked against the hand-set weights (their Git history) with tessera match --variant
//! hexian --players P --each nodes=1000 option.Hash=16 --concurrency 2 --openings
//! file=positions/hexian/openings.txt --maxmoves 200, seats rotated:
//! 3 players, 192 games: first places 91 to 59 (equal share 75), 0.387 points a seat
//! (equal share 0.333), +40.0 ± 34.1 Elo; 6 players, 384 games: first places 198 to 126
//! (equal share 162), 0.200 points a seat (0.167), +24.5 ± 20.0 Elo; 2 players, 120 games:
//! 61 wins, 44 losses, 15 draws, +49.6 ± 56.1 Elo.

use super::Weights;

#[rustfmt::skip]
pub const WEIGHTS: Weights = Weights {
    values: [185, 121, 154, 320, 648, 265, 163, 0, 0],
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
