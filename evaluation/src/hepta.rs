//! The Hepta evaluator (`docs/rules/hepta.md`).
//!
//! The spec gives no piece values; the weights below are estimates from the rules and
//! the seed's design notes, in centipawns of one Knight = 100. Each term is computed per
//! side and the score is White's minus Black's, negated for Black to move.

use crate::terms::colour_table;
use engine::bitboard::Bitboard;
use engine::geometry::hepta::{axial, hepta_board};
use engine::search::multiplayer::SeatScores;
use engine::search::{two_seats, Evaluator};
use engine::variants::hepta::{
    Colour, Hepta, Move, Piece, Side, State, BACKWARD, BERSERKS, BLACK, COLOURS, ELIMINATE, KINGS,
    KNIGHTS, LIFE, MASTERS, POWER, RECEIVE, TACTIC, WHITE,
};

crate::weights! {
    /// The Hepta evaluation's weights in centipawns of one Knight = 100; their values are
    /// in `weights.rs`.
    pub struct Weights {
        /// The Knight is the only fighting piece (seed: "only the Knights are generally
        /// fighting pieces"): the unit of the scale.
        pub knight: i32,
        /// An ordinary King never fights but unlocks its colour's Temple moves, Heptagram
        /// moves, summons and elimination (R47, R56–R67): worth more than one Knight.
        pub king: i32,
        /// A Soul Master raises every Pillar's capacity by one (R45) and moves Souls (R42),
        /// and it can become any free King as a move (R55): worth a little more than a King,
        /// so that the search does not trade one for a King without a reason.
        pub soul_master: i32,
        /// Per Knight of the colour on the board: what each enemy Knight or King the
        /// Knight's colour may capture (neither its own colour nor at peace, R24) adds; a
        /// colour's army is strong when the Heptagram leaves it many targets (seed: "four
        /// out of the seven").
        pub diplomacy_target: i32,
        /// A Soul on Receive: the raw material of Temple and Heptagram moves (R56–R61).
        pub receive_soul: i32,
        /// A Power Soul: a base, plus per Knight of the colour it empowers (more jump
        /// colours, R22).
        pub power_soul: i32,
        pub power_per_knight: i32,
        /// A Tactic Soul: a base, plus per Knight of the colour (backward moves, R25).
        pub tactic_soul: i32,
        pub tactic_per_knight: i32,
        /// A Life Soul is a Knight in reserve (R65), if the King of its colour lives.
        pub life_soul: i32,
        /// Per Pillar of Power, Life and Tactic holding a colour: a step towards
        /// eliminating it (R57 needs all three).
        pub pillar_progress: i32,
        /// A colour on Eliminate with its King alive: the elimination is one move away and
        /// wipes out the opponent's Knights and King of that colour (R67, R68).
        pub elimination_ready: i32,
        /// Per step towards eliminating a colour whose King we have (the Power, Life and
        /// Tactic Pillars, then Eliminate ready), per enemy Knight or King of the colour
        /// it would remove beyond our own Knights of it (R68).
        pub elimination_victim: i32,
        /// A berserk King: a long-range Knight hunter (R35–R37) for as long as its stack
        /// lasts (R38), a base plus per Soul of its stack; the seed: "A berserking King can
        /// decide a game".
        pub berserk: i32,
        pub berserk_per_soul: i32,
        /// Per enemy Knight a berserk King could capture now.
        pub berserk_threat: i32,
        /// Per ordinary move of Knights, Kings, berserk Kings and Soul Master steps.
        pub mobility: i32,
        /// The side to move's initiative.
        pub tempo: i32,
        /// Against lone Kings (an enemy without Knights or berserk Kings), who lose once
        /// they have no legal ply (R90): per pair of our Knight and enemy King that the
        /// Knight may capture (R24) and can come at: the King stands in its forward cone
        /// (R26, R27: a Knight captures only forwards), or a Tactic Soul of the Knight's
        /// colour lets it walk round behind the King (R25).
        pub hunter: i32,
        /// Against lone Kings: per step by which the nearest Knight hunting each enemy King
        /// is nearer than `NO_HUNTER` steps (0 when none hunts it).
        pub hunter_closeness: i32,
        /// Against lone Kings: per direction in which an enemy King has no empty cell to
        /// step to (R31); hemmed in, the Kings run out of plies (R90).
        pub king_confinement: i32,
        /// Against lone Kings: per direction in which an enemy Soul Master has no empty
        /// cell to step to (R41). A free Soul Master always has a ply, and a boxed one's
        /// last plies turn it into a King (R55); the Knights take either (R24).
        pub master_confinement: i32,
        /// For the side ahead in Knights and Kings: per enemy piece one of our Knights may
        /// capture (R24: Knights, Kings, Soul Masters and berserk Kings, R70), per step by
        /// which the nearest such Knight that can come at it (in its forward cone, or from
        /// behind with a Tactic Soul of its colour, R25) is nearer than `NO_HUNTER` steps,
        /// at a lead of `pursuit_full_lead` or more (less in proportion below it). A Knight
        /// captures only forwards (R26, R27) and a side loses only when it has no ply left
        /// (R90), so a lead is won by keeping Knights in front of every enemy piece and
        /// closing in, never by Knights that ran past them, unless a Tactic Soul lets them
        /// walk back.
        pub pursuit: i32,
        /// For the side ahead in Knights and Kings: per enemy Knight, King and Soul Master
        /// fewer than `FULL_ARMY`, at a lead of `pursuit_full_lead` or more (less in
        /// proportion below it). Knights capture one another on the same terms (R24 is
        /// symmetric and a forward cone of one side is the other's), so a side ahead wins
        /// by trading down to an enemy who has no ply left (R90).
        pub simplify: i32,
        /// For the side ahead in Knights and Kings: per own Knight that has no enemy piece
        /// it may capture (R24) in its forward cone, at a lead of `pursuit_full_lead` or more
        /// (less in proportion below it), a penalty. Such a Knight can never capture again
        /// (R26, R27) unless a Tactic Soul lets it walk back (R25): the side ahead keeps its
        /// Knights behind the enemy's last pieces, and turns the spent ones into Souls for
        /// its Temple (R78, R79). A Knight that could walk back still counts here (`pursuit`
        /// counts its steps round): not counting it slowed the conversions of
        /// evaluation/tests/conversion.rs (docs/training.md).
        pub spent_knight: i32,
        /// For the side ahead: per half hex of its march towards three Soul Masters (its
        /// Soul Master nearest to its promotion zone, R11, and a whole `ZONE_FAR` for each
        /// further one), at a lead of `pursuit_full_lead` or more (less in proportion below
        /// it). In the zone a Soul Master duplicates (R85); with three the loser has no Soul
        /// Master Recovery (R86) and loses once it has no other ply (R90), and each one
        /// raises the Temple's capacity (R45), without which the Pillars fill and the
        /// Temple stands still.
        pub master_march: i32,
        /// For the side ahead: per half hex that its Kings still have to walk to their
        /// promotion zone (R11) to steal the enemy's Tactic Souls (R81), for each colour on
        /// the enemy's Tactic Pillar with enemy Knights of that colour on the board, at a
        /// lead of `pursuit_full_lead` or more (less in proportion below it). Such Knights
        /// walk back (R25) out of reach of Knights that capture only forwards (R27); without
        /// the Soul they can only run forwards to their own zone and stand there.
        pub thief: i32,
        /// For the side ahead in Knights and Kings while the enemy still has Knights or
        /// berserk Kings: per direction in which an enemy King or Soul Master has no empty
        /// cell to step to (R31, R41), at a lead of `pursuit_full_lead` or more (less in
        /// proportion below it). The side behind keeps its plies (R90) with King steps
        /// long after its Knights are spent; boxing its Kings in early shortens the end.
        pub boxing: i32,
        /// For the side ahead in Knights and Kings while the enemy still has Knights or
        /// berserk Kings: per ordinary move fewer than `FEW_MOVES` that the enemy has (the
        /// moves `mobility` counts; lone Kings are `king_hunt`'s), at a lead of
        /// `pursuit_full_lead` or more (less in proportion below it). A side with no ply
        /// loses (R90): at the end of a long game the side behind keeps a handful of King
        /// steps and Knight moves, and each one taken away is a step towards the win that
        /// the search can count. Counting all of its moves (`squeeze`, tried) pulled the
        /// leader's play long before the end (docs/training.md).
        pub few_moves: i32,
        /// The lead in centipawns of material at which `pursuit`, `simplify`, `spent_knight`,
        /// `master_march`, `thief`, `boxing` and `few_moves` count fully.
        pub pursuit_full_lead: i32,
    }
}

