//! The Hepta main board (`docs/rules/hepta.md` §2): 15 files `a`…`o`, the short
//! files `a c e … o` with 8 hexes and the long files `b d … n` with 9 (R1), 127 hexes.
//!
//! Cells are numbered in the order the position string lists them read from rank 1 up:
//! rank k ≤ 8 holds cells `15·(k−1) + file` (all 15 files), rank 9 the seven long-file
//! cells `120 + file/2`. A `u128` holds one bit per cell.

use crate::bitboard::Bitboard;
use arrayvec::ArrayVec;
use std::sync::OnceLock;

/// Number of cells.
pub const CELLS: usize = 127;
/// Number of files.
pub const FILES: usize = 15;

/// The six orthogonal directions of R7, in the order N, NE, SE, S, SW, NW: direction
/// `d + 3 (mod 6)` is the opposite of `d`.
pub const DIRECTIONS: [(i32, i32); 6] = [(0, 1), (1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1)];
pub const N: usize = 0;
pub const NE: usize = 1;
pub const SE: usize = 2;
pub const S: usize = 3;
pub const SW: usize = 4;
pub const NW: usize = 5;

/// The cells of a ray, nearest first (a line has at most 15 cells).
pub type Ray = ArrayVec<u8, 15>;

/// Tables of the board, built once.
pub struct HeptaBoard {
    /// File index (`a` = 0) and rank (1-based) of each cell.
    pub file_rank: [(u8, u8); CELLS],
    /// `rays[cell][d]`: the cells from `cell` outwards in direction `d` (R9).
    pub rays: Vec<[Ray; 6]>,
    /// The cells adjacent to each cell (R4).
    pub adjacent: [u128; CELLS],
    /// The cells of each file, lowest rank first.
    pub files: [ArrayVec<u8, 9>; FILES],
    /// Each cell's file as a bitboard.
    pub file_mask: [u128; FILES],
}

impl HeptaBoard {
    fn build() -> HeptaBoard {
        let mut file_rank = [(0u8, 0u8); CELLS];
        let mut files: [ArrayVec<u8, 9>; FILES] = Default::default();
        for (file, cells) in files.iter_mut().enumerate() {
            for rank in 1..=file_height(file) {
                let cell = cell_index(file, rank).expect("a board cell");
                file_rank[cell] = (file as u8, rank as u8);
                cells.push(cell as u8);
            }
        }
        let step = |cell: usize, d: usize| {
            let (file, rank) = file_rank[cell];
            let (q, r) = axial(file as usize, rank as usize);
            let (dq, dr) = DIRECTIONS[d];
            from_axial(q + dq, r + dr)
        };
        let rays: Vec<[Ray; 6]> = (0..CELLS)
            .map(|cell| {
                std::array::from_fn(|d| {
                    std::iter::successors(step(cell, d), |&c| step(c, d))
                        .map(|c| c as u8)
                        .collect()
                })
            })
            .collect();
        let mut adjacent = [0u128; CELLS];
        for (cell, adj) in adjacent.iter_mut().enumerate() {
            *adj = rays[cell]
                .iter()
                .filter_map(|ray| ray.first())
                .fold(0, |bb, &c| bb | u128::cell(c as usize));
        }
        let file_mask = std::array::from_fn(|f| {
            files[f]
                .iter()
                .fold(0u128, |bb, &c| bb | u128::cell(c as usize))
        });
        HeptaBoard {
            file_rank,
            rays,
            adjacent,
            files,
            file_mask,
        }
    }

    /// The neighbour of `cell` in direction `d`, if any.
    #[inline]
    pub fn step(&self, cell: usize, d: usize) -> Option<usize> {
        self.rays[cell][d].first().map(|&c| c as usize)
    }

    /// The cell's name, e.g. `h5` (R3).
    pub fn name(&self, cell: usize) -> String {
        let (file, rank) = self.file_rank[cell];
        format!("{}{}", (b'a' + file) as char, rank)
    }

