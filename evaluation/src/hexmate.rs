//! Hexmate evaluation (`docs/rules/hexmate.md`, §13 hint).
//!
//! Every term is computed for each colour from that colour's own point of view (cells
//! seen through the point reflection for Black, R36), as a middlegame and an endgame
//! value; White's minus Black's is tapered by the material phase. So the evaluation of a
//! position and of its colour-flipped point reflection are exact negations.
//!
//! Terms: material, piece-square values from the hexagon's geometry, mobility, King safety
//! (attackers near the King, pawn cover), the King's borrowed movement (R26), pawn
//! structure, passed pawns and promotion races, the danger of being bared (R46), tempo.

pub use crate::weights::Pair;
use crate::weights::{pair, Tunable};
use engine::bitboard::slide_up;
use engine::geometry::{Hexagon, ALL_DIRECTIONS};
use engine::search::multiplayer::SeatScores;
use engine::search::{two_seats, Evaluator};
use engine::variants::hexmate::{
    tables, Color, Hexmate, Move, BISHOP, BLACK, CELLS, DUKE, KING, KNIGHT, PALADIN, PAWN, QUEEN,
    ROOK, WHITE,
};
use std::fmt::Write;
use std::sync::atomic::AtomicU64;
use std::sync::atomic::Ordering::Relaxed;
use std::sync::OnceLock;

crate::weights! {
    /// The Hexmate evaluation's weights in centipawns, each a middlegame and an endgame
    /// value unless it says otherwise; their values are in `weights.rs`.
    pub struct Weights {
        /// Piece values by kind (K, Q, D, A, R, B, N, P), fitted to self-play results
        /// (`tessera tune --only values`, header of `weights.rs`) from the seed's values
        /// (§13: Q ≈ D ≈ 9, A ≈ 7, R ≈ 5, B ≈ N ≈ 3, P = 1, times 100). Every piece gains in
        /// the endgame, the Archbishop most; a pawn's worth lies mostly in the pawn terms
        /// (`passed`, `unstoppable`). The King's own strength is its borrowed movement,
        /// valued separately (`borrowed`).
        pub values: [Pair; 8],
        /// Mobility per reachable cell (not own, not attacked by an enemy pawn), by kind.
        /// Long range pieces reach many cells each, so their weight per cell is lower.
        pub mobility: [Pair; 8],
        /// Centralisation per step closer to the centre than distance 3, by kind (the King
        /// is handled by `king_advance` in the middlegame). Hexagon distance to g7 is 0 … 6.
        pub centre: [Pair; 8],
        /// The King should stay home while the board is full: penalty per rank of advance.
        pub king_advance: Pair,
        /// Pawn advance per rank beyond the start ranks (relative ranks 3 and 4 of 0 … 12).
        pub pawn_advance: Pair,
        /// A pawn defended by an own pawn.
        pub pawn_defended: Pair,
        /// A pawn with no own pawn within distance 2.
        pub pawn_isolated: Pair,
        /// Passed pawn by relative rank (0 … 12; rank 12 is never occupied by a pawn).
        pub passed: [Pair; 13],
        /// A passed pawn the enemy King cannot catch when the enemy has only King and
        /// pawns: nearly a Queen (the race is then decided).
        pub unstoppable: Pair,
        /// The King's borrowed movement types (R26): knight, bishop, rook. The bonus is lost
        /// with the last lender of a type, which makes that piece worth this much more than
        /// its value.
        pub borrowed: [Pair; 3],
        /// King safety (one value, the endgame's is a quarter): weight of an enemy piece's
        /// attacks on the King zone, per attacked cell, by kind; and how the danger grows
        /// with the number of attackers (in sixteenths).
        pub king_attack_weight: [i32; 8],
        pub attacker_scale: [i32; 7],
        /// An own pawn next to the King (cover), at most three counted.
        pub pawn_cover: Pair,
        /// Danger of being bared (R46: a side left with only its King loses at once) by the
        /// number of pieces besides the King; index 0 is a bare King, which is lost.
        pub baring_danger: [Pair; 5],
        /// In the endgame every piece counts towards the baring race, whatever its value.
        pub piece_count: Pair,
        /// The side to move's bonus.
        pub tempo: Pair,
    }
}

mod weights;
pub use weights::WEIGHTS;

/// Phase weight of each kind; the start position has `PHASE_TOTAL` (all middlegame),
/// an army of pawns and Kings has 0 (all endgame).
const PHASE_WEIGHTS: [i32; 8] = [0, 4, 4, 3, 2, 1, 1, 0];
const PHASE_TOTAL: i32 = 90;

/// Weights with the piece-square values derived from them: what the terms are computed
/// with.
pub struct Scoring {
    w: Weights,
    /// `piece_square[colour][kind][cell]`: centralisation, the King's advance and the
    /// pawns' advance, seen from the colour's side.
    piece_square: Box<[[[Pair; CELLS]; 8]; 2]>,
}

