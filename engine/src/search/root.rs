//! Iterative deepening at the root, for every algorithm: one search per depth, one per
//! MultiPV line, the lines reported after each depth; the last complete depth decides the
//! move. How a line is searched is the algorithm's ([`RootSearch::search_line`]).

use super::score::{self, MAX_PLY};
use super::skill::{self, Skill, SKILL_LINES};
use super::threads::{lock, Finding, Reporter, RootMove, RootSearch, SearchKind, Worker};
use super::{Bound, Evaluator, Info, Report, Score, SearchResult};
use crate::game::Game;

/// Root moves are announced (`currmove`) after this long, at most once per this period.
const CURRMOVE_PERIOD_MS: u64 = 1000;

/// The last complete depth and its root moves, best first.
type Completed<L> = (i32, Vec<RootMove<L>>);

/// The move to play: the last complete depth, the move, and the depth of the `info` line
/// still to print for it (`None` if its iteration's line was printed).
type Choice<L> = (i32, RootMove<L>, Option<i32>);

impl<G: Game, E: Evaluator<G>, K: SearchKind> Worker<'_, '_, G, E, K>
where
    Self: RootSearch<G, K::Line<G>>,
{
    /// Iterative deepening until a limit; returns the move of the last complete depth.
    pub fn iterate(&mut self, mut report: Reporter<'_, G::Move>) -> SearchResult<G::Move> {
        let limits = self.shared.limits;
        let skill = self.skill();
        // No thread searches deeper than `go depth` asks: a helper's deeper iteration
        // would otherwise be chosen and reported beyond the limit.
        let asked = limits.depth.map_or(MAX_PLY as i32 - 1, |d| {
            d.clamp(1, MAX_PLY as u32 - 1) as i32
        });
        let max_depth = skill.map_or(asked, |s| asked.min(s.max_depth()));
        // Helpers only feed the table: one line each is enough. A weakened search
        // compares several lines to choose among.
        let wanted = if self.is_main() {
            let asked = self.shared.options.multipv;
            skill.map_or(asked, |_| asked.max(SKILL_LINES))
        } else {
            1
        };
        let lines = wanted.min(self.root_moves.len());
        let mut completed: Option<Completed<K::Line<G>>> = None;
        for depth in 1..=max_depth {
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
            self.publish_completed(depth);
            if let Some(report) = report.as_deref_mut() {
                for line in 0..lines {
                    let info = self.info(depth, line + 1, &self.root_moves[line], Bound::Exact);
                    report(Report::Iteration(&info));
                }
            }
            if self.is_main()
                && (self.iterations_should_end(depth)
                    || skill.is_some_and(|s| self.nodes >= s.node_budget()))
            {
                break;
            }
        }
        let (depth, best, unreported) = match skill {
            Some(skill) => self.skill_choice(skill, completed, lines),
            None => self.choice(completed),
        };
        if let (Some(report), Some(info_depth)) = (report, unreported) {
            let info = self.info(info_depth, 1, &best, Bound::Exact);
            report(Report::Iteration(&info));
        }
        self.outcome(depth, &best)
    }

    /// Root move `index` beat the first move of the current iteration (and so has an
    /// exact score of this depth): it is played if the iteration is cut short (`choice`).
    pub fn note_partial_best(&mut self, index: usize) {
        self.partial_best = Some(self.root_moves[index].clone());
        if !self.is_main() {
            lock(&self.shared.findings[self.id]).partial =
                Some((self.root_depth, self.root_moves[index].clone()));
        }
    }

    /// A helper completed `depth`: it tells the main thread its best move.
    fn publish_completed(&self, depth: i32) {
        if !self.is_main() {
            let mut finding = lock(&self.shared.findings[self.id]);
            finding.completed = Some((depth, self.root_moves[0].clone()));
            finding.partial = None;
        }
    }

    /// The order in which this thread searches the root moves from index `line` on at
    /// one depth: that move first (the best so far, which sets the window), then the
    /// others, each thread starting at its own share of them. So the threads search
    /// different moves at the same depth and find each other's results in the table
    /// (Lazy SMP: a helper that searched the same moves in the same order would only
    /// repeat the main thread's work). The main thread keeps the order, so one thread
    /// searches as it always did.
    pub fn root_order(&self, line: usize) -> impl Iterator<Item = usize> {
        spread(
            line,
            self.root_moves.len(),
            self.id,
            self.shared.nodes.len(),
        )
    }

    /// Whether the main thread should start no further iteration.
    fn iterations_should_end(&mut self, depth: i32) -> bool {
        self.poll();
        if self.shared.aborted() {
            return true;
        }
        if let (Some(mate), Score::Mate(n)) = (
            self.shared.limits.mate,
            self.protocol_score(&self.root_moves[0]),
        ) {
            if n > 0 && n as u32 <= mate {
                return true;
            }
        }
        if !self.time_applies() {
            return false;
        }
        let forced = self.root_moves.len() == 1 && self.budget.is_timed();
        forced || self.result_settled(depth) || self.budget.soft_limit_reached()
    }

    /// Main thread: `currmove` once per period, after the first period.
    pub fn announce(
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

    /// The `info` of root move `rm` as line `multipv` (1-based) at `depth`.
    pub fn info(
        &self,
        depth: i32,
        multipv: usize,
        rm: &RootMove<K::Line<G>>,
        bound: Bound,
    ) -> Info<G::Move> {
        let time_ms = self.elapsed_ms();
        let nodes = self.shared.total_nodes(self.id, self.nodes);
        Info {
            depth: depth as u32,
            seldepth: rm.seldepth.max(depth as usize) as u32,
            multipv,
            score: self.protocol_score(rm),
            bound,
            nodes,
            nps: nodes * 1000 / time_ms.max(1),
            hashfull: self.shared.tt.hashfull(),
            time_ms,
            pv: self.protocol_line(rm),
            seat_scores: rm.seats.to_vec(),
        }
    }

    /// The move to play: see [`decide`]; the first root move if no thread finished even
    /// depth 1 nor found a move better than the first of depth 1.
    fn choice(&self, completed: Option<Completed<K::Line<G>>>) -> Choice<K::Line<G>> {
        let own = Finding {
            completed: completed.map(|(d, mut moves)| (d, moves.swap_remove(0))),
            partial: self.partial_best.clone().map(|rm| (self.root_depth, rm)),
        };
        let helpers = self.shared.findings[1..].iter().map(|f| lock(f).clone());
        let findings: Vec<_> = std::iter::once(own).chain(helpers).collect();
        decide(&findings)
            .unwrap_or_else(|| (0, self.root_moves[0].clone(), Some(self.root_depth.max(1))))
    }

    /// The weakened search's level, for the main thread (helpers search at full
    /// strength: they only feed the table).
    fn skill(&self) -> Option<Skill> {
        Skill::new(self.shared.options.skill_hundredths).filter(|_| self.is_main())
    }

    /// The move a weakened search plays: one of the best `lines` of the last complete
    /// depth chosen by `skill` (seeded by the root position) by their scores as the
    /// protocol prints them (centipawns in every algorithm, where max-n's own values are
    /// shares), or the full-strength choice if not even depth 1 finished.
    fn skill_choice(
        &self,
        skill: Skill,
        completed: Option<Completed<K::Line<G>>>,
        lines: usize,
    ) -> Choice<K::Line<G>> {
        let Some((depth, mut moves)) = completed else {
            return self.choice(None);
        };
        let scores: Vec<i32> = moves[..lines]
            .iter()
            .map(|rm| skill::centipawns(self.protocol_score(rm)))
            .collect();
        let index = skill.pick(&scores, self.shared.eval.pawn(), self.pos.hash());
        (depth, moves.swap_remove(index), None)
    }

    fn outcome(&self, depth: i32, best: &RootMove<K::Line<G>>) -> SearchResult<G::Move> {
        let mv = self.protocol_line(best)[0];
        SearchResult {
            best: Some(mv),
            ponder: self.is_main().then(|| self.ponder_move(best)).flatten(),
            score: self.protocol_score(best),
            nodes: self.nodes,
            depth: depth as u32,
        }
    }
}

/// The indices from `line` to `len` as thread `id` of `threads` searches them: `line`
/// first, then the others from its own share on, round to the start.
fn spread(line: usize, len: usize, id: usize, threads: usize) -> impl Iterator<Item = usize> {
    let rest = len.saturating_sub(line + 1);
    let offset = rest * id / threads.max(1);
    std::iter::once(line).chain((0..rest).map(move |k| line + 1 + (k + offset) % rest))
}

/// Chooses the move to play among the threads' findings (the main thread's first): the
/// best move of the deepest iteration any thread completed (the earliest thread's at equal
/// depth), unless a move of the next iteration, cut short, beat that iteration's first
/// move (so its score is exact at that depth) and scores higher; the best such move of
/// any thread. Returns the depth completed, the move, and the depth of its `info` line
/// unless the main thread printed it already (its own completed iteration); `None` if no
/// thread found anything.
fn decide<L: Clone>(findings: &[Finding<L>]) -> Option<Choice<L>> {
    let mut deepest: Option<(usize, &(i32, RootMove<L>))> = None;
    for (thread, finding) in findings.iter().enumerate() {
        if let Some(completed) = &finding.completed {
            if deepest.is_none_or(|(_, (depth, _))| completed.0 > *depth) {
                deepest = Some((thread, completed));
            }
        }
    }
    let done = deepest.map_or(0, |(_, (depth, _))| *depth);
    let partial = findings
        .iter()
        .filter_map(|f| f.partial.as_ref())
        .filter(|(depth, _)| *depth == done + 1)
        .reduce(|best, other| {
            if other.1.score > best.1.score {
                other
            } else {
                best
            }
        });
    match (deepest, partial) {
        (Some((_, (depth, best))), Some((next, partial))) if partial.score > best.score => {
            Some((*depth, partial.clone(), Some(*next)))
        }
        (Some((thread, (depth, best))), _) => {
            Some((*depth, best.clone(), (thread > 0).then_some(*depth)))
        }
        (None, Some((next, partial))) => Some((0, partial.clone(), Some(*next))),
        (None, None) => None,
    }
}

/// A root move's score, 0 for one never searched to the end.
pub fn searched_score<L>(rm: &RootMove<L>) -> i32 {
    if rm.score == -score::INFINITE {
        0
    } else {
        rm.score
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn searched(mv: u8, score: i32) -> RootMove<u8> {
        RootMove {
            score,
            ..RootMove::new(mv)
        }
    }

    fn finding(completed: Option<(i32, u8, i32)>, partial: Option<(i32, u8, i32)>) -> Finding<u8> {
        let root_move = |(depth, mv, score)| (depth, searched(mv, score));
        Finding {
            completed: completed.map(root_move),
            partial: partial.map(root_move),
        }
    }

    /// (depth completed, move, depth of the `info` line still to print).
    fn decided(findings: &[Finding<u8>]) -> Option<(i32, u8, Option<i32>)> {
        decide(findings).map(|(depth, rm, info)| (depth, rm.mv, info))
    }

    #[test]
    fn helpers_start_on_other_root_moves_and_cover_them_all() {
        let order = |line, id, threads| spread(line, 7, id, threads).collect::<Vec<_>>();
        assert_eq!(order(0, 0, 1), [0, 1, 2, 3, 4, 5, 6]);
        assert_eq!(order(0, 0, 2), [0, 1, 2, 3, 4, 5, 6]);
        assert_eq!(order(0, 1, 2), [0, 4, 5, 6, 1, 2, 3]);
        assert_eq!(order(0, 2, 3), [0, 5, 6, 1, 2, 3, 4]);
        assert_eq!(order(2, 1, 2), [2, 5, 6, 3, 4]);
        assert_eq!(order(6, 1, 2), [6]);
    }

    #[test]
    fn one_thread_plays_the_cut_short_iterations_move_only_when_it_scores_higher() {
        let better = finding(Some((2, 1, 10)), Some((3, 2, 20)));
        assert_eq!(decided(&[better]), Some((2, 2, Some(3))));
        let worse = finding(Some((2, 1, 10)), Some((3, 2, 5)));
        assert_eq!(decided(&[worse]), Some((2, 1, None)));
        let no_depth = finding(None, Some((1, 2, -30)));
        assert_eq!(decided(&[no_depth]), Some((0, 2, Some(1))));
        assert_eq!(decided(&[finding(None, None)]), None);
    }

    #[test]
    fn a_helpers_deeper_iteration_decides() {
        let main = finding(Some((2, 1, 10)), None);
        let helper = finding(Some((3, 2, -5)), None);
        assert_eq!(decided(&[main.clone(), helper]), Some((3, 2, Some(3))));
        let level = finding(Some((2, 3, 50)), None);
        assert_eq!(decided(&[main, level]), Some((2, 1, None)));
    }

    #[test]
    fn the_best_move_any_thread_found_in_the_cut_short_iteration_is_played() {
        let main = finding(Some((2, 1, 10)), Some((3, 2, 20)));
        let helper = finding(Some((2, 1, 10)), Some((3, 4, 40)));
        assert_eq!(decided(&[main.clone(), helper]), Some((2, 4, Some(3))));
        let shallow = finding(Some((1, 1, 10)), Some((2, 5, 90)));
        assert_eq!(decided(&[main, shallow]), Some((2, 2, Some(3))));
    }
}
