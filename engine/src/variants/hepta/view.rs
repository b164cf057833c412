//! Hepta drawn (`docs/rules/hepta.md` §2, §3): the main board of flat-topped hexes with
//! each piece in its clan colour and its owner, berserk Kings with their stacks (R18), and
//! the administrative part: both Temples' Pillars (R13) and the Heptagram's spots (R14).
//! Hepta has no check (R33), so no King is marked.

use super::notation::piece_token;
use super::{Hepta, Move, Piece, PILLAR_LETTERS};
use crate::geometry::hepta::CELLS;
use crate::view::{hepta_geometry, BoardView, Holder, MoveCells, PieceView, Viewable};

const KINDS: [(char, &str); 5] = [
    ('S', "Soul"),
    ('N', "Knight"),
    ('K', "King"),
    ('Z', "berserk King"),
    ('M', "Soul Master"),
];
const SIDES: [&str; 2] = ["white", "black"];
/// The clan colours in the canonical order `r o y g b p c` (§3.1).
const CLANS: [&str; 7] = ["red", "orange", "yellow", "green", "blue", "purple", "cyan"];

fn clan(colour: u8) -> &'static str {
    CLANS[usize::from(colour)]
}

impl Hepta {
    fn piece_view(&self, cell: usize, piece: Piece) -> PieceView {
        let (letter, colour, owner) = match piece {
            Piece::Soul(c) => ('S', clan(c), None),
            Piece::Knight(side, c) => ('N', clan(c), Some(SIDES[side])),
            Piece::King(side, c) => ('K', clan(c), Some(SIDES[side])),
            Piece::Berserk(side, c) => ('Z', clan(c), Some(SIDES[side])),
            Piece::Master(side) => ('M', SIDES[side], Some(SIDES[side])),
        };
        let states = match piece {
            Piece::Berserk(_, c) => vec![
                "berserk".to_string(),
                format!("stack {}", self.state().stack(c)),
            ],
            _ => Vec::new(),
        };
        PieceView {
            cell,
            token: piece_token(piece),
            letter,
            colour,
            owner,
            states,
        }
    }

    /// Both Temples' Pillars, then the Heptagram's spots.
    fn holders(&self) -> Vec<Holder> {
        let state = self.state();
        let colours_of = |set: u8| (0..7u8).filter(|c| set & (1 << c) != 0).map(clan).collect();
        let pillars = (0..2).flat_map(|side| {
            (0..5).map(move |pillar| Holder {
                group: format!("{} temple", SIDES[side]),
                name: (PILLAR_LETTERS[pillar] as char).to_string(),
                souls: colours_of(state.pillar(side, pillar)),
            })
        });
        let spots = state
            .heptagram()
            .into_iter()
            .enumerate()
            .map(|(spot, colour)| Holder {
                group: "heptagram".to_string(),
                name: (spot + 1).to_string(),
                souls: colour.map(clan).into_iter().collect(),
            });
        pillars.chain(spots).collect()
    }
}

impl Viewable for Hepta {
    fn view(&self) -> BoardView {
        let pieces = (0..CELLS)
            .filter_map(|cell| Some(self.piece_view(cell, self.state().piece_at(cell)?)))
            .collect();
        BoardView {
            geometry: hepta_geometry(),
            pieces,
            checked: Vec::new(),
            holders: self.holders(),
            kinds: &KINDS,
            sides: SIDES.iter().copied().chain(CLANS).collect(),
            to_move: SIDES[self.state().side()].to_string(),
        }
    }

    fn move_cells(&self, mv: Move) -> MoveCells {
        let cell = |c: u8| Some(usize::from(c));
        match mv {
            Move::Board { from, to }
            | Move::Steal { from, to, .. }
            | Move::Recolour { from, to, .. }
            | Move::Duplicate { from, to, .. } => MoveCells {
                from: cell(from),
                to: cell(to),
            },
            Move::Dematerialise { from } => MoveCells {
                from: cell(from),
                to: None,
            },
            Move::Replace { at, .. }
            | Move::Drop { at, .. }
            | Move::Summon { at, .. }
            | Move::RecoveryKing { at, .. }
            | Move::PlaceMaster { at } => MoveCells {
                from: None,
                to: cell(at),
            },
            _ => MoveCells::default(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Game;
    use crate::variants::hepta::WHITE;

    #[test]
    fn the_start_shows_owners_clans_and_the_empty_administrative_part() {
        let view = Hepta::start(&()).view();
        assert_eq!(view.geometry.cells.len(), 127);
        let at = |name: &str| {
            let cell = view.geometry.cell_named(name).unwrap();
            view.pieces.iter().find(|p| p.cell == cell).unwrap()
        };
        // §9.4: White's Knight `Nr` on a1, a Soul `Sy` on b5, Black's Soul Master on d9.
        assert_eq!((at("a1").letter, at("a1").colour), ('N', "red"));
        assert_eq!(at("a1").owner, Some(SIDES[WHITE]));
        assert_eq!((at("b5").letter, at("b5").owner), ('S', None));
        assert_eq!(at("b5").colour, "yellow");
        assert_eq!(
            (at("d9").token.as_str(), at("d9").owner),
            ("m*", Some("black"))
        );
        assert_eq!(view.holders.len(), 17);
        assert!(view.holders.iter().all(|h| h.souls.is_empty()));
    }
}
