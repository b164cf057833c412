//! What the three multi-player searches share: the searching position and its limits,
//! iterative deepening with the reports, the moves of a node with their order keys, and
//! playing a move (out of turn and handing the turn back, for best-reply search).

use super::values;
use super::{Algorithm, Heuristics, SeatEvaluator, SeatScores};
use crate::game::{Game, Points, Seat, Status, MAX_SEATS};
use crate::search::ordering::{
    history_bonus, ScoredMove, FIRST_KILLER, SECOND_KILLER, TACTICAL, TT_MOVE,
};
use crate::search::score::{self, MAX_PLY};
use crate::search::time::TimeBudget;
use crate::search::tt::TranspositionTable;
use crate::search::{Bound, Control, Info, Limits, Report, Score, SearchResult};
use arrayvec::ArrayVec;
use std::sync::atomic::Ordering;
use std::time::{Duration, Instant};

/// How many nodes pass between two looks at the clock and the stop flag.
const POLL_INTERVAL: u64 = 1024;
/// Root moves are announced (`currmove`) after this long, at most once per this period.
const CURRMOVE_PERIOD_MS: u64 = 1000;

/// A move as the multi-player searches play it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Reply<M> {
    pub mv: M,
    /// The seat that plays it.
    pub seat: Seat,
    /// Whether the turn is handed to `seat` first, out of the rules' order (best-reply
    /// search's coalition moves).
    pub out_of_turn: bool,
    pub tactical: bool,
    /// In lines: whether the turn was handed back to the root player after it.
    pub hands_back: bool,
    /// What it gains its mover ([`SeatEvaluator::gain`]; 0 for a quiet move).
    pub gain: i32,
    /// Whether it most likely loses material ([`SeatEvaluator::is_losing_capture`]).
    pub losing: bool,
}

impl<M: Copy> Reply<M> {
    /// The reply as the table stores it (see [`table_code`]).
    pub fn packed<G: Game<Move = M>>(&self) -> u32 {
        table_code(G::pack_move(self.mv), self.seat)
    }
}

/// A move of `seat` packed by `Game::pack_move` as `packed`, as the table stores it: mixed
/// with the seat's number, so that among a best-reply MIN node's moves, which are several
/// seats' (`brs.rs`), it names one move of one seat.
fn table_code(packed: u32, seat: Seat) -> u32 {
    packed ^ (seat as u32).wrapping_mul(0x9E37_79B9)
}

/// A root move with what the iterations found out about it.
#[derive(Clone, Debug)]
pub struct RootMove<M> {
    pub reply: Reply<M>,
    /// The order key of the last iteration: the root seat's value (paranoid, best reply;
    /// `-INFINITE` for a move that failed low) or its share (max-n).
    pub score: i32,
    pub pv: Vec<Reply<M>>,
    /// Every seat's score at the end of `pv`.
    pub seats: SeatScores,
}

/// What a search reads and never changes.
pub struct Context<'a, G: Game, E> {
    pub algorithm: Algorithm,
    pub eval: &'a E,
    pub tt: &'a TranspositionTable,
    pub limits: &'a Limits<G::Move>,
    pub control: &'a Control,
    pub move_overhead_ms: u64,
}

/// One multi-player search.
pub struct Worker<'a, G: Game, E> {
    pub ctx: Context<'a, G, E>,
    pub pos: G,
    /// The seat to move at the root, whose value paranoid and best-reply search maximise.
    pub root_seat: Seat,
    /// Mixed into table keys: values depend on the algorithm and the root seat.
    salt: u64,
    pub heuristics: &'a mut Heuristics<G::Move>,
    pub nodes: u64,
    pub seldepth: usize,
    /// The depth of the current iteration.
    current_depth: i32,
    /// Turns handed over out of the rules' order on the path from the root (`play`).
    hand_overs: usize,
    aborted: bool,
    start: Instant,
    budget: TimeBudget,
    pondering: bool,
    last_currmove_ms: u64,
    /// Triangular principal-variation table: `pv[ply]` is the best line from `ply`, and
    /// `pv_seats[ply]` every seat's score where it ends.
    pub pv: Vec<Vec<Reply<G::Move>>>,
    pub pv_seats: Vec<SeatScores>,
    /// Move lists and the quiet moves tried, per ply, reused to avoid allocation.
    pub move_pool: Vec<Vec<ScoredMove<Reply<G::Move>>>>,
    pub quiet_pool: Vec<Vec<Reply<G::Move>>>,
    pub root_moves: Vec<RootMove<G::Move>>,
    /// A root move that beat the first one in an iteration that was then aborted.
    pub partial_best: Option<RootMove<G::Move>>,
}

