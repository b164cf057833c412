//! A whole ply (R63): the move, the end-of-ply steps 1–7, and the eliminations they bring
//! (Astaroth R102, checkmate R60 c, R70, claims R111, R105 c, elimination R110); the end
//! of the game (R112); settling a position that was read (§13).

use super::armies::ARMIES;
use super::legal::summoned_cell;
use super::moves::{Move, PieceMove};
use super::tables::tables;
use super::{Checkpoint, Hexian, Kind, Patron, Spells};
use crate::bitboard::{Bitboard, Wide256};

impl Hexian {
    /// Plays the legal move `mv` of the side to move with every end-of-ply step (R63).
    pub fn play(&mut self, mv: Move) {
        let before = self.checkpoint();
        let mover = self.side;
        let quiet = self.is_quiet(mv);
        self.play_move_effects(mv);
        let pieces_after_move = self.piece_count();
        self.finish_ply_board(mover, summoned_cell(mv));
        if self.patron == Patron::Astaroth {
            self.count_checks(mover, &before);
        }
        self.eliminate_while_checkmated();
        // R116: the clock counts only plies in which nothing but a plain move happened.
        // Spec decision: W33 shows 1 after the Zombie move `j9j10`, but R116 resets the
        // clock after any Zombie move; the rule is followed (tested in hexian_examples).
        let removals = self.piece_count() != pieces_after_move;
        // R128: the counters are 32-bit and stop at their largest value (conventions.md).
        self.halfmove = if quiet && !removals {
            self.halfmove.saturating_add(1)
        } else {
            0
        };
        // R117: a new round begins when the turn passes back to an earlier army or to
        // the same one.
        if self.side <= mover {
            self.fullmove = self.fullmove.saturating_add(1);
        }
        self.refresh_hash_after(&before);
    }

    /// R116: a pass, or a plain move to a free cell of a piece other than a Zombie that
    /// hops nothing.
    fn is_quiet(&self, mv: Move) -> bool {
        match mv {
            Move::Pass => true,
            Move::Piece(PieceMove { from, to, .. }) => {
                let (from, to) = (usize::from(from), usize::from(to));
                let mover_kind = self.standing[from].map(|p| p.kind);
                let hop = mover_kind == Some(Kind::Imp) && self.hopped_cell(from, to).is_some();
                mover_kind != Some(Kind::Zombie) && self.standing[to].is_none() && !hop
            }
            _ => false,
        }
    }

    /// Number of pieces on the board, standing and fallen.
    fn piece_count(&self) -> u32 {
        self.occupied().count() + self.fallen_cells.count()
    }

    /// R102 (Astaroth), end-of-ply step 5: every army in play other than the mover that
    /// is in check now and was not before the ply (`checked`, kept from the ply before)
    /// counts a check; the third eliminates it at once. The mover is not in check after
    /// its legal ply (R68), and an elimination finds the armies in check afresh. An army
    /// whose check the ply begun at `before` cannot have changed keeps its bit.
    fn count_checks(&mut self, mover: usize, before: &Checkpoint) {
        debug_assert!(!self.in_check(mover), "R68: the mover is not left in check");
        let changed = self.cells_changed_since(before);
        let reach = attack_reach(changed);
        let was_checked = self.checked;
        let unchanged = |army: usize| self.check_unchanged(army, changed, reach);
        self.checked = self.players.armies_in_play().fold(0, |bits, army| {
            let in_check = match army {
                _ if army == mover => false,
                _ if unchanged(army) => was_checked & (1 << army) != 0,
                _ => self.in_check(army),
            };
            bits | u8::from(in_check) << army
        });
        let newly_checked = self.checked & !was_checked;
        if newly_checked == 0 {
            return;
        }
        for army in (1..ARMIES).map(|i| (mover + i) % ARMIES) {
            if newly_checked & (1 << army) != 0 {
                self.holdings_mut().checks[army] += 1;
                if self.holdings.checks[army] >= 3 {
                    self.eliminate(army);
                }
            }
        }
    }

