//! Moves packed for the transposition table (`Game::pack_move`) and read back
//! (`Game::table_move`, which then tests the move alone, R68).
//!
//! The move's kind is in bits 27–31: a piece move, rise, dispatch, Ghost return,
//! deployment, the pass, or one of the fourteen spells (R61, §6.7). The rest holds its
//! cells (8 bits each, 217 cells), flags and piece kinds (4 bits), exactly, except:
//! - a hop chain of more than two further hops (R76) keeps 9 bits of a fold of its hops:
//!   its 16 hops of 4 bits cannot fit beside the cells. Such chains need three enemy
//!   pieces lined up for one Imp and are rare;
//! - Burning Hands' three targets (R88) and Haste's two piece moves (R91) are more than
//!   32 bits with the caster: they keep the caster and 19 bits of a fold.
//!
//! A move of those kinds is read back as the candidate of that packing (the piece's
//! moves or the spells), found by generating them; two candidates folding alike would
//! share a packing, and the table would then offer the first of them, a legal move still.

use super::{Hexian, HopTail, Kind, Move, PieceMove, Spell, CELLS};

/// The low bits of the payload, below the kind.
const PAYLOAD: u32 = (1 << 27) - 1;

const PIECE: u32 = 0;
const RISE: u32 = 1;
const DISPATCH: u32 = 2;
const GHOST_RETURN: u32 = 3;
const DEPLOY: u32 = 4;
const PASS: u32 = 5;
/// The first spell's kind; the spells follow in `Spell`'s order.
const SPELLS: u32 = 6;
const BANISH: u32 = SPELLS;
const CHARM: u32 = SPELLS + 1;
const DEFLECT: u32 = SPELLS + 2;
const BURNING_HANDS: u32 = SPELLS + 3;
const HASTE: u32 = SPELLS + 4;
const STINKING_CLOUD: u32 = SPELLS + 5;
const LIGHTNING_BOLT: u32 = SPELLS + 6;
const MIRROR_IMAGE: u32 = SPELLS + 7;
const PETRIFY: u32 = SPELLS + 8;
const REANIMATE: u32 = SPELLS + 9;
const SHIELD: u32 = SPELLS + 10;
const TELEPORT: u32 = SPELLS + 11;
const SUMMON: u32 = SPELLS + 12;
const POLYMORPH: u32 = SPELLS + 13;

/// The tail field's flag for a chain packed by its fold.
const FOLDED_TAIL: u32 = 1 << 9;

/// A kind and up to three byte fields.
fn fields(kind: u32, a: u8, b: u8, c: u8) -> u32 {
    kind << 27 | u32::from(a) | u32::from(b) << 8 | u32::from(c) << 16
}

/// `bits` bits of a multiplicative fold of `values`, for the kinds packed inexactly.
fn fold(values: impl IntoIterator<Item = u32>, bits: u32) -> u32 {
    let hash = values.into_iter().fold(0u64, |h, v| {
        (h ^ u64::from(v)).wrapping_mul(0x9e37_79b9_7f4a_7c15)
    });
    (hash >> (64 - bits)) as u32
}

/// A piece move's cells, promotion and hops in 27 bits: the tail's hops (index + 1, 4
/// bits each) while there are at most two, else [`FOLDED_TAIL`] and a 9-bit fold.
fn piece_payload(mv: PieceMove) -> u32 {
    let hops: Vec<u32> = mv.tail.directions().map(|d| d as u32 + 1).collect();
    let tail = if hops.len() <= 2 {
        hops.iter().rev().fold(0, |raw, &h| raw << 4 | h)
    } else {
        FOLDED_TAIL | fold(hops, 9)
    };
    u32::from(mv.from) | u32::from(mv.to) << 8 | u32::from(mv.promotes) << 16 | tail << 17
}

