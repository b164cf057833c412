//! Zobrist keys: random 64-bit numbers, one per (feature, value), XORed together into a
//! position's hash. The keys come from a fixed-seed generator so that hashes are the
//! same on every run and machine (for a given `Cargo.lock`).

use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

/// `count` keys drawn from the generator seeded with `seed`. Each variant uses its own
/// seed, so keys of different games never coincide by construction.
pub fn keys(seed: u64, count: usize) -> Vec<u64> {
    let mut rng = StdRng::seed_from_u64(seed);
    (0..count).map(|_| rng.gen::<u64>()).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_are_reproducible_and_distinct() {
        let a = keys(7, 1000);
        assert_eq!(a, keys(7, 1000));
        let mut sorted = a.clone();
        sorted.sort_unstable();
        sorted.dedup();
        assert_eq!(sorted.len(), 1000);
        assert_ne!(keys(8, 4), keys(7, 4));
    }
}
