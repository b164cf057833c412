//! What a picture of a position needs from a variant: the cells with their centres and
//! names, the rim labels, every piece with its owner, letter and states, the Kings in
//! check, and the cells a move touches. Each variant answers in its own `view.rs`; a
//! renderer (the `tessera svg` pictures, the browser GUI) draws from this alone.
//!
//! Coordinates are in board units: neighbouring cells' centres lie 1 apart, `y` grows
//! towards the first player's opponent (up on the page when the board is not flipped).

use crate::bitboard::Bitboard;
use crate::game::Game;
use crate::geometry::grid::Grid;
use crate::geometry::hepta::{axial, cell_index, file_height, FILES};
use crate::geometry::Hexagon;

/// How cells are drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CellShape {
    /// Hexagons with a vertex up, in horizontal rows (Hexmate, Panoply, Hexian).
    PointyHex,
    /// Hexagons with an edge up, in vertical files (Hepta).
    FlatHex,
    /// Intersections of grid lines, as on a Go board (Seven Kingdoms).
    Intersection,
}

/// One cell of the board.
#[derive(Clone, Debug, PartialEq)]
pub struct CellView {
    /// The name moves use (`g7`, `j9`).
    pub name: String,
    pub x: f64,
    pub y: f64,
    /// The printed cell colour `0..3` of a three-coloured hexagon board (always 0 for a
    /// grid); it has no rule meaning.
    pub shade: u8,
}

/// A file letter or rank number on the rim.
#[derive(Clone, Debug, PartialEq)]
pub struct Label {
    pub text: String,
    pub x: f64,
    pub y: f64,
}

/// The board's geometry: its cells (indexed as the variant indexes them) and rim labels.
#[derive(Clone, Debug, PartialEq)]
pub struct BoardGeometry {
    pub shape: CellShape,
    pub cells: Vec<CellView>,
    pub files: Vec<Label>,
    pub ranks: Vec<Label>,
}

impl BoardGeometry {
    /// The cell named `name`.
    pub fn cell_named(&self, name: &str) -> Option<usize> {
        self.cells.iter().position(|c| c.name == name)
    }
}

/// One piece on a cell.
#[derive(Clone, Debug, PartialEq)]
pub struct PieceView {
    pub cell: usize,
    /// The piece as the position string writes it (`K`, `nr`, `uG(@a17)`).
    pub token: String,
    /// The symbol drawn: the upper-case type letter.
    pub letter: char,
    /// The colour it is drawn in: its side, army, kingdom or (Hepta) clan, by name
    /// (`white`, `red`, …).
    pub colour: &'static str,
    /// The owner where it differs from the colour (Hepta: `white` or `black` owns pieces
    /// of the seven clan colours); `None` elsewhere and for Hepta's neutral Souls.
    pub owner: Option<&'static str>,
    /// States the rules give the piece (`frozen`, `petrified`, `shielded`, `summoned`,
    /// `berserk`, `fallen`, …), each drawn as a mark.
    pub states: Vec<String>,
}

/// A place off the board that holds pieces (Hepta's Pillars and Heptagram spots).
#[derive(Clone, Debug, PartialEq)]
pub struct Holder {
    /// The group it belongs to (`white temple`, `heptagram`).
    pub group: String,
    /// Its name within the group (`R`, `1`).
    pub name: String,
    /// The colours of the Souls it holds.
    pub souls: Vec<&'static str>,
}

/// Everything a picture of one position shows.
#[derive(Clone, Debug, PartialEq)]
pub struct BoardView {
    pub geometry: BoardGeometry,
    pub pieces: Vec<PieceView>,
    /// Cells of Kings (or the variant's royal pieces) in check.
    pub checked: Vec<usize>,
    /// Places off the board, in drawing order.
    pub holders: Vec<Holder>,
    /// The piece types with their names, for the legend: `(letter, name)`.
    pub kinds: &'static [(char, &'static str)],
    /// The sides (armies, kingdoms) with their colour names, for the legend.
    pub sides: Vec<&'static str>,
    /// Who is to move, in words (`white`, `red (player 2)`).
    pub to_move: String,
}

/// The cells a move touches: where a piece leaves and where it arrives (a placement or a
/// spell has no origin; a pass or a Temple move touches no cell).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct MoveCells {
    pub from: Option<usize>,
    pub to: Option<usize>,
}

/// A variant that can be drawn.
pub trait Viewable: Game {
    /// The picture's content for this position.
    fn view(&self) -> BoardView;
    /// The cells a legal move of this position touches.
    fn move_cells(&self, mv: Self::Move) -> MoveCells;
}

const SQRT3: f64 = 1.732_050_807_568_877_2;

/// A regular hexagon of pointy-topped cells (Hexmate R4, Panoply, Hexian): cell `(q, r)`
/// at `x = q + r/2`, `y = r·√3/2`. Each file's letter stands beyond its lowest cell
/// (towards south-west, the direction of decreasing rank along the file), so the lower
/// files' letters run along the lower-left edge; each rank's number stands right of its
/// last cell, where no letter is.
pub fn hexagon_geometry<B: Bitboard>(hex: &Hexagon<B>) -> BoardGeometry {
    let centre = |q: i32, r: i32| {
        (
            f64::from(q) + f64::from(r) / 2.0,
            f64::from(r) * SQRT3 / 2.0,
        )
    };
    let cells = (0..hex.len())
        .map(|cell| {
            let (q, r) = hex.coords(cell);
            let (x, y) = centre(q, r);
            CellView {
                name: hex.name(cell),
                x,
                y,
                shade: hex.colour(cell),
            }
        })
        .collect();
    let radius = hex.side() as i32 - 1;
    let files = (-radius..=radius)
        .map(|q| {
            let lowest = (-radius).max(-radius - q);
            let (x, y) = centre(q, lowest - 1);
            Label {
                text: ((b'a' + (q + radius) as u8) as char).to_string(),
                x,
                y,
            }
        })
        .collect();
    let ranks = (0..hex.ranks())
        .map(|rank| {
            let last = hex.rank_cells(rank).end - 1;
            let (q, r) = hex.coords(last);
            let (x, y) = centre(q + 1, r);
            Label {
                text: (rank + 1).to_string(),
                x,
                y,
            }
        })
        .collect();
    BoardGeometry {
        shape: CellShape::PointyHex,
        cells,
        files,
        ranks,
    }
}

