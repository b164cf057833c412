//! Seven Kingdoms evaluation (`docs/rules/sevenkingdoms.md`): one score per player.
//!
//! Terms are computed per kingdom in the game (captured kingdoms have no pieces; the
//! pieces of kingdoms put out still block and can be taken, but score for nobody):
//! - material, by the values below;
//! - mobility: the kingdom's legal moves, weighted by the moving piece's type;
//! - the General's safety: a General that an enemy player's kingdom attacks, and that
//!   kingdom moves before the General's own kingdom, is as good as lost together with the
//!   army (R37, R40); the first such attacker is credited part of the prize; a General the
//!   enemy can only take after its own kingdom has moved costs a tempo; own pieces next to
//!   the General shelter it;
//! - losses: the danger of the tenth loss (R38), growing as it nears;
//! - the race to victory (R43): captures toward 30 and a held kingdom toward two.
//!
//! A player's strength is the sum of its kingdoms' terms, except the race, where only its
//! best kingdom counts (captures and held kingdoms are not pooled, A5, A7). A player's
//! score is its strength minus the other players' mean strength, so that an even field
//! scores 0 and two players score exact opposites. A player without a kingdom in the game
//! can no longer win (R47) and scores `-EVAL_LIMIT`.
//!
//! The moves come from the position's counts per kingdom and piece type, which make keeps
//! up to date with the rules' move generator; the attackers of a General are looked for
//! backwards from its cell.

use engine::bitboard::Wide384;
use engine::game::Game;
use engine::search::multiplayer::SeatScores;
use engine::search::score::EVAL_LIMIT;
use engine::search::Evaluator;
use engine::variants::sevenkingdoms::{
    tables, Move, SevenKingdoms, COLOUR_LETTERS, GENERAL, GO_BETWEEN, KINGDOMS,
};
use std::fmt::Write;

crate::weights! {
    /// The Seven Kingdoms evaluation's weights in centipawns; their values are in
    /// `weights.rs`. Counts where a term changes shape (`SHELTER_MAX`,
    /// `CAPTURE_RACE_FROM`, `LOSS_FROM`) are constants, not weights.
    pub struct Weights {
        /// Piece values by type (General, Chancellor, Diplomat, Cannon, Go-Between, Archer,
        /// Crossbowman, Knight, Dagger, Swordsman), from their moves on the 19 × 19 board
        /// (§3): the General a queen (its loss costs the whole army, which the safety term
        /// and the search see, not this value); the Chancellor a rook; the Diplomat a
        /// bishop, bound to one colour of cells; the Cannon as in Xiangqi, strong among the
        /// many screens of this crowded board; the Archer and Crossbowman short queens
        /// (ranges 4 and 5); the Knight with up to 24 blockable destinations; the
        /// Go-Between a permanent blocker that can never be taken (R21); the one-step
        /// soldiers as pawns, the Swordsman with the colour-free orthogonal step worth more
        /// than the diagonal Dagger.
        pub values: [i32; 10],
        /// Mobility per legal move, by the moving piece's type: lower for the long-range
        /// pieces, which have many moves each.
        pub mobility: [i32; 10],
        /// Share (per cent) of its army's material a kingdom loses when an enemy that moves
        /// before it attacks its General: the capture would take the whole army (R37, R40).
        pub general_en_prise_percent: i32,
        /// Share (per cent) of the victim's material credited to the first such attacker.
        pub general_threat_percent: i32,
        /// A General attacked only by enemies that move after its kingdom: a tempo to
        /// escape.
        pub general_harassed: i32,
        /// Per own piece next to the General, at most `SHELTER_MAX` of them.
        pub general_shelter: i32,
        /// The race to 30 captures (R43.3): per capture, and a square term from
        /// `CAPTURE_RACE_FROM` on, since the last captures before the threshold decide.
        pub capture_race_per_piece: i32,
        pub capture_race_square: i32,
        /// Holding one captured kingdom: one more General wins (R43.2).
        pub held_kingdom: i32,
        /// The danger of the tenth loss (R38): per loss, and a square term from
        /// `LOSS_FROM` on.
        pub loss_per_piece: i32,
        pub loss_square: i32,
    }
}

mod weights;
pub use weights::WEIGHTS;

/// At most this many sheltering pieces count (`Weights::general_shelter`).
pub const SHELTER_MAX: u32 = 4;
/// From this many captures on, the race term grows with their square.
pub const CAPTURE_RACE_FROM: i32 = 15;
/// From this many losses on, the danger term grows with their square.
pub const LOSS_FROM: i32 = 5;

