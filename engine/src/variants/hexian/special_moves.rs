//! The moves that are not piece moves or spells (§6.1, §6.2, §6.5, §6.6): rising (R72),
//! dispatching (R73), Ghost return and possession (R79, R80) and Lilith's deployment
//! (R106); their generation before the legality test, and their effects.

use super::moves::Move;
use super::tables::tables;
use super::{Hexian, Kind, Patron, Piece};
use crate::bitboard::{Bitboard, Wide256};

impl Hexian {
    /// Rising, dispatching, Ghost returns and deployments of the side to move, before the
    /// legality test.
    pub fn special_moves(&self, out: &mut Vec<Move>) {
        self.rises(out);
        self.dispatches(out);
        self.ghost_returns(out);
        self.deployments(out);
    }

    /// R72: a fallen, not petrified piece of the mover's army, with no standing piece on
    /// its cell, stands up.
    fn rises(&self, out: &mut Vec<Move>) {
        for cell in (self.fallen_cells & !self.occupied()).cells() {
            if self.fallen[cell].is_some_and(|p| p.army() == self.side && !p.petrified) {
                out.push(Move::Rise(cell as u8));
            }
        }
    }

    /// R73: a standing piece of the mover that may act, is not an illusion and not a
    /// provoked Ghoul removes the fallen enemy piece under it.
    fn dispatches(&self, out: &mut Vec<Move>) {
        for cell in (self.fallen_cells & self.standing_by_army[self.side]).cells() {
            let dispatcher_ok = self.standing[cell].is_some_and(|p| p.kind != Kind::Illusion)
                && self.may_act(cell)
                && !self.is_provoked_ghoul(cell);
            let enemy_below =
                self.fallen[cell].is_some_and(|p| self.are_enemies(p.army(), self.side));
            if dispatcher_ok && enemy_below {
                out.push(Move::Dispatch(cell as u8));
            }
        }
    }

    /// R21: the standing piece on `cell` is a Ghoul (type `H`) with a capturing move.
    fn is_provoked_ghoul(&self, cell: usize) -> bool {
        let Some(piece) = self.standing[cell].filter(|p| p.kind == Kind::Ghoul) else {
            return false;
        };
        let reach = self.lines(
            cell,
            super::attacks::ORTHOGONAL_DIRECTIONS,
            self.short_reach(),
        );
        reach
            .cells()
            .any(|c| self.is_capturable_by(c, piece.army()))
    }

    /// R79: for each start cell of the mover's Ghost pool and each possible sacrifice
    /// (standing or fallen own piece, not the Archwizard, not an illusion), the return or
    /// possession if the start cell then allows it.
    fn ghost_returns(&self, out: &mut Vec<Move>) {
        let starts = tables().armies[self.side].ghost_starts;
        for start in starts
            .into_iter()
            .filter(|&s| self.holdings.ghost_pool.has(s))
        {
            for sacrifice in self.standing_by_army[self.side].cells() {
                if self.may_sacrifice(self.standing[sacrifice])
                    && (sacrifice == start || self.ghost_may_enter(start))
                {
                    out.push(ghost_return(start, sacrifice, false));
                }
            }
            for sacrifice in self.fallen_cells.cells() {
                let own = self.fallen[sacrifice].filter(|p| p.army() == self.side);
                if self.may_sacrifice(own) && self.ghost_may_enter(start) {
                    out.push(ghost_return(start, sacrifice, true));
                }
            }
        }
    }

    /// R79: a sacrifice is one of the mover's own pieces other than its Archwizard and
    /// illusions.
    fn may_sacrifice(&self, piece: Option<Piece>) -> bool {
        piece.is_some_and(|p| {
            p.army() == self.side && !matches!(p.kind, Kind::Archwizard | Kind::Illusion)
        })
    }

    /// R79: the start cell is free, or holds a standing enemy piece that is not a Ghost,
    /// an Archwizard, an illusion or shielded (possession).
    fn ghost_may_enter(&self, start: usize) -> bool {
        match self.standing[start] {
            None => true,
            Some(p) => {
                self.are_enemies(p.army(), self.side)
                    && !matches!(p.kind, Kind::Ghost | Kind::Archwizard | Kind::Illusion)
                    && !p.shielded
            }
        }
    }

    /// R106 (Lilith): a type of the mover's reserve onto a free edge start cell.
    fn deployments(&self, out: &mut Vec<Move>) {
        if self.patron != Patron::Lilith {
            return;
        }
        let reserve = self.holdings.reserves[self.side];
        let cells: Wide256 = tables().armies[self.side].edge_starts & !self.occupied();
        for kind in Kind::ALL.into_iter().filter(|&k| reserve.count(k) > 0) {
            for cell in cells.cells() {
                out.push(Move::Deploy {
                    kind,
                    cell: cell as u8,
                });
            }
        }
    }

    /// R72: the fallen piece on `cell` stands up, unmarked.
    pub(super) fn rise(&mut self, cell: usize) {
        if let Some(piece) = self.take_fallen(cell) {
            self.put_standing(cell, piece);
        }
    }

    /// R73, R105 b: the fallen piece on `cell` leaves the game; under Lilith its type
    /// enters the mover's reserve unless it is a Ghost or summoned.
    pub(super) fn dispatch(&mut self, cell: usize) {
        let Some(piece) = self.take_fallen(cell) else {
            return;
        };
        if self.patron == Patron::Lilith && piece.kind != Kind::Ghost && !piece.summoned {
            let side = self.side;
            self.holdings_mut().reserves[side].add(piece.kind);
        }
    }

    /// R79, R80: the sacrifice leaves the game, then a Ghost returns to the free start
    /// cell or the enemy piece there is possessed; the start cell leaves the pool and the
    /// piece on it is marked.
    pub(super) fn return_ghost(&mut self, start: usize, sacrifice: usize, fallen: bool) {
        if fallen {
            self.take_fallen(sacrifice);
        } else {
            self.take_standing(sacrifice);
        }
        let mut piece = match self.take_standing(start) {
            Some(mut possessed) => {
                possessed.set_army(self.side);
                possessed
            }
            None => Piece {
                ghost_start: Some(start as u8),
                ..Piece::new(self.side, Kind::Ghost)
            },
        };
        piece.set_mark(self.side);
        self.put_standing(start, piece);
        self.holdings_mut().ghost_pool &= !Wide256::cell(start);
    }

    /// R106: one `kind` leaves the reserve and a new native piece stands on `cell`, marked.
    pub(super) fn deploy(&mut self, kind: Kind, cell: usize) {
        let side = self.side;
        self.holdings_mut().reserves[side].remove(kind);
        let piece = Piece {
            mark: Some(self.side as u8),
            ..Piece::new(self.side, kind)
        };
        self.put_standing(cell, piece);
    }
}

fn ghost_return(start: usize, sacrifice: usize, fallen: bool) -> Move {
    Move::GhostReturn {
        start: start as u8,
        sacrifice: sacrifice as u8,
        fallen,
    }
}
