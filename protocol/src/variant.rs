//! The protocol's variant switch: one enum arm per implemented game type, so that each
//! command dispatches once and the search below it is monomorphised per variant.

use engine::game::{Game, MoveError, MoveErrorKind, PositionError, Seat, Status};
use engine::search::multiplayer::{Algorithm, MultiSearcher};
use engine::search::{Control, Evaluator, Limits, Options, Report, SearchResult, Searcher};
use engine::variants::hepta::Hepta;
use engine::variants::hexian::{self, HexianGame, Patron, PlayerCount, ARMY_NAMES};
use engine::variants::hexmate::{Hexmate, Ruleset};
use engine::variants::panoply::Panoply;
use engine::variants::sevenkingdoms::{Players, SevenKingdoms, COLOUR_NAMES, KINGDOMS};
use engine::variants::Variant;
use evaluation::{HeptaEval, HexianEval, HexmateEval, PanoplyEval, SevenKingdomsEval};
use std::fmt;

/// A position of any implemented variant.
// A session holds one position; variants differ in size, and boxing would only add an
// indirection to every command.
#[allow(clippy::large_enum_variant)]
#[derive(Clone, Debug)]
pub enum AnyGame {
    Hexmate(Hexmate),
    Panoply(Panoply),
    Hepta(Hepta),
    SevenKingdoms(SevenKingdoms),
    Hexian(HexianGame),
}

/// Runs `$body` with `$g` bound to the concrete position inside an [`AnyGame`].
#[macro_export]
macro_rules! with_game {
    ($any:expr, $g:ident => $body:expr) => {
        match $any {
            $crate::variant::AnyGame::Hexmate($g) => $body,
            $crate::variant::AnyGame::Panoply($g) => $body,
            $crate::variant::AnyGame::Hepta($g) => $body,
            $crate::variant::AnyGame::SevenKingdoms($g) => $body,
            $crate::variant::AnyGame::Hexian($g) => $body,
        }
    };
}

/// What `go` and `analyse` ask of a searcher, whether two-player or multi-player; each
/// arm of [`with_searcher!`] calls it on a concrete type, so nothing is dispatched
/// dynamically.
pub trait Search<G: Game> {
    fn search(
        &mut self,
        root: &G,
        limits: &Limits<G::Move>,
        control: &Control,
        report: &mut dyn FnMut(Report<'_, G::Move>),
    ) -> SearchResult<G::Move>;
}

impl<G: Game, E: Evaluator<G>> Search<G> for Searcher<G, E> {
    fn search(
        &mut self,
        root: &G,
        limits: &Limits<G::Move>,
        control: &Control,
        report: &mut dyn FnMut(Report<'_, G::Move>),
    ) -> SearchResult<G::Move> {
        Searcher::search(self, root, limits, control, report)
    }
}

impl<G: Game, E: Evaluator<G>> Search<G> for MultiSearcher<G, E> {
    fn search(
        &mut self,
        root: &G,
        limits: &Limits<G::Move>,
        control: &Control,
        report: &mut dyn FnMut(Report<'_, G::Move>),
    ) -> SearchResult<G::Move> {
        MultiSearcher::search(self, root, limits, control, report)
    }
}

/// An evaluation's terms and its value for the side to move.
fn explained<G: Game, E: Evaluator<G>>(eval: &E, game: &G) -> (String, i32) {
    (eval.explain(game), eval.evaluate(game))
}

/// What a searcher is built with: the engine options and the algorithm for positions of
/// more than two players (the `Multiplayer Search` option).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SearchSettings {
    pub options: Options,
    pub algorithm: Algorithm,
}

/// A searcher (table, history, evaluator) for the game type of an [`AnyGame`] arm.
pub enum AnySearcher {
    Hexmate(Searcher<Hexmate, HexmateEval>),
    Panoply(Searcher<Panoply, PanoplyEval>),
    Hepta(Searcher<Hepta, HeptaEval>),
    /// Seven Kingdoms with any division into players: the multi-player searches, and the
    /// two-player search for two seats.
    SevenKingdoms(MultiSearcher<SevenKingdoms, SevenKingdomsEval>),
    /// Hexian with 6 or 3 players by the multi-player searches, with 2 by the two-player
    /// search.
    Hexian(MultiSearcher<HexianGame, HexianEval>),
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
            ($crate::variant::AnySearcher::Hepta($s), $crate::variant::AnyGame::Hepta($g)) => $body,
            (
                $crate::variant::AnySearcher::SevenKingdoms($s),
                $crate::variant::AnyGame::SevenKingdoms($g),
            ) => $body,
            ($crate::variant::AnySearcher::Hexian($s), $crate::variant::AnyGame::Hexian($g)) => {
                $body
            }
            _ => unreachable!("the session keeps the searcher and the position of one game type"),
        }
    };
}

