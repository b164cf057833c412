//! Paranoid alpha-beta (Sturtevant & Korf 2000): the root player assumes that all other
//! players have formed a coalition against it. That turns the game into one of two
//! sides, the root player maximising and the coalition minimising one number, the root
//! seat's score ([`Evaluator::evaluate_seats`] at the root seat; a finished game's
//! result for it), so alpha-beta applies unchanged.
//!
//! The search is negamax over the two sides: a node's value is from the point of view of
//! the side to move there (the root player, or the coalition: the negated root value). As
//! in the two-player search, a child is searched with the window negated and swapped only
//! when the side changes; a player's consecutive armies, and coalition members moving one
//! after another, keep the window as it is.
//!
//! The same search serves best-reply search (`brs.rs`), which changes only the moves of a
//! coalition node and what follows them. Both store values in the shared table under a
//! key salted with the algorithm and the root seat, from the side to move's point of view.
//!
//! Steps: horizon and quiescence, node count and limits, the end of the game, mate
//! distance pruning, table cutoffs, futility, then the moves in order with late-move
//! pruning and reductions and principal-variation search.

use super::worker::{MultiPlayer, Reply};
use crate::game::{Game, Points};
use crate::search::ordering::{is_killer_key, next_move};
use crate::search::pruning::{bound_of, bound_settles, lmr_reduction};
use crate::search::score::{self, INFINITE, MATE_BOUND, MAX_PLY};
use crate::search::threads::Reporter;
use crate::search::threads::Worker;
use crate::search::tt::Entry;
use crate::search::Bound;
use crate::search::Evaluator;

/// Late-move reductions start at this depth and this move number (0-based).
const LMR_MIN_DEPTH: i32 = 3;
const LMR_MIN_MOVE: usize = 3;
/// Futility pruning of quiet moves: depth limit and margin per ply.
const FUTILITY_MAX_DEPTH: i32 = 2;
const FUTILITY_MARGIN: i32 = 300;
/// Late-move pruning: at depth `d` only the first `LMP_BASE + d²` quiet moves are tried.
const LMP_MAX_DEPTH: i32 = 3;
const LMP_BASE: usize = 3;
/// Quiescence search looks at most this many captures deep.
const QS_MAX_PLY: usize = 3;
/// Delta pruning: a capture that cannot lift the standing score to within this margin of
/// alpha, even gaining its full value, is not searched.
const DELTA_MARGIN: i32 = 200;
/// Depth stored in the table for quiescence results (below every real depth).
const QS_DEPTH: i32 = 0;

impl<G: Game, E: Evaluator<G>> Worker<'_, '_, G, E, MultiPlayer> {
    /// One MultiPV line of an iteration at the root (where the root player moves): the
    /// root moves from `line` on, the first with the full window, the others with a null
    /// window and a re-search when they beat alpha.
    pub fn alphabeta_root(&mut self, depth: i32, line: usize, report: &mut Reporter<'_, G::Move>) {
        let mut alpha = -INFINITE;
        for i in self.root_order(line) {
            let reply = self.root_moves[i].mv;
            self.announce(reply.mv, i + 1, depth, report);
            let handed_back = self.play(reply);
            let first = i == line;
            let mut value = if first {
                -INFINITE
            } else {
                self.child(true, depth - 1, 0, alpha, alpha + 1)
            };
            if first || value > alpha {
                value = self.child(true, depth - 1, 0, alpha, INFINITE);
            }
            self.unplay(reply, handed_back);
            if self.aborted() {
                return;
            }
            if first || value > alpha {
                self.record_root_line(i, value, handed_back);
                if !first && line == 0 {
                    self.note_partial_best(i);
                }
                alpha = value;
            } else {
                self.root_moves[i].score = -INFINITE;
            }
        }
    }

    /// The value of the position just reached, from the point of view of the side that
    /// moved into it (`parent_root`: whether that was the root player). An aborted search
    /// enters no more nodes: a reduced or null-window search cut short by the node limit
    /// must not set off its re-search.
    fn child(&mut self, parent_root: bool, depth: i32, ply: usize, alpha: i32, beta: i32) -> i32 {
        if self.aborted() {
            return 0;
        }
        if self.root_to_move() == parent_root {
            self.alphabeta(depth, ply + 1, alpha, beta)
        } else {
            -self.alphabeta(depth, ply + 1, -beta, -alpha)
        }
    }

    /// Quiescence's [`Self::child`].
    fn quiet_child(
        &mut self,
        parent_root: bool,
        ply: usize,
        qply: usize,
        alpha: i32,
        beta: i32,
    ) -> i32 {
        if self.root_to_move() == parent_root {
            self.quiescence(ply + 1, qply + 1, alpha, beta)
        } else {
            -self.quiescence(ply + 1, qply + 1, -beta, -alpha)
        }
    }

