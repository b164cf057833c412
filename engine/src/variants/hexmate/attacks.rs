//! Attacks (R30) and pins, including the King's borrowed movement (R26–R28).

use super::tables::tables;
use super::{Color, Hexmate, BISHOP, DUKE, KING, KNIGHT, PALADIN, PAWN, QUEEN, ROOK};

impl Hexmate {
    /// Pieces of `set` that lend knight movement to their King (R26): Knight, Duke, Paladin.
    #[inline]
    pub(super) fn knight_movers(&self, set: u128) -> u128 {
        (self.by_kind[KNIGHT] | self.by_kind[DUKE] | self.by_kind[PALADIN]) & set
    }

    /// Pieces of `set` that move like a rook: Rook, Duke, Queen.
    #[inline]
    pub(super) fn rook_movers(&self, set: u128) -> u128 {
        (self.by_kind[ROOK] | self.by_kind[DUKE] | self.by_kind[QUEEN]) & set
    }

    /// Pieces of `set` that move like a bishop: Bishop, Paladin, Queen.
    #[inline]
    pub(super) fn bishop_movers(&self, set: u128) -> u128 {
        (self.by_kind[BISHOP] | self.by_kind[PALADIN] | self.by_kind[QUEEN]) & set
    }

    /// Whether `cell` is attacked by the pieces `by_set` of colour `by` when the board's
    /// occupancy is `occ` (R30). `by_set` and `occ` may describe a position after a move
    /// that has not been made: a captured piece is left out of `by_set`, and the King's
    /// borrowed types are computed from `by_set` alone (R28, E9).
    #[inline]
    pub(super) fn attacked_by(&self, cell: usize, by: Color, occ: u128, by_set: u128) -> bool {
        let t = tables();
        let king = self.by_kind[KING] & by_set;
        if t.adjacent[cell] & king != 0 {
            return true;
        }
        if t.pawn_attackers[by][cell] & self.by_kind[PAWN] & by_set != 0 {
            return true;
        }
        let knights = self.knight_movers(by_set);
        if knights != 0 && t.hex.knight(cell) & (knights | king) != 0 {
            return true;
        }
        let rooks = self.rook_movers(by_set);
        if rooks != 0 {
            let rooks = rooks | king;
            if t.orthogonal_lines[cell] & rooks != 0 && t.rook_attacks(cell, occ) & rooks != 0 {
                return true;
            }
        }
        let bishops = self.bishop_movers(by_set);
        if bishops != 0 {
            let bishops = bishops | king;
            if t.diagonal_lines[cell] & bishops != 0 && t.bishop_attacks(cell, occ) & bishops != 0 {
                return true;
            }
        }
        false
    }

    /// Pieces of `us` that stand alone between their King on `king` and an enemy slider
    /// of that line's kind — the enemy King counts when it has the borrowed type (E10).
    /// Moving such a piece needs the full legality test; every other piece of a side
    /// that is not in check may move freely.
    pub(super) fn pinned(&self, king: usize, us: Color) -> u128 {
        let t = tables();
        let own = self.by_color[us];
        let enemy = self.by_color[1 - us];
        let occ = own | enemy;
        let enemy_king = self.by_kind[KING] & enemy;
        let mut rooks = self.rook_movers(enemy);
        if rooks != 0 {
            rooks |= enemy_king;
        }
        let mut bishops = self.bishop_movers(enemy);
        if bishops != 0 {
            bishops |= enemy_king;
        }
        let mut pinned = 0;
        for (directions, pinners, lines) in [
            (0..6, rooks, t.orthogonal_lines[king]),
            (6..12, bishops, t.diagonal_lines[king]),
        ] {
            if pinners & lines == 0 {
                continue;
            }
            for d in directions {
                if t.hex.ray(d, king) & pinners == 0 {
                    continue;
                }
                let Some(first) = t.hex.first_blocker(d, king, occ) else {
                    continue;
                };
                if own & (1 << first) == 0 {
                    continue;
                }
                if let Some(second) = t.hex.first_blocker(d, first, occ) {
                    if pinners & (1 << second) != 0 {
                        pinned |= 1 << first;
                    }
                }
            }
        }
        pinned
    }
}
