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

/// The order key of a capture or promotion: MVV-LVA (by gain, cheaper movers first
/// among equal gains).
fn capture_key<G: Game, E: Evaluator<G>>(pos: &G, eval: &E, mv: G::Move) -> i32 {
    TACTICAL + 16 * eval.capture_value(pos, mv) - eval.moving_piece_value(pos, mv) / 8
}

/// Fills `out` with `moves` and their order keys (the root's first order).
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
            capture_key(pos, eval, mv)
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

/// Where a [`MovePicker`] stands.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Stage {
    /// The table's move, read back by `Game::table_move` without generating the list.
    TableMove,
    /// The list is generated next; captures and promotions are scored, quiet moves not yet.
    Generate,
    /// Captures and promotions by MVV-LVA.
    Captures,
    /// The two killers, if they are quiet moves of the list.
    FirstKiller,
    SecondKiller,
    /// The quiet moves are scored by history next.
    ScoreQuiets,
    /// Quiet moves by history.
    Quiets,
}

/// Hands out a node's moves one at a time, best first, in stages as Stockfish's move
/// picker does: the table's move (read back and tested by the variant before the list is
/// generated: a cutoff by it costs no move generation), captures and promotions by
/// MVV-LVA, the killers, then quiet moves by history, which are scored only if a node
/// gets that far.
pub struct MovePicker<M> {
    stage: Stage,
    wanted: Wanted,
    /// The table's move, read back before generation.
    table_move: Option<M>,
    killers: [Option<M>; 2],
    /// The generated moves: captures first, up to `captures_end`, then quiet moves;
    /// `moves[..next]` were handed out.
    moves: Vec<ScoredMove<M>>,
    captures_end: usize,
    /// Where the quiet moves left after the killers start (sorted from there).
    quiets_start: usize,
    next: usize,
}

impl<M: Copy + Eq> MovePicker<M> {
    /// A picker for a node whose table move is `tt_packed` and whose killers are
    /// `killers`; `pool` is a reused list.
    pub fn new<G: Game<Move = M>>(
        pos: &G,
        tt_packed: Option<u32>,
        killers: [Option<M>; 2],
        wanted: Wanted,
        pool: Vec<ScoredMove<M>>,
    ) -> Self {
        let table_move = tt_packed
            .and_then(|packed| pos.table_move(packed))
            .filter(|&mv| wanted == Wanted::All || pos.is_tactical(mv));
        MovePicker {
            stage: Stage::TableMove,
            wanted,
            table_move,
            killers,
            moves: pool,
            captures_end: 0,
            quiets_start: 0,
            next: 0,
        }
    }

    /// The next move and its order key, `None` when all were handed out.
    pub fn next<G: Game<Move = M>, E: Evaluator<G>>(
        &mut self,
        pos: &G,
        eval: &E,
        history: &History,
    ) -> Option<ScoredMove<M>> {
        loop {
            match self.stage {
                Stage::TableMove => {
                    self.stage = Stage::Generate;
                    if let Some(mv) = self.table_move {
                        return Some(ScoredMove { mv, key: TT_MOVE });
                    }
                }
                Stage::Generate => {
                    self.generate(pos, eval);
                    self.stage = Stage::Captures;
                }
                Stage::Captures => {
                    if self.next < self.captures_end {
                        return Some(self.take_best(self.captures_end));
                    }
                    self.stage = Stage::FirstKiller;
                }
                Stage::FirstKiller => {
                    self.stage = Stage::SecondKiller;
                    if let Some(picked) = self.take_killer(0, FIRST_KILLER) {
                        return Some(picked);
                    }
                }
                Stage::SecondKiller => {
                    self.stage = Stage::ScoreQuiets;
                    if let Some(picked) = self.take_killer(1, SECOND_KILLER) {
                        return Some(picked);
                    }
                }
                Stage::ScoreQuiets => {
                    let seat = pos.to_move();
                    for m in &mut self.moves[self.next..] {
                        m.key = history.get(seat, G::pack_move(m.mv));
                    }
                    self.quiets_start = self.next;
                    self.stage = Stage::Quiets;
                }
                Stage::Quiets => {
                    let rest = &mut self.moves[self.quiets_start..];
                    let i = self.next - self.quiets_start;
                    if i >= rest.len() {
                        return None;
                    }
                    self.next += 1;
                    return Some(next_move(rest, i));
                }
            }
        }
    }

    /// Generates the list without the table's move if it was handed out: captures and
    /// promotions scored by MVV-LVA first, then the quiet moves, unscored.
    fn generate<G: Game<Move = M>, E: Evaluator<G>>(&mut self, pos: &G, eval: &E) {
        let mut list = G::MoveList::default();
        match self.wanted {
            Wanted::All => pos.generate_moves(&mut list),
            Wanted::Tactical => pos.generate_tactical_moves(&mut list),
        }
        self.moves.clear();
        let mut quiets = 0;
        for &mv in list.iter() {
            if Some(mv) == self.table_move {
                continue;
            }
            if !pos.is_tactical(mv) {
                quiets += 1;
                self.moves.push(ScoredMove { mv, key: 0 });
                continue;
            }
            let key = capture_key(pos, eval, mv);
            // A capture goes in front of the quiet moves pushed so far.
            self.moves.push(ScoredMove { mv, key });
            let last = self.moves.len() - 1;
            self.moves.swap(last - quiets, last);
        }
        self.captures_end = self.moves.len() - quiets;
    }

