//! Iterative deepening at the root, for every algorithm: one search per depth, one per
//! MultiPV line, the lines reported after each depth; the last complete depth decides the
//! move. How a line is searched is the algorithm's ([`RootSearch::search_line`]).

use super::score::{self, MAX_PLY};
use super::skill::{self, Skill, SKILL_LINES};
use super::threads::{Reporter, RootMove, RootSearch, SearchKind, Worker};
use super::{Bound, Info, Report, Score, SearchResult};
use crate::game::Game;

/// Root moves are announced (`currmove`) after this long, at most once per this period.
const CURRMOVE_PERIOD_MS: u64 = 1000;

/// The last complete depth and its root moves, best first.
type Completed<L> = (i32, Vec<RootMove<L>>);

/// Depths a helper thread skips, so that helpers spread over two depths (Lazy SMP).
fn helper_skips(id: usize, depth: i32) -> bool {
    id > 0 && (depth + id as i32) % 2 == 0 && depth > 1
}

impl<G: Game, E, K: SearchKind> Worker<'_, '_, G, E, K>
where
    Self: RootSearch<G, K::Line<G>>,
{
    /// Iterative deepening until a limit; returns the move of the last complete depth.
    pub fn iterate(&mut self, mut report: Reporter<'_, G::Move>) -> SearchResult<G::Move> {
        let limits = self.shared.limits;
        let skill = self.skill();
        let max_depth = if self.is_main() {
            let asked = limits.depth.map_or(MAX_PLY as i32 - 1, |d| {
                d.clamp(1, MAX_PLY as u32 - 1) as i32
            });
            skill.map_or(asked, |s| asked.min(s.max_depth()))
        } else {
            MAX_PLY as i32 - 1
        };
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
        let (depth, best, reported) = match skill {
            Some(skill) => self.skill_choice(skill, completed, lines),
            None => self.choice(completed),
        };
        if let (Some(report), false) = (report, reported) {
            let info = self.info(self.root_depth.max(1), 1, &best, Bound::Exact);
            report(Report::Iteration(&info));
        }
        self.outcome(depth, &best)
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

    /// The move to play, the last complete depth, and whether the move's line was
    /// reported already: the best of the last complete depth, unless the aborted depth had
    /// already found a better one; the first root move if not even depth 1 finished.
    fn choice(
        &self,
        completed: Option<Completed<K::Line<G>>>,
    ) -> (i32, RootMove<K::Line<G>>, bool) {
        match (completed, &self.partial_best) {
            (Some((d, moves)), Some(partial)) if partial.score > moves[0].score => {
                (d, partial.clone(), false)
            }
            (Some((d, mut moves)), _) => (d, moves.swap_remove(0), true),
            (None, Some(partial)) => (0, partial.clone(), false),
            (None, None) => (0, self.root_moves[0].clone(), false),
        }
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
    ) -> (i32, RootMove<K::Line<G>>, bool) {
        let Some((depth, mut moves)) = completed else {
            return self.choice(None);
        };
        let scores: Vec<i32> = moves[..lines]
            .iter()
            .map(|rm| skill::centipawns(self.protocol_score(rm)))
            .collect();
        let index = skill.pick(&scores, self.pos.hash());
        (depth, moves.swap_remove(index), true)
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

/// A root move's score, 0 for one never searched to the end.
pub fn searched_score<L>(rm: &RootMove<L>) -> i32 {
    if rm.score == -score::INFINITE {
        0
    } else {
        rm.score
    }
}
