//! The transposition table, shared by all search threads without locks.
//!
//! Layout. The table is a vector of 64-byte buckets (one cache line) of four 16-byte
//! slots. A slot is two `AtomicU64`, `data` and `meta`; `meta` is stored XOR-ed with
//! `data`, so a slot torn by two threads writing at once fails the key test and reads as
//! a miss instead of returning another position's data.
//!
//! `data`, from the low bits up:
//!
//! | bits  | field | meaning |
//! |-------|-------|---------|
//! | 0–31  | move  | the best move, packed by `Game::pack_move` (meaningful if `has move`) |
//! | 32–47 | score | `i16`, mate scores counted from the node (`score::to_tt`) |
//! | 48–63 | eval  | `i16`, the static evaluation |
//!
//! `meta ^ data`, from the low bits up:
//!
//! | bits  | field | meaning |
//! |-------|-------|---------|
//! | 0–7   | depth | depth + `DEPTH_OFFSET`, so quiescence depths fit too |
//! | 8–9   | bound | 1 exact, 2 lower, 3 upper; 0 marks an empty slot |
//! | 10–15 | generation | the search that wrote it, modulo 64 (aging) |
//! | 16    | has move | whether the move field holds a move |
//! | 17–63 | key   | the low 47 bits of the position's key (its top bits chose the bucket) |
//!
//! The move is the move itself, not its index in a generated list: quiescence's lists of
//! captures and best-reply search's lists of several seats' moves name it the same way,
//! and a variant that can test a packed move's legality has the table's move tried
//! before it generates the others (`Game::table_move`).
//!
//! Replacement is depth-preferred with aging: in the probed bucket a slot holding the same
//! position is reused, else an empty slot, else the slot whose `depth − 8·age` is lowest.

use super::Bound;
use std::sync::atomic::{AtomicU64, AtomicU8, Ordering};

const SLOTS: usize = 4;
const DEPTH_OFFSET: i32 = 16;
const GENERATIONS: u8 = 64;
const HAS_MOVE: u64 = 1 << 16;
/// Where `meta` keeps the key: above depth, bound, generation and the move flag.
const KEY_SHIFT: u32 = 17;
const KEY_BITS: u64 = !0 << KEY_SHIFT;

#[derive(Default)]
struct Slot {
    data: AtomicU64,
    meta: AtomicU64,
}

#[derive(Default)]
#[repr(align(64))]
struct Bucket([Slot; SLOTS]);

/// One decoded table entry.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Entry {
    /// The best (or refuting) move, packed by `Game::pack_move`.
    pub mv: Option<u32>,
    /// The search score, mate scores counted from the stored node.
    pub score: i32,
    /// The static evaluation of the position.
    pub eval: i32,
    pub depth: i32,
    pub bound: Bound,
}

fn clamp_i16(value: i32) -> u64 {
    u64::from(value.clamp(i16::MIN.into(), i16::MAX.into()) as i16 as u16)
}

impl Entry {
    /// The slot's `data` word and its `meta` word before the XOR with `data`.
    fn pack(&self, key: u64, generation: u8) -> (u64, u64) {
        let data = u64::from(self.mv.unwrap_or(0))
            | clamp_i16(self.score) << 32
            | clamp_i16(self.eval) << 48;
        let depth = (self.depth + DEPTH_OFFSET).clamp(0, 255) as u64;
        let bound = match self.bound {
            Bound::Exact => 1,
            Bound::Lower => 2,
            Bound::Upper => 3,
        };
        let has_move = if self.mv.is_some() { HAS_MOVE } else { 0 };
        let meta = key << KEY_SHIFT | has_move | u64::from(generation) << 10 | bound << 8 | depth;
        (data, meta)
    }

    fn unpack(data: u64, meta: u64) -> Entry {
        Entry {
            mv: (meta & HAS_MOVE != 0).then_some(data as u32),
            score: i32::from((data >> 32) as u16 as i16),
            eval: i32::from((data >> 48) as u16 as i16),
            depth: depth_of(meta),
            bound: match (meta >> 8) & 3 {
                1 => Bound::Exact,
                2 => Bound::Lower,
                _ => Bound::Upper,
            },
        }
    }
}

fn generation_of(meta: u64) -> u8 {
    ((meta >> 10) & 63) as u8
}

