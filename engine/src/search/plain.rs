//! Plain alpha-beta: the baseline the full search is measured against (the protocol's
//! `Plain Search` option). Iterative deepening over a negamax alpha-beta search with full
//! windows and the same move ordering, evaluation, quiescence search and draw rules, but
//! without the transposition table, aspiration windows, principal-variation null windows,
//! extensions, reductions or pruning of any kind.

use super::ordering::Wanted;
use super::score::INFINITE;
use super::threads::Worker;
use super::Evaluator;
use crate::game::Game;

impl<G: Game, E: Evaluator<G>> Worker<'_, '_, G, E> {
    /// The value of the position at `ply` searched `depth` plies deep, every move with the
    /// full window.
    pub fn plain_search(&mut self, depth: i32, ply: usize, mut alpha: i32, beta: i32) -> i32 {
        if depth <= 0 {
            return self.quiescence(0, ply, alpha, beta);
        }
        if let Some(score) = self.open_node(ply) {
            return score;
        }

        let killers = self.data.killers.get(ply);
        let mut picker = self.move_picker(ply, None, killers, Wanted::All);
        let seat = self.pos.to_move();

        let mut best = -INFINITE;
        let mut any_move = false;
        while let Some(entry) = self.pick(&mut picker) {
            any_move = true;
            let mv = entry.mv;
            self.make(mv, ply);
            let score = self.search_child(seat, depth - 1, ply, alpha, beta, false);
            self.pos.unmake_move();
            if self.shared.aborted() {
                break;
            }
            if score > best {
                best = score;
                if score > alpha {
                    alpha = score;
                    self.update_pv(ply, mv);
                    if alpha >= beta {
                        if !self.pos.is_tactical(mv) {
                            self.data.killers.add(ply, mv);
                        }
                        break;
                    }
                }
            }
        }
        self.move_pool[ply] = picker.into_pool();
        if !any_move {
            return self.terminal_score(ply);
        }
        best
    }
}