mod weights;
pub use weights::WEIGHTS;

/// More steps than any forward path on the board has (R1: 15 files of at most 9 hexes):
/// `hunter_closeness` and `pursuit` count from here.
const NO_HUNTER: i32 = 16;

const TERM_NAMES: [&str; 10] = [
    "material",
    "diplomacy",
    "soul masters",
    "temple",
    "elimination",
    "berserk",
    "mobility",
    "tempo",
    "king hunt",
    "pursuit",
];

/// One side's terms in centipawns, in `TERM_NAMES` order.
type Terms = [i32; 10];

/// The Hepta evaluator.
#[derive(Clone, Copy, Debug, Default)]
pub struct HeptaEval;

fn has(set: u8, colour: Colour) -> bool {
    set & (1 << colour) != 0
}

/// The colour of each piece in `cells`, counted.
fn by_colour(s: &State, cells: u128) -> [i32; COLOURS] {
    let mut counts = [0; COLOURS];
    for cell in cells.cells() {
        if let Some(c) = s.piece_at(cell).and_then(Piece::colour) {
            counts[usize::from(c)] += 1;
        }
    }
    counts
}

/// R24 by colour: the enemy Knights and Kings each of `us`'s Knight colours may capture.
fn diplomacy(w: &Weights, s: &State, knights: &[i32; COLOURS], us: Side) -> i32 {
    let them = 1 - us;
    let targets = by_colour(s, s.pieces(them, KNIGHTS) | s.pieces(them, KINGS));
    (0..COLOURS as Colour)
        .map(|c| {
            let capturable: i32 = (0..COLOURS as Colour)
                .filter(|&d| d != c && !s.at_peace(c, d))
                .map(|d| targets[usize::from(d)])
                .sum();
            knights[usize::from(c)] * capturable * w.diplomacy_target
        })
        .sum()
}

fn temple(w: &Weights, s: &State, knights: &[i32; COLOURS], us: Side) -> i32 {
    let pillars = |p: usize| s.pillar(us, p);
    let kings = s.king_colours(us);
    (0..COLOURS as Colour)
        .map(|c| {
            let k = knights[usize::from(c)];
            let mut value = 0;
            if has(pillars(RECEIVE), c) {
                value += w.receive_soul;
            }
            if has(pillars(POWER), c) {
                value += w.power_soul + w.power_per_knight * k;
            }
            if has(pillars(TACTIC), c) {
                value += w.tactic_soul + w.tactic_per_knight * k;
            }
            if has(pillars(LIFE), c) && has(kings, c) {
                value += w.life_soul;
            }
            value
        })
        .sum()
}

/// Pillar progress towards elimination (R57, R67), and what each step is worth by the
/// enemy pieces the elimination would wipe out (R68: the enemy Knights and King of the
/// colour, wherever they stand, less our own Knights of it). Knights capture only
/// forwards (R26, R27), so an enemy piece behind our Knights can be taken by nothing
/// else but a berserk King; elimination is how a side far ahead forces the last of them.
fn elimination(w: &Weights, s: &State, knights: &[i32; COLOURS], us: Side) -> i32 {
    let kings = s.king_colours(us);
    let them = 1 - us;
    let enemies = by_colour(s, s.pieces(them, KNIGHTS) | s.pieces(them, KINGS));
    (0..COLOURS as Colour)
        .map(|c| {
            let progress = [POWER, LIFE, TACTIC]
                .iter()
                .filter(|&&p| has(s.pillar(us, p), c))
                .count() as i32;
            let ready = has(s.pillar(us, ELIMINATE), c) && has(kings, c);
            let steps = progress + i32::from(ready);
            let victims = (enemies[usize::from(c)] - knights[usize::from(c)]).max(0);
            let payoff = if has(kings, c) {
                w.elimination_victim * victims * steps
            } else {
                0
            };
            w.pillar_progress * progress + if ready { w.elimination_ready } else { 0 } + payoff
        })
        .sum()
}

