//! Hexchoice's placement phase (R37–R45, R61).
//!
//! A placement puts one unit of the shared pool on one of White's 13 placement cells and,
//! for a pair, on its mirror cell, and the same Black pieces on the point reflections
//! (R40). The pool still available and everything R41 asks about follow from the board,
//! so the position needs no extra state beyond the phase flag.

use super::tables::tables;
use super::{
    code_color, code_kind, piece_code, Hexmate, Move, MoveList, BISHOP, BLACK, KING, PALADIN, PAWN,
    WHITE,
};
use crate::game::{PositionError, PositionErrorKind};
use crate::notation::fields;
use std::sync::OnceLock;

/// The pool of R39 by kind index (K Q D A R B N P): K, Q, D, A×2, R×2, B×3, N×3.
const POOL: [u8; 8] = [1, 1, 1, 2, 2, 3, 3, 0];
/// Number of placements of the phase (R44).
const PLACEMENTS: usize = 13;
/// The placement cells of R38 in table order.
const PLACEMENT_CELLS: [&str; PLACEMENTS] = [
    "g1", "h1", "i1", "j1", "f2", "g2", "h2", "i2", "e3", "f3", "g3", "h3", "i3",
];

/// One placement cell and the cells its placement fills.
struct Slot {
    cell: usize,
    /// The mirror cell of a pair (R12), `None` for a centre cell.
    mirror: Option<usize>,
    /// Both cells of the pair are white (colour 0).
    white_pair: bool,
    /// White cells then Black cells (point reflections) that receive a piece.
    white_cells: Vec<usize>,
    black_cells: Vec<usize>,
}

fn slots() -> &'static [Slot] {
    static SLOTS: OnceLock<Vec<Slot>> = OnceLock::new();
    SLOTS.get_or_init(|| {
        let hex = &tables().hex;
        PLACEMENT_CELLS
            .iter()
            .map(|name| {
                let cell = hex
                    .parse_cell(name)
                    .expect("placement cells are on the board");
                let (q, r) = hex.coords(cell);
                let mirror = hex.cell(-q - r, r).filter(|&m| m != cell);
                let white_cells: Vec<usize> = std::iter::once(cell).chain(mirror).collect();
                let black_cells = white_cells
                    .iter()
                    .map(|&c| {
                        let (q, r) = hex.coords(c);
                        hex.cell(-q, -r).expect("reflection is on the board")
                    })
                    .collect();
                let white_pair =
                    mirror.is_some() && white_cells.iter().all(|&c| hex.colour(c) == 0);
                Slot {
                    cell,
                    mirror,
                    white_pair,
                    white_cells,
                    black_cells,
                }
            })
            .collect()
    })
}

/// What the placements made so far amount to.
#[derive(Default)]
struct Summary {
    made: usize,
    used: [u8; 8],
    free: [bool; PLACEMENTS],
    paladin_on_centre: bool,
    paladin_on_pair: bool,
    bishops_on_white_pairs: i32,
    bishops_on_mixed_pairs: i32,
    free_white_pairs: i32,
    free_mixed_pairs: i32,
}

fn summarize(pos: &Hexmate) -> Summary {
    let mut s = Summary::default();
    for (i, slot) in slots().iter().enumerate() {
        match pos.piece_at(slot.cell) {
            None => {
                s.free[i] = true;
                if slot.mirror.is_some() {
                    if slot.white_pair {
                        s.free_white_pairs += 1;
                    } else {
                        s.free_mixed_pairs += 1;
                    }
                }
            }
            Some((_, kind)) => {
                s.made += 1;
                s.used[kind] += 1;
                let centre = slot.mirror.is_none();
                if kind == PALADIN {
                    if centre {
                        s.paladin_on_centre = true;
                    } else {
                        s.paladin_on_pair = true;
                    }
                }
                if kind == BISHOP && !centre {
                    if slot.white_pair {
                        s.bishops_on_white_pairs += 1;
                    } else {
                        s.bishops_on_mixed_pairs += 1;
                    }
                }
            }
        }
    }
    s
}

/// R41: may `unit` go to the free slot `slot` given the placements summarised in `s`?
fn allowed(s: &Summary, unit: usize, slot: &Slot) -> bool {
    let centre = slot.mirror.is_none();
    let kind_fits = match unit {
        KING => centre,
        PALADIN => (centre && !s.paladin_on_centre) || (!centre && !s.paladin_on_pair),
        _ => !centre,
    };
    if !kind_fits {
        return false;
    }
    let bishop = unit == BISHOP;
    let (mut bishops_white, mut bishops_mixed) =
        (s.bishops_on_white_pairs, s.bishops_on_mixed_pairs);
    let (mut free_white, mut free_mixed) = (s.free_white_pairs, s.free_mixed_pairs);
    if !centre {
        if slot.white_pair {
            free_white -= 1;
            bishops_white += i32::from(bishop);
        } else {
            free_mixed -= 1;
            bishops_mixed += i32::from(bishop);
        }
    }
    // Items 4 and 5: never more Bishop placements of a kind than allowed, and always room
    // left for those still due.
    bishops_white <= 1
        && bishops_mixed <= 2
        && free_white >= 1 - bishops_white
        && free_mixed >= 2 - bishops_mixed
}

