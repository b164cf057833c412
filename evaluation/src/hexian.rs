//! Hexian evaluation (`docs/rules/hexian.md`): one score per player.
//!
//! Terms per army in play (eliminated armies have no pieces and score nothing):
//! - material: standing pieces by type, less for petrified and summoned ones; own fallen
//!   pieces (which can rise, R72) for part of their value; Ghosts in the army's pool (they
//!   can come back, R79) and Lilith reserves (they can be deployed, R106);
//! - the Archwizard's safety: check, the Astaroth counter (the third check eliminates,
//!   R102), enemy-attacked cells next to it (its escape squares, R38) and own pieces next
//!   to it;
//! - spells left (each is one more special move, §6.7);
//! - mobility: the cells the army's standing pieces attack (R13).
//!
//! A player's strength is the sum of its armies' terms; its score is the strength relative
//! to the field (`crate::relative_to_field`). A player without an army in play can no
//! longer win (R112) and scores `-EVAL_LIMIT`.

use crate::relative_to_field;
use engine::bitboard::{Bitboard, Wide256};
use engine::game::Game;
use engine::search::multiplayer::SeatScores;
use engine::search::score::EVAL_LIMIT;
use engine::search::Evaluator;
use engine::variants::hexian::{
    army_letter, ghost_start_owner, tables, Hexian, HexianGame, Kind, Move, Patron, Piece, ARMIES,
    TACTICAL_CHECK_COUNTER,
};
use std::fmt::Write;

crate::weights! {
    /// The Hexian evaluation's weights in centipawns; their values are in `weights.rs`.
    pub struct Weights {
        /// Piece values by type in the order of `Kind::ALL` (Zombie, Ghoul, Imp, Ghost,
        /// Fungoid, Doppelganger, Familiar, Archwizard, illusion), from their moves on the
        /// 217-cell board (§3): the Zombie a one-step pawn that falls and can rise again; the
        /// Ghoul a one-step orthogonal piece whose provocation (R21) can be used against it;
        /// the Imp's twelve leaps and en passant hops; the Ghost a hexagonal bishop (six
        /// diagonal lines) that can return (R79); the Fungoid a hexagonal rook (six
        /// orthogonal lines) whose capture knocks the capturer over (R30); the Doppelganger
        /// a twelve-cell knight that turns into what it takes; the Familiar slides in twelve
        /// directions and casts but never captures. The Archwizard is never captured (its
        /// loss is elimination, which the search sees) and an illusion is worth nothing.
        pub values: [i32; 9],
        /// Share (per cent) of its value a petrified piece keeps: it blocks and can be taken
        /// but never acts again (R46).
        pub petrified_percent: i32,
        /// Share (per cent) of its value a summoned piece keeps: it expires after one more
        /// ply of its army (R48).
        pub summoned_percent: i32,
        /// Share (per cent) of its value an own fallen piece keeps: it needs a ply to rise
        /// (R72) and an enemy standing on it or dispatching it takes it for good.
        pub fallen_percent: i32,
        /// Share (per cent) of a Ghost's value that a start cell in the army's pool is
        /// worth: the return costs a sacrifice and a ply (R79).
        pub ghost_pool_percent: i32,
        /// Share (per cent) of its value a piece in the Lilith reserve is worth: a ply to
        /// deploy.
        pub reserve_percent: i32,
        /// The army is in check: a ply goes to answering it.
        pub in_check: i32,
        /// Per Astaroth check counted (R102): the third eliminates the army.
        pub astaroth_counter: i32,
        /// Share (per cent) of its material an army loses at an Astaroth counter of 2: the
        /// next check by any enemy eliminates it (R102, R110), and a check is a quiet move
        /// that quiescence does not search, so without this share the score fell by a
        /// whole army only once that check came within the search's depth.
        pub astaroth_last_check_percent: i32,
        /// Per cell next to the Archwizard that an enemy attacks (at most 12, R4).
        pub attacked_neighbour: i32,
        /// Per own standing piece next to the Archwizard, at most `SHELTER_MAX` of them.
        pub shelter: i32,
        /// Per spell left: a special move in reserve, most of them worth a tempo or a piece.
        pub spell: i32,
        /// Per cell attacked by the army's standing pieces.
        pub mobility: i32,
        /// An army whose standing pieces are worth at most this is hunted: its enemies are
        /// paid for driving its Archwizard to the rim and closing in, to checkmate it (R70)
        /// before the 300-ply rule draws (R115).
        pub hunt_below: i32,
        /// A hunted Archwizard: per step its cell is nearer the centre than the rim
        /// (a mated Archwizard usually stands on the edge, with fewer escape cells, R38).
        pub rim_drive: i32,
        /// A hunted Archwizard: per enemy standing piece, per step it is nearer than
        /// `HUNT_RANGE`.
        pub hunter_closeness: i32,
        /// Plies of the halfmove clock (R116) after which every score shrinks linearly to
        /// 0 at the 300-ply draw (R115): the side ahead resets the clock (captures, Zombie
        /// moves) rather than drift into the draw.
        pub clock_grace: i32,
    }
}

