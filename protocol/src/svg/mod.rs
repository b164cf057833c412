//! Pictures of positions: `tessera svg` and the browser GUI draw through this module.
//!
//! [`render`] draws a variant's [`BoardView`] with [`Options`] as an SVG string; [`draw`]
//! does it for any position from moves and cell names, checking each token, as the
//! command line and the GUI receive them. `command` is the `tessera svg` subcommand.

pub mod command;
mod palette;
mod render;

pub use render::{render, render_arrows, Options};

use crate::variant::AnyGame;
use crate::with_game;
use engine::game::MoveError;
use engine::view::{BoardView, MoveCells, Viewable};
use std::fmt;

/// What to show besides the position, by name: the moves that lead to it (the last is
/// marked), arrows for moves of the position shown (each legal there: a best move, the
/// first moves of MultiPV lines, a piece's choices), a line of moves played one after the
/// other from the position shown (a principal variation), and cells to highlight.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Request {
    pub moves: Vec<String>,
    pub arrows: Vec<String>,
    pub pv: Vec<String>,
    pub highlights: Vec<String>,
    /// Degrees anticlockwise (see [`Options::rotation`]).
    pub rotation: u16,
    pub size: u32,
    /// Write each cell's name in it.
    pub cell_names: bool,
    pub title: String,
}

/// A token of a [`Request`] that names nothing drawable.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PictureError {
    /// Move `index` (0-based) of `--moves`.
    Move { index: usize, error: MoveError },
    /// Arrow `index` (0-based) of `--arrows`.
    Arrow { index: usize, error: MoveError },
    /// Move `index` (0-based) of `--pv`.
    Line { index: usize, error: MoveError },
    /// An arrow's move that touches no two cells (a pass, a Temple move).
    ArrowWithoutCells(String),
    /// A name in `--highlight` that is no cell of the board.
    Cell(String),
}

impl fmt::Display for PictureError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PictureError::Move { index, error } => write!(f, "move {}: {error}", index + 1),
            PictureError::Arrow { index, error } => write!(f, "arrow {}: {error}", index + 1),
            PictureError::Line { index, error } => write!(f, "pv move {}: {error}", index + 1),
            PictureError::ArrowWithoutCells(token) => {
                write!(f, "arrow '{token}': the move goes from no cell to another")
            }
            PictureError::Cell(token) => write!(f, "unknown cell '{token}' in --highlight"),
        }
    }
}

impl std::error::Error for PictureError {}

/// The cells of each of `tokens`, every one a move of `game` as it stands.
fn alternatives<G: Viewable>(
    game: &G,
    tokens: &[String],
) -> Result<Vec<MoveCells>, (usize, MoveError)> {
    tokens
        .iter()
        .enumerate()
        .map(|(index, token)| {
            let played = play(&mut game.clone(), std::slice::from_ref(token));
            played.map(|cells| cells[0]).map_err(|(_, e)| (index, e))
        })
        .collect()
}

/// Plays `tokens` on `game`; returns the cells of each move in its own position.
fn play<G: Viewable>(
    game: &mut G,
    tokens: &[String],
) -> Result<Vec<MoveCells>, (usize, MoveError)> {
    tokens
        .iter()
        .enumerate()
        .map(|(index, token)| {
            let mv = game.parse_move(token).map_err(|e| (index, e))?;
            let cells = game.move_cells(mv);
            game.make_move(mv);
            Ok(cells)
        })
        .collect()
}

/// The view of `game` after the request's moves, and the drawing options.
fn prepare<G: Viewable>(game: &G, request: &Request) -> Result<(BoardView, Options), PictureError> {
    let mut shown = game.clone();
    let played = play(&mut shown, &request.moves)
        .map_err(|(index, error)| PictureError::Move { index, error })?;
    let view = shown.view();
    let choices = alternatives(&shown, &request.arrows)
        .map_err(|(index, error)| PictureError::Arrow { index, error })?;
    let line = play(&mut shown.clone(), &request.pv)
        .map_err(|(index, error)| PictureError::Line { index, error })?;
    let arrows = choices
        .into_iter()
        .chain(line)
        .zip(request.arrows.iter().chain(&request.pv))
        .map(|(cells, token)| match (cells.from, cells.to) {
            (Some(from), Some(to)) => Ok((from, to)),
            _ => Err(PictureError::ArrowWithoutCells(token.clone())),
        })
        .collect::<Result<Vec<_>, _>>()?;
    let highlights = request
        .highlights
        .iter()
        .map(|name| {
            view.geometry
                .cell_named(name)
                .ok_or_else(|| PictureError::Cell(name.clone()))
        })
        .collect::<Result<Vec<_>, _>>()?;
    let options = Options {
        size: request.size,
        rotation: request.rotation,
        highlights,
        arrows,
        last_move: played.last().copied().unwrap_or_default(),
        cell_names: request.cell_names,
        title: request.title.clone(),
    };
    Ok((view, options))
}

/// Only the arrows group of [`draw`]'s picture, for a page that shows that picture
/// already and changes its arrows (the GUI's analysis).
pub fn draw_arrows(game: &AnyGame, request: &Request) -> Result<String, PictureError> {
    with_game!(game, g => prepare(g, request)).map(|(view, options)| render_arrows(&view, &options))
}

/// The picture of `game` after `request.moves`, with its arrows and highlights: the
/// whole SVG document, or the first bad token.
pub fn draw(game: &AnyGame, request: &Request) -> Result<String, PictureError> {
    with_game!(game, g => prepare(g, request)).map(|(view, options)| render(&view, &options))
}
