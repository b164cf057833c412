//! Attack (R13), freshness (R66), check (R67) and Belphegor's paralysis (R103): what each
//! kind of standing piece attacks, worked out from the board.

use super::armies::{clockwise, widdershins, ARMIES};
use super::tables::tables;
use super::{Hexian, Kind, Patron, Piece};
use crate::bitboard::{Bitboard, Wide256};
use crate::geometry::ORTHOGONAL;

/// Direction indices into `ALL_DIRECTIONS`: orthogonal `0..6`, diagonal `6..12`.
pub const ORTHOGONAL_DIRECTIONS: std::ops::Range<usize> = 0..ORTHOGONAL.len();
pub const DIAGONAL_DIRECTIONS: std::ops::Range<usize> = ORTHOGONAL.len()..12;
pub const ALL_DIRECTION_INDICES: std::ops::Range<usize> = 0..12;

/// The number of steps in direction `d` that cover `distance` (R6): a diagonal step
/// spans two.
pub(super) fn steps_along(d: usize, distance: usize) -> usize {
    if ORTHOGONAL_DIRECTIONS.contains(&d) {
        distance
    } else {
        distance / 2
    }
}

/// The direction opposite `d`: orthogonal and diagonal directions each go round in order
/// (`geometry::ORTHOGONAL`, `geometry::DIAGONAL`), so the opposite is three places on.
pub fn opposite(d: usize) -> usize {
    d - d % 6 + (d % 6 + 3) % 6
}

impl Hexian {
    /// Whether armies `a` and `b` belong to different players (§1: allies are friends).
    pub fn are_enemies(&self, a: usize, b: usize) -> bool {
        !self.players.same_player(a, b)
    }

    /// R10: the standing piece on `cell` may be captured by army `by`: an enemy piece
    /// that is not an Archwizard, not an illusion and not shielded.
    pub fn is_capturable_by(&self, cell: usize, by: usize) -> bool {
        self.standing[cell].is_some_and(|p| {
            self.are_enemies(p.army(), by)
                && !matches!(p.kind, Kind::Archwizard | Kind::Illusion)
                && !p.shielded
        })
    }

    /// The place of `army` in play order counted from the side to move (R66).
    fn play_order_index(&self, army: usize) -> usize {
        (0..ARMIES)
            .map(|i| (self.side + i) % ARMIES)
            .filter(|&a| self.players.in_play(a))
            .position(|a| a == army)
            .unwrap_or(ARMIES)
    }

    /// R66: the piece is fresh for `army` when it bears the mark of an army that comes
    /// after `army` in play order from the side to move, i.e. it arrived after `army`'s
    /// latest ply.
    pub fn is_fresh_for(&self, piece: &Piece, army: usize) -> bool {
        piece
            .mark_army()
            .is_some_and(|mark| self.play_order_index(mark) > self.play_order_index(army))
    }

    /// The cells the standing piece on `cell` attacks (R13): nothing if it is petrified.
    pub fn attacks_from(&self, cell: usize) -> Wide256 {
        match self.standing[cell] {
            Some(piece) if !piece.petrified => self.attacks_of(cell, &piece),
            _ => Wide256::EMPTY,
        }
    }

    /// The cells `piece` would attack standing on `cell` (R13).
    pub(super) fn attacks_of(&self, cell: usize, piece: &Piece) -> Wide256 {
        match piece.kind {
            Kind::Imp => self.imp_attacks(cell, piece.army()),
            Kind::Doppelganger => match piece.form {
                None => tables().hex.knight(cell),
                Some(Kind::Imp) => self.double_steps(cell),
                Some(form) => self.movement_attacks(cell, form, piece.army()),
            },
            Kind::Familiar | Kind::Illusion => Wide256::EMPTY,
            kind => self.movement_attacks(cell, kind, piece.army()),
        }
    }

