//! Perft: the number of legal move sequences of a given length (CONVENTIONS.md, "Perft").
//! Positions over by the game's own end conditions have no moves; draws by rule are
//! ignored, because `Game::generate_moves` already works that way.

use crate::game::Game;
use rayon::prelude::*;

/// How leaves are counted.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Counting {
    /// Count the moves at the last ply without playing them.
    Bulk,
    /// Play and take back every move down to the leaves.
    MakeUnmake,
}

/// Leaf count of `pos` to `depth`.
pub fn perft<G: Game>(pos: &mut G, depth: u32, counting: Counting) -> u64 {
    if depth == 0 {
        return 1;
    }
    if depth == 1 && counting == Counting::Bulk {
        return pos.count_moves() as u64;
    }
    let mut moves = G::MoveList::default();
    pos.generate_moves(&mut moves);
    let mut total = 0;
    for &mv in moves.iter() {
        pos.make_move(mv);
        total += perft(pos, depth - 1, counting);
        pos.unmake_move();
    }
    total
}

/// Per-root-move counts, sorted by the moves' text, and their total.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Divide {
    pub entries: Vec<(String, u64)>,
    pub total: u64,
}

/// Perft split by root move; the root moves are shared out over `threads` threads.
pub fn divide<G: Game>(pos: &G, depth: u32, threads: usize, counting: Counting) -> Divide {
    if depth == 0 {
        return Divide {
            entries: Vec::new(),
            total: 1,
        };
    }
    let mut list = G::MoveList::default();
    pos.generate_moves(&mut list);
    let moves: Vec<G::Move> = list.to_vec();
    let count_one = |mv: &G::Move| {
        let mut child = pos.clone();
        child.make_move(*mv);
        (pos.move_string(*mv), perft(&mut child, depth - 1, counting))
    };
    let mut entries: Vec<(String, u64)> = if threads > 1 {
        let pool = rayon::ThreadPoolBuilder::new().num_threads(threads).build();
        match pool {
            Ok(pool) => pool.install(|| moves.par_iter().map(count_one).collect()),
            Err(_) => moves.iter().map(count_one).collect(),
        }
    } else {
        moves.iter().map(count_one).collect()
    };
    entries.sort();
    let total = entries.iter().map(|e| e.1).sum();
    Divide { entries, total }
}