/// The score of a player that can no longer win.
pub const OUT_SCORE: i32 = -EVAL_LIMIT;

/// The set cells of a bitboard, lowest first, word by word (cheaper than popping cells
/// off a wide bitboard, which rebuilds all its words for every cell).
fn squares(bb: Wide384) -> impl Iterator<Item = usize> {
    bb.0.into_iter().enumerate().flat_map(|(i, mut word)| {
        std::iter::from_fn(move || {
            let bit = (word != 0).then(|| word.trailing_zeros() as usize)?;
            word &= word - 1;
            Some(64 * i + bit)
        })
    })
}

/// The terms of one kingdom in the game, in centipawns.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct KingdomTerms {
    pub material: i32,
    pub mobility: i32,
    /// The safety of its own General(s).
    pub general: i32,
    /// Enemy Generals it is the first to be able to take.
    pub threats: i32,
    pub losses: i32,
    /// Captures toward 30 and held kingdoms toward two.
    pub race: i32,
}

impl KingdomTerms {
    /// Every term but the race (which counts for the player's best kingdom only).
    pub fn army(&self) -> i32 {
        self.material + self.mobility + self.general + self.threats + self.losses
    }
}

/// The evaluation with all its parts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Breakdown {
    /// Terms per kingdom in turn order, `None` for kingdoms out of the game.
    pub kingdoms: [Option<KingdomTerms>; KINGDOMS],
    /// Legal moves per kingdom in the game (0 for the others).
    pub moves: [u32; KINGDOMS],
    /// Per seat: the sum of its kingdoms' army terms plus its best race term, or
    /// `OUT_SCORE` without a kingdom in the game.
    pub strength: SeatScores,
    /// Per seat: the strength relative to the field (the evaluation).
    pub scores: SeatScores,
}

/// A kingdom's moves, mobility and material, from the position's counts of moves and
/// pieces by type.
#[derive(Clone, Copy, Default)]
struct Army {
    moves: u32,
    mobility: i32,
    material: i32,
}

impl Army {
    fn of(w: &Weights, pos: &SevenKingdoms, kingdom: usize) -> Army {
        let mut army = Army::default();
        let pieces = pos.pieces_by_kind(kingdom);
        for (kind, &moves) in pos.moves_by_kind(kingdom).iter().enumerate() {
            army.moves += u32::from(moves);
            army.mobility += w.mobility[kind] * i32::from(moves);
            army.material += w.values[kind] * i32::from(pieces[kind]);
        }
        army
    }
}

/// Own pieces on the cells next to `cell`.
fn shelter(pos: &SevenKingdoms, cell: usize, kingdom: usize) -> u32 {
    let grid = &tables().grid;
    (0..8)
        .filter_map(|d| grid.ray(cell, d).first())
        .filter(|&&c| {
            pos.piece_at(usize::from(c))
                .is_some_and(|(k, _)| k == kingdom)
        })
        .count() as u32
}

/// The race term of a kingdom with `captures` captures holding `held` kingdoms.
fn race(w: &Weights, captures: u32, held: usize) -> i32 {
    let c = captures as i32;
    let closing = (c - CAPTURE_RACE_FROM).max(0);
    let held_term = if held > 0 { w.held_kingdom } else { 0 };
    w.capture_race_per_piece * c + w.capture_race_square * closing * closing + held_term
}

/// The danger term of a kingdom with `losses` losses.
fn loss_danger(w: &Weights, losses: u32) -> i32 {
    let l = losses as i32;
    let closing = (l - LOSS_FROM).max(0);
    -(w.loss_per_piece * l + w.loss_square * closing * closing)
}

/// How many moves after the side to move's a kingdom's turn comes (0 for the side).
fn turn_distance(pos: &SevenKingdoms, kingdom: usize) -> usize {
    (kingdom + KINGDOMS - pos.side()) % KINGDOMS
}

