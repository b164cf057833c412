//! Iterative deepening at the root: one search per depth, each inside an aspiration
//! window around the previous score, one window per MultiPV line; the lines are reported
//! after each depth and the last complete depth decides the move.

use super::score::{self, INFINITE, MAX_PLY};
use super::threads::{RootMove, Worker};
use super::{Bound, Evaluator, Info, Report, Score, SearchResult};
use crate::game::Game;

/// Half-width of the first aspiration window, in centipawns.
const ASPIRATION_DELTA: i32 = 20;
/// Depth from which aspiration windows are used (earlier scores are too unstable).
const ASPIRATION_FROM_DEPTH: i32 = 4;
/// Fail-high and fail-low lines are reported only in searches longer than this.
const BOUND_REPORT_AFTER_MS: u64 = 1000;
/// Root moves are announced (`currmove`) after this long, at most once per this period.
const CURRMOVE_PERIOD_MS: u64 = 1000;

type Reporter<'r, M> = Option<&'r mut dyn FnMut(Report<'_, M>)>;

/// Depths a helper thread skips, so that helpers spread over two depths (Lazy SMP).
fn helper_skips(id: usize, depth: i32) -> bool {
    id > 0 && (depth + id as i32) % 2 == 0 && depth > 1
}

impl<G: Game, E: Evaluator<G>> Worker<'_, '_, G, E> {
    /// Iterative deepening until a limit; returns the move of the last complete depth.
    pub fn iterate(&mut self, mut report: Reporter<'_, G::Move>) -> SearchResult<G::Move> {
        let limits = self.shared.limits;
        let max_depth = if self.is_main() {
            limits.depth.map_or(MAX_PLY as i32 - 1, |d| {
                d.clamp(1, MAX_PLY as u32 - 1) as i32
            })
        } else {
            MAX_PLY as i32 - 1
        };
        // Helpers only feed the table: one line each is enough.
        let wanted = if self.is_main() {
            self.shared.options.multipv
        } else {
            1
        };
        let lines = wanted.min(self.root_moves.len());
        let mut completed: Option<(i32, Vec<RootMove<G::Move>>)> = None;
        for depth in 1..=max_depth {
            if helper_skips(self.id, depth) {
                continue;
            }
            self.root_depth = depth;
            for rm in &mut self.root_moves {
                rm.previous_score = rm.score;
            }
            for line in 0..lines {
                self.seldepth = 0;
                self.search_line(depth, line, &mut report);
                if self.shared.aborted() {
                    break;
                }
                self.root_moves[line..].sort_by_key(|rm| std::cmp::Reverse(rm.score));
            }
            if self.shared.aborted() {
                break;
            }
            self.root_moves[..lines].sort_by_key(|rm| std::cmp::Reverse(rm.score));
            completed = Some((depth, self.root_moves.clone()));
            self.partial_best = None;
            if let Some(report) = report.as_deref_mut() {
                for line in 0..lines {
                    let info = self.info(depth, line, Bound::Exact);
                    report(Report::Iteration(&info));
                }
            }
            if self.is_main() && self.iterations_should_end(depth) {
                break;
            }
        }
        let (depth, best, reported) = self.choice(completed);
        if let (Some(report), false) = (report, reported) {
            report(Report::Iteration(&self.final_info(&best)));
        }
        self.outcome(depth, &best)
    }

    /// Whether the main thread should start no further iteration.
    fn iterations_should_end(&mut self, depth: i32) -> bool {
        self.poll();
        if self.shared.aborted() {
            return true;
        }
        let best = self.root_moves[0].score;
        if let Some(mate) = self.shared.limits.mate {
            if let Score::Mate(n) = score::to_protocol(best) {
                if n > 0 && n as u32 <= mate {
                    return true;
                }
            }
        }
        if !self.time_applies() {
            return false;
        }
        let forced = self.root_moves.len() == 1 && self.budget.is_timed();
        // A proven mate is not going to change with more depth.
        let mate_settled = score::is_mate(best) && depth >= 2 * (score::MATE - best.abs());
        forced || mate_settled || self.budget.soft_limit_reached()
    }

    /// The search of one MultiPV line at `depth`: an aspiration window around the line's
    /// previous score, widened on the failing side until the score falls inside.
    fn search_line(&mut self, depth: i32, line: usize, report: &mut Reporter<'_, G::Move>) {
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
                    let info = self.info(depth, line, bound);
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
        for i in line..self.root_moves.len() {
            let mv = self.root_moves[i].mv;
            self.announce(mv, i + 1, depth, report);
            self.pos.make_move(mv);
            self.path[1] = (self.pos.hash(), false);
            let gives_check = self.pos.in_check();
            let extension = i32::from(gives_check && !plain);
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
                    self.partial_best = Some(rm.clone());
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

    /// Main thread: `currmove` once per period, after the first period.
    fn announce(
        &mut self,
        mv: G::Move,
        number: usize,
        depth: i32,
        report: &mut Reporter<'_, G::Move>,
    ) {
        let Some(report) = report.as_deref_mut() else {
            return;
        };
        let now = self.elapsed_ms();
        if now >= CURRMOVE_PERIOD_MS && now >= self.last_currmove_ms + CURRMOVE_PERIOD_MS {
            self.last_currmove_ms = now;
            report(Report::CurrMove {
                mv,
                number,
                depth: depth as u32,
            });
        }
    }

    fn info(&self, depth: i32, line: usize, bound: Bound) -> Info<G::Move> {
        let rm = &self.root_moves[line];
        let time_ms = self.elapsed_ms();
        let nodes = self.shared.total_nodes(self.id, self.nodes);
        Info {
            depth: depth as u32,
            seldepth: rm.seldepth.max(depth as usize) as u32,
            multipv: line + 1,
            score: score::to_protocol(rm.score),
            bound,
            nodes,
            nps: nodes * 1000 / time_ms.max(1),
            hashfull: self.shared.tt.hashfull(),
            time_ms,
            pv: rm.line(),
            seat_scores: Vec::new(),
        }
    }

    /// The move to play, the last complete depth, and whether the move's line was
    /// reported already: the best of the last complete depth, unless the aborted depth had already
    /// found a better one; the first root move if not even depth 1 finished.
    fn choice(
        &self,
        completed: Option<(i32, Vec<RootMove<G::Move>>)>,
    ) -> (i32, RootMove<G::Move>, bool) {
        match (completed, &self.partial_best) {
            (Some((d, moves)), Some(partial)) if partial.score > moves[0].score => {
                (d, partial.clone(), false)
            }
            (Some((d, mut moves)), _) => (d, moves.swap_remove(0), true),
            (None, Some(partial)) => (0, partial.clone(), false),
            (None, None) => (0, self.root_moves[0].clone(), false),
        }
    }

    /// The line of the move played when it does not come from a reported complete depth
    /// (the protocol always shows the line and score behind `bestmove`), at the depth of
    /// the iteration that found it.
    fn final_info(&self, best: &RootMove<G::Move>) -> Info<G::Move> {
        let depth = self.root_depth.max(1);
        let time_ms = self.elapsed_ms();
        let nodes = self.shared.total_nodes(self.id, self.nodes);
        Info {
            depth: depth as u32,
            seldepth: best.seldepth.max(depth as usize) as u32,
            multipv: 1,
            score: score::to_protocol(searched_score(best)),
            bound: Bound::Exact,
            nodes,
            nps: nodes * 1000 / time_ms.max(1),
            hashfull: self.shared.tt.hashfull(),
            time_ms,
            pv: best.line(),
            seat_scores: Vec::new(),
        }
    }

    fn outcome(&self, depth: i32, best: &RootMove<G::Move>) -> SearchResult<G::Move> {
        SearchResult {
            best: Some(best.mv),
            ponder: best.pv.get(1).copied(),
            score: score::to_protocol(searched_score(best)),
            nodes: self.nodes,
            depth: depth as u32,
        }
    }
}

/// A root move's score, 0 for one never searched to the end.
fn searched_score<M>(rm: &RootMove<M>) -> i32 {
    if rm.score == -INFINITE {
        0
    } else {
        rm.score
    }
}
