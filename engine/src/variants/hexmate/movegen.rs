//! Legal move generation for the play phase (R14–R29, R32).
//!
//! Moves are generated as target bitboards per piece. Only three kinds of move need the
//! full legality test (the mover's King attacked after the move, R32): King moves, moves
//! of pinned pieces, and every move while in check. Any other move cannot expose the
//! King: it opens no line towards it, and a capture only removes attackers. The full
//! test itself never makes the move; it asks the attack question with the occupancy and
//! the enemy's pieces of the position after it, which also recomputes the enemy King's
//! borrowed types (E9, E10).

use super::tables::tables;
use super::{
    Color, Hexmate, Move, MoveList, BISHOP, DUKE, KING, KNIGHT, PALADIN, PAWN, QUEEN, ROOK,
};

/// Receives the legal targets of one piece at a time.
trait Sink {
    fn add(&mut self, from: usize, targets: u128, pawn: bool);
}

/// Collects moves into a list, expanding promotions into their three choices (R24).
struct Collect<'a> {
    moves: &'a mut MoveList,
    promotion_rank: u128,
}

impl Sink for Collect<'_> {
    #[inline]
    fn add(&mut self, from: usize, targets: u128, pawn: bool) {
        let mut rest = targets;
        while rest != 0 {
            let to = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            if pawn && self.promotion_rank & (1 << to) != 0 {
                for kind in [QUEEN, DUKE, PALADIN] {
                    self.moves.push(Move::promotion(from, to, kind));
                }
            } else {
                self.moves.push(Move::normal(from, to));
            }
        }
    }
}

/// Counts moves without listing them (perft's bulk counting).
struct Count {
    total: usize,
    promotion_rank: u128,
}

impl Sink for Count {
    #[inline]
    fn add(&mut self, _from: usize, targets: u128, pawn: bool) {
        self.total += targets.count_ones() as usize;
        if pawn {
            self.total += 2 * (targets & self.promotion_rank).count_ones() as usize;
        }
    }
}

/// Which legal moves a generation pass produces.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Wanted {
    All,
    /// Captures and promotions only (quiescence search).
    Tactical,
}

impl Hexmate {
    /// Whether `color` has no piece besides its King (R46 step 1).
    #[inline]
    pub(super) fn is_bare(&self, color: Color) -> bool {
        self.by_color[color] & !self.by_kind[KING] == 0
    }

    /// Whether a bare side ends the game in this position (R46, R50).
    #[inline]
    pub(super) fn is_over_by_baring(&self) -> bool {
        self.is_bare(0) || self.is_bare(1)
    }

    pub(super) fn generate_legal(&self, moves: &mut MoveList, wanted: Wanted) {
        let promotion_rank = tables().last_rank[self.side];
        self.visit_legal(
            &mut Collect {
                moves,
                promotion_rank,
            },
            wanted,
        );
    }

    pub(super) fn count_legal(&self) -> usize {
        let mut count = Count {
            total: 0,
            promotion_rank: tables().last_rank[self.side],
        };
        self.visit_legal(&mut count, Wanted::All);
        count.total
    }

