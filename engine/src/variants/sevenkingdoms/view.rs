//! Seven Kingdoms drawn (`docs/rules/sevenkingdoms.md` R1–R4): the 19 × 19 intersections
//! with every piece in its kingdom's colour and the neutral Emperor on `j9`. The game has
//! no check (R1 overview, "There is no check"), so no General is marked.

use super::{
    tables, Move, SevenKingdoms, CELLS, COLOUR_LETTERS, EMPEROR, EMPEROR_CELL, TYPE_LETTERS,
};
use crate::view::{grid_geometry, BoardView, MoveCells, PieceView, Viewable};

const KINDS: [(char, &str); 11] = [
    ('Q', "General"),
    ('R', "Chancellor"),
    ('B', "Diplomat"),
    ('C', "Cannon"),
    ('G', "Go-between"),
    ('H', "Archer"),
    ('W', "Crossbowman"),
    ('N', "Knight"),
    ('A', "Dagger"),
    ('S', "Swordsman"),
    ('E', "Emperor"),
];
/// The kingdoms' colours in turn order (R27), as `COLOUR_LETTERS` names them.
const KINGDOM_COLOURS: [&str; 7] = ["white", "red", "orange", "blue", "green", "purple", "black"];
/// The Emperor belongs to no kingdom (R4).
const EMPEROR_COLOUR: &str = "grey";

impl Viewable for SevenKingdoms {
    fn view(&self) -> BoardView {
        let mut pieces: Vec<PieceView> = (0..CELLS)
            .filter_map(|cell| {
                let (kingdom, kind) = self.piece_at(cell)?;
                let letter = TYPE_LETTERS[kind] as char;
                Some(PieceView {
                    cell,
                    token: format!("{}{}", COLOUR_LETTERS[kingdom] as char, letter),
                    letter,
                    colour: KINGDOM_COLOURS[kingdom],
                    owner: None,
                    states: Vec::new(),
                })
            })
            .collect();
        if self.state.cells[EMPEROR_CELL] == EMPEROR {
            pieces.push(PieceView {
                cell: EMPEROR_CELL,
                token: "EM".to_string(),
                letter: 'E',
                colour: EMPEROR_COLOUR,
                owner: None,
                states: Vec::new(),
            });
        }
        let side = self.side();
        BoardView {
            geometry: grid_geometry(&tables().grid),
            pieces,
            checked: Vec::new(),
            holders: Vec::new(),
            kinds: &KINDS,
            sides: KINGDOM_COLOURS.to_vec(),
            to_move: format!(
                "{} (player {})",
                KINGDOM_COLOURS[side],
                self.players().seat_of(side) + 1
            ),
        }
    }

    fn move_cells(&self, mv: Move) -> MoveCells {
        match mv {
            Move::Step { from, to } => MoveCells {
                from: Some(usize::from(from)),
                to: Some(usize::from(to)),
            },
            Move::PutOut(_) => MoveCells::default(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Game;

    #[test]
    fn the_start_shows_seven_kingdoms_and_the_emperor() {
        let view = SevenKingdoms::start(&Default::default()).view();
        assert_eq!(view.geometry.cells.len(), 361);
        let at = |name: &str| {
            let cell = view.geometry.cell_named(name).unwrap();
            view.pieces.iter().find(|p| p.cell == cell).unwrap()
        };
        assert_eq!((at("j9").letter, at("j9").colour), ('E', EMPEROR_COLOUR));
        assert_eq!((at("a9").token.as_str(), at("a9").colour), ("wQ", "white"));
        assert_eq!((at("s5").token.as_str(), at("s5").colour), ("bQ", "blue"));
        assert_eq!(view.to_move, "white (player 1)");
    }
}
