//! Max-n (Luckhardt & Irani 1986) with shallow pruning (Korf 1991).
//!
//! Every node is worth a vector, one value per seat, and the seat to move picks the child
//! whose vector is best for itself: nobody is assumed to be anybody's enemy. Values are
//! shares of a fixed total ([`SHARE_TOTAL`]): the static scores through a softmax
//! (`values::shares`), a finished game's points times the total. Being non-negative
//! with a bounded sum is what makes shallow pruning sound:
//!
//! if the parent's seat p already has a child worth `best_p` to it, and in the current
//! child the seat to move q ≠ p has found a move worth `v_q ≥ TOTAL − best_p` to itself,
//! then whatever q finally picks leaves p at most `TOTAL − v_q ≤ best_p`, and p will not
//! take it: the child is cut off.
//!
//! So each node receives a `bound` on its mover's value beyond which its parent has lost
//! interest. A child moved by the same seat (a player's next army) receives the node's
//! own bound, because its value becomes the node's. A seat that reaches the whole total
//! (a won game) stops at once. Deep pruning is not sound in max-n and is not done.
//!
//! Below the horizon a capture-only quiescence search lets each mover take a capture or
//! stand pat on the static shares. The table serves move ordering only (the vector does
//! not fit an entry); ties keep the first move in the order.

use super::values::{self, Shares, SHARE_TOTAL};
use super::worker::MultiPlayer;
use crate::game::{Game, Points, Seat};
use crate::search::ordering::next_move;
use crate::search::score::MAX_PLY;
use crate::search::threads::Reporter;
use crate::search::threads::Worker;
use crate::search::tt::Entry;
use crate::search::Bound;
use crate::search::Evaluator;

/// Quiescence search looks at most this many captures deep.
const QS_MAX_PLY: usize = 1;
/// A bound no share reaches: no pruning.
const UNBOUNDED: i32 = SHARE_TOTAL + 1;

impl<G: Game, E: Evaluator<G>> Worker<'_, '_, G, E, MultiPlayer> {
    /// One MultiPV line of an iteration at the root: the root moves from `line` on; the
    /// root seat's share decides, shallow pruning applies to the children from the
    /// second move on.
    pub fn maxn_root(&mut self, depth: i32, line: usize, report: &mut Reporter<'_, G::Move>) {
        let me = self.root_seat;
        let mut best: Option<i32> = None;
        for i in self.root_order(line) {
            let reply = self.root_moves[i].mv;
            self.announce(reply.mv, i + 1, depth, report);
            let handed_back = self.play(reply);
            let bound = self.child_bound(me, best, UNBOUNDED);
            let value = self.maxn(depth - 1, 1, bound);
            self.unplay(reply, handed_back);
            if self.aborted() {
                return;
            }
            self.root_moves[i].score = value[me];
            if best.is_none_or(|b| value[me] > b) {
                best = Some(value[me]);
                self.record_root_line(i, value[me], handed_back);
                if i > line && line == 0 {
                    self.note_partial_best(i);
                }
            }
        }
    }

    /// The bound for the position just reached from a node of seat `me` whose best child
    /// so far is worth `best` to it and whose own bound is `bound`.
    fn child_bound(&self, me: Seat, best: Option<i32>, bound: i32) -> i32 {
        if self.pos.to_move() == me {
            bound
        } else {
            best.map_or(UNBOUNDED, |b| SHARE_TOTAL - b)
        }
    }

    /// The static shares at `ply`, which end the line there.
    fn static_shares(&mut self, ply: usize) -> Shares {
        let seats = self.evaluate();
        let shares = values::shares(&seats);
        self.end_line(ply, seats);
        shares
    }

    /// A finished game's shares at `ply`, which end the line there.
    fn final_shares(&mut self, points: &[Points], ply: usize) -> Shares {
        self.end_line(ply, values::terminal_scores(points, ply));
        values::terminal_shares(points)
    }

