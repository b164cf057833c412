//! The Hepta evaluator (`docs/rules/hepta.md`).
//!
//! The spec gives no piece values; the weights below are estimates from the rules and
//! the seed's design notes, in centipawns of one Knight = 100. Each term is computed per
//! side and the score is White's minus Black's, negated for Black to move.

use crate::terms::colour_table;
use engine::bitboard::Bitboard;
use engine::geometry::hepta::hepta_board;
use engine::search::multiplayer::SeatScores;
use engine::search::{two_seats, Evaluator};
use engine::variants::hepta::{
    Colour, Hepta, Move, Piece, Side, State, BERSERKS, BLACK, COLOURS, ELIMINATE, KINGS, KNIGHTS,
    LIFE, POWER, RECEIVE, TACTIC, WHITE,
};

/// The Knight is the only fighting piece (seed: "only the Knights are generally fighting
/// pieces"): the unit of the scale.
const KNIGHT: i32 = 100;
/// An ordinary King never fights but unlocks its colour's Temple moves, Heptagram moves,
/// summons and elimination (R47, R56–R67): worth more than one Knight.
const KING: i32 = 150;
/// A Soul Master raises every Pillar's capacity by one (R45) and moves Souls (R42), and
/// it can become any free King as a move (R55): worth a little more than a King, so that
/// the search does not trade one for a King without a reason.
const SOUL_MASTER: i32 = 160;
/// Per Knight of the colour on the board: what each enemy Knight or King the Knight's
/// colour may capture (neither its own colour nor at peace, R24) adds; a colour's army
/// is strong when the Heptagram leaves it many targets (seed: "four out of the seven").
const DIPLOMACY_TARGET: i32 = 2;
/// A Soul on Receive: the raw material of Temple and Heptagram moves (R56–R61).
const RECEIVE_SOUL: i32 = 30;
/// A Power or Tactic Soul: a base, plus per Knight of the colour it empowers (more jump
/// colours R22; backward moves R25).
const POWER_SOUL: i32 = 20;
const POWER_PER_KNIGHT: i32 = 12;
const TACTIC_SOUL: i32 = 20;
const TACTIC_PER_KNIGHT: i32 = 10;
/// A Life Soul is a Knight in reserve (R65), if the King of its colour lives.
const LIFE_SOUL: i32 = 50;
/// Per Pillar of Power, Life and Tactic holding a colour: a step towards eliminating it
/// (R57 needs all three).
const PILLAR_PROGRESS: i32 = 25;
/// A colour on Eliminate with its King alive: the elimination is one move away and wipes
/// out the opponent's Knights and King of that colour (R67, R68).
const ELIMINATION_READY: i32 = 250;
/// A berserk King: a long-range Knight hunter (R35–R37) for as long as its stack lasts
/// (R38); the seed: "A berserking King can decide a game".
const BERSERK: i32 = 120;
const BERSERK_PER_SOUL: i32 = 35;
/// Per enemy Knight a berserk King could capture now.
const BERSERK_THREAT: i32 = 25;
/// Per ordinary move of Knights, Kings, berserk Kings and Soul Master steps.
const MOBILITY: i32 = 2;
/// The side to move's initiative.
const TEMPO: i32 = 10;

const TERM_NAMES: [&str; 8] = [
    "material",
    "diplomacy",
    "soul masters",
    "temple",
    "elimination",
    "berserk",
    "mobility",
    "tempo",
];

/// One side's terms in centipawns, in `TERM_NAMES` order.
type Terms = [i32; 8];

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
fn diplomacy(s: &State, knights: &[i32; COLOURS], us: Side) -> i32 {
    let them = 1 - us;
    let targets = by_colour(s, s.pieces(them, KNIGHTS) | s.pieces(them, KINGS));
    (0..COLOURS as Colour)
        .map(|c| {
            let capturable: i32 = (0..COLOURS as Colour)
                .filter(|&d| d != c && !s.at_peace(c, d))
                .map(|d| targets[usize::from(d)])
                .sum();
            knights[usize::from(c)] * capturable * DIPLOMACY_TARGET
        })
        .sum()
}

fn temple(s: &State, knights: &[i32; COLOURS], us: Side) -> i32 {
    let pillars = |p: usize| s.pillar(us, p);
    let kings = s.king_colours(us);
    (0..COLOURS as Colour)
        .map(|c| {
            let k = knights[usize::from(c)];
            let mut value = 0;
            if has(pillars(RECEIVE), c) {
                value += RECEIVE_SOUL;
            }
            if has(pillars(POWER), c) {
                value += POWER_SOUL + POWER_PER_KNIGHT * k;
            }
            if has(pillars(TACTIC), c) {
                value += TACTIC_SOUL + TACTIC_PER_KNIGHT * k;
            }
            if has(pillars(LIFE), c) && has(kings, c) {
                value += LIFE_SOUL;
            }
            value
        })
        .sum()
}

/// Pillar progress towards elimination (R57, R67).
fn elimination(s: &State, us: Side) -> i32 {
    let kings = s.king_colours(us);
    (0..COLOURS as Colour)
        .map(|c| {
            let progress = [POWER, LIFE, TACTIC]
                .iter()
                .filter(|&&p| has(s.pillar(us, p), c))
                .count() as i32;
            let ready = has(s.pillar(us, ELIMINATE), c) && has(kings, c);
            PILLAR_PROGRESS * progress + if ready { ELIMINATION_READY } else { 0 }
        })
        .sum()
}

