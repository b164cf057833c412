//! Best-reply search (Schadd & Winands, "Best Reply Search for Multiplayer Games", IEEE
//! TCIAIG 2011).
//!
//! Paranoid search lets every opponent move in turn between two moves of the root
//! player, so with six opponents it sees the root player's second move only at depth 8.
//! Best-reply search keeps the coalition view of paranoid search but lets only ONE
//! opponent move between two turns of the root player: the one whose move is worst for
//! the root player, chosen among the moves of all opponents together. So the root
//! player's own plans are seen much deeper, at the price of positions that cannot arise
//! in the game (the other opponents have passed); the original paper finds it stronger
//! than paranoid and max-n in Chinese Checkers, Focus and Rolit.
//!
//! The tree alternates two layers:
//! - MAX: the root player's turn, in the rules' order (a player owning several armies
//!   moves each of them, one ply each, as the rules have it);
//! - MIN: the moves of every opponent seat: the seat the rules give the turn to first, then
//!   the others in seat order after it, each of them handed the turn out of order by
//!   [`Game::pass_turn_to`] (a null move for search only). After the chosen move the turn
//!   goes back to the root player by the same hook (unless the rules give it to the root
//!   player anyway), and a new MAX layer starts.
//!
//! Values, windows, the table, move ordering and quiescence (where a MIN layer considers
//! every opponent's captures) are those of paranoid search (`paranoid.rs`): only the moves
//! of a MIN node and the hand-back after them differ. A variant without the hook (the
//! trait's default answers false) gets paranoid search: each MIN node then has the rules'
//! side to move only, and the turn follows the rules' order.

use super::worker::{MultiPlayer, Reply};
use super::Algorithm;
use crate::game::Game;
use crate::search::ordering::ScoredMove;
use crate::search::threads::Worker;
use crate::search::Evaluator;

impl<G: Game, E: Evaluator<G>> Worker<'_, '_, G, E, MultiPlayer> {
    /// A MIN node's moves: the side to move's, then those of every other opponent seat
    /// that can move, each played out of turn. The table's move names one move of one
    /// seat (`Reply::packed`).
    pub fn opponent_replies(
        &mut self,
        ply: usize,
        tt_move: Option<u32>,
        tactical_only: bool,
        out: &mut Vec<ScoredMove<Reply<G::Move>>>,
    ) {
        let first = self.pos.to_move();
        let seats = self.pos.seats();
        self.append_replies(false, ply, tt_move, tactical_only, out);
        for seat in (1..seats).map(|i| (first + i) % seats) {
            if seat == self.root_seat || !self.pos.pass_turn_to(seat) {
                continue;
            }
            self.append_replies(true, ply, tt_move, tactical_only, out);
            self.pos.unmake_null_move();
        }
    }

    /// After an opponent's move in best-reply search, hands the turn back to the root
    /// player unless the rules give it to the root player anyway (or the game is over, or
    /// the root player cannot move: then the rules' order goes on). Returns whether it did.
    pub fn hand_back_after(&mut self, reply: Reply<G::Move>) -> bool {
        self.shared.algorithm == Algorithm::BestReply
            && reply.seat != self.root_seat
            && !self.root_to_move()
            && self.pos.pass_turn_to(self.root_seat)
    }
}
