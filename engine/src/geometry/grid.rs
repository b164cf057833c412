//! A square grid of cells (Seven Kingdoms' 19 × 19 board of intersections).
//!
//! Cells are numbered `width·y + x`, rank by rank from `y = 0`. Names are a file letter
//! (`a` for `x = 0`) and the rank as a decimal number starting at 0, as Seven Kingdoms'
//! reference implementation writes them (`a0`, `j9`, `s18`).

use crate::bitboard::Bitboard;
use arrayvec::ArrayVec;

/// The eight directions as `(dx, dy)`: N, S, E, W, NE, NW, SE, SW.
pub const GRID_DIRECTIONS: [(i32, i32); 8] = [
    (0, 1),
    (0, -1),
    (1, 0),
    (-1, 0),
    (1, 1),
    (-1, 1),
    (1, -1),
    (-1, -1),
];
/// Indices of the orthogonal directions in [`GRID_DIRECTIONS`].
pub const ORTHOGONAL_DIRECTIONS: [usize; 4] = [0, 1, 2, 3];
/// Indices of the diagonal directions in [`GRID_DIRECTIONS`].
pub const DIAGONAL_DIRECTIONS: [usize; 4] = [4, 5, 6, 7];

/// The longest ray of a grid of up to 19 cells a side.
pub type RayCells = ArrayVec<u16, 18>;

/// Precomputed geometry of a `width × height` grid.
pub struct Grid<B: Bitboard> {
    width: usize,
    height: usize,
    /// `rays[cell][d]`: the cells from `cell` in direction `d`, nearest first.
    rays: Vec<[RayCells; 8]>,
    /// The same rays as bitboards.
    ray_masks: Vec<[B; 8]>,
}

impl<B: Bitboard> Grid<B> {
    pub fn new(width: usize, height: usize) -> Self {
        assert!(
            width * height <= B::CAPACITY,
            "bitboard too small for the grid"
        );
        assert!(width <= 19 && height <= 19, "rays hold at most 18 cells");
        let step = |cell: usize, d: usize| {
            let (x, y) = ((cell % width) as i32, (cell / width) as i32);
            let (dx, dy) = GRID_DIRECTIONS[d];
            let (nx, ny) = (x + dx, y + dy);
            (nx >= 0 && ny >= 0 && (nx as usize) < width && (ny as usize) < height)
                .then(|| ny as usize * width + nx as usize)
        };
        let rays: Vec<[RayCells; 8]> = (0..width * height)
            .map(|cell| {
                std::array::from_fn(|d| {
                    std::iter::successors(step(cell, d), |&c| step(c, d))
                        .map(|c| c as u16)
                        .collect()
                })
            })
            .collect();
        let ray_masks = rays
            .iter()
            .map(|r| {
                std::array::from_fn(|d| {
                    r[d].iter()
                        .fold(B::EMPTY, |bb, &c| bb | B::cell(c as usize))
                })
            })
            .collect();
        Grid {
            width,
            height,
            rays,
            ray_masks,
        }
    }

    /// Number of cells.
    pub fn len(&self) -> usize {
        self.width * self.height
    }

    /// A grid always has cells; provided for symmetry with `len`.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    pub fn width(&self) -> usize {
        self.width
    }

    pub fn height(&self) -> usize {
        self.height
    }

    /// The cell at `(x, y)`, if on the board.
    pub fn cell(&self, x: i32, y: i32) -> Option<usize> {
        (x >= 0 && y >= 0 && (x as usize) < self.width && (y as usize) < self.height)
            .then(|| y as usize * self.width + x as usize)
    }

    /// `(x, y)` of a cell.
    pub fn coords(&self, cell: usize) -> (i32, i32) {
        ((cell % self.width) as i32, (cell / self.width) as i32)
    }

    /// The cells of the ray from `cell` in direction `d`, nearest first.
    #[inline]
    pub fn ray(&self, cell: usize, d: usize) -> &RayCells {
        &self.rays[cell][d]
    }

    /// The ray from `cell` in direction `d` as a bitboard.
    #[inline]
    pub fn ray_mask(&self, cell: usize, d: usize) -> B {
        self.ray_masks[cell][d]
    }

    /// The cell's name, e.g. `j9`.
    pub fn name(&self, cell: usize) -> String {
        let (x, y) = self.coords(cell);
        format!("{}{}", (b'a' + x as u8) as char, y)
    }

    /// Parses a cell name at the start of `text` (a file letter and a rank without leading
    /// zero); returns the cell and the number of bytes used.
    pub fn parse_cell_prefix(&self, text: &str) -> Option<(usize, usize)> {
        let bytes = text.as_bytes();
        let letter = *bytes.first()?;
        if !letter.is_ascii_lowercase() {
            return None;
        }
        let digits = bytes[1..].iter().take_while(|b| b.is_ascii_digit()).count();
        if digits == 0 || digits > 2 || (digits == 2 && bytes[1] == b'0') {
            return None;
        }
        let y: i32 = text[1..1 + digits].parse().ok()?;
        let cell = self.cell((letter - b'a') as i32, y)?;
        Some((cell, 1 + digits))
    }

    /// Parses a whole cell name.
    pub fn parse_cell(&self, text: &str) -> Option<usize> {
        self.parse_cell_prefix(text)
            .filter(|&(_, used)| used == text.len())
            .map(|(c, _)| c)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bitboard::Wide384;

    #[test]
    fn names_coordinates_and_rays() {
        let g = Grid::<Wide384>::new(19, 19);
        assert_eq!(g.len(), 361);
        let j9 = g.parse_cell("j9").unwrap();
        assert_eq!(j9, 180);
        assert_eq!(g.name(j9), "j9");
        assert_eq!(g.parse_cell("a0"), Some(0));
        assert_eq!(g.parse_cell("s18"), Some(360));
        for bad in ["", "a", "a19", "t0", "a00", "a05", "A1", "a1x", "a123"] {
            assert_eq!(g.parse_cell(bad), None, "{bad}");
        }
        assert_eq!(g.ray(j9, 0).len(), 9);
        assert_eq!(g.ray(0, 4).len(), 18);
        assert_eq!(g.ray(0, 7).len(), 0);
        assert_eq!(g.ray_mask(j9, 2).count(), 9);
        assert_eq!(
            g.ray(j9, 5).first().map(|&c| g.name(c as usize)),
            Some("i10".to_string())
        );
    }
}
