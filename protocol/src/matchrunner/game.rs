//! One game: the engines of the seats, the clocks, and Tessera's own rules as referee.
//!
//! Each move an engine sends is checked on the current position; the game ends by the
//! rules, by adjudication, or by a forfeit. A forfeit (an illegal or malformed move, a
//! timeout, a crash, an engine that cannot start) costs the offending seat the game: it
//! scores 0 and the other seats share the point equally (in two-seat games the opponent
//! wins). An engine that crashed or overran its time is ended and started afresh for
//! the next game.

use super::adjudication::{Adjudicator, Verdict};
use super::clock::Clocks;
use super::config::MatchConfig;
use super::engine_process::{EngineError, EnginePool, EngineProcess};
use super::openings::Opening;
use super::rules;
use super::schedule::GamePlan;
use super::search_info::{bestmove, Score, SearchInfo};
use crate::variant::AnyGame;
use engine::game::{MoveErrorKind, Points, Seat, Status};
use std::fmt;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// A move an engine played, with what it said about it.
#[derive(Clone, Debug)]
pub struct PlayedMove {
    /// In the variant's notation.
    pub text: String,
    pub score: Option<Score>,
    pub depth: Option<u32>,
    pub elapsed: Duration,
}

/// How an engine lost a game by its own fault.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Fault {
    IllegalMove { token: String, detail: String },
    Timeout,
    Crash,
    NoStart(String),
}

impl fmt::Display for Fault {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Fault::IllegalMove { token, detail } => write!(f, "illegal move '{token}' ({detail})"),
            Fault::Timeout => write!(f, "timeout"),
            Fault::Crash => write!(f, "crash"),
            Fault::NoStart(why) => write!(f, "engine failed to start: {why}"),
        }
    }
}

/// Why a game ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Ending {
    /// By the variant's rules, with the rule's name (`checkmate`, `stalemate`, …).
    Rules(&'static str),
    Forfeit {
        seat: Seat,
        fault: Fault,
    },
    Adjudicated(Verdict),
}

/// A finished game.
#[derive(Clone, Debug)]
pub struct GameRecord {
    pub plan: GamePlan,
    pub opening: Opening,
    pub moves: Vec<PlayedMove>,
    /// Points per seat.
    pub points: Vec<Points>,
    pub ending: Ending,
}

/// Plays the game of `plan` from `opening` with the engines of `pool`. Returns `None`
/// when `abort` is raised before the game ends (the match stopped early).
pub fn play_game(
    pool: &mut EnginePool,
    plan: &GamePlan,
    opening: &Opening,
    config: &MatchConfig,
    abort: &AtomicBool,
) -> Option<GameRecord> {
    let mut referee = Referee::new(pool, plan, opening, config);
    let seats = plan.seat_engines.len();
    let (points, ending) = match prepare_engines(pool, &plan.seat_engines) {
        Err((seat, fault)) => (forfeit_points(seat, seats), Ending::Forfeit { seat, fault }),
        Ok(()) => loop {
            if let Some(end) = referee.ending() {
                break end;
            }
            if abort.load(Ordering::Relaxed) {
                return None;
            }
            if let Err((seat, fault)) = referee.play_turn(pool, plan) {
                break (forfeit_points(seat, seats), Ending::Forfeit { seat, fault });
            }
        },
    };
    Some(GameRecord {
        plan: plan.clone(),
        opening: opening.clone(),
        moves: referee.moves,
        points,
        ending,
    })
}

/// A game in progress: the position by Tessera's rules, the clocks, the adjudicator's
/// streaks and the moves so far.
struct Referee<'a> {
    game: AnyGame,
    opening: &'a Opening,
    clocks: Clocks,
    judge: Adjudicator,
    verdict: Option<Verdict>,
    moves: Vec<PlayedMove>,
}

impl<'a> Referee<'a> {
    fn new(pool: &EnginePool, plan: &GamePlan, opening: &'a Opening, config: &MatchConfig) -> Self {
        let game = opening
            .position(config.variant, config.players.as_deref())
            .expect("openings are checked when they are read");
        let seats = rules::seats(&game);
        let seat_limits = plan
            .seat_engines
            .iter()
            .map(|&e| pool.spec(e).limits)
            .collect();
        Referee {
            game,
            opening,
            clocks: Clocks::new(seat_limits, config.time_margin, config.hang_timeout),
            judge: Adjudicator::new(config.draw, config.resign, config.maxmoves, seats),
            verdict: None,
            moves: Vec::new(),
        }
    }

    /// The points and the ending once the rules or the adjudicator end the game; the
    /// rules come first.
    fn ending(&self) -> Option<(Vec<Points>, Ending)> {
        if let Status::Over(outcome) = self.game.status() {
            return Some((outcome.points.to_vec(), Ending::Rules(outcome.reason)));
        }
        self.verdict.map(|verdict| {
            (
                adjudicated_points(verdict, &self.game),
                Ending::Adjudicated(verdict),
            )
        })
    }

