//! The game on the table: how it was set up, the moves played, who holds each seat, the
//! clocks, and what the page is told. Every move, a person's or an engine's, is checked by
//! Tessera's own rules ([`rules::play`]); a refused move leaves the game as it was. The
//! game is saved and loaded as PGN by the match runner's own writer and reader.

use super::moves::kingdom_letters;
use crate::matchrunner::clock::Clocks;
use crate::matchrunner::config::{EngineSpec, Limits};
use crate::matchrunner::game::{forfeit_points, Fault, PlayedMove};
use crate::matchrunner::openings::Opening;
use crate::matchrunner::pgn::{
    move_comment, read_move_comment, read_pgn, seconds, today, write_pgn, PgnGame, PgnMove,
    UNFINISHED,
};
use crate::matchrunner::report::{result_text, seat_name};
use crate::matchrunner::rules;
use crate::matchrunner::search_info::SearchInfo;
use crate::matchrunner::specs::engine_spec;
use crate::variant::AnyGame;
use engine::game::{Seat, Status};
use engine::variants::Variant;
use std::time::{Duration, Instant};

/// How long an engine without a clock or a move time may think before it is given up.
const HANG_TIMEOUT: Duration = Duration::from_secs(60);
/// How far an engine may overrun its clock or move time.
const TIME_MARGIN: Duration = Duration::from_millis(1000);

/// Who plays a seat: a person, or engine `engine` (an index into the engines of the
/// command line) with its limits.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SeatPlan {
    pub engine: Option<usize>,
    pub limits: Limits,
}

/// What a new game is made of, as the page asks for it.
#[derive(Clone, Debug)]
pub struct Setup {
    pub variant: Variant,
    /// The `Players` option (Seven Kingdoms' division, Hexian's count); empty: default.
    pub players: String,
    /// Hexian's patron, 1 to 6 (§13); it goes into the start position string.
    pub patron: u8,
    /// A position string to start from instead of the start position.
    pub fen: Option<String>,
    pub seats: Vec<SeatPlan>,
}

/// One engine move to ask for: everything the conductor needs without holding the table.
#[derive(Clone, Debug)]
pub struct EngineJob {
    /// The table's game number and ply when the job was made: an answer for an older
    /// game or ply is dropped.
    pub game_number: u64,
    pub ply: usize,
    pub seat: Seat,
    pub engine: usize,
    pub spec: EngineSpec,
    pub variant: Variant,
    pub players: Option<String>,
    pub position: String,
    pub clocks: Clocks,
}

/// A game ended by no rule of the variant: a seat out of time, or a loaded record whose
/// result was not reached by the rules (an adjudication, a forfeit).
#[derive(Clone, Debug)]
struct Verdict {
    /// The per-seat score string.
    result: String,
    /// Why, in words.
    reason: String,
    /// The PGN `Termination` tag.
    termination: String,
}

/// The game and its seats.
pub struct Table {
    pub engines: Vec<EngineSpec>,
    pub game_number: u64,
    pub variant: Variant,
    pub players: String,
    opening: Opening,
    start: AnyGame,
    pub game: AnyGame,
    pub moves: Vec<String>,
    /// Each move's comment in the game record: the time it took, after an engine's score
    /// and depth (`+0.31/12 0.520s`, as `tessera match` writes it).
    comments: Vec<Option<String>>,
    pub seats: Vec<SeatPlan>,
    clocks: Clocks,
    /// When the seat to move began its turn.
    turn_started: Instant,
    /// The thinking time each seat has used in this game, in milliseconds.
    used_ms: Vec<u64>,
    /// The clocks and the time used before each move, given back when the move is
    /// taken back.
    times_before: Vec<(Clocks, Vec<u64>)>,
    verdict: Option<Verdict>,
    /// The last thing that went wrong (an engine's fault), shown on the page.
    pub message: String,
    /// When the last engine move arrived (milliseconds since the epoch), for the page's
    /// own timing of how fast it shows it.
    pub bestmove_at_ms: u64,
    /// What the engine that played move `i` reported for it (its last `info` before
    /// `bestmove`) and its seat; `None` for a person's move.
    pub move_scores: Vec<Option<(Seat, SearchInfo)>>,
}

