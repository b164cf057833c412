//! Hexian drawn (`docs/rules/hexian.md` §2–§3): the 217-cell hexagon with every standing
//! and fallen piece (R9) in its army's colour and its states (§3.10): petrified (R45),
//! shielded (R47), summoned (R48), a Doppelganger's form (R31); illusions are their own
//! type `X`. Every army in play whose Archwizard is attacked is marked in check (R67).

use super::piece::write_token;
use super::{tables, HexianGame, Kind, Move, Piece, Spell, ARMY_NAMES, CELLS};
use crate::view::{hexagon_geometry, BoardView, MoveCells, PieceView, Viewable};

const KINDS: [(char, &str); 9] = [
    ('Z', "Zombie"),
    ('H', "Ghoul"),
    ('I', "Imp"),
    ('G', "Ghost"),
    ('F', "Fungoid"),
    ('D', "Doppelganger"),
    ('M', "Familiar"),
    ('A', "Archwizard"),
    ('X', "illusion"),
];

fn piece_view(cell: usize, piece: &Piece, fallen: bool) -> PieceView {
    let mut states: Vec<String> = [
        (fallen, "fallen"),
        (piece.petrified, "petrified"),
        (piece.shielded, "shielded"),
        (piece.summoned, "summoned"),
        (piece.kind == Kind::Illusion, "illusion"),
    ]
    .into_iter()
    .filter(|&(on, _)| on)
    .map(|(_, name)| name.to_string())
    .collect();
    if let Some(form) = piece.form {
        states.push(format!("form {}", form.letter()));
    }
    PieceView {
        cell,
        token: write_token(piece),
        letter: piece.kind.letter(),
        colour: ARMY_NAMES[piece.army()],
        owner: None,
        states,
    }
}

/// The cells a piece move leaves and reaches (its last hop's end).
fn piece_move_cells(from: u8, to: u8) -> MoveCells {
    MoveCells {
        from: Some(usize::from(from)),
        to: Some(usize::from(to)),
    }
}

fn spell_cells(spell: Spell) -> MoveCells {
    let cell = |c: u8| Some(usize::from(c));
    match spell {
        Spell::Charm(pm) => piece_move_cells(pm.from, pm.to),
        Spell::Haste { first, second, .. } => {
            piece_move_cells(first.from, second.map_or(first.to, |s| s.to))
        }
        Spell::Banish { caster, target }
        | Spell::LightningBolt { caster, target }
        | Spell::Petrify { caster, target }
        | Spell::Reanimate { caster, target }
        | Spell::Teleport { caster, target }
        | Spell::Summon { caster, target, .. }
        | Spell::Polymorph { caster, target, .. } => piece_move_cells(caster, target),
        Spell::BurningHands {
            caster, targets, ..
        } => piece_move_cells(caster, targets[0]),
        Spell::StinkingCloud { caster } | Spell::Shield { caster } => MoveCells {
            from: cell(caster),
            to: None,
        },
        Spell::Deflect { target } => MoveCells {
            from: None,
            to: cell(target),
        },
        Spell::MirrorImage { real, .. } => MoveCells {
            from: None,
            to: cell(real),
        },
    }
}

impl Viewable for HexianGame {
    fn view(&self) -> BoardView {
        let position = self.position();
        let standing =
            (0..CELLS).filter_map(|cell| Some(piece_view(cell, &position.standing(cell)?, false)));
        let fallen =
            (0..CELLS).filter_map(|cell| Some(piece_view(cell, &position.fallen(cell)?, true)));
        let players = position.players();
        let checked = players
            .armies_in_play()
            .filter(|&army| position.in_check(army))
            .filter_map(|army| position.archwizard_of(army))
            .collect();
        let side = position.side();
        BoardView {
            geometry: hexagon_geometry(&tables().hex),
            pieces: fallen.chain(standing).collect(),
            checked,
            holders: Vec::new(),
            kinds: &KINDS,
            sides: ARMY_NAMES.to_vec(),
            to_move: format!(
                "{} (player {})",
                ARMY_NAMES[side],
                players.seat_of(side) + 1
            ),
        }
    }

    fn move_cells(&self, mv: Move) -> MoveCells {
        let cell = |c: u8| Some(usize::from(c));
        let arrival = |c: u8| MoveCells {
            from: None,
            to: cell(c),
        };
        match mv {
            Move::Piece(pm) => piece_move_cells(pm.from, pm.to),
            Move::Rise(c) | Move::Dispatch(c) => arrival(c),
            Move::GhostReturn { start, .. } => arrival(start),
            Move::Deploy { cell, .. } => arrival(cell),
            Move::Spell(spell) => spell_cells(spell),
            Move::Pass => MoveCells::default(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Game;

    #[test]
    fn the_start_shows_six_armies_with_their_ghost_start_cells() {
        let game = HexianGame::start(&Default::default());
        let view = game.view();
        assert_eq!(view.geometry.cells.len(), 217);
        let at = |name: &str| {
            let cell = view.geometry.cell_named(name).unwrap();
            view.pieces.iter().find(|p| p.cell == cell).unwrap()
        };
        assert_eq!(
            (at("a17").token.as_str(), at("a17").colour),
            ("uG(@a17)", "blue")
        );
        assert_eq!((at("j1").letter, at("j1").colour), ('A', "white"));
        assert!(view.checked.is_empty());
        assert_eq!(view.to_move, "white (player 1)");
    }
}