impl Scoring {
    pub fn new(w: Weights) -> Scoring {
        let e = eval_tables();
        let mut piece_square = Box::new([[[Pair::default(); CELLS]; 8]; 2]);
        for color in [WHITE, BLACK] {
            for cell in 0..CELLS {
                let rel = e.relative[color][cell];
                let values = &mut piece_square[color];
                for (kind, centre) in w.centre.iter().enumerate() {
                    values[kind][cell] = *centre * (3 - e.centre_distance[rel]);
                }
                values[KING][cell] += w.king_advance * e.rank[rel];
                values[PAWN][cell] += w.pawn_advance * (e.rank[rel] - 4).max(0);
            }
        }
        Scoring { w, piece_square }
    }
}

/// The scoring of the compiled-in weights, built on first use.
fn scoring() -> &'static Scoring {
    static SCORING: OnceLock<Scoring> = OnceLock::new();
    SCORING.get_or_init(|| Scoring::new(WEIGHTS))
}

/// Names of the terms, in `Terms` order.
const TERM_NAMES: [&str; 10] = [
    "Material",
    "Piece-square",
    "Mobility",
    "King attack+cover",
    "Borrowed types",
    "Pawn structure",
    "Passed pawns",
    "Baring",
    "Piece count",
    "Tempo",
];
const MATERIAL: usize = 0;
const PIECE_SQUARE: usize = 1;
const MOBILITY_TERM: usize = 2;
const KING_SAFETY: usize = 3;
const BORROWED_TERM: usize = 4;
const PAWN_STRUCTURE: usize = 5;
const PASSED_TERM: usize = 6;
const BARING: usize = 7;
const PIECE_COUNT_TERM: usize = 8;
const TEMPO_TERM: usize = 9;

/// One colour's terms.
type Terms = [Pair; TERM_NAMES.len()];

/// Geometry the evaluation derives once from the board.
struct EvalTables {
    /// The cell as its own army sees it: the cell itself for White, its point reflection
    /// for Black (R36: Black's army is White's reflected through the centre).
    relative: [[usize; CELLS]; 2],
    /// Relative rank 0 … 12 (0 = own back rank) of a relative cell.
    rank: [i32; CELLS],
    /// Hexagon distance to the centre g7.
    centre_distance: [i32; CELLS],
    /// The King zone: the cell, its six neighbours and its six diagonal neighbours.
    king_zone: [u128; CELLS],
    /// Cells within distance 2 (for isolated pawns).
    near: [u128; CELLS],
    /// `front[c][cell]`: the cells a pawn of colour `c` on `cell` may still pass through
    /// (its forward cone) and the cells from which enemy pawns attack them.
    front: [[u128; CELLS]; 2],
    /// The promotion cells of that cone.
    promotion_cells: [[u128; CELLS]; 2],
    /// The slider lines of each cell for the mobility counts (`SliderLines`).
    lines: [SliderLines; CELLS],
    /// The knight leaps of each cell (R22).
    knight: [u128; CELLS],
}

/// The six lines from a cell (three orthogonal, then three diagonal) in each sense. The
/// lines of decreasing cell index are stored bit-reversed: a slide along a reversed line
/// over the reversed occupancy is the cheap `slide_up`, and mobility and King-zone counts
/// need only the number of cells reached, which reversal keeps.
#[derive(Clone, Copy, Default)]
struct SliderLines {
    up: [u128; 6],
    down_reversed: [u128; 6],
}

impl SliderLines {
    fn of(hex: &Hexagon<u128>, cell: usize) -> SliderLines {
        let mut lines = SliderLines::default();
        for group in [0..6, 6..12] {
            let first = group.start / 2;
            let (up, down): (Vec<usize>, Vec<usize>) =
                group.partition(|&d| ALL_DIRECTIONS[d].increases_index());
            assert_eq!((up.len(), down.len()), (3, 3), "three lines each way");
            for i in 0..3 {
                lines.up[first + i] = hex.ray(up[i], cell);
                lines.down_reversed[first + i] = hex.ray(down[i], cell).reverse_bits();
            }
        }
        lines
    }
}

fn eval_tables() -> &'static EvalTables {
    static TABLES: OnceLock<EvalTables> = OnceLock::new();
    TABLES.get_or_init(build_tables)
}