/// The limits of the page's `tc=… st=… depth=… nodes=…` text, read by the match
/// runner's own reader of `--engine` keys.
pub fn read_limits(text: &str) -> Result<Limits, String> {
    let mut pairs = vec![("cmd".to_string(), "engine".to_string())];
    for token in text.split_whitespace() {
        let Some((key, value)) = token.split_once('=') else {
            return Err(format!("limit '{token}' is not of the form key=value"));
        };
        if !matches!(key, "tc" | "st" | "depth" | "nodes") {
            return Err(format!(
                "unknown limit '{key}' (one of tc, st, depth, nodes)"
            ));
        }
        pairs.push((key.to_string(), value.to_string()));
    }
    engine_spec(&[], &pairs, "limit")
        .map(|spec| spec.limits)
        .map_err(|e| e.to_string())
}

/// The start of a game: the opening (start position or position string) and its position.
fn opening_of(setup: &Setup) -> Result<(Opening, AnyGame), String> {
    let players = Some(setup.players.as_str()).filter(|p| !p.is_empty());
    let fen = match (&setup.fen, setup.variant) {
        (Some(text), _) => Some(text.clone()),
        (None, Variant::Hexian) if setup.patron != 1 => Some(
            AnyGame::start_with_options(setup.variant, &setup.players, setup.patron)
                .map_err(|e| e.to_string())?
                .position_string(),
        ),
        (None, _) => None,
    };
    let opening = Opening {
        fen,
        moves: Vec::new(),
    };
    let start = opening.position(setup.variant, players)?;
    Ok((opening, start))
}

impl Table {
    /// Hexmate, a person against the first engine at its own limits.
    pub fn new(engines: Vec<EngineSpec>) -> Table {
        let setup = Setup {
            variant: Variant::Hexmate,
            players: String::new(),
            patron: 1,
            fen: None,
            seats: vec![
                SeatPlan {
                    engine: None,
                    limits: Limits::default(),
                },
                SeatPlan {
                    engine: Some(0),
                    limits: engines[0].limits,
                },
            ],
        };
        let (opening, start) = opening_of(&setup).expect("the start position is valid");
        let mut table = Table {
            engines,
            game_number: 0,
            variant: setup.variant,
            players: String::new(),
            opening,
            game: start.clone(),
            start,
            moves: Vec::new(),
            comments: Vec::new(),
            seats: Vec::new(),
            clocks: Clocks::new(Vec::new(), TIME_MARGIN, HANG_TIMEOUT),
            turn_started: Instant::now(),
            used_ms: Vec::new(),
            times_before: Vec::new(),
            verdict: None,
            message: String::new(),
            bestmove_at_ms: 0,
            move_scores: Vec::new(),
        };
        table.seat(setup.seats);
        table
    }

    /// Seats the players with their clocks set and nothing used yet (the moves already
    /// on the table, a loaded record's, took no time); the turn starts.
    fn seat(&mut self, seats: Vec<SeatPlan>) {
        self.clocks = Clocks::new(
            seats.iter().map(|s| s.limits).collect(),
            TIME_MARGIN,
            HANG_TIMEOUT,
        );
        self.used_ms = vec![0; seats.len()];
        self.times_before = vec![(self.clocks.clone(), self.used_ms.clone()); self.moves.len()];
        self.seats = seats;
        self.turn_started = Instant::now();
    }

    /// Starts the game `setup` describes; a bad setup leaves the current game as it is.
    pub fn new_game(&mut self, setup: Setup) -> Result<(), String> {
        let (opening, start) = opening_of(&setup)?;
        let seats = rules::seats(&start);
        if setup.seats.len() != seats {
            return Err(format!(
                "this game has {seats} seats, {} were given",
                setup.seats.len()
            ));
        }
        if let Some(bad) = setup
            .seats
            .iter()
            .filter_map(|s| s.engine)
            .find(|&e| e >= self.engines.len())
        {
            return Err(format!("there is no engine {bad}"));
        }
        self.game_number += 1;
        self.variant = setup.variant;
        self.players = setup.players;
        self.opening = opening;
        self.game = start.clone();
        self.start = start;
        self.moves.clear();
        self.comments.clear();
        self.move_scores.clear();
        self.message.clear();
        self.verdict = None;
        self.seat(setup.seats);
        Ok(())
    }

