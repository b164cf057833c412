//! Moves packed for the transposition table (`Game::pack_move`), and a packed move read
//! back with its legality tested on the moves of one piece (`Game::table_move`), so the
//! search tries the table's move before it generates the list.
//!
//! Every packing has the moving piece's cell (a Barricade's lower cell, as in
//! `Placement`) in bits 0–6; the rest tells that piece's moves apart:
//! - one-cell move: `to` in bits 7–13, the captured cell in 14–20, the promotion in
//!   21–24 (R77);
//! - Skirmisher capture by retreat: `to` and the captured cell as above, bit 30 (R80);
//! - Barricade: the end placement's index (below 3 · 127, `Tables::placement_index`) in
//!   bits 7–15, the cells its advances captured on in 16–22 and 23–29, bit 31 (R44–R47).
//!   Its other start cell is the one its piece stands on.
//!
//! An absent captured cell or promotion is all ones (127, 15).

use super::tables::tables;
use super::{Move, MoveList, Panoply, CELLS, NONE};

/// The field value of an absent cell or promotion of `bits` bits.
fn field(value: u8, bits: u32) -> u32 {
    let all_ones = (1 << bits) - 1;
    if value == NONE {
        all_ones
    } else {
        u32::from(value)
    }
}

const SKIRMISH: u32 = 1 << 30;
const BARRICADE: u32 = 1 << 31;
/// The low bits that hold the moving piece's cell.
const FROM: u32 = 0x7f;

impl Move {
    /// The move in 32 bits, different for every two moves of one position.
    pub(super) fn pack(self) -> u32 {
        match self {
            Move::Piece {
                from,
                to,
                promotion,
                capture,
            } => {
                u32::from(from)
                    | u32::from(to) << 7
                    | field(capture, 7) << 14
                    | field(promotion, 4) << 21
            }
            Move::Skirmish { from, to, capture } => {
                SKIRMISH | u32::from(from) | u32::from(to) << 7 | field(capture, 7) << 14
            }
            Move::Barricade { from, to, captures } => {
                let end = tables().placement_index(to) as u32;
                BARRICADE
                    | u32::from(from.0)
                    | end << 7
                    | field(captures[0], 7) << 16
                    | field(captures[1], 7) << 23
            }
        }
    }
}

impl Panoply {
    /// The legal move `packed` names, if any: the one of that packing among the legal
    /// moves of the piece on its cell.
    pub(super) fn legal_packed_move(&self, packed: u32) -> Option<Move> {
        let from = (packed & FROM) as usize;
        if from >= CELLS {
            return None;
        }
        let mut moves = MoveList::new();
        self.generate_legal_from(from, &mut moves);
        moves.into_iter().find(|mv| mv.pack() == packed)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::packing_check::{check_table_moves, suite_positions};
    use crate::game::Game;

    #[test]
    fn every_legal_move_reads_back_and_a_foreign_one_only_when_legal() {
        let suite = include_str!("../../../../positions/panoply/perft.txt");
        let mut starts = suite_positions(suite, &());
        starts.push(Panoply::start(&()));
        let (legal, none) = check_table_moves(&starts, 2, 80, 3000, 11);
        assert!(legal > 1000 && none > 1000, "{legal} {none}");
    }

    #[test]
    fn a_cell_off_the_board_reads_back_as_nothing() {
        let pos = Panoply::start(&());
        assert_eq!(pos.table_move(FROM), None);
        assert_eq!(pos.table_move(u32::MAX), None);
    }
}
