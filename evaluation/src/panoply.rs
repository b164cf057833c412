//! The Panoply evaluator (`docs/rules/panoply.md`).
//!
//! The spec gives no piece values. The hand-set ones were estimates from the rules (the
//! values in `weights.rs` are now fitted to self-play by `tessera tune`, see its header):
//! the Rider moves and captures like a rook; the Skirmisher moves like one but captures
//! only by retreating, the Catapult only by leaping onto an empty cell; the Herald never
//! captures but freezes every enemy piece next to it (R14); the Guard has at most six
//! moves; a Barricade is immune except along its own line and captures by advancing.
//! Pawns slide any distance, so promotion is common (R18, R21): their advance is worth
//! more than in chess.

use crate::terms::colour_table;
use engine::search::multiplayer::SeatScores;
use engine::search::{two_seats, Evaluator};
use engine::variants::panoply::{
    tables, Color, Move, Panoply, BARRICADE, BLACK, CELLS, KING, PAWN, RIDER, WHITE,
};
use std::sync::OnceLock;

crate::weights! {
    /// The Panoply evaluation's weights in centipawns; their values are in `weights.rs`.
    pub struct Weights {
        /// Value of one piece by kind (K, P, R, S, C, H, G, B; a Barricade: of each of its two
        /// ends, so a whole one is worth twice this).
        pub values: [i32; 8],
        /// Per pseudo-legal move: mobility matters with Heralds and Barricades around. A
        /// Barricade's moves are estimated as four per single step, exact on an open board
        /// (R48): telling its up to 42 step sequences apart cost a fifth of the search's time.
        pub mobility: i32,
        /// A frozen piece loses this share (percent) of its value while it stays frozen.
        pub frozen_share: i32,
        /// Per rank a Pawn has advanced from its start rank (3 for White, 11 for Black).
        pub pawn_advance: i32,
        /// Extra for a Pawn within three ranks of promotion, advanced by at least
        /// `NEAR_PROMOTION_ADVANCE` ranks.
        pub pawn_near_promotion: i32,
        /// Per enemy piece within two cells of the King.
        pub king_attacker: i32,
        /// Per own piece next to the King.
        pub king_shield: i32,
        /// The side to move's initiative.
        pub tempo: i32,
        /// Against a lone King (nothing else of its side on the board): per cell of its
        /// distance from the centre. A King with few cells runs out of moves, and having
        /// none loses even out of check (R61, R62).
        pub lone_king_rim: i32,
        /// Against a lone King: per cell by which our King is nearer to it than the
        /// board's width, so that our King helps to take its cells away.
        pub lone_king_proximity: i32,
        /// Against a lone King: per cell next to it that we do not attack (R49), where it
        /// could step; with none left it is mated or stalemated, and loses (R61, R62).
        pub lone_king_escape: i32,
        /// The share (percent) of the score lost when the fifty-turn clock reaches 50
        /// (R66), linearly from 0 at clock 0: the side ahead makes progress (a capture or
        /// a Pawn move) before its advantage is drawn away.
        pub fifty_turn_fade: i32,
    }
}

mod weights;
pub use weights::WEIGHTS;

/// Ranks of advance from the start rank from which a Pawn is near promotion.
const NEAR_PROMOTION_ADVANCE: i32 = 7;
/// The start rank of the Pawns, counted from 0 on their own side's first rank.
const PAWN_START_RANK: i32 = 2;
/// The rank of the last rank, counted from 0 on the first.
const LAST_RANK: i32 = 12;

/// The board's width in cells: the greatest distance between two cells (R1, R2).
const BOARD_WIDTH: i32 = 12;
/// The clock at which the fifty-turn rule draws (R66).
const FIFTY_TURN_LIMIT: i32 = 50;

const TERM_NAMES: [&str; 8] = [
    "material",
    "mobility",
    "frozen",
    "pawn advance",
    "king safety",
    "tempo",
    "lone king",
    "fifty-turn",
];

/// The Panoply evaluator.
#[derive(Clone, Copy, Debug, Default)]
pub struct PanoplyEval;

/// One colour's terms in centipawns, in `TERM_NAMES` order but for the fifty-turn fade,
/// which scales the difference of the sides (`fifty_turn_fade`).
type Terms = [i32; 7];

fn piece_value(w: &Weights, pos: &Panoply, cell: usize) -> i32 {
    pos.piece_at(cell).map_or(0, |(_, kind)| w.values[kind])
}