    /// Replaces the game by the first game of a PGN record: its variant, players, start
    /// position and moves, every move checked by the rules; every seat is then a
    /// person's. A bad record is refused with the reason and the game stays as it was.
    pub fn load(&mut self, text: &str) -> Result<(), String> {
        let (record, position) = read_pgn(text)?;
        let players = record.players.clone().unwrap_or_default();
        let opening = record.opening();
        let start = opening.position(record.variant, record.players.as_deref())?;
        let person = SeatPlan {
            engine: None,
            limits: Limits::default(),
        };
        self.game_number += 1;
        self.variant = record.variant;
        self.players = players;
        self.opening = opening;
        self.start = start;
        self.moves = record.move_texts();
        self.comments = record.moves.iter().map(|m| m.comment.clone()).collect();
        self.move_scores = self.recorded_scores();
        self.message.clear();
        self.verdict = (record.result != UNFINISHED
            && matches!(position.status(), Status::Ongoing))
        .then(|| Verdict {
            reason: record
                .ending
                .clone()
                .unwrap_or_else(|| record.termination.clone()),
            result: record.result,
            termination: record.termination,
        });
        self.game = position;
        self.seat(vec![person; rules::seats(&self.game)]);
        Ok(())
    }

    /// The score and depth each move's comment records, with the seat that played it, as
    /// the engine reported them when the game was played.
    fn recorded_scores(&self) -> Vec<Option<(Seat, SearchInfo)>> {
        let mut game = self.start.clone();
        self.moves
            .iter()
            .zip(&self.comments)
            .map(|(text, comment)| {
                let seat = rules::to_move(&game);
                game.play_tokens([text.as_str()])
                    .expect("the moves of a loaded record were checked when read");
                Some((seat, comment.as_deref().and_then(read_move_comment)?))
            })
            .collect()
    }

    /// The game as a PGN record in the match runner's format, `*` while it goes on.
    pub fn pgn(&self) -> String {
        let (result, termination, ending) = match (&self.verdict, self.game.status()) {
            (Some(v), _) => (
                v.result.clone(),
                v.termination.clone(),
                Some(v.reason.clone()),
            ),
            (None, Status::Over(outcome)) => (
                outcome.result_string(),
                "normal".to_string(),
                Some(outcome.reason.to_string()),
            ),
            (None, Status::Ongoing) => (UNFINISHED.to_string(), "unterminated".to_string(), None),
        };
        let moves = self
            .moves
            .iter()
            .zip(&self.comments)
            .map(|(text, comment)| PgnMove {
                text: text.clone(),
                comment: comment.clone(),
            })
            .collect();
        write_pgn(&PgnGame {
            event: "Tessera GUI game".to_string(),
            site: "?".to_string(),
            date: today(),
            round: "-".to_string(),
            names: (0..self.seats.len()).map(|s| self.player_name(s)).collect(),
            result,
            variant: self.variant,
            players: Some(self.players.clone()).filter(|p| !p.is_empty()),
            fen: self.opening.fen.clone(),
            termination,
            moves,
            ending,
        })
    }

    /// Who plays `seat`: `person` or the engine's name.
    pub fn player_name(&self, seat: Seat) -> String {
        self.seats[seat]
            .engine
            .map_or("person".to_string(), |e| self.engines[e].name.clone())
    }

    /// The seat to move, or `None` when the game is over.
    pub fn seat_to_move(&self) -> Option<Seat> {
        let going_on = self.verdict.is_none() && matches!(self.game.status(), Status::Ongoing);
        going_on.then(|| rules::to_move(&self.game))
    }

    /// The result and its reason as the page shows them: the rules' (as the protocol's
    /// `d` says them), or a seat's loss on time; empty while the game goes on.
    pub fn result_lines(&self) -> Vec<String> {
        match &self.verdict {
            Some(v) => vec![format!("Result: {} {}", v.result, v.reason)],
            None => self.game.ending_lines(),
        }
    }

    /// The time `seat` has left on its clock when it has one, this turn's time taken off.
    fn time_left(&self, seat: Seat) -> Option<Duration> {
        let left = Duration::from_millis(self.clocks.remaining_ms(seat)?);
        Some(if self.seat_to_move() == Some(seat) {
            left.saturating_sub(self.turn_started.elapsed())
        } else {
            left
        })
    }

    /// When the clock of the person to move runs out, if that person plays with one.
    pub fn person_deadline(&self) -> Option<Instant> {
        let seat = self
            .seat_to_move()
            .filter(|&s| self.seats[s].engine.is_none())?;
        let left = self.clocks.remaining_ms(seat)?;
        Some(self.turn_started + Duration::from_millis(left))
    }

