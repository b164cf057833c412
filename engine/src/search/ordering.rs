//! Move ordering: the transposition-table move first, then captures and promotions by
//! MVV-LVA (most valuable victim, least valuable attacker), then the two killer moves of
//! the ply, then quiet moves by their history score.
//!
//! Moves are generic, so history is indexed by a hash of the move (a collision only
//! blends the statistics of two moves) and by the seat to move.

use super::score::MAX_PLY;
use super::Evaluator;
use crate::game::Game;
use std::hash::{Hash, Hasher};

/// Order keys of every search: the table's move, then captures and promotions (by gain,
/// cheaper movers first among equal gains), the two killers, quiet moves by history.
pub const TT_MOVE: i32 = i32::MAX;
pub const TACTICAL: i32 = 1 << 28;
pub const FIRST_KILLER: i32 = 1 << 27;
pub const SECOND_KILLER: i32 = FIRST_KILLER - 1;
/// History scores stay within ±HISTORY_MAX (the "gravity" update below saturates there).
pub const HISTORY_MAX: i32 = 16_384;
const HISTORY_BITS: u32 = 14;
const HISTORY_SEATS: usize = 2;

/// Folds a move's `Hash` bytes into a small table index (FNV-1a, then a final mix).
struct MoveHasher(u64);

impl Hasher for MoveHasher {
    fn finish(&self) -> u64 {
        self.0 ^ (self.0 >> 29)
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0 ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3);
        }
    }
}

fn move_slot<M: Hash>(mv: &M) -> usize {
    let mut h = MoveHasher(0xcbf2_9ce4_8422_2325);
    mv.hash(&mut h);
    (h.finish() as usize) & ((1 << HISTORY_BITS) - 1)
}

/// Butterfly-style history of quiet moves: raised when a move causes a cutoff, lowered
/// for the quiet moves tried before it.
pub struct History {
    table: Vec<i32>,
}

impl Default for History {
    fn default() -> Self {
        History {
            table: vec![0; HISTORY_SEATS << HISTORY_BITS],
        }
    }
}

impl History {
    fn index<M: Hash>(seat: usize, mv: &M) -> usize {
        ((seat % HISTORY_SEATS) << HISTORY_BITS) | move_slot(mv)
    }

    pub fn get<M: Hash>(&self, seat: usize, mv: &M) -> i32 {
        self.table[Self::index(seat, mv)]
    }

    /// Adds `bonus` (negative for a malus) with gravity: the closer an entry is to the
    /// limit, the less it moves, so old successes fade as new ones arrive.
    pub fn update<M: Hash>(&mut self, seat: usize, mv: &M, bonus: i32) {
        let bonus = bonus.clamp(-HISTORY_MAX, HISTORY_MAX);
        let entry = &mut self.table[Self::index(seat, mv)];
        *entry += bonus - *entry * bonus.abs() / HISTORY_MAX;
    }

    pub fn clear(&mut self) {
        self.table.fill(0);
    }
}

/// The bonus of a cutoff at `depth`.
pub fn history_bonus(depth: i32) -> i32 {
    (depth * depth * 16).min(HISTORY_MAX / 4)
}

/// Two quiet moves per ply that recently caused a cutoff at that ply.
pub struct Killers<M> {
    slots: Vec<[Option<M>; 2]>,
}

impl<M: Copy + Eq> Default for Killers<M> {
    fn default() -> Self {
        Killers {
            slots: vec![[None, None]; MAX_PLY + 1],
        }
    }
}

impl<M: Copy + Eq> Killers<M> {
    pub fn get(&self, ply: usize) -> [Option<M>; 2] {
        self.slots[ply]
    }

    pub fn add(&mut self, ply: usize, mv: M) {
        let slot = &mut self.slots[ply];
        if slot[0] != Some(mv) {
            slot[1] = slot[0];
            slot[0] = Some(mv);
        }
    }