/// The piece move of an exact [`piece_payload`]; `None` for a folded tail or bits no
/// move has.
fn unpack_piece(payload: u32) -> Option<PieceMove> {
    let tail_bits = payload >> 17;
    if tail_bits & FOLDED_TAIL != 0 || tail_bits >> 8 != 0 || payload & 0xff >= CELLS as u32 {
        return None;
    }
    let (first, second) = (tail_bits & 0xf, tail_bits >> 4);
    let mut tail = HopTail::default();
    for hop in [first, second].into_iter().take_while(|&h| h != 0) {
        tail = tail.push(hop as usize - 1)?;
    }
    (first != 0 || second == 0).then_some(PieceMove {
        from: payload as u8,
        to: (payload >> 8) as u8,
        tail,
        promotes: payload >> 16 & 1 != 0,
    })
}

/// The move in 32 bits, different for every two moves of one position (but see the
/// folded kinds above).
pub(super) fn pack(mv: Move) -> u32 {
    match mv {
        Move::Piece(piece) => PIECE << 27 | piece_payload(piece),
        Move::Rise(cell) => fields(RISE, cell, 0, 0),
        Move::Dispatch(cell) => fields(DISPATCH, cell, 0, 0),
        Move::GhostReturn {
            start,
            sacrifice,
            fallen,
        } => fields(GHOST_RETURN, start, sacrifice, u8::from(fallen)),
        Move::Deploy { kind, cell } => fields(DEPLOY, cell, kind as u8, 0),
        Move::Pass => fields(PASS, 0, 0, 0),
        Move::Spell(spell) => pack_spell(spell),
    }
}

fn pack_spell(spell: Spell) -> u32 {
    match spell {
        Spell::Banish { caster, target } => fields(BANISH, caster, target, 0),
        Spell::Charm(piece) => CHARM << 27 | piece_payload(piece),
        Spell::Deflect { target } => fields(DEFLECT, target, 0, 0),
        Spell::BurningHands {
            caster,
            targets,
            count,
        } => {
            let folded = targets[..usize::from(count)].iter().map(|&t| u32::from(t));
            fields(BURNING_HANDS, caster, 0, 0) | fold(folded, 19) << 8
        }
        Spell::Haste {
            caster,
            first,
            second,
        } => {
            let moves = [Some(first), second].into_iter().flatten();
            let folded = moves.map(|m| piece_payload(m) | 1 << 31);
            fields(HASTE, caster, 0, 0) | fold(folded, 19) << 8
        }
        Spell::StinkingCloud { caster } => fields(STINKING_CLOUD, caster, 0, 0),
        Spell::LightningBolt { caster, target } => fields(LIGHTNING_BOLT, caster, target, 0),
        Spell::MirrorImage {
            first,
            second,
            real,
        } => fields(MIRROR_IMAGE, first, second, real),
        Spell::Petrify { caster, target } => fields(PETRIFY, caster, target, 0),
        Spell::Reanimate { caster, target } => fields(REANIMATE, caster, target, 0),
        Spell::Shield { caster } => fields(SHIELD, caster, 0, 0),
        Spell::Teleport { caster, target } => fields(TELEPORT, caster, target, 0),
        Spell::Summon {
            caster,
            kind,
            target,
        } => fields(SUMMON, caster, target, kind as u8),
        Spell::Polymorph {
            caster,
            target,
            kind,
        } => fields(POLYMORPH, caster, target, kind as u8),
    }
}

