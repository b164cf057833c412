//! Freezing (R14) and the attack test (R49–R51).

use super::barricade::View;
use super::tables::tables;
use super::{
    code_kind, Board, Color, Placement, BARRICADE, CATAPULT, GUARD, HERALD, KING, PAWN, RIDER,
    SKIRMISHER,
};
use crate::bitboard::Bitboard;

const fn opposite(d: usize) -> usize {
    (d + 3) % 6
}

impl Board {
    /// The cells next to a Herald of `color`: enemy pieces there are frozen (R14).
    #[inline]
    pub(super) fn herald_zone(&self, color: Color) -> u128 {
        let t = tables();
        self.pieces(color, HERALD)
            .cells()
            .fold(0, |zone, h| zone | t.adjacent[h])
    }

    /// The Barricades of `color` whose ends both lie outside `zone` (not frozen).
    pub(super) fn barricades_outside(
        &self,
        color: Color,
        zone: u128,
    ) -> impl Iterator<Item = Placement> + '_ {
        self.pieces(color, BARRICADE).cells().filter_map(move |a| {
            let b = self.partner[a] as usize;
            let free = zone & ((1u128 << a) | (1u128 << b)) == 0;
            (a < b && free).then(|| Placement::new(a, b))
        })
    }

    /// R49: whether the piece on `x` — or a one-cell piece of the other colour placed
    /// there if it is empty (A21) — could be captured by a piece of `by` that is not next
    /// to a Herald of the defending colour.
    pub(super) fn is_attacked(&self, x: usize, by: Color) -> bool {
        let t = tables();
        let defender = 1 - by;
        let zone = self.herald_zone(defender);
        let active = self.by_color[by] & !zone;
        if active == 0 {
            return false;
        }
        if t.adjacent[x] & active & self.by_kind[KING] != 0 {
            return true;
        }
        if self.pawn_attacks(x, by, active) {
            return true;
        }
        let liners = active
            & (self.by_kind[RIDER]
                | self.by_kind[SKIRMISHER]
                | self.by_kind[CATAPULT]
                | self.by_kind[GUARD]);
        if (0..6).any(|e| t.hex.ray(e, x) & liners != 0 && self.attacked_along(x, e, by, active)) {
            return true;
        }
        self.barricade_attacks(x, by, zone)
    }

    /// A Pawn captures by jumping: it stands one forward step before `x` and the cell one
    /// step beyond `x` is on the board and empty (R19, R51).
    fn pawn_attacks(&self, x: usize, by: Color, active: u128) -> bool {
        let hex = tables().hex;
        let pawns = active & self.by_kind[PAWN];
        super::tables::FORWARD[by].iter().any(|&d| {
            let from = hex.step(x, opposite(d));
            let landing = hex.step(x, d);
            matches!((from, landing), (Some(y), Some(l)) if pawns & (1 << y) != 0 && self.cells[l] == 0)
        })
    }

    /// Attacks on `x` by pieces on the ray from `x` in direction `e` (R51): Rider and
    /// Skirmisher as the first piece, Guard across a run of its own side's pieces,
    /// Catapult anywhere with an empty landing cell beyond `x`. Only called for a ray
    /// that holds one of them.
    fn attacked_along(&self, x: usize, e: usize, by: Color, active: u128) -> bool {
        let t = tables();
        let occupied = self.occupied();
        let line = t.line(x, e, occupied);
        if let Some(first) = line.blocker_cell().filter(|&c| active & (1u128 << c) != 0) {
            let distance = line.empty.count() + 1;
            match code_kind(self.cells[first]) {
                RIDER => return true,
                // R27: it retreats as far beyond itself over empty cells.
                SKIRMISHER if t.line(first, e, occupied).empty.count() >= distance => return true,
                _ => {}
            }
        }
        // With every cell but those of `by` as a blocker, the line's free cells are the
        // run of `by`'s pieces next to `x` (R38).
        let run = t.line(x, e, !self.by_color[by]).empty;
        if run & active & self.by_kind[GUARD] != 0 {
            return true;
        }
        let back = &t.rays[x][opposite(e)];
        (t.ray_masks[x][e] & active & self.by_kind[CATAPULT])
            .cells()
            .any(|catapult| {
                let distance = t.hex.distance(x, catapult) as usize;
                back.get(distance - 1)
                    .is_some_and(|&landing| self.cells[landing as usize] == 0)
            })
    }

    /// A Barricade attacks the cells its advances enter as a first step or as the second
    /// step after any first step (R51, A22). Only Barricades within three cells can reach.
    fn barricade_attacks(&self, x: usize, by: Color, zone: u128) -> bool {
        let t = tables();
        if t.within4[x] & self.pieces(by, BARRICADE) == 0 {
            return false;
        }
        let hex = t.hex;
        let view = View {
            occupied: self.occupied() | 1 << x,
            enemy: self.by_color[1 - by] | 1 << x,
        };
        self.barricades_outside(by, zone).any(|p| {
            let [a, b] = p.cells();
            (hex.distance(a, x) <= 3 || hex.distance(b, x) <= 3)
                && self.barricade_reaches(p, view, x)
        })
    }
}
