//! Moves packed for the transposition table, and the legality test of a packed move
//! read back from it: the search tries the table's move before it generates the list.

use super::tables::tables;
use super::{
    code_color, code_kind, placement, Hexmate, Move, MoveList, CELLS, DUKE, KING, PALADIN, PAWN,
    QUEEN,
};

impl Move {
    /// `from | to << 8 | kind << 16`: the three fields that identify a move (R29).
    pub(super) fn pack(self) -> u32 {
        u32::from(self.from) | u32::from(self.to) << 8 | u32::from(self.kind) << 16
    }

    /// The move of [`Move::pack`]'s form, whether legal or not; `None` for bits no move has.
    fn unpack(packed: u32) -> Option<Move> {
        (packed >> 24 == 0).then_some(Move {
            from: packed as u8,
            to: (packed >> 8) as u8,
            kind: (packed >> 16) as u8,
        })
    }
}

impl Hexmate {
    /// The legal move `packed` names, if any.
    pub(super) fn legal_packed_move(&self, packed: u32) -> Option<Move> {
        let mv = Move::unpack(packed)?;
        let legal = if self.placing {
            // The placement phase has at most a few dozen placements: the list is cheap.
            let mut moves = MoveList::new();
            placement::generate(self, &mut moves);
            moves.contains(&mv)
        } else {
            self.is_legal_play_move(mv)
        };
        legal.then_some(mv)
    }

    /// Whether an ordinary move is legal here, as the generator would find it: a piece of
    /// the side to move reaches `to` by its movement (R14–R29), promotes exactly when a
    /// pawn reaches the last rank and then to a Queen, Duke or Paladin (R24), and leaves
    /// its King unattacked (R32). No move is legal once a side is bare (R46).
    fn is_legal_play_move(&self, mv: Move) -> bool {
        let (from, to) = (mv.from(), mv.to());
        if mv.is_placement() || from >= CELLS || to >= CELLS || self.is_over_by_baring() {
            return false;
        }
        let code = self.board[from];
        let us = self.side;
        if code == 0 || code_color(code) != us || self.by_color[us] & (1 << to) != 0 {
            return false;
        }
        let Some(king) = self.king(us) else {
            return false;
        };
        let kind = code_kind(code);
        let occ = self.by_color[0] | self.by_color[1];
        if self.reach(kind, from, occ) & (1 << to) == 0 {
            return false;
        }
        let promotes = kind == PAWN && tables().last_rank[us] & (1 << to) != 0;
        let promotion_ok = match mv.promotion_kind() {
            Some(chosen) => promotes && [QUEEN, DUKE, PALADIN].contains(&chosen),
            None => !promotes,
        };
        if !promotion_ok {
            return false;
        }
        let king_after = if kind == KING { to } else { king };
        let after = (occ & !(1u128 << from)) | (1u128 << to);
        let them = 1 - us;
        !self.attacked_by(
            king_after,
            them,
            after,
            self.by_color[them] & !(1u128 << to),
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::packing_check::suite_positions;
    use crate::game::Game;
    use crate::variants::hexmate::{Ruleset, ROOK};

    /// Every legal move reads back as itself, and no other packing of a from, a to and a
    /// kind names a legal move: the test equals the generator on these positions.
    fn check_position(pos: &Hexmate) {
        let mut legal = MoveList::new();
        pos.generate_moves(&mut legal);
        for &mv in &legal {
            assert_eq!(pos.table_move(Hexmate::pack_move(mv)), Some(mv), "{mv:?}");
        }
        let kinds = [
            0,
            KING as u8,
            QUEEN as u8,
            DUKE as u8,
            PALADIN as u8,
            ROOK as u8,
        ];
        for from in 0..CELLS as u8 {
            for to in 0..CELLS as u8 {
                for kind in kinds {
                    let mv = Move { from, to, kind };
                    let read = pos.table_move(mv.pack());
                    assert_eq!(read.is_some(), legal.contains(&mv), "{mv:?}");
                }
            }
        }
    }

    /// The perft suite's positions (checks, pins, promotions, bare Kings) and one reply
    /// deeper from each, and Hexchoice's placement phase.
    #[test]
    fn a_packed_move_reads_back_exactly_when_legal() {
        let suite = include_str!("../../../../positions/hexmate/perft.txt");
        for mut pos in suite_positions::<Hexmate>(suite, &Ruleset::Hexmate) {
            check_position(&pos);
            let mut moves = MoveList::new();
            pos.generate_moves(&mut moves);
            if let Some(&mv) = moves.get(moves.len() / 2) {
                pos.make_move(mv);
                check_position(&pos);
            }
        }
        check_position(&Hexmate::start(&Ruleset::Hexchoice));
    }

    #[test]
    fn bits_no_move_has_name_nothing() {
        let pos = Hexmate::start(&Ruleset::Hexmate);
        assert_eq!(pos.table_move(1 << 24), None);
        assert_eq!(pos.table_move(u32::MAX), None);
    }
}