mod weights;
pub use weights::WEIGHTS;

/// At most this many sheltering pieces count (`Weights::shelter`).
pub const SHELTER_MAX: u32 = 5;

/// `hunter_closeness` counts the steps by which a piece is nearer than this: the
/// board's diameter (R4: 217 cells, 9 a side), so every piece on the board counts.
pub const HUNT_RANGE: i32 = 16;

/// The halfmove clock's draw (R115).
pub const CLOCK_DRAW: i32 = 300;

/// The Astaroth counter at which the next check eliminates the army (R102: the third).
pub const LAST_CHECK_COUNTER: u8 = 2;

/// The score of a player that can no longer win.
pub const OUT_SCORE: i32 = -EVAL_LIMIT;

/// The terms of one army in play, in centipawns.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ArmyTerms {
    pub material: i32,
    pub safety: i32,
    pub spells: i32,
    pub mobility: i32,
}

impl ArmyTerms {
    pub fn total(&self) -> i32 {
        self.material + self.safety + self.spells + self.mobility
    }
}

/// The evaluation with all its parts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Breakdown {
    /// Terms per army, `None` for eliminated armies.
    pub armies: [Option<ArmyTerms>; ARMIES],
    /// Per seat: the sum of its armies' terms, or `OUT_SCORE` without an army in play.
    pub strength: SeatScores,
    /// Per seat: the strength relative to the field (the evaluation).
    pub scores: SeatScores,
}

fn kind_value(w: &Weights, kind: Kind) -> i32 {
    Kind::ALL
        .iter()
        .position(|&k| k == kind)
        .map_or(0, |i| w.values[i])
}

/// A standing piece's worth after its flags.
fn standing_value(w: &Weights, piece: &Piece) -> i32 {
    let value = kind_value(w, piece.kind);
    if piece.summoned {
        value * w.summoned_percent / 100
    } else if piece.petrified {
        value * w.petrified_percent / 100
    } else {
        value
    }
}

/// A fallen piece's worth to its own army.
fn fallen_value(w: &Weights, piece: &Piece) -> i32 {
    standing_value(w, piece) * w.fallen_percent / 100
}

/// Every cell attacked by each army's standing pieces.
fn attack_maps(pos: &Hexian) -> [Wide256; ARMIES] {
    let mut maps = [Wide256::EMPTY; ARMIES];
    for (army, map) in maps.iter_mut().enumerate() {
        for cell in pos.standing_of(army).cells() {
            *map |= pos.attacks_from(cell);
        }
    }
    maps
}

/// The value of `army`'s standing pieces.
fn standing_material(w: &Weights, pos: &Hexian, army: usize) -> i32 {
    pos.standing_of(army)
        .cells()
        .filter_map(|c| pos.standing(c))
        .map(|p| standing_value(w, &p))
        .sum()
}