    /// Asks the engine of the seat to move for a move, checks it and plays it. A fault
    /// is returned with the seat that committed it; an engine that crashed or overran
    /// its time is ended, to be started afresh for the next game.
    fn play_turn(&mut self, pool: &mut EnginePool, plan: &GamePlan) -> Result<(), (Seat, Fault)> {
        let seat = rules::to_move(&self.game);
        let engine = plan.seat_engines[seat];
        let played = self.moves.iter().map(|m| m.text.as_str());
        let command = self.opening.position_command(played);
        let answer = pool
            .get(engine)
            .map_err(|e| start_fault(&e))
            .and_then(|process| ask_move(process, &command, &self.clocks, seat));
        let (token, info, elapsed) = answer.map_err(|fault| {
            if matches!(fault, Fault::Timeout | Fault::Crash) {
                pool.discard(engine);
            }
            (seat, fault)
        })?;
        let text = rules::play(&mut self.game, &token).map_err(|e| {
            let detail = illegal_detail(e.kind, &e.detail);
            (seat, Fault::IllegalMove { token, detail })
        })?;
        self.clocks.charge(seat, elapsed);
        self.moves.push(PlayedMove {
            text,
            score: info.score,
            depth: info.depth,
            elapsed,
        });
        let score = info.score.map(Score::centipawns);
        self.verdict = self.judge.after_move(seat, score, self.moves.len());
        Ok(())
    }
}

/// `ucinewgame` and `isready` for every engine of the game, starting those that are not
/// running. A failure is charged to the first seat of that engine.
fn prepare_engines(pool: &mut EnginePool, seat_engines: &[usize]) -> Result<(), (Seat, Fault)> {
    for (seat, &engine) in seat_engines.iter().enumerate() {
        if seat_engines[..seat].contains(&engine) {
            continue;
        }
        let prepared = pool
            .get(engine)
            .map_err(|e| start_fault(&e))
            .and_then(|process| process.new_game().map_err(|e| play_fault(&e)));
        if let Err(fault) = prepared {
            pool.discard(engine);
            return Err((seat, fault));
        }
    }
    Ok(())
}

/// Sends the position and `go`, then reads up to `bestmove` within the seat's time.
/// Returns the move token, the last search info and the time taken.
pub(crate) fn ask_move(
    engine: &mut EngineProcess,
    position: &str,
    clocks: &Clocks,
    seat: Seat,
) -> Result<(String, SearchInfo, Duration), Fault> {
    engine
        .send_all(&[position, &clocks.go_command(seat)])
        .map_err(|e| play_fault(&e))?;
    let started = Instant::now();
    let deadline = started + clocks.allowance(seat);
    let mut info = SearchInfo::default();
    loop {
        let line = engine.next_line(deadline).map_err(|e| play_fault(&e))?;
        if let Some(token) = bestmove(&line) {
            return Ok((token.to_string(), info, started.elapsed()));
        }
        info.read(&line);
    }
}

/// The fault of an engine that failed while it was asked for a move.
fn play_fault(error: &EngineError) -> Fault {
    match error {
        EngineError::Timeout => Fault::Timeout,
        _ => Fault::Crash,
    }
}

/// The fault of an engine that could not be (re)started.
fn start_fault(error: &EngineError) -> Fault {
    Fault::NoStart(error.to_string())
}

fn illegal_detail(kind: MoveErrorKind, detail: &str) -> String {
    match kind {
        MoveErrorKind::Syntax => "not a move in the variant's notation".to_string(),
        _ if detail.is_empty() => "not legal here".to_string(),
        _ => detail.to_string(),
    }
}

/// The offending seat scores 0; the others share the point.
pub(crate) fn forfeit_points(loser: Seat, seats: usize) -> Vec<Points> {
    let share = Points::fraction(1, (seats - 1) as u16);
    (0..seats)
        .map(|seat| if seat == loser { Points::ZERO } else { share })
        .collect()
}

/// An adjudicated draw shares the point as the game's own draw rules would here: among
/// the players still in play where the rules say so (Hexian R118), otherwise equally.
fn adjudicated_points(verdict: Verdict, game: &AnyGame) -> Vec<Points> {
    match verdict {
        Verdict::Resign(seat) => forfeit_points(seat, rules::seats(game)),
        Verdict::DrawByScore | Verdict::DrawByLength(_) => rules::draw_points(game),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use engine::variants::Variant;

    #[test]
    fn a_forfeit_gives_the_point_to_the_other_seats() {
        assert_eq!(forfeit_points(1, 2), [Points::ONE, Points::ZERO]);
        let seven = forfeit_points(3, 7);
        assert_eq!(seven[3], Points::ZERO);
        assert!(seven
            .iter()
            .enumerate()
            .all(|(s, &p)| s == 3 || p == Points::fraction(1, 6)));
    }

    #[test]
    fn adjudicated_draws_share_the_point_among_the_players_in_play() {
        let hexmate = rules::start_position(Variant::Hexmate, None).unwrap();
        assert_eq!(
            adjudicated_points(Verdict::DrawByScore, &hexmate),
            [Points::HALF; 2]
        );
        assert_eq!(
            adjudicated_points(Verdict::Resign(0), &hexmate),
            [Points::ZERO, Points::ONE]
        );
        let kingdoms = rules::start_position(Variant::SevenKingdoms, None).unwrap();
        assert_eq!(
            adjudicated_points(Verdict::DrawByLength(50), &kingdoms),
            [Points::fraction(1, 7); 7]
        );
        // Three-player Hexian after the second player's armies have all left play (a
        // position of a match game): Hexian R118 shares a draw between the first and the
        // third.
        let hexian = rules::from_position_string(
            Variant::Hexian,
            "9/10/9wH1/12/13/14/15/16/17/16/2wG(@i2)6yG(@p2^y)5/14/3yA5wA3/9wG(@i1)2/11/10/9 \
             w - wP.BG.Uy 1 - 100002 - q1 299 792",
            Some("3"),
        )
        .unwrap();
        assert_eq!(
            adjudicated_points(Verdict::DrawByLength(200), &hexian),
            [Points::HALF, Points::ZERO, Points::HALF]
        );
    }
}
