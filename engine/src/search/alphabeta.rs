//! The principal-variation search (negamax with alpha-beta) and its pruning steps.
//!
//! Scores are from the point of view of the seat to move at the node. A child is searched
//! with the window negated and swapped when the seat to move changes, and with the same
//! window when the same seat moves again (`search_child`).

use super::ordering::{self, history_bonus, MovePicker, Wanted};
use super::pruning::{bound_of, bound_settles, lmr_reduction};
use super::score::{self, INFINITE, MATE_BOUND, MAX_PLY};
use super::threads::Worker;
use super::tt::Entry;
use super::Evaluator;
use crate::game::{Game, Points, Seat, Status};

/// Reverse futility pruning: depth limit and margin per ply.
const RFP_MAX_DEPTH: i32 = 7;
const RFP_MARGIN: i32 = 90;
/// Futility pruning of quiet moves: depth limit, base margin and margin per ply.
const FUTILITY_MAX_DEPTH: i32 = 5;
const FUTILITY_BASE: i32 = 120;
const FUTILITY_PER_DEPTH: i32 = 100;
/// Late-move pruning: at depth `d` only the first `LMP_BASE + d²` quiet moves are tried.
const LMP_MAX_DEPTH: i32 = 6;
const LMP_BASE: usize = 3;
/// Null-move pruning: minimum depth and the reduction `NULL_BASE + depth / NULL_DIVISOR`.
const NULL_MIN_DEPTH: i32 = 3;
const NULL_BASE: i32 = 3;
const NULL_DIVISOR: i32 = 4;
/// Internal iterative reduction: depth from which a node without a TT move is reduced.
const IIR_MIN_DEPTH: i32 = 6;
/// Late-move reductions start at this depth and move number.
const LMR_MIN_DEPTH: i32 = 3;
/// A static evaluation this far ahead, against a side left with King and pawns only,
/// decides the game: the side ahead is hunting a mate (`is_hunting`).
const DECIDED_EVAL: i32 = 1000;

impl<G: Game, E: Evaluator<G>> Worker<'_, '_, G, E> {
    /// Searches the position reached by a move made at `ply` (the parent's ply) from the
    /// parent's point of view: negated when the seat to move changed. With the `plain`
    /// option the child is searched by the plain alpha-beta baseline (`plain.rs`), which
    /// does not test for check, so `gives_check` is only trusted from the full search.
    pub fn search_child(
        &mut self,
        parent: Seat,
        depth: i32,
        ply: usize,
        alpha: i32,
        beta: i32,
        gives_check: bool,
    ) -> i32 {
        let plain = self.shared.options.plain;
        self.known_check[ply + 1] = (!plain).then_some(gives_check);
        let same_seat = self.pos.to_move() == parent;
        let (alpha, beta) = if same_seat {
            (alpha, beta)
        } else {
            (-beta, -alpha)
        };
        let score = if plain {
            self.plain_search(depth, ply + 1, alpha, beta)
        } else {
            self.search(depth, ply + 1, alpha, beta)
        };
        if same_seat {
            score
        } else {
            -score
        }
    }

    /// Whether the side to move at `ply` is in check, from the parent if it already
    /// knows (it tested the move for a check extension).
    pub fn in_check_at(&mut self, ply: usize) -> bool {
        self.known_check[ply]
            .take()
            .unwrap_or_else(|| self.pos.in_check())
    }

    /// Makes `mv` at `ply` and records the child's hash for repetition detection.
    pub fn make(&mut self, mv: G::Move, ply: usize) {
        self.pos.make_move(mv);
        self.path[ply + 1] = (self.pos.hash(), false);
    }

    /// Whether the position at `ply` counts as a draw by repetition. A third occurrence in
    /// the game is a draw by rule; a second one is scored as a draw too (as Stockfish scores
    /// a first repetition inside the tree), since the side that repeated can repeat again
    /// and the search must not walk into a draw it thinks it wins. After a null move the
    /// path is no game, so there only an occurrence since that null move counts.
    fn is_repetition(&self, ply: usize) -> bool {
        match self.pos.repetitions() {
            0 => false,
            1 => match self.last_null_move(ply) {
                None => true,
                Some(null_ply) => self.path[null_ply..ply]
                    .iter()
                    .any(|&(hash, _)| hash == self.path[ply].0),
            },
            _ => true,
        }
    }

    /// The ply of the latest position on the path to `ply` that a null move led to.
    fn last_null_move(&self, ply: usize) -> Option<usize> {
        (1..=ply).rev().find(|&p| self.path[p].1)
    }