/// Adds the General safety terms: each General of a kingdom in the game, the enemy
/// kingdoms (of other players) attacking it, and who of them moves first.
fn general_safety(w: &Weights, pos: &SevenKingdoms, terms: &mut [Option<KingdomTerms>; KINGDOMS]) {
    let players = pos.players();
    for cell in squares(pos.generals()) {
        let Some((owner, _)) = pos.piece_at(cell) else {
            continue;
        };
        let Some(own) = terms[owner] else {
            continue;
        };
        let attacking = pos.attackers(cell);
        let first_attacker = (0..KINGDOMS)
            .filter(|&k| terms[k].is_some() && players.seat_of(k) != players.seat_of(owner))
            .filter(|&k| attacking & (1 << k) != 0)
            .min_by_key(|&k| turn_distance(pos, k));
        let sheltering = shelter(pos, cell, owner).min(SHELTER_MAX) as i32;
        let mut general = w.general_shelter * sheltering;
        match first_attacker {
            Some(k) if turn_distance(pos, k) < turn_distance(pos, owner) => {
                general -= own.material * w.general_en_prise_percent / 100;
                if let Some(attacker) = &mut terms[k] {
                    attacker.threats += own.material * w.general_threat_percent / 100;
                }
            }
            Some(_) => general -= w.general_harassed,
            None => {}
        }
        if let Some(own) = &mut terms[owner] {
            own.general += general;
        }
    }
}

/// Each seat's strength: its kingdoms' army terms and its best race term.
fn strengths(pos: &SevenKingdoms, terms: &[Option<KingdomTerms>; KINGDOMS]) -> SeatScores {
    let players = pos.players();
    (0..pos.seats())
        .map(|seat| {
            let kingdoms = players.kingdoms_of(seat);
            let mine = (0..KINGDOMS)
                .filter(|&k| kingdoms & (1 << k) != 0)
                .filter_map(|k| terms[k]);
            let army: i32 = mine.clone().map(|t| t.army()).sum();
            mine.map(|t| t.race)
                .max()
                .map_or(OUT_SCORE, |race| army + race)
        })
        .collect()
}

/// Whether a piece of a kingdom in the game that belongs to another player than `seat`
/// could capture on `cell` (its occupant aside).
pub fn attacked_by_others(pos: &SevenKingdoms, cell: usize, seat: usize) -> bool {
    let others = (0..KINGDOMS)
        .filter(|&k| pos.in_game(k) && pos.players().seat_of(k) != seat)
        .fold(0u8, |mask, k| mask | 1 << k);
    pos.attackers(cell) & others != 0
}

/// Each seat's strength minus the mean strength of the other seats in the game (seats
/// out of the game keep `OUT_SCORE` and are left out of the mean).
///
/// Not `crate::relative_to_field`, whose field leans on the strongest other seat: with
/// six opponents one of them can nearly always take something from another, and the
/// coalition searches (best-reply, paranoid) then chose that reply, the same whatever the
/// root player did, so deeper searches saw noise (issue 20 item 7). Against the mean a
/// trade between two opponents moves a seat's score by a sixth of its net, and the
/// replies that matter are the ones against the seat itself. Two seats still score exact
/// opposites.
fn relative_to_others_mean(strength: &[i32]) -> SeatScores {
    let limit = EVAL_LIMIT - 1;
    let in_game: Vec<usize> = (0..strength.len())
        .filter(|&s| strength[s] != OUT_SCORE)
        .collect();
    let total: i32 = in_game.iter().map(|&s| strength[s]).sum();
    let others = in_game.len() as i32 - 1;
    (0..strength.len())
        .map(|seat| match strength[seat] {
            OUT_SCORE => OUT_SCORE,
            own if others == 0 => own.clamp(-limit, limit),
            own => (own - (total - own) / others).clamp(-limit, limit),
        })
        .collect()
}

/// The Seven Kingdoms evaluation.
#[derive(Clone, Copy, Debug, Default)]
pub struct SevenKingdomsEval;

/// The material of `kingdom`'s army.
fn army_material(w: &Weights, pos: &SevenKingdoms, kingdom: usize) -> i32 {
    let pieces = pos.pieces_by_kind(kingdom);
    (0..10)
        .map(|kind| w.values[kind] * i32::from(pieces[kind]))
        .sum()
}

impl SevenKingdomsEval {
    /// The evaluation with all its terms.
    pub fn breakdown(&self, pos: &SevenKingdoms) -> Breakdown {
        breakdown_with(&WEIGHTS, pos)
    }
}

