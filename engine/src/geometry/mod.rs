//! Board geometries. `hexagon` serves the regular hexagons of any side (Hexmate and
//! Panoply on side 7, Hexian on side 9); `hepta` the 127-hex Hepta board of alternating
//! 8- and 9-hex files; `grid` the square grid of Seven Kingdoms.

pub mod grid;
pub mod hepta;
pub mod hexagon;

pub use grid::{Grid, DIAGONAL_DIRECTIONS, GRID_DIRECTIONS, ORTHOGONAL_DIRECTIONS};
pub use hexagon::{
    hex127, Direction, Hexagon, ALL_DIRECTIONS, DIAGONAL, KNIGHT_OFFSETS, ORTHOGONAL,
};