fn cells(mut bb: u128) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        (bb != 0).then(|| {
            let cell = bb.trailing_zeros() as usize;
            bb &= bb - 1;
            cell
        })
    })
}

/// The ranks of the cells counted from each side, in bit planes: the ranks of a set of
/// cells sum to the population counts of its intersections with the planes, weighted by
/// powers of two, without a look at each cell.
struct PawnRanks {
    /// `planes[color][b]`: the cells whose rank, counted from 0 on `color`'s first rank,
    /// has bit `b` set.
    planes: [[u128; 4]; 2],
    /// The cells where a Pawn of each colour is near promotion.
    near_promotion: [u128; 2],
}

/// The `PawnRanks`, built on first use.
fn pawn_ranks() -> &'static PawnRanks {
    static PAWN_RANKS: OnceLock<PawnRanks> = OnceLock::new();
    PAWN_RANKS.get_or_init(|| {
        let mut ranks = PawnRanks {
            planes: [[0; 4]; 2],
            near_promotion: [0; 2],
        };
        for cell in 0..CELLS {
            for color in [WHITE, BLACK] {
                let rank = relative_rank(cell, color);
                for (b, plane) in ranks.planes[color].iter_mut().enumerate() {
                    if rank >> b & 1 != 0 {
                        *plane |= 1 << cell;
                    }
                }
                if rank - PAWN_START_RANK >= NEAR_PROMOTION_ADVANCE {
                    ranks.near_promotion[color] |= 1 << cell;
                }
            }
        }
        ranks
    })
}

/// The rank of `cell` counted from 0 on `color`'s first rank.
fn relative_rank(cell: usize, color: Color) -> i32 {
    let rank = tables().hex.rank_of(cell) as i32;
    if color == WHITE {
        rank
    } else {
        LAST_RANK - rank
    }
}

/// The advance of the Pawns of `us` on `pawns`.
fn pawn_advance(w: &Weights, pawns: u128, us: Color) -> i32 {
    let ranks = pawn_ranks();
    let rank_sum: i32 = ranks.planes[us]
        .iter()
        .enumerate()
        .map(|(b, plane)| ((pawns & plane).count_ones() as i32) << b)
        .sum();
    let advanced = rank_sum - PAWN_START_RANK * pawns.count_ones() as i32;
    let near_promotion = (pawns & ranks.near_promotion[us]).count_ones() as i32;
    w.pawn_advance * advanced + w.pawn_near_promotion * near_promotion
}

/// The value lost by the pieces of `us` frozen by an enemy Herald.
fn frozen_loss(w: &Weights, pos: &Panoply, us: Color) -> i32 {
    cells(pos.frozen(us))
        .map(|c| piece_value(w, pos, c) * w.frozen_share / 100)
        .sum()
}

fn side_terms(w: &Weights, pos: &Panoply, us: Color) -> Terms {
    let t = tables();
    let own = pos.occupied_by(us);
    // Our pieces next to an enemy Herald are frozen (R14).
    let frozen_zone = pos.herald_zone(1 - us);
    let material = w
        .values
        .iter()
        .enumerate()
        .map(|(kind, value)| value * pos.pieces(us, kind).count_ones() as i32)
        .sum();
    let mobility = w.mobility * pos.mobility_outside(us, frozen_zone) as i32;
    let frozen = if own & frozen_zone == 0 {
        0
    } else {
        -frozen_loss(w, pos, us)
    };
    let pawn_advance = pawn_advance(w, pos.pieces(us, PAWN), us);
    let king = pos.king(us);
    let attackers = (t.within2[king] & pos.occupied_by(1 - us)).count_ones() as i32;
    let shield = (t.adjacent[king] & own).count_ones() as i32;
    let king_safety = w.king_attacker * attackers + w.king_shield * shield;
    let tempo = if pos.side() == us { w.tempo } else { 0 };
    let lone_king = lone_king_hunt(w, pos, us);
    [
        material,
        mobility,
        frozen,
        pawn_advance,
        king_safety,
        tempo,
        lone_king,
    ]
}

