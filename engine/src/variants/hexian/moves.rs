//! The moves of Hexian (R61, §6, §10): piece moves with Imp hop chains and promotion,
//! rise, dispatch, Ghost return, deployment, the fourteen spells and the pass. Cells are
//! `u8` cell indices (217 < 256).

use super::piece::Kind;
use crate::geometry::ALL_DIRECTIONS;

/// The hops of an Imp chain after its first landing (R76), as direction indices into
/// [`ALL_DIRECTIONS`], four bits each (index + 1; 0 ends the list).
///
/// Limit: a chain of more than `1 + CAPACITY` hops cannot be represented. Each hop takes
/// a different enemy piece, so such a chain needs 18 capturable pieces lined up for one
/// Imp; move generation will stop extending a chain there (a documented engine limit,
/// not a rule).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct HopTail(u64);

impl HopTail {
    /// The most hops the tail holds.
    pub const CAPACITY: usize = 16;

    /// Number of hops in the tail.
    pub fn len(self) -> usize {
        (64 - self.0.leading_zeros() as usize).div_ceil(4)
    }

    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The tail with one more hop in direction `d`; `None` when full.
    pub fn push(self, d: usize) -> Option<HopTail> {
        let len = self.len();
        (len < Self::CAPACITY && d < ALL_DIRECTIONS.len())
            .then(|| HopTail(self.0 | ((d as u64 + 1) << (4 * len))))
    }

    /// The hop directions in order.
    pub fn directions(self) -> impl Iterator<Item = usize> {
        (0..self.len()).map(move |i| ((self.0 >> (4 * i)) & 0xf) as usize - 1)
    }
}

/// A move of one piece (R61): plain move, capture by displacement, Imp hop or hop chain
/// (`to` is the first landing, `tail` the further hops), with promotion (R17).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct PieceMove {
    pub from: u8,
    pub to: u8,
    pub tail: HopTail,
    /// The Zombie becomes a Ghoul (R17); written with the suffix `h`.
    pub promotes: bool,
}

impl PieceMove {
    /// A move from `from` to `to` with no further hop and no promotion.
    pub fn new(from: usize, to: usize) -> PieceMove {
        PieceMove {
            from: from as u8,
            to: to as u8,
            tail: HopTail::default(),
            promotes: false,
        }
    }
}

impl PieceMove {
    /// The cell the move ends on: `to`, or the last landing of a hop chain.
    pub fn destination(self) -> usize {
        let hex = &super::tables::tables().hex;
        self.tail.directions().fold(usize::from(self.to), |at, d| {
            hex.step(at, d)
                .and_then(|mid| hex.step(mid, d))
                .unwrap_or(at)
        })
    }
}

/// A spell (§6.7) with its caster cell where it needs one (R83).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Spell {
    Banish {
        caster: u8,
        target: u8,
    },
    /// The charmed piece's move (R89).
    Charm(PieceMove),
    Deflect {
        target: u8,
    },
    /// One to three targets in cell order; `count` of `targets` are used (R88).
    BurningHands {
        caster: u8,
        targets: [u8; 3],
        count: u8,
    },
    /// The hasted piece's two moves; the second is absent only when it fell (R91).
    Haste {
        caster: u8,
        first: PieceMove,
        second: Option<PieceMove>,
    },
    StinkingCloud {
        caster: u8,
    },
    LightningBolt {
        caster: u8,
        target: u8,
    },
    /// Two cells in cell order and the cell the real Archwizard ends on (R93).
    MirrorImage {
        first: u8,
        second: u8,
        real: u8,
    },
    Petrify {
        caster: u8,
        target: u8,
    },
    Reanimate {
        caster: u8,
        target: u8,
    },
    Shield {
        caster: u8,
    },
    Teleport {
        caster: u8,
        target: u8,
    },
    Summon {
        caster: u8,
        kind: Kind,
        target: u8,
    },
    Polymorph {
        caster: u8,
        target: u8,
        kind: Kind,
    },
}

impl Spell {
    /// The spell's letter (§6.7).
    pub fn letter(self) -> char {
        match self {
            Spell::Banish { .. } => 'B',
            Spell::Charm(_) => 'C',
            Spell::Deflect { .. } => 'D',
            Spell::BurningHands { .. } => 'F',
            Spell::Haste { .. } => 'H',
            Spell::StinkingCloud { .. } => 'K',
            Spell::LightningBolt { .. } => 'L',
            Spell::MirrorImage { .. } => 'M',
            Spell::Petrify { .. } => 'P',
            Spell::Reanimate { .. } => 'R',
            Spell::Shield { .. } => 'S',
            Spell::Teleport { .. } => 'T',
            Spell::Summon { .. } => 'U',
            Spell::Polymorph { .. } => 'Y',
        }
    }

    /// The caster's cell, for the spells that need a caster (R83).
    pub fn caster(self) -> Option<u8> {
        match self {
            Spell::Charm(_) | Spell::Deflect { .. } | Spell::MirrorImage { .. } => None,
            Spell::Banish { caster, .. }
            | Spell::BurningHands { caster, .. }
            | Spell::Haste { caster, .. }
            | Spell::StinkingCloud { caster }
            | Spell::LightningBolt { caster, .. }
            | Spell::Petrify { caster, .. }
            | Spell::Reanimate { caster, .. }
            | Spell::Shield { caster }
            | Spell::Teleport { caster, .. }
            | Spell::Summon { caster, .. }
            | Spell::Polymorph { caster, .. } => Some(caster),
        }
    }
}

/// One ply's move (R61).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Move {
    Piece(PieceMove),
    /// A fallen piece on the cell stands up (R72).
    Rise(u8),
    /// The fallen enemy piece on the cell is removed (R73).
    Dispatch(u8),
    /// Ghost return or possession on `start`, sacrificing the standing piece on
    /// `sacrifice`, or the fallen one when `fallen` (R79).
    GhostReturn {
        start: u8,
        sacrifice: u8,
        fallen: bool,
    },
    /// A piece of the reserve is placed on an edge start cell (R106).
    Deploy {
        kind: Kind,
        cell: u8,
    },
    Spell(Spell),
    /// `0000` (R69).
    Pass,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn r76_hop_tails_keep_their_directions_in_order() {
        let mut tail = HopTail::default();
        assert!(tail.is_empty());
        for d in [0, 11, 5, 7] {
            tail = tail.push(d).expect("room");
        }
        assert_eq!(tail.len(), 4);
        assert_eq!(tail.directions().collect::<Vec<_>>(), [0, 11, 5, 7]);
        let full = (0..HopTail::CAPACITY).fold(HopTail::default(), |t, _| t.push(11).unwrap());
        assert_eq!(full.len(), 16);
        assert_eq!(full.push(0), None);
        assert_eq!(HopTail::default().push(12), None);
    }
}
