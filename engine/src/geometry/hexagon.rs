//! A regular hexagon of hexagonal cells, of any side length, in axial coordinates.
//!
//! Side 7 gives the 127-cell board of Hexmate and Panoply, side 9 the 217-cell board of
//! Hexian. Cells are numbered rank by rank from the first player's edge (lowest `r`
//! first), and within a rank by increasing `q` (file order), so a rank is a contiguous
//! range of indices and a step with `Δr > 0`, or `Δr = 0` and `Δq > 0`, always increases
//! the index. Slider attacks rely on that: along an increasing direction the first
//! blocker is the lowest set bit of the ray, along a decreasing one the highest.
//!
//! Names follow the shared conventions: file letter `a`… for `q = −(side−1)`…, rank
//! number `r + side` (1-based, no leading zero).

use crate::bitboard::Bitboard;

/// One of the twelve directions of a hexagonal board, as an axial offset.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Direction {
    pub name: &'static str,
    pub dq: i32,
    pub dr: i32,
}

impl Direction {
    /// Whether a step in this direction increases the cell index.
    pub const fn increases_index(self) -> bool {
        self.dr > 0 || (self.dr == 0 && self.dq > 0)
    }
}

const fn dir(name: &'static str, dq: i32, dr: i32) -> Direction {
    Direction { name, dq, dr }
}

/// The six orthogonal directions (to the edge-adjacent cells), anticlockwise from E.
pub const ORTHOGONAL: [Direction; 6] = [
    dir("E", 1, 0),
    dir("NE", 0, 1),
    dir("NW", -1, 1),
    dir("W", -1, 0),
    dir("SW", 0, -1),
    dir("SE", 1, -1),
];

/// The six diagonal directions (to the nearest cell of the same colour), anticlockwise
/// from ENE; diagonal `i` lies between orthogonal `i` and `i + 1`.
pub const DIAGONAL: [Direction; 6] = [
    dir("ENE", 1, 1),
    dir("N", -1, 2),
    dir("WNW", -2, 1),
    dir("WSW", -1, -1),
    dir("S", 1, -2),
    dir("ESE", 2, -1),
];

/// All twelve directions: index `0..6` orthogonal, `6..12` diagonal.
pub const ALL_DIRECTIONS: [Direction; 12] = [
    ORTHOGONAL[0],
    ORTHOGONAL[1],
    ORTHOGONAL[2],
    ORTHOGONAL[3],
    ORTHOGONAL[4],
    ORTHOGONAL[5],
    DIAGONAL[0],
    DIAGONAL[1],
    DIAGONAL[2],
    DIAGONAL[3],
    DIAGONAL[4],
    DIAGONAL[5],
];

/// The twelve offsets of Gliński's hexagonal knight: two orthogonal steps in one
/// direction, then one step turned 60° left or right.
pub const KNIGHT_OFFSETS: [(i32, i32); 12] = [
    (2, 1),
    (3, -1),
    (1, 2),
    (-1, 3),
    (-2, 3),
    (-3, 2),
    (-3, 1),
    (-2, -1),
    (-1, -2),
    (1, -3),
    (2, -3),
    (3, -2),
];

/// The 127-cell hexagon (side 7) shared by Hexmate, Panoply and Hepta's main board, built
/// once on first use.
pub fn hex127() -> &'static Hexagon<u128> {
    static HEX127: std::sync::OnceLock<Hexagon<u128>> = std::sync::OnceLock::new();
    HEX127.get_or_init(|| Hexagon::new(7))
}

/// Precomputed geometry of one hexagon: names, coordinates, neighbours, rays, leaps.
pub struct Hexagon<B: Bitboard> {
    side: usize,
    coords: Vec<(i32, i32)>,
    /// `(q + R) * (2R + 1) + (r + R)` → cell index, `u16::MAX` off the board.
    index: Vec<u16>,
    /// First cell index of each rank (rank 0 = the first player's edge) and its length.
    rank_start: Vec<usize>,
    rank_len: Vec<usize>,
    /// `steps[d][cell]`: the neighbour in direction `d`, if on the board.
    steps: [Vec<Option<u16>>; 12],
    /// `rays[d][cell]`: every cell of the line from `cell` in direction `d`.
    rays: [Vec<B>; 12],
    knight: Vec<B>,
    all: B,
}