fn build_tables() -> EvalTables {
    let t = tables();
    let hex = &t.hex;
    let centre = hex.cell(0, 0).expect("the centre is on the board");
    let mut e = EvalTables {
        relative: [[0; CELLS]; 2],
        rank: [0; CELLS],
        centre_distance: [0; CELLS],
        king_zone: [0; CELLS],
        near: [0; CELLS],
        front: [[0; CELLS]; 2],
        promotion_cells: [[0; CELLS]; 2],
        lines: [SliderLines::default(); CELLS],
        knight: [0; CELLS],
    };
    for cell in 0..CELLS {
        let (q, r) = hex.coords(cell);
        e.relative[WHITE][cell] = cell;
        e.relative[BLACK][cell] = hex.cell(-q, -r).expect("the board is point symmetric");
        e.rank[cell] = r + 6;
        e.centre_distance[cell] = hex.distance(cell, centre);
        e.king_zone[cell] = (6..12)
            .filter_map(|d| hex.step(cell, d))
            .fold(t.adjacent[cell] | 1 << cell, |bb, c| bb | 1 << c);
        e.near[cell] = (0..CELLS)
            .filter(|&o| o != cell && hex.distance(cell, o) <= 2)
            .fold(0, |bb, o| bb | 1 << o);
        e.lines[cell] = SliderLines::of(hex, cell);
        e.knight[cell] = hex.knight(cell);
    }
    for color in [WHITE, BLACK] {
        for cell in 0..CELLS {
            let cone = forward_cone(color, cell);
            let guards = bits(cone).fold(0, |bb, c| bb | t.pawn_attackers[1 - color][c]);
            e.front[color][cell] = cone | guards;
            e.promotion_cells[color][cell] = cone & t.last_rank[color];
        }
    }
    e
}

/// Every cell a pawn of `color` on `cell` can reach by forward steps (R23).
fn forward_cone(color: Color, cell: usize) -> u128 {
    let steps = &tables().pawn_steps[color];
    let mut cone = 0u128;
    let mut frontier = steps[cell];
    while frontier != 0 {
        cone |= frontier;
        frontier = bits(frontier).fold(0, |bb, c| bb | steps[c]) & !cone;
    }
    cone
}

/// The set cells of a bitboard.
fn bits(mut bb: u128) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        (bb != 0).then(|| {
            let cell = bb.trailing_zeros() as usize;
            bb &= bb - 1;
            cell
        })
    })
}

fn count(bb: u128) -> i32 {
    bb.count_ones() as i32
}

/// The Hexmate evaluator.
#[derive(Clone, Copy, Debug, Default)]
pub struct HexmateEval;

/// Both colours' terms and the material phase.
struct Breakdown {
    terms: [Terms; 2],
    phase: i32,
}

impl Breakdown {
    fn sum(&self, color: Color) -> Pair {
        let mut total = Pair::default();
        for term in self.terms[color] {
            total += term;
        }
        total
    }

    fn taper(&self, p: Pair) -> i32 {
        (p.mg * self.phase + p.eg * (PHASE_TOTAL - self.phase)) / PHASE_TOTAL
    }

    /// White's total minus Black's, tapered.
    fn white_view(&self) -> i32 {
        self.taper(self.sum(WHITE) - self.sum(BLACK))
    }
}

impl HexmateEval {
    /// The evaluation from White's point of view: the same value as `breakdown`'s, with
    /// the pawn-only terms and the pawn attacks taken from the pawn cache.
    pub fn white_view(&self, pos: &Hexmate) -> i32 {
        let sc = scoring();
        let pawns = pawn_entry(sc, pos);
        let b = REACH_MEMO.with_borrow_mut(|memo| piece_breakdown(sc, pos, &pawns.attacks, memo));
        let mut white = b.sum(WHITE);
        white += pawns.totals[WHITE];
        let mut black = b.sum(BLACK);
        black += pawns.totals[BLACK];
        b.taper(white - black)
    }
}

/// The evaluation from White's point of view with the weights `w`, computed from scratch
/// (the tuner's; `HexmateEval::white_view` gives the same value for the compiled-in ones).
pub fn white_view_with(sc: &Scoring, pos: &Hexmate) -> i32 {
    breakdown(sc, pos).white_view()
}

/// Every term of both colours (the protocol's `eval`), computed from scratch.
fn breakdown(sc: &Scoring, pos: &Hexmate) -> Breakdown {
    let attacks = [pawn_attacks(pos, WHITE), pawn_attacks(pos, BLACK)];
    let mut b = piece_breakdown(sc, pos, &attacks, &mut ReachMemo::new());
    for us in [WHITE, BLACK] {
        pawn_terms(sc, pos, us, attacks[us], &mut b.terms[us]);
    }
    b
}

/// The terms of both colours except the pawn-only ones (`pawn_terms`), and the material
/// phase. `pawn_attacks` are the cells each colour's pawns attack.
fn piece_breakdown(
    sc: &Scoring,
    pos: &Hexmate,
    pawn_attacks: &[u128; 2],
    memo: &mut ReachMemo,
) -> Breakdown {
    let phase = (QUEEN..=KNIGHT)
        .map(|k| PHASE_WEIGHTS[k] * count(pos.pieces(WHITE, k) | pos.pieces(BLACK, k)))
        .sum::<i32>()
        .min(PHASE_TOTAL);
    memo.begin(pos.occupied_by(WHITE) | pos.occupied_by(BLACK));
    let mut terms = [
        side_terms(sc, pos, WHITE, pawn_attacks, memo),
        side_terms(sc, pos, BLACK, pawn_attacks, memo),
    ];
    terms[pos.side()][TEMPO_TERM] = sc.w.tempo;
    Breakdown { terms, phase }
}