/// The worth of `army`'s pieces: `standing` (its [`standing_material`]) and its fallen,
/// pooled and reserve pieces.
fn material(w: &Weights, pos: &Hexian, army: usize, standing: i32) -> i32 {
    let fallen: i32 = pos
        .fallen_cells()
        .cells()
        .filter_map(|c| pos.fallen(c))
        .filter(|p| p.army() == army)
        .map(|p| fallen_value(w, &p))
        .sum();
    let pool = pos
        .ghost_pool()
        .cells()
        .filter(|&c| ghost_start_owner(c) == Some(army))
        .count() as i32;
    let reserve: i32 = Kind::ALL
        .iter()
        .map(|&k| i32::from(pos.reserve(army).count(k)) * kind_value(w, k))
        .sum();
    standing
        + fallen
        + pool * kind_value(w, Kind::Ghost) * w.ghost_pool_percent / 100
        + reserve * w.reserve_percent / 100
}

/// What `army`'s Astaroth check counter costs it (R102): [`counter_risk`]; 0 under the
/// other patrons.
fn astaroth_risk(w: &Weights, pos: &Hexian, army: usize, material: i32) -> i32 {
    if !matches!(pos.patron(), Patron::Astaroth) {
        return 0;
    }
    counter_risk(w, pos.check_counter(army), material)
}

/// What an Astaroth check counter of `counter` costs an army of `material` (R102):
/// `w.astaroth_counter` per check, and at `LAST_CHECK_COUNTER` also
/// `w.astaroth_last_check_percent` of its material.
fn counter_risk(w: &Weights, counter: u8, material: i32) -> i32 {
    let last_check = if counter >= LAST_CHECK_COUNTER {
        material * w.astaroth_last_check_percent / 100
    } else {
        0
    };
    i32::from(counter) * w.astaroth_counter + last_check
}

/// What the check that `mv` gives, if Astaroth counts it and the search takes it for a
/// tactical move (`HexianGame::is_tactical`), costs the checked army: the price of its
/// next counter, or, at the third check, the army itself (R102, R110).
fn counted_check_value(w: &Weights, pos: &Hexian, mv: Move) -> i32 {
    let Some(army) = pos.counted_check(mv, TACTICAL_CHECK_COUNTER) else {
        return 0;
    };
    let material = material(w, pos, army, standing_material(w, pos, army));
    let counter = pos.check_counter(army);
    if counter >= LAST_CHECK_COUNTER {
        return material;
    }
    counter_risk(w, counter + 1, material) - counter_risk(w, counter, material)
}

/// The Archwizard's safety: check, counters (against the army's `material`), attacked and
/// sheltered neighbours, and the hunt of an army whose standing pieces are worth
/// `standing`.
fn safety(
    w: &Weights,
    pos: &Hexian,
    army: usize,
    (standing, material): (i32, i32),
    enemy_attacks: Wide256,
) -> i32 {
    let Some(cell) = pos.archwizard_of(army) else {
        return 0;
    };
    let hex = &tables().hex;
    let neighbours = (0..12).filter_map(|d| hex.step(cell, d));
    let attacked = neighbours.clone().filter(|&c| enemy_attacks.has(c)).count() as i32;
    let shelter = neighbours.filter(|&c| pos.standing_of(army).has(c)).count() as u32;
    let check = if enemy_attacks.has(cell) {
        w.in_check
    } else {
        0
    };
    w.shelter * shelter.min(SHELTER_MAX) as i32
        - check
        - astaroth_risk(w, pos, army, material)
        - w.attacked_neighbour * attacked
        - hunted(w, pos, army, standing, cell)
}

