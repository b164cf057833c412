//! Zobrist hashing of a Hexian position: every field of the position string except the
//! two clocks (R114), so that equal hashes mean a repeated position. The pieces' part is
//! updated incrementally by `put_*` and `take_*`; the other fields are few and are hashed
//! afresh once per ply (`refresh_hash`).

use super::armies::ARMIES;
use super::piece::Kind;
use super::spells::SPELL_LETTERS;
use super::{Checkpoint, Hexian, Piece, CELLS};
use crate::bitboard::Bitboard;
use crate::zobrist;
use std::sync::OnceLock;

/// Per layer (standing, fallen): army × kind, form, Ghost start, 3 flags, mark.
const FORM: usize = ARMIES * 9;
const GHOST_START: usize = FORM + 6;
const FLAGS: usize = GHOST_START + 12;
const MARK: usize = FLAGS + 3;
const PIECE_FEATURES: usize = MARK + ARMIES;
const LAYER_KEYS: usize = PIECE_FEATURES * CELLS;
/// Counts of list entries are hashed modulo this.
const COUNTS: usize = 64;
const SIDE: usize = 2 * LAYER_KEYS;
const ELIMINATED: usize = SIDE + ARMIES;
const PLAYER_COUNT: usize = ELIMINATED + ARMIES;
const PATRON: usize = PLAYER_COUNT + 3;
const SPELLS_LEFT: usize = PATRON + 6;
const GRIMOIRE: usize = SPELLS_LEFT + ARMIES * 14 * COUNTS;
const CHECKS: usize = GRIMOIRE + ARMIES * 14 * COUNTS;
const RESERVES: usize = CHECKS + ARMIES * 4;
const POOL: usize = RESERVES + ARMIES * 9 * COUNTS;
const KEY_COUNT: usize = POOL + CELLS;

fn keys() -> &'static [u64] {
    static KEYS: OnceLock<Vec<u64>> = OnceLock::new();
    KEYS.get_or_init(|| zobrist::keys(0x4845_5849_414e_0008, KEY_COUNT))
}

/// The key of `piece` standing (layer 0) or fallen (layer 1) on `cell`.
pub fn piece_key(layer: usize, cell: usize, piece: &Piece) -> u64 {
    let keys = keys();
    let feature = |f: usize| keys[layer * LAYER_KEYS + f * CELLS + cell];
    let mut key = feature(piece.army() * 9 + piece.kind as usize);
    if let Some(mark) = piece.mark_army() {
        key ^= feature(MARK + mark);
    }
    // Most pieces carry no more state than their army, type and mark.
    let plain = piece.form.is_none()
        && piece.ghost_start.is_none()
        && !(piece.petrified || piece.shielded || piece.summoned);
    if plain {
        return key;
    }
    if let Some(form) = piece.form {
        key ^= feature(FORM + (form as usize).min(5));
    }
    if let Some(start) = piece.start_cell() {
        key ^= feature(GHOST_START + ghost_start_index(start));
    }
    for (i, flag) in [piece.petrified, piece.shielded, piece.summoned]
        .into_iter()
        .enumerate()
    {
        if flag {
            key ^= feature(FLAGS + i);
        }
    }
    key
}

/// The index of a Ghost start cell among the twelve (R52).
fn ghost_start_index(cell: usize) -> usize {
    let armies = &super::tables::tables().armies;
    (0..ARMIES * 2)
        .find(|&i| armies[i / 2].ghost_starts[i % 2] == cell)
        .unwrap_or(0)
}

impl Hexian {
    /// The hash of every field but the pieces and the clocks.
    pub(super) fn fields_hash(&self) -> u64 {
        let keys = keys();
        let mut hash = keys[SIDE + self.side] ^ keys[PATRON + self.patron as usize - 1];
        hash ^= keys[PLAYER_COUNT + self.players.count() as usize];
        for army in 0..ARMIES {
            if !self.players.in_play(army) {
                hash ^= keys[ELIMINATED + army];
            }
            let book = self.holdings.spells[army];
            for (i, &letter) in SPELL_LETTERS.iter().enumerate() {
                let slot = (army * 14 + i) * COUNTS;
                hash ^= keys[SPELLS_LEFT + slot + usize::from(book.left.count(letter)) % COUNTS];
                hash ^= keys[GRIMOIRE + slot + usize::from(book.grimoire.count(letter)) % COUNTS];
            }
            hash ^= keys[CHECKS + army * 4 + usize::from(self.holdings.checks[army]).min(3)];
            for kind in Kind::ALL {
                let count = usize::from(self.holdings.reserves[army].count(kind)) % COUNTS;
                hash ^= keys[RESERVES + (army * 9 + kind as usize) * COUNTS + count];
            }
        }
        for cell in self.holdings.ghost_pool.cells() {
            hash ^= keys[POOL + cell];
        }
        hash
    }

    /// The hash computed from scratch.
    pub fn recompute_hash(&self) -> u64 {
        let mut hash = self.fields_hash();
        for cell in 0..CELLS {
            if let Some(piece) = self.standing[cell] {
                hash ^= piece_key(0, cell, &piece);
            }
            if let Some(piece) = self.fallen[cell] {
                hash ^= piece_key(1, cell, &piece);
            }
        }
        hash
    }

    /// The Zobrist hash: the incremental pieces' part and the other fields.
    pub fn hash(&self) -> u64 {
        self.pieces_hash ^ self.fields_hash
    }

    /// Hashes the fields other than the pieces afresh (after a read).
    pub(super) fn refresh_hash(&mut self) {
        self.fields_hash = self.fields_hash();
    }

    /// Brings the hash of the fields other than the pieces up to date after a ply begun
    /// at `before`: most plies change only the side to move, whose keys are swapped;
    /// otherwise every field is hashed afresh.
    pub(super) fn refresh_hash_after(&mut self, before: &Checkpoint) {
        if before.same_fields_but_side(self) {
            let keys = keys();
            self.fields_hash =
                before.fields_hash() ^ keys[SIDE + before.side()] ^ keys[SIDE + self.side];
        } else {
            self.refresh_hash();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::Config;
    use super::*;

    #[test]
    fn r114_the_hash_covers_every_field_but_the_clocks() {
        let base = "9/10/11/12/bA12/14/15/16/8wA8/16/15/14/13/12/11/10/9 w - w.b.U.P.G.Y 1 - 000000 - - 0 1";
        let hash = |text: &str| {
            let p = Hexian::from_position_string(text).expect("valid");
            assert_eq!(p.hash(), p.recompute_hash(), "{text}");
            p.hash()
        };
        let reference = hash(base);
        assert_eq!(hash(&base.replace(" 0 1", " 7 9")), reference);
        for changed in [
            base.replace("8wA8", "7wA9"),
            base.replace("8wA8", "8wA(^b)8"),
            base.replace(" w - ", " b - "),
            base.replace(" - w.b", " a9wZ w.b"),
            base.replace(" - w.b", " a9wZ(P) w.b"),
            base.replace(" 1 - 0", " 2 - 0"),
            base.replace(" 1 - 0", " 1 B/-/-/-/-/- 0"),
            base.replace("000000", "100000"),
            base.replace("000000 - -", "000000 - i1"),
            base.replace("w.b.U.P.G.Y", "wP.bG.UY"),
        ] {
            assert_ne!(hash(&changed), reference, "{changed}");
        }
        let start = Hexian::start(&Config::default());
        assert_eq!(start.hash(), start.recompute_hash());
    }
}
