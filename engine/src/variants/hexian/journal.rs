//! Taking a ply back without a copy of the position: every change of a piece is written
//! to the position's journal by `put_*` and `take_*`, the few other fields are saved in a
//! [`Checkpoint`] before the ply, and [`Hexian::rewind`] undoes the changes in reverse.

use super::{Hexian, Kind, Piece, Players, Reserve, Spells, ARMIES};
use crate::bitboard::{Bitboard, Wide256};

/// One change of a piece, as `put_*` and `take_*` made it.
#[derive(Clone, Copy, Debug)]
pub(super) enum Change {
    /// A piece was stood on the cell.
    Stood(u8),
    /// This standing piece was taken from the cell.
    TookStanding(u8, Piece),
    /// A piece was laid down on the cell.
    Fell(u8),
    /// This fallen piece was taken from the cell.
    TookFallen(u8, Piece),
}

/// The changes since the position was read. A copy of a position starts a journal of its
/// own, empty ([`Hexian::clone_with_journal`] copies it too), and the journal is not part
/// of what a position is: two positions with equal fields are equal whatever their
/// journals hold.
#[derive(Debug, Default)]
pub(super) struct Journal(pub(super) Vec<Change>);

impl Clone for Journal {
    fn clone(&self) -> Journal {
        Journal::default()
    }
}

impl PartialEq for Journal {
    fn eq(&self, _: &Journal) -> bool {
        true
    }
}

impl Eq for Journal {}

/// What a ply may change besides the pieces, and where the journal stood before it.
#[derive(Clone, Copy, Debug)]
pub struct Checkpoint {
    journal_len: usize,
    side: usize,
    players: Players,
    spells: [Spells; ARMIES],
    checks: [u8; ARMIES],
    checked: u8,
    reserves: [Reserve; ARMIES],
    ghost_pool: Wide256,
    halfmove: u32,
    fullmove: u32,
    pieces_hash: u64,
    fields_hash: u64,
}

impl Checkpoint {
    /// The hash of the position the checkpoint was taken in.
    pub fn hash(&self) -> u64 {
        self.pieces_hash ^ self.fields_hash
    }

    /// The side to move then.
    pub(super) fn side(&self) -> usize {
        self.side
    }

    /// The hash of the fields other than the pieces then.
    pub(super) fn fields_hash(&self) -> u64 {
        self.fields_hash
    }

    /// Whether `position` has the same hashed fields as then, the side to move apart.
    pub(super) fn same_fields_but_side(&self, position: &Hexian) -> bool {
        self.players == position.players
            && self.spells == position.spells
            && self.checks == position.checks
            && self.reserves == position.reserves
            && self.ghost_pool == position.ghost_pool
    }
}

impl Hexian {
    /// Where the position stands now, for [`Hexian::rewind`].
    pub fn checkpoint(&self) -> Checkpoint {
        Checkpoint {
            journal_len: self.journal.0.len(),
            side: self.side,
            players: self.players,
            spells: self.spells,
            checks: self.checks,
            checked: self.checked,
            reserves: self.reserves,
            ghost_pool: self.ghost_pool,
            halfmove: self.halfmove,
            fullmove: self.fullmove,
            pieces_hash: self.pieces_hash,
            fields_hash: self.fields_hash,
        }
    }

    /// Takes the position back to `checkpoint`, taken earlier in this line of play.
    pub fn rewind(&mut self, checkpoint: &Checkpoint) {
        while self.journal.0.len() > checkpoint.journal_len {
            match self.journal.0.pop().expect("longer than the checkpoint") {
                Change::Stood(cell) => {
                    self.remove_standing(usize::from(cell));
                }
                Change::TookStanding(cell, piece) => self.place_standing(usize::from(cell), piece),
                Change::Fell(cell) => {
                    self.remove_fallen(usize::from(cell));
                }
                Change::TookFallen(cell, piece) => self.place_fallen(usize::from(cell), piece),
            }
        }
        self.side = checkpoint.side;
        self.players = checkpoint.players;
        self.spells = checkpoint.spells;
        self.checks = checkpoint.checks;
        self.checked = checkpoint.checked;
        self.reserves = checkpoint.reserves;
        self.ghost_pool = checkpoint.ghost_pool;
        self.halfmove = checkpoint.halfmove;
        self.fullmove = checkpoint.fullmove;
        self.pieces_hash = checkpoint.pieces_hash;
        self.fields_hash = checkpoint.fields_hash;
    }