    /// Ends the game when the person to move has run out of time: that seat scores 0 and
    /// the others share the point, as a match runner's forfeit on time. Refused (nothing
    /// changes) while there is time left.
    pub fn flag_fall(&mut self) -> Result<(), String> {
        match (self.person_deadline(), self.seat_to_move()) {
            (Some(deadline), Some(seat)) if Instant::now() >= deadline => {
                self.end_turn(seat);
                self.lose_on_time(seat);
                Ok(())
            }
            _ => Err("no clock has run out".to_string()),
        }
    }

    fn lose_on_time(&mut self, seat: Seat) {
        let seats = self.seats.len();
        self.verdict = Some(Verdict {
            result: result_text(&forfeit_points(seat, seats)),
            reason: format!(
                "{} ({}) loses on time",
                seat_name(seat, seats),
                self.player_name(seat)
            ),
            termination: "time forfeit".to_string(),
        });
    }

    /// Charges the turn's time to `seat` (its clock and its time used); the next turn
    /// starts.
    fn end_turn(&mut self, seat: Seat) -> Duration {
        let elapsed = self.turn_started.elapsed();
        self.charge(seat, elapsed);
        self.start_turn();
        elapsed
    }

    fn charge(&mut self, seat: Seat, elapsed: Duration) {
        self.clocks.charge(seat, elapsed);
        self.used_ms[seat] += u64::try_from(elapsed.as_millis()).unwrap_or(u64::MAX);
    }

    /// Whether a person is to move.
    pub fn person_to_move(&self) -> bool {
        self.seat_to_move()
            .is_some_and(|seat| self.seats[seat].engine.is_none())
    }

    /// A person's move, in notation; refused when an engine is to move, the person's
    /// time is up, or the move is illegal. Its time is charged to the person's seat.
    pub fn play_person_move(&mut self, token: &str) -> Result<(), String> {
        let Some(seat) = self.seat_to_move().filter(|_| self.person_to_move()) else {
            return Err("it is not a person's turn".to_string());
        };
        if self.person_deadline().is_some_and(|d| Instant::now() >= d) {
            return Err("the time of the seat to move is up".to_string());
        }
        self.play(token)?;
        let elapsed = self.end_turn(seat);
        *self.comments.last_mut().expect("a move was played") = Some(seconds(elapsed));
        Ok(())
    }

    /// Plays `token` by the rules; the next turn starts.
    fn play(&mut self, token: &str) -> Result<(), String> {
        let text = rules::play(&mut self.game, token).map_err(|e| e.to_string())?;
        self.times_before
            .push((self.clocks.clone(), self.used_ms.clone()));
        self.moves.push(text);
        self.comments.push(None);
        Ok(())
    }

    /// Starts the turn of the seat to move now.
    fn start_turn(&mut self) {
        self.turn_started = Instant::now();
    }

    /// Takes back the last move, and the engine moves before it, so that a person is to
    /// move again (or one move when every seat is an engine's); the clocks and the time
    /// used are as they were before the moves taken back. Drops any engine answer
    /// still to come for the position taken back.
    pub fn take_back(&mut self) -> Result<(), String> {
        if self.moves.is_empty() {
            return Err("there is no move to take back".to_string());
        }
        let mut kept = self.moves.clone();
        kept.pop();
        let has_person = self.seats.iter().any(|s| s.engine.is_none());
        while has_person && !kept.is_empty() {
            let game = self.replayed(&kept);
            if self.seats[rules::to_move(&game)].engine.is_none() {
                break;
            }
            kept.pop();
        }
        self.game = self.replayed(&kept);
        let (clocks, used_ms) = self.times_before[kept.len()].clone();
        self.clocks = clocks;
        self.used_ms = used_ms;
        self.times_before.truncate(kept.len());
        self.comments.truncate(kept.len());
        self.move_scores.truncate(kept.len());
        self.moves = kept;
        self.game_number += 1;
        self.message.clear();
        self.verdict = None;
        self.start_turn();
        Ok(())
    }

    /// The position after `moves` from the start of the game (moves already checked).
    fn replayed(&self, moves: &[String]) -> AnyGame {
        let mut game = self.start.clone();
        game.play_tokens(moves.iter().map(String::as_str))
            .expect("the moves of the table were checked when played");
        game
    }

