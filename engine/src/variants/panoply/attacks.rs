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

/// One attack on a cell (R49–R51): what ends it. Capturing a piece of `parts` (the
/// attacker, or a piece of a Guard's run), freezing the attacker, or filling a cell of
/// `stops` (between the attacker and the cell, a landing or retreat cell; for a Barricade
/// the cells within two) may; nothing else can.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct Attack {
    pub parts: u128,
    pub stops: u128,
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
    #[inline]
    pub(super) fn is_attacked(&self, x: usize, by: Color) -> bool {
        self.first_attack(x, by).is_some()
    }

    /// The first attack of `is_attacked` found on `x`, by King, Pawn, the pieces along
    /// each line, then Barricades.
    pub(super) fn first_attack(&self, x: usize, by: Color) -> Option<Attack> {
        let t = tables();
        let zone = self.herald_zone(1 - by);
        let active = self.by_color[by] & !zone;
        if active == 0 {
            return None;
        }
        let king = t.adjacent[x] & active & self.by_kind[KING];
        if king != 0 {
            return Some(Attack {
                parts: king,
                stops: 0,
            });
        }
        if let Some(attack) = self.pawn_attack(x, by, active) {
            return Some(attack);
        }
        let liners = active
            & (self.by_kind[RIDER]
                | self.by_kind[SKIRMISHER]
                | self.by_kind[CATAPULT]
                | self.by_kind[GUARD]);
        let attack = (0..6)
            .filter(|&e| t.hex.ray(e, x) & liners != 0)
            .find_map(|e| self.attack_along(x, e, by, active));
        attack.or_else(|| self.barricade_attack(x, by, zone))
    }

    /// A Pawn captures by jumping: it stands one forward step before `x` and the cell one
    /// step beyond `x` is on the board and empty (R19, R51).
    fn pawn_attack(&self, x: usize, by: Color, active: u128) -> Option<Attack> {
        let hex = tables().hex;
        let pawns = active & self.by_kind[PAWN];
        super::tables::FORWARD[by].iter().find_map(|&d| {
            let from = hex.step(x, opposite(d))?;
            let landing = hex.step(x, d)?;
            (pawns & (1 << from) != 0 && self.cells[landing] == 0).then(|| Attack {
                parts: 1 << from,
                stops: 1 << landing,
            })
        })
    }

    /// An attack on `x` by a piece on the ray from `x` in direction `e` (R51): Rider and
    /// Skirmisher as the first piece, Guard across a run of its own side's pieces,
    /// Catapult anywhere with an empty landing cell beyond `x`. Only called for a ray
    /// that holds one of them.
    fn attack_along(&self, x: usize, e: usize, by: Color, active: u128) -> Option<Attack> {
        let t = tables();
        let occupied = self.occupied();
        let line = t.line(x, e, occupied);
        if let Some(first) = line.blocker_cell().filter(|&c| active & (1u128 << c) != 0) {
            let (parts, between) = (line.blocker, line.empty);
            match code_kind(self.cells[first]) {
                RIDER => {
                    return Some(Attack {
                        parts,
                        stops: between,
                    })
                }
                // R27: it retreats as far beyond itself over empty cells.
                SKIRMISHER => {
                    let retreat = t.line(first, e, occupied).empty;
                    if retreat.count() > between.count() {
                        let stops = between | retreat;
                        return Some(Attack { parts, stops });
                    }
                }
                _ => {}
            }
        }
        // With every cell but those of `by` as a blocker, the line's free cells are the
        // run of `by`'s pieces next to `x` (R38): no cell of it can be filled.
        let run = t.line(x, e, !self.by_color[by]).empty;
        if run & active & self.by_kind[GUARD] != 0 {
            return Some(Attack {
                parts: run,
                stops: 0,
            });
        }
        let back = &t.rays[x][opposite(e)];
        (t.ray_masks[x][e] & active & self.by_kind[CATAPULT])
            .cells()
            .find_map(|catapult| {
                let distance = t.hex.distance(x, catapult) as usize;
                let landing = *back.get(distance - 1)? as usize;
                (self.cells[landing] == 0).then(|| Attack {
                    parts: 1 << catapult,
                    stops: 1 << landing,
                })
            })
    }

    /// A Barricade attacks the cells its advances enter as a first step or as the second
    /// step after any first step (R51, A22). Only Barricades within three cells can reach,
    /// and the cells its steps enter lie within two cells of `x`.
    fn barricade_attack(&self, x: usize, by: Color, zone: u128) -> Option<Attack> {
        let t = tables();
        if t.within4[x] & self.pieces(by, BARRICADE) == 0 {
            return None;
        }
        let hex = t.hex;
        let view = View {
            occupied: self.occupied() | 1 << x,
            enemy: self.by_color[1 - by] | 1 << x,
        };
        let attacker = self.barricades_outside(by, zone).find(|&p| {
            let [a, b] = p.cells();
            (hex.distance(a, x) <= 3 || hex.distance(b, x) <= 3)
                && self.barricade_reaches(p, view, x)
        })?;
        Some(Attack {
            parts: (1 << attacker.0) | (1 << attacker.1),
            stops: t.within2[x],
        })
    }
}