/// What depends on the two pawn sets alone: the cells each colour's pawns attack, and
/// each colour's pawn-only terms summed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct PawnEntry {
    attacks: [u128; 2],
    totals: [Pair; 2],
}

/// The pawn entry of the position, through the pawn cache, which holds the entries of
/// the compiled-in weights (`sc` is `scoring()`).
fn pawn_entry(sc: &Scoring, pos: &Hexmate) -> PawnEntry {
    let pawns = [pos.pieces(WHITE, PAWN), pos.pieces(BLACK, PAWN)];
    pawn_cache().get_or_insert(pawns, || {
        let attacks = [pawn_attacks(pos, WHITE), pawn_attacks(pos, BLACK)];
        let totals = [WHITE, BLACK].map(|us| {
            let mut terms = Terms::default();
            pawn_terms(sc, pos, us, attacks[us], &mut terms);
            terms.into_iter().fold(Pair::default(), |mut sum, term| {
                sum += term;
                sum
            })
        });
        PawnEntry { attacks, totals }
    })
}

/// A memo of `pawn_entry` shared by every search thread, without locks: the pawn attacks
/// and pawn-only terms depend on the two pawn sets alone, which change in few moves, and
/// they cost a quarter of an evaluation. A slot holds the entry as five words (`pack`)
/// and `check`, the key xor-ed with all five, so that a slot torn by two writers reads as
/// a miss. Key 0 and totals outside `i16` are never stored.
struct PawnCache {
    slots: Vec<[AtomicU64; 6]>,
}

const PAWN_CACHE_SLOTS: usize = 1 << 13;

fn pawn_cache() -> &'static PawnCache {
    static CACHE: OnceLock<PawnCache> = OnceLock::new();
    CACHE.get_or_init(|| PawnCache {
        slots: (0..PAWN_CACHE_SLOTS).map(|_| Default::default()).collect(),
    })
}

impl PawnCache {
    fn get_or_insert(&self, pawns: [u128; 2], compute: impl FnOnce() -> PawnEntry) -> PawnEntry {
        let key = pawn_key(pawns);
        let slot = &self.slots[key as usize & (PAWN_CACHE_SLOTS - 1)];
        let check = slot[0].load(Relaxed);
        let words: [u64; 5] = std::array::from_fn(|i| slot[i + 1].load(Relaxed));
        if key != 0 && check == words.iter().fold(key, |k, w| k ^ w) {
            return unpack(words);
        }
        let entry = compute();
        if let Some(words) = pack(entry).filter(|_| key != 0) {
            slot[0].store(words.iter().fold(key, |k, w| k ^ w), Relaxed);
            for (cell, word) in slot[1..].iter().zip(words) {
                cell.store(word, Relaxed);
            }
        }
        entry
    }
}

/// A 64-bit mix of both pawn sets (folded multiplications of their four words).
fn pawn_key(pawns: [u128; 2]) -> u64 {
    fn fold(a: u64, b: u64) -> u64 {
        let product = u128::from(a) * u128::from(b);
        product as u64 ^ (product >> 64) as u64
    }
    let word = |bb: u128, half: u32| (bb >> (64 * half)) as u64;
    let white = fold(
        word(pawns[0], 0) ^ 0x243F_6A88_85A3_08D3,
        word(pawns[0], 1) ^ 0x1319_8A2E_0370_7344,
    );
    let black = fold(
        word(pawns[1], 0) ^ 0xA409_3822_299F_31D0,
        word(pawns[1], 1) ^ 0x082E_FA98_EC4E_6C89,
    );
    fold(white ^ 0x4528_21E6_38D0_1377, black ^ 0xBE54_66CF_34E9_0C6C)
}

/// The entry as five words: the four totals as `i16`, then the attack sets; `None` if a
/// total does not fit.
fn pack(entry: PawnEntry) -> Option<[u64; 5]> {
    let [white, black] = entry.totals;
    let totals = [white.mg, white.eg, black.mg, black.eg]
        .iter()
        .enumerate()
        .try_fold(0u64, |data, (i, &v)| {
            let v = i16::try_from(v).ok()?;
            Some(data | u64::from(v as u16) << (16 * i))
        })?;
    let [w, b] = entry.attacks;
    Some([
        totals,
        w as u64,
        (w >> 64) as u64,
        b as u64,
        (b >> 64) as u64,
    ])
}

fn unpack(words: [u64; 5]) -> PawnEntry {
    let value = |i: u32| i32::from((words[0] >> (16 * i)) as u16 as i16);
    let attacks = |i: usize| u128::from(words[i]) | u128::from(words[i + 1]) << 64;
    PawnEntry {
        attacks: [attacks(1), attacks(3)],
        totals: [pair(value(0), value(1)), pair(value(2), value(3))],
    }
}