/// The hunt of the enemy King when it is alone and `us` have more than a King: it is
/// driven to the rim, our King closes in and its cells are taken away (`lone_king_rim`,
/// `lone_king_proximity`, `lone_king_escape`).
fn lone_king_hunt(w: &Weights, pos: &Panoply, us: Color) -> i32 {
    let them = 1 - us;
    let their_king = pos.king(them);
    let alone = pos.occupied_by(them) == 1 << their_king;
    if !alone || pos.occupied_by(us).count_ones() < 2 {
        return 0;
    }
    let hex = tables().hex;
    let centre = hex.cell(0, 0).expect("the centre is a cell");
    let from_centre = hex.distance(their_king, centre);
    let closeness = BOARD_WIDTH - hex.distance(pos.king(us), their_king);
    let escapes = cells(tables().adjacent[their_king])
        .filter(|&cell| !pos.is_attacked(cell, us))
        .count() as i32;
    w.lone_king_rim * from_centre + w.lone_king_proximity * closeness + w.lone_king_escape * escapes
}

/// The change of White's score `raw` by the fifty-turn clock (`fifty_turn_fade`, R66).
fn fifty_turn_fade(w: &Weights, pos: &Panoply, raw: i32) -> i32 {
    let clock = (pos.halfmove_clock() as i32).min(FIFTY_TURN_LIMIT);
    -raw * w.fifty_turn_fade * clock / (100 * FIFTY_TURN_LIMIT)
}

impl PanoplyEval {
    /// The evaluation from White's point of view.
    pub fn white_view(&self, pos: &Panoply) -> i32 {
        white_view_with(&WEIGHTS, pos)
    }
}

/// The evaluation from White's point of view with the weights `w`.
pub fn white_view_with(w: &Weights, pos: &Panoply) -> i32 {
    let (white, black) = (side_terms(w, pos, WHITE), side_terms(w, pos, BLACK));
    let raw = white.iter().sum::<i32>() - black.iter().sum::<i32>();
    raw + fifty_turn_fade(w, pos, raw)
}

crate::weights::tunable!(PanoplyEval, Panoply, "panoply/weights.rs", |w, pos| {
    two_seats(white_view_with(w, pos))
});

impl Evaluator<Panoply> for PanoplyEval {
    fn evaluate_seats(&self, pos: &Panoply) -> SeatScores {
        two_seats(self.white_view(pos))
    }

    fn explain(&self, pos: &Panoply) -> String {
        let w = &WEIGHTS;
        let (white, black) = (side_terms(w, pos, WHITE), side_terms(w, pos, BLACK));
        let (white_total, to_move) = (self.white_view(pos), self.evaluate(pos));
        // The fade is shown in White's column, so that the differences add up to the total.
        let fade = white_total - (white.iter().sum::<i32>() - black.iter().sum::<i32>());
        let (white, black) = ([&white[..], &[fade]].concat(), [&black[..], &[0]].concat());
        colour_table(&TERM_NAMES, &white, &black, white_total, to_move)
    }

    fn capture_value(&self, pos: &Panoply, mv: Move) -> i32 {
        match mv {
            Move::Piece {
                capture, promotion, ..
            } => {
                let victim = if capture == u8::MAX {
                    0
                } else {
                    piece_value(&WEIGHTS, pos, capture as usize)
                };
                let gain = if promotion == u8::MAX {
                    0
                } else {
                    WEIGHTS.values[promotion as usize] - WEIGHTS.values[PAWN]
                };
                victim + gain
            }
            Move::Skirmish { capture, .. } => piece_value(&WEIGHTS, pos, capture as usize),
            // A captured Barricade is two ends; each entry names one captured piece.
            Move::Barricade { captures, .. } => captures
                .iter()
                .filter(|&&c| c != u8::MAX)
                .map(|&c| {
                    let value = piece_value(&WEIGHTS, pos, c as usize);
                    if pos.partner(c as usize).is_some() {
                        2 * value
                    } else {
                        value
                    }
                })
                .sum(),
        }
    }

    fn moving_piece_value(&self, pos: &Panoply, mv: Move) -> i32 {
        match mv {
            Move::Piece { from, .. } | Move::Skirmish { from, .. } => {
                match pos.piece_at(from as usize) {
                    Some((_, KING)) => WEIGHTS.values[RIDER] + 100,
                    Some((_, kind)) => WEIGHTS.values[kind],
                    None => 0,
                }
            }
            Move::Barricade { .. } => 2 * WEIGHTS.values[BARRICADE],
        }
    }