impl AnySearcher {
    /// A new searcher for the game type of `game`.
    pub fn for_game(game: &AnyGame, settings: &SearchSettings) -> AnySearcher {
        let options = settings.options.clone();
        let mut searcher = match game {
            AnyGame::Hexmate(_) => AnySearcher::Hexmate(Searcher::new(options)),
            AnyGame::Panoply(_) => AnySearcher::Panoply(Searcher::new(options)),
            AnyGame::Hepta(_) => AnySearcher::Hepta(Searcher::new(options)),
            AnyGame::SevenKingdoms(_) => AnySearcher::SevenKingdoms(MultiSearcher::new(options)),
            AnyGame::Hexian(_) => AnySearcher::Hexian(MultiSearcher::new(options)),
        };
        searcher.configure(settings);
        searcher
    }

    /// Whether this searcher plays the game type of `game`.
    pub fn fits(&self, game: &AnyGame) -> bool {
        matches!(
            (self, game),
            (AnySearcher::Hexmate(_), AnyGame::Hexmate(_))
                | (AnySearcher::Panoply(_), AnyGame::Panoply(_))
                | (AnySearcher::Hepta(_), AnyGame::Hepta(_))
                | (AnySearcher::SevenKingdoms(_), AnyGame::SevenKingdoms(_))
                | (AnySearcher::Hexian(_), AnyGame::Hexian(_))
        )
    }

    /// Applies new settings; two-player searchers have no use for the algorithm.
    pub fn configure(&mut self, settings: &SearchSettings) {
        let options = settings.options.clone();
        match self {
            AnySearcher::Hexmate(s) => s.set_options(options),
            AnySearcher::Panoply(s) => s.set_options(options),
            AnySearcher::Hepta(s) => s.set_options(options),
            AnySearcher::SevenKingdoms(s) => {
                s.set_options(options);
                s.set_algorithm(settings.algorithm);
            }
            AnySearcher::Hexian(s) => {
                s.set_options(options);
                s.set_algorithm(settings.algorithm);
            }
        }
    }

    pub fn clear(&mut self) {
        match self {
            AnySearcher::Hexmate(s) => s.clear(),
            AnySearcher::Panoply(s) => s.clear(),
            AnySearcher::Hepta(s) => s.clear(),
            AnySearcher::SevenKingdoms(s) => s.clear(),
            AnySearcher::Hexian(s) => s.clear(),
        }
    }

    pub fn hashfull(&self) -> u32 {
        match self {
            AnySearcher::Hexmate(s) => s.hashfull(),
            AnySearcher::Panoply(s) => s.hashfull(),
            AnySearcher::Hepta(s) => s.hashfull(),
            AnySearcher::SevenKingdoms(s) => s.hashfull(),
            AnySearcher::Hexian(s) => s.hashfull(),
        }
    }
}

/// Why a position could not be set up.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SetupError {
    /// A `Players` value the variant cannot divide its armies by.
    Players {
        variant: Variant,
        value: String,
        reason: String,
    },
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
            SetupError::Players {
                variant,
                value,
                reason,
            } => write!(
                f,
                "Players '{value}' does not fit {}: {reason}",
                variant.id()
            ),
            SetupError::Position(e) => write!(f, "bad position string: {e}"),
            SetupError::Move { index, error } => write!(f, "move {}: {error}", index + 1),
        }
    }
}

impl std::error::Error for SetupError {}

/// The Seven Kingdoms division of the `Players` option; empty means one kingdom per
/// player (§13.2).
fn kingdom_players(players: &str) -> Result<Players, SetupError> {
    if players.is_empty() {
        return Ok(Players::default());
    }
    Players::parse(players).map_err(|reason| SetupError::Players {
        variant: Variant::SevenKingdoms,
        value: players.to_string(),
        reason,
    })
}

/// The Hexian number of players of the `Players` option: `2`, `3` or `6`; empty means
/// six (§13).
fn army_players(players: &str) -> Result<PlayerCount, SetupError> {
    if players.is_empty() {
        return Ok(PlayerCount::default());
    }
    players
        .parse()
        .ok()
        .and_then(PlayerCount::from_number)
        .ok_or_else(|| SetupError::Players {
            variant: Variant::Hexian,
            value: players.to_string(),
            reason: "hexian is played by 2, 3 or 6 players".to_string(),
        })
}