    /// The attacks of a piece that captures where it attacks: Zombie (R16, R108), Ghoul
    /// (R20, R108), Ghost (R26), Fungoid (R29), Archwizard (R38), and the Familiar form of
    /// a Doppelganger (R34).
    fn movement_attacks(&self, cell: usize, kind: Kind, army: usize) -> Wide256 {
        let reach = self.short_reach();
        match kind {
            Kind::Zombie if reach == 1 => tables().armies[army].zombie_attacks[cell],
            Kind::Zombie => [widdershins(army), clockwise(army)]
                .into_iter()
                .fold(Wide256::EMPTY, |bb, d| bb | self.reach(cell, d, reach)),
            Kind::Ghoul => self.lines(cell, ORTHOGONAL_DIRECTIONS, reach),
            Kind::Ghost => self.lines(cell, DIAGONAL_DIRECTIONS, usize::MAX),
            Kind::Fungoid => self.lines(cell, ORTHOGONAL_DIRECTIONS, usize::MAX),
            Kind::Familiar => self.lines(cell, ALL_DIRECTION_INDICES, usize::MAX),
            Kind::Archwizard => self.lines(cell, ALL_DIRECTION_INDICES, 1),
            _ => Wide256::EMPTY,
        }
    }

    /// How far Zombies and Ghouls reach: two cells under Orobas (R108), else one.
    pub fn short_reach(&self) -> usize {
        if self.patron == Patron::Orobas {
            2
        } else {
            1
        }
    }

    /// The cells of the line from `cell` in direction `d`, at most `limit` of them, up to
    /// and including the first standing piece (R11: fallen pieces never block).
    pub fn reach(&self, cell: usize, d: usize, limit: usize) -> Wide256 {
        if limit == usize::MAX {
            return tables().hex.slide(d, cell, self.occupied());
        }
        self.short_line(cell, d, limit)
    }

    /// [`Hexian::reach`] for short limits: the next cell, and those beyond it while the
    /// cells before them are free; a reach of two from a table.
    fn short_line(&self, cell: usize, d: usize, limit: usize) -> Wide256 {
        let t = tables();
        let Some(next) = t.hex.step(cell, d).filter(|_| limit > 0) else {
            return Wide256::EMPTY;
        };
        match limit {
            _ if limit == 1 || self.standing[next].is_some() => Wide256::cell(next),
            2 => t.two_steps[cell][d],
            _ => Wide256::cell(next) | self.short_line(next, d, limit - 1),
        }
    }

    /// The union of [`Hexian::reach`] over several directions.
    pub fn lines(&self, cell: usize, directions: std::ops::Range<usize>, limit: usize) -> Wide256 {
        // One step reaches the neighbour whatever stands on it.
        if limit == 1 && directions == ALL_DIRECTION_INDICES {
            return tables().adjacent[cell];
        }
        if limit == 1 && directions == ORTHOGONAL_DIRECTIONS {
            return tables().orthogonally_adjacent[cell];
        }
        if limit == usize::MAX {
            let (hex, occupied) = (&tables().hex, self.occupied());
            return directions.fold(Wide256::EMPTY, |bb, d| bb | hex.slide(d, cell, occupied));
        }
        directions.fold(Wide256::EMPTY, |bb, d| bb | self.short_line(cell, d, limit))
    }

    /// The cells two steps away along the 12 directions (the Imp form's leaps, R34).
    pub fn double_steps(&self, cell: usize) -> Wide256 {
        tables().double_steps[cell]
    }

    /// R25: an Imp attacks an adjacent cell holding a standing piece fresh for its army
    /// when the cell beyond is on the board and free.
    fn imp_attacks(&self, cell: usize, army: usize) -> Wide256 {
        let hex = &tables().hex;
        ALL_DIRECTION_INDICES
            .filter_map(|d| {
                let middle = hex.step(cell, d)?;
                let landing = hex.step(middle, d)?;
                let victim = self.standing[middle]?;
                (self.standing[landing].is_none() && self.is_fresh_for(&victim, army))
                    .then_some(middle)
            })
            .fold(Wide256::EMPTY, |bb, c| bb | Wide256::cell(c))
    }

