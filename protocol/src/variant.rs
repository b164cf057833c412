//! The protocol's variant switch: one enum arm per implemented game type, so that each
//! command dispatches once and the search below it is monomorphised per variant.

use engine::game::{Game, MoveError, PositionError, Seat, Status};
use engine::search::{bench, BenchResult, Evaluator, Options, Searcher};
use engine::variants::hexmate::{Hexmate, Ruleset};
use engine::variants::panoply::Panoply;
use engine::variants::Variant;
use evaluation::{HexmateEval, PanoplyEval};
use std::fmt;

/// A position of any implemented variant.
// A session holds one position; variants differ in size, and boxing would only add an
// indirection to every command.
#[allow(clippy::large_enum_variant)]
#[derive(Clone, Debug)]
pub enum AnyGame {
    Hexmate(Hexmate),
    Panoply(Panoply),
}

/// Runs `$body` with `$g` bound to the concrete position inside an [`AnyGame`].
#[macro_export]
macro_rules! with_game {
    ($any:expr, $g:ident => $body:expr) => {
        match $any {
            $crate::variant::AnyGame::Hexmate($g) => $body,
            $crate::variant::AnyGame::Panoply($g) => $body,
        }
    };
}

/// A searcher (table, history, evaluator) for the game type of an [`AnyGame`] arm.
pub enum AnySearcher {
    Hexmate(Searcher<Hexmate, HexmateEval>),
    Panoply(Searcher<Panoply, PanoplyEval>),
}

/// Runs `$body` with `$s` and `$g` bound to the searcher and the position of the same
/// game type. The session keeps the two matching ([`AnySearcher::fits`]).
#[macro_export]
macro_rules! with_searcher {
    ($searcher:expr, $any:expr, ($s:ident, $g:ident) => $body:expr) => {
        match ($searcher, $any) {
            ($crate::variant::AnySearcher::Hexmate($s), $crate::variant::AnyGame::Hexmate($g)) => {
                $body
            }
            ($crate::variant::AnySearcher::Panoply($s), $crate::variant::AnyGame::Panoply($g)) => {
                $body
            }
            _ => unreachable!("the session keeps the searcher and the position of one game type"),
        }
    };
}

impl AnySearcher {
    /// A new searcher for the game type of `game`.
    pub fn for_game(game: &AnyGame, options: Options) -> AnySearcher {
        match game {
            AnyGame::Hexmate(_) => AnySearcher::Hexmate(Searcher::new(options)),
            AnyGame::Panoply(_) => AnySearcher::Panoply(Searcher::new(options)),
        }
    }

    /// Whether this searcher plays the game type of `game`.
    pub fn fits(&self, game: &AnyGame) -> bool {
        matches!(
            (self, game),
            (AnySearcher::Hexmate(_), AnyGame::Hexmate(_))
                | (AnySearcher::Panoply(_), AnyGame::Panoply(_))
        )
    }

    pub fn set_options(&mut self, options: Options) {
        match self {
            AnySearcher::Hexmate(s) => s.set_options(options),
            AnySearcher::Panoply(s) => s.set_options(options),
        }
    }

    pub fn clear(&mut self) {
        match self {
            AnySearcher::Hexmate(s) => s.clear(),
            AnySearcher::Panoply(s) => s.clear(),
        }
    }

    pub fn hashfull(&self) -> u32 {
        match self {
            AnySearcher::Hexmate(s) => s.hashfull(),
            AnySearcher::Panoply(s) => s.hashfull(),
        }
    }
}

/// Why a position could not be set up.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SetupError {
    NotImplemented(Variant),
    Position(PositionError),
    /// The move at `index` (0-based) of a move list.
    Move {
        index: usize,
        error: MoveError,
    },
}

impl fmt::Display for SetupError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SetupError::NotImplemented(v) => write!(f, "variant {} is not implemented yet", v.id()),
            SetupError::Position(e) => write!(f, "bad position string: {e}"),
            SetupError::Move { index, error } => write!(f, "move {}: {error}", index + 1),
        }
    }
}

impl std::error::Error for SetupError {}

impl AnyGame {
    /// The start position of `variant`, or an error naming an unimplemented variant.
    pub fn start(variant: Variant) -> Result<AnyGame, SetupError> {
        match variant {
            Variant::Hexmate => Ok(AnyGame::Hexmate(Hexmate::start(&Ruleset::Hexmate))),
            Variant::Hexchoice => Ok(AnyGame::Hexmate(Hexmate::start(&Ruleset::Hexchoice))),
            Variant::Panoply => Ok(AnyGame::Panoply(Panoply::start(&()))),
            other => Err(SetupError::NotImplemented(other)),
        }
    }