/// The Hexian patron of the `Patron` option (1 to 6; the option's range is checked when it
/// is set, anything else means the default, Astaroth).
fn patron(number: u8) -> Patron {
    Patron::from_number(u32::from(number)).unwrap_or_default()
}

impl AnyGame {
    /// The start position of `variant` with its default players.
    pub fn start(variant: Variant) -> Result<AnyGame, SetupError> {
        AnyGame::start_with_players(variant, "")
    }

    /// The start position of `variant` with the armies divided as the `Players` option
    /// says (empty: the variant's default; variants without players ignore it).
    pub fn start_with_players(variant: Variant, players: &str) -> Result<AnyGame, SetupError> {
        AnyGame::start_with_options(variant, players, 1)
    }

    /// The start position of `variant` with the `Players` option and, for Hexian, the
    /// `Patron` option (§13).
    pub fn start_with_options(
        variant: Variant,
        players: &str,
        patron_number: u8,
    ) -> Result<AnyGame, SetupError> {
        match variant {
            Variant::Hexmate => Ok(AnyGame::Hexmate(Hexmate::start(&Ruleset::Hexmate))),
            Variant::Hexchoice => Ok(AnyGame::Hexmate(Hexmate::start(&Ruleset::Hexchoice))),
            Variant::Panoply => Ok(AnyGame::Panoply(Panoply::start(&()))),
            Variant::Hepta => Ok(AnyGame::Hepta(Hepta::start(&()))),
            Variant::SevenKingdoms => Ok(AnyGame::SevenKingdoms(SevenKingdoms::start(
                &kingdom_players(players)?,
            ))),
            Variant::Hexian => Ok(AnyGame::Hexian(HexianGame::start(&hexian::Config {
                patron: patron(patron_number),
                players: army_players(players)?,
            }))),
        }
    }

    /// Reads a position string of `variant` with its default players.
    pub fn from_position_string(variant: Variant, text: &str) -> Result<AnyGame, SetupError> {
        AnyGame::from_position_string_with_players(variant, text, "")
    }

    /// Reads a position string of `variant` with the armies divided as the `Players`
    /// option says.
    pub fn from_position_string_with_players(
        variant: Variant,
        text: &str,
        players: &str,
    ) -> Result<AnyGame, SetupError> {
        let wrap = |r: Result<Hexmate, PositionError>| {
            r.map(AnyGame::Hexmate).map_err(SetupError::Position)
        };
        match variant {
            Variant::Hexmate => wrap(Hexmate::from_position_string(text, &Ruleset::Hexmate)),
            Variant::Hexchoice => wrap(Hexmate::from_position_string(text, &Ruleset::Hexchoice)),
            Variant::Panoply => Panoply::from_position_string(text, &())
                .map(AnyGame::Panoply)
                .map_err(SetupError::Position),
            Variant::Hepta => Hepta::from_position_string(text, &())
                .map(AnyGame::Hepta)
                .map_err(SetupError::Position),
            Variant::SevenKingdoms => {
                SevenKingdoms::from_position_string(text, &kingdom_players(players)?)
                    .map(AnyGame::SevenKingdoms)
                    .map_err(SetupError::Position)
            }
            Variant::Hexian => {
                let config = hexian::Config {
                    players: army_players(players)?,
                    ..hexian::Config::default()
                };
                HexianGame::from_position_string(text, &config)
                    .map(AnyGame::Hexian)
                    .map_err(SetupError::Position)
            }
        }
    }