/// The Hepta board (`docs/rules/hepta.md` R1, R2): 15 vertical files of flat-topped
/// hexes, files `√3/2` apart, each short-file cell half a hex above the long-file cell
/// of its rank. File letters below the files; rank numbers of the long files on the
/// left, of the short files on the right.
pub fn hepta_geometry() -> BoardGeometry {
    let centre = |file: usize, rank: f64| {
        let lift = if file.is_multiple_of(2) { 0.5 } else { 0.0 };
        (file as f64 * SQRT3 / 2.0, rank - 1.0 + lift)
    };
    let mut cells = vec![None; 127];
    for file in 0..FILES {
        for rank in 1..=file_height(file) {
            let (x, y) = centre(file, rank as f64);
            let (q, r) = axial(file, rank);
            cells[cell_index(file, rank).expect("a cell of hepta.md R1")] = Some(CellView {
                name: format!("{}{}", (b'a' + file as u8) as char, rank),
                x,
                y,
                shade: (q - r).rem_euclid(3) as u8,
            });
        }
    }
    let files = (0..FILES)
        .map(|file| {
            let (x, _) = centre(file, 0.0);
            Label {
                text: ((b'a' + file as u8) as char).to_string(),
                x,
                y: -0.9,
            }
        })
        .collect();
    let long_ranks = (1..=9).map(|rank| {
        let (_, y) = centre(1, rank as f64);
        Label {
            text: rank.to_string(),
            x: -SQRT3 / 2.0,
            y,
        }
    });
    let short_ranks = (1..=8).map(|rank| {
        let (_, y) = centre(0, rank as f64);
        Label {
            text: rank.to_string(),
            x: FILES as f64 * SQRT3 / 2.0,
            y,
        }
    });
    BoardGeometry {
        shape: CellShape::FlatHex,
        cells: cells.into_iter().map(|c| c.expect("127 cells")).collect(),
        files,
        ranks: long_ranks.chain(short_ranks).collect(),
    }
}

/// A square grid of intersections (Seven Kingdoms R1–R3): cell `(x, y)` at `(x, y)`, file
/// letters below, rank numbers on the left.
pub fn grid_geometry<B: Bitboard>(grid: &Grid<B>) -> BoardGeometry {
    let cells = (0..grid.len())
        .map(|cell| {
            let (x, y) = grid.coords(cell);
            CellView {
                name: grid.name(cell),
                x: f64::from(x),
                y: f64::from(y),
                shade: 0,
            }
        })
        .collect();
    let files = (0..grid.width())
        .map(|x| Label {
            text: ((b'a' + x as u8) as char).to_string(),
            x: x as f64,
            y: -1.0,
        })
        .collect();
    let ranks = (0..grid.height())
        .map(|y| Label {
            text: y.to_string(),
            x: -1.0,
            y: y as f64,
        })
        .collect();
    BoardGeometry {
        shape: CellShape::Intersection,
        cells,
        files,
        ranks,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geometry::hex127;

    fn distance(a: &CellView, b: &CellView) -> f64 {
        ((a.x - b.x).powi(2) + (a.y - b.y).powi(2)).sqrt()
    }

    #[test]
    fn neighbouring_hexagon_cells_lie_one_apart() {
        let hex = hex127();
        let geometry = hexagon_geometry(hex);
        for cell in 0..hex.len() {
            for d in 0..6 {
                if let Some(next) = hex.step(cell, d) {
                    let gap = distance(&geometry.cells[cell], &geometry.cells[next]);
                    assert!((gap - 1.0).abs() < 1e-9, "{} {}", cell, next);
                }
            }
        }
    }

    #[test]
    fn neighbouring_hepta_cells_lie_one_apart() {
        let board = crate::geometry::hepta::hepta_board();
        let geometry = hepta_geometry();
        for cell in 0..127 {
            assert_eq!(geometry.cells[cell].name, board.name(cell));
            for d in 0..6 {
                if let Some(next) = board.step(cell, d) {
                    let gap = distance(&geometry.cells[cell], &geometry.cells[next]);
                    assert!((gap - 1.0).abs() < 1e-9, "{} {}", cell, next);
                }
            }
        }
    }

    #[test]
    fn hexagon_file_letters_continue_their_files_below_the_board() {
        let geometry = hexagon_geometry(hex127());
        let label = |text: &str| geometry.files.iter().find(|l| l.text == text).unwrap();
        let cell = |name: &str| &geometry.cells[geometry.cell_named(name).unwrap()];
        // hexmate.md R6: file a starts at a7, file g at g1; the label is one step further down the file.
        for (file, lowest, next) in [("a", "a7", "a8"), ("g", "g1", "g2"), ("m", "m1", "m2")] {
            let (low, up) = (cell(lowest), cell(next));
            let l = label(file);
            assert!((l.x - (2.0 * low.x - up.x)).abs() < 1e-9, "{file}");
            assert!((l.y - (2.0 * low.y - up.y)).abs() < 1e-9, "{file}");
        }
    }
}
