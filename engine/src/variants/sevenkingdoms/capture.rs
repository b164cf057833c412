//! What a move sets off: captures, elimination and army transfer (R36–R42), putting
//! kingdoms out (R34), and who moves next (R27–R33, R51.7).

use super::tables::tables;
use super::{code_kind, code_kingdom, piece_code, SevenKingdoms, State, GENERAL, KINGDOMS};
use crate::bitboard::{Bitboard, Wide384};

impl State {
    /// Moves the piece on `from` to the empty cell `to`.
    fn relocate(&mut self, from: usize, to: usize) {
        let t = tables();
        let code = self.cells[from];
        let kingdom = code_kingdom(code);
        self.cells[from] = 0;
        self.cells[to] = code;
        self.by_kingdom[kingdom] ^= Wide384::cell(from) | Wide384::cell(to);
        self.lines.toggle(from);
        self.lines.toggle(to);
        let kind = code_kind(code);
        if kind == GENERAL {
            self.generals ^= Wide384::cell(from) | Wide384::cell(to);
        }
        self.mobility.toggle(kind, from);
        self.mobility.toggle(kind, to);
        self.hash ^= t.piece_key(code, from) ^ t.piece_key(code, to);
    }

    /// Removes the piece on `cell`.
    fn remove(&mut self, cell: usize) {
        let code = self.cells[cell];
        self.cells[cell] = 0;
        let (kingdom, kind) = (code_kingdom(code), code_kind(code));
        self.by_kingdom[kingdom] ^= Wide384::cell(cell);
        self.lines.toggle(cell);
        self.pieces_by_kind[kingdom][kind] -= 1;
        if kind == GENERAL {
            self.generals ^= Wide384::cell(cell);
        }
        self.mobility.toggle(kind, cell);
        self.hash ^= tables().piece_key(code, cell);
    }

    /// Adds `amount` to `matrix[capturer][victim]`, keeping the hash in step.
    fn add_captures(&mut self, capturer: usize, victim: usize, amount: u16) {
        let t = tables();
        let old = self.matrix[capturer][victim];
        let new = old + amount;
        self.hash ^= t.matrix_key(capturer, victim, old) ^ t.matrix_key(capturer, victim, new);
        self.matrix[capturer][victim] = new;
    }

    /// R40: every piece of colour `victim` becomes `recipient`'s, is counted as captured
    /// by it, and the pair is recorded.
    fn transfer_army(&mut self, victim: usize, recipient: usize) {
        let t = tables();
        let army = self.by_kingdom[victim];
        for cell in army.cells() {
            let old = self.cells[cell];
            let new = piece_code(recipient, code_kind(old));
            self.cells[cell] = new;
            self.hash ^= t.piece_key(old, cell) ^ t.piece_key(new, cell);
        }
        self.by_kingdom[victim] = Wide384::EMPTY;
        self.by_kingdom[recipient] |= army;
        for kind in 0..10 {
            self.pieces_by_kind[recipient][kind] += self.pieces_by_kind[victim][kind];
        }
        self.pieces_by_kind[victim] = [0; 10];
        self.add_captures(recipient, victim, army.count() as u16);
        self.record.push((recipient as u8, victim as u8));
        self.hash ^= t.record_key(recipient, victim);
    }

    /// R39: the candidate in the game (other than `victim`) with the most captures; on a
    /// tie the mover, else the first met walking the turn order backwards from it.
    fn ten_loss_recipient(&self, victim: usize, mover: usize) -> usize {
        let candidates = (0..KINGDOMS).filter(|&k| k != victim && self.in_game(k));
        let most = candidates
            .clone()
            .map(|k| self.captures(k))
            .max()
            .unwrap_or(0);
        if self.captures(mover) == most {
            return mover;
        }
        (1..KINGDOMS)
            .map(|back| (mover + KINGDOMS - back) % KINGDOMS)
            .find(|&k| k != victim && self.in_game(k) && self.captures(k) == most)
            .unwrap_or(mover)
    }

    /// The first kingdom after `after` in turn order (itself last) that is in the game and,
    /// if `need_moves`, has a legal move.
    pub(super) fn next_kingdom(&self, after: usize, need_moves: bool) -> Option<usize> {
        (1..=KINGDOMS)
            .map(|i| (after + i) % KINGDOMS)
            .find(|&k| self.in_game(k) && (!need_moves || self.mobility.total(k) > 0))
    }

    /// Sets the side to move after a move by (or a resignation affecting) `previous`:
    /// R43–R45 first, then R30 or R31, and the round number (R51.7).
    fn pass_turn(&mut self, previous: usize, players: &super::Players) {
        self.ending = self.victory(previous, players);
        let next = match self.ending {
            Some(_) => self.next_kingdom(previous, false),
            None => self.next_kingdom(previous, true).or_else(|| {
                self.ending = Some(super::Ending::no_legal_moves());
                self.next_kingdom(previous, false)
            }),
        };
        self.set_side(next.unwrap_or(previous));
        if self.side <= previous {
            self.fullmove = self.fullmove.saturating_add(1);
        }
    }

    pub(super) fn set_side(&mut self, kingdom: usize) {
        let t = tables();
        self.hash ^= t.side_key(self.side) ^ t.side_key(kingdom);
        self.side = kingdom;
    }
}

impl SevenKingdoms {
    /// A move of the piece on `from` to `to` with all its consequences.
    pub(super) fn play_step(&mut self, from: usize, to: usize) {
        let state = &mut self.state;
        let mover = state.side;
        let target = state.cells[to];
        let records = state.record.len();
        state.uncount(from);
        if target == 0 {
            state.halfmove = state.halfmove.saturating_add(1);
        } else {
            state.uncount(to);
            // R36–R38: remove and count the piece, then capture its kingdom if it was a
            // General or the kingdom's tenth loss.
            let victim = code_kingdom(target);
            state.remove(to);
            state.add_captures(mover, victim, 1);
            state.halfmove = 0;
            if code_kind(target) == GENERAL {
                state.transfer_army(victim, mover);
            } else if state.losses(victim) >= 10 {
                let recipient = state.ten_loss_recipient(victim, mover);
                state.transfer_army(victim, recipient);
            }
        }
        state.relocate(from, to);
        if state.record.len() > records {
            state.recount_all();
        } else {
            state.recount_around([from, to]);
        }
        state.pass_turn(mover, &self.players);
    }

    /// R34: the kingdoms of `mask` that are in the game are put out. The side to move, if
    /// put out, passes the turn on as after a move; otherwise it keeps the turn (and the
    /// round number stays: the turn did not wrap round).
    pub(super) fn put_out(&mut self, mask: u8) {
        let state = &mut self.state;
        let newly_out: Vec<usize> = (0..KINGDOMS)
            .filter(|&k| mask & (1 << k) != 0 && state.in_game(k))
            .collect();
        for kingdom in newly_out {
            state.out |= 1 << kingdom;
            state.hash ^= tables().out_key(kingdom);
        }
        let side = state.side;
        if state.in_game(side) {
            state.ending = state.victory(side, &self.players);
        } else {
            state.pass_turn(side, &self.players);
        }
    }
}
