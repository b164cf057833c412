//! Board geometries. `hexagon` serves the regular hexagons of any side (Hexmate and
//! Panoply on side 7, Hexian on side 9).

pub mod hexagon;

pub use hexagon::{
    hex127, Direction, Hexagon, ALL_DIRECTIONS, DIAGONAL, KNIGHT_OFFSETS, ORTHOGONAL,
};