/// What the enemies of a hunted `army` (its standing pieces worth `standing`, at most
/// `w.hunt_below`) gain from its Archwizard on `cell`: its nearness to the rim and their
/// pieces' nearness to it; 0 for an army not hunted.
fn hunted(w: &Weights, pos: &Hexian, army: usize, standing: i32, cell: usize) -> i32 {
    if standing > w.hunt_below {
        return 0;
    }
    let hex = &tables().hex;
    let (q, r) = hex.coords(cell);
    let from_centre = q.abs().max(r.abs()).max((q + r).abs());
    let closeness: i32 = (0..ARMIES)
        .filter(|&a| pos.are_enemies(a, army))
        .flat_map(|a| pos.standing_of(a).cells())
        .map(|c| (HUNT_RANGE - hex.distance(c, cell)).max(0))
        .sum();
    w.rim_drive * from_centre + w.hunter_closeness * closeness
}

/// `scores` shrunk towards 0 as the halfmove clock runs from `w.clock_grace` to the
/// 300-ply draw (R115); a player out keeps `OUT_SCORE`.
fn shrunk_by_clock(w: &Weights, halfmove: u32, scores: SeatScores) -> SeatScores {
    let clock = i32::try_from(halfmove).unwrap_or(CLOCK_DRAW);
    if clock <= w.clock_grace || w.clock_grace >= CLOCK_DRAW {
        return scores;
    }
    let left = (CLOCK_DRAW - clock).max(0);
    let span = CLOCK_DRAW - w.clock_grace;
    scores
        .iter()
        .map(|&s| if s == OUT_SCORE { s } else { s * left / span })
        .collect()
}

/// The cells attacked by the enemies of `army`.
fn enemy_attacks(pos: &Hexian, army: usize, maps: &[Wide256; ARMIES]) -> Wide256 {
    (0..ARMIES)
        .filter(|&a| pos.are_enemies(a, army))
        .fold(Wide256::EMPTY, |all, a| all | maps[a])
}

/// The Hexian evaluation.
#[derive(Clone, Copy, Debug, Default)]
pub struct HexianEval;

impl HexianEval {
    /// The evaluation with all its terms.
    pub fn breakdown(&self, pos: &Hexian) -> Breakdown {
        breakdown_with(&WEIGHTS, pos)
    }
}

/// The evaluation with all its terms, with the weights `w`.
pub fn breakdown_with(w: &Weights, pos: &Hexian) -> Breakdown {
    let maps = attack_maps(pos);
    let players = pos.players();
    let mut armies = [None; ARMIES];
    for army in players.armies_in_play() {
        let standing = standing_material(w, pos, army);
        let material = material(w, pos, army, standing);
        armies[army] = Some(ArmyTerms {
            material,
            safety: safety(
                w,
                pos,
                army,
                (standing, material),
                enemy_attacks(pos, army, &maps),
            ),
            spells: w.spell * pos.spells(army).left.len() as i32,
            mobility: w.mobility * maps[army].count() as i32,
        });
    }
    let strength: SeatScores = (0..players.count().number())
        .map(|seat| {
            let mine = (0..ARMIES)
                .filter(|&a| players.seat_of(a) == seat)
                .filter_map(|a| armies[a]);
            mine.clone()
                .next()
                .map_or(OUT_SCORE, |_| mine.map(|t| t.total()).sum())
        })
        .collect();
    let scores = shrunk_by_clock(w, pos.halfmove(), relative_to_field(&strength, OUT_SCORE));
    Breakdown {
        armies,
        strength,
        scores,
    }
}