impl<B: Bitboard> Hexagon<B> {
    /// Builds the tables of the hexagon with `side` cells on each edge.
    pub fn new(side: usize) -> Self {
        assert!(side >= 2, "a hexagon needs a side of at least 2");
        let radius = side as i32 - 1;
        let width = (2 * radius + 1) as usize;
        let mut coords = Vec::new();
        let mut rank_start = Vec::new();
        let mut rank_len = Vec::new();
        for r in -radius..=radius {
            rank_start.push(coords.len());
            let (lo, hi) = ((-radius).max(-radius - r), radius.min(radius - r));
            rank_len.push((hi - lo + 1) as usize);
            coords.extend((lo..=hi).map(|q| (q, r)));
        }
        assert!(
            coords.len() <= B::CAPACITY,
            "bitboard too small for the hexagon"
        );
        let mut index = vec![u16::MAX; width * width];
        for (cell, &(q, r)) in coords.iter().enumerate() {
            index[((q + radius) as usize) * width + (r + radius) as usize] = cell as u16;
        }
        let mut hex = Hexagon {
            side,
            coords,
            index,
            rank_start,
            rank_len,
            steps: Default::default(),
            rays: Default::default(),
            knight: Vec::new(),
            all: B::EMPTY,
        };
        let n = hex.coords.len();
        hex.all = (0..n).fold(B::EMPTY, |bb, c| bb | B::cell(c));
        for (d, direction) in ALL_DIRECTIONS.iter().enumerate() {
            hex.steps[d] = (0..n)
                .map(|c| hex.offset(c, direction.dq, direction.dr).map(|t| t as u16))
                .collect();
            hex.rays[d] = (0..n)
                .map(|c| {
                    let mut ray = B::EMPTY;
                    let mut cur = c;
                    while let Some(next) = hex.offset(cur, direction.dq, direction.dr) {
                        ray |= B::cell(next);
                        cur = next;
                    }
                    ray
                })
                .collect();
        }
        hex.knight = (0..n).map(|c| hex.leaps(c, &KNIGHT_OFFSETS)).collect();
        hex
    }

    /// Cells on each edge.
    pub fn side(&self) -> usize {
        self.side
    }

    /// Number of cells: `3·side·(side − 1) + 1`.
    pub fn len(&self) -> usize {
        self.coords.len()
    }

    /// A hexagon always has cells; provided for symmetry with `len`.
    pub fn is_empty(&self) -> bool {
        self.coords.is_empty()
    }

    /// Every cell of the board.
    pub fn all(&self) -> B {
        self.all
    }

    /// Number of ranks (`2·side − 1`).
    pub fn ranks(&self) -> usize {
        self.rank_start.len()
    }

    /// The cells of rank `rank` (0-based from the first player's edge), in file order.
    pub fn rank_cells(&self, rank: usize) -> std::ops::Range<usize> {
        self.rank_start[rank]..self.rank_start[rank] + self.rank_len[rank]
    }

    /// The 0-based rank of a cell.
    pub fn rank_of(&self, cell: usize) -> usize {
        (self.coords[cell].1 + self.side as i32 - 1) as usize
    }

    /// Axial coordinates of a cell.
    pub fn coords(&self, cell: usize) -> (i32, i32) {
        self.coords[cell]
    }

    /// The cell at axial `(q, r)`, if on the board.
    pub fn cell(&self, q: i32, r: i32) -> Option<usize> {
        let radius = self.side as i32 - 1;
        if q.abs() > radius || r.abs() > radius || (q + r).abs() > radius {
            return None;
        }
        let width = (2 * radius + 1) as usize;
        Some(self.index[((q + radius) as usize) * width + (r + radius) as usize] as usize)
    }