    /// The max-n value of the position at `ply`, `depth` plies deep; the search stops
    /// as soon as the mover's value reaches `bound`.
    fn maxn(&mut self, depth: i32, ply: usize, bound: i32) -> Shares {
        // Step 1. Horizon: below it only captures are searched.
        if depth <= 0 {
            return self.quiescence_maxn(ply, 0, bound);
        }

        // Step 2. Count the node, obey the stop flag and the limits, keep the ply bounded.
        self.seldepth = self.seldepth.max(ply);
        if self.visit_node() || ply >= MAX_PLY - 1 {
            return self.static_shares(ply);
        }

        // Step 3. A finished game is worth its points.
        if let Some(points) = self.finished() {
            return self.final_shares(&points, ply);
        }

        // Step 4. The moves, the table's first.
        let key = self.key();
        let tt_move = self.shared.tt.probe(key).and_then(|e| e.mv);
        let mut moves = std::mem::take(&mut self.move_pool[ply]);
        self.generate_replies(ply, tt_move, false, &mut moves);
        if moves.is_empty() {
            self.move_pool[ply] = moves;
            return self.static_shares(ply);
        }

        // Step 5. The move loop: keep the child best for the mover; stop when the parent
        // cannot want it any more (shallow pruning) or nothing better exists.
        let me = self.pos.to_move();
        let mut best: Option<Shares> = None;
        let mut best_reply = None;
        let mut tried = std::mem::take(&mut self.quiet_pool[ply]);
        tried.clear();
        for number in 0..moves.len() {
            let entry = next_move(&mut moves, number);
            let reply = entry.mv;
            let handed_back = self.play(reply);
            let child_bound = self.child_bound(me, best.as_ref().map(|b| b[me]), bound);
            let value = self.maxn(depth - 1, ply + 1, child_bound);
            self.unplay(reply, handed_back);
            if self.aborted() {
                self.move_pool[ply] = moves;
                self.quiet_pool[ply] = tried;
                return value;
            }
            if best.as_ref().is_none_or(|b| value[me] > b[me]) {
                let cutoff = value[me] >= bound.min(SHARE_TOTAL);
                best = Some(value);
                best_reply = Some(reply);
                self.update_pv(ply, reply, handed_back);
                if cutoff {
                    if !reply.tactical {
                        self.reward_quiet(reply, ply, depth, &tried);
                    }
                    break;
                }
            }
            if !reply.tactical {
                tried.push(reply);
            }
        }
        self.move_pool[ply] = moves;
        self.quiet_pool[ply] = tried;

        // Step 6. Remember the best move for the ordering of later searches.
        self.shared.tt.store(
            key,
            Entry {
                mv: best_reply.map(|r| r.packed::<G>()),
                score: 0,
                eval: 0,
                depth,
                bound: Bound::Exact,
            },
        );
        best.expect("a node with moves has a best one")
    }

    /// Max-n's quiescence search: the mover takes the best of standing pat and its
    /// captures, `qply` of them deep so far.
    fn quiescence_maxn(&mut self, ply: usize, qply: usize, bound: i32) -> Shares {
        self.seldepth = self.seldepth.max(ply);
        if self.visit_node() {
            return self.static_shares(ply);
        }
        if let Some(points) = self.finished() {
            return self.final_shares(&points, ply);
        }
        let me = self.pos.to_move();
        let mut best = self.static_shares(ply);
        if best[me] >= bound || qply >= QS_MAX_PLY || ply >= MAX_PLY - 1 {
            return best;
        }
        let mut moves = std::mem::take(&mut self.move_pool[ply]);
        self.generate_replies(ply, None, true, &mut moves);
        for number in 0..moves.len() {
            let reply = next_move(&mut moves, number).mv;
            if reply.losing {
                continue;
            }
            let handed_back = self.play(reply);
            let child_bound = self.child_bound(me, Some(best[me]), bound);
            let value = self.quiescence_maxn(ply + 1, qply + 1, child_bound);
            self.unplay(reply, handed_back);
            if self.aborted() {
                self.move_pool[ply] = moves;
                return value;
            }
            if value[me] > best[me] {
                best = value;
                self.update_pv(ply, reply, handed_back);
                if best[me] >= bound.min(SHARE_TOTAL) {
                    break;
                }
            }
        }
        self.move_pool[ply] = moves;
        best
    }
}