/// Every legal placement (R40–R41).
pub fn generate(pos: &Hexmate, moves: &mut MoveList) {
    let s = summarize(pos);
    for unit in (0..8).filter(|&u| s.used[u] < POOL[u]) {
        for (i, slot) in slots().iter().enumerate() {
            if s.free[i] && allowed(&s, unit, slot) {
                moves.push(Move::placement(unit, slot.cell));
            }
        }
    }
}

fn slot_of(cell: usize) -> &'static Slot {
    slots()
        .iter()
        .find(|s| s.cell == cell)
        .expect("a placement names a placement cell")
}

/// Plays a placement; after the 13th the phase becomes `play` with White to move (R45).
pub fn make(pos: &mut Hexmate, mv: Move) {
    let slot = slot_of(mv.to());
    let unit = mv.unit().expect("a placement");
    for &c in &slot.white_cells {
        pos.put(c, piece_code(WHITE, unit));
    }
    for &c in &slot.black_cells {
        pos.put(c, piece_code(BLACK, unit));
    }
    pos.side = 1 - pos.side;
    pos.hash ^= tables().side_key;
    if summarize(pos).made == PLACEMENTS {
        pos.placing = false;
        pos.hash ^= tables().placing_key;
    }
}

/// Takes a placement back (the caller restores side, clocks and hash).
pub fn unmake(pos: &mut Hexmate, mv: Move) {
    let slot = slot_of(mv.to());
    for &c in slot.white_cells.iter().chain(&slot.black_cells) {
        pos.remove(c);
    }
    pos.placing = true;
}

/// R61: a `place` string must be reachable from the Hexchoice start by legal placements.
pub fn validate(pos: &Hexmate, text: &str) -> Result<(), PositionError> {
    let parts = fields(text);
    let (board_at, board) = parts[0];
    let invalid = |rule, token: &str, at| {
        Err(PositionError::new(
            PositionErrorKind::Invalid(rule),
            token,
            at,
        ))
    };
    let hex = &tables().hex;
    let ranks = |list: [usize; 2]| {
        list.iter()
            .flat_map(|&r| hex.rank_cells(r))
            .fold(0u128, |bb, c| bb | 1 << c)
    };
    // R37: White pawns fill ranks 4 and 5, Black pawns ranks 9 and 10.
    let (white_pawns, black_pawns) = (ranks([3, 4]), ranks([8, 9]));
    let mut expected_occupancy = white_pawns | black_pawns;
    if pos.pieces(WHITE, PAWN) != white_pawns || pos.pieces(BLACK, PAWN) != black_pawns {
        return invalid(
            "during placement the pawns stand on their start cells (R61)",
            board,
            board_at,
        );
    }
    for slot in slots() {
        let code = pos.board[slot.cell];
        let group_ok = if code == 0 {
            slot.white_cells
                .iter()
                .chain(&slot.black_cells)
                .all(|&c| pos.board[c] == 0)
        } else {
            let kind = code_kind(code);
            code_color(code) == WHITE
                && slot
                    .white_cells
                    .iter()
                    .all(|&c| pos.board[c] == piece_code(WHITE, kind))
                && slot
                    .black_cells
                    .iter()
                    .all(|&c| pos.board[c] == piece_code(BLACK, kind))
        };
        if !group_ok {
            return invalid(
                "placed pieces come in mirror-and-reflection groups (R40, R61)",
                board,
                board_at,
            );
        }
        if code != 0 {
            for &c in slot.white_cells.iter().chain(&slot.black_cells) {
                expected_occupancy |= 1 << c;
            }
        }
    }
    if pos.by_color[WHITE] | pos.by_color[BLACK] != expected_occupancy {
        return invalid(
            "a piece stands outside the placement groups (R61)",
            board,
            board_at,
        );
    }
    let s = summarize(pos);
    if (0..8).any(|k| s.used[k] > POOL[k]) {
        return invalid(
            "more placements of a unit than the pool holds (R39)",
            board,
            board_at,
        );
    }
    if s.made == PLACEMENTS {
        return invalid(
            "after 13 placements the phase is play (R45)",
            board,
            board_at,
        );
    }
    if !reachable(pos, &s) {
        return invalid("the placements break R41", board, board_at);
    }
    let side_ok = (pos.side == BLACK) == s.made.is_multiple_of(2);
    if !side_ok {
        let (at, side) = parts[1];
        return invalid(
            "Black places first and the sides alternate (R44, R61)",
            side,
            at,
        );
    }
    if pos.halfmove != 0 || pos.fullmove != 1 {
        let (at, clock) = parts[3];
        return invalid("the clocks are 0 1 during placement (R45)", clock, at);
    }
    Ok(())
}

/// Whether the placements on the board can be made in some order that obeys R41. Placing
/// the Bishops first is such an order whenever any exists (it brings the due counts of
/// item 5 down before the free pairs shrink), so it suffices to replay that order.
fn reachable(pos: &Hexmate, s: &Summary) -> bool {
    let mut board = Hexmate::empty(pos.ruleset);
    board.placing = true;
    let mut order: Vec<&Slot> = slots()
        .iter()
        .filter(|slot| pos.board[slot.cell] != 0)
        .collect();
    order.sort_by_key(|slot| code_kind(pos.board[slot.cell]) != BISHOP);
    for slot in order {
        let unit = code_kind(pos.board[slot.cell]);
        if !allowed(&summarize(&board), unit, slot) {
            return false;
        }
        for &c in &slot.white_cells {
            board.board[c] = piece_code(WHITE, unit);
        }
    }
    summarize(&board).made == s.made
}