/// Berserk Kings: their stacks and the enemy Knights they could capture now (R36).
fn berserk(w: &Weights, s: &State, us: Side) -> i32 {
    let board = hepta_board();
    s.pieces(us, BERSERKS)
        .cells()
        .map(|cell| {
            let stack = s
                .piece_at(cell)
                .and_then(Piece::colour)
                .map_or(0, |c| i32::from(s.stack(c)));
            let threats = board.rays[cell]
                .iter()
                .filter_map(|ray| {
                    ray.iter()
                        .find_map(|&c| s.piece_at(usize::from(c)))
                        .filter(|p| matches!(p, Piece::Knight(owner, _) if *owner != us))
                })
                .count() as i32;
            w.berserk + w.berserk_per_soul * stack + w.berserk_threat * threats
        })
        .sum()
}

/// The axial coordinates of `cell` (R6).
fn axial_of(cell: usize) -> (i32, i32) {
    let (file, rank) = hepta_board().file_rank[cell];
    axial(usize::from(file), usize::from(rank))
}

/// The forward steps a Knight of `us` on `from` needs to reach `to`, if `to` lies in its
/// forward cone: White's forward directions N, NE, NW are the axial steps (0, 1), (1, 0)
/// and (−1, 1) (R7, R12), so it reaches exactly the offsets with `dr ≥ 0` and
/// `dq + dr ≥ 0`, in as many steps as the hex distance; Black's are their opposites.
fn forward_steps(us: Side, from: usize, to: usize) -> Option<i32> {
    let ((q0, r0), (q1, r1)) = (axial_of(from), axial_of(to));
    let (dq, dr) = if us == WHITE {
        (q1 - q0, r1 - r0)
    } else {
        (q0 - q1, r0 - r1)
    };
    (dr >= 0 && dq + dr >= 0).then(|| hex_distance(from, to))
}

/// The hex distance between two cells (R6).
fn hex_distance(from: usize, to: usize) -> i32 {
    let ((q0, r0), (q1, r1)) = (axial_of(from), axial_of(to));
    let (dq, dr) = (q1 - q0, r1 - r0);
    (dq.abs() + dr.abs() + (dq + dr).abs()) / 2
}

/// The steps a Knight of `us` and colour `c` on `from` needs to capture on `target`
/// (capped at `NO_HUNTER`): its forward steps when `target` lies in its forward cone
/// (R26); otherwise, if our Tactic Pillar holds a Soul of `c`, the Knight may also step
/// backwards (R25) though it still captures only forwards (R27), so it walks round to
/// come at `target` from behind (`open_behind`): the hex distance and two steps more;
/// else never.
fn capture_steps(s: &State, us: Side, from: usize, c: Colour, target: usize) -> Option<i32> {
    let walk_round = || {
        (has(s.pillar(us, TACTIC), c) && open_behind(s, us, target))
            .then(|| hex_distance(from, target) + 2)
    };
    forward_steps(us, from, target)
        .or_else(walk_round)
        .map(|steps| steps.min(NO_HUNTER))
}

/// Whether a Knight of `us` can come at `target` from behind. A Knight captures only with
/// a forward step or jump (R26, R27), so it must reach a hex behind `target` (in one of
/// our backward directions). The long-file hexes of our back rank have none, so no Knight
/// of ours ever takes an enemy piece there; and a hex behind that holds such a piece is
/// closed while it stands (enemy Knights that ran to their zone, R11, stand there with no
/// forward step left, R26).
fn open_behind(s: &State, us: Side, target: usize) -> bool {
    let them = 1 - us;
    hexes_behind(us, target).any(|hex| {
        let held_for_good = s.piece_at(hex).and_then(Piece::owner) == Some(them)
            && hexes_behind(us, hex).next().is_none();
        !held_for_good
    })
}

/// The hexes behind `cell` from `us`'s view (R10).
fn hexes_behind(us: Side, cell: usize) -> impl Iterator<Item = usize> {
    BACKWARD[us]
        .iter()
        .filter_map(move |&d| hepta_board().step(cell, d))
}

/// The hunt of lone enemy Kings and Soul Masters (`hunter`, `hunter_closeness`,
/// `king_confinement`, `master_confinement`); 0 while the enemy has a Knight or a berserk
/// King.
fn king_hunt(w: &Weights, s: &State, us: Side) -> i32 {
    let them = 1 - us;
    if s.pieces(them, KNIGHTS) | s.pieces(them, BERSERKS) != 0 {
        return 0;
    }
    let hunters = knights_of(s, us);
    s.pieces(them, KINGS)
        .cells()
        .map(|king| {
            let (count, nearest) = hunt_of(s, us, &hunters, king);
            w.hunter * count
                + w.hunter_closeness * (NO_HUNTER - nearest)
                + w.king_confinement * blocked_directions(s, king)
        })
        .sum::<i32>()
        + s.pieces(them, MASTERS)
            .cells()
            .map(|master| w.master_confinement * blocked_directions(s, master))
            .sum::<i32>()
}

/// `us`'s Knights with their colours.
fn knights_of(s: &State, us: Side) -> Vec<(usize, Colour)> {
    s.pieces(us, KNIGHTS)
        .cells()
        .filter_map(|cell| s.piece_at(cell).and_then(Piece::colour).map(|c| (cell, c)))
        .collect()
}

/// How many of `hunters` may capture the enemy piece on `target` (R24) and can come at
/// it (`capture_steps`), and the steps of the nearest (`NO_HUNTER` when none).
fn hunt_of(s: &State, us: Side, hunters: &[(usize, Colour)], target: usize) -> (i32, i32) {
    let victim = s.piece_at(target);
    hunters
        .iter()
        .filter(|&&(_, c)| may_capture(s, c, victim))
        .filter_map(|&(cell, c)| capture_steps(s, us, cell, c, target))
        .fold((0, NO_HUNTER), |(n, near), d| (n + 1, near.min(d)))
}