    /// Steps 2 and 3 of every node: count it, obey the stop flag and the limits, keep the
    /// ply bounded, and apply the draws by rule — repetition (hexmate.md R52, panoply.md
    /// R67, hepta.md R93, hexian.md R114), and the move-count rule unless the position is
    /// checkmate or stalemate, which take precedence (hexmate.md R46). `Some(score)` ends
    /// the node.
    pub fn open_node(&mut self, ply: usize) -> Option<i32> {
        self.pv[ply].clear();
        self.seldepth = self.seldepth.max(ply);
        if self.visit_node() {
            return Some(0);
        }
        if ply >= MAX_PLY - 1 {
            return Some(self.evaluate());
        }
        if self.is_repetition(ply) {
            return Some(0);
        }
        if self.pos.move_count_draw() {
            return Some(if !self.pos.has_legal_move() {
                self.terminal_score(ply)
            } else {
                0
            });
        }
        None
    }

    /// The picker of the moves at `ply` (`ordering::MovePicker`) with the ply's killers
    /// and reused list; `tt_move` is the table's move, packed.
    pub fn move_picker(
        &mut self,
        ply: usize,
        tt_move: Option<u32>,
        killers: [Option<G::Move>; 2],
        wanted: Wanted,
    ) -> MovePicker<G::Move> {
        let pool = std::mem::take(&mut self.move_pool[ply]);
        MovePicker::new(&self.pos, tt_move, killers, wanted, pool)
    }

    /// The next move of `picker`, ordered with this thread's history.
    pub fn pick(&self, picker: &mut MovePicker<G::Move>) -> Option<ordering::ScoredMove<G::Move>> {
        picker.next(&self.pos, self.shared.eval, &self.data.history)
    }

    /// The score of a position without legal moves: its result for the side to move.
    pub fn terminal_score(&self, ply: usize) -> i32 {
        match self.pos.status() {
            Status::Over(outcome) => score::points_score(outcome.points[self.pos.to_move()], ply),
            Status::Ongoing => 0,
        }
    }

