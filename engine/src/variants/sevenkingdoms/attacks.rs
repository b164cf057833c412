//! Which kingdoms could capture on a cell, looked for backwards from the cell: line walks
//! (R12–R18, R20–R24), a Cannon over one screen (R19) and Knights (R22).

use super::tables::tables;
use super::{
    code_kind, code_kingdom, SevenKingdoms, ARCHER, CANNON, CHANCELLOR, CROSSBOWMAN, DAGGER,
    DIPLOMAT, EMPEROR, GENERAL, SWORDSMAN,
};
use crate::bitboard::Bitboard;

/// What the attack test needs of the piece of a cell code.
#[derive(Clone, Copy)]
struct Attacker {
    /// Its kingdom as a bit (0 for an empty cell and the Emperor).
    kingdom: u8,
    /// Its type (`u8::MAX` for an empty cell and the Emperor).
    kind: u8,
    /// How many cells away it captures along orthogonal and along diagonal lines.
    range: [u8; 2],
}

const fn attacker(code: u8) -> Attacker {
    if code == 0 || code == EMPEROR || code_kingdom(code) >= super::KINGDOMS {
        return Attacker {
            kingdom: 0,
            kind: u8::MAX,
            range: [0, 0],
        };
    }
    let kind = code_kind(code);
    let range = match kind {
        GENERAL => [18, 18],
        CHANCELLOR => [18, 0],
        DIPLOMAT => [0, 18],
        ARCHER => [4, 4],
        CROSSBOWMAN => [5, 5],
        SWORDSMAN => [1, 0],
        DAGGER => [0, 1],
        _ => [0, 0],
    };
    Attacker {
        kingdom: 1 << code_kingdom(code),
        kind: kind as u8,
        range,
    }
}

static ATTACKERS: [Attacker; 256] = {
    let mut table = [attacker(0); 256];
    let mut code = 0;
    while code < 256 {
        table[code] = attacker(code as u8);
        code += 1;
    }
    table
};

impl SevenKingdoms {
    /// The kingdoms (bit = turn index) with a piece that could capture on `cell` if a
    /// piece they may take stood there.
    pub fn attackers(&self, cell: usize) -> u8 {
        let state = &self.state;
        let piece = |c: usize| ATTACKERS[usize::from(state.cells[c])];
        let mut found = 0;
        let cannon_in_line = (state.mobility.cannons() & tables().ranks_and_files[cell]).any();
        for d in 0..8 {
            let reach = state.lines.reach(cell, d);
            let Some(first) = reach.blocker else {
                continue;
            };
            let first_piece = piece(first);
            let diagonal = usize::from(d >= 4);
            if reach.empty < usize::from(first_piece.range[diagonal]) {
                found |= first_piece.kingdom;
            }
            if diagonal == 0 && cannon_in_line {
                if let Some(beyond_screen) = state.lines.reach(first, d).blocker {
                    let target_side = piece(beyond_screen);
                    if usize::from(target_side.kind) == CANNON {
                        found |= target_side.kingdom;
                    }
                }
            }
        }
        if (state.mobility.knights() & tables().knights_near[cell]).any() {
            for knight in state.knights_passing(cell).cells() {
                found |= piece(knight).kingdom;
            }
        }
        found
    }
}