/// Splitmix64: spreads a small number over all 64 bits.
fn mix(mut x: u64) -> u64 {
    x = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
    x = (x ^ (x >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    x ^ (x >> 31)
}

impl<'a, G: Game, E: SeatEvaluator<G>> Worker<'a, G, E> {
    pub fn new(root: &G, ctx: Context<'a, G, E>, heuristics: &'a mut Heuristics<G::Move>) -> Self {
        let root_seat = root.to_move();
        let salt = mix(((ctx.algorithm as u64) << 8) | root_seat as u64);
        let start = Instant::now();
        let budget = TimeBudget::new(ctx.limits, ctx.move_overhead_ms, start);
        let pondering = ctx.limits.ponder;
        let mut worker = Worker {
            ctx,
            pos: root.clone(),
            root_seat,
            salt,
            heuristics,
            nodes: 0,
            seldepth: 0,
            current_depth: 0,
            hand_overs: 0,
            aborted: false,
            start,
            budget,
            pondering,
            last_currmove_ms: 0,
            pv: vec![Vec::new(); MAX_PLY + 2],
            pv_seats: vec![SeatScores::new(); MAX_PLY + 2],
            move_pool: vec![Vec::new(); MAX_PLY + 2],
            quiet_pool: vec![Vec::new(); MAX_PLY + 2],
            root_moves: Vec::new(),
            partial_best: None,
        };
        worker.root_moves = worker.legal_root_moves();
        worker
    }

    /// The root's legal moves, restricted to `search_moves` when it names any of them.
    fn legal_root_moves(&mut self) -> Vec<RootMove<G::Move>> {
        let mut moves = Vec::new();
        self.append_replies(false, 0, None, false, &mut moves);
        let wanted = &self.ctx.limits.search_moves;
        if moves.iter().any(|m| wanted.contains(&m.mv.mv)) {
            moves.retain(|m| wanted.contains(&m.mv.mv));
        }
        moves.sort_by_key(|m| std::cmp::Reverse(m.key));
        moves
            .into_iter()
            .map(|m| RootMove {
                reply: m.mv,
                score: -score::INFINITE,
                pv: vec![m.mv],
                seats: SeatScores::new(),
            })
            .collect()
    }

    /// Iterative deepening until a limit; returns the move of the last complete depth.
    /// In `infinite` and ponder mode it does not return before `stop` (or `ponderhit`).
    pub fn run(&mut self, report: &mut dyn FnMut(Report<'_, G::Move>)) -> SearchResult<G::Move> {
        self.ctx.tt.new_search();
        if self.root_moves.is_empty() {
            self.wait_for_stop();
            return self.no_move_outcome();
        }
        let max_depth = self.ctx.limits.depth.map_or(MAX_PLY as i32 - 1, |d| {
            d.clamp(1, MAX_PLY as u32 - 1) as i32
        });
        let mut completed = None;
        for depth in 1..=max_depth {
            self.current_depth = depth;
            self.seldepth = 0;
            match self.ctx.algorithm {
                Algorithm::MaxN => self.maxn_root(depth, report),
                Algorithm::BestReply | Algorithm::Paranoid => self.alphabeta_root(depth, report),
            }
            if self.aborted {
                break;
            }
            self.root_moves
                .sort_by_key(|rm| std::cmp::Reverse(rm.score));
            completed = Some((depth, self.root_moves[0].clone()));
            self.partial_best = None;
            report(Report::Iteration(
                &self.line_info(depth, &self.root_moves[0]),
            ));
            if self.iterations_should_end() {
                break;
            }
        }
        self.wait_for_stop();
        let (depth, best, reported) = self.choice(completed);
        if !reported {
            report(Report::Iteration(
                &self.line_info(self.current_depth.max(1), &best),
            ));
        }
        self.outcome(depth, &best)
    }

    /// The outcome at a root without legal moves (the game is over).
    fn no_move_outcome(&self) -> SearchResult<G::Move> {
        let score = match self.pos.status() {
            Status::Over(outcome) => {
                let value = values::terminal_scores(&outcome.points, 0)[self.root_seat];
                values::to_protocol(value, 0)
            }
            Status::Ongoing => Score::Cp(0),
        };
        SearchResult {
            best: None,
            ponder: None,
            score,
            nodes: 0,
            depth: 0,
        }
    }

    /// The root seat's value of a root move: the searched value, or in max-n the root
    /// seat's score at the end of the line.
    fn root_value(&self, rm: &RootMove<G::Move>) -> i32 {
        match self.ctx.algorithm {
            Algorithm::MaxN => rm.seats.get(self.root_seat).copied().unwrap_or(0),
            Algorithm::BestReply | Algorithm::Paranoid if rm.score == -score::INFINITE => 0,
            Algorithm::BestReply | Algorithm::Paranoid => rm.score,
        }
    }

    /// The root value as the protocol prints it.
    fn protocol_score(&self, rm: &RootMove<G::Move>) -> Score {
        let root_moves = rm.pv.iter().filter(|r| r.seat == self.root_seat).count();
        values::to_protocol(self.root_value(rm), root_moves)
    }

    /// The part of a line that follows the rules' turn order: up to the first move
    /// played out of turn or followed by a hand-back (best-reply search's lines are not
    /// games).
    fn playable(line: &[Reply<G::Move>]) -> Vec<G::Move> {
        let mut moves = Vec::new();
        for reply in line.iter().take_while(|r| !r.out_of_turn) {
            moves.push(reply.mv);
            if reply.hands_back {
                break;
            }
        }
        moves
    }

    /// The line of `best` at `depth`, as the protocol reports it.
    fn line_info(&self, depth: i32, best: &RootMove<G::Move>) -> Info<G::Move> {
        let time_ms = self.elapsed_ms();
        Info {
            depth: depth as u32,
            seldepth: self.seldepth.max(depth as usize) as u32,
            multipv: 1,
            score: self.protocol_score(best),
            bound: Bound::Exact,
            nodes: self.nodes,
            nps: self.nodes * 1000 / time_ms.max(1),
            hashfull: self.ctx.tt.hashfull(),
            time_ms,
            pv: Self::playable(&best.pv),
            seat_scores: best.seats.to_vec(),
        }
    }

    /// Whether no further iteration should start: a limit, a `mate` goal reached, or
    /// with time limits a single legal move, a win on this move, or the soft limit.
    fn iterations_should_end(&mut self) -> bool {
        self.poll();
        if self.aborted {
            return true;
        }
        let best = &self.root_moves[0];
        if let (Some(goal), Score::Mate(n)) = (self.ctx.limits.mate, self.protocol_score(best)) {
            if n > 0 && n as u32 <= goal {
                return true;
            }
        }
        if !self.time_applies() {
            return false;
        }
        let forced = self.root_moves.len() == 1 && self.budget.is_timed();
        let wins_now = self.root_value(best) >= score::mate_in(1);
        forced || wins_now || self.budget.soft_limit_reached()
    }

    /// The move to play, the last complete depth, and whether the move's line was
    /// reported already: the move of the last complete depth, unless the aborted depth
    /// had already found a better one; the first root move if not even depth 1 finished.
    fn choice(
        &self,
        completed: Option<(i32, RootMove<G::Move>)>,
    ) -> (i32, RootMove<G::Move>, bool) {
        match (completed, &self.partial_best) {
            (Some((d, done)), Some(partial)) if partial.score > done.score => {
                (d, partial.clone(), false)
            }
            (Some((d, done)), _) => (d, done, true),
            (None, Some(partial)) => (0, partial.clone(), false),
            (None, None) => (0, self.root_moves[0].clone(), false),
        }
    }

    fn outcome(&self, depth: i32, best: &RootMove<G::Move>) -> SearchResult<G::Move> {
        let line = Self::playable(&best.pv);
        SearchResult {
            best: Some(best.reply.mv),
            ponder: line.get(1).copied(),
            score: self.protocol_score(best),
            nodes: self.nodes,
            depth: depth as u32,
        }
    }

    // ---- Limits --------------------------------------------------------------------

    /// Counts a node and tells whether the search must unwind: the node limit is checked
    /// at every node, the clock and `stop` every `POLL_INTERVAL` nodes. Nodes visited
    /// while unwinding are not counted, so `nodes N` is exact.
    #[inline]
    pub fn visit_node(&mut self) -> bool {
        if self.aborted {
            return true;
        }
        self.nodes += 1;
        if self.nodes.is_multiple_of(POLL_INTERVAL) {
            self.poll();
        }
        if self
            .ctx
            .limits
            .nodes
            .is_some_and(|limit| self.nodes >= limit)
        {
            self.aborted = true;
        }
        self.aborted
    }

    pub fn aborted(&self) -> bool {
        self.aborted
    }

    /// Reacts to `stop`, `ponderhit` and the hard time limit.
    fn poll(&mut self) {
        let control = self.ctx.control;
        if control.stop.load(Ordering::Relaxed) {
            self.aborted = true;
        }
        if self.pondering && control.ponderhit.load(Ordering::Relaxed) {
            self.pondering = false;
            self.budget =
                TimeBudget::new(self.ctx.limits, self.ctx.move_overhead_ms, Instant::now());
        }
        if self.time_applies() && self.budget.hard_limit_reached() {
            self.aborted = true;
        }
    }

    /// Whether time limits are in force: not in `infinite` mode, not before `ponderhit`.
    fn time_applies(&self) -> bool {
        !self.ctx.limits.infinite && !self.pondering
    }

    /// `infinite` and ponder mode must not return before `stop` (or `ponderhit`).
    fn wait_for_stop(&mut self) {
        let control = self.ctx.control;
        while (self.ctx.limits.infinite || self.pondering) && !control.stop.load(Ordering::Relaxed)
        {
            if self.pondering && control.ponderhit.load(Ordering::Relaxed) {
                break;
            }
            std::thread::sleep(Duration::from_millis(1));
        }
    }

    fn elapsed_ms(&self) -> u64 {
        self.start.elapsed().as_millis() as u64
    }

    /// `currmove` once per period, after the first period.
    pub fn announce(
        &mut self,
        mv: G::Move,
        number: usize,
        depth: i32,
        report: &mut dyn FnMut(Report<'_, G::Move>),
    ) {
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

    // ---- Positions -----------------------------------------------------------------

    /// The table key of the current position for this search.
    pub fn key(&self) -> u64 {
        self.pos.hash() ^ self.salt
    }

    /// Whether the root seat is to move (a maximising node of the coalition searches).
    pub fn root_to_move(&self) -> bool {
        self.pos.to_move() == self.root_seat
    }

    /// The points of a finished game. Below the root a position that occurred before in
    /// the game or on the search path also counts as drawn (hexian.md R114; the rule and
    /// the reason are those of the two-player search's `is_repetition`), unless a
    /// hand-over of best-reply search lies on the path: such a path is no game.
    pub fn finished(&self) -> Option<ArrayVec<Points, MAX_SEATS>> {
        match self.pos.status() {
            Status::Over(outcome) => Some(outcome.points),
            Status::Ongoing if self.repeats() => Some(self.pos.draw_points()),
            Status::Ongoing => None,
        }
    }

    fn repeats(&self) -> bool {
        match self.pos.repetitions() {
            0 => false,
            1 => self.hand_overs == 0,
            _ => true,
        }
    }

    /// Every seat's static score, kept inside the evaluation range.
    pub fn evaluate(&self) -> SeatScores {
        let mut seats = self.ctx.eval.evaluate_seats(&self.pos);
        for s in &mut seats {
            *s = (*s).clamp(-score::EVAL_LIMIT, score::EVAL_LIMIT);
        }
        seats
    }

    /// Plays a move; for best-reply search a coalition move is played out of turn if need
    /// be and followed by handing the turn back (`brs.rs`). Returns whether it was.
    pub fn play(&mut self, reply: Reply<G::Move>) -> bool {
        if reply.out_of_turn {
            let passed = self.pos.pass_turn_to(reply.seat);
            debug_assert!(
                passed,
                "a reply out of turn was generated after a hand-over"
            );
        }
        self.pos.make_move(reply.mv);
        let handed_back = self.hand_back_after(reply);
        self.hand_overs += usize::from(reply.out_of_turn) + usize::from(handed_back);
        handed_back
    }

    /// Takes back `play`.
    pub fn unplay(&mut self, reply: Reply<G::Move>, handed_back: bool) {
        self.hand_overs -= usize::from(reply.out_of_turn) + usize::from(handed_back);
        if handed_back {
            self.pos.unmake_null_move();
        }
        self.pos.unmake_move();
        if reply.out_of_turn {
            self.pos.unmake_null_move();
        }
    }

    // ---- Moves and their order -----------------------------------------------------

    /// Fills `out` with the moves of the node at `ply` (only the tactical ones if
    /// `tactical_only`) and their order keys: at a coalition node of best-reply search
    /// every opponent's moves (`brs.rs`), otherwise the side to move's.
    pub fn generate_replies(
        &mut self,
        ply: usize,
        tt_move: Option<u32>,
        tactical_only: bool,
        out: &mut Vec<ScoredMove<Reply<G::Move>>>,
    ) {
        out.clear();
        if self.ctx.algorithm == Algorithm::BestReply && !self.root_to_move() {
            self.opponent_replies(ply, tt_move, tactical_only, out);
        } else {
            self.append_replies(false, ply, tt_move, tactical_only, out);
        }
    }

    /// Appends the side to move's moves with their order keys; `tt_move` is the table's
    /// reply (`Reply::packed`). `out_of_turn` marks them as played after a hand-over.
    pub fn append_replies(
        &self,
        out_of_turn: bool,
        ply: usize,
        tt_move: Option<u32>,
        tactical_only: bool,
        out: &mut Vec<ScoredMove<Reply<G::Move>>>,
    ) {
        let mut list = G::MoveList::default();
        self.pos.generate_moves(&mut list);
        let seat = self.pos.to_move();
        let killers = self.heuristics.killers.get(ply);
        for &mv in list.iter() {
            let tactical = self.pos.is_tactical(mv);
            if tactical_only && !tactical {
                continue;
            }
            let gain = if tactical {
                self.ctx.eval.gain(&self.pos, mv).clamp(0, 1 << 20)
            } else {
                0
            };
            let losing =
                tactical && tactical_only && self.ctx.eval.is_losing_capture(&self.pos, mv);
            let reply = Reply {
                mv,
                seat,
                out_of_turn,
                tactical,
                hands_back: false,
                gain,
                losing,
            };
            let key = if tt_move.is_some_and(|tt| table_code(G::pack_move(mv), seat) == tt) {
                TT_MOVE
            } else if tactical {
                TACTICAL + 16 * gain - self.ctx.eval.mover_value(&self.pos, mv) / 8
            } else if killers[0] == Some(mv) {
                FIRST_KILLER
            } else if killers[1] == Some(mv) {
                SECOND_KILLER
            } else {
                self.heuristics.history.get(seat, G::pack_move(mv))
            };
            out.push(ScoredMove { mv: reply, key });
        }
    }

    /// A quiet move caused a cutoff: make it a killer, raise its history and lower that
    /// of the quiet moves its seat tried before it.
    pub fn reward_quiet(
        &mut self,
        reply: Reply<G::Move>,
        ply: usize,
        depth: i32,
        tried: &[Reply<G::Move>],
    ) {
        let bonus = history_bonus(depth);
        self.heuristics.killers.add(ply, reply.mv);
        self.heuristics
            .history
            .update(reply.seat, G::pack_move(reply.mv), bonus);
        for other in tried.iter().filter(|r| r.seat == reply.seat) {
            self.heuristics
                .history
                .update(other.seat, G::pack_move(other.mv), -bonus);
        }
    }

    /// The principal variation at `ply` becomes `reply` (after which the turn was handed
    /// back if `handed_back`) followed by the child's line, and ends where the child's ends.
    pub fn update_pv(&mut self, ply: usize, reply: Reply<G::Move>, handed_back: bool) {
        let (head, tail) = self.pv.split_at_mut(ply + 1);
        let line = &mut head[ply];
        line.clear();
        line.push(Reply {
            hands_back: handed_back,
            ..reply
        });
        line.extend_from_slice(&tail[0]);
        self.pv_seats[ply] = self.pv_seats[ply + 1].clone();
    }

    /// A root move's line after it was searched: `reply` then the line at ply 1.
    pub fn root_line(&self, reply: Reply<G::Move>, handed_back: bool) -> Vec<Reply<G::Move>> {
        let first = Reply {
            hands_back: handed_back,
            ..reply
        };
        std::iter::once(first)
            .chain(self.pv[1].iter().copied())
            .collect()
    }

    /// Records the line's end at `ply`: the principal variation is empty and the seats'
    /// scores are `seats`.
    pub fn end_line(&mut self, ply: usize, seats: SeatScores) {
        self.pv[ply].clear();
        self.pv_seats[ply] = seats;
    }
}
