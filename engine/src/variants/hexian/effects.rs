//! What a piece move does to the board (R12, R17, R30, R33, R43, R62, R64, R74–R76, R105,
//! R107) and the end-of-ply steps that decide its legality (R63 steps 1–4, R68).
//!
//! Unfinished: the clocks (R116, R117), Astaroth's counting (R102), checkmate and
//! elimination (R60 c, R110, R111) are not applied yet.

use super::moves::PieceMove;
use super::tables::tables;
use super::{Hexian, Kind, Patron, Piece};
use crate::bitboard::{Bitboard, Wide256};

impl Hexian {
    /// Carries out a piece move made during the ply of army `ply_army` (R62): the victims
    /// are captured, the piece arrives with `ply_army`'s mark (R64), knock-overs follow.
    pub fn play_piece_move(&mut self, mv: PieceMove, ply_army: usize) {
        let hex = &tables().hex;
        let from = usize::from(mv.from);
        let Some(piece) = self.standing[from] else {
            return;
        };
        let to = usize::from(mv.to);
        let first_is_hop = piece.kind == Kind::Imp && self.hopped_cell(from, to).is_some();
        if !first_is_hop {
            self.displace(from, to, mv.promotes, ply_army);
            return;
        }
        let mut at = from;
        let mut landing = to;
        let mut directions = mv.tail.directions();
        loop {
            let Some(middle) = self.hopped_cell(at, landing) else {
                return;
            };
            if !self.hop(at, middle, landing, ply_army) {
                return;
            }
            let Some(d) = directions.next() else { return };
            at = landing;
            let next = hex.step(landing, d).and_then(|mid| hex.step(mid, d));
            let Some(next) = next else { return };
            landing = next;
        }
    }

    /// The cell between `from` and `to` holding an enemy standing piece, when `to` is two
    /// steps from `from` along a line (R77: that is what makes a hop).
    pub fn hopped_cell(&self, from: usize, to: usize) -> Option<usize> {
        let army = self.standing[from]?.army();
        let middle = middle_of_double_step(from, to)?;
        self.standing[middle]
            .is_some_and(|p| self.are_enemies(p.army(), army))
            .then_some(middle)
    }

    /// One hop (R74): the victim on `middle` is captured, the Imp lands; returns whether
    /// it still stands (a captured Fungoid knocks it over, R30).
    fn hop(&mut self, from: usize, middle: usize, landing: usize, ply_army: usize) -> bool {
        let Some(mut imp) = self.take_standing(from) else {
            return false;
        };
        let victim = self.capture(middle, imp.army(), false);
        imp.set_mark(ply_army);
        self.put_standing(landing, imp);
        if victim.kind == Kind::Fungoid {
            self.knock_over(middle, Some(landing));
            return false;
        }
        true
    }

    /// A move by displacement (R9): capture on `to` if a piece stands there, then arrival
    /// with promotion (R17) and Doppelganger form (R33), then knock-over (R30).
    pub(super) fn displace(&mut self, from: usize, to: usize, promotes: bool, ply_army: usize) {
        let Some(mut piece) = self.take_standing(from) else {
            return;
        };
        let victim = self.standing[to]
            .is_some()
            .then(|| self.capture(to, piece.army(), piece.kind == Kind::Ghoul));
        if promotes {
            piece.kind = Kind::Ghoul;
        }
        if let (Kind::Doppelganger, Some(victim)) = (piece.kind, victim) {
            piece.form = match victim.kind {
                Kind::Doppelganger => victim.form,
                kind => Some(kind),
            };
        }
        piece.set_mark(ply_army);
        self.put_standing(to, piece);
        if victim.is_some_and(|v| v.kind == Kind::Fungoid) {
            self.knock_over(to, Some(to));
        }
    }