    /// A root-seat value from the side to move's point of view.
    fn side_view(&self, root_value: i32) -> i32 {
        if self.root_to_move() {
            root_value
        } else {
            -root_value
        }
    }

    /// The static value from the side to move's point of view.
    fn static_value(&self) -> i32 {
        self.side_view(self.evaluate()[self.root_seat])
    }

    /// The static value at `ply`, which ends the line there.
    fn stand_pat(&mut self, ply: usize) -> i32 {
        let seats = self.evaluate();
        let value = self.side_view(seats[self.root_seat]);
        self.end_line(ply, seats);
        value
    }

    /// The value of a finished game at `ply`, which ends the line there.
    fn game_over(&mut self, points: &[Points], ply: usize) -> i32 {
        let seats = super::values::terminal_scores(points, ply);
        let value = self.side_view(seats[self.root_seat]);
        self.end_line(ply, seats);
        value
    }

    /// The alpha-beta search of the position at `ply`, `depth` plies deep.
    fn alphabeta(&mut self, depth: i32, ply: usize, mut alpha: i32, mut beta: i32) -> i32 {
        // Step 1. Horizon: below it only captures are searched.
        if depth <= 0 {
            return self.quiescence(ply, 0, alpha, beta);
        }
        let pv_node = beta - alpha > 1;

        // Step 2. Count the node, obey the stop flag and the limits, keep the ply bounded.
        self.pv[ply].clear();
        self.seldepth = self.seldepth.max(ply);
        if self.visit_node() {
            return 0;
        }
        if ply >= MAX_PLY - 1 {
            return self.stand_pat(ply);
        }

        // Step 3. A finished game is worth its result.
        if let Some(points) = self.finished() {
            return self.game_over(&points, ply);
        }

        // Step 4. Mate distance pruning: no line from here beats a win found nearer the
        // root, so the window shrinks to what is still possible.
        alpha = alpha.max(score::mated_in(ply));
        beta = beta.min(score::mate_in(ply + 1));
        if alpha >= beta {
            return alpha;
        }

        // Step 5. Transposition table: a deep enough entry whose bound settles the window
        // ends the node (not in PV nodes, to keep the principal variation whole).
        let key = self.key();
        let tt_entry = self.shared.tt.probe(key);
        if let Some(entry) = tt_entry {
            let value = score::from_tt(entry.score, ply);
            if !pv_node && entry.depth >= depth && bound_settles(entry.bound, value, alpha, beta) {
                return value;
            }
        }

        // Step 6. Futility: near the horizon, a static value far below alpha will not be
        // lifted above it by a quiet move (not in PV nodes, not while alpha is a win).
        // The pruned moves count as worth the static value: a bound below alpha.
        let futility_value = (!pv_node && depth <= FUTILITY_MAX_DEPTH && alpha.abs() < MATE_BOUND)
            .then(|| self.static_value())
            .filter(|&value| value + FUTILITY_MARGIN * depth <= alpha);

        // Step 7. The moves, best first: the side to move's, or at a best-reply coalition
        // node every opponent's; only the captures in a futile node.
        let mut moves = std::mem::take(&mut self.move_pool[ply]);
        let tt_move = tt_entry.and_then(|e| e.mv);
        let futile = futility_value.is_some();
        self.generate_replies(ply, tt_move, futile, &mut moves);
        if moves.is_empty() {
            self.move_pool[ply] = moves;
            return futility_value.unwrap_or_else(|| self.stand_pat(ply));
        }

        // Step 8. The move loop.
        let root_moves_here = self.root_to_move();
        let original_alpha = alpha;
        let mut best = futility_value.unwrap_or(-INFINITE);
        let mut best_reply = None;
        let mut tried = std::mem::take(&mut self.quiet_pool[ply]);
        tried.clear();
        for number in 0..moves.len() {
            let entry = next_move(&mut moves, number);
            let reply = entry.mv;
            // Step 8a. Late-move pruning: at shallow depth, once a move that does not lose
            // was found, only the first few quiet moves are tried.
            if !reply.tactical
                && !pv_node
                && depth <= LMP_MAX_DEPTH
                && best > -MATE_BOUND
                && tried.len() >= LMP_BASE + (depth * depth) as usize
            {
                continue;
            }
            let handed_back = self.play(reply);
            let new_depth = depth - 1;

            // Step 8b. Late-move reductions: quiet moves late in the order are searched
            // shallower with a null window first, and again at full depth only if they
            // beat alpha.
            let mut value = -INFINITE;
            let full_search_needed = if depth >= LMR_MIN_DEPTH
                && number >= LMR_MIN_MOVE
                && !reply.tactical
                && !is_killer_key(entry.key)
            {
                let r = lmr_reduction(depth, number + 1) + i32::from(!pv_node);
                let reduced = (new_depth - r).clamp(1, new_depth);
                value = self.child(root_moves_here, reduced, ply, alpha, alpha + 1);
                value > alpha && reduced < new_depth
            } else {
                !pv_node || number > 0
            };

            // Step 8c. Principal-variation search: a null window for all but the first
            // move, the full window for the first and for moves that beat alpha.
            if full_search_needed {
                value = self.child(root_moves_here, new_depth, ply, alpha, alpha + 1);
            }
            if pv_node && (number == 0 || (value > alpha && value < beta)) {
                value = self.child(root_moves_here, new_depth, ply, alpha, beta);
            }
            self.unplay(reply, handed_back);
            if self.aborted() {
                self.move_pool[ply] = moves;
                self.quiet_pool[ply] = tried;
                return 0;
            }

            // Step 8d. Keep the best move; a value at or above beta refutes the parent's
            // move: stop, and teach killers and history which quiet move did it.
            if value > best {
                best = value;
                if value > alpha {
                    best_reply = Some(reply);
                    alpha = value;
                    if pv_node {
                        self.update_pv(ply, reply, handed_back);
                    }
                    if alpha >= beta {
                        if !reply.tactical {
                            self.reward_quiet(reply, ply, depth, &tried);
                        }
                        break;
                    }
                }
            }
            if !reply.tactical {
                tried.push(reply);
            }
        }
        self.move_pool[ply] = moves;
        self.quiet_pool[ply] = tried;

        // Step 9. Store the result: exact inside the window, a lower bound on a cutoff,
        // an upper bound when no move reached alpha.
        self.store(
            key,
            best_reply,
            best,
            ply,
            depth,
            bound_of(best, original_alpha, beta),
        );
        best
    }