    /// Whether a standing enemy piece of army `army`'s player attacks `cell` (R13), among
    /// the pieces `filter` accepts. Only the pieces that could reach the cell are looked
    /// at: the first standing piece in each of the 12 directions (every piece attacking
    /// along a line, and an Imp, whose victim is adjacent, R25), and the Doppelgangers a
    /// knight's leap or a double step away (R32, R34).
    fn attacked_by_enemy_where(
        &self,
        cell: usize,
        army: usize,
        filter: impl Fn(&Piece) -> bool,
    ) -> bool {
        let fresh_for = |imp_army| {
            self.standing[cell].is_some_and(|victim| self.is_fresh_for(&victim, imp_army))
        };
        self.attacked_with_where(
            cell,
            army,
            self.occupied(),
            Wide256::EMPTY,
            filter,
            fresh_for,
        )
    }

    /// Whether an enemy of `army` attacks `cell` with the standing pieces on `occupied`
    /// (the board's after a move: a cell left, a cell entered), those on `friendly` taken
    /// as `army`'s own, and the piece on `cell` fresh for the Imp armies `fresh_for`
    /// accepts (R25).
    pub(super) fn attacked_with(
        &self,
        cell: usize,
        army: usize,
        occupied: Wide256,
        friendly: Wide256,
        fresh_for: impl Fn(usize) -> bool,
    ) -> bool {
        self.attacked_with_where(cell, army, occupied, friendly, |_| true, fresh_for)
    }

    fn attacked_with_where(
        &self,
        cell: usize,
        army: usize,
        occupied: Wide256,
        friendly: Wide256,
        filter: impl Fn(&Piece) -> bool,
        fresh_for: impl Fn(usize) -> bool,
    ) -> bool {
        let t = tables();
        let hex = &t.hex;
        // Bitboards first: beyond the cells a short-range piece reaches (its neighbours,
        // two steps under Orobas, R108), only Ghosts, Fungoids and Doppelgangers attack,
        // and only from a line through the cell or a leap away; most directions are
        // dismissed without a look at a piece.
        let near = match self.patron {
            Patron::Orobas => t.adjacent[cell] | t.double_steps[cell],
            _ => t.adjacent[cell],
        };
        let enemies = self.enemy_pieces(army) & occupied & !friendly;
        let possible = enemies & (near | self.far_attackers);
        let on_lines = possible & t.lines_through[cell];
        let leapers = possible & self.far_attackers & (hex.knight(cell) | t.double_steps[cell]);
        if (on_lines | leapers).is_empty() {
            return false;
        }
        let attacker = |from: usize| self.standing[from].filter(|p| !p.petrified && filter(p));
        // A neighbour that stands and cannot attack closes its line at once (R11).
        let closed = occupied & !on_lines;
        let from_line = !on_lines.is_empty()
            && ALL_DIRECTION_INDICES.into_iter().any(|d| {
                let open = hex.step(cell, d).is_some_and(|next| !closed.has(next));
                if !open || (hex.ray(d, cell) & on_lines).is_empty() {
                    return false;
                }
                let Some(from) = hex
                    .first_blocker(d, cell, occupied)
                    .filter(|&f| on_lines.has(f))
                else {
                    return false;
                };
                attacker(from).is_some_and(|piece| {
                    let steps = steps_along(d, hex.distance(from, cell) as usize);
                    // R25: an Imp next to the cell, the cell beyond it on the board and free.
                    let imp_hop = || {
                        let landing = hex.step(cell, opposite(d));
                        landing.is_some_and(|l| !occupied.has(l)) && fresh_for(piece.army())
                    };
                    self.attacks_along(&piece, opposite(d), steps)
                        || (piece.kind == Kind::Imp && steps == 1 && imp_hop())
                })
            });
        let doppelganger_in = |cells: Wide256, form: Option<Kind>| {
            (cells & leapers).cells().any(|from| {
                attacker(from).is_some_and(|p| p.kind == Kind::Doppelganger && p.form == form)
            })
        };
        from_line
            || doppelganger_in(hex.knight(cell), None)
            || doppelganger_in(t.double_steps[cell], Some(Kind::Imp))
    }