    /// The position after the first `ply` moves.
    pub fn position_at(&self, ply: usize) -> AnyGame {
        self.replayed(&self.moves[..ply.min(self.moves.len())])
    }

    pub fn start(&self) -> &AnyGame {
        &self.start
    }

    /// The engine move to ask for, when an engine is to move.
    pub fn engine_job(&self) -> Option<EngineJob> {
        let seat = self.seat_to_move()?;
        let plan = self.seats[seat];
        let engine = plan.engine?;
        let spec = EngineSpec {
            limits: plan.limits,
            ..self.engines[engine].clone()
        };
        Some(EngineJob {
            game_number: self.game_number,
            ply: self.moves.len(),
            seat,
            engine,
            spec,
            variant: self.variant,
            players: Some(self.players.clone()).filter(|p| !p.is_empty()),
            position: self
                .opening
                .position_command(self.moves.iter().map(String::as_str)),
            clocks: self.clocks.clone(),
        })
    }

    /// Whether `job` is still the question of the moment.
    fn is_current(&self, job: &EngineJob) -> bool {
        job.game_number == self.game_number && job.ply == self.moves.len()
    }

    /// An engine's answer to `job`: checked and played; an engine out of the time of its
    /// clock loses on time; any other fault is reported with the seat handed to a person
    /// so the game is kept. An answer to an older question is dropped.
    pub fn engine_answered(
        &mut self,
        job: &EngineJob,
        answer: Result<(String, SearchInfo, Duration), Fault>,
        at_ms: u64,
    ) {
        if !self.is_current(job) {
            return;
        }
        let fault = match answer {
            Ok((token, info, elapsed)) => match self.play(&token) {
                Ok(()) => {
                    self.charge(job.seat, elapsed);
                    *self.comments.last_mut().expect("a move was played") =
                        Some(move_comment(&PlayedMove {
                            text: token,
                            score: info.score,
                            depth: info.depth,
                            elapsed,
                        }));
                    self.move_scores.resize(self.moves.len() - 1, None);
                    self.move_scores.push(Some((job.seat, info)));
                    self.start_turn();
                    self.bestmove_at_ms = at_ms;
                    return;
                }
                Err(e) => format!("sent the illegal move '{token}' ({e})"),
            },
            Err(Fault::Timeout) if self.clocks.remaining_ms(job.seat).is_some() => {
                self.end_turn(job.seat);
                self.lose_on_time(job.seat);
                return;
            }
            Err(Fault::Timeout) => "did not answer in time".to_string(),
            Err(Fault::Crash) => "crashed".to_string(),
            Err(other) => other.to_string(),
        };
        let seats = self.seats.len();
        let name = &self.engines[job.engine].name;
        self.message = format!(
            "{name} ({}) {fault}; the game is kept and a person now plays that seat",
            seat_name(job.seat, seats)
        );
        self.seats[job.seat].engine = None;
    }

    /// The command that sets up the position after the first `ply` moves, with its history.
    pub fn position_command(&self, ply: usize) -> String {
        let played = &self.moves[..ply.min(self.moves.len())];
        self.opening
            .position_command(played.iter().map(String::as_str))
    }

    /// The time left on each seat's clock (seats playing with `tc=`), in milliseconds,
    /// the running turn's time taken off.
    pub fn clocks_ms(&self) -> Vec<Option<u64>> {
        (0..self.seats.len())
            .map(|seat| self.time_left(seat).map(|d| d.as_millis() as u64))
            .collect()
    }

    /// The thinking time each seat has used, the running turn's included, in milliseconds.
    pub fn used_ms(&self) -> Vec<u64> {
        let running = self.seat_to_move();
        let turn = self.turn_started.elapsed().as_millis() as u64;
        (0..self.seats.len())
            .map(|seat| self.used_ms[seat] + if running == Some(seat) { turn } else { 0 })
            .collect()
    }

    /// The seats' names: White and Black, or Seat 1 … Seat N (in Seven Kingdoms with
    /// the colour letters of the kingdoms each player still has).
    pub fn seat_names(&self) -> Vec<String> {
        let seats = self.seats.len();
        (0..seats)
            .map(|s| match &self.game {
                AnyGame::SevenKingdoms(g) => {
                    format!("{} ({})", seat_name(s, seats), kingdom_letters(g, s))
                }
                _ => seat_name(s, seats),
            })
            .collect()
    }
}