fn depth_of(meta: u64) -> i32 {
    (meta & 0xFF) as i32 - DEPTH_OFFSET
}

fn is_used(meta: u64) -> bool {
    (meta >> 8) & 3 != 0
}

impl Slot {
    /// The slot's `data` and decoded `meta` words.
    fn read(&self) -> (u64, u64) {
        let data = self.data.load(Ordering::Relaxed);
        let meta = self.meta.load(Ordering::Relaxed) ^ data;
        (data, meta)
    }

    fn holds(meta: u64, key: u64) -> bool {
        is_used(meta) && (meta ^ key << KEY_SHIFT) & KEY_BITS == 0
    }
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
            *slot.meta.get_mut() = 0;
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
            let (data, meta) = slot.read();
            Slot::holds(meta, key).then(|| Entry::unpack(data, meta))
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
            let (data, meta) = slot.read();
            if !is_used(meta) {
                if victim_worth > i32::MIN {
                    victim = slot;
                    victim_worth = i32::MIN;
                }
                continue;
            }
            if Slot::holds(meta, key) {
                let old = Entry::unpack(data, meta);
                if entry.mv.is_none() {
                    entry.mv = old.mv;
                }
                let same_search = generation_of(meta) == generation;
                if entry.bound != Bound::Exact && same_search && old.depth > entry.depth + 3 {
                    return;
                }
                victim = slot;
                break;
            }
            let age = i32::from((generation + GENERATIONS - generation_of(meta)) % GENERATIONS);
            let worth = depth_of(meta) - 8 * age;
            if worth < victim_worth {
                victim = slot;
                victim_worth = worth;
            }
        }
        let (data, meta) = entry.pack(key, generation);
        victim.data.store(data, Ordering::Relaxed);
        victim.meta.store(meta ^ data, Ordering::Relaxed);
    }

    /// Per mille of a sample of the first 1000 slots holding entries of this search.
    pub fn hashfull(&self) -> u32 {
        let generation = self.generation.load(Ordering::Relaxed);
        let slots = self.buckets.iter().flat_map(|b| b.0.iter()).take(1000);
        let mut sampled = 0;
        let mut used = 0;
        for slot in slots {
            sampled += 1;
            let (_, meta) = slot.read();
            if is_used(meta) && generation_of(meta) == generation {
                used += 1;
            }
        }
        used * 1000 / sampled.max(1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entry(depth: i32, score: i32, mv: Option<u32>, bound: Bound) -> Entry {
        Entry {
            mv,
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
            entry(99, 30_990, Some(u32::MAX), Bound::Lower),
            entry(7, 1, Some(0x0012_3456), Bound::Exact),
        ] {
            let key = 0x0123_4567_89AB_CDEF;
            let (data, meta) = e.pack(key, 63);
            assert!(is_used(meta) && Slot::holds(meta, key));
            assert_eq!(Entry::unpack(data, meta), e);
            assert_eq!(generation_of(meta), 63);
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
    fn a_slot_torn_by_two_writers_reads_as_a_miss() {
        let tt = TranspositionTable::new(1);
        let (first, second) = (0x0123_4567_89AB_CDEF, 0x0123_4567_89AB_0001);
        tt.store(first, entry(5, 42, Some(0x0001_0203), Bound::Lower));
        // Another thread's write of `second` lands in the same slot, but only its `data`
        // word is written when `first` is probed.
        let slot = &tt.bucket(first).0[0];
        let (data, _) = entry(9, -7, Some(0x0004_0506), Bound::Exact).pack(second, 0);
        slot.data.store(data, Ordering::Relaxed);
        assert_eq!(tt.probe(first), None);
        assert_eq!(tt.probe(second), None);
    }

    #[test]
    fn a_moveless_store_keeps_the_old_move() {
        let tt = TranspositionTable::new(1);
        tt.store(99, entry(4, 10, Some(3), Bound::Lower));
        tt.store(99, entry(5, 20, None, Bound::Upper));
        assert_eq!(tt.probe(99).unwrap().mv, Some(3));
        assert_eq!(tt.probe(99).unwrap().score, 20);
    }

    #[test]
    fn a_full_bucket_drops_its_shallowest_entry_and_hashfull_counts_this_search_only() {
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