/// The cells the pawns of `color` attack (R23, R30).
fn pawn_attacks(pos: &Hexmate, color: Color) -> u128 {
    let steps = &tables().pawn_steps[color];
    bits(pos.pieces(color, PAWN)).fold(0, |bb, c| bb | steps[c])
}

/// A set of cells twice: as is, and bit-reversed (`SliderLines`).
#[derive(Clone, Copy)]
struct Both([u128; 2]);

impl Both {
    fn of(bb: u128) -> Both {
        Both([bb, bb.reverse_bits()])
    }

    fn count_within(self, mask: Both) -> i32 {
        count(self.0[0] & mask.0[0]) + count(self.0[1] & mask.0[1])
    }

    fn meets(self, other: Both) -> bool {
        (self.0[0] & other.0[0]) | (self.0[1] & other.0[1]) != 0
    }
}

/// The reach of the sliders of the last position evaluated on this thread. A slider's
/// reach depends only on its kind, its cell and the occupancy, and consecutive
/// evaluations of a search differ in a few cells: a slider whose stored reach contains
/// none of the cells whose occupancy changed reaches exactly the same cells again, with
/// no slide. Invariant: a cell stamped with the previous evaluation's number holds in
/// `reach` what a piece of `kind[cell]` there reaches under `occ`.
struct ReachMemo {
    /// The occupancy of the evaluation under way, for every side's slides.
    occ: Both,
    /// The number of the current evaluation, and the cells whose occupancy changed since
    /// the previous one.
    evaluation: u64,
    changed: Both,
    stamp: [u64; CELLS],
    kind: [u8; CELLS],
    reach: [Both; CELLS],
}

impl ReachMemo {
    fn new() -> ReachMemo {
        ReachMemo {
            occ: Both::of(0),
            evaluation: 1,
            changed: Both::of(0),
            stamp: [0; CELLS],
            kind: [0; CELLS],
            reach: [Both::of(0); CELLS],
        }
    }

    /// Starts an evaluation under the occupancy `occ`: only the sliders evaluated now
    /// will count as stored for the next one.
    fn begin(&mut self, occ: u128) {
        let occ = Both::of(occ);
        self.changed = Both([self.occ.0[0] ^ occ.0[0], self.occ.0[1] ^ occ.0[1]]);
        self.occ = occ;
        self.evaluation += 1;
    }

    /// The reach of a piece of `kind` on `cell`, from the memo or from `slide`.
    #[inline]
    fn reach(&mut self, kind: usize, cell: usize, slide: impl FnOnce() -> Both) -> Both {
        let stored = self.stamp[cell] + 1 == self.evaluation
            && usize::from(self.kind[cell]) == kind
            && !self.reach[cell].meets(self.changed);
        self.stamp[cell] = self.evaluation;
        if !stored {
            self.kind[cell] = kind as u8;
            self.reach[cell] = slide();
        }
        self.reach[cell]
    }
}

thread_local! {
    static REACH_MEMO: std::cell::RefCell<ReachMemo> = std::cell::RefCell::new(ReachMemo::new());
}

/// What the pieces of one kind contribute to mobility and to the attack on the enemy King.
#[derive(Default)]
struct Reach {
    piece_square: Pair,
    /// Cells reached that are not own and not attacked by an enemy pawn, summed over pieces.
    safe_cells: i32,
    /// Cells of the enemy King zone reached, summed over pieces.
    zone_cells: i32,
    /// Pieces reaching the enemy King zone.
    zone_attackers: usize,
}

/// The cells a piece on `cell` reaches (R17–R22): along the orthogonal lines if `ORTH`,
/// the diagonal ones if `DIAG`, by knight leaps if `LEAP`.
#[inline]
fn reach<const ORTH: bool, const DIAG: bool, const LEAP: bool>(
    e: &EvalTables,
    cell: usize,
    occ: Both,
) -> Both {
    let lines = &e.lines[cell];
    let slides = |lines: &[u128; 6], occ: u128| {
        let along = |range: std::ops::Range<usize>| {
            lines[range]
                .iter()
                .fold(0, |bb, &line| bb | slide_up(line, occ))
        };
        let orthogonal = if ORTH { along(0..3) } else { 0 };
        let diagonal = if DIAG { along(3..6) } else { 0 };
        orthogonal | diagonal
    };
    let mut reached = [
        slides(&lines.up, occ.0[0]),
        slides(&lines.down_reversed, occ.0[1]),
    ];
    if LEAP {
        reached[0] |= e.knight[cell];
    }
    Both(reached)
}