/// A more valuable piece takes a cheaper one on a cell an enemy of the mover attacks:
/// a stand-in for static exchange evaluation. Imp hops land elsewhere and are never
/// counted as losing. A check that Astaroth counts is part of the gain: it stays counted
/// when the piece is taken back (R102), and at the third check the army is gone (R110).
fn losing_capture(w: &Weights, pos: &Hexian, mv: Move) -> bool {
    let Move::Piece(piece_move) = mv else {
        return false;
    };
    let (from, to) = (usize::from(piece_move.from), usize::from(piece_move.to));
    match (pos.standing(from), pos.standing(to)) {
        (Some(mover), Some(victim)) if mover.kind != Kind::Imp => {
            let (risked, won) = (standing_value(w, &mover), standing_value(w, &victim));
            // The counted check, which needs the mover's attack set, is weighed last.
            risked > won
                && pos.is_attacked(to, mover.army())
                && risked > won + counted_check_value(w, pos, mv)
        }
        _ => false,
    }
}

/// What the captured piece (or the hopped one) was worth.
fn victim_value(w: &Weights, pos: &Hexian, mv: Move) -> i32 {
    let Move::Piece(piece_move) = mv else {
        return 0;
    };
    let (from, to) = (usize::from(piece_move.from), usize::from(piece_move.to));
    let Some(mover) = pos.standing(from) else {
        return 0;
    };
    let victim = match mover.kind {
        Kind::Imp => pos.hopped_cell(from, to),
        _ => Some(to),
    };
    victim
        .and_then(|cell| pos.standing(cell))
        .filter(|p| pos.are_enemies(p.army(), mover.army()))
        .map_or(0, |p| standing_value(w, &p))
}

crate::weights::tunable!(
    HexianEval,
    HexianGame,
    "hexian/weights.rs",
    |w, game: &HexianGame| { breakdown_with(w, game.position()).scores }
);

impl Evaluator<HexianGame> for HexianEval {
    fn evaluate_seats(&self, game: &HexianGame) -> SeatScores {
        self.breakdown(game.position()).scores
    }

    fn explain(&self, game: &HexianGame) -> String {
        let pos = game.position();
        let b = self.breakdown(pos);
        let players = pos.players();
        let mut text = String::from("army player material   safety   spells mobility    total\n");
        for (army, terms) in b.armies.iter().enumerate() {
            let Some(t) = terms else {
                continue;
            };
            let _ = writeln!(
                text,
                "{:>4} {:>6} {:>8} {:>8} {:>8} {:>8} {:>8}",
                army_letter(army),
                players.seat_of(army) + 1,
                t.material,
                t.safety,
                t.spells,
                t.mobility,
                t.total()
            );
        }
        for seat in 0..game.seats() {
            let armies: String = (0..ARMIES)
                .filter(|&a| players.seat_of(a) == seat)
                .map(army_letter)
                .collect();
            let _ = writeln!(
                text,
                "player {} ({armies}): strength {} score {}",
                seat + 1,
                b.strength[seat],
                b.scores[seat]
            );
        }
        text
    }

    fn capture_value(&self, game: &HexianGame, mv: Move) -> i32 {
        let w = &WEIGHTS;
        let promotion = match mv {
            Move::Piece(m) if m.promotes => {
                kind_value(w, Kind::Ghoul) - kind_value(w, Kind::Zombie)
            }
            _ => 0,
        };
        victim_value(w, game.position(), mv)
            + promotion
            + counted_check_value(w, game.position(), mv)
    }

    fn moving_piece_value(&self, game: &HexianGame, mv: Move) -> i32 {
        let w = &WEIGHTS;
        match mv {
            Move::Piece(m) => game
                .position()
                .standing(usize::from(m.from))
                .map_or(0, |p| kind_value(w, p.kind)),
            _ => 0,
        }
    }