/// The move `packed` names, legal or not: decoded where the packing is exact, else the
/// candidate of that packing here. `None` for bits no move has.
pub(super) fn unpack(position: &Hexian, packed: u32) -> Option<Move> {
    let payload = packed & PAYLOAD;
    let [a, b, c, _] = payload.to_le_bytes();
    let kind_of = |index: u8| Kind::ALL.get(usize::from(index)).copied();
    let mv = match packed >> 27 {
        PIECE => match unpack_piece(payload) {
            Some(piece) => Move::Piece(piece),
            None => return folded_candidate(position, packed),
        },
        RISE => Move::Rise(a),
        DISPATCH => Move::Dispatch(a),
        GHOST_RETURN if c <= 1 => Move::GhostReturn {
            start: a,
            sacrifice: b,
            fallen: c == 1,
        },
        DEPLOY => Move::Deploy {
            kind: kind_of(b)?,
            cell: a,
        },
        PASS => Move::Pass,
        BANISH => Move::Spell(Spell::Banish {
            caster: a,
            target: b,
        }),
        CHARM => match unpack_piece(payload) {
            Some(piece) => Move::Spell(Spell::Charm(piece)),
            None => return folded_candidate(position, packed),
        },
        DEFLECT => Move::Spell(Spell::Deflect { target: a }),
        BURNING_HANDS | HASTE => return folded_candidate(position, packed),
        STINKING_CLOUD => Move::Spell(Spell::StinkingCloud { caster: a }),
        LIGHTNING_BOLT => Move::Spell(Spell::LightningBolt {
            caster: a,
            target: b,
        }),
        MIRROR_IMAGE => Move::Spell(Spell::MirrorImage {
            first: a,
            second: b,
            real: c,
        }),
        PETRIFY => Move::Spell(Spell::Petrify {
            caster: a,
            target: b,
        }),
        REANIMATE => Move::Spell(Spell::Reanimate {
            caster: a,
            target: b,
        }),
        SHIELD => Move::Spell(Spell::Shield { caster: a }),
        TELEPORT => Move::Spell(Spell::Teleport {
            caster: a,
            target: b,
        }),
        SUMMON => Move::Spell(Spell::Summon {
            caster: a,
            kind: kind_of(c)?,
            target: b,
        }),
        POLYMORPH => Move::Spell(Spell::Polymorph {
            caster: a,
            target: b,
            kind: kind_of(c)?,
        }),
        _ => return None,
    };
    (pack(mv) == packed).then_some(mv)
}

/// The candidate here of a packing that keeps a fold: among the moves of the piece on
/// its cell for a piece move, among the spells for Charm, Burning Hands and Haste.
fn folded_candidate(position: &Hexian, packed: u32) -> Option<Move> {
    let from = (packed & 0xff) as usize;
    let mut candidates = Vec::new();
    if packed >> 27 == PIECE {
        let mut moves = Vec::new();
        if from < CELLS
            && position
                .standing(from)
                .is_some_and(|p| p.army() == position.side())
        {
            position.piece_moves(from, &mut moves);
        }
        candidates.extend(moves.into_iter().map(Move::Piece));
    } else {
        position.spell_moves(&mut candidates);
    }
    candidates.into_iter().find(|&mv| pack(mv) == packed)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::packing_check::{check_table_moves, suite_positions};
    use crate::game::Game;
    use crate::variants::hexian::HexianGame;

    fn suite() -> Vec<HexianGame> {
        let suite = include_str!("../../../../positions/hexian/perft.txt");
        suite_positions(suite, &Default::default())
    }

    #[test]
    fn every_legal_move_reads_back_and_a_foreign_one_only_when_legal() {
        let (legal, none) = check_table_moves(&suite(), 1, 12, 400, 17);
        assert!(legal > 1000 && none > 1000, "{legal} {none}");
    }

    /// The suite has moves of the kinds packed with a fold, so the round trip above
    /// covers them.
    #[test]
    fn the_suite_has_moves_of_the_folded_kinds() {
        let (mut folded, mut chains) = (0, 0);
        for pos in suite() {
            let mut moves = <HexianGame as Game>::MoveList::default();
            pos.generate_moves(&mut moves);
            for &mv in moves.iter() {
                match mv {
                    Move::Spell(Spell::Haste { .. } | Spell::BurningHands { .. }) => folded += 1,
                    Move::Piece(piece) if piece.tail.len() > 2 => chains += 1,
                    _ => {}
                }
            }
        }
        assert!(folded > 0, "{folded}");
        eprintln!("hop chains of three or more further hops in the suite: {chains}");
    }

    #[test]
    fn bits_no_move_has_read_back_as_nothing() {
        let pos = HexianGame::start(&Default::default());
        assert_eq!(pos.table_move(u32::MAX), None);
        assert_eq!(pos.table_move(PASS << 27 | 1), None);
        let off_board = pack(Move::Piece(PieceMove::new(0, 1))) | 0xff;
        assert_eq!(pos.table_move(off_board), None);
    }
}