    /// The standing pieces of the players other than `army`'s (§1): the board without
    /// the armies of `army`'s player, which are `army` and every army a number of players
    /// on (R56).
    pub(super) fn enemy_pieces(&self, army: usize) -> Wide256 {
        let players = self.players.count().number();
        let friends = (army % players..ARMIES)
            .step_by(players)
            .fold(Wide256::EMPTY, |bb, a| bb | self.standing_by_army[a]);
        self.occupied & !friends
    }

    /// Whether `piece` attacks the cell `steps` steps away from it in direction `d`,
    /// with no standing piece between: the line attacks of [`Hexian::movement_attacks`].
    pub(super) fn attacks_along(&self, piece: &Piece, d: usize, steps: usize) -> bool {
        let kind = match (piece.kind, piece.form) {
            (Kind::Doppelganger, Some(form)) => form,
            // R36: a native Familiar attacks nothing; a native Doppelganger leaps (R32).
            (Kind::Doppelganger | Kind::Familiar, None) => return false,
            (kind, _) => kind,
        };
        let orthogonal = ORTHOGONAL_DIRECTIONS.contains(&d);
        let short = steps <= self.short_reach();
        match kind {
            Kind::Zombie => {
                short && (d == widdershins(piece.army()) || d == clockwise(piece.army()))
            }
            Kind::Ghoul => short && orthogonal,
            Kind::Ghost => !orthogonal,
            Kind::Fungoid => orthogonal,
            Kind::Familiar => true,
            Kind::Archwizard => steps == 1,
            _ => false,
        }
    }

    /// Whether an enemy of `army` attacks `cell` (R13).
    pub fn is_attacked(&self, cell: usize, army: usize) -> bool {
        self.attacked_by_enemy_where(cell, army, |_| true)
    }

    /// R67: `army`'s Archwizard stands on a cell attacked by an enemy piece.
    pub fn in_check(&self, army: usize) -> bool {
        self.archwizard_of(army)
            .is_some_and(|cell| self.is_attacked(cell, army))
    }

    /// The cell of `army`'s Archwizard.
    pub fn archwizard_of(&self, army: usize) -> Option<usize> {
        self.archwizards[army].map(usize::from)
    }

    /// R103 (Belphegor): the standing piece on `cell` is attacked by an enemy standing
    /// piece of the same type (a Doppelganger is a `D` in every form).
    pub fn is_paralysed(&self, cell: usize) -> bool {
        let Some(piece) = self.standing[cell] else {
            return false;
        };
        self.patron == Patron::Belphegor
            && self.attacked_by_enemy_where(cell, piece.army(), |p| p.kind == piece.kind)
    }