    fn has_non_pawn_material(&self, pos: &Panoply) -> bool {
        let us = pos.side();
        pos.occupied_by(us) & !(pos.pieces(us, PAWN) | pos.pieces(us, KING)) != 0
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use engine::game::{random_move, Game};
    use engine::variants::panoply::HERALD;
    use rand::rngs::StdRng;
    use rand::SeedableRng;

    /// The terms computed plainly, piece by piece.
    fn plain_side_terms(pos: &Panoply, us: Color) -> Terms {
        let t = tables();
        let own: Vec<usize> = (0..CELLS)
            .filter(|&c| pos.piece_at(c).is_some_and(|(color, _)| color == us))
            .collect();
        let material = own.iter().map(|&c| piece_value(&WEIGHTS, pos, c)).sum();
        let mobility = WEIGHTS.mobility * pos.mobility(us) as i32;
        let frozen = -cells(pos.frozen(us))
            .map(|c| piece_value(&WEIGHTS, pos, c) * WEIGHTS.frozen_share / 100)
            .sum::<i32>();
        let pawn_advance = own
            .iter()
            .filter(|&&c| pos.piece_at(c) == Some((us, PAWN)))
            .map(|&c| {
                let rank = t.hex.rank_of(c) as i32;
                let advanced = if us == WHITE { rank - 2 } else { 10 - rank };
                WEIGHTS.pawn_advance * advanced
                    + if advanced >= 7 {
                        WEIGHTS.pawn_near_promotion
                    } else {
                        0
                    }
            })
            .sum();
        let king = pos.king(us);
        let near_king = |cells: u128, color: Color| {
            (0..CELLS)
                .filter(|&c| cells & (1 << c) != 0)
                .filter(|&c| pos.piece_at(c).is_some_and(|(owner, _)| owner == color))
                .count() as i32
        };
        let king_safety = WEIGHTS.king_attacker * near_king(t.within2[king], 1 - us)
            + WEIGHTS.king_shield * near_king(t.adjacent[king], us);
        let tempo = if pos.side() == us { WEIGHTS.tempo } else { 0 };
        let lone_king = if own.len() > 1 && near_king(!0, 1 - us) == 1 {
            let (q, r) = t.hex.coords(pos.king(1 - us));
            let from_centre = q.abs().max(r.abs()).max((q + r).abs());
            let escapes = (0..CELLS)
                .filter(|&c| t.hex.distance(c, pos.king(1 - us)) == 1)
                .filter(|&c| !pos.is_attacked(c, us))
                .count() as i32;
            WEIGHTS.lone_king_rim * from_centre
                + WEIGHTS.lone_king_proximity * (12 - t.hex.distance(king, pos.king(1 - us)))
                + WEIGHTS.lone_king_escape * escapes
        } else {
            0
        };
        [
            material,
            mobility,
            frozen,
            pawn_advance,
            king_safety,
            tempo,
            lone_king,
        ]
    }

    /// Random playouts, captures and promotions half the time so that the board thins
    /// out, Pawns promote and Heralds freeze.
    #[test]
    fn the_terms_agree_with_plain_counts_along_random_playouts() {
        let mut rng = StdRng::seed_from_u64(5);
        let (mut positions, mut frozen, mut near_promotion) = (0, 0, 0);
        for _ in 0..40 {
            let mut pos = Panoply::start(&());
            for _ in 0..150 {
                for color in [WHITE, BLACK] {
                    let terms = side_terms(&WEIGHTS, &pos, color);
                    assert_eq!(
                        terms,
                        plain_side_terms(&pos, color),
                        "{}",
                        pos.position_string()
                    );
                    frozen += usize::from(terms[2] != 0);
                    near_promotion += usize::from(cells(pos.pieces(color, PAWN)).any(|c| {
                        let rank = tables().hex.rank_of(c);
                        if color == WHITE {
                            rank >= 9
                        } else {
                            rank <= 3
                        }
                    }));
                }
                positions += 1;
                let Some(mv) = random_move(&pos, 0.5, &mut rng) else {
                    break;
                };
                pos.make_move(mv);
            }
        }
        assert!(
            positions > 2000 && frozen > 200 && near_promotion > 200,
            "{positions} {frozen} {near_promotion}"
        );
    }

    #[test]
    fn the_start_position_is_balanced_but_for_the_tempo() {
        let pos = Panoply::start(&());
        assert_eq!(PanoplyEval.white_view(&pos), WEIGHTS.tempo);
        let explained = PanoplyEval.explain(&pos);
        for name in TERM_NAMES {
            assert!(explained.contains(name), "{name}");
        }
    }

    #[test]
    fn material_and_frozen_pieces_count() {
        // White: K m1, R c8. Black: k a13. A Rider up: clearly better for White.
        let up = Panoply::from_position_string("k6/8/9/10/11/2R9/13/12/11/10/9/8/6K w 0 1", &())
            .unwrap();
        assert!(PanoplyEval.white_view(&up) > WEIGHTS.values[RIDER] / 2);
        // E12: White's Rider e7 and Pawn e8 are frozen by the Herald f7.
        let frozen =
            Panoply::from_position_string("k6/8/9/10/2Hh7/4P7/4Rh4R2/12/11/10/9/8/6K w 0 1", &())
                .unwrap();
        let terms = side_terms(&WEIGHTS, &frozen, WHITE);
        let loss = |kind: usize| WEIGHTS.values[kind] * WEIGHTS.frozen_share / 100;
        assert_eq!(terms[2], -(loss(RIDER) + loss(PAWN) + loss(HERALD)));
        assert_eq!(
            side_terms(&WEIGHTS, &frozen, BLACK)[0],
            WEIGHTS.values[HERALD] * 2 + WEIGHTS.values[KING]
        );
    }

    #[test]
    fn the_side_to_move_sees_the_negated_score() {
        let white = Panoply::start(&());
        let black =
            Panoply::from_position_string(&white.position_string().replace(" w ", " b "), &())
                .unwrap();
        assert_eq!(PanoplyEval.evaluate(&white), WEIGHTS.tempo);
        assert_eq!(PanoplyEval.evaluate(&black), WEIGHTS.tempo);
        assert_eq!(PanoplyEval.white_view(&black), -WEIGHTS.tempo);
    }

    /// Black's King a13 and Rider a8 against White's lone King on `white_king`'s rank
    /// strings (rank 7 and rank 1).
    fn lone_king_at(rank7: &str, rank1: &str) -> Panoply {
        let text = format!("k6/8/9/10/11/r11/{rank7}/12/11/10/9/8/{rank1} b 0 1");
        Panoply::from_position_string(&text, &()).unwrap()
    }

    #[test]
    fn the_lone_king_is_driven_to_the_rim_and_approached() {
        let w = &WEIGHTS;
        // g7 is the centre; a13 is 6 cells from it; the Rider a8 attacks f8 and g8, so
        // the King could step to 4 cells.
        let centre = lone_king_at("6K6", "7");
        assert_eq!(
            lone_king_hunt(w, &centre, BLACK),
            6 * w.lone_king_proximity + 4 * w.lone_king_escape
        );
        // g1 is on the rim, 6 cells from the centre and 12 from a13; of its 3 neighbours
        // the Rider attacks g2 and h1 (along a8-h1), leaving f2.
        let rim = lone_king_at("13", "K6");
        assert_eq!(
            lone_king_hunt(w, &rim, BLACK),
            6 * w.lone_king_rim + w.lone_king_escape
        );
        assert_eq!(lone_king_hunt(w, &rim, WHITE), 0);
        // With a Pawn beside him the White King is not alone.
        let pawn = Panoply::from_position_string("k6/8/9/10/11/r11/6K6/6P5/11/10/9/8/7 b 0 1", &())
            .unwrap();
        assert_eq!(lone_king_hunt(w, &pawn, BLACK), 0);
    }

    #[test]
    fn the_fifty_turn_clock_fades_the_score() {
        let w = &WEIGHTS;
        let at = |clock: u32| {
            let text = format!("k6/8/9/10/11/r11/6K6/12/11/10/9/8/7 b {clock} 1");
            PanoplyEval.white_view(&Panoply::from_position_string(&text, &()).unwrap())
        };
        let raw = at(0);
        assert!(raw < 0, "Black is a Rider up: {raw}");
        assert_eq!(at(25), raw - raw * w.fifty_turn_fade * 25 / 5000);
        assert_eq!(at(49), raw - raw * w.fifty_turn_fade * 49 / 5000);
        let explained = PanoplyEval.explain(&lone_king_at("6K6", "7"));
        assert!(explained.contains("fifty-turn"), "{explained}");
    }
}