    /// The main search: the value of the position at `ply` searched `depth` plies deep.
    pub fn search(&mut self, depth: i32, ply: usize, mut alpha: i32, mut beta: i32) -> i32 {
        // Step 1. Horizon: below it only captures and promotions are searched.
        if depth <= 0 {
            return self.quiescence(0, ply, alpha, beta);
        }
        let pv_node = beta - alpha > 1;
        let in_check = self.in_check_at(ply);

        // Steps 2 and 3. Count the node, obey the limits, apply the draws by rule.
        if let Some(score) = self.open_node(ply) {
            return score;
        }

        // Step 4. Mate distance pruning: no line from here beats a mate found nearer the
        // root, so the window shrinks to what is still possible.
        alpha = alpha.max(score::mated_in(ply));
        beta = beta.min(score::mate_in(ply + 1));
        if alpha >= beta {
            return alpha;
        }

        // Step 5. Transposition table: a deep enough entry whose bound settles the window
        // ends the node (not in PV nodes, to keep the principal variation whole).
        let key = self.pos.hash();
        let tt_entry = self.shared.tt.probe(key);
        if let Some(entry) = tt_entry {
            let tt_score = score::from_tt(entry.score, ply);
            if !pv_node && entry.depth >= depth && bound_settles(entry.bound, tt_score, alpha, beta)
            {
                return tt_score;
            }
        }
        let tt_move = tt_entry.and_then(|e| e.mv);

        // Step 6. Static evaluation (none in check), from the table when it has one.
        let static_eval = if in_check {
            None
        } else {
            Some(tt_entry.map_or_else(|| self.evaluate(), |e| e.eval))
        };
        self.static_eval[ply] = static_eval;
        let hunting = static_eval.is_some_and(|eval| self.is_hunting(eval));
        let improving = match (
            static_eval,
            ply.checked_sub(2).and_then(|p| self.static_eval[p]),
        ) {
            (Some(now), Some(before)) => now > before,
            _ => false,
        };

        // Steps 7 and 8 stand on the evaluation, and a side hunting a bare King stays far
        // above any window near it whatever it plays: they would cut every node of the
        // hunt and hide the mate, which only its quiet moves lead to. Without this the
        // mate in 4 against Panoply's lone King (evaluation/tests/conversion.rs) first
        // showed at depth 10 (panoply.md R66: the fifty-turn rule drew such a game).
        if let Some(eval) = static_eval.filter(|_| !pv_node && !hunting) {
            // Step 7. Reverse futility pruning: far enough above beta at low depth, the
            // side to move will not fall below it within the remaining plies.
            let margin = RFP_MARGIN * (depth - i32::from(improving));
            if depth <= RFP_MAX_DEPTH && eval - margin >= beta && !score::is_mate(beta) {
                return eval;
            }

            // Step 8. Null-move pruning: if passing still holds beta at reduced depth, a
            // real move will too. Not after a null move, not without pieces (zugzwang),
            // not where the variant forbids passing or passing keeps the seat.
            if let Some(score) = self.null_move(depth, ply, eval, beta) {
                return score;
            }
        }

        // Step 9. Internal iterative reduction: a deep node without a TT move is probably
        // not important enough to be searched at full depth.
        let depth = if tt_move.is_none() && depth >= IIR_MIN_DEPTH {
            depth - 1
        } else {
            depth
        };

        // Step 10. The moves, from a picker: the table's move (before the list is generated
        // where the variant can test its legality), captures, killers, quiet moves.
        let killers = self.data.killers.get(ply);
        let mut picker = self.move_picker(ply, tt_move, killers, Wanted::All);
        let seat = self.pos.to_move();

        // Step 11. The move loop.
        let original_alpha = alpha;
        let mut best = -INFINITE;
        let mut best_move = None;
        let mut quiets_tried = std::mem::take(&mut self.quiet_pool[ply]);
        quiets_tried.clear();
        let mut moves_seen = 0;
        while let Some(entry) = self.pick(&mut picker) {
            let number = moves_seen;
            moves_seen += 1;
            let mv = entry.mv;
            let tactical = self.pos.is_tactical(mv);

            // Step 11a. Shallow-depth pruning of quiet moves once something not losing is
            // found: late-move pruning (enough quiet moves tried) and futility pruning
            // (even a good quiet move would not lift the evaluation to alpha). Not while
            // alpha is a mate: then only a shorter mate counts, and it may be quiet.
            if !pv_node && !in_check && !tactical && best > -MATE_BOUND && alpha < MATE_BOUND {
                if depth <= LMP_MAX_DEPTH
                    && quiets_tried.len()
                        >= LMP_BASE + (depth * depth) as usize / (2 - usize::from(improving))
                {
                    continue;
                }
                if let Some(eval) = static_eval {
                    if depth <= FUTILITY_MAX_DEPTH
                        && eval + FUTILITY_BASE + FUTILITY_PER_DEPTH * depth <= alpha
                    {
                        continue;
                    }
                }
            }

            // Step 11b. Make the move; extend checks (and checks the rules count on
            // another side, `Game::gave_counted_check`) by one ply.
            self.make(mv, ply);
            let gives_check = self.pos.in_check();
            let extends = gives_check || self.pos.gave_counted_check();
            // Series of checks are extended only up to twice the iteration's depth.
            let extension = i32::from(extends && ply < 2 * self.root_depth as usize);
            let new_depth = depth - 1 + extension;

            // Step 11c. Late-move reductions: quiet moves late in the order are searched
            // shallower with a null window first; only if they beat alpha are they
            // searched again at full depth.
            let mut score = -INFINITE;
            let full_search_needed = if depth >= LMR_MIN_DEPTH
                && number > usize::from(pv_node)
                && !tactical
                && !in_check
                && extension == 0
            {
                let mut r = lmr_reduction(depth, number + 1);
                r -= i32::from(pv_node);
                r -= i32::from(ordering::is_killer_key(entry.key));
                r += i32::from(!improving);
                r -= self.data.history.get(seat, G::pack_move(mv)) / (ordering::HISTORY_MAX / 2);
                let reduced = (new_depth - r.max(0)).clamp(1, new_depth);
                score = self.search_child(seat, reduced, ply, alpha, alpha + 1, gives_check);
                score > alpha && reduced < new_depth
            } else {
                !pv_node || number > 0
            };

            // Step 11d. Principal-variation search: a null window for all but the first
            // move, a full window for the first move and for moves that beat alpha.
            if full_search_needed {
                score = self.search_child(seat, new_depth, ply, alpha, alpha + 1, gives_check);
            }
            if pv_node && (number == 0 || (score > alpha && score < beta)) {
                score = self.search_child(seat, new_depth, ply, alpha, beta, gives_check);
            }
            self.pos.unmake_move();
            if self.shared.aborted() {
                self.move_pool[ply] = picker.into_pool();
                self.quiet_pool[ply] = quiets_tried;
                return 0;
            }

            // Step 11e. Keep the best move; a score at or above beta refutes the parent's
            // move: stop, and teach killers and history which quiet move did it.
            if score > best {
                best = score;
                if score > alpha {
                    best_move = Some(mv);
                    alpha = score;
                    if pv_node {
                        self.update_pv(ply, mv);
                    }
                    if alpha >= beta {
                        if !tactical {
                            self.reward_quiet(seat, ply, depth, mv, &quiets_tried);
                        }
                        break;
                    }
                }
            }
            if !tactical {
                quiets_tried.push(mv);
            }
        }
        self.move_pool[ply] = picker.into_pool();
        self.quiet_pool[ply] = quiets_tried;
        // Step 11f. No legal move ends the game (checkmate, stalemate, baring — the
        // variant's `status` says which and what each seat scores).
        if moves_seen == 0 {
            return self.terminal_score(ply);
        }

        // Step 12. Store the result: exact inside the window, a lower bound on a cutoff,
        // an upper bound when no move reached alpha.
        self.shared.tt.store(
            key,
            Entry {
                mv: best_move.map(G::pack_move),
                score: score::to_tt(best, ply),
                eval: static_eval.unwrap_or(0),
                depth,
                bound: bound_of(best, original_alpha, beta),
            },
        );
        best
    }