    pub fn clear(&mut self) {
        self.slots.fill([None, None]);
    }
}

/// A move with its index in the generated list (what the TT stores) and its order key.
#[derive(Clone, Copy, Debug)]
pub struct ScoredMove<M> {
    pub mv: M,
    pub index: u16,
    pub key: i32,
}

/// What the ordering of one node needs to know.
pub struct OrderingContext<'a, M> {
    pub tt_move: Option<u16>,
    pub killers: [Option<M>; 2],
    pub history: &'a History,
    pub seat: usize,
}

/// Fills `out` with `moves` and their order keys.
pub fn score_moves<G: Game, E: Evaluator<G>>(
    pos: &G,
    eval: &E,
    moves: &[G::Move],
    ctx: &OrderingContext<'_, G::Move>,
    out: &mut Vec<ScoredMove<G::Move>>,
) {
    out.clear();
    for (index, &mv) in moves.iter().enumerate() {
        let index = index as u16;
        let tactical = pos.is_tactical(mv);
        let key = if ctx.tt_move == Some(index) {
            TT_MOVE
        } else if tactical {
            TACTICAL + 16 * eval.capture_value(pos, mv) - eval.moving_piece_value(pos, mv) / 8
        } else if ctx.killers[0] == Some(mv) {
            FIRST_KILLER
        } else if ctx.killers[1] == Some(mv) {
            SECOND_KILLER
        } else {
            ctx.history.get(ctx.seat, &mv)
        };
        out.push(ScoredMove { mv, index, key });
    }
}

/// Moves picked one at a time before the rest is sorted in one go.
const PICKED_BEFORE_SORT: usize = 4;

/// The `i`-th move in order (call with `i = 0, 1, 2, …`). The first few are picked by
/// selection, which is cheapest when a cutoff comes early; a node that gets further
/// than that usually searches everything, so the rest is sorted once.
pub fn next_move<M: Copy>(moves: &mut [ScoredMove<M>], i: usize) -> ScoredMove<M> {
    if i < PICKED_BEFORE_SORT {
        let mut best = i;
        for j in i + 1..moves.len() {
            if moves[j].key > moves[best].key {
                best = j;
            }
        }
        moves.swap(i, best);
    } else if i == PICKED_BEFORE_SORT {
        moves[i..].sort_unstable_by_key(|m| std::cmp::Reverse(m.key));
    }
    moves[i]
}

/// Whether an order key belongs to a killer (for late-move reductions).
pub fn is_killer_key(key: i32) -> bool {
    key == FIRST_KILLER || key == SECOND_KILLER
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn history_saturates_and_decays() {
        let mut h = History::default();
        for _ in 0..1000 {
            h.update(0, &7u32, 4000);
        }
        assert!(h.get(0, &7u32) <= HISTORY_MAX);
        assert!(h.get(0, &7u32) > HISTORY_MAX / 2);
        h.update(0, &7u32, -4000);
        assert!(h.get(0, &7u32) < HISTORY_MAX);
        assert_eq!(h.get(1, &7u32), 0);
    }

    #[test]
    fn killers_keep_two_distinct_moves() {
        let mut k = Killers::default();
        k.add(3, 1u8);
        k.add(3, 1u8);
        assert_eq!(k.get(3), [Some(1), None]);
        k.add(3, 2u8);
        assert_eq!(k.get(3), [Some(2), Some(1)]);
    }

    #[test]
    fn moves_come_in_key_order() {
        let mut v: Vec<ScoredMove<u8>> = [3, 9, 1, 7, 4, 12, 0, 5]
            .iter()
            .enumerate()
            .map(|(i, &k)| ScoredMove {
                mv: i as u8,
                index: i as u16,
                key: k,
            })
            .collect();
        let order: Vec<i32> = (0..8).map(|i| next_move(&mut v, i).key).collect();
        assert_eq!(order, [12, 9, 7, 5, 4, 3, 1, 0]);
    }
}
