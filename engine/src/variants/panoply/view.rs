//! Panoply drawn (`docs/rules/panoply.md`): White and Black pieces on the 127-cell
//! hexagon, each Barricade end lettered as the position string writes it (R74), frozen
//! pieces marked (R14), the King of the side to move marked when in check (R49).

use super::notation::cell_letters;
use super::{tables, Move, Panoply, BLACK, CELLS, WHITE};
use crate::bitboard::Bitboard;
use crate::view::{hexagon_geometry, BoardView, MoveCells, PieceView, Viewable};

const KINDS: [(char, &str); 9] = [
    ('K', "King"),
    ('P', "Pawn"),
    ('R', "Rider"),
    ('S', "Skirmisher"),
    ('C', "Catapult"),
    ('H', "Herald"),
    ('G', "Guard"),
    ('B', "Barricade"),
    ('D', "second Barricade"),
];
const SIDES: [&str; 2] = ["white", "black"];

impl Viewable for Panoply {
    fn view(&self) -> BoardView {
        let letters = cell_letters(self);
        let frozen = self.frozen(WHITE) | self.frozen(BLACK);
        let pieces = (0..CELLS)
            .filter_map(|cell| {
                let token = letters[cell]?;
                let side = if token.is_ascii_uppercase() {
                    WHITE
                } else {
                    BLACK
                };
                let states = if frozen.has(cell) {
                    vec!["frozen".to_string()]
                } else {
                    Vec::new()
                };
                Some(PieceView {
                    cell,
                    token: token.to_string(),
                    letter: token.to_ascii_uppercase(),
                    colour: SIDES[side],
                    owner: None,
                    states,
                })
            })
            .collect();
        let checked = if self.in_check() {
            vec![self.king(self.side())]
        } else {
            Vec::new()
        };
        BoardView {
            geometry: hexagon_geometry(tables().hex),
            pieces,
            checked,
            holders: Vec::new(),
            kinds: &KINDS,
            sides: SIDES.to_vec(),
            to_move: SIDES[self.side()].to_string(),
        }
    }

    /// A Barricade's move is drawn from its lower end's start to its lower end's goal.
    fn move_cells(&self, mv: Move) -> MoveCells {
        let (from, to) = match mv {
            Move::Piece { from, to, .. } | Move::Skirmish { from, to, .. } => (from, to),
            Move::Barricade { from, to, .. } => (from.0, to.0),
        };
        MoveCells {
            from: Some(usize::from(from)),
            to: Some(usize::from(to)),
        }
    }
}