    fn visit_legal<S: Sink>(&self, sink: &mut S, wanted: Wanted) {
        if self.is_over_by_baring() {
            return;
        }
        let t = tables();
        let us = self.side;
        let them = 1 - us;
        let own = self.by_color[us];
        let enemy = self.by_color[them];
        let occ = own | enemy;
        let Some(king) = self.king(us) else { return };
        let in_check = self.attacked_by(king, them, occ, enemy);
        let needs_test = if in_check { !0 } else { self.pinned(king, us) };
        // Tactical moves end on an enemy piece, or promote (R24: a pawn reaching the last
        // rank); pawns move and capture to the same cells (R23).
        let (piece_cells, pawn_cells) = match wanted {
            Wanted::All => (!own, !own),
            Wanted::Tactical => (enemy, enemy | (t.last_rank[us] & !own)),
        };

        // The King may not end on a cell attacked once it has left its own (R32).
        let king_targets = self.king_targets(king, us, occ) & piece_cells;
        sink.add(
            king,
            self.keep_safe(king_targets, |to| (king, to, to)),
            false,
        );

        let mut visit = |from: usize, targets: u128, pawn: bool| {
            let targets = targets & if pawn { pawn_cells } else { piece_cells };
            if needs_test & (1 << from) != 0 {
                sink.add(from, self.keep_safe(targets, |to| (from, to, king)), pawn);
            } else {
                sink.add(from, targets, pawn);
            }
        };
        // One loop per kind, so that `reach` is resolved at compile time.
        for from in self.pieces_iter(us, PAWN) {
            visit(from, self.reach(PAWN, from, occ), true);
        }
        for from in self.pieces_iter(us, KNIGHT) {
            visit(from, self.reach(KNIGHT, from, occ), false);
        }
        for from in self.pieces_iter(us, BISHOP) {
            visit(from, self.reach(BISHOP, from, occ), false);
        }
        for from in self.pieces_iter(us, ROOK) {
            visit(from, self.reach(ROOK, from, occ), false);
        }
        for from in self.pieces_iter(us, QUEEN) {
            visit(from, self.reach(QUEEN, from, occ), false);
        }
        for from in self.pieces_iter(us, DUKE) {
            visit(from, self.reach(DUKE, from, occ), false);
        }
        for from in self.pieces_iter(us, PALADIN) {
            visit(from, self.reach(PALADIN, from, occ), false);
        }
    }

    /// The cells a piece of `kind` of the side to move on `from` reaches with occupancy
    /// `occ`, own pieces included (R16–R28): the generator's targets and the test of a
    /// table move (`packing.rs`).
    #[inline(always)]
    pub(super) fn reach(&self, kind: usize, from: usize, occ: u128) -> u128 {
        let t = tables();
        match kind {
            KING => self.king_targets(from, self.side, occ),
            PAWN => t.pawn_steps[self.side][from],
            KNIGHT => t.hex.knight(from),
            BISHOP => t.bishop_attacks(from, occ),
            ROOK => t.rook_attacks(from, occ),
            QUEEN => t.rook_attacks(from, occ) | t.bishop_attacks(from, occ),
            DUKE => t.rook_attacks(from, occ) | t.hex.knight(from),
            _ => t.bishop_attacks(from, occ) | t.hex.knight(from),
        }
    }

    /// The cells a King of `color` on `king` reaches: its step (R25) and the movement it
    /// borrows from its own pieces (R26–R27). Set union makes the step and the first cell
    /// of a rook slide one move (R29).
    #[inline]
    pub(super) fn king_targets(&self, king: usize, color: Color, occ: u128) -> u128 {
        let t = tables();
        let own = self.by_color[color];
        let mut targets = t.adjacent[king];
        if self.knight_movers(own) != 0 {
            targets |= t.hex.knight(king);
        }
        if self.rook_movers(own) != 0 {
            targets |= t.rook_attacks(king, occ);
        }
        if self.bishop_movers(own) != 0 {
            targets |= t.bishop_attacks(king, occ);
        }
        targets
    }

    /// The targets whose move leaves the mover's King safe. `cells(to)` gives the move's
    /// from-cell, to-cell and the cell the King stands on afterwards.
    #[inline]
    fn keep_safe(&self, targets: u128, cells: impl Fn(usize) -> (usize, usize, usize)) -> u128 {
        let us = self.side;
        let them = 1 - us;
        let occ = self.by_color[0] | self.by_color[1];
        let enemy = self.by_color[them];
        let mut safe = 0;
        let mut rest = targets;
        while rest != 0 {
            let to = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            let (from, to_cell, king) = cells(to);
            let after = (occ & !(1u128 << from)) | (1u128 << to_cell);
            if !self.attacked_by(king, them, after, enemy & !(1u128 << to_cell)) {
                safe |= 1 << to;
            }
        }
        safe
    }

    /// Iterates over the cells of `color`'s pieces of `kind`.
    #[inline]
    fn pieces_iter(&self, color: Color, kind: usize) -> impl Iterator<Item = usize> {
        let mut rest = self.by_kind[kind] & self.by_color[color];
        std::iter::from_fn(move || {
            (rest != 0).then(|| {
                let cell = rest.trailing_zeros() as usize;
                rest &= rest - 1;
                cell
            })
        })
    }
}