    /// Whether `army` is in check exactly as before a ply that changed the pieces on
    /// `changed`, whose [`attack_reach`] is `reach`: its Archwizard stayed, no changed
    /// cell is one from which a piece could attack it before or after the ply (none when
    /// the Archwizard is out of the reach, else [`attack_may_change`] looks closer), and
    /// no enemy Imp stands next to it (whose attack depends on freshness, R25, R66, which
    /// the change of turn shifts).
    fn check_unchanged(&self, army: usize, changed: Wide256, reach: Wide256) -> bool {
        let t = tables();
        self.archwizard_of(army).is_none_or(|cell| {
            let enemy_imp = |c: usize| {
                self.standing[c]
                    .is_some_and(|p| p.kind == Kind::Imp && self.are_enemies(p.army(), army))
            };
            let stayed = || self.occupied & !changed;
            let others = || self.occupied & !self.standing_by_army[army];
            let may_change = changed.has(cell)
                || (reach.has(cell) && attack_may_change(cell, changed, stayed()))
                || (t.adjacent[cell] & others()).cells().any(enemy_imp);
            !may_change
        })
    }

    /// The armies in play whose Archwizard is in check (bit = army).
    fn armies_in_check(&self) -> u8 {
        self.players
            .armies_in_play()
            .filter(|&army| self.in_check(army))
            .fold(0, |bits, army| bits | 1 << army)
    }

    /// Finds [`Hexian::checked`] afresh: under Astaroth, after an elimination or a read.
    fn refresh_checked(&mut self) {
        self.checked = match self.patron {
            Patron::Astaroth => self.armies_in_check(),
            _ => 0,
        };
    }

    /// Whether the side to move is in check: under Astaroth as `checked` has it.
    fn side_in_check(&self) -> bool {
        match self.patron {
            Patron::Astaroth => self.checked & (1 << self.side) != 0,
            _ => self.in_check(self.side),
        }
    }

    /// Whether the game is over (R112): every army in play belongs to one player.
    pub fn is_over(&self) -> bool {
        let mut armies = self.players.armies_in_play();
        let Some(first) = armies.next() else {
            return true;
        };
        armies.all(|army| self.players.same_player(army, first))
    }

    /// R60 (c), R70 on a position just read: the armies in check are found, then
    /// [`Hexian::eliminate_while_checkmated`].
    pub fn eliminate_checkmated(&mut self) {
        self.refresh_checked();
        self.eliminate_while_checkmated();
    }

    /// R60 (c), R70: while the side to move is in check without a legal move, it is
    /// eliminated (its claimant takes it, R111) and the next army becomes the side to move.
    fn eliminate_while_checkmated(&mut self) {
        while !self.is_over() && self.side_in_check() && !self.has_legal_move() {
            let checkmated = self.side;
            if self.patron == Patron::Lilith {
                self.claim(checkmated);
            }
            self.eliminate(checkmated);
        }
    }

    /// R111, R105 c: the enemy army with the most standing pieces attacking the
    /// checkmated Archwizard (ties: the one that moved most recently, last in play order
    /// from the checkmated army) receives every piece of the army on the board, standing
    /// or fallen, except its Archwizard, illusions, Ghosts and summoned pieces.
    fn claim(&mut self, checkmated: usize) {
        let Some(archwizard) = self.archwizard_of(checkmated) else {
            return;
        };
        let attackers = |army: usize| {
            self.standing_by_army[army]
                .cells()
                .filter(|&c| self.attacks_from(c).has(archwizard))
                .count()
        };
        let claimant = (1..ARMIES)
            .map(|i| (checkmated + i) % ARMIES)
            .filter(|&a| self.players.in_play(a) && self.are_enemies(a, checkmated))
            .map(|a| (attackers(a), a))
            .filter(|&(n, _)| n > 0)
            // `max_by_key` keeps the last of equal maxima: the latest in play order.
            .max_by_key(|&(n, _)| n)
            .map(|(_, a)| a);
        let Some(claimant) = claimant else {
            return;
        };
        let pieces = self.standing.iter().chain(&self.fallen).flatten();
        let claimed: Vec<Kind> = pieces
            .filter(|p| p.army() == checkmated && !p.summoned)
            .map(|p| p.kind)
            .filter(|k| !matches!(k, Kind::Archwizard | Kind::Illusion | Kind::Ghost))
            .collect();
        for kind in claimed {
            self.holdings_mut().reserves[claimant].add(kind);
        }
    }

