//! Move ordering: the transposition-table move first, then captures and promotions by
//! MVV-LVA (most valuable victim, least valuable attacker), then the two killer moves of
//! the ply, then quiet moves by their history score. [`MovePicker`] hands them out in
//! that order, the table's move before the list is generated where the variant can test
//! its legality (`Game::table_move`).
//!
//! Moves are generic, so history is indexed by a hash of the packed move
//! (`Game::pack_move`; a collision only blends the statistics of two moves) and by the
//! seat to move.

use super::score::MAX_PLY;
use super::Evaluator;
use crate::game::Game;

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
    /// The slot of a packed move (`Game::pack_move`): a multiplicative hash of it.
    fn index(seat: usize, packed: u32) -> usize {
        let slot = packed.wrapping_mul(0x9E37_79B1) >> (32 - HISTORY_BITS);
        ((seat % HISTORY_SEATS) << HISTORY_BITS) | slot as usize
    }

    pub fn get(&self, seat: usize, packed: u32) -> i32 {
        self.table[Self::index(seat, packed)]
    }

    /// Adds `bonus` (negative for a malus) with gravity: the closer an entry is to the
    /// limit, the less it moves, so old successes fade as new ones arrive.
    pub fn update(&mut self, seat: usize, packed: u32, bonus: i32) {
        let bonus = bonus.clamp(-HISTORY_MAX, HISTORY_MAX);
        let entry = &mut self.table[Self::index(seat, packed)];
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

/// A move with its order key.
#[derive(Clone, Copy, Debug)]
pub struct ScoredMove<M> {
    pub mv: M,
    pub key: i32,
}

/// What the ordering of one node needs to know.
pub struct OrderingContext<'a, M> {
    /// The table's move, packed (`Game::pack_move`).
    pub tt_move: Option<u32>,
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
    for &mv in moves {
        let key = if ctx.tt_move.is_some_and(|tt| G::pack_move(mv) == tt) {
            TT_MOVE
        } else if pos.is_tactical(mv) {
            TACTICAL + 16 * eval.capture_value(pos, mv) - eval.moving_piece_value(pos, mv) / 8
        } else if ctx.killers[0] == Some(mv) {
            FIRST_KILLER
        } else if ctx.killers[1] == Some(mv) {
            SECOND_KILLER
        } else {
            ctx.history.get(ctx.seat, G::pack_move(mv))
        };
        out.push(ScoredMove { mv, key });
    }
}

/// Which moves a node searches.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Wanted {
    All,
    /// Captures and promotions (`Game::generate_tactical_moves`).
    Tactical,
}

/// The legal move `packed` names in `pos`: read back by the variant, or where it cannot
/// (`Game::UNPACKS_MOVES` false) found in the generated list.
pub fn legal_move_named<G: Game>(pos: &G, packed: u32) -> Option<G::Move> {
    if G::UNPACKS_MOVES {
        return pos.table_move(packed);
    }
    let mut list = G::MoveList::default();
    pos.generate_moves(&mut list);
    list.iter().copied().find(|&mv| G::pack_move(mv) == packed)
}

/// Where a [`MovePicker`] stands.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Stage {
    /// The table's move, read back by `Game::table_move` without generating the list.
    TableMove,
    /// The list is generated and scored next.
    Generate,
    /// Captures, killers and quiet moves, best key first.
    Ordered,
}

/// Hands out a node's moves one at a time, best first: the table's move (before the
/// list is generated, where the variant can test its legality cheaply: a cutoff by it
/// then costs no move generation), then captures and promotions, killers and quiet moves
/// from one generated list. Where the variant cannot test a packed move's legality
/// (`Game::UNPACKS_MOVES` false) the table's move is found in the generated list.
pub struct MovePicker<M> {
    stage: Stage,
    wanted: Wanted,
    /// The table's move, packed, and once read back, the legal move it names.
    tt_packed: Option<u32>,
    table_move: Option<M>,
    moves: Vec<ScoredMove<M>>,
    next: usize,
    /// Whether the generated list was empty (with `Wanted::All`: no legal move).
    generated_none: bool,
}

impl<M: Copy + Eq> MovePicker<M> {
    /// A picker for a node whose table move is `tt_packed`; `pool` is a reused list.
    pub fn new<G: Game<Move = M>>(
        pos: &G,
        tt_packed: Option<u32>,
        wanted: Wanted,
        pool: Vec<ScoredMove<M>>,
    ) -> Self {
        let table_move = if G::UNPACKS_MOVES {
            tt_packed
                .and_then(|packed| pos.table_move(packed))
                .filter(|&mv| wanted == Wanted::All || pos.is_tactical(mv))
        } else {
            None
        };
        MovePicker {
            stage: Stage::TableMove,
            wanted,
            tt_packed: if G::UNPACKS_MOVES { None } else { tt_packed },
            table_move,
            moves: pool,
            next: 0,
            generated_none: false,
        }
    }

    /// The next move and its order key, `None` when all were handed out.
    pub fn next<G: Game<Move = M>, E: Evaluator<G>>(
        &mut self,
        pos: &G,
        eval: &E,
        killers: [Option<M>; 2],
        history: &History,
    ) -> Option<ScoredMove<M>> {
        if self.stage == Stage::TableMove {
            self.stage = Stage::Generate;
            if let Some(mv) = self.table_move {
                return Some(ScoredMove { mv, key: TT_MOVE });
            }
        }
        if self.stage == Stage::Generate {
            self.stage = Stage::Ordered;
            self.generate(pos, eval, killers, history);
        }
        (self.next < self.moves.len()).then(|| {
            let picked = next_move(&mut self.moves, self.next);
            self.next += 1;
            picked
        })
    }

    /// Generates and scores the list, without the table's move if it was handed out.
    fn generate<G: Game<Move = M>, E: Evaluator<G>>(
        &mut self,
        pos: &G,
        eval: &E,
        killers: [Option<M>; 2],
        history: &History,
    ) {
        let mut list = G::MoveList::default();
        match self.wanted {
            Wanted::All => pos.generate_moves(&mut list),
            Wanted::Tactical => pos.generate_tactical_moves(&mut list),
        }
        self.generated_none = list.is_empty();
        let ctx = OrderingContext {
            tt_move: self.tt_packed,
            killers,
            history,
            seat: pos.to_move(),
        };
        score_moves(pos, eval, &list, &ctx, &mut self.moves);
        if let Some(done) = self.table_move {
            if let Some(i) = self.moves.iter().position(|m| m.mv == done) {
                self.moves.swap_remove(i);
            }
        }
    }

    /// Whether the generated list was empty (only meaningful once `next` returned `None`).
    pub fn generated_none(&self) -> bool {
        self.generated_none
    }

    /// The reused list, for the next node at this ply.
    pub fn into_pool(self) -> Vec<ScoredMove<M>> {
        self.moves
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
            h.update(0, 7, 4000);
        }
        assert!(h.get(0, 7) <= HISTORY_MAX);
        assert!(h.get(0, 7) > HISTORY_MAX / 2);
        h.update(0, 7, -4000);
        assert!(h.get(0, 7) < HISTORY_MAX);
        assert_eq!(h.get(1, 7), 0);
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
                key: k,
            })
            .collect();
        let order: Vec<i32> = (0..8).map(|i| next_move(&mut v, i).key).collect();
        assert_eq!(order, [12, 9, 7, 5, 4, 3, 1, 0]);
    }
}
