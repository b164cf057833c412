//! Bitboards: one bit per cell, sized to the board.
//!
//! The 127-cell boards (Hexmate, Panoply, Hepta's main board) fit a `u128`; the 217-cell
//! Hexian board and the 361-cell Seven Kingdoms grid use [`Wide`], a fixed array of 64-bit
//! words. Both implement [`Bitboard`], so geometry tables and generic code are written once.

use std::fmt::Debug;
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not};

/// The operations every bitboard offers. Cell indices are `usize` in `0..CAPACITY`.
pub trait Bitboard:
    Copy
    + Eq
    + Default
    + Debug
    + Send
    + Sync
    + BitAnd<Output = Self>
    + BitOr<Output = Self>
    + BitXor<Output = Self>
    + Not<Output = Self>
    + BitAndAssign
    + BitOrAssign
    + BitXorAssign
    + 'static
{
    /// Number of bits available.
    const CAPACITY: usize;
    /// No cell set.
    const EMPTY: Self;

    /// Only `cell` set.
    fn cell(cell: usize) -> Self;
    /// Whether `cell` is set.
    fn has(self, cell: usize) -> bool;
    /// Whether no cell is set.
    fn is_empty(self) -> bool;
    /// Number of set cells.
    fn count(self) -> u32;
    /// Lowest set cell.
    fn first(self) -> Option<usize>;
    /// Highest set cell.
    fn last(self) -> Option<usize>;
    /// Shift every bit towards higher indices by `n` (bits beyond the capacity are lost).
    fn shl(self, n: usize) -> Self;
    /// Shift every bit towards lower indices by `n`.
    fn shr(self, n: usize) -> Self;

    /// Whether at least one cell is set.
    #[inline]
    fn any(self) -> bool {
        !self.is_empty()
    }

    /// Removes and returns the lowest set cell.
    #[inline]
    fn pop_first(&mut self) -> Option<usize> {
        let cell = self.first()?;
        *self ^= Self::cell(cell);
        Some(cell)
    }

    /// Iterates over the set cells in increasing order.
    #[inline]
    fn cells(self) -> Cells<Self> {
        Cells(self)
    }
}

/// Iterator over the set cells of a bitboard, lowest first.
#[derive(Clone, Copy, Debug)]
pub struct Cells<B>(B);

impl<B: Bitboard> Iterator for Cells<B> {
    type Item = usize;

    #[inline]
    fn next(&mut self) -> Option<usize> {
        self.0.pop_first()
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count() as usize;
        (n, Some(n))
    }
}

impl Bitboard for u128 {
    const CAPACITY: usize = 128;
    const EMPTY: Self = 0;

    #[inline]
    fn cell(cell: usize) -> Self {
        1u128 << cell
    }
    #[inline]
    fn has(self, cell: usize) -> bool {
        (self >> cell) & 1 != 0
    }
    #[inline]
    fn is_empty(self) -> bool {
        self == 0
    }
    #[inline]
    fn count(self) -> u32 {
        self.count_ones()
    }
    #[inline]
    fn first(self) -> Option<usize> {
        (self != 0).then(|| self.trailing_zeros() as usize)
    }
    #[inline]
    fn last(self) -> Option<usize> {
        (self != 0).then(|| 127 - self.leading_zeros() as usize)
    }
    #[inline]
    fn shl(self, n: usize) -> Self {
        self.checked_shl(n as u32).unwrap_or(0)
    }
    #[inline]
    fn shr(self, n: usize) -> Self {
        self.checked_shr(n as u32).unwrap_or(0)
    }
    #[inline]
    fn pop_first(&mut self) -> Option<usize> {
        if *self == 0 {
            return None;
        }
        let cell = self.trailing_zeros() as usize;
        *self &= *self - 1;
        Some(cell)
    }
}

/// A bitboard of `W` 64-bit words (`64·W` cells), for boards larger than 128 cells.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Wide<const W: usize>(pub [u64; W]);

/// Bitboard for the 217-cell hexagon (side 9).
pub type Wide256 = Wide<4>;
/// Bitboard for the 361-cell square grid (19 × 19).
pub type Wide384 = Wide<6>;

impl<const W: usize> Default for Wide<W> {
    fn default() -> Self {
        Wide([0; W])
    }
}

impl<const W: usize> Debug for Wide<W> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Wide{:?}", self.cells().collect::<Vec<_>>())
    }
}

macro_rules! wide_binary_op {
    ($trait:ident, $method:ident, $assign_trait:ident, $assign_method:ident, $op:tt) => {
        impl<const W: usize> $assign_trait for Wide<W> {
            #[inline]
            fn $assign_method(&mut self, rhs: Self) {
                for (word, other) in self.0.iter_mut().zip(rhs.0) {
                    *word $op other;
                }
            }
        }
        impl<const W: usize> $trait for Wide<W> {
            type Output = Self;
            #[inline]
            fn $method(mut self, rhs: Self) -> Self {
                self.$assign_method(rhs);
                self
            }
        }
    };
}

wide_binary_op!(BitAnd, bitand, BitAndAssign, bitand_assign, &=);
wide_binary_op!(BitOr, bitor, BitOrAssign, bitor_assign, |=);
wide_binary_op!(BitXor, bitxor, BitXorAssign, bitxor_assign, ^=);

