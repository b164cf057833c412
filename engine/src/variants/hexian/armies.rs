//! The six armies (§4.1): letters, play order, corners and the directions each army
//! reckons from (R50), its start cells (R51–R53) and promotion zone (R17).

use super::tables::tables;
use super::Kind;
use crate::bitboard::{Bitboard, Wide256};

/// Number of armies; an army is its index in play order (R59).
pub const ARMIES: usize = 6;
/// Army letters in play order: white, black, blue, pink, green, gold (R59, R119).
pub const ARMY_LETTERS: &[u8; ARMIES] = b"wbupgy";

/// The army of a lower-case army letter.
pub fn army_of_letter(letter: u8) -> Option<usize> {
    ARMY_LETTERS.iter().position(|&l| l == letter)
}

/// The armies' names (§1), in play order.
pub const ARMY_NAMES: [&str; ARMIES] = ["white", "black", "blue", "pink", "green", "gold"];

/// The army's letter.
pub fn army_letter(army: usize) -> char {
    ARMY_LETTERS[army] as char
}

/// The army's forward direction `F` (R50), as an index into the orthogonal directions
/// (E, NE, NW, W, SW, SE): white NE, black E, blue SE, pink SW, green W, gold NW. Going
/// one army on in play order turns `F` 60° clockwise, one index down.
pub const fn forward(army: usize) -> usize {
    (7 - army) % 6
}

/// The widdershins edge direction `W`: `F` turned 60° clockwise (R50); a Zombie capture
/// direction.
pub const fn widdershins(army: usize) -> usize {
    (forward(army) + 5) % 6
}

/// The clockwise edge direction `K`: `F` turned 60° counter-clockwise (R50); the other
/// Zombie capture direction.
pub const fn clockwise(army: usize) -> usize {
    (forward(army) + 1) % 6
}

/// Where an army's start cells lie, as `C + w·W + k·K + f·F` (R51), with the piece there.
const START_LAYOUT: [(Kind, i32, i32, i32); 16] = [
    (Kind::Ghost, 0, 0, 0),
    (Kind::Archwizard, 1, 0, 0),
    (Kind::Familiar, 0, 1, 0),
    (Kind::Ghost, 0, 0, 1),
    (Kind::Fungoid, 2, 0, 0),
    (Kind::Fungoid, 0, 2, 0),
    (Kind::Imp, 1, 0, 1),
    (Kind::Imp, 0, 1, 1),
    (Kind::Doppelganger, 0, 0, 2),
    (Kind::Ghoul, 0, 0, 3),
    (Kind::Zombie, 3, 0, 0),
    (Kind::Zombie, 2, 0, 1),
    (Kind::Zombie, 1, 0, 2),
    (Kind::Zombie, 0, 1, 2),
    (Kind::Zombie, 0, 2, 1),
    (Kind::Zombie, 0, 3, 0),
];

/// Per-army cell sets, computed once from the geometry (see `tables`).
pub struct ArmyCells {
    /// The 16 start cells with their pieces, in the order of R51.
    pub start: [(Kind, usize); 16],
    /// The Ghost start cells `C` and `C+F` (R52).
    pub ghost_starts: [usize; 2],
    /// The seven edge start cells (R53).
    pub edge_starts: Wide256,
    /// The cells whose forward neighbour is off the board (R17).
    pub promotion_zone: Wide256,
    /// Per cell, its neighbours in the two Zombie capture directions `W` and `K`: what a
    /// Zombie attacks there with a reach of one cell (R16).
    pub zombie_attacks: Vec<Wide256>,
}

impl ArmyCells {
    /// Builds the cell sets of `army` on the side-9 hexagon.
    pub fn new(hex: &crate::geometry::Hexagon<Wide256>, army: usize) -> ArmyCells {
        use crate::geometry::ORTHOGONAL;
        let vector = |d: usize| (ORTHOGONAL[d].dq, ORTHOGONAL[d].dr);
        let (fq, fr) = vector(forward(army));
        let (wq, wr) = vector(widdershins(army));
        let (kq, kr) = vector(clockwise(army));
        let radius = hex.side() as i32 - 1;
        let (cq, cr) = (-radius * fq, -radius * fr);
        let at = |w: i32, k: i32, f: i32| {
            hex.cell(cq + w * wq + k * kq + f * fq, cr + w * wr + k * kr + f * fr)
                .expect("start cells lie on the board")
        };
        let start = START_LAYOUT.map(|(kind, w, k, f)| (kind, at(w, k, f)));
        let edge_starts = [(0, 0), (1, 0), (2, 0), (3, 0), (0, 1), (0, 2), (0, 3)]
            .iter()
            .fold(Wide256::EMPTY, |bb, &(w, k)| {
                bb | Wide256::cell(at(w, k, 0))
            });
        let promotion_zone = (0..hex.len())
            .filter(|&c| hex.step(c, forward(army)).is_none())
            .fold(Wide256::EMPTY, |bb, c| bb | Wide256::cell(c));
        let zombie_attacks = (0..hex.len())
            .map(|c| {
                [widdershins(army), clockwise(army)]
                    .into_iter()
                    .filter_map(|d| hex.step(c, d))
                    .fold(Wide256::EMPTY, |bb, t| bb | Wide256::cell(t))
            })
            .collect();
        ArmyCells {
            start,
            ghost_starts: [at(0, 0, 0), at(0, 0, 1)],
            edge_starts,
            promotion_zone,
            zombie_attacks,
        }
    }
}

/// The army whose Ghost start cell `cell` is (R52, R127).
pub fn ghost_start_owner(cell: usize) -> Option<usize> {
    (0..ARMIES).find(|&army| tables().armies[army].ghost_starts.contains(&cell))
}