    /// The cells whose standing or fallen piece changed since `checkpoint`.
    pub(super) fn cells_changed_since(&self, checkpoint: &Checkpoint) -> Wide256 {
        self.journal.0[checkpoint.journal_len..]
            .iter()
            .fold(Wide256::EMPTY, |bb, change| {
                let cell = match *change {
                    Change::Stood(cell)
                    | Change::TookStanding(cell, _)
                    | Change::Fell(cell)
                    | Change::TookFallen(cell, _) => cell,
                };
                bb | Wide256::cell(usize::from(cell))
            })
    }

    /// Forgets the journal (for a position played on without taking back).
    pub(super) fn clear_journal(&mut self) {
        self.journal.0.clear();
    }

    /// A copy that can be rewound to the checkpoints taken in this one.
    pub fn clone_with_journal(&self) -> Hexian {
        let mut copy = self.clone();
        copy.journal.0.clone_from(&self.journal.0);
        copy
    }

    /// A copy of `source` in `self` with an empty journal, keeping `self`'s journal buffer
    /// so that trying moves on the copy allocates nothing.
    pub(super) fn copy_from(&mut self, source: &Hexian) {
        // Field by field, straight into place (no temporary copy of the mailboxes); the
        // pattern names every field, so that a new one cannot be forgotten here.
        let Hexian {
            standing,
            fallen,
            standing_by_army,
            flagged,
            marked,
            fallen_cells,
            occupied,
            archwizards,
            side,
            players,
            patron,
            spells,
            checks,
            checked,
            reserves,
            ghost_pool,
            halfmove,
            fullmove,
            pieces_hash,
            fields_hash,
            journal: _,
        } = source;
        self.standing.copy_from_slice(standing);
        self.fallen.copy_from_slice(fallen);
        self.standing_by_army = *standing_by_army;
        self.flagged = *flagged;
        self.marked = *marked;
        self.fallen_cells = *fallen_cells;
        self.occupied = *occupied;
        self.archwizards = *archwizards;
        self.side = *side;
        self.players = *players;
        self.patron = *patron;
        self.spells = *spells;
        self.checks = *checks;
        self.checked = *checked;
        self.reserves = *reserves;
        self.ghost_pool = *ghost_pool;
        self.halfmove = *halfmove;
        self.fullmove = *fullmove;
        self.pieces_hash = *pieces_hash;
        self.fields_hash = *fields_hash;
        self.journal.0.clear();
    }

    // The changes of a piece on the mailboxes and bitboards alone, without hash or journal
    // (`put_*` and `take_*` add those).

    pub(super) fn place_standing(&mut self, cell: usize, piece: Piece) {
        self.standing[cell] = Some(piece);
        self.standing_by_army[piece.army] |= Wide256::cell(cell);
        self.occupied |= Wide256::cell(cell);
        if super::is_flagged(&piece) {
            self.flagged |= Wide256::cell(cell);
        }
        if let Some(mark) = piece.mark {
            self.marked[mark] |= Wide256::cell(cell);
        }
        if piece.kind == Kind::Archwizard {
            self.archwizards[piece.army] = Some(cell as u8);
        }
    }

    pub(super) fn remove_standing(&mut self, cell: usize) -> Option<Piece> {
        let piece = self.standing[cell].take()?;
        self.standing_by_army[piece.army] ^= Wide256::cell(cell);
        self.occupied ^= Wide256::cell(cell);
        self.flagged &= !Wide256::cell(cell);
        if let Some(mark) = piece.mark {
            self.marked[mark] &= !Wide256::cell(cell);
        }
        if piece.kind == Kind::Archwizard {
            self.archwizards[piece.army] = None;
        }
        Some(piece)
    }

    pub(super) fn place_fallen(&mut self, cell: usize, piece: Piece) {
        self.fallen[cell] = Some(piece);
        self.fallen_cells |= Wide256::cell(cell);
    }

    pub(super) fn remove_fallen(&mut self, cell: usize) -> Option<Piece> {
        let piece = self.fallen[cell].take()?;
        self.fallen_cells ^= Wide256::cell(cell);
        Some(piece)
    }
}