    /// Quiescence search: captures only, `qply` of them deep so far; the side to move may
    /// stand pat on the static value instead.
    fn quiescence(&mut self, ply: usize, qply: usize, mut alpha: i32, beta: i32) -> i32 {
        self.pv[ply].clear();
        self.seldepth = self.seldepth.max(ply);
        if self.visit_node() {
            return 0;
        }
        if let Some(points) = self.finished() {
            return self.game_over(&points, ply);
        }
        let pv_node = beta - alpha > 1;
        let key = self.key();
        let tt_entry = self.shared.tt.probe(key);
        if let Some(entry) = tt_entry {
            let value = score::from_tt(entry.score, ply);
            if !pv_node && bound_settles(entry.bound, value, alpha, beta) {
                return value;
            }
        }

        // Standing pat: every side may decline all captures.
        let stand_pat = self.stand_pat(ply);
        if stand_pat >= beta || qply >= QS_MAX_PLY || ply >= MAX_PLY - 1 {
            return stand_pat;
        }
        alpha = alpha.max(stand_pat);

        let mut moves = std::mem::take(&mut self.move_pool[ply]);
        self.generate_replies(ply, tt_entry.and_then(|e| e.mv), true, &mut moves);
        let root_moves_here = self.root_to_move();
        let original_alpha = alpha;
        let mut best = stand_pat;
        let mut best_reply = None;
        for number in 0..moves.len() {
            let entry = next_move(&mut moves, number);
            let reply: Reply<G::Move> = entry.mv;
            if reply.losing || stand_pat + reply.gain + DELTA_MARGIN <= alpha {
                continue;
            }
            let handed_back = self.play(reply);
            let value = self.quiet_child(root_moves_here, ply, qply, alpha, beta);
            self.unplay(reply, handed_back);
            if self.aborted() {
                self.move_pool[ply] = moves;
                return 0;
            }
            if value > best {
                best = value;
                if value > alpha {
                    best_reply = Some(reply);
                    alpha = value;
                    if pv_node {
                        self.update_pv(ply, reply, handed_back);
                    }
                    if alpha >= beta {
                        break;
                    }
                }
            }
        }
        self.move_pool[ply] = moves;
        let bound = bound_of(best, original_alpha, beta);
        self.store(key, best_reply, best, ply, QS_DEPTH, bound);
        best
    }

    /// Stores a node's result (its value from the side to move's point of view).
    fn store(
        &self,
        key: u64,
        best_reply: Option<Reply<G::Move>>,
        value: i32,
        ply: usize,
        depth: i32,
        bound: Bound,
    ) {
        self.shared.tt.store(
            key,
            Entry {
                mv: best_reply.map(|r| r.packed::<G>()),
                score: score::to_tt(value, ply),
                eval: 0,
                depth,
                bound,
            },
        );
    }
}