    /// Hands out the move of highest key among `moves[next..end]`.
    fn take_best(&mut self, end: usize) -> ScoredMove<M> {
        let mut best = self.next;
        for j in self.next + 1..end {
            if self.moves[j].key > self.moves[best].key {
                best = j;
            }
        }
        self.moves.swap(self.next, best);
        self.next += 1;
        self.moves[self.next - 1]
    }

    /// Hands out killer `which` with order key `key` if it is among the quiet moves left.
    fn take_killer(&mut self, which: usize, key: i32) -> Option<ScoredMove<M>> {
        let killer = self.killers[which]?;
        let offset = self.moves[self.next..]
            .iter()
            .position(|m| m.mv == killer)?;
        self.moves.swap(self.next, self.next + offset);
        self.moves[self.next].key = key;
        self.next += 1;
        Some(self.moves[self.next - 1])
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
    use crate::variants::hexmate::{Hexmate, Ruleset};

    /// Captures gain the number of the target cell, so that their order is known.
    #[derive(Default)]
    struct CellValues;

    impl Evaluator<Hexmate> for CellValues {
        fn evaluate_seats(&self, _: &Hexmate) -> crate::search::multiplayer::SeatScores {
            crate::search::two_seats(0)
        }
        fn explain(&self, _: &Hexmate) -> String {
            String::new()
        }
        fn capture_value(&self, _: &Hexmate, mv: crate::variants::hexmate::Move) -> i32 {
            mv.to() as i32
        }
    }

    /// Every move of the picker, in order.
    fn picked(
        pos: &Hexmate,
        tt: Option<u32>,
        killers: [Option<crate::variants::hexmate::Move>; 2],
        history: &History,
    ) -> Vec<ScoredMove<crate::variants::hexmate::Move>> {
        let mut picker = MovePicker::new(pos, tt, killers, Wanted::All, Vec::new());
        std::iter::from_fn(|| picker.next(pos, &CellValues, history)).collect()
    }

    #[test]
    fn the_picker_hands_out_table_move_captures_killers_then_quiets_each_once() {
        // A position of the perft suite where the side to move has captures.
        let text = "7/8/2b6/3p3p2/1p4k4/4K7/12r/12/P7P2/10/2R4N1/8/7 b 0 1";
        let pos = Hexmate::from_position_string(text, &Ruleset::Hexmate).expect("valid");
        let mut all = crate::variants::hexmate::MoveList::new();
        pos.generate_moves(&mut all);
        let (captures, quiets): (Vec<_>, Vec<_>) = all.iter().partition(|&&m| pos.is_tactical(m));
        assert!(captures.len() >= 2 && quiets.len() >= 4);
        let (table, killers, favourite) = (quiets[0], [quiets[1], quiets[2]], quiets[3]);
        let mut history = History::default();
        history.update(pos.to_move(), Hexmate::pack_move(favourite), 4000);

        let order = picked(
            &pos,
            Some(Hexmate::pack_move(table)),
            killers.map(Some),
            &history,
        );
        let moves: Vec<_> = order.iter().map(|m| m.mv).collect();
        let mut sorted_out = moves.clone();
        sorted_out.sort_by_key(|m| format!("{m:?}"));
        let mut sorted_all = all.to_vec();
        sorted_all.sort_by_key(|m| format!("{m:?}"));
        assert_eq!(sorted_out, sorted_all, "every legal move exactly once");

        let n = captures.len();
        assert_eq!((moves[0], order[0].key), (table, TT_MOVE));
        assert!(moves[1..=n].iter().all(|&m| pos.is_tactical(m)));
        assert!(order[1..=n].windows(2).all(|w| w[0].key >= w[1].key));
        assert_eq!(&moves[n + 1..n + 3], &killers);
        assert_eq!(
            (order[n + 1].key, order[n + 2].key),
            (FIRST_KILLER, SECOND_KILLER)
        );
        assert_eq!(moves[n + 3], favourite);
        assert!(order[n + 3..].windows(2).all(|w| w[0].key >= w[1].key));
    }

    #[test]
    fn an_illegal_table_move_is_not_handed_out() {
        let pos = Hexmate::start(&Ruleset::Hexmate);
        let mut all = crate::variants::hexmate::MoveList::new();
        pos.generate_moves(&mut all);
        // a0 to a0 names no legal move.
        let order = picked(&pos, Some(0), [None, None], &History::default());
        assert_eq!(order.len(), all.len());
        assert!(order.iter().all(|m| m.key != TT_MOVE));
    }

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