    /// R14: the standing piece on `cell` may act: not petrified, not paralysed.
    pub fn may_act(&self, cell: usize) -> bool {
        self.standing[cell].is_some_and(|p| !p.petrified) && !self.is_paralysed(cell)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn position(text: &str) -> Hexian {
        Hexian::from_position_string(text).unwrap_or_else(|e| panic!("{text}: {e}"))
    }

    fn cell(name: &str) -> usize {
        tables().hex.parse_cell(name).expect("a cell")
    }

    fn names(bb: Wide256) -> Vec<String> {
        let mut v: Vec<String> = bb.cells().map(|c| tables().hex.name(c)).collect();
        v.sort();
        v
    }

    #[test]
    fn r16_zombie_attacks_its_two_capture_directions() {
        // W2: the white Zombie i8 attacks j8 (E) and h9 (NW).
        let p = position("9/10/11/12/bA12/14/15/16/3bFbG2wF9/3wZbI(S)2wZbI7/15/14/13/12/11/10/4wA4 w - w.b.U.P.G.Y 1 - 000000 - - 0 1");
        assert_eq!(names(p.attacks_from(cell("i8"))), ["h9", "j8"]);
    }

    #[test]
    fn r66_freshness_counts_from_the_side_to_move() {
        // W33: blue's Archwizard arrived in blue's latest ply, after black's and before white's.
        let p = position("9/10/11/12/bA12/14/15/9wZ(^w)6/7bIuA(^u)8/16/15/14/13/12/11/10/4wA4 b - w.b.u.P.G.Y 1 - 001000 - - 0 1");
        let archwizard = p.standing(cell("i9")).expect("blue A");
        assert!(
            p.is_fresh_for(&archwizard, 1),
            "black to move: u moved after black's latest ply"
        );
        assert!(!p.is_fresh_for(&archwizard, 0), "white moved after u");
        let p = position("9/10/11/12/bA12/14/15/9wZ(^w)6/7bIuA(^u)8/16/15/14/13/12/11/10/4wA4 w - w.b.u.P.G.Y 1 - 001000 - - 0 1");
        assert!(
            p.is_fresh_for(&archwizard, 1),
            "white to move: u moved after black"
        );
        assert!(
            !p.is_fresh_for(&archwizard, 2),
            "never fresh for its own army"
        );
        assert!(
            p.in_check(2),
            "R25: the black Imp attacks the blue Archwizard"
        );
    }

    /// R13 by brute force: the union of the attacks of every standing piece of each army.
    fn attack_maps(p: &Hexian) -> [Wide256; ARMIES] {
        std::array::from_fn(|army| {
            p.standing_of(army)
                .cells()
                .fold(Wide256::EMPTY, |bb, c| bb | p.attacks_from(c))
        })
    }

    #[test]
    fn r13_attack_tests_from_the_target_agree_with_every_piece_s_attacks() {
        use rand::{rngs::StdRng, Rng, SeedableRng};
        let bench = include_str!("../../../../positions/hexian/bench.txt");
        let mut rng = StdRng::seed_from_u64(13);
        let mut checked = 0;
        for (line, text) in bench.lines().filter(|l| !l.starts_with('#')).enumerate() {
            for patron in Patron::ALL {
                let mut fields: Vec<String> = text.split(' ').map(String::from).collect();
                fields[4] = (patron as u32).to_string();
                let text = fields.join(" ");
                // Demogorgon wants grimoires in a spell field that has spells (R104).
                let Ok(mut p) = Hexian::from_position_string(&text) else {
                    continue;
                };
                for ply in 0..12 {
                    let maps = attack_maps(&p);
                    for cell in 0..crate::variants::hexian::CELLS {
                        for army in 0..ARMIES {
                            let expected =
                                (0..ARMIES).any(|a| p.are_enemies(a, army) && maps[a].has(cell));
                            let context = format!(
                                "bench line {line} {patron:?} ply {ply} cell {cell} army {army}"
                            );
                            assert_eq!(p.is_attacked(cell, army), expected, "{context}");
                            checked += usize::from(expected);
                        }
                        let paralysed =
                            p.patron() == Patron::Belphegor && attacked_by_own_kind(&p, cell);
                        assert_eq!(
                            p.is_paralysed(cell),
                            paralysed,
                            "line {line} {patron:?} ply {ply} cell {cell}"
                        );
                    }
                    let moves = p.legal_moves();
                    if moves.is_empty() {
                        break;
                    }
                    p.play(moves[rng.gen_range(0..moves.len())]);
                }
            }
        }
        assert!(checked > 10_000, "{checked} attacked cells seen");
    }

    /// R103 by brute force: an enemy piece of the type of the one on `cell` attacks it.
    fn attacked_by_own_kind(p: &Hexian, cell: usize) -> bool {
        let Some(piece) = p.standing(cell) else {
            return false;
        };
        (0..ARMIES)
            .filter(|&a| p.are_enemies(a, piece.army()))
            .flat_map(|a| p.standing_of(a).cells())
            .any(|from| {
                p.standing(from).is_some_and(|q| q.kind == piece.kind)
                    && p.attacks_from(from).has(cell)
            })
    }

    #[test]
    fn r103_pieces_attacking_each_other_are_paralysed() {
        // W29 (Belphegor).
        let p = position("9/10/11/12/bA3bF8/14/15/16/4wF3wG8/6bZ2bG6/6wZ8/14/13/12/11/10/4wA4 w - w.b.U.P.G.Y 2 - 000000 - - 0 1");
        for name in ["i9", "k8", "e9", "e13", "i7", "h8"] {
            assert!(p.is_paralysed(cell(name)), "{name}");
            assert!(!p.may_act(cell(name)), "{name}");
        }
        assert!(!p.is_paralysed(cell("m1")));
    }
}