    /// The same position with the armies divided as `players` says: a Seven Kingdoms
    /// position is read again from its string, which holds all its state (R53); the
    /// division decides the seats, the result vector and whether the last player is left
    /// (R44). A Hexian position keeps its own players field (§13: the option describes
    /// the next `startpos`), so only the value is checked. `None` for variants without
    /// players.
    pub fn with_players(&self, players: &str) -> Result<Option<AnyGame>, SetupError> {
        let g = match self {
            AnyGame::SevenKingdoms(g) => g,
            AnyGame::Hexian(_) => return army_players(players).map(|_| None),
            _ => return Ok(None),
        };
        SevenKingdoms::from_position_string(&g.position_string(), &kingdom_players(players)?)
            .map(|g| Some(AnyGame::SevenKingdoms(g)))
            .map_err(SetupError::Position)
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
    /// Only moves the search can play count: Seven Kingdoms' record token for a
    /// resignation (R55) is read by `parse_move` but is no move to search.
    pub fn check_moves(&self, tokens: &[String]) -> Result<(), SetupError> {
        with_game!(self, g => {
            let mut list = Default::default();
            g.generate_moves(&mut list);
            tokens.iter().enumerate().try_for_each(|(index, token)| {
                let mv = g.parse_move(token).map_err(|error| SetupError::Move { index, error })?;
                if list.contains(&mv) {
                    Ok(())
                } else {
                    let error = MoveError::new(MoveErrorKind::Illegal, token, "not a move to search");
                    Err(SetupError::Move { index, error })
                }
            })
        })
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

    /// The static evaluation's terms (one per line) and its value for the side to move
    /// (in Seven Kingdoms, the score of the player to move).
    pub fn explain_evaluation(&self) -> (String, i32) {
        match self {
            AnyGame::Hexmate(g) => explained(&HexmateEval, g),
            AnyGame::Panoply(g) => explained(&PanoplyEval, g),
            AnyGame::Hepta(g) => explained(&HeptaEval, g),
            AnyGame::SevenKingdoms(g) => explained(&SevenKingdomsEval, g),
            AnyGame::Hexian(g) => explained(&HexianEval, g),
        }
    }

    /// Who is to move: `white` or `black`; in Seven Kingdoms and Hexian the kingdom or
    /// army and its player, e.g. `red (player 2)`.
    pub fn side_to_move_name(&self) -> String {
        match self {
            AnyGame::Hexmate(g) => two_player_seat_name(g.to_move()).to_string(),
            AnyGame::Panoply(g) => two_player_seat_name(g.to_move()).to_string(),
            AnyGame::Hepta(g) => two_player_seat_name(g.to_move()).to_string(),
            AnyGame::SevenKingdoms(g) => format!(
                "{} (player {})",
                COLOUR_NAMES[g.side()].to_lowercase(),
                g.to_move() + 1
            ),
            AnyGame::Hexian(g) => format!(
                "{} (player {})",
                ARMY_NAMES[g.position().side()],
                g.to_move() + 1
            ),
        }
    }

    /// What `d` shows of a finished game: the result line, and in Seven Kingdoms the
    /// report of §13.3. Empty while the game goes on.
    pub fn ending_lines(&self) -> Vec<String> {
        let Status::Over(outcome) = self.status() else {
            return Vec::new();
        };
        let mut lines = vec![format!(
            "Result: {} {}",
            outcome.result_string(),
            outcome.reason
        )];
        if let AnyGame::SevenKingdoms(g) = self {
            lines.extend(kingdoms_report(g));
        }
        lines
    }
}

fn two_player_seat_name(seat: Seat) -> &'static str {
    if seat == 0 {
        "white"
    } else {
        "black"
    }
}

/// §13.3 for a finished game, with the reference data's colour names: the winning
/// kingdom (`none` under R44 and R45), the label (R48), the captured kingdoms per holder
/// in capture order (holders in turn order) and the kingdoms still in the game (R28).
fn kingdoms_report(g: &SevenKingdoms) -> Vec<String> {
    let Some(ending) = g.ending() else {
        return Vec::new();
    };
    let winner = ending.winner.map_or("none", |k| COLOUR_NAMES[k]);
    let holdings: Vec<String> = (0..KINGDOMS)
        .filter_map(|holder| {
            let captured: Vec<&str> = g
                .captured_kingdoms()
                .iter()
                .filter(|&&(h, _)| usize::from(h) == holder)
                .map(|&(_, k)| COLOUR_NAMES[usize::from(k)])
                .collect();
            (!captured.is_empty())
                .then(|| format!("{}: {}", COLOUR_NAMES[holder], captured.join(" ")))
        })
        .collect();
    let in_game: Vec<&str> = (0..KINGDOMS)
        .filter(|&k| g.in_game(k))
        .map(|k| COLOUR_NAMES[k])
        .collect();
    vec![
        format!("Winner: {winner}"),
        format!("Victory: {}", ending.label.as_str()),
        format!(
            "Captured kingdoms: {}",
            if holdings.is_empty() {
                "none".to_string()
            } else {
                holdings.join("; ")
            }
        ),
        format!("In game: {}", in_game.join(" ")),
    ]
}