/// Mobility, King-zone attack and piece-square value of the pieces of `kind` on `set`.
/// `boards` holds the occupancy, the cells that count for mobility and the enemy King zone.
fn kind_reach(
    kind: usize,
    e: &EvalTables,
    memo: &mut ReachMemo,
    set: u128,
    piece_square: &[Pair; CELLS],
    boards: [Both; 3],
) -> Reach {
    let pieces = Pieces {
        kind,
        set,
        piece_square,
    };
    match kind {
        QUEEN => moves_reach::<true, true, false>(e, memo, pieces, boards),
        DUKE => moves_reach::<true, false, true>(e, memo, pieces, boards),
        PALADIN => moves_reach::<false, true, true>(e, memo, pieces, boards),
        ROOK => moves_reach::<true, false, false>(e, memo, pieces, boards),
        BISHOP => moves_reach::<false, true, false>(e, memo, pieces, boards),
        _ => moves_reach::<false, false, true>(e, memo, pieces, boards),
    }
}

/// The pieces of one kind of one colour, with their piece-square values.
#[derive(Clone, Copy)]
struct Pieces<'a> {
    kind: usize,
    set: u128,
    piece_square: &'a [Pair; CELLS],
}

/// `kind_reach` for pieces that move as `reach::<ORTH, DIAG, LEAP>` says.
/// Sliders take their reach through the memo; the knight's leaps need no sliding.
fn moves_reach<const ORTH: bool, const DIAG: bool, const LEAP: bool>(
    e: &EvalTables,
    memo: &mut ReachMemo,
    pieces: Pieces,
    [occ, safe, zone]: [Both; 3],
) -> Reach {
    let mut total = Reach::default();
    for cell in bits(pieces.set) {
        total.piece_square += pieces.piece_square[cell];
        let slide = || reach::<ORTH, DIAG, LEAP>(e, cell, occ);
        let reached = if ORTH || DIAG {
            memo.reach(pieces.kind, cell, slide)
        } else {
            slide()
        };
        total.safe_cells += reached.count_within(safe);
        if reached.meets(zone) {
            total.zone_cells += reached.count_within(zone);
            total.zone_attackers += 1;
        }
    }
    total
}

/// The terms of `us`, from its own point of view (without tempo).
fn side_terms(
    sc: &Scoring,
    pos: &Hexmate,
    us: Color,
    pawn_attacks: &[u128; 2],
    memo: &mut ReachMemo,
) -> Terms {
    let mut terms = Terms::default();
    let e = eval_tables();
    let them = 1 - us;
    let own = pos.occupied_by(us);
    let occ = memo.occ;
    let safe = Both::of(!own & !pawn_attacks[them]);
    let zone = Both::of(pos.king(them).map_or(0, |k| e.king_zone[k]));
    let mut attackers = 0;
    let mut attack_weight = 0;
    let mut pieces = 0;
    for kind in QUEEN..=KNIGHT {
        let set = pos.pieces(us, kind);
        let n = count(set);
        terms[MATERIAL] += sc.w.values[kind] * n;
        pieces += n;
        let psq = &sc.piece_square[us][kind];
        let reach = kind_reach(kind, e, memo, set, psq, [occ, safe, zone]);
        terms[PIECE_SQUARE] += reach.piece_square;
        terms[MOBILITY_TERM] += sc.w.mobility[kind] * reach.safe_cells;
        attack_weight += sc.w.king_attack_weight[kind] * reach.zone_cells;
        attackers += reach.zone_attackers;
    }
    // The danger this side creates for the enemy King is booked as this side's bonus,
    // which gives the same difference as a penalty of the enemy.
    let danger = attack_weight * sc.w.attacker_scale[attackers.min(6)] / 16;
    terms[KING_SAFETY] += pair(danger, danger / 4);
    if let Some(king) = pos.king(us) {
        terms[PIECE_SQUARE] += sc.piece_square[us][KING][king];
        let cover = count(tables().adjacent[king] & pos.pieces(us, PAWN)).min(3);
        terms[KING_SAFETY] += sc.w.pawn_cover * cover;
    }
    let borrowed = pos.borrowed_types(us);
    for (has, bonus) in [borrowed.knight, borrowed.bishop, borrowed.rook]
        .into_iter()
        .zip(sc.w.borrowed)
    {
        if has {
            terms[BORROWED_TERM] += bonus;
        }
    }
    let own_pawns = pos.pieces(us, PAWN);
    pieces += count(own_pawns);
    if !has_pieces(pos, them) {
        unstoppable_pawns(sc, pos, us, &mut terms);
    }
    if let Some(danger) = sc.w.baring_danger.get(pieces as usize) {
        terms[BARING] += *danger;
    }
    terms[PIECE_COUNT_TERM] += sc.w.piece_count * pieces;
    terms
}

/// The terms that depend on the two pawn sets alone: material, piece-square values,
/// defended and isolated pawns, passed pawns by rank.
fn pawn_terms(sc: &Scoring, pos: &Hexmate, us: Color, own_attacks: u128, terms: &mut Terms) {
    let e = eval_tables();
    let own_pawns = pos.pieces(us, PAWN);
    let enemy_pawns = pos.pieces(1 - us, PAWN);
    terms[MATERIAL] += sc.w.values[PAWN] * count(own_pawns);
    terms[PAWN_STRUCTURE] += sc.w.pawn_defended * count(own_pawns & own_attacks);
    for cell in bits(own_pawns) {
        terms[PIECE_SQUARE] += sc.piece_square[us][PAWN][cell];
        if e.near[cell] & own_pawns == 0 {
            terms[PAWN_STRUCTURE] += sc.w.pawn_isolated;
        }
        if is_passed(us, cell, enemy_pawns) {
            terms[PASSED_TERM] += sc.w.passed[e.rank[e.relative[us][cell]] as usize];
        }
    }
}