/// The evaluation with all its terms, with the weights `w`.
pub fn breakdown_with(w: &Weights, pos: &SevenKingdoms) -> Breakdown {
    let mut terms: [Option<KingdomTerms>; KINGDOMS] = [None; KINGDOMS];
    let mut moves = [0; KINGDOMS];
    for kingdom in (0..KINGDOMS).filter(|&k| pos.in_game(k)) {
        let army = Army::of(w, pos, kingdom);
        moves[kingdom] = army.moves;
        let held = pos
            .captured_kingdoms()
            .iter()
            .filter(|&&(holder, _)| usize::from(holder) == kingdom)
            .count();
        terms[kingdom] = Some(KingdomTerms {
            material: army.material,
            mobility: army.mobility,
            losses: loss_danger(w, pos.losses(kingdom)),
            race: race(w, pos.captures(kingdom), held),
            ..KingdomTerms::default()
        });
    }
    general_safety(w, pos, &mut terms);
    let strength = strengths(pos, &terms);
    let scores = relative_to_others_mean(&strength);
    Breakdown {
        kingdoms: terms,
        moves,
        strength,
        scores,
    }
}

crate::weights::tunable!(
    SevenKingdomsEval,
    SevenKingdoms,
    "sevenkingdoms/weights.rs",
    |w, pos| breakdown_with(w, pos).scores
);

impl Evaluator<SevenKingdoms> for SevenKingdomsEval {
    fn evaluate_seats(&self, pos: &SevenKingdoms) -> SeatScores {
        self.breakdown(pos).scores
    }

    fn explain(&self, pos: &SevenKingdoms) -> String {
        let b = self.breakdown(pos);
        let players = pos.players();
        let mut text = String::from(
            "kingdom player material mobility  general  threats   losses     race  (moves)\n",
        );
        for (k, terms) in b.kingdoms.iter().enumerate() {
            let Some(t) = terms else {
                continue;
            };
            let _ = writeln!(
                text,
                "{:>7} {:>6} {:>8} {:>8} {:>8} {:>8} {:>8} {:>8}  ({})",
                COLOUR_LETTERS[k] as char,
                players.seat_of(k) + 1,
                t.material,
                t.mobility,
                t.general,
                t.threats,
                t.losses,
                t.race,
                b.moves[k]
            );
        }
        for seat in 0..pos.seats() {
            let kingdoms: String = players
                .block_of(seat)
                .map(|k| COLOUR_LETTERS[k] as char)
                .collect();
            let _ = writeln!(
                text,
                "player {} ({kingdoms}): strength {} score {}",
                seat + 1,
                b.strength[seat],
                b.scores[seat]
            );
        }
        text
    }

    fn moving_piece_value(&self, pos: &SevenKingdoms, mv: Move) -> i32 {
        let w = &WEIGHTS;
        match mv {
            Move::Step { from, .. } => pos
                .piece_at(usize::from(from))
                .map_or(0, |(_, kind)| w.values[kind]),
            Move::PutOut(_) => 0,
        }
    }

    /// A more valuable piece takes a piece (not a General) on a cell that another player
    /// can take back on: a stand-in for static exchange evaluation.
    fn is_losing_capture(&self, pos: &SevenKingdoms, mv: Move) -> bool {
        let w = &WEIGHTS;
        let Move::Step { from, to } = mv else {
            return false;
        };
        let (from, to) = (usize::from(from), usize::from(to));
        match (pos.piece_at(from), pos.piece_at(to)) {
            (Some((mover, kind)), Some((_, victim))) => {
                victim != GENERAL
                    && w.values[kind] > w.values[victim]
                    && attacked_by_others(pos, to, pos.players().seat_of(mover))
            }
            _ => false,
        }
    }

    /// What taking the cheapest piece moves between its taker and its victim, as a
    /// two-player game's pawn moves the difference of the two sides: the piece, a step of
    /// the race to thirty captures (R43.3) and a loss (R38). A General takes the army and a
    /// Go-Between is never taken (R21). Counted from the taker alone (the piece and the
    /// race step, about half of this) the strength levels hardly differed: level 4 took
    /// 1,031 first places against level 0 in 2,100 games, below its equal share of 1,050
    /// (`docs/protocol.md`).
    fn pawn(&self) -> i32 {
        let w = &WEIGHTS;
        let cheapest = (0..w.values.len())
            .filter(|&kind| kind != GENERAL && kind != GO_BETWEEN)
            .map(|kind| w.values[kind])
            .min()
            .unwrap_or(0);
        cheapest + w.capture_race_per_piece + w.loss_per_piece
    }

    fn capture_value(&self, pos: &SevenKingdoms, mv: Move) -> i32 {
        let w = &WEIGHTS;
        let Move::Step { to, .. } = mv else {
            return 0;
        };
        match pos.piece_at(usize::from(to)) {
            Some((victim, GENERAL)) => army_material(w, pos, victim) + w.held_kingdom,
            Some((_, kind)) => w.values[kind],
            None => 0,
        }
    }
}
