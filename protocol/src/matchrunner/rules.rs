//! Tessera's own rules as the runner needs them, over the protocol's variant switch:
//! set up a game, check and play the moves engines send, ask who is to move.

use crate::variant::AnyGame;
use crate::with_game;
use engine::game::{Game, MoveError, Points, Seat};
use engine::variants::Variant;
use rand::seq::SliceRandom;
use rand::Rng;

/// The start position of `variant`; `players` is the variant's `Players` option (the
/// variant's default when absent).
pub fn start_position(variant: Variant, players: Option<&str>) -> Result<AnyGame, String> {
    AnyGame::start_with_players(variant, players.unwrap_or("")).map_err(|e| e.to_string())
}

/// A position of `variant` from its position string, with the same `players`.
pub fn from_position_string(
    variant: Variant,
    text: &str,
    players: Option<&str>,
) -> Result<AnyGame, String> {
    AnyGame::from_position_string_with_players(variant, text, players.unwrap_or(""))
        .map_err(|e| e.to_string())
}

pub fn seats(game: &AnyGame) -> usize {
    with_game!(game, g => g.seats())
}

/// Each seat's points if the game were drawn here, as the variant's rules share a draw.
pub fn draw_points(game: &AnyGame) -> Vec<Points> {
    with_game!(game, g => g.draw_points().to_vec())
}

pub fn to_move(game: &AnyGame) -> Seat {
    with_game!(game, g => g.to_move())
}

/// Checks `token` against the position and plays it; returns the move in the variant's
/// own notation (which may differ from the engine's spelling, e.g. in letter case).
pub fn play(game: &mut AnyGame, token: &str) -> Result<String, MoveError> {
    with_game!(game, g => {
        let mv = g.parse_move(token)?;
        let text = g.move_string(mv);
        g.make_move(mv);
        Ok(text)
    })
}

/// Plays a random legal move that captures or promotes nothing; returns its notation,
/// or `None` when there is no such move.
pub fn play_random_quiet_move(game: &mut AnyGame, rng: &mut impl Rng) -> Option<String> {
    with_game!(game, g => {
        let mut list = Default::default();
        g.generate_moves(&mut list);
        let quiet: Vec<_> = list.iter().copied().filter(|&mv| !g.is_tactical(mv)).collect();
        let &mv = quiet.choose(rng)?;
        let text = g.move_string(mv);
        g.make_move(mv);
        Some(text)
    })
}

/// Whether the side to move is out of check and can neither capture nor promote: a
/// cheap sign that nobody loses material at once.
pub fn is_quiet(game: &AnyGame) -> bool {
    with_game!(game, g => {
        let mut list = Default::default();
        g.generate_moves(&mut list);
        !g.in_check() && !list.is_empty() && !list.iter().any(|&mv| g.is_tactical(mv))
    })
}