    /// R12: the standing piece on `cell` is captured for army `capturer_army`; returns
    /// the victim. Zombies and Ghouls fall, a Ghost with a start cell enters its army's
    /// pool, anything else leaves the board (an enemy Imp, Fungoid, Doppelganger or
    /// Familiar into the capturing army's reserve under Lilith, R105 a). Under Merihem the
    /// victim of a Ghoul capturing by displacement (`by_ghoul`), unless a Ghost, becomes a
    /// fallen Ghoul of the Ghoul's army (R107).
    pub(super) fn capture(&mut self, cell: usize, capturer_army: usize, by_ghoul: bool) -> Piece {
        let victim = self
            .take_standing(cell)
            .expect("a capture takes a standing piece");
        let merihem = self.patron == Patron::Merihem && by_ghoul;
        match victim.kind {
            Kind::Ghost => {
                if let Some(start) = victim.start_cell() {
                    self.holdings_mut().ghost_pool |= Wide256::cell(start);
                }
            }
            _ if merihem => {
                let mut ghoul = Piece::new(capturer_army, Kind::Ghoul);
                ghoul.petrified = victim.petrified;
                ghoul.summoned = victim.summoned;
                self.fall(cell, ghoul);
            }
            Kind::Zombie | Kind::Ghoul => self.fall(cell, victim),
            kind => {
                let credited = matches!(
                    kind,
                    Kind::Imp | Kind::Fungoid | Kind::Doppelganger | Kind::Familiar
                ) && !victim.summoned
                    && self.are_enemies(victim.army(), capturer_army);
                if self.patron == Patron::Lilith && credited {
                    self.holdings_mut().reserves[capturer_army].add(kind);
                }
            }
        }
        victim
    }

    /// R41–R43: `piece` falls on `cell`, losing its shield and mark and crushing a fallen
    /// piece already there.
    pub(super) fn fall(&mut self, cell: usize, mut piece: Piece) {
        piece.shielded = false;
        piece.mark = None;
        self.take_fallen(cell);
        self.put_fallen(cell, piece);
    }

    /// R30: after a Fungoid on `fungoid_cell` is captured, the capturer (standing on
    /// `capturer_cell`) and every standing piece orthogonally adjacent to the Fungoid's
    /// cell fall, except Archwizards and illusions.
    pub(super) fn knock_over(&mut self, fungoid_cell: usize, capturer_cell: Option<usize>) {
        let hex = &tables().hex;
        let neighbours = (0..6).filter_map(|d| hex.step(fungoid_cell, d));
        let cells: Vec<usize> = capturer_cell.into_iter().chain(neighbours).collect();
        for cell in cells {
            let falls = self.standing[cell]
                .is_some_and(|p| !matches!(p.kind, Kind::Archwizard | Kind::Illusion));
            if falls {
                let piece = self.take_standing(cell).expect("checked above");
                self.fall(cell, piece);
            }
        }
    }

    /// R63 steps 1–3 after a ply of `mover`: its summoned pieces expire except one it
    /// summoned in this ply (standing on `summoned_now`), the next army in play becomes
    /// the side to move (R60 a, b), attacked illusions vanish.
    pub fn finish_ply_board(&mut self, mover: usize, summoned_now: Option<usize>) {
        self.expire_summoned(mover, summoned_now);
        self.side = self.players.next_in_play(mover);
        // Most boards hold no shielded or summoned piece and no illusion (`flagged`):
        // then only marks are erased.
        if self.flagged.is_empty() {
            self.erase_marks_of(self.side);
        } else {
            self.erase_marks_and_shields_of(self.side);
            self.remove_attacked_illusions();
        }
    }

    /// R48, R63 step 1: every summoned piece of `army`, standing or fallen, leaves the
    /// game, except the one standing on `spared` (summoned in this ply).
    fn expire_summoned(&mut self, army: usize, spared: Option<usize>) {
        let expires = |p: Piece| p.army() == army && p.summoned;
        if !self.flagged.is_empty() {
            for cell in (self.standing_by_army[army] & self.flagged).cells() {
                if self.standing[cell].is_some_and(expires) && spared != Some(cell) {
                    self.take_standing(cell);
                }
            }
        }
        for cell in self.fallen_cells.cells() {
            if self.fallen[cell].is_some_and(expires) {
                self.take_fallen(cell);
            }
        }
    }

    /// R63 step 3, R94: illusions attacked by an enemy piece are removed, until none is.
    fn remove_attacked_illusions(&mut self) {
        loop {
            let attacked = self.flagged.cells().find(|&cell| {
                self.standing[cell]
                    .is_some_and(|p| p.kind == Kind::Illusion && self.is_attacked(cell, p.army()))
            });
            match attacked {
                Some(cell) => {
                    self.take_standing(cell);
                }
                None => return,
            }
        }
    }
}

/// The cell halfway from `from` to `to` when `to` is two steps from `from` along one of
/// the 12 directions: one step from `from` in the direction of `to`.
fn middle_of_double_step(from: usize, to: usize) -> Option<usize> {
    let t = tables();
    if !t.double_steps[from].has(to) {
        return None;
    }
    let d = t.line_direction[from][to]?;
    t.hex.step(from, usize::from(d))
}
