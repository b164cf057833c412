//! Taking a ply back without a copy of the position: every change of a piece is written
//! to the position's journal by `put_*` and `take_*`, the holdings (spells, check
//! counters, reserves, Ghost pools) by [`Hexian::holdings_mut`] before they change, the
//! few other fields are saved in a [`Checkpoint`] before the ply, and [`Hexian::rewind`]
//! undoes the changes in reverse.

use super::{Hexian, Holdings, Kind, Piece, Players};
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
    /// The holdings were about to change; they are the last ones saved.
    Holdings,
}

/// The changes since the position was read, and the holdings saved by the changes
/// [`Change::Holdings`]. A copy of a position starts a journal of its own, empty
/// ([`Hexian::clone_with_journal`] copies it too), and the journal is not part of what a
/// position is: two positions with equal fields are equal whatever their journals hold.
#[derive(Debug, Default)]
pub(super) struct Journal {
    pub(super) changes: Vec<Change>,
    saved_holdings: Vec<Holdings>,
}

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

/// What a ply may change besides the pieces and the holdings, and where the journal stood
/// before it.
#[derive(Clone, Copy, Debug)]
pub struct Checkpoint {
    journal_len: usize,
    saved_holdings: usize,
    side: usize,
    players: Players,
    checked: u8,
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

    /// Under Astaroth, the armies in check then (bit = army), and the players then.
    pub(super) fn checked_and_players(&self) -> (u8, Players) {
        (self.checked, self.players)
    }

    /// The hash of the fields other than the pieces then.
    pub(super) fn fields_hash(&self) -> u64 {
        self.fields_hash
    }

    /// Whether `position` has the same hashed fields as then, the side to move apart: the
    /// same players, and holdings it has not changed since.
    pub(super) fn same_fields_but_side(&self, position: &Hexian) -> bool {
        self.players == position.players
            && self.saved_holdings == position.journal.saved_holdings.len()
    }
}

impl Hexian {
    /// Where the position stands now, for [`Hexian::rewind`].
    pub fn checkpoint(&self) -> Checkpoint {
        Checkpoint {
            journal_len: self.journal.changes.len(),
            saved_holdings: self.journal.saved_holdings.len(),
            side: self.side,
            players: self.players,
            checked: self.checked,
            halfmove: self.halfmove,
            fullmove: self.fullmove,
            pieces_hash: self.pieces_hash,
            fields_hash: self.fields_hash,
        }
    }

    /// Takes the position back to `checkpoint`, taken earlier in this line of play.
    pub fn rewind(&mut self, checkpoint: &Checkpoint) {
        while self.journal.changes.len() > checkpoint.journal_len {
            match self
                .journal
                .changes
                .pop()
                .expect("longer than the checkpoint")
            {
                Change::Stood(cell) => {
                    self.remove_standing(usize::from(cell));
                }
                Change::TookStanding(cell, piece) => self.place_standing(usize::from(cell), piece),
                Change::Fell(cell) => {
                    self.remove_fallen(usize::from(cell));
                }
                Change::TookFallen(cell, piece) => self.place_fallen(usize::from(cell), piece),
                Change::Holdings => {
                    self.holdings = self
                        .journal
                        .saved_holdings
                        .pop()
                        .expect("saved with the change");
                }
            }
        }
        self.side = checkpoint.side;
        self.players = checkpoint.players;
        self.checked = checkpoint.checked;
        self.halfmove = checkpoint.halfmove;
        self.fullmove = checkpoint.fullmove;
        self.pieces_hash = checkpoint.pieces_hash;
        self.fields_hash = checkpoint.fields_hash;
    }

    /// The cells whose standing or fallen piece changed since `checkpoint`.
    pub(super) fn cells_changed_since(&self, checkpoint: &Checkpoint) -> Wide256 {
        self.journal.changes[checkpoint.journal_len..]
            .iter()
            .fold(Wide256::EMPTY, |bb, change| match *change {
                Change::Stood(cell)
                | Change::TookStanding(cell, _)
                | Change::Fell(cell)
                | Change::TookFallen(cell, _) => bb | Wide256::cell(usize::from(cell)),
                Change::Holdings => bb,
            })
    }

    /// The holdings, to be changed: saved in the journal first.
    pub(super) fn holdings_mut(&mut self) -> &mut Holdings {
        self.journal.saved_holdings.push(self.holdings);
        self.journal.changes.push(Change::Holdings);
        &mut self.holdings
    }

    /// Forgets the journal (for a position played on without taking back).
    pub(super) fn clear_journal(&mut self) {
        self.journal.changes.clear();
        self.journal.saved_holdings.clear();
    }

    /// A copy that can be rewound to the checkpoints taken in this one.
    pub fn clone_with_journal(&self) -> Hexian {
        let mut copy = self.clone();
        copy.journal.changes.clone_from(&self.journal.changes);
        copy.journal
            .saved_holdings
            .clone_from(&self.journal.saved_holdings);
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
            far_attackers,
            occupied,
            archwizards,
            side,
            players,
            patron,
            holdings,
            checked,
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
        self.far_attackers = *far_attackers;
        self.occupied = *occupied;
        self.archwizards = *archwizards;
        self.side = *side;
        self.players = *players;
        self.patron = *patron;
        self.holdings = *holdings;
        self.checked = *checked;
        self.halfmove = *halfmove;
        self.fullmove = *fullmove;
        self.pieces_hash = *pieces_hash;
        self.fields_hash = *fields_hash;
        self.clear_journal();
    }

    // The changes of a piece on the mailboxes and bitboards alone, without hash or journal
    // (`put_*` and `take_*` add those).

    pub(super) fn place_standing(&mut self, cell: usize, piece: Piece) {
        self.standing[cell] = Some(piece);
        self.standing_by_army[piece.army()] |= Wide256::cell(cell);
        self.occupied |= Wide256::cell(cell);
        if super::is_flagged(&piece) {
            self.flagged |= Wide256::cell(cell);
        }
        if super::attacks_from_afar(&piece) {
            self.far_attackers |= Wide256::cell(cell);
        }
        if let Some(mark) = piece.mark_army() {
            self.marked[mark] |= Wide256::cell(cell);
        }
        if piece.kind == Kind::Archwizard {
            self.archwizards[piece.army()] = Some(cell as u8);
        }
    }

    pub(super) fn remove_standing(&mut self, cell: usize) -> Option<Piece> {
        let piece = self.standing[cell].take()?;
        self.standing_by_army[piece.army()] ^= Wide256::cell(cell);
        self.occupied ^= Wide256::cell(cell);
        self.flagged &= !Wide256::cell(cell);
        self.far_attackers &= !Wide256::cell(cell);
        if let Some(mark) = piece.mark_army() {
            self.marked[mark] &= !Wide256::cell(cell);
        }
        if piece.kind == Kind::Archwizard {
            self.archwizards[piece.army()] = None;
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
