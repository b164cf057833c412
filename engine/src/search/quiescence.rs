//! Quiescence search: below the horizon only captures and promotions are searched, so
//! that the static evaluation is never taken in the middle of an exchange. In check every
//! move is searched (there is no standing pat when the King is attacked), which also
//! finds checkmates at the horizon.

use super::ordering::Wanted;
use super::score::{self, INFINITE};
use super::threads::Worker;
use super::tt::Entry;
use super::{Bound, Evaluator};
use crate::game::Game;

/// Delta pruning: a capture that cannot lift the standing score to within this margin of
/// alpha, even winning the captured piece outright, is not searched.
const DELTA_MARGIN: i32 = 200;
/// Depth stored in the transposition table for quiescence results (below every real depth).
const QS_DEPTH: i32 = 0;
/// Move-count pruning: out of check, only the first captures in MVV-LVA order are
/// searched (as Stockfish's quiescence search prunes after the second or third move):
/// the later ones take less with more, and in wide positions they multiplied the nodes.
const QS_MOVE_LIMIT: usize = 3;
/// Plies below the horizon after which the static evaluation ends every line, in check
/// or not. Long chains of captures and checks made a depth-1 search cost tens of
/// thousands of nodes (Seven Kingdoms, Panoply), and a King with borrowed rook or bishop
/// movement gives check with quiet moves, so two Kings could check each other back and
/// forth. In check a mate is still recognised: the node is scored statically only once
/// an evasion exists.
const QS_MAX_PLIES: i32 = 6;

impl<G: Game, E: Evaluator<G>> Worker<'_, '_, G, E> {
    /// `depth` is 0 at the horizon and decreases by one per ply below it.
    pub fn quiescence(&mut self, depth: i32, ply: usize, mut alpha: i32, beta: i32) -> i32 {
        let in_check = self.in_check_at(ply);
        // The horizon node was reached by any move and an evasion may be quiet, so a
        // repetition can arise here too (after a capture the variant's count is cheap).
        if let Some(score) = self.open_node(ply) {
            return score;
        }

        let pv_node = beta - alpha > 1;
        // The plain baseline (`plain.rs`) neither uses the table nor prunes.
        let plain = self.shared.options.plain;
        let key = self.pos.hash();
        let tt_entry = if plain {
            None
        } else {
            self.shared.tt.probe(key)
        };
        if let Some(entry) = tt_entry {
            let tt_score = score::from_tt(entry.score, ply);
            if !pv_node && super::pruning::bound_settles(entry.bound, tt_score, alpha, beta) {
                return tt_score;
            }
        }

        // Standing pat: the side to move may decline every capture (not in check).
        let stand_pat = if in_check {
            None
        } else {
            let eval = tt_entry.map_or_else(|| self.evaluate(), |e| e.eval);
            // At the horizon a side hunting a bare King first looks for a mate in one:
            // the mating move is quiet, and standing pat would hide it (see `search`,
            // steps 7 and 8; the mate of evaluation/tests/conversion.rs shows at depth 6).
            if depth == 0 && !plain && self.is_hunting(eval) {
                if let Some(mv) = self.winning_move() {
                    self.pv[ply].push(mv);
                    return score::mate_in(ply + 1);
                }
            }
            if eval >= beta || depth <= -QS_MAX_PLIES {
                return eval;
            }
            alpha = alpha.max(eval);
            Some(eval)
        };

        // In check every evasion, otherwise only captures and promotions, the table's move
        // first (it may have been stored by a quiescence node too: it is the move itself,
        // so a list of captures names it as well as a full list). A position without legal
        // moves is over (checkmate, stalemate, baring …); only when there is no tactical
        // move does that cost a count of the quiet ones.
        let wanted = if in_check {
            Wanted::All
        } else {
            Wanted::Tactical
        };
        let tt_move = tt_entry.and_then(|e| e.mv);
        let mut picker = self.move_picker(ply, tt_move, [None, None], wanted);
        let mut first = self.pick(&mut picker);
        if first.is_none() && (in_check || !self.pos.has_legal_move()) {
            self.move_pool[ply] = picker.into_pool();
            return self.terminal_score(ply);
        }
        if in_check && depth <= -QS_MAX_PLIES {
            self.move_pool[ply] = picker.into_pool();
            return self.evaluate();
        }
        let seat = self.pos.to_move();

        let original_alpha = alpha;
        let mut best = stand_pat.unwrap_or(-INFINITE);
        let mut best_move = None;
        let mut searched = 0;
        while let Some(entry) = first.take().or_else(|| self.pick(&mut picker)) {
            // Delta pruning, losing captures and move-count pruning, never when evading a
            // check.
            if let Some(eval) = stand_pat.filter(|_| !plain) {
                if searched >= QS_MOVE_LIMIT {
                    break;
                }
                let gain = self.shared.eval.capture_value(&self.pos, entry.mv);
                if eval + gain + DELTA_MARGIN <= alpha
                    || self.shared.eval.is_losing_capture(&self.pos, entry.mv)
                {
                    continue;
                }
            }
            searched += 1;
            self.make(entry.mv, ply);
            let score = if self.pos.to_move() == seat {
                self.quiescence(depth - 1, ply + 1, alpha, beta)
            } else {
                -self.quiescence(depth - 1, ply + 1, -beta, -alpha)
            };
            self.pos.unmake_move();
            if self.shared.aborted() {
                self.move_pool[ply] = picker.into_pool();
                return 0;
            }
            if score > best {
                best = score;
                if score > alpha {
                    best_move = Some(entry.mv);
                    alpha = score;
                    if pv_node {
                        self.update_pv(ply, entry.mv);
                    }
                    if alpha >= beta {
                        break;
                    }
                }
            }
        }
        self.move_pool[ply] = picker.into_pool();
        if plain {
            return best;
        }
        // In check with every evasion pruned or failing, `best` is a real (mated) bound.
        let bound = if best >= beta {
            Bound::Lower
        } else if best > original_alpha && pv_node {
            Bound::Exact
        } else {
            Bound::Upper
        };
        self.shared.tt.store(
            key,
            Entry {
                mv: best_move.map(G::pack_move),
                score: score::to_tt(best, ply),
                eval: stand_pat.unwrap_or(0),
                depth: QS_DEPTH,
                bound,
            },
        );
        best
    }
}