impl<const W: usize> Not for Wide<W> {
    type Output = Self;
    #[inline]
    fn not(mut self) -> Self {
        for word in &mut self.0 {
            *word = !*word;
        }
        self
    }
}

impl<const W: usize> Bitboard for Wide<W> {
    const CAPACITY: usize = 64 * W;
    const EMPTY: Self = Wide([0; W]);

    #[inline]
    fn cell(cell: usize) -> Self {
        // Each word is chosen by value, so the mask is built in registers: writing one
        // word of a zeroed array and reading the whole array back as a vector stalls the
        // store forwarding, which made Hexian's make/unmake a third slower.
        let (word, bit) = (cell / 64, 1 << (cell % 64));
        Wide(std::array::from_fn(|i| if i == word { bit } else { 0 }))
    }
    #[inline]
    fn has(self, cell: usize) -> bool {
        (self.0[cell / 64] >> (cell % 64)) & 1 != 0
    }
    #[inline]
    fn is_empty(self) -> bool {
        self.0.iter().all(|&w| w == 0)
    }
    #[inline]
    fn count(self) -> u32 {
        self.0.iter().map(|w| w.count_ones()).sum()
    }
    #[inline]
    fn first(self) -> Option<usize> {
        self.0
            .iter()
            .enumerate()
            .find(|(_, &w)| w != 0)
            .map(|(i, w)| 64 * i + w.trailing_zeros() as usize)
    }
    #[inline]
    fn last(self) -> Option<usize> {
        self.0
            .iter()
            .enumerate()
            .rev()
            .find(|(_, &w)| w != 0)
            .map(|(i, w)| 64 * i + 63 - w.leading_zeros() as usize)
    }
    /// Clears the lowest bit in its word, leaving the other words alone.
    #[inline]
    fn pop_first(&mut self) -> Option<usize> {
        let (i, word) = self.0.iter_mut().enumerate().find(|(_, w)| **w != 0)?;
        let bit = word.trailing_zeros() as usize;
        *word &= *word - 1;
        Some(64 * i + bit)
    }
    fn shl(self, n: usize) -> Self {
        let (words, bits) = (n / 64, n % 64);
        let mut out = Self::EMPTY;
        for i in (words..W).rev() {
            let src = i - words;
            out.0[i] = self.0[src] << bits;
            if bits > 0 && src > 0 {
                out.0[i] |= self.0[src - 1] >> (64 - bits);
            }
        }
        out
    }
    fn shr(self, n: usize) -> Self {
        let (words, bits) = (n / 64, n % 64);
        let mut out = Self::EMPTY;
        for i in 0..W.saturating_sub(words) {
            let src = i + words;
            out.0[i] = self.0[src] >> bits;
            if bits > 0 && src + 1 < W {
                out.0[i] |= self.0[src + 1] << (64 - bits);
            }
        }
        out
    }
}

/// The cells of a line of increasing cell index (from a slider outwards) up to and
/// including the first one occupied in `occ`; the whole line if none is. Branch-free.
#[inline]
pub fn slide_up(line: u128, occ: u128) -> u128 {
    let blockers = line & occ;
    line & (blockers ^ blockers.wrapping_sub(1))
}

/// The same for a line of decreasing cell index: everything down to the highest blocker.
#[inline]
pub fn slide_down(line: u128, occ: u128) -> u128 {
    let blockers = line & occ;
    let below = u128::MAX.checked_shr(blockers.leading_zeros()).unwrap_or(0) >> 1;
    line & !below
}

#[cfg(test)]
mod tests {
    use super::*;

    fn check_ops<B: Bitboard>() {
        let cells = [0usize, 5, 63, 64, 100, 126];
        let mut bb = B::EMPTY;
        for &c in &cells {
            bb |= B::cell(c);
        }
        assert_eq!(bb.count(), cells.len() as u32);
        assert_eq!(bb.first(), Some(0));
        assert_eq!(bb.last(), Some(126));
        assert_eq!(bb.cells().collect::<Vec<_>>(), cells.to_vec());
        assert!(bb.has(64) && !bb.has(65));
        assert_eq!(
            bb.shl(1).cells().collect::<Vec<_>>(),
            vec![1, 6, 64, 65, 101, 127]
        );
        assert_eq!(
            bb.shr(1).cells().collect::<Vec<_>>(),
            vec![4, 62, 63, 99, 125]
        );
        assert_eq!(bb.shl(70).first(), Some(70));
        assert_eq!(bb.shr(70).cells().collect::<Vec<_>>(), vec![30, 56]);
        assert_eq!((bb & !B::cell(5)).count(), 5);
        assert_eq!(bb ^ B::cell(5), bb & !B::cell(5));
        assert!(B::EMPTY.first().is_none() && B::EMPTY.last().is_none());
    }

    #[test]
    fn u128_and_wide_agree_on_every_operation() {
        check_ops::<u128>();
        check_ops::<Wide256>();
        check_ops::<Wide384>();
    }

    #[test]
    fn wide_reaches_its_last_cell() {
        let bb = Wide384::cell(360);
        assert_eq!(bb.first(), Some(360));
        assert_eq!(bb.shr(360).first(), Some(0));
        assert_eq!(Wide384::CAPACITY, 384);
    }
}
