//! What the three multi-player searches share: the moves of a node as [`Reply`]s with
//! their order keys, playing a move (out of turn and handing the turn back, for
//! best-reply search), the end of a line, and the root as the kernel sees it
//! ([`RootSearch`]).

use super::values;
use super::{Algorithm, SeatScores};
use crate::game::{Game, Points, Seat, Status, MAX_SEATS};
use crate::search::ordering::{
    history_bonus, ScoredMove, FIRST_KILLER, SECOND_KILLER, TACTICAL, TT_MOVE,
};
use crate::search::score;
use crate::search::threads::{Reporter, RootMove, RootSearch, SearchKind, Worker};
use crate::search::Evaluator;
use crate::search::Score;
use arrayvec::ArrayVec;

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
    /// What it gains its mover ([`Evaluator::capture_value`]; 0 for a quiet move).
    pub gain: i32,
    /// Whether it most likely loses material ([`Evaluator::is_losing_capture`]).
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

/// The multi-player searches: their lines are [`Reply`]s.
pub struct MultiPlayer;

impl SearchKind for MultiPlayer {
    type Line<G: Game> = Reply<G::Move>;
}

/// The score of a root without legal moves (the game is over), for the root seat.
pub fn terminal_score<G: Game>(root: &G) -> Score {
    match root.status() {
        Status::Over(outcome) => {
            let value = values::terminal_scores(&outcome.points, 0)[root.to_move()];
            values::to_protocol(value, 0)
        }
        Status::Ongoing => Score::Cp(0),
    }
}

impl<G: Game, E: Evaluator<G>> RootSearch<G, Reply<G::Move>> for Worker<'_, '_, G, E, MultiPlayer> {
    /// Captures by gain, then the rest in generation order.
    fn first_root_moves(&mut self) -> Vec<RootMove<Reply<G::Move>>> {
        let mut moves = Vec::new();
        self.append_replies(false, 0, None, false, &mut moves);
        let wanted = &self.shared.limits.search_moves;
        if moves.iter().any(|m| wanted.contains(&m.mv.mv)) {
            moves.retain(|m| wanted.contains(&m.mv.mv));
        }
        moves.sort_by_key(|m| std::cmp::Reverse(m.key));
        moves.into_iter().map(|m| RootMove::new(m.mv)).collect()
    }

    fn search_line(&mut self, depth: i32, line: usize, report: &mut Reporter<'_, G::Move>) {
        match self.shared.algorithm {
            Algorithm::MaxN => self.maxn_root(depth, line, report),
            Algorithm::BestReply | Algorithm::Paranoid => self.alphabeta_root(depth, line, report),
        }
    }

    /// The root seat's value, `mate n` counting the root player's own moves of the line.
    fn protocol_score(&self, rm: &RootMove<Reply<G::Move>>) -> Score {
        let root_moves = rm
            .line()
            .iter()
            .filter(|r| r.seat == self.root_seat)
            .count();
        values::to_protocol(self.root_value(rm), root_moves)
    }

    fn protocol_line(&self, rm: &RootMove<Reply<G::Move>>) -> Vec<G::Move> {
        Self::playable(&rm.line())
    }

    /// A win on this move.
    fn result_settled(&self, _depth: i32) -> bool {
        self.root_value(&self.root_moves[0]) >= score::mate_in(1)
    }

    fn ponder_move(&self, best: &RootMove<Reply<G::Move>>) -> Option<G::Move> {
        self.protocol_line(best).get(1).copied()
    }
}

impl<G: Game, E: Evaluator<G>> Worker<'_, '_, G, E, MultiPlayer> {
    /// The root seat's value of a root move: the searched value, or in max-n the root
    /// seat's score at the end of the line.
    fn root_value(&self, rm: &RootMove<Reply<G::Move>>) -> i32 {
        match self.shared.algorithm {
            Algorithm::MaxN => rm.seats.get(self.root_seat).copied().unwrap_or(0),
            Algorithm::BestReply | Algorithm::Paranoid if rm.score == -score::INFINITE => 0,
            Algorithm::BestReply | Algorithm::Paranoid => rm.score,
        }
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
        let mut seats = self.shared.eval.evaluate_seats(&self.pos);
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
        if self.shared.algorithm == Algorithm::BestReply && !self.root_to_move() {
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
        let killers = self.data.killers.get(ply);
        for &mv in list.iter() {
            let tactical = self.pos.is_tactical(mv);
            if tactical_only && !tactical {
                continue;
            }
            let gain = if tactical {
                self.shared
                    .eval
                    .capture_value(&self.pos, mv)
                    .clamp(0, 1 << 20)
            } else {
                0
            };
            let losing =
                tactical && tactical_only && self.shared.eval.is_losing_capture(&self.pos, mv);
            let key = if tt_move.is_some_and(|tt| table_code(G::pack_move(mv), seat) == tt) {
                TT_MOVE
            } else if tactical {
                TACTICAL + 16 * gain - self.shared.eval.moving_piece_value(&self.pos, mv) / 8
            } else if killers[0] == Some(mv) {
                FIRST_KILLER
            } else if killers[1] == Some(mv) {
                SECOND_KILLER
            } else {
                self.data.history.get(seat, G::pack_move(mv))
            };
            let reply = Reply {
                mv,
                seat,
                out_of_turn,
                tactical,
                hands_back: false,
                gain,
                losing,
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
        self.data.killers.add(ply, reply.mv);
        self.data
            .history
            .update(reply.seat, G::pack_move(reply.mv), bonus);
        for other in tried.iter().filter(|r| r.seat == reply.seat) {
            self.data
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

    /// Root move `index` was searched to `value`, after which the turn was handed back
    /// if `handed_back`: its line becomes the move then the line at ply 1.
    pub fn record_root_line(&mut self, index: usize, value: i32, handed_back: bool) {
        let rm = &mut self.root_moves[index];
        rm.score = value;
        rm.seldepth = self.seldepth;
        rm.seats = self.pv_seats[1].clone();
        rm.pv.clear();
        rm.pv.push(Reply {
            hands_back: handed_back,
            ..rm.mv
        });
        rm.pv.extend_from_slice(&self.pv[1]);
    }

    /// Records the line's end at `ply`: the principal variation is empty and the seats'
    /// scores are `seats`.
    pub fn end_line(&mut self, ply: usize, seats: SeatScores) {
        self.pv[ply].clear();
        self.pv_seats[ply] = seats;
    }
}
