//! The game on the table: how it was set up, the moves played, who holds each seat, and
//! what the page is told. Every move, a person's or an engine's, is checked by Tessera's
//! own rules ([`rules::play`]); a refused move leaves the game as it was.

use super::moves::kingdom_letters;
use crate::matchrunner::clock::Clocks;
use crate::matchrunner::config::{EngineSpec, Limits};
use crate::matchrunner::openings::Opening;
use crate::matchrunner::report::seat_name;
use crate::matchrunner::rules;
use crate::matchrunner::search_info::SearchInfo;
use crate::matchrunner::specs::engine_spec;
use crate::variant::AnyGame;
use engine::game::{Seat, Status};
use engine::variants::Variant;
use std::time::Duration;

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
    pub seats: Vec<SeatPlan>,
    clocks: Clocks,
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
            seats: Vec::new(),
            clocks: Clocks::new(Vec::new(), TIME_MARGIN, HANG_TIMEOUT),
            message: String::new(),
            bestmove_at_ms: 0,
            move_scores: Vec::new(),
        };
        table.seat(setup.seats);
        table
    }

    fn seat(&mut self, seats: Vec<SeatPlan>) {
        self.clocks = Clocks::new(
            seats.iter().map(|s| s.limits).collect(),
            TIME_MARGIN,
            HANG_TIMEOUT,
        );
        self.seats = seats;
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
        self.move_scores.clear();
        self.message.clear();
        self.seat(setup.seats);
        Ok(())
    }

    /// The seat to move, or `None` when the game is over.
    pub fn seat_to_move(&self) -> Option<Seat> {
        matches!(self.game.status(), Status::Ongoing).then(|| rules::to_move(&self.game))
    }

    /// Whether a person is to move.
    pub fn person_to_move(&self) -> bool {
        self.seat_to_move()
            .is_some_and(|seat| self.seats[seat].engine.is_none())
    }

    /// A person's move, in notation; refused when an engine is to move or it is illegal.
    pub fn play_person_move(&mut self, token: &str) -> Result<(), String> {
        if !self.person_to_move() {
            return Err("it is not a person's turn".to_string());
        }
        self.play(token)
    }

    fn play(&mut self, token: &str) -> Result<(), String> {
        let text = rules::play(&mut self.game, token).map_err(|e| e.to_string())?;
        self.moves.push(text);
        Ok(())
    }

    /// Takes back the last move, and the engine moves before it, so that a person is to
    /// move again (or one move when every seat is an engine's). Drops any engine answer
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
        self.move_scores.truncate(kept.len());
        self.moves = kept;
        self.game_number += 1;
        self.message.clear();
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

    /// An engine's answer to `job`: checked and played, or reported with the seat handed
    /// to a person so the game is kept. An answer to an older question is dropped.
    pub fn engine_answered(
        &mut self,
        job: &EngineJob,
        answer: Result<(String, SearchInfo, Duration), String>,
        at_ms: u64,
    ) {
        if !self.is_current(job) {
            return;
        }
        let fault = match answer {
            Ok((token, info, elapsed)) => match self.play(&token) {
                Ok(()) => {
                    self.move_scores.resize(self.moves.len() - 1, None);
                    self.move_scores.push(Some((job.seat, info)));
                    self.clocks.charge(job.seat, elapsed);
                    self.bestmove_at_ms = at_ms;
                    return;
                }
                Err(e) => format!("sent the illegal move '{token}' ({e})"),
            },
            Err(fault) => fault,
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

    /// The time left on each seat's clock (engines playing with `tc=`).
    pub fn clocks_ms(&self) -> Vec<Option<u64>> {
        (0..self.seats.len())
            .map(|seat| self.clocks.remaining_ms(seat))
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