    /// R110: every piece of the army leaves the board, its pool entries, reserve, spells
    /// and counter are emptied, its marks erased; if it was to move, the next army in play
    /// becomes the side to move (R60 a, b), also when the game is now over, so that the
    /// side to move is always an army in play (R120).
    fn eliminate(&mut self, army: usize) {
        for cell in 0..self.standing.len() {
            if self.standing[cell].is_some_and(|p| p.army() == army) {
                self.take_standing(cell);
            }
            if self.fallen[cell].is_some_and(|p| p.army() == army) {
                self.take_fallen(cell);
            }
        }
        let holdings = self.holdings_mut();
        for start in tables().armies[army].ghost_starts {
            holdings.ghost_pool &= !Wide256::cell(start);
        }
        holdings.reserves[army] = Default::default();
        holdings.spells[army] = Spells::default();
        holdings.checks[army] = 0;
        self.erase_marks_of(army);
        self.players.eliminate(army);
        if self.side == army {
            self.side = self.players.next_in_play(army);
            self.erase_marks_and_shields_of(self.side);
        }
        self.refresh_checked();
    }
}

/// The cells whose attacks a change of the pieces on `changed` may alter: the changed
/// cells and every cell on their 12 lines or a knight's leap away (R13). The relation is
/// symmetric: a cell is in the reach exactly when a changed cell is on its lines or leaps.
fn attack_reach(changed: Wide256) -> Wide256 {
    let t = tables();
    changed
        .cells()
        .fold(changed, |bb, c| bb | t.lines_through[c] | t.hex.knight(c))
}

/// Whether a change of the pieces on `changed` may alter the attacks on `cell`, whose
/// piece stayed, given the standing pieces that `stayed` the same before and after
/// (R13): a changed cell a knight's leap or a double step away (the leaps of a
/// Doppelganger, R32, R34, which nothing blocks), or a changed cell on one of the 12
/// lines through `cell` with no piece that stayed between them (R11: such a piece blocks
/// the line both before and after).
fn attack_may_change(cell: usize, changed: Wide256, stayed: Wide256) -> bool {
    let t = tables();
    let leaps = t.hex.knight(cell) | t.double_steps[cell];
    let on_open_line = |c: usize| {
        t.line_direction[cell][c].is_some_and(|d| {
            let d = usize::from(d);
            let between = t.hex.ray(d, cell) ^ t.hex.ray(d, c) ^ Wide256::cell(c);
            (between & stayed).is_empty()
        })
    };
    !(changed & leaps).is_empty() || (changed & t.lines_through[cell]).cells().any(on_open_line)
}

#[cfg(test)]
mod tests {
    use super::super::{Config, Piece};
    use super::*;
    use rand::{rngs::StdRng, Rng, SeedableRng};

    /// R102: the armies in check that a ply keeps for the next one's count are the ones
    /// found afresh, after every ply of random games and after taking plies back.
    #[test]
    fn r102_the_armies_in_check_kept_from_ply_to_ply_are_those_found_afresh() {
        let mut rng = StdRng::seed_from_u64(102);
        let (mut plies, mut checked_plies) = (0, 0);
        for _ in 0..12 {
            let mut p = Hexian::start(&Config::default());
            let mut line = Vec::new();
            for _ in 0..120 {
                let moves = p.legal_moves();
                if moves.is_empty() {
                    break;
                }
                line.push(p.checkpoint());
                let (mover, before, counts) = (p.side, p.armies_in_check(), p.holdings.checks);
                p.play(moves[rng.gen_range(0..moves.len())]);
                let text = p.position_string();
                assert_eq!(p.checked, p.armies_in_check(), "{text}");
                // Every other army in play counts one more exactly when newly in check.
                let newly = p.checked & !before;
                for army in p.players.armies_in_play().filter(|&a| a != mover) {
                    let expected = counts[army] + u8::from(newly & (1 << army) != 0);
                    assert_eq!(p.holdings.checks[army], expected, "army {army}: {text}");
                }
                plies += 1;
                checked_plies += usize::from(p.checked != 0);
            }
            while let Some(before) = line.pop() {
                p.rewind(&before);
                assert_eq!(p.checked, p.armies_in_check(), "{}", p.position_string());
            }
        }
        assert!(
            plies > 1_000 && checked_plies > 25,
            "{plies} plies, {checked_plies} with a check"
        );
    }

    /// White's, black's and blue's Archwizards alone, blue's far from the others.
    const THREE_ARCHWIZARDS: &str = "9/10/11/12/bA12/14/15/16/8uA8/16/15/14/13/12/11/10/2wA6 w - w.b.u.P.G.Y 1 - 000000 - - 0 1";

