//! Hepta's evaluation weights: the hand-set values (estimates from the rules and the seed's
//! design notes, see the field comments of `Weights` in `hepta.rs`). Two fits on 400
//! self-play games with the 1,200-ply cap (`tessera datagen --variant hepta --games 400
//! --nodes 1000 --openings positions/hepta/openings.txt --threads 2 --seed 2`, 211 games
//! won) lost to these weights: one made mobility a penalty and lost 57 of 60 games, the
//! other lost an SPRT (elo0=0 elo1=10) at −36 Elo (docs/training.md). The king hunt
//! weights (`hunter`, `hunter_closeness`, `king_confinement`) are set so that the army of
//! evaluation/tests/conversion.rs wins against two lone Kings;
//! `master_confinement` like `king_confinement`; `elimination_victim` so that an elimination
//! ready against two enemy pieces of its colour is worth about one more Knight. `pursuit`,
//! `simplify` and `pursuit_full_lead` are set so that the side ten Knights ahead values a
//! capture more than the pursuit it ends (at most 4 × 15 for one target) and wins the
//! stragglers of evaluation/tests/conversion.rs; self-play with them: docs/training.md.
//! `spent_knight` (half a Knight) and `master_march` (8 per half hex, 128 at the zone, less
//! than the 160 of the Soul Master a duplication adds) are set by hand so that the side ahead
//! walks a Soul Master to its zone and duplicates it, and keeps its Knights in front of the
//! enemy's last pieces; they lowered the self-play games capped with one side 10 Knights
//! ahead from 41 to 24 of 100 (docs/training.md). `boxing` (5) and `few_moves` (40) are
//! set on two sets of capped self-play positions and the Hepta tests of
//! evaluation/tests/conversion.rs: `boxing` 10 or 20, `few_moves` 20 or 60, and
//! `few_moves` 30, 40 or 50 counting lone Kings' moves too, each failed one of them. Their
//! self-play and match against the weights before them: docs/training.md. `thief` (8 per
//! half hex, as `master_march`) walks the side ahead's Kings to their zone to steal the
//! Tactic Souls that let enemy Knights walk back (R81, R25); it lowered the self-play games
//! capped with one side 10 Knights ahead from 64 to 26 of 400 (docs/training.md).

use super::Weights;

#[rustfmt::skip]
pub const WEIGHTS: Weights = Weights {
    knight: 100,
    king: 150,
    soul_master: 160,
    diplomacy_target: 2,
    receive_soul: 30,
    power_soul: 20,
    power_per_knight: 12,
    tactic_soul: 20,
    tactic_per_knight: 10,
    life_soul: 50,
    pillar_progress: 25,
    elimination_ready: 250,
    elimination_victim: 15,
    berserk: 120,
    berserk_per_soul: 35,
    berserk_threat: 25,
    mobility: 2,
    tempo: 10,
    hunter: 10,
    hunter_closeness: 15,
    king_confinement: 10,
    master_confinement: 10,
    pursuit: 4,
    simplify: 20,
    spent_knight: 50,
    master_march: 8,
    thief: 8,
    boxing: 5,
    few_moves: 40,
    pursuit_full_lead: 1000,
};