/// Berserk Kings: their stacks and the enemy Knights they could capture now (R36).
fn berserk(s: &State, us: Side) -> i32 {
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
            BERSERK + BERSERK_PER_SOUL * stack + BERSERK_THREAT * threats
        })
        .sum()
}

fn side_terms(s: &State, us: Side) -> Terms {
    let knights = by_colour(s, s.pieces(us, KNIGHTS));
    let material = KNIGHT * knights.iter().sum::<i32>() + KING * s.pieces(us, KINGS).count() as i32;
    [
        material,
        diplomacy(s, &knights, us),
        SOUL_MASTER * s.masters(us) as i32,
        temple(s, &knights, us),
        elimination(s, us),
        berserk(s, us),
        MOBILITY * s.mobility(us) as i32,
        if s.side() == us { TEMPO } else { 0 },
    ]
}

/// The value of the piece on `cell` for capture ordering.
fn piece_value(s: &State, cell: usize) -> i32 {
    match s.piece_at(cell) {
        Some(Piece::Knight(..)) => KNIGHT,
        Some(Piece::King(..)) => KING,
        Some(Piece::Master(_)) => SOUL_MASTER,
        Some(Piece::Berserk(_, c)) => BERSERK + BERSERK_PER_SOUL * i32::from(s.stack(c)),
        Some(Piece::Soul(_)) => RECEIVE_SOUL,
        None => 0,
    }
}

impl HeptaEval {
    /// The evaluation from White's point of view.
    pub fn white_view(&self, pos: &Hepta) -> i32 {
        let s = pos.state();
        side_terms(s, WHITE).iter().sum::<i32>() - side_terms(s, BLACK).iter().sum::<i32>()
    }
}

impl Evaluator<Hepta> for HeptaEval {
    fn evaluate_seats(&self, pos: &Hepta) -> SeatScores {
        two_seats(self.white_view(pos))
    }

    fn explain(&self, pos: &Hepta) -> String {
        let s = pos.state();
        let (white, black) = (side_terms(s, WHITE), side_terms(s, BLACK));
        let (white_total, to_move) = (self.white_view(pos), self.evaluate(pos));
        colour_table(&TERM_NAMES, &white, &black, white_total, to_move)
    }

    fn capture_value(&self, pos: &Hepta, mv: Move) -> i32 {
        let s = pos.state();
        match mv {
            // R70: a converted berserk King changes sides; the capturing Knight dies.
            Move::Board { from, to } => match s.piece_at(usize::from(to)) {
                Some(Piece::Berserk(..)) => 2 * piece_value(s, usize::from(to)) - KNIGHT,
                _ if matches!(s.piece_at(usize::from(from)), Some(Piece::Soul(_))) => 0,
                _ => piece_value(s, usize::from(to)),
            },
            Move::Eliminate { .. } => ELIMINATION_READY,
            Move::Steal { .. } => RECEIVE_SOUL,
            _ => 0,
        }
    }

    fn moving_piece_value(&self, pos: &Hepta, mv: Move) -> i32 {
        match mv {
            Move::Board { from, .. } => piece_value(pos.state(), usize::from(from)),
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
        let pos = read(START);
        assert_eq!(HeptaEval.white_view(&pos), TEMPO);
        assert_eq!(
            HeptaEval.evaluate(&read(&START.replace(" w ", " b "))),
            TEMPO
        );
        // E2: 47 Knight moves a side; Kings and Soul Masters are boxed in.
        for side in [WHITE, BLACK] {
            assert_eq!(side_terms(pos.state(), side)[6], 47 * MOBILITY);
        }
        let explained = HeptaEval.explain(&pos);
        for name in TERM_NAMES {
            assert!(explained.contains(name), "{name}");
        }
    }

    #[test]
    fn a_knight_more_is_better_and_diplomacy_counts_targets() {
        // White Red Knight a1 and Kings; Black Kings only: White is a Knight up, and the
        // Red Knight may capture the Black Green King (distance 3) but not the Orange one.
        let pos =
            read("7/15/15/15/15/15/15/15/Nr1Kr4ko4kg1Kc w -/-/-/-/- -/-/-/-/- roygbpc - - 0 1");
        let white = side_terms(pos.state(), WHITE);
        assert_eq!(white[0], KNIGHT + 2 * KING);
        assert_eq!(white[1], DIPLOMACY_TARGET);
        assert!(HeptaEval.white_view(&pos) > KNIGHT / 2);
    }

    #[test]
    fn pillars_and_berserk_kings_are_valued() {
        // E7: White Temple oy/rg/ro/r/r with the Red King: Red is ready to eliminate.
        let pos = read("6kc/13nbKy/14nb/15/7Ko7/15/15/ngng11npnp/M*ng11npKr w oy/rg/ro/r/r -/-/-/-/- roygbpc - - 0 1");
        let white = side_terms(pos.state(), WHITE);
        // Red on Power, Life, Tactic; Green on Power; Orange on Life.
        assert_eq!(white[4], 5 * PILLAR_PROGRESS + ELIMINATION_READY);
        // E10: the berserk Green King with stack 3 sees two Black Knights (h8, a8).
        let berserk = read("7/nc6nr7/15/10Sg4/7Zg7/SgSgSgSg11/4Ny6kb3/7m*7/15 w -/-/-/-/- -/-/-/-/- roy-bpc - g3 0 1");
        assert_eq!(
            side_terms(berserk.state(), WHITE)[5],
            BERSERK + 3 * BERSERK_PER_SOUL + 2 * BERSERK_THREAT
        );
    }
}