    /// Reads a position string of `variant`.
    pub fn from_position_string(variant: Variant, text: &str) -> Result<AnyGame, SetupError> {
        let wrap = |r: Result<Hexmate, PositionError>| {
            r.map(AnyGame::Hexmate).map_err(SetupError::Position)
        };
        match variant {
            Variant::Hexmate => wrap(Hexmate::from_position_string(text, &Ruleset::Hexmate)),
            Variant::Hexchoice => wrap(Hexmate::from_position_string(text, &Ruleset::Hexchoice)),
            Variant::Panoply => Panoply::from_position_string(text, &())
                .map(AnyGame::Panoply)
                .map_err(SetupError::Position),
            other => Err(SetupError::NotImplemented(other)),
        }
    }

    /// Plays the moves given as tokens, all or nothing: the error names the first bad
    /// token and its index in the list.
    pub fn play_tokens<'a>(
        &mut self,
        tokens: impl IntoIterator<Item = &'a str>,
    ) -> Result<(), SetupError> {
        let mut next = self.clone();
        with_game!(&mut next, g => {
            for (index, token) in tokens.into_iter().enumerate() {
                let mv = g
                    .parse_move(token)
                    .map_err(|error| SetupError::Move { index, error })?;
                g.make_move(mv);
            }
        });
        *self = next;
        Ok(())
    }

    /// Checks move tokens against this position without playing them (`searchmoves`).
    pub fn check_moves(&self, tokens: &[String]) -> Result<(), SetupError> {
        with_game!(self, g => tokens.iter().enumerate().try_for_each(|(index, token)| {
            g.parse_move(token).map(|_| ()).map_err(|error| SetupError::Move { index, error })
        }))
    }

    /// Every legal move in notation, sorted by text.
    pub fn legal_moves(&self) -> Vec<String> {
        with_game!(self, g => {
            let mut list = Default::default();
            g.generate_moves(&mut list);
            let mut moves: Vec<String> = list.iter().map(|&mv| g.move_string(mv)).collect();
            moves.sort();
            moves
        })
    }

    pub fn position_string(&self) -> String {
        with_game!(self, g => g.position_string())
    }

    pub fn hash(&self) -> u64 {
        with_game!(self, g => g.hash())
    }

    pub fn status(&self) -> Status {
        with_game!(self, g => g.status())
    }

    pub fn board_text(&self) -> String {
        with_game!(self, g => g.board_text())
    }

    /// Searches every position of `games` (all of one game type) to `depth` with a fresh
    /// searcher each: the engine's `bench`.
    pub fn bench(games: &[AnyGame], depth: u32, options: Options) -> BenchResult {
        fn of_type<G: Clone>(games: &[AnyGame], pick: impl Fn(&AnyGame) -> Option<&G>) -> Vec<G> {
            games.iter().filter_map(pick).cloned().collect()
        }
        match games.first() {
            Some(AnyGame::Panoply(_)) => {
                let positions = of_type(games, |g| match g {
                    AnyGame::Panoply(p) => Some(p),
                    _ => None,
                });
                bench::<Panoply, PanoplyEval>(&positions, depth, options)
            }
            _ => {
                let positions = of_type(games, |g| match g {
                    AnyGame::Hexmate(p) => Some(p),
                    _ => None,
                });
                bench::<Hexmate, HexmateEval>(&positions, depth, options)
            }
        }
    }

    /// The static evaluation's terms (one per line) and its value for the side to move.
    pub fn explain_evaluation(&self) -> (String, i32) {
        match self {
            AnyGame::Hexmate(g) => {
                let eval = HexmateEval;
                (eval.explain(g), eval.evaluate(g))
            }
            AnyGame::Panoply(g) => {
                let eval = PanoplyEval;
                (eval.explain(g), eval.evaluate(g))
            }
        }
    }

    /// The name of the seat to move (`white`, `black`).
    pub fn side_to_move_name(&self) -> &'static str {
        with_game!(self, g => hexmate_seat_name(g.to_move()))
    }
}

fn hexmate_seat_name(seat: Seat) -> &'static str {
    if seat == 0 {
        "white"
    } else {
        "black"
    }
}
