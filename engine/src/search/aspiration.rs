//! The two-player search at the root: each MultiPV line inside an aspiration window
//! around its previous score, the first root move with the full window and the others
//! with a null window first (principal-variation search).

use super::ordering::{self, History, OrderingContext};
use super::root::searched_score;
use super::score::{self, INFINITE};
use super::threads::{Reporter, RootMove, RootSearch, Worker};
use super::tt::TranspositionTable;
use super::{Bound, Evaluator, Report, Score};
use crate::game::Game;

/// Half-width of the first aspiration window, in centipawns.
const ASPIRATION_DELTA: i32 = 20;
/// Depth from which aspiration windows are used (earlier scores are too unstable).
const ASPIRATION_FROM_DEPTH: i32 = 4;
/// Fail-high and fail-low lines are reported only in searches longer than this.
const BOUND_REPORT_AFTER_MS: u64 = 1000;

impl<G: Game, E: Evaluator<G>> RootSearch<G, G::Move> for Worker<'_, '_, G, E> {
    /// The table's move, then captures and promotions by MVV-LVA, then the rest in
    /// generation order.
    fn first_root_moves(&mut self) -> Vec<RootMove<G::Move>> {
        let mut list = G::MoveList::default();
        self.pos.generate_moves(&mut list);
        let ctx = OrderingContext {
            tt_move: self.shared.tt.probe(self.pos.hash()).and_then(|e| e.mv),
            killers: [None, None],
            history: &History::default(),
            seat: self.pos.to_move(),
        };
        let mut scored = Vec::new();
        ordering::score_moves(&self.pos, self.shared.eval, &list, &ctx, &mut scored);
        let search_moves = &self.shared.limits.search_moves;
        let restricted = scored.iter().any(|m| search_moves.contains(&m.mv));
        scored.retain(|m| !restricted || search_moves.contains(&m.mv));
        scored.sort_by_key(|m| std::cmp::Reverse(m.key));
        scored.into_iter().map(|m| RootMove::new(m.mv)).collect()
    }

    fn search_line(&mut self, depth: i32, line: usize, report: &mut Reporter<'_, G::Move>) {
        self.aspiration_search(depth, line, report);
    }

    fn protocol_score(&self, rm: &RootMove<G::Move>) -> Score {
        score::to_protocol(searched_score(rm))
    }

    fn protocol_line(&self, rm: &RootMove<G::Move>) -> Vec<G::Move> {
        rm.line()
    }

    /// A proven mate is not going to change with more depth.
    fn result_settled(&self, depth: i32) -> bool {
        let best = self.root_moves[0].score;
        score::is_mate(best) && depth >= 2 * (score::MATE - best.abs())
    }

    fn ponder_move(&self, best: &RootMove<G::Move>) -> Option<G::Move> {
        best.pv
            .get(1)
            .copied()
            .or_else(|| ponder_from_table(&self.pos, best.mv, self.shared.tt))
    }
}

impl<G: Game, E: Evaluator<G>> Worker<'_, '_, G, E> {
    /// The search of one MultiPV line at `depth`: an aspiration window around the line's
    /// previous score, widened on the failing side until the score falls inside.
    fn aspiration_search(&mut self, depth: i32, line: usize, report: &mut Reporter<'_, G::Move>) {
        let previous = self.root_moves[line].previous_score;
        let mut delta = ASPIRATION_DELTA;
        let aspiration = depth >= ASPIRATION_FROM_DEPTH
            && !score::is_mate(previous)
            && !self.shared.options.plain;
        let (mut alpha, mut beta) = if aspiration {
            (
                (previous - delta).max(-INFINITE),
                (previous + delta).min(INFINITE),
            )
        } else {
            (-INFINITE, INFINITE)
        };
        loop {
            let score = self.search_root(depth, line, alpha, beta, report);
            if self.shared.aborted() {
                return;
            }
            let bound = if score <= alpha {
                beta = (alpha + beta) / 2;
                alpha = (score - delta).max(-INFINITE);
                Bound::Upper
            } else if score >= beta {
                beta = (score + delta).min(INFINITE);
                Bound::Lower
            } else {
                return;
            };
            delta += delta / 2 + 5;
            self.root_moves[line..].sort_by_key(|rm| std::cmp::Reverse(rm.score));
            if self.elapsed_ms() > BOUND_REPORT_AFTER_MS {
                if let Some(report) = report.as_deref_mut() {
                    let info = self.info(depth, line + 1, &self.root_moves[line], bound);
                    report(Report::Iteration(&info));
                }
            }
        }
    }

