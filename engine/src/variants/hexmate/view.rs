//! Hexmate and Hexchoice drawn (`docs/rules/hexmate.md` §2.1, §3): White and Black pieces
//! on the 127-cell hexagon, the King of the side to move marked when in check (R31).

use super::{tables, Hexmate, Move, CELLS, LETTERS, WHITE};
use crate::view::{hexagon_geometry, BoardView, MoveCells, PieceView, Viewable};

/// The piece types of §3.2, in `LETTERS` order.
const KINDS: [(char, &str); 8] = [
    ('K', "King"),
    ('Q', "Queen"),
    ('D', "Duke"),
    ('A', "Paladin"),
    ('R', "Rook"),
    ('B', "Bishop"),
    ('N', "Knight"),
    ('P', "Pawn"),
];
const SIDES: [&str; 2] = ["white", "black"];

impl Viewable for Hexmate {
    fn view(&self) -> BoardView {
        let pieces = (0..CELLS)
            .filter_map(|cell| {
                let (color, kind) = self.piece_at(cell)?;
                let letter = LETTERS[kind] as char;
                Some(PieceView {
                    cell,
                    token: match color {
                        WHITE => letter.to_string(),
                        _ => letter.to_ascii_lowercase().to_string(),
                    },
                    letter,
                    colour: SIDES[color],
                    owner: None,
                    states: Vec::new(),
                })
            })
            .collect();
        let checked = self
            .king(self.side())
            .filter(|_| self.in_check())
            .into_iter()
            .collect();
        BoardView {
            geometry: hexagon_geometry(tables().hex),
            pieces,
            checked,
            holders: Vec::new(),
            kinds: &KINDS,
            sides: SIDES.to_vec(),
            to_move: if self.is_placing() {
                format!("{} (placing pieces)", SIDES[self.side()])
            } else {
                SIDES[self.side()].to_string()
            },
        }
    }

    fn move_cells(&self, mv: Move) -> MoveCells {
        MoveCells {
            from: (!mv.is_placement()).then(|| mv.from()),
            to: Some(mv.to()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Game;
    use crate::variants::hexmate::{Ruleset, BLACK, KING};

    #[test]
    fn the_start_shows_every_piece_with_its_side() {
        let view = Hexmate::start(&Default::default()).view();
        assert_eq!(view.geometry.cells.len(), 127);
        assert_eq!(view.pieces.len(), 2 * 45);
        let at = |name: &str| {
            let cell = view.geometry.cell_named(name).unwrap();
            view.pieces.iter().find(|p| p.cell == cell).unwrap()
        };
        assert_eq!((at("j1").letter, at("j1").colour), ('K', "white"));
        assert_eq!((at("d13").letter, at("d13").token.as_str()), ('K', "k"));
        assert_eq!(at("d13").colour, SIDES[BLACK]);
        assert!(view.checked.is_empty());
        assert_eq!(KINDS[KING].0, 'K');
    }

    #[test]
    fn hexchoice_says_when_pieces_are_being_placed() {
        // R44: Black makes the first placement.
        let view = Hexmate::start(&Ruleset::Hexchoice).view();
        assert_eq!(view.to_move, "black (placing pieces)");
        assert_eq!(Hexmate::start(&Ruleset::Hexmate).view().to_move, "white");
    }
}
