//! Moves packed for the transposition table (`Game::pack_move`), and a packed move read
//! back with its legality tested on the moves of one piece (`Game::table_move`), so the
//! search tries the table's move before it generates the list.

use super::{Move, MoveList, SevenKingdoms};

/// A record token's bit, above any cell number.
const PUT_OUT: u32 = 1 << 31;

impl Move {
    /// A step as `from | to << 16`; a put-out as its kingdoms' mask with the top bit set.
    pub(super) fn pack(self) -> u32 {
        match self {
            Move::Step { from, to } => u32::from(from) | u32::from(to) << 16,
            Move::PutOut(mask) => PUT_OUT | u32::from(mask),
        }
    }
}

impl SevenKingdoms {
    /// The legal move `packed` names, if any. A put-out is a record token, never a move
    /// the generator lists (R34, R55), so it reads back as nothing.
    pub(super) fn legal_packed_move(&self, packed: u32) -> Option<Move> {
        if packed & PUT_OUT != 0 {
            return None;
        }
        let (from, to) = ((packed & 0xffff) as u16, (packed >> 16) as u16);
        self.check_step(from, to).ok()?;
        Some(Move::Step { from, to })
    }

    /// Whether the kingdom to move may step from `from` to `to`; if not, why. There is no
    /// check (R10): a step is legal when the piece on its origin makes it, so only that
    /// piece's moves are generated. No step is legal once the game is over.
    pub(super) fn check_step(&self, from: u16, to: u16) -> Result<(), &'static str> {
        let cell = usize::from(from);
        if self.state.ending.is_some() {
            return Err("the game is over");
        }
        match (cell < self.state.cells.len())
            .then(|| self.piece_at(cell))
            .flatten()
        {
            Some((kingdom, kind)) if kingdom == self.side() => {
                let mut moves = MoveList::new();
                self.state.visit_piece(cell, kind, kingdom, &mut moves);
                if moves.contains(&Move::Step { from, to }) {
                    Ok(())
                } else {
                    Err("that piece cannot go there")
                }
            }
            _ => Err("no piece of the kingdom to move on the origin cell"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::packing_check::check_table_moves;
    use crate::game::Game;
    use crate::variants::sevenkingdoms::Players;

    #[test]
    fn every_legal_move_reads_back_and_a_foreign_one_only_when_legal() {
        let starts: Vec<SevenKingdoms> = ["w/r/o/b/g/p/d", "wrob/gpd"]
            .iter()
            .map(|players| SevenKingdoms::start(&Players::parse(players).unwrap()))
            .collect();
        let (legal, none) = check_table_moves(&starts, 4, 120, 3000, 7);
        assert!(legal > 1000 && none > 1000, "{legal} {none}");
    }

    #[test]
    fn a_put_out_reads_back_as_nothing() {
        let pos = SevenKingdoms::start(&Players::default());
        assert_eq!(pos.table_move(Move::PutOut(1).pack()), None);
        assert_eq!(pos.table_move(u32::MAX), None);
    }

    #[test]
    fn different_moves_pack_differently() {
        let moves = [
            Move::Step { from: 0, to: 1 },
            Move::Step { from: 1, to: 0 },
            Move::Step { from: 360, to: 359 },
            Move::PutOut(1),
            Move::PutOut(0b101),
        ];
        for (i, a) in moves.iter().enumerate() {
            for b in &moves[i + 1..] {
                assert_ne!(a.pack(), b.pack(), "{a:?} {b:?}");
            }
        }
    }
}