    /// Searches the root moves from index `line` on (earlier ones are better lines already
    /// reported) inside `(alpha, beta)`. The first move gets the full window, the others a
    /// null window first (principal-variation search) and a re-search when they beat alpha;
    /// the plain baseline gives every move the full window and extends no check.
    fn search_root(
        &mut self,
        depth: i32,
        line: usize,
        mut alpha: i32,
        beta: i32,
        report: &mut Reporter<'_, G::Move>,
    ) -> i32 {
        let seat = self.pos.to_move();
        let plain = self.shared.options.plain;
        let mut best = -INFINITE;
        for i in self.root_order(line) {
            let mv = self.root_moves[i].mv;
            self.announce(mv, i + 1, depth, report);
            self.pos.make_move(mv);
            self.path[1] = (self.pos.hash(), false);
            let gives_check = self.pos.in_check();
            let extends = gives_check || self.pos.gave_counted_check();
            let extension = i32::from(extends && !plain);
            let new_depth = depth - 1 + extension;
            let full_window_first = i == line || plain;
            let mut score = if full_window_first {
                -INFINITE
            } else {
                self.search_child(seat, new_depth, 0, alpha, alpha + 1, gives_check)
            };
            if full_window_first || (score > alpha && score < beta) {
                score = self.search_child(seat, new_depth, 0, alpha, beta, gives_check);
            }
            self.pos.unmake_move();
            if self.shared.aborted() {
                return best;
            }
            let rm = &mut self.root_moves[i];
            if i == line || score > alpha {
                rm.score = score;
                rm.seldepth = self.seldepth;
                rm.pv.clear();
                rm.pv.push(mv);
                rm.pv.extend_from_slice(&self.pv[1]);
                if i != line && line == 0 {
                    self.note_partial_best(i);
                }
            } else {
                rm.score = -INFINITE;
            }
            if score > best {
                best = score;
            }
            if score > alpha {
                alpha = score;
                if alpha >= beta {
                    break;
                }
            }
        }
        best
    }
}

/// A reply to ponder on when the principal variation is a single move: the table's best
/// move in the position after it, read back by the variant without generating the list.
fn ponder_from_table<G: Game>(root: &G, best: G::Move, tt: &TranspositionTable) -> Option<G::Move> {
    let mut pos = root.clone();
    pos.make_move(best);
    pos.table_move(tt.probe(pos.hash())?.mv?)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::tt::Entry;
    use crate::variants::hepta::Hepta;
    use crate::variants::hexian::HexianGame;
    use crate::variants::hexmate::{Hexmate, Ruleset};
    use crate::variants::panoply::Panoply;
    use crate::variants::sevenkingdoms::{Players, SevenKingdoms};

    /// `root` after `plies` moves, each the middle one of the list.
    fn played<G: Game>(mut pos: G, plies: usize) -> G {
        for _ in 0..plies {
            let mut moves = G::MoveList::default();
            pos.generate_moves(&mut moves);
            pos.make_move(moves[moves.len() / 2]);
        }
        pos
    }

    fn store(tt: &TranspositionTable, pos: &impl Game, packed: u32) {
        tt.store(
            pos.hash(),
            Entry {
                mv: Some(packed),
                score: 0,
                eval: 0,
                depth: 3,
                bound: Bound::Exact,
            },
        );
    }

    /// The ponder move after `best` is the table's move in the position it leads to,
    /// read back from the table; a stored move that is not legal there gives none.
    fn check_ponder_from_table<G: Game>(root: G) {
        let tt = TranspositionTable::new(1);
        let mut moves = G::MoveList::default();
        root.generate_moves(&mut moves);
        let best = moves[0];
        let mut child = root.clone();
        child.make_move(best);
        assert_eq!(ponder_from_table(&root, best, &tt), None, "an empty table");
        let mut replies = G::MoveList::default();
        child.generate_moves(&mut replies);
        for &reply in replies.iter() {
            store(&tt, &child, G::pack_move(reply));
            assert_eq!(ponder_from_table(&root, best, &tt), Some(reply));
        }
        // The root's moves, mostly the other side's: each reads back as the reply of the
        // same packing, and as none where there is no such reply.
        let mut unnamed = 0;
        for &mv in moves.iter() {
            let packed = G::pack_move(mv);
            store(&tt, &child, packed);
            let expected = replies.iter().copied().find(|&r| G::pack_move(r) == packed);
            assert_eq!(ponder_from_table(&root, best, &tt), expected, "{mv:?}");
            unnamed += usize::from(expected.is_none());
        }
        assert!(unnamed > 0);
    }

    #[test]
    fn the_ponder_move_comes_from_the_table_in_every_variant() {
        check_ponder_from_table(played(Hexmate::start(&Ruleset::Hexmate), 6));
        check_ponder_from_table(played(Panoply::start(&()), 6));
        check_ponder_from_table(played(Hepta::start(&()), 6));
        let two = Players::parse("wrob/gpd").unwrap();
        check_ponder_from_table(played(SevenKingdoms::start(&two), 6));
        check_ponder_from_table(played(HexianGame::start(&Default::default()), 6));
    }
}