/// Whether a Knight of colour `c` may capture the enemy piece `victim` (R24): Soul
/// Masters and berserk Kings always, Knights and Kings of neither its colour nor one at
/// peace with it.
fn may_capture(s: &State, c: Colour, victim: Option<Piece>) -> bool {
    match victim {
        Some(Piece::Knight(_, d) | Piece::King(_, d)) => c != d && !s.at_peace(c, d),
        _ => true,
    }
}

/// How many of `hunters` have none of the enemy pieces on `targets` that they may capture
/// (R24) in their forward cone.
fn spent_knights(s: &State, us: Side, hunters: &[(usize, Colour)], targets: u128) -> i32 {
    hunters
        .iter()
        .filter(|&&(cell, c)| {
            !targets.cells().any(|target| {
                may_capture(s, c, s.piece_at(target)) && forward_steps(us, cell, target).is_some()
            })
        })
        .count() as i32
}

/// The height of the board in half hexes between the two promotion zones (R2, R11).
const ZONE_FAR: i32 = 16;

/// How far a Soul Master or King of `us` on `cell` stands from its promotion zone (R11),
/// rank 9 of the long files for White and rank 1 for Black, in half hexes (R2): a
/// long-file cell of rank k stands at height 2k and a short-file one at 2k + 1, the zones
/// at 18 and 2, and a step N or S changes the height by 2, the other four directions by 1
/// (R7). Every step towards the zone counts, a step N twice.
fn zone_distance(us: Side, cell: usize) -> i32 {
    let (file, rank) = hepta_board().file_rank[cell];
    let height = 2 * i32::from(rank) + i32::from(file % 2 == 0);
    if us == WHITE {
        18 - height
    } else {
        height - 2
    }
}

/// How far `us` has come towards the three Soul Masters that close the enemy's Soul Master
/// Recovery (R86), in half hexes: the Soul Master nearest to its zone counts the half hexes
/// by which it is nearer than `ZONE_FAR`, and each further one a whole march, for a
/// duplication (R85) needs only one in the zone. Three count as three whole marches, so
/// that every duplication gains: counting nothing at three made the last one a loss, and
/// the side ahead left two Soul Masters in the zone for hundreds of plies (docs/training.md).
fn master_march(s: &State, us: Side) -> i32 {
    let masters = s.masters(us) as i32;
    if masters >= 3 {
        return 3 * ZONE_FAR;
    }
    s.pieces(us, MASTERS)
        .cells()
        .map(|cell| ZONE_FAR - zone_distance(us, cell))
        .max()
        .map_or(0, |nearest| ZONE_FAR * (masters - 1) + nearest)
}

/// The half hexes `us`'s Kings still have to walk to steal the enemy's Tactic Souls of the
/// colours that have enemy Knights on the board: to its zone for each, where an ordinary
/// King steals a Soul of its own colour (R81), and a whole march more where the enemy's
/// Eliminate Pillar holds the colour too, for R81 steals from Tactic only once Eliminate
/// holds none of it (from Eliminate always), and each steal sends the King back to its
/// file's backwardmost hex (R80). A colour whose King `us` lacks counts whole marches.
fn thief_walk(s: &State, us: Side) -> i32 {
    let them = 1 - us;
    (0..COLOURS as Colour)
        .filter(|&c| has(s.pillar(them, TACTIC), c) && s.knights_of(them, c) > 0)
        .map(|c| {
            let walk = s
                .ordinary_king(us, c)
                .map_or(ZONE_FAR, |cell| zone_distance(us, cell));
            let second_steal = if has(s.pillar(them, ELIMINATE), c) {
                ZONE_FAR
            } else {
                0
            };
            walk + second_steal
        })
        .sum()
}

/// The enemy's ordinary moves below which `few_moves` counts.
const FEW_MOVES: i32 = 8;

/// A side's Knights, Kings and Soul Masters at the start (R49).
const FULL_ARMY: i32 = 31;

/// The side ahead's plan to convert its lead: the pursuit of every enemy piece, its wish
/// to trade down, its spent Knights, its Soul Masters' march, its Kings' walk to steal the
/// enemy's Tactic Souls, the enemy Kings and Soul Masters boxed in and the enemy's last
/// moves (`pursuit`, `simplify`, `spent_knight`, `master_march`, `thief`, `boxing`,
/// `few_moves`, `pursuit_full_lead`): `lead` is our material minus theirs, `their_moves`
/// the enemy's ordinary moves.
fn pursuit(w: &Weights, s: &State, us: Side, lead: i32, their_moves: i32) -> i32 {
    if lead <= 0 || w.pursuit_full_lead <= 0 {
        return 0;
    }
    let them = 1 - us;
    let hunters = knights_of(s, us);
    let army = s.pieces(them, KNIGHTS) | s.pieces(them, KINGS) | s.pieces(them, MASTERS);
    let fighters = s.pieces(them, KNIGHTS) | s.pieces(them, BERSERKS);
    let spent = spent_knights(s, us, &hunters, army | s.pieces(them, BERSERKS));
    // Lone Kings and Soul Masters are `king_hunt`'s to hunt and box in, and their last
    // moves too.
    let (boxable, short_of_moves) = if fighters == 0 {
        (0, 0)
    } else {
        (
            s.pieces(them, KINGS) | s.pieces(them, MASTERS),
            (FEW_MOVES - their_moves).max(0),
        )
    };
    let closeness: i32 = (fighters | boxable | s.pieces(them, MASTERS))
        .cells()
        .map(|target| NO_HUNTER - hunt_of(s, us, &hunters, target).1)
        .sum();
    let traded = (FULL_ARMY - army.count() as i32).max(0);
    let boxed: i32 = boxable
        .cells()
        .map(|cell| blocked_directions(s, cell))
        .sum();
    (w.pursuit * closeness + w.simplify * traded - w.spent_knight * spent
        + w.master_march * master_march(s, us)
        - w.thief * thief_walk(s, us)
        + w.boxing * boxed
        + w.few_moves * short_of_moves)
        * lead.min(w.pursuit_full_lead)
        / w.pursuit_full_lead
}

/// The directions in which `cell` has no empty neighbour (an occupied hex or the edge):
/// where a King (R31) or a Soul Master (R41) cannot step.
fn blocked_directions(s: &State, cell: usize) -> i32 {
    6 - (hepta_board().adjacent[cell] & !s.occupied()).count() as i32
}