/// Whether no enemy pawn stands in front of a pawn of `us` on `cell` or guards its path.
fn is_passed(us: Color, cell: usize, enemy_pawns: u128) -> bool {
    eval_tables().front[us][cell] & enemy_pawns == 0
}

/// Whether `color` has pieces besides pawns and King.
fn has_pieces(pos: &Hexmate, color: Color) -> bool {
    pos.occupied_by(color) & !(pos.pieces(color, PAWN) | pos.pieces(color, KING)) != 0
}

/// Passed pawns the enemy King cannot catch, when the enemy has only King and pawns.
fn unstoppable_pawns(sc: &Scoring, pos: &Hexmate, us: Color, terms: &mut Terms) {
    let e = eval_tables();
    let enemy_pawns = pos.pieces(1 - us, PAWN);
    for cell in bits(pos.pieces(us, PAWN)) {
        let rank = e.rank[e.relative[us][cell]];
        if is_passed(us, cell, enemy_pawns) && outruns_king(pos, us, cell, rank) {
            terms[PASSED_TERM] += sc.w.unstoppable;
        }
    }
}

/// Rule of the square on the hexagon: the pawn needs `12 − rank` moves; the enemy King
/// (stepping only, since its army has no lenders) must reach one of the pawn's promotion
/// cells first. Counted from the nearest promotion cell, so a win is never claimed too
/// early, with a move less for the King when it is to move.
fn outruns_king(pos: &Hexmate, us: Color, cell: usize, rank: i32) -> bool {
    let Some(king) = pos.king(1 - us) else {
        return true;
    };
    let hex = &tables().hex;
    let pawn_moves = 12 - rank;
    let king_moves = bits(eval_tables().promotion_cells[us][cell])
        .map(|target| hex.distance(king, target))
        .min()
        .unwrap_or(0);
    let tempo = i32::from(pos.side() != us);
    king_moves - tempo > pawn_moves
}

impl Tunable<Hexmate> for HexmateEval {
    type Weights = Weights;
    type Scoring = Scoring;
    const FILE: &'static str = "evaluation/src/hexmate/weights.rs";
    const SOURCE: &'static str = include_str!("hexmate/weights.rs");
    fn weights() -> Weights {
        WEIGHTS
    }
    fn scoring(weights: Weights) -> Scoring {
        Scoring::new(weights)
    }
    fn seat_scores(scoring: &Scoring, pos: &Hexmate) -> SeatScores {
        two_seats(white_view_with(scoring, pos))
    }
}

impl Evaluator<Hexmate> for HexmateEval {
    fn evaluate_seats(&self, pos: &Hexmate) -> SeatScores {
        two_seats(self.white_view(pos))
    }

    fn explain(&self, pos: &Hexmate) -> String {
        let sc = scoring();
        let b = breakdown(sc, pos);
        let mut out = String::new();
        let _ = writeln!(
            out,
            "{:<16}|{:>8}{:>8} |{:>8}{:>8} |{:>8}{:>8} |{:>8}",
            "term", "white mg", "eg", "black mg", "eg", "diff mg", "eg", "total"
        );
        for (i, name) in TERM_NAMES.iter().enumerate() {
            let (w, k) = (b.terms[WHITE][i], b.terms[BLACK][i]);
            let diff = w - k;
            let _ = writeln!(
                out,
                "{name:<16}|{:>8}{:>8} |{:>8}{:>8} |{:>8}{:>8} |{:>8}",
                w.mg,
                w.eg,
                k.mg,
                k.eg,
                diff.mg,
                diff.eg,
                b.taper(diff)
            );
        }
        let _ = writeln!(
            out,
            "phase {} of {} (middlegame share); total {} cp for White, {} cp for the side to move",
            b.phase,
            PHASE_TOTAL,
            b.white_view(),
            self.evaluate(pos)
        );
        out
    }

    fn capture_value(&self, pos: &Hexmate, mv: Move) -> i32 {
        let sc = scoring();
        if mv.is_placement() {
            return 0;
        }
        let victim = pos
            .piece_at(mv.to())
            .map_or(0, |(_, kind)| sc.w.values[kind].mg);
        let promotion = mv
            .promotion_kind()
            .map_or(0, |kind| sc.w.values[kind].mg - sc.w.values[PAWN].mg);
        victim + promotion
    }