    /// The cell named `text` (exactly two characters, R3).
    pub fn parse_cell(&self, text: &str) -> Option<usize> {
        let bytes = text.as_bytes();
        if bytes.len() != 2 || !bytes[1].is_ascii_digit() || !(b'a'..=b'o').contains(&bytes[0]) {
            return None;
        }
        cell_index(usize::from(bytes[0] - b'a'), usize::from(bytes[1] - b'0'))
    }

    /// Whether `cell` lies on a long file.
    pub fn is_long_file(&self, cell: usize) -> bool {
        self.file_rank[cell].0 % 2 == 1
    }
}

/// The number of hexes of a file (R1).
pub fn file_height(file: usize) -> usize {
    if file % 2 == 1 {
        9
    } else {
        8
    }
}

/// The cell of file `file` and rank `rank`, if the board has it.
pub fn cell_index(file: usize, rank: usize) -> Option<usize> {
    if file >= FILES || rank == 0 || rank > file_height(file) {
        return None;
    }
    Some(if rank == 9 {
        120 + file / 2
    } else {
        15 * (rank - 1) + file
    })
}

/// The cells of rank `rank` (1–9) in file order: a range of cell indices.
pub fn rank_cells(rank: usize) -> std::ops::Range<usize> {
    if rank == 9 {
        120..127
    } else {
        15 * (rank - 1)..15 * rank
    }
}

/// Axial coordinates of R6.
pub fn axial(file: usize, rank: usize) -> (i32, i32) {
    let i = file as i32;
    (i - 7, rank as i32 - 1 - (i + 1) / 2)
}

/// The cell with axial coordinates `(q, r)`, if on the board.
fn from_axial(q: i32, r: i32) -> Option<usize> {
    let i = q + 7;
    if !(0..FILES as i32).contains(&i) {
        return None;
    }
    let rank = r + 1 + (i + 1) / 2;
    if rank < 1 {
        return None;
    }
    cell_index(i as usize, rank as usize)
}

/// The shared tables.
pub fn hepta_board() -> &'static HeptaBoard {
    static BOARD: OnceLock<HeptaBoard> = OnceLock::new();
    BOARD.get_or_init(HeptaBoard::build)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cell(name: &str) -> usize {
        hepta_board().parse_cell(name).expect(name)
    }

    fn neighbours(name: &str) -> Vec<String> {
        let b = hepta_board();
        (0..6)
            .filter_map(|d| b.step(cell(name), d))
            .map(|c| b.name(c))
            .collect()
    }

    #[test]
    fn r1_the_board_has_127_cells_named_once_each() {
        let b = hepta_board();
        let names: std::collections::HashSet<String> = (0..CELLS).map(|c| b.name(c)).collect();
        assert_eq!(names.len(), 127);
        for c in 0..CELLS {
            assert_eq!(b.parse_cell(&b.name(c)), Some(c));
        }
        assert_eq!(b.parse_cell("a9"), None);
        assert_eq!(b.parse_cell("b0"), None);
        assert_eq!(b.parse_cell("p1"), None);
        assert_eq!(b.parse_cell("b10"), None);
    }

    #[test]
    fn r7_neighbours_follow_the_direction_table() {
        // N, NE, SE, S, SW, NW where they exist.
        assert_eq!(neighbours("c4"), ["c5", "d5", "d4", "c3", "b4", "b5"]);
        assert_eq!(neighbours("d4"), ["d5", "e4", "e3", "d3", "c3", "c4"]);
        assert_eq!(neighbours("b1"), ["b2", "c1", "a1"]);
        assert_eq!(neighbours("h5"), ["h6", "i5", "i4", "h4", "g4", "g5"]);
    }

    #[test]
    fn r6_the_half_turn_maps_a1_to_o8_and_b1_to_n9() {
        assert_eq!(axial(0, 1), (-7, 0));
        assert_eq!(
            from_axial(7, -7).map(|c| hepta_board().name(c)),
            Some("o1".into())
        );
        assert_eq!(from_axial(7, 0), Some(cell("o8")));
        assert_eq!(from_axial(6, 1), Some(cell("n9")));
        assert_eq!(from_axial(0, 0), Some(cell("h5")));
    }
}