/// `side`'s Knights and ordinary Kings in centipawns.
fn material(w: &Weights, s: &State, side: Side) -> i32 {
    w.knight * s.pieces(side, KNIGHTS).count() as i32
        + w.king * s.pieces(side, KINGS).count() as i32
}

/// Both sides' terms, White's first; each side's ordinary moves are counted once.
fn both_sides(w: &Weights, s: &State) -> [Terms; 2] {
    let moves = [WHITE, BLACK].map(|side| s.mobility(side) as i32);
    [WHITE, BLACK].map(|us| side_terms(w, s, us, moves))
}

fn side_terms(w: &Weights, s: &State, us: Side, moves: [i32; 2]) -> Terms {
    let knights = by_colour(s, s.pieces(us, KNIGHTS));
    let own = material(w, s, us);
    let lead = own - material(w, s, 1 - us);
    [
        own,
        diplomacy(w, s, &knights, us),
        w.soul_master * s.masters(us) as i32,
        temple(w, s, &knights, us),
        elimination(w, s, &knights, us),
        berserk(w, s, us),
        w.mobility * moves[us],
        if s.side() == us { w.tempo } else { 0 },
        king_hunt(w, s, us),
        pursuit(w, s, us, lead, moves[1 - us]),
    ]
}

/// The value of the piece on `cell` for capture ordering.
fn piece_value(w: &Weights, s: &State, cell: usize) -> i32 {
    match s.piece_at(cell) {
        Some(Piece::Knight(..)) => w.knight,
        Some(Piece::King(..)) => w.king,
        Some(Piece::Master(_)) => w.soul_master,
        Some(Piece::Berserk(_, c)) => w.berserk + w.berserk_per_soul * i32::from(s.stack(c)),
        Some(Piece::Soul(_)) => w.receive_soul,
        None => 0,
    }
}

impl HeptaEval {
    /// The evaluation from White's point of view.
    pub fn white_view(&self, pos: &Hepta) -> i32 {
        white_view_with(&WEIGHTS, pos)
    }
}

/// The evaluation from White's point of view with the weights `w`.
pub fn white_view_with(w: &Weights, pos: &Hepta) -> i32 {
    let s = pos.state();
    let [white, black] = both_sides(w, s);
    white.iter().sum::<i32>() - black.iter().sum::<i32>()
}

crate::weights::tunable!(HeptaEval, Hepta, "hepta/weights.rs", |w, pos| {
    two_seats(white_view_with(w, pos))
});

impl Evaluator<Hepta> for HeptaEval {
    fn evaluate_seats(&self, pos: &Hepta) -> SeatScores {
        two_seats(self.white_view(pos))
    }

    fn explain(&self, pos: &Hepta) -> String {
        let w = &WEIGHTS;
        let s = pos.state();
        let [white, black] = both_sides(w, s);
        let (white_total, to_move) = (self.white_view(pos), self.evaluate(pos));
        colour_table(&TERM_NAMES, &white, &black, white_total, to_move)
    }

    fn capture_value(&self, pos: &Hepta, mv: Move) -> i32 {
        let w = &WEIGHTS;
        let s = pos.state();
        match mv {
            // R70: a converted berserk King changes sides; the capturing Knight dies.
            Move::Board { from, to } => match s.piece_at(usize::from(to)) {
                Some(Piece::Berserk(..)) => 2 * piece_value(w, s, usize::from(to)) - w.knight,
                _ if matches!(s.piece_at(usize::from(from)), Some(Piece::Soul(_))) => 0,
                _ => piece_value(w, s, usize::from(to)),
            },
            Move::Eliminate { .. } => w.elimination_ready,
            Move::Steal { .. } => w.receive_soul,
            _ => 0,
        }
    }