    /// The cell `(dq, dr)` away from `cell`, if on the board.
    pub fn offset(&self, cell: usize, dq: i32, dr: i32) -> Option<usize> {
        let (q, r) = self.coords[cell];
        self.cell(q + dq, r + dr)
    }

    /// The neighbour of `cell` in direction `d` (index into [`ALL_DIRECTIONS`]).
    #[inline]
    pub fn step(&self, cell: usize, d: usize) -> Option<usize> {
        self.steps[d][cell].map(usize::from)
    }

    /// Every cell of the line from `cell` in direction `d`.
    #[inline]
    pub fn ray(&self, d: usize, cell: usize) -> B {
        self.rays[d][cell]
    }

    /// The cells a slider on `cell` reaches in direction `d` given the occupancy `occ`:
    /// every empty cell up to and including the first occupied one.
    #[inline]
    pub fn slide(&self, d: usize, cell: usize, occ: B) -> B {
        let ray = self.rays[d][cell];
        let blockers = ray & occ;
        let first = if ALL_DIRECTIONS[d].increases_index() {
            blockers.first()
        } else {
            blockers.last()
        };
        match first {
            Some(b) => ray ^ self.rays[d][b],
            None => ray,
        }
    }

    /// The first occupied cell of the line from `cell` in direction `d`.
    #[inline]
    pub fn first_blocker(&self, d: usize, cell: usize, occ: B) -> Option<usize> {
        let blockers = self.rays[d][cell] & occ;
        if ALL_DIRECTIONS[d].increases_index() {
            blockers.first()
        } else {
            blockers.last()
        }
    }

    /// The knight targets of a cell.
    #[inline]
    pub fn knight(&self, cell: usize) -> B {
        self.knight[cell]
    }

    /// The set of cells reached from `cell` by the given offsets.
    pub fn leaps(&self, cell: usize, offsets: &[(i32, i32)]) -> B {
        offsets
            .iter()
            .filter_map(|&(dq, dr)| self.offset(cell, dq, dr))
            .fold(B::EMPTY, |bb, t| bb | B::cell(t))
    }

    /// Hex distance between two cells.
    pub fn distance(&self, a: usize, b: usize) -> i32 {
        let ((qa, ra), (qb, rb)) = (self.coords[a], self.coords[b]);
        let (dq, dr) = (qb - qa, rb - ra);
        dq.abs().max(dr.abs()).max((dq + dr).abs())
    }

    /// The cell's name, e.g. `g7`.
    pub fn name(&self, cell: usize) -> String {
        let (q, r) = self.coords[cell];
        let radius = self.side as i32 - 1;
        let file = (b'a' + (q + radius) as u8) as char;
        format!("{}{}", file, r + radius + 1)
    }

    /// Parses a whole cell name (`g7`); `None` unless it names a cell of this board.
    pub fn parse_cell(&self, text: &str) -> Option<usize> {
        let (cell, used) = self.parse_cell_prefix(text)?;
        (used == text.len()).then_some(cell)
    }

    /// Parses a cell name at the start of `text`: a file letter and a rank without
    /// leading zero, taking as many digits as form a valid rank. Returns the cell and the
    /// number of bytes used.
    pub fn parse_cell_prefix(&self, text: &str) -> Option<(usize, usize)> {
        let bytes = text.as_bytes();
        let letter = *bytes.first()?;
        if !letter.is_ascii_lowercase() {
            return None;
        }
        let radius = self.side as i32 - 1;
        let q = (letter - b'a') as i32 - radius;
        let digits = bytes[1..].iter().take_while(|b| b.is_ascii_digit()).count();
        if digits == 0 || bytes[1] == b'0' || digits > 2 {
            return None;
        }
        let rank: i32 = text[1..1 + digits].parse().ok()?;
        let cell = self.cell(q, rank - radius - 1)?;
        Some((cell, 1 + digits))
    }