    /// Puts white's `piece` on each free cell of `base` off blue's Archwizard's lines and
    /// knight's leaps and plays every legal move: the armies in check must be those found
    /// afresh, and each move of that piece that checks blue must raise blue's counter to 1
    /// (R102). Returns how many of its moves checked blue.
    fn checks_from_off_the_lines(base: &Hexian, piece: Piece) -> usize {
        let blue = base.archwizard_of(2).expect("blue's Archwizard");
        let t = tables();
        let off_lines = !(t.lines_through[blue] | t.hex.knight(blue)) & !base.occupied();
        let mut checks = 0;
        for start in off_lines
            .cells()
            .filter(|&c| c < crate::variants::hexian::CELLS)
        {
            let mut p = base.clone();
            p.put_standing(start, piece);
            p.refresh_checked();
            for mv in p.legal_moves() {
                let before = p.checkpoint();
                p.play(mv);
                assert_eq!(p.checked, p.armies_in_check(), "after {mv:?}");
                let moved = matches!(mv, Move::Piece(m) if usize::from(m.from) == start);
                if moved && p.checked & 1 << 2 != 0 {
                    assert_eq!(p.check_counter(2), 1, "after {mv:?}");
                    checks += 1;
                }
                p.rewind(&before);
            }
        }
        checks
    }

    /// R102 with R32: a native Doppelganger leaping to a knight's leap from blue's
    /// Archwizard checks it from a cell on none of its lines, having left another such
    /// cell; the check is counted and kept.
    #[test]
    fn r102_a_check_by_a_knight_s_leap_off_the_lines_is_counted() {
        let base = Hexian::from_position_string(THREE_ARCHWIZARDS).expect("valid");
        let doppelganger = Piece::new(0, Kind::Doppelganger);
        assert!(
            checks_from_off_the_lines(&base, doppelganger) > 0,
            "no check by a knight's leap"
        );
    }

    /// R102 with R34: a white Doppelganger in Imp form leaping to a double step from
    /// blue's Archwizard checks it over the blue piece between them, which stays and does
    /// not block the leap; the check is counted and kept.
    #[test]
    fn r102_a_check_by_a_double_step_over_a_piece_is_counted() {
        let mut base = Hexian::from_position_string(THREE_ARCHWIZARDS).expect("valid");
        let blue = base.archwizard_of(2).expect("blue's Archwizard");
        for neighbour in tables().adjacent[blue].cells() {
            base.put_standing(neighbour, Piece::new(2, Kind::Zombie));
        }
        let imp_form = Piece {
            form: Some(Kind::Imp),
            ..Piece::new(0, Kind::Doppelganger)
        };
        assert!(
            checks_from_off_the_lines(&base, imp_form) > 0,
            "no check by a double step"
        );
    }

    /// R102 with R25 and R66: a white Imp attacks blue's Archwizard, which arrived after
    /// white's latest ply (fresh for white). Any white ply ends that check, since blue's
    /// mark is then no longer fresh for white, even a ply far from the Archwizard: the
    /// kept bit must follow.
    #[test]
    fn r102_a_check_ended_by_freshness_alone_is_not_kept() {
        let text = "9/10/11/12/bA12/14/15/9wZ(^w)6/7wIuA(^u)8/16/15/14/13/12/11/10/2wA6 w - w.b.u.P.G.Y 1 - 001000 - - 0 1";
        let mut p = Hexian::from_position_string(text).expect("valid");
        assert_eq!(p.checked, 1 << 2, "the white Imp checks blue");
        let i9 = tables().hex.parse_cell("i9").expect("a cell");
        let far = !(tables().lines_through[i9] | tables().hex.knight(i9));
        let moves = p.legal_moves();
        let mut far_plies = 0;
        for mv in moves {
            let before = p.checkpoint();
            p.play(mv);
            assert_eq!(p.checked, p.armies_in_check(), "after {mv:?}");
            let Move::Piece(m) = mv else {
                p.rewind(&before);
                continue;
            };
            if far.has(usize::from(m.from)) && far.has(usize::from(m.to)) {
                assert_eq!(p.checked & 1 << 2, 0, "after {mv:?}");
                far_plies += 1;
            }
            p.rewind(&before);
        }
        assert!(far_plies > 0, "a white ply away from blue's lines");
    }
}
