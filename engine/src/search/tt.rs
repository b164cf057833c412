//! The transposition table, shared by all search threads without locks.
//!
//! Layout. The table is a vector of 64-byte buckets (one cache line) of four slots. A slot
//! is two `AtomicU64`: `check = key ^ data` and `data`. A reader accepts a slot only if
//! `check ^ data` equals the key it probes, so a slot torn by two threads writing at once
//! fails the test and reads as a miss instead of returning another position's data.
//!
//! `data`, from the low bits up:
//!
//! | bits  | field | meaning |
//! |-------|-------|---------|
//! | 0–15  | move  | index of the best move in the position's legal move list, `0xFFFF` = none |
//! | 16–31 | score | `i16`, mate scores counted from the node (`score::to_tt`) |
//! | 32–47 | eval  | `i16`, the static evaluation |
//! | 48–55 | depth | depth + `DEPTH_OFFSET`, so quiescence depths fit too |
//! | 56–57 | bound | 1 exact, 2 lower, 3 upper (never 0, so a used slot never has `data == 0`) |
//! | 58–63 | generation | the search that wrote it, modulo 64 (aging) |
//!
//! Moves are stored as their index in `Game::generate_moves`' list, which is deterministic
//! for a position, so the table needs no move encoding from the variant; a stale or
//! colliding index is checked against the list's length and is at worst a poor first move.
//!
//! Replacement is depth-preferred with aging: in the probed bucket a slot holding the same
//! position is reused, else an empty slot, else the slot whose `depth − 8·age` is lowest.

use super::Bound;
use std::sync::atomic::{AtomicU64, AtomicU8, Ordering};

const SLOTS: usize = 4;
const DEPTH_OFFSET: i32 = 16;
const NO_MOVE: u64 = 0xFFFF;
const GENERATIONS: u8 = 64;

#[derive(Default)]
struct Slot {
    check: AtomicU64,
    data: AtomicU64,
}

#[derive(Default)]
#[repr(align(64))]
struct Bucket([Slot; SLOTS]);

/// One decoded table entry.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Entry {
    /// Index of the best (or refuting) move in the legal move list.
    pub move_index: Option<u16>,
    /// The search score, mate scores counted from the stored node.
    pub score: i32,
    /// The static evaluation of the position.
    pub eval: i32,
    pub depth: i32,
    pub bound: Bound,
}

impl Entry {
    fn pack(&self, generation: u8) -> u64 {
        let mv = self.move_index.map_or(NO_MOVE, u64::from);
        let score = u64::from(self.score.clamp(i16::MIN.into(), i16::MAX.into()) as i16 as u16);
        let eval = u64::from(self.eval.clamp(i16::MIN.into(), i16::MAX.into()) as i16 as u16);
        let depth = (self.depth + DEPTH_OFFSET).clamp(0, 255) as u64;
        let bound = match self.bound {
            Bound::Exact => 1,
            Bound::Lower => 2,
            Bound::Upper => 3,
        };
        mv | score << 16 | eval << 32 | depth << 48 | bound << 56 | u64::from(generation) << 58
    }

    fn unpack(data: u64) -> Entry {
        let mv = data & 0xFFFF;
        Entry {
            move_index: (mv != NO_MOVE).then_some(mv as u16),
            score: i32::from((data >> 16) as u16 as i16),
            eval: i32::from((data >> 32) as u16 as i16),
            depth: ((data >> 48) & 0xFF) as i32 - DEPTH_OFFSET,
            bound: match (data >> 56) & 3 {
                1 => Bound::Exact,
                2 => Bound::Lower,
                _ => Bound::Upper,
            },
        }
    }
}

fn generation_of(data: u64) -> u8 {
    (data >> 58) as u8
}

fn depth_of(data: u64) -> i32 {
    ((data >> 48) & 0xFF) as i32 - DEPTH_OFFSET
}

/// The shared transposition table.
pub struct TranspositionTable {
    buckets: Vec<Bucket>,
    generation: AtomicU8,
}

impl TranspositionTable {
    /// A table of at most `mb` MiB (at least one bucket).
    pub fn new(mb: usize) -> TranspositionTable {
        let count = (mb.max(1) * 1024 * 1024 / std::mem::size_of::<Bucket>()).max(1);
        TranspositionTable {
            buckets: (0..count).map(|_| Bucket::default()).collect(),
            generation: AtomicU8::new(0),
        }
    }

    /// The table's size in bytes.
    pub fn bytes(&self) -> usize {
        self.buckets.len() * std::mem::size_of::<Bucket>()
    }

    /// Empties every slot.
    pub fn clear(&mut self) {
        for slot in self.buckets.iter_mut().flat_map(|b| b.0.iter_mut()) {
            *slot.check.get_mut() = 0;
            *slot.data.get_mut() = 0;
        }
        *self.generation.get_mut() = 0;
    }

    /// Starts a new search: entries written from now on are of a new generation.
    pub fn new_search(&self) {
        let next = (self.generation.load(Ordering::Relaxed) + 1) % GENERATIONS;
        self.generation.store(next, Ordering::Relaxed);
    }

    fn bucket(&self, key: u64) -> &Bucket {
        // Multiply-shift maps the key uniformly onto the buckets without a division.
        let index = (u128::from(key) * self.buckets.len() as u128) >> 64;
        &self.buckets[index as usize]
    }

    /// The entry stored for `key`, if any.
    pub fn probe(&self, key: u64) -> Option<Entry> {
        self.bucket(key).0.iter().find_map(|slot| {
            let data = slot.data.load(Ordering::Relaxed);
            let check = slot.check.load(Ordering::Relaxed);
            (data != 0 && check ^ data == key).then(|| Entry::unpack(data))
        })
    }

