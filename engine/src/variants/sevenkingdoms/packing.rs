//! Moves packed for the transposition table (`Game::pack_move`): exact and cheap, but
//! never read back without the list (the reason is given at `Game::UNPACKS_MOVES` in
//! `mod.rs`).

use super::Move;

/// A record token's bit, above any cell number.
const PUT_OUT: u32 = 1 << 31;

impl Move {
    /// A step as `from | to << 16`; a put-out as its kingdoms' mask with the top bit set.
    pub(super) fn pack(self) -> u32 {
        match self {
            Move::Step { from, to } => u32::from(from) | u32::from(to) << 16,
            Move::PutOut(mask) => PUT_OUT | u32::from(mask),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn different_moves_pack_differently() {
        let moves = [
            Move::Step { from: 0, to: 1 },
            Move::Step { from: 1, to: 0 },
            Move::Step { from: 360, to: 359 },
            Move::PutOut(1),
            Move::PutOut(0b101),
        ];
        for (i, a) in moves.iter().enumerate() {
            for b in &moves[i + 1..] {
                assert_ne!(a.pack(), b.pack(), "{a:?} {b:?}");
            }
        }
    }
}
