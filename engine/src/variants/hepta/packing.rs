//! Plies packed for the transposition table (`Game::pack_move`), and a packed ply read
//! back with its legality tested on the plies of one piece, or on the few plies that
//! start on no cell (`Game::table_move`), so the search tries the table's move before it
//! generates the list.
//!
//! The ply's kind is in bits 28–31 (its rank in `Move`). A ply that starts on a cell has
//! that cell in bits 0–6 (the cells are below 127) and the other cell, Pillar or colour
//! in bits 7–13 and 14–20; the other plies pack their colour, Pillar, spot or cell in the
//! low bits; an arrangement packs its seven colours in 3 bits each (R50, §10).

use super::state::bit;
use super::{Colour, Hepta, Move, MoveList, Pending, COLOURS};
use crate::geometry::hepta::CELLS;

/// The low bits that hold the cell a ply starts on.
const FROM: u32 = 0x7f;

/// `Move`'s kinds: the plies that start on a cell come first.
const BOARD: u32 = 0;
const DEMATERIALISE: u32 = 1;
const STEAL: u32 = 2;
const RECOLOUR: u32 = 3;
const REPLACE: u32 = 4;
const DUPLICATE: u32 = 5;
const ARRANGE: u32 = 6;
const TEMPLE: u32 = 7;
const ANNOUNCE: u32 = 8;
const DROP: u32 = 9;
const SHIFT: u32 = 10;
const SUMMON: u32 = 11;
const RECOVERY_KING: u32 = 12;
const ELIMINATE: u32 = 13;
const MASTER_RECOVERY: u32 = 14;
const PLACE_MASTER: u32 = 15;

/// A ply's kind and up to three fields of 7 bits.
fn fields(kind: u32, a: u8, b: u8, c: u8) -> u32 {
    kind << 28 | u32::from(a) | u32::from(b) << 7 | u32::from(c) << 14
}

impl Move {
    /// The ply in 32 bits, different for every two plies.
    pub(super) fn pack(self) -> u32 {
        match self {
            Move::Board { from, to } => fields(BOARD, from, to, 0),
            Move::Dematerialise { from } => fields(DEMATERIALISE, from, 0, 0),
            Move::Steal { from, to, pillar } => fields(STEAL, from, to, pillar),
            Move::Recolour { from, to, colour } => fields(RECOLOUR, from, to, colour),
            Move::Replace { at, colour } => fields(REPLACE, at, colour, 0),
            Move::Duplicate { from, to, extra } => fields(DUPLICATE, from, to, extra),
            Move::Arrange(colours) => colours
                .iter()
                .enumerate()
                .fold(ARRANGE << 28, |packed, (spot, &colour)| {
                    packed | u32::from(colour) << (3 * spot)
                }),
            Move::Temple { colour, pillar } => fields(TEMPLE, colour, pillar, 0),
            Move::Announce { colour } => fields(ANNOUNCE, colour, 0, 0),
            Move::Drop { colour, at } => fields(DROP, colour, at, 0),
            Move::Shift { colour, spot } => fields(SHIFT, colour, spot, 0),
            Move::Summon { colour, at } => fields(SUMMON, colour, at, 0),
            Move::RecoveryKing { colour, at } => fields(RECOVERY_KING, colour, at, 0),
            Move::Eliminate { colour } => fields(ELIMINATE, colour, 0, 0),
            Move::MasterRecovery => fields(MASTER_RECOVERY, 0, 0, 0),
            Move::PlaceMaster { at } => fields(PLACE_MASTER, at, 0, 0),
        }
    }
}

/// The arrangement `packed` names, if its seven colours are all different (R50).
fn arrangement(packed: u32) -> Option<Move> {
    if packed & !((ARRANGE << 28) | ((1 << 21) - 1)) != 0 {
        return None;
    }
    let mut colours = [0; 7];
    let mut used = 0;
    for (spot, colour) in colours.iter_mut().enumerate() {
        *colour = (packed >> (3 * spot) & 7) as Colour;
        if usize::from(*colour) >= COLOURS || used & bit(*colour) != 0 {
            return None;
        }
        used |= bit(*colour);
    }
    Some(Move::Arrange(colours))
}

impl Hepta {
    /// The legal ply `packed` names, if any: one of the plies of the piece on its cell,
    /// an arrangement while one is due (every arrangement is legal then, R50), or one of
    /// the plies that start on no cell, which are few.
    pub(super) fn legal_packed_move(&self, packed: u32) -> Option<Move> {
        let state = self.state();
        let mut moves = MoveList::new();
        match packed >> 28 {
            ARRANGE => return arrangement(packed).filter(|_| state.pending == Pending::Setup),
            BOARD..=DUPLICATE => {
                let from = (packed & FROM) as usize;
                if from >= CELLS {
                    return None;
                }
                state.generate_from(from, &mut moves);
            }
            _ => state.generate_off_the_board(&mut moves),
        }
        moves.iter().copied().find(|mv| mv.pack() == packed)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::packing_check::{check_table_moves, suite_positions};
    use crate::game::Game;

    #[test]
    fn every_legal_move_reads_back_and_a_foreign_one_only_when_legal() {
        let suite = include_str!("../../../../positions/hepta/perft.txt");
        let mut starts = suite_positions(suite, &());
        starts.push(Hepta::start(&()));
        let (legal, none) = check_table_moves(&starts, 2, 80, 3000, 13);
        assert!(legal > 1000 && none > 1000, "{legal} {none}");
    }

    #[test]
    fn an_arrangement_reads_back_only_while_one_is_due_and_with_seven_colours() {
        let start = Hepta::start(&());
        let arrange = Move::Arrange([6, 5, 4, 3, 2, 1, 0]);
        assert_eq!(start.table_move(arrange.pack()), Some(arrange));
        let twice = Move::Arrange([6, 5, 4, 3, 2, 1, 1]).pack();
        assert_eq!(start.table_move(twice), None);
        assert_eq!(start.table_move(twice | 1 << 21), None);
        let mut later = start.clone();
        later.make_move(arrange);
        assert_eq!(later.table_move(arrange.pack()), None);
    }
}