    fn is_losing_capture(&self, game: &HexianGame, mv: Move) -> bool {
        let w = &WEIGHTS;
        losing_capture(w, game.position(), mv)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use engine::variants::hexian::{Config, PlayerCount};

    fn game(text: &str) -> HexianGame {
        HexianGame::from_position_string(text, &Config::default()).unwrap()
    }

    /// The start position is symmetric: every army has the same terms and every player
    /// scores 0, for six, three and two players.
    #[test]
    fn the_start_is_even_for_every_division() {
        for count in [PlayerCount::Six, PlayerCount::Three, PlayerCount::Two] {
            let config = Config {
                players: count,
                ..Config::default()
            };
            let start = HexianGame::start(&config);
            let b = HexianEval.breakdown(start.position());
            let white = b.armies[0].unwrap();
            assert!(b.armies.iter().all(|t| *t == Some(white)), "{count:?}");
            assert!(
                b.scores.iter().all(|&s| s == 0),
                "{count:?}: {:?}",
                b.scores
            );
            assert_eq!(b.scores.len(), count.number());
        }
    }

    /// W25's position, white (A i9, the spell U) against black (A on the rim, 8 steps
    /// from the centre and from i9), four armies out.
    const LONE_ARCHWIZARDS: &str =
        "9/10/11/12/bA12/14/15/16/8wA8/16/15/14/13/12/11/10/9 w - w.b.U.P.G.Y 1 U/-/-/-/-/- 000000 - - 0 1";

    /// `LONE_ARCHWIZARDS` with the halfmove clock at `clock`.
    fn lone_archwizards_at(clock: u32) -> HexianGame {
        game(&LONE_ARCHWIZARDS.replace(" - 0 1", &format!(" - {clock} 1")))
    }

    /// Material is 0 (Archwizards only); the spell is worth `w.spell`; white's Archwizard
    /// attacks its 12 neighbours, black's, on the edge, 7 of them. Both armies are hunted
    /// (no pieces but the Archwizard): white's Archwizard in the centre pays only for
    /// black's Archwizard 8 steps away.
    #[test]
    fn terms_of_two_lone_archwizards() {
        let w = &WEIGHTS;
        let g = game(LONE_ARCHWIZARDS);
        let b = HexianEval.breakdown(g.position());
        let white = b.armies[0].unwrap();
        let black = b.armies[1].unwrap();
        assert_eq!(
            white,
            ArmyTerms {
                material: 0,
                safety: -w.hunter_closeness * (HUNT_RANGE - 8),
                spells: w.spell,
                mobility: 12 * w.mobility,
            }
        );
        assert_eq!(black.mobility, 7 * w.mobility);
        assert_eq!(b.strength[0], white.total());
        assert_eq!(&b.strength[2..], &[OUT_SCORE; 4]);
        assert_eq!(b.scores[0], white.total() - black.total());
        assert_eq!(b.scores[0], -b.scores[1]);
    }

    /// A fallen own Zombie counts `w.fallen_percent` of a Zombie; a petrified Fungoid
    /// `w.petrified_percent` of a Fungoid; the Ghost pool half a Ghost per start cell.
    #[test]
    fn material_of_fallen_petrified_and_pooled_pieces() {
        let w = &WEIGHTS;
        let g = game(
            "9/10/11/12/bA12/14/15/16/8wAwF(P)7/16/15/14/13/12/11/10/9 w k8wZ w.b.U.P.G.Y 1 - 000000 - i1 0 1",
        );
        let white = HexianEval.breakdown(g.position()).armies[0].unwrap();
        assert_eq!(
            white.material,
            w.values[0] * w.fallen_percent / 100
                + w.values[4] * w.petrified_percent / 100
                + w.values[3] * w.ghost_pool_percent / 100
        );
    }

    /// A checked Archwizard pays `w.in_check` and its attacked neighbours.
    #[test]
    fn check_lowers_safety() {
        let w = &WEIGHTS;
        let g = game(
            "9/10/11/12/bA12/14/15/16/8wA4bF3/16/15/14/13/12/11/10/9 w - w.b.U.P.G.Y 1 - 000000 - - 0 1",
        );
        let white = HexianEval.breakdown(g.position()).armies[0].unwrap();
        // The Fungoid on m9 attacks l9, k9, j9 and i9; its line stops at the Archwizard.
        // White, without pieces, is hunted: its Archwizard stands in the centre, the
        // Fungoid 5 steps and black's Archwizard 8 steps away.
        let closeness = (HUNT_RANGE - 5) + (HUNT_RANGE - 8);
        assert_eq!(
            white.safety,
            -w.in_check - w.attacked_neighbour - w.hunter_closeness * closeness
        );
    }

    /// The lone black Archwizard on the rim (8 steps out) pays for the rim and for
    /// white's Archwizard 8 steps away; escorted by a Fungoid and a Doppelganger (worth
    /// more than `hunt_below`) it is no longer hunted.
    #[test]
    fn a_hunted_archwizard_pays_for_the_rim_and_its_hunters() {
        let w = &WEIGHTS;
        let black = |text: &str| HexianEval.breakdown(game(text).position()).armies[1].unwrap();
        let hunted = 8 * w.rim_drive + (HUNT_RANGE - 8) * w.hunter_closeness;
        assert_eq!(black(LONE_ARCHWIZARDS).safety, -hunted);
        assert!(w.values[4] + w.values[5] > w.hunt_below);
        let escorted = LONE_ARCHWIZARDS.replace("/14/15/16/8wA8/", "/14/15/bFbD14/8wA8/");
        let escort = black(&escorted);
        assert_eq!(escort.material, w.values[4] + w.values[5]);
        assert!(escort.safety > -hunted / 2, "{}", escort.safety);
    }

    /// Under Astaroth each check counted costs `w.astaroth_counter`; at a counter of 2 the
    /// next check eliminates the army (R102), and it also pays
    /// `w.astaroth_last_check_percent` of its material.
    #[test]
    fn an_army_one_check_from_elimination_pays_a_share_of_its_material() {
        let w = &WEIGHTS;
        let escorted = LONE_ARCHWIZARDS.replace("/14/15/16/8wA8/", "/14/15/bFbD14/8wA8/");
        let black = |counters: &str| {
            let text = escorted.replace("000000", counters);
            HexianEval.breakdown(game(&text).position()).armies[1].unwrap()
        };
        let (none, one, two) = (black("000000"), black("010000"), black("020000"));
        let material = w.values[4] + w.values[5];
        assert_eq!(two.material, material);
        assert_eq!(none.safety - one.safety, w.astaroth_counter);
        assert_eq!(
            one.safety - two.safety,
            w.astaroth_counter + material * w.astaroth_last_check_percent / 100
        );
    }

    /// Past `clock_grace` plies of the halfmove clock every score shrinks linearly to 0
    /// at the 300-ply draw (R115).
    #[test]
    fn scores_shrink_as_the_300_ply_rule_nears() {
        let w = &WEIGHTS;
        let scores = |clock| {
            HexianEval
                .breakdown(lone_archwizards_at(clock).position())
                .scores
        };
        let fresh = scores(0);
        assert_ne!(fresh[0], 0);
        let grace = w.clock_grace as u32;
        assert_eq!(scores(grace), fresh);
        let halfway = grace + (300 - grace) / 2;
        let left = (300 - halfway as i32, 300 - w.clock_grace);
        let shrunk: SeatScores = fresh
            .iter()
            .map(|&s| {
                if s == OUT_SCORE {
                    s
                } else {
                    s * left.0 / left.1
                }
            })
            .collect();
        assert_eq!(scores(halfway), shrunk);
        assert_ne!(shrunk, fresh);
        let drawn: SeatScores = [0, 0, OUT_SCORE, OUT_SCORE, OUT_SCORE, OUT_SCORE]
            .into_iter()
            .collect();
        assert_eq!(scores(300), drawn);
    }

    #[test]
    fn eval_prints_every_term() {
        let text = HexianEval.explain(&HexianGame::start(&Config::default()));
        assert!(text.starts_with("army player material   safety   spells mobility    total\n"));
        assert_eq!(text.lines().count(), 1 + 6 + 6);
        assert!(text.contains("player 1 (w): strength"));
    }
}