    fn moving_piece_value(&self, pos: &Hepta, mv: Move) -> i32 {
        let w = &WEIGHTS;
        match mv {
            Move::Board { from, .. } => piece_value(w, pos.state(), usize::from(from)),
            _ => 0,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use engine::game::Game;
    use engine::variants::hepta::START;

    fn read(text: &str) -> Hepta {
        Hepta::from_position_string(text, &()).expect("valid")
    }

    #[test]
    fn the_default_start_is_balanced_but_for_the_tempo() {
        let w = &WEIGHTS;
        let pos = read(START);
        assert_eq!(HeptaEval.white_view(&pos), w.tempo);
        assert_eq!(
            HeptaEval.evaluate(&read(&START.replace(" w ", " b "))),
            w.tempo
        );
        // E2: 47 Knight moves a side; Kings and Soul Masters are boxed in.
        for side in [WHITE, BLACK] {
            assert_eq!(both_sides(w, pos.state())[side][6], 47 * w.mobility);
        }
        let explained = HeptaEval.explain(&pos);
        for name in TERM_NAMES {
            assert!(explained.contains(name), "{name}");
        }
    }

    #[test]
    fn a_knight_more_is_better_and_diplomacy_counts_targets() {
        let w = &WEIGHTS;
        // White Red Knight a1 and Kings; Black Kings only: White is a Knight up, and the
        // Red Knight may capture the Black Green King (distance 3) but not the Orange one.
        let pos =
            read("7/15/15/15/15/15/15/15/Nr1Kr4ko4kg1Kc w -/-/-/-/- -/-/-/-/- roygbpc - - 0 1");
        let white = both_sides(w, pos.state())[WHITE];
        assert_eq!(white[0], w.knight + 2 * w.king);
        assert_eq!(white[1], w.diplomacy_target);
        assert!(HeptaEval.white_view(&pos) > w.knight / 2);
    }

    #[test]
    fn pillars_and_berserk_kings_are_valued() {
        let w = &WEIGHTS;
        // E7: White Temple oy/rg/ro/r/r with the Red King: Red is ready to eliminate.
        let pos = read("6kc/13nbKy/14nb/15/7Ko7/15/15/ngng11npnp/M*ng11npKr w oy/rg/ro/r/r -/-/-/-/- roygbpc - - 0 1");
        let white = both_sides(w, pos.state())[WHITE];
        // Red on Power, Life, Tactic; Green on Power; Orange on Life.
        assert_eq!(white[4], 5 * w.pillar_progress + w.elimination_ready);
        // Black's Clear King made Red: White's Red elimination, ready, would now remove it
        // (R68), a victim for each of its four steps.
        let victim = read("6kr/13nbKy/14nb/15/7Ko7/15/15/ngng11npnp/M*ng11npKr w oy/rg/ro/r/r -/-/-/-/- roygbpc - - 0 1");
        assert_eq!(
            both_sides(w, victim.state())[WHITE][4],
            5 * w.pillar_progress + w.elimination_ready + 4 * w.elimination_victim
        );
        // E10: the berserk Green King with stack 3 sees two Black Knights (h8, a8).
        let berserk = read("7/nc6nr7/15/10Sg4/7Zg7/SgSgSgSg11/4Ny6kb3/7m*7/15 w -/-/-/-/- -/-/-/-/- roy-bpc - g3 0 1");
        assert_eq!(
            both_sides(w, berserk.state())[WHITE][5],
            w.berserk + 3 * w.berserk_per_soul + 2 * w.berserk_threat
        );
    }

    #[test]
    fn knights_hunt_lone_kings_in_their_forward_cone() {
        let w = &WEIGHTS;
        // Black's lone Yellow King h5; White's Red Knights h2 (3 forward steps below it),
        // a1 (7 steps, along NE) and h7 (above it: out of reach of a Knight's forward
        // moves), and the Orange Knight g1, at peace with Yellow (R20): two hunters, the
        // nearest 3 steps away; the King has an empty cell in each direction.
        let pos = read("7/15/7Nr7/15/7ky7/15/15/7Nr7/Nr5No8 w -/-/-/-/- -/-/-/-/- roygbpc - - 0 1");
        let s = pos.state();
        assert_eq!(
            king_hunt(w, s, WHITE),
            2 * w.hunter + (NO_HUNTER - 3) * w.hunter_closeness
        );
        assert_eq!(both_sides(w, s)[WHITE][8], king_hunt(w, s, WHITE));
        // Black hunts nothing: White has Knights.
        assert_eq!(king_hunt(w, s, BLACK), 0);
        // The King a1 in the corner, hunted by no Knight: its neighbours are a2, b1 and
        // b2, none in the other three directions.
        let corner = read("7/15/15/15/15/15/15/15/ky5No8 w -/-/-/-/- -/-/-/-/- roygbpc - - 0 1");
        assert_eq!(king_hunt(w, corner.state(), WHITE), 3 * w.king_confinement);
        // A Black Soul Master in the corner instead, hemmed in by the rim and a White
        // Knight on b1: four directions blocked.
        let master = read("7/15/15/15/15/15/15/15/m*No13 w -/-/-/-/- -/-/-/-/- roygbpc - - 0 1");
        assert_eq!(
            king_hunt(w, master.state(), WHITE),
            4 * w.master_confinement
        );
    }

    #[test]
    fn a_tactic_soul_lets_knights_hunt_from_behind() {
        let w = &WEIGHTS;
        // The position of `knights_hunt_lone_kings_in_their_forward_cone` with a Red Soul
        // on White's Tactic Pillar: the Red Knight h7, above the King h5, may step back
        // (R25) and come at it from below (R27), 2 hexes and 2 steps round away: a third
        // hunter. It still counts as spent, as does the Orange Knight g1 (R20).
        let pos = read("7/15/7Nr7/15/7ky7/15/15/7Nr7/Nr5No8 w -/-/-/r/- -/-/-/-/- roygbpc - - 0 1");
        let s = pos.state();
        let cell = |name: &str| hepta_board().parse_cell(name).expect("a cell");
        let red = match s.piece_at(cell("h7")) {
            Some(Piece::Knight(_, c)) => c,
            other => panic!("a Red Knight on h7, not {other:?}"),
        };
        assert_eq!(
            capture_steps(s, WHITE, cell("h7"), red, cell("h5")),
            Some(4)
        );
        assert_eq!(
            capture_steps(s, WHITE, cell("h2"), red, cell("h5")),
            Some(3)
        );
        assert_eq!(capture_steps(s, BLACK, cell("h5"), red, cell("h7")), None);
        assert_eq!(
            king_hunt(w, s, WHITE),
            3 * w.hunter + (NO_HUNTER - 3) * w.hunter_closeness
        );
        assert_eq!(
            both_sides(w, s)[WHITE][9],
            (w.simplify * 30 - w.spent_knight * 2) * (4 * w.knight - w.king) / w.pursuit_full_lead
        );
    }

    #[test]
    fn no_knight_comes_at_a_piece_with_no_open_hex_behind_it() {
        // White's Red Knight h7 may walk back (Tactic, R25) but captures only forwards
        // (R26, R27). The Yellow King d1 stands on a long file of White's back rank, with
        // no hex behind it; the Blue Knight g1, on a short file, has f1 and h1 behind it;
        // the Blue Knight m1 has l1 and n1, but Black's Purple Knights hold them, and no
        // hex lies behind those.
        let pos =
            read("7/15/7Nr7/15/15/15/15/15/3ky2nb4npnbnp1 w -/-/-/r/- -/-/-/-/- roygbpc - - 0 1");
        let s = pos.state();
        let cell = |name: &str| hepta_board().parse_cell(name).expect("a cell");
        let red = match s.piece_at(cell("h7")) {
            Some(Piece::Knight(_, c)) => c,
            other => panic!("a Red Knight on h7, not {other:?}"),
        };
        let steps = |target: &str| capture_steps(s, WHITE, cell("h7"), red, cell(target));
        assert_eq!(steps("d1"), None);
        assert_eq!(steps("g1"), Some(hex_distance(cell("h7"), cell("g1")) + 2));
        assert_eq!(steps("m1"), None);
        assert_eq!(steps("l1"), None);
    }

    #[test]
    fn the_side_ahead_pursues_every_enemy_piece_and_trades_down() {
        let w = &WEIGHTS;
        // As above: four White Knights against the Yellow King, a lead of 4 Knights less a
        // King; Black has one piece of its 31 left. The lone King is `king_hunt`'s. Two
        // Knights are spent: h7 has the King behind it, and g1 is Orange, at peace with
        // Yellow.
        let pos = read("7/15/7Nr7/15/7ky7/15/15/7Nr7/Nr5No8 w -/-/-/-/- -/-/-/-/- roygbpc - - 0 1");
        let s = pos.state();
        let expected =
            (w.simplify * 30 - w.spent_knight * 2) * (4 * w.knight - w.king) / w.pursuit_full_lead;
        assert_eq!(both_sides(w, s)[WHITE][9], expected);
        assert_eq!(both_sides(w, s)[BLACK][9], 0, "Black is behind");
        // A Black Knight o1, behind every White Knight (R26, R27), a target with no
        // hunter, and the King, no longer lone, 3 steps from its nearest hunter; a lead of
        // 3 Knights less a King. The Knights h7 and g1 are still spent. Black has seven
        // moves: the King's six and the Knight's step to n1.
        let knight =
            read("7/15/7Nr7/15/7ky7/15/15/7Nr7/Nr5No7nb w -/-/-/-/- -/-/-/-/- roygbpc - - 0 1");
        assert_eq!(
            both_sides(w, knight.state())[WHITE][9],
            (w.pursuit * (NO_HUNTER - 3) + w.simplify * 29 - w.spent_knight * 2
                + w.few_moves * (FEW_MOVES - 7))
                * (3 * w.knight - w.king)
                / w.pursuit_full_lead
        );
    }

    /// The weights with `boxing` and `few_moves` as given and the rest of `pursuit`'s terms
    /// 0, counting fully at a lead of 3 Knights less a King (the positions below).
    fn only_end_terms(boxing: i32, few_moves: i32) -> Weights {
        Weights {
            pursuit: 0,
            simplify: 0,
            spent_knight: 0,
            master_march: 0,
            thief: 0,
            boxing,
            few_moves,
            pursuit_full_lead: 3 * WEIGHTS.knight - WEIGHTS.king,
            ..WEIGHTS
        }
    }

    #[test]
    fn the_side_ahead_boxes_in_enemy_kings_and_soul_masters_while_knights_remain() {
        let w = &only_end_terms(WEIGHTS.boxing, 0);
        // Black's King h5 has its Soul Master on h6 above it (1 direction blocked); the
        // Soul Master has the King below and White's Knight h7 above (2). Black keeps the
        // Knight o1, so neither is lone.
        let boxed =
            read("7/15/7Nr7/7m*7/7ky7/15/15/7Nr7/Nr5No7nb w -/-/-/-/- -/-/-/-/- roygbpc - - 0 1");
        assert_eq!(both_sides(w, boxed.state())[WHITE][9], 3 * w.boxing);
        assert_eq!(both_sides(w, boxed.state())[BLACK][9], 0, "Black is behind");
        // Without the Knight o1 the King and the Soul Master are lone: `king_hunt`'s.
        let lone =
            read("7/15/7Nr7/7m*7/7ky7/15/15/7Nr7/Nr5No8 w -/-/-/-/- -/-/-/-/- roygbpc - - 0 1");
        assert_eq!(both_sides(w, lone.state())[WHITE][9], 0);
    }

    #[test]
    fn the_side_ahead_counts_the_enemy_s_last_moves() {
        let w = &only_end_terms(0, WEIGHTS.few_moves);
        // Black's King h5 has its six steps (R31) and the Knight o1 one, to n1 (R26).
        let knight =
            read("7/15/7Nr7/15/7ky7/15/15/7Nr7/Nr5No7nb w -/-/-/-/- -/-/-/-/- roygbpc - - 0 1");
        assert_eq!(knight.state().mobility(BLACK), 7);
        assert_eq!(both_sides(w, knight.state())[WHITE][9], w.few_moves);
        assert_eq!(
            both_sides(w, knight.state())[BLACK][9],
            0,
            "Black is behind"
        );
        // A lone King's six steps do not count: lone Kings are `king_hunt`'s.
        let lone =
            read("7/15/7Nr7/15/7ky7/15/15/7Nr7/Nr5No8 w -/-/-/-/- -/-/-/-/- roygbpc - - 0 1");
        assert_eq!(lone.state().mobility(BLACK), 6);
        assert_eq!(both_sides(w, lone.state())[WHITE][9], 0);
        // A Black Soul Master on h6: the King keeps 5 steps and the Soul Master has 4 (h7
        // and h5 are taken, R41), 10 in all with the Knight's, not fewer than `FEW_MOVES`.
        let master =
            read("7/15/7Nr7/7m*7/7ky7/15/15/7Nr7/Nr5No7nb w -/-/-/-/- -/-/-/-/- roygbpc - - 0 1");
        assert_eq!(master.state().mobility(BLACK), 10);
        assert_eq!(both_sides(w, master.state())[WHITE][9], 0);
    }

    #[test]
    fn the_side_ahead_marches_its_soul_masters_to_the_zone_until_it_has_three() {
        let w = &WEIGHTS;
        // White's Soul Masters stand on h1 (16 half hexes below rank 9) and c8 (1).
        let pos = read("7/2M*12/15/15/7ky7/15/15/7Nr7/7M*7 w -/-/-/-/- -/-/-/-/- roygbpc - - 0 1");
        let s = pos.state();
        // The nearest, c8, counts its march, and the other a whole one.
        assert_eq!(master_march(s, WHITE), ZONE_FAR + (ZONE_FAR - 1));
        assert_eq!(master_march(s, BLACK), 0, "Black has no Soul Master");
        // Two Knights against Black's King (a lead of 2 Knights less a King): the Red
        // Knight h2 hunts the King, and the Orange one g1, at peace with Yellow, is spent.
        let ahead =
            read("7/2M*12/15/15/7ky7/15/15/7Nr7/6No1M*6 w -/-/-/-/- -/-/-/-/- roygbpc - - 0 1");
        assert_eq!(
            both_sides(w, ahead.state())[WHITE][9],
            (w.simplify * 30 - w.spent_knight + w.master_march * (2 * ZONE_FAR - 1))
                * (2 * w.knight - w.king)
                / w.pursuit_full_lead
        );
    }

    #[test]
    fn kings_walk_to_their_zone_to_steal_the_tactic_souls_of_enemy_knights() {
        let with = |white_king: &str, black_knight: &str, black_temple: &str| {
            read(&format!(
                "3{white_king}3/15/15/15/7{black_knight}7/15/15/7Ny7/Ny5Ny8 w -/-/-/-/- {black_temple} roygbpc - - 0 1"
            ))
        };
        // White's Red King on h9, in its zone; Black's Red Knight h5 walks back with the Red
        // Soul on Black's Tactic Pillar (R25): stealing it is a move away (R81).
        let pos = with("Kr", "nr", "-/-/-/r/-");
        assert_eq!(thief_walk(pos.state(), WHITE), 0);
        assert_eq!(
            thief_walk(pos.state(), BLACK),
            0,
            "White has no Tactic Soul"
        );
        // The steal sends the King to h1, 16 half hexes from the zone (R80), and takes the
        // Soul: nothing is left to walk for, and White's evaluation rises.
        let mut stolen = pos.clone();
        stolen.make_move(stolen.parse_move("h9h1^T").expect("R81: a legal steal"));
        assert_eq!(stolen.state().pillar(BLACK, TACTIC), 0);
        assert_eq!(thief_walk(stolen.state(), WHITE), 0);
        let (before, after) = (HeptaEval.white_view(&pos), HeptaEval.white_view(&stolen));
        assert!(after > before, "{after} against {before}");
        // On h1 before the steal, the King has the whole board to walk.
        let far = read("7/15/15/15/7nr7/15/15/7Ny7/Ny5NyKr7 w -/-/-/-/- -/-/-/r/- roygbpc - - 0 1");
        assert_eq!(thief_walk(far.state(), WHITE), ZONE_FAR);
        // With Red on Black's Eliminate Pillar too (R48: and on Power and Life), R81 takes it
        // from Eliminate first: two walks.
        let eliminate = with("Kr", "nr", "-/r/r/r/r");
        assert_eq!(thief_walk(eliminate.state(), WHITE), ZONE_FAR);
        // Without White's Red King a whole walk; without Black's Red Knight no walk at all.
        assert_eq!(
            thief_walk(with("Ko", "nr", "-/-/-/r/-").state(), WHITE),
            ZONE_FAR
        );
        assert_eq!(thief_walk(with("Kr", "ny", "-/-/-/r/-").state(), WHITE), 0);
    }

    #[test]
    fn soul_masters_measure_their_distance_to_their_own_zone() {
        let board = hepta_board();
        let cell = |name: &str| board.parse_cell(name).expect("a cell");
        for (name, white, black) in [
            ("h9", 0, 16),
            ("h1", 16, 0),
            ("a8", 1, 15),
            ("a1", 15, 1),
            ("h8", 2, 14),
            ("g4", 9, 7),
        ] {
            assert_eq!(zone_distance(WHITE, cell(name)), white, "White {name}");
            assert_eq!(zone_distance(BLACK, cell(name)), black, "Black {name}");
        }
        // Three Soul Masters march no more (R85 is closed, and so is the enemy's R86):
        // three whole marches, wherever they stand.
        let three = read("7/15/15/15/15/15/15/15/M*M*M*12 w -/-/-/-/- -/-/-/-/- roygbpc - - 0 1");
        assert_eq!(master_march(three.state(), WHITE), 3 * ZONE_FAR);
    }

    #[test]
    fn every_duplication_of_a_soul_master_gains_for_the_side_ahead() {
        let w = &WEIGHTS;
        // Two Knights against Black's lone King; White's Soul Masters on h9 and j9, in the
        // zone. A duplication (R85) sends the Soul Master from j9 to the foot of its file,
        // j1, and puts the new one on j2: 16 and 14 half hexes from the zone. The Soul
        // Masters' value and the pursuit term must rise together.
        let mut pos =
            read("3M*M*2/15/15/15/7ky7/15/15/7Nr7/6No8 w -/-/-/-/- -/-/-/-/- roygbpc - - 0 1");
        let value = |pos: &Hepta| {
            let white = both_sides(w, pos.state())[WHITE];
            white[2] + white[9]
        };
        assert_eq!(master_march(pos.state(), WHITE), 2 * ZONE_FAR);
        let two = value(&pos);
        pos.make_move(pos.parse_move("j9j1+j2").expect("R85: a legal duplication"));
        assert_eq!(master_march(pos.state(), WHITE), 3 * ZONE_FAR);
        assert!(value(&pos) > two, "{} against {two}", value(&pos));
        // With one Soul Master in the zone, duplicating keeps its march whole.
        let mut one =
            read("4M*2/15/15/15/7ky7/15/15/7Nr7/6No8 w -/-/-/-/- -/-/-/-/- roygbpc - - 0 1");
        let before = value(&one);
        assert_eq!(master_march(one.state(), WHITE), ZONE_FAR);
        one.make_move(one.parse_move("j9j1+j2").expect("R85: a legal duplication"));
        assert_eq!(master_march(one.state(), WHITE), ZONE_FAR + 2);
        assert!(value(&one) > before, "{} against {before}", value(&one));
    }

    #[test]
    fn forward_steps_follow_each_side_s_forward_directions() {
        let board = hepta_board();
        let cell = |name: &str| board.parse_cell(name).expect("a cell");
        assert_eq!(forward_steps(WHITE, cell("h2"), cell("h5")), Some(3));
        assert_eq!(forward_steps(WHITE, cell("a1"), cell("h5")), Some(7));
        assert_eq!(forward_steps(WHITE, cell("h5"), cell("h2")), None);
        assert_eq!(forward_steps(BLACK, cell("h5"), cell("h2")), Some(3));
        assert_eq!(forward_steps(BLACK, cell("h2"), cell("h5")), None);
        // From o1 to h5 runs NW, forwards for White; back from h5 to o1 runs SE.
        assert_eq!(forward_steps(WHITE, cell("o1"), cell("h5")), Some(7));
        assert_eq!(forward_steps(WHITE, cell("h5"), cell("o1")), None);
        // The hex distance counts the same steps in every direction.
        for (from, to, steps) in [
            ("h2", "h5", 3),
            ("h7", "h5", 2),
            ("o1", "h5", 7),
            ("a8", "o1", 14),
        ] {
            assert_eq!(hex_distance(cell(from), cell(to)), steps, "{from}-{to}");
            assert_eq!(hex_distance(cell(to), cell(from)), steps, "{to}-{from}");
        }
    }
}