    fn moving_piece_value(&self, pos: &Hexmate, mv: Move) -> i32 {
        let sc = scoring();
        if mv.is_placement() {
            return 0;
        }
        match pos.piece_at(mv.from()) {
            // The King risks nothing by capturing (it is never captured) but recaptures
            // against it are illegal only by check: order it after every other piece.
            Some((_, KING)) => sc.w.values[QUEEN].mg + 100,
            Some((_, kind)) => sc.w.values[kind].mg,
            None => 0,
        }
    }

    fn is_losing_capture(&self, pos: &Hexmate, mv: Move) -> bool {
        let sc = scoring();
        if mv.is_placement() || mv.promotion_kind().is_some() {
            return false;
        }
        let attacker = match pos.piece_at(mv.from()) {
            Some((_, KING)) | None => return false,
            Some((_, kind)) => sc.w.values[kind].mg,
        };
        let victim = pos
            .piece_at(mv.to())
            .map_or(0, |(_, kind)| sc.w.values[kind].mg);
        attacker > victim && pos.is_attacked(mv.to(), 1 - pos.side())
    }

    fn has_non_pawn_material(&self, pos: &Hexmate) -> bool {
        has_pieces(pos, pos.side())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use engine::game::Game;
    use engine::variants::hexmate::Ruleset;
    use rand::rngs::StdRng;
    use rand::{Rng, SeedableRng};

    /// The search's evaluation (pawn terms from the pawn cache, slider reach from the
    /// memo, each on a miss and on a hit) equals the sum of the terms `eval` prints, which
    /// are computed from scratch. Two seeded random games advance and take moves back in
    /// turn, so consecutive evaluations differ by one move or by a whole game.
    #[test]
    fn cached_terms_give_the_full_breakdown() {
        let sc = scoring();
        let mut rng = StdRng::seed_from_u64(7);
        for _ in 0..10 {
            let mut games = [0, 1].map(|_| (Hexmate::start(&Ruleset::Hexmate), 0));
            for _ in 0..300 {
                let (pos, made) = &mut games[rng.gen_range(0..2)];
                let expected = breakdown(sc, pos).white_view();
                assert_eq!(
                    HexmateEval.white_view(pos),
                    expected,
                    "{}",
                    pos.position_string()
                );
                assert_eq!(HexmateEval.white_view(pos), expected);
                let mut moves = Default::default();
                pos.generate_moves(&mut moves);
                if *made > 0 && (moves.is_empty() || rng.gen_bool(0.3)) {
                    pos.unmake_move();
                    *made -= 1;
                } else if !moves.is_empty() {
                    pos.make_move(moves[rng.gen_range(0..moves.len())]);
                    *made += 1;
                }
            }
        }
    }

    /// The reach counted through reversed lines equals the count of the cells the
    /// geometry's own per-direction slides and leaps reach, for every piece along seeded
    /// random games and every mask the evaluation counts within.
    #[test]
    fn reach_counts_match_the_geometry_slides() {
        let hex = &tables().hex;
        let e = eval_tables();
        let mut rng = StdRng::seed_from_u64(11);
        for _ in 0..10 {
            let mut pos = Hexmate::start(&Ruleset::Hexmate);
            for _ in 0..100 {
                let occ = pos.occupied_by(WHITE) | pos.occupied_by(BLACK);
                let mask = rng.gen::<u128>() & hex.all();
                for (kind, orth, diag, leap) in [
                    (QUEEN, true, true, false),
                    (DUKE, true, false, true),
                    (PALADIN, false, true, true),
                    (ROOK, true, false, false),
                    (BISHOP, false, true, false),
                    (KNIGHT, false, false, true),
                ] {
                    let set = pos.pieces(WHITE, kind) | pos.pieces(BLACK, kind);
                    for cell in bits(set) {
                        let directions = (0..12).filter(|&d| if d < 6 { orth } else { diag });
                        let mut expected = directions.fold(0, |bb, d| bb | hex.slide(d, cell, occ));
                        if leap {
                            expected |= hex.knight(cell);
                        }
                        let boards = [Both::of(occ), Both::of(mask), Both::of(0)];
                        let psq = [Pair::default(); CELLS];
                        let memo = &mut ReachMemo::new();
                        let reach = kind_reach(kind, e, memo, 1 << cell, &psq, boards);
                        assert_eq!(reach.safe_cells, count(expected & mask));
                    }
                }
                let mut moves = Default::default();
                pos.generate_moves(&mut moves);
                if moves.is_empty() {
                    break;
                }
                pos.make_move(moves[rng.gen_range(0..moves.len())]);
            }
        }
    }

    #[test]
    fn pawn_entries_pack_into_five_words() {
        let entry = PawnEntry {
            attacks: [1 << 126 | 5, u128::MAX >> 1],
            totals: [pair(-32768, 32767), pair(0, -1)],
        };
        assert_eq!(pack(entry).map(unpack), Some(entry));
        let too_big = PawnEntry {
            totals: [pair(40_000, 0), pair(0, 0)],
            ..entry
        };
        assert_eq!(pack(too_big), None);
    }
}