    /// Stores `entry` for `key`. A new entry without a move keeps the old entry's move for
    /// the same position; an old entry of the same position is kept if it is much deeper,
    /// unless the new one is exact.
    pub fn store(&self, key: u64, mut entry: Entry) {
        let generation = self.generation.load(Ordering::Relaxed);
        let bucket = self.bucket(key);
        let mut victim = &bucket.0[0];
        let mut victim_worth = i32::MAX;
        for slot in &bucket.0 {
            let data = slot.data.load(Ordering::Relaxed);
            let check = slot.check.load(Ordering::Relaxed);
            if data == 0 {
                if victim_worth > i32::MIN {
                    victim = slot;
                    victim_worth = i32::MIN;
                }
                continue;
            }
            if check ^ data == key {
                let old = Entry::unpack(data);
                if entry.move_index.is_none() {
                    entry.move_index = old.move_index;
                }
                let same_search = generation_of(data) == generation;
                if entry.bound != Bound::Exact && same_search && old.depth > entry.depth + 3 {
                    return;
                }
                victim = slot;
                break;
            }
            let age = i32::from((generation + GENERATIONS - generation_of(data)) % GENERATIONS);
            let worth = depth_of(data) - 8 * age;
            if worth < victim_worth {
                victim = slot;
                victim_worth = worth;
            }
        }
        let data = entry.pack(generation);
        victim.data.store(data, Ordering::Relaxed);
        victim.check.store(key ^ data, Ordering::Relaxed);
    }

    /// Per mille of a sample of the first 1000 slots holding entries of this search.
    pub fn hashfull(&self) -> u32 {
        let generation = self.generation.load(Ordering::Relaxed);
        let slots = self.buckets.iter().flat_map(|b| b.0.iter()).take(1000);
        let mut sampled = 0;
        let mut used = 0;
        for slot in slots {
            sampled += 1;
            let data = slot.data.load(Ordering::Relaxed);
            if data != 0 && generation_of(data) == generation {
                used += 1;
            }
        }
        used * 1000 / sampled.max(1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entry(depth: i32, score: i32, mv: Option<u16>, bound: Bound) -> Entry {
        Entry {
            move_index: mv,
            score,
            eval: -17,
            depth,
            bound,
        }
    }

    #[test]
    fn packing_round_trips_every_field() {
        for e in [
            entry(0, 0, None, Bound::Exact),
            entry(-3, -30_999, Some(0), Bound::Upper),
            entry(99, 30_990, Some(511), Bound::Lower),
        ] {
            let data = e.pack(63);
            assert_ne!(data, 0);
            assert_eq!(Entry::unpack(data), e);
            assert_eq!(generation_of(data), 63);
        }
    }

    #[test]
    fn store_then_probe_and_misses() {
        let tt = TranspositionTable::new(1);
        let e = entry(5, 42, Some(7), Bound::Lower);
        tt.store(0xDEAD_BEEF_0000_1234, e);
        assert_eq!(tt.probe(0xDEAD_BEEF_0000_1234), Some(e));
        assert_eq!(tt.probe(0xDEAD_BEEF_0000_1235), None);
    }

    #[test]
    fn a_moveless_store_keeps_the_old_move() {
        let tt = TranspositionTable::new(1);
        tt.store(99, entry(4, 10, Some(3), Bound::Lower));
        tt.store(99, entry(5, 20, None, Bound::Upper));
        assert_eq!(tt.probe(99).unwrap().move_index, Some(3));
        assert_eq!(tt.probe(99).unwrap().score, 20);
    }

    #[test]
    fn deeper_entries_of_this_search_survive_and_old_ones_age_out() {
        let tt = TranspositionTable::new(1);
        // Keys that land in bucket 0: the top bits select the bucket.
        let keys: Vec<u64> = (1..=5).collect();
        for (i, &k) in keys[..4].iter().enumerate() {
            tt.store(k, entry(10 + i as i32, 0, None, Bound::Exact));
        }
        tt.store(keys[4], entry(1, 0, None, Bound::Exact));
        // The shallowest (depth 10, key 1) made way.
        assert!(tt.probe(keys[0]).is_none());
        assert!(tt.probe(keys[4]).is_some());
        for _ in 0..3 {
            tt.new_search();
        }
        tt.store(6, entry(1, 0, None, Bound::Exact));
        assert!(tt.probe(6).is_some());
        assert_eq!(tt.hashfull(), 1);
    }

    #[test]
    fn an_old_deep_entry_makes_way_before_fresh_shallower_ones() {
        let tt = TranspositionTable::new(1);
        // Keys that land in bucket 0. Depth 12, three searches ago: worth 12 − 8·3 = −12.
        tt.store(1, entry(12, 0, None, Bound::Exact));
        for _ in 0..3 {
            tt.new_search();
        }
        for key in 2..=4 {
            tt.store(key, entry(5, 0, None, Bound::Exact));
        }
        // Without aging the depth-5 entries would be worth less than the depth-12 one.
        tt.store(5, entry(1, 0, None, Bound::Exact));
        assert!(tt.probe(1).is_none());
        assert!((2..=5).all(|key| tt.probe(key).is_some()));
    }

    #[test]
    fn clear_empties_and_size_stays_within_the_budget() {
        let mut tt = TranspositionTable::new(2);
        assert!(tt.bytes() <= 2 * 1024 * 1024);
        tt.store(5, entry(1, 1, None, Bound::Exact));
        tt.clear();
        assert!(tt.probe(5).is_none());
        assert_eq!(tt.hashfull(), 0);
    }
}