    /// The cell's colour `(q − r) mod 3` in `{0, 1, 2}`.
    pub fn colour(&self, cell: usize) -> u8 {
        let (q, r) = self.coords[cell];
        (q - r).rem_euclid(3) as u8
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_of_the_two_hexagons() {
        assert_eq!(Hexagon::<u128>::new(7).len(), 127);
        assert_eq!(Hexagon::<crate::bitboard::Wide256>::new(9).len(), 217);
    }

    #[test]
    fn names_and_coordinates_of_side_seven() {
        let h = Hexagon::<u128>::new(7);
        for (name, q, r) in [
            ("g7", 0, 0),
            ("j1", 3, -6),
            ("d13", -3, 6),
            ("g1", 0, -6),
            ("m1", 6, -6),
            ("m7", 6, 0),
            ("g13", 0, 6),
            ("a13", -6, 6),
            ("a7", -6, 0),
        ] {
            let cell = h.parse_cell(name).unwrap();
            assert_eq!(h.coords(cell), (q, r), "{name}");
            assert_eq!(h.name(cell), name);
        }
        for bad in [
            "", "g", "g0", "g07", "g14", "n7", "a1", "m8", "G7", "g7x", "7g",
        ] {
            assert_eq!(h.parse_cell(bad), None, "{bad}");
        }
    }

    #[test]
    fn names_of_side_nine() {
        let h = Hexagon::<crate::bitboard::Wide256>::new(9);
        for (name, q, r) in [
            ("a9", -8, 0),
            ("i9", 0, 0),
            ("i1", 0, -8),
            ("q1", 8, -8),
            ("a17", -8, 8),
        ] {
            assert_eq!(h.coords(h.parse_cell(name).unwrap()), (q, r));
        }
        let i9 = h.parse_cell("i9").unwrap();
        let neighbours: Vec<String> = (0..6).map(|d| h.name(h.step(i9, d).unwrap())).collect();
        assert_eq!(neighbours, ["j9", "i10", "h10", "h9", "i8", "j8"]);
        let diagonals: Vec<String> = (6..12).map(|d| h.name(h.step(i9, d).unwrap())).collect();
        assert_eq!(diagonals, ["j10", "h11", "g10", "h8", "j7", "k8"]);
    }

    #[test]
    fn colours_distances_and_knights() {
        let h = Hexagon::<u128>::new(7);
        let counts = (0..127).fold([0; 3], |mut acc, c| {
            acc[h.colour(c) as usize] += 1;
            acc
        });
        assert_eq!(counts, [43, 42, 42]);
        let g7 = h.parse_cell("g7").unwrap();
        assert_eq!(h.knight(g7).count(), 12);
        for t in h.knight(g7).cells() {
            assert_eq!(h.distance(g7, t), 3);
            assert_ne!(h.colour(t), h.colour(g7));
        }
        let a7 = h.parse_cell("a7").unwrap();
        let names: Vec<String> = h.knight(a7).cells().map(|c| h.name(c)).collect();
        assert_eq!(names.len(), 4);
        for n in ["b9", "c8", "d5", "d6"] {
            assert!(names.contains(&n.to_string()), "{n}");
        }
    }

    #[test]
    fn slides_stop_at_the_first_blocker_in_both_index_directions() {
        let h = Hexagon::<u128>::new(7);
        let c = |n: &str| h.parse_cell(n).unwrap();
        let occ = u128::cell(c("g9")) | u128::cell(c("g4"));
        let up: Vec<String> = h
            .slide(1, c("g7"), occ)
            .cells()
            .map(|x| h.name(x))
            .collect();
        assert_eq!(up, ["g8", "g9"]);
        let down: Vec<String> = h
            .slide(4, c("g7"), occ)
            .cells()
            .map(|x| h.name(x))
            .collect();
        assert_eq!(down, ["g4", "g5", "g6"]);
        assert_eq!(h.first_blocker(4, c("g7"), occ), Some(c("g4")));
        // The N diagonal from g7 is f9, e11, d13 (R8's example).
        let north: Vec<String> = h.ray(7, c("g7")).cells().map(|x| h.name(x)).collect();
        assert_eq!(north, ["f9", "e11", "d13"]);
    }
}