    /// Whether the side to move, evaluated at `eval`, is hunting a mate: it is at least
    /// `DECIDED_EVAL` ahead and the other side has nothing but King and pawns (asked of
    /// the evaluator after passing the turn; a variant that cannot pass never hunts).
    pub fn is_hunting(&mut self, eval: i32) -> bool {
        if eval < DECIDED_EVAL || !self.pos.make_null_move() {
            return false;
        }
        let bare = !self.shared.eval.has_non_pawn_material(&self.pos);
        self.pos.unmake_null_move();
        bare
    }

    /// A move that wins the game at once for the side to move: it leaves the other side
    /// without a legal move, and that scores the mover the full point (checkmate, or e.g.
    /// Panoply's stalemate, panoply.md R62).
    pub fn winning_move(&mut self) -> Option<G::Move> {
        let seat = self.pos.to_move();
        let mut moves = G::MoveList::default();
        self.pos.generate_moves(&mut moves);
        moves.iter().copied().find(|&mv| {
            self.pos.make_move(mv);
            let won = !self.pos.has_legal_move()
                && matches!(
                    self.pos.status(),
                    Status::Over(outcome) if outcome.points[seat] == Points::ONE
                );
            self.pos.unmake_move();
            won
        })
    }

    /// Step 8 of `search`: the null-move search, `Some(score)` when it fails high.
    fn null_move(&mut self, depth: i32, ply: usize, eval: i32, beta: i32) -> Option<i32> {
        if depth < NULL_MIN_DEPTH
            || eval < beta
            || self.path[ply].1
            || score::is_mate(beta)
            || !self.shared.eval.has_non_pawn_material(&self.pos)
        {
            return None;
        }
        let seat = self.pos.to_move();
        if !self.pos.make_null_move() {
            return None;
        }
        if self.pos.to_move() == seat {
            self.pos.unmake_null_move();
            return None;
        }
        self.path[ply + 1] = (self.pos.hash(), true);
        let reduction = NULL_BASE + depth / NULL_DIVISOR + ((eval - beta) / 200).min(2);
        let score = -self.search(depth - 1 - reduction, ply + 1, -beta, -beta + 1);
        self.pos.unmake_null_move();
        if self.shared.aborted() || score < beta {
            return None;
        }
        // A mate found after passing is not a real mate: report only beta.
        Some(if score >= MATE_BOUND { beta } else { score })
    }

    /// A quiet move caused a cutoff: make it a killer, raise its history and lower that of
    /// the quiet moves tried before it.
    fn reward_quiet(&mut self, seat: Seat, ply: usize, depth: i32, mv: G::Move, tried: &[G::Move]) {
        let bonus = history_bonus(depth);
        self.data.killers.add(ply, mv);
        self.data.history.update(seat, G::pack_move(mv), bonus);
        for &other in tried {
            self.data.history.update(seat, G::pack_move(other), -bonus);
        }
    }

    /// The principal variation at `ply` becomes `mv` followed by the child's.
    pub fn update_pv(&mut self, ply: usize, mv: G::Move) {
        let (head, tail) = self.pv.split_at_mut(ply + 1);
        let line = &mut head[ply];
        line.clear();
        line.push(mv);
        line.extend_from_slice(&tail[0]);
    }

    /// The static evaluation, kept out of the mate range, through the thread's cache.
    pub fn evaluate(&mut self) -> i32 {
        let key = self.pos.hash();
        let slot = key as usize & (self.data.eval_cache.len() - 1);
        let (cached_key, cached) = self.data.eval_cache[slot];
        if cached_key == key && key != 0 {
            return cached;
        }
        let eval = self
            .shared
            .eval
            .evaluate(&self.pos)
            .clamp(-score::EVAL_LIMIT, score::EVAL_LIMIT);
        self.data.eval_cache[slot] = (key, eval);
        eval
    }
}
