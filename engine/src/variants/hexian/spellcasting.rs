//! Spells (§6.7, R82–R101) and Demogorgon's refill (R104): which spells the side to move
//! can cast, before the legality test, and what each does.

use super::attacks::ALL_DIRECTION_INDICES;
use super::moves::{Move, Spell};
use super::tables::tables;
use super::{Hexian, Kind, Patron, Piece};
use crate::bitboard::{Bitboard, Wide256};

/// The types Summon and Polymorph can create (R99, R96).
const CREATABLE: [Kind; 7] = [
    Kind::Zombie,
    Kind::Ghoul,
    Kind::Imp,
    Kind::Ghost,
    Kind::Fungoid,
    Kind::Doppelganger,
    Kind::Familiar,
];

/// Where spells are generated: the move list, each spell as a [`Move::Spell`].
struct SpellSink<'a>(&'a mut Vec<Move>);

impl SpellSink<'_> {
    fn push(&mut self, spell: Spell) {
        self.0.push(Move::Spell(spell));
    }

    fn extend(&mut self, spells: impl IntoIterator<Item = Spell>) {
        self.0.extend(spells.into_iter().map(Move::Spell));
    }
}

impl Hexian {
    /// Every spell the side to move can cast (R82), before the legality test.
    pub fn spell_moves(&self, out: &mut Vec<Move>) {
        if self.holdings.spells[self.side].left.is_empty() {
            return;
        }
        let out = &mut SpellSink(out);
        for caster in self.casters() {
            self.spells_with_caster(caster, out);
        }
        if self.can_cast(b'C') {
            self.charms(out);
        }
        if self.can_cast(b'D') {
            self.deflects(out);
        }
        if self.can_cast(b'M') {
            self.mirror_images(out);
        }
    }

    /// Whether spell `letter` is in the mover's list (R82).
    fn can_cast(&self, letter: u8) -> bool {
        self.holdings.spells[self.side].left.count(letter) > 0
    }

    /// R83: the mover's Archwizard and its standing Familiars (type `M`) that may act.
    /// R14 lists casting among the acts of any piece, so a caster Archwizard must be able
    /// to act too (only an adjacent enemy Archwizard under Belphegor could stop it).
    fn casters(&self) -> impl Iterator<Item = usize> + '_ {
        self.standing_by_army[self.side].cells().filter(|&c| {
            self.standing[c].is_some_and(|p| matches!(p.kind, Kind::Archwizard | Kind::Familiar))
                && self.may_act(c)
        })
    }

    /// The standing pieces on the cells of `cells` that spells may target (R84): not an
    /// Archwizard or illusion.
    fn spell_targets(&self, cells: Wide256) -> impl Iterator<Item = (usize, Piece)> + '_ {
        cells.cells().filter_map(|c| {
            self.standing[c]
                .filter(|p| !matches!(p.kind, Kind::Archwizard | Kind::Illusion))
                .map(|p| (c, p))
        })
    }

    fn adjacent(&self, cell: usize) -> Wide256 {
        tables().adjacent[cell]
    }

    fn orthogonally_adjacent(&self, cell: usize) -> Wide256 {
        tables().orthogonally_adjacent[cell]
    }

    /// The spells written with a caster, cast from `caster` (R87–R101).
    fn spells_with_caster(&self, caster: usize, out: &mut SpellSink) {
        let c = caster as u8;
        let adjacent = self.adjacent(caster);
        let capturable = |t: &usize| self.is_capturable_by(*t, self.side);
        if self.can_cast(b'B') {
            for t in adjacent.cells().filter(capturable) {
                out.push(Spell::Banish {
                    caster: c,
                    target: t as u8,
                });
            }
        }
        if self.can_cast(b'F') {
            self.burning_hands(caster, out);
        }
        if self.can_cast(b'H') {
            self.hastes(caster, out);
        }
        if self.can_cast(b'K') && self.stinking_cloud_victims(caster).any() {
            out.push(Spell::StinkingCloud { caster: c });
        }
        if self.can_cast(b'L') {
            for d in ALL_DIRECTION_INDICES {
                let target = self
                    .reach(caster, d, usize::MAX)
                    .cells()
                    .find(|&t| self.standing[t].is_some());
                if let Some(t) = target.filter(capturable) {
                    out.push(Spell::LightningBolt {
                        caster: c,
                        target: t as u8,
                    });
                }
            }
        }
        if self.can_cast(b'P') {
            for (t, _) in self.spell_targets(adjacent).filter(|(_, p)| !p.petrified) {
                out.push(Spell::Petrify {
                    caster: c,
                    target: t as u8,
                });
            }
        }
        if self.can_cast(b'R') {
            for t in adjacent.cells().filter(capturable) {
                out.push(Spell::Reanimate {
                    caster: c,
                    target: t as u8,
                });
            }
        }
        if self.can_cast(b'S') && self.shield_targets(caster).any(|(_, p)| !p.shielded) {
            out.push(Spell::Shield { caster: c });
        }
        if self.can_cast(b'T') {
            self.teleports(caster, out);
        }
        if self.can_cast(b'U') {
            for t in (adjacent & !self.occupied()).cells() {
                for kind in CREATABLE {
                    out.push(Spell::Summon {
                        caster: c,
                        kind,
                        target: t as u8,
                    });
                }
            }
        }
        if self.can_cast(b'Y') {
            for (t, piece) in self.spell_targets(adjacent) {
                for kind in CREATABLE.into_iter().filter(|&k| k != piece.kind) {
                    out.push(Spell::Polymorph {
                        caster: c,
                        target: t as u8,
                        kind,
                    });
                }
            }
        }
    }

    /// R88: one to three of the caster's orthogonal neighbours holding a standing piece
    /// of any army that is not an Archwizard, an illusion or shielded.
    fn burning_hands(&self, caster: usize, out: &mut SpellSink) {
        let mut cells: Vec<u8> = self
            .spell_targets(self.orthogonally_adjacent(caster))
            .filter(|(_, p)| !p.shielded)
            .map(|(c, _)| c as u8)
            .collect();
        cells.sort_by_key(|&c| tables().hex.coords(usize::from(c)));
        let n = cells.len();
        for subset in 1u32..(1 << n) {
            if subset.count_ones() > 3 {
                continue;
            }
            let mut targets = [0u8; 3];
            let mut count = 0;
            for (i, &cell) in cells.iter().enumerate() {
                if subset & (1 << i) != 0 {
                    targets[count] = cell;
                    count += 1;
                }
            }
            out.push(Spell::BurningHands {
                caster: caster as u8,
                targets,
                count: count as u8,
            });
        }
    }

    /// R91: a friendly standing piece adjacent to the caster that may act, not an
    /// Archwizard or illusion, makes two piece moves; the second is judged after the
    /// first, and left out only when the piece fell.
    fn hastes(&self, caster: usize, out: &mut SpellSink) {
        let friendly = |p: &Piece| !self.are_enemies(p.army(), self.side);
        for (target, _) in self
            .spell_targets(self.adjacent(caster))
            .filter(|(t, p)| friendly(p) && self.may_act(*t))
        {
            let mut firsts = Vec::new();
            self.movement(target, &mut firsts);
            for first in firsts {
                let mut after = self.clone();
                after.play_piece_move(first, self.side);
                let landing = first.destination();
                // Only the piece can stand where its move ended; if it fell, nothing does.
                if after.standing[landing].is_none() {
                    out.push(Spell::Haste {
                        caster: caster as u8,
                        first,
                        second: None,
                    });
                    continue;
                }
                let mut seconds = Vec::new();
                after.movement(landing, &mut seconds);
                for second in seconds {
                    out.push(Spell::Haste {
                        caster: caster as u8,
                        first,
                        second: Some(second),
                    });
                }
            }
        }
    }

    /// R100: the standing pieces on the caster's orthogonal neighbours, not Archwizards or
    /// illusions.
    fn stinking_cloud_victims(&self, caster: usize) -> Wide256 {
        self.spell_targets(self.orthogonally_adjacent(caster))
            .fold(Wide256::EMPTY, |bb, (c, _)| bb | Wide256::cell(c))
    }

    /// R98: the friendly standing pieces adjacent to the caster, not Archwizards or
    /// illusions.
    fn shield_targets(&self, caster: usize) -> impl Iterator<Item = (usize, Piece)> + '_ {
        self.spell_targets(self.adjacent(caster))
            .filter(|(_, p)| !self.are_enemies(p.army(), self.side))
    }

    /// R101: a friendly standing piece anywhere, not an Archwizard, illusion or petrified.
    fn teleports(&self, caster: usize, out: &mut SpellSink) {
        let all = self.occupied() & !Wide256::cell(caster);
        for (t, _) in self
            .spell_targets(all)
            .filter(|(_, p)| !self.are_enemies(p.army(), self.side) && !p.petrified)
        {
            out.push(Spell::Teleport {
                caster: caster as u8,
                target: t as u8,
            });
        }
    }

    /// R89: a piece move of an enemy standing piece that may act, not an Archwizard or
    /// illusion, as its own army would make it.
    fn charms(&self, out: &mut SpellSink) {
        let enemies = (0..self.standing_by_army.len())
            .filter(|&a| self.are_enemies(a, self.side))
            .fold(Wide256::EMPTY, |bb, a| bb | self.standing_by_army[a]);
        for (cell, _) in self.spell_targets(enemies) {
            let mut moves = Vec::new();
            self.piece_moves(cell, &mut moves);
            out.extend(moves.into_iter().map(Spell::Charm));
        }
    }

    /// R90: a capturable piece attacking the mover's Archwizard or one of its Familiars.
    fn deflects(&self, out: &mut SpellSink) {
        let protected: Vec<usize> = self.standing_by_army[self.side]
            .cells()
            .filter(|&c| {
                self.standing[c]
                    .is_some_and(|p| matches!(p.kind, Kind::Archwizard | Kind::Familiar))
            })
            .collect();
        for t in self.occupied().cells() {
            let attacks = self.attacks_from(t);
            if self.is_capturable_by(t, self.side) && protected.iter().any(|&c| attacks.has(c)) {
                out.push(Spell::Deflect { target: t as u8 });
            }
        }
    }

    /// R93: two free cells adjacent to the Archwizard, in cell order, and where the real
    /// Archwizard ends.
    fn mirror_images(&self, out: &mut SpellSink) {
        let Some(a) = self.archwizard_of(self.side) else {
            return;
        };
        let mut free: Vec<usize> = (self.adjacent(a) & !self.occupied()).cells().collect();
        free.sort_by_key(|&c| tables().hex.coords(c));
        for (i, &first) in free.iter().enumerate() {
            for &second in &free[i + 1..] {
                for real in [a, first, second] {
                    out.push(Spell::MirrorImage {
                        first: first as u8,
                        second: second as u8,
                        real: real as u8,
                    });
                }
            }
        }
    }

    /// Casts `spell` for the side to move: its effects, then one copy of its letter leaves
    /// the list (R82), refilled from the grimoire under Demogorgon (R104).
    pub(super) fn cast(&mut self, spell: Spell) {
        self.spell_effects(spell);
        let (side, demogorgon) = (self.side, self.patron == Patron::Demogorgon);
        let book = &mut self.holdings_mut().spells[side];
        book.left.remove(spell.letter() as u8);
        if demogorgon && book.left.is_empty() {
            book.left = book.grimoire;
        }
    }

    fn spell_effects(&mut self, spell: Spell) {
        let mover = self.side;
        let cell = usize::from;
        match spell {
            Spell::Banish { caster, target } => self.banish(cell(caster), cell(target)),
            Spell::Charm(mv) => self.play_piece_move(mv, mover),
            Spell::Deflect { target } => self.capture_without_capturer(cell(target)),
            Spell::BurningHands { targets, count, .. } => {
                let victims: Vec<Piece> = targets[..usize::from(count)]
                    .iter()
                    .map(|&t| self.capture(cell(t), mover, false))
                    .collect();
                for (&t, victim) in targets.iter().zip(victims) {
                    if victim.kind == Kind::Fungoid {
                        self.knock_over(cell(t), None);
                    }
                }
            }
            Spell::Haste { first, second, .. } => {
                self.play_piece_move(first, mover);
                if let Some(second) = second {
                    self.play_piece_move(second, mover);
                }
            }
            Spell::StinkingCloud { caster } => {
                for t in self.stinking_cloud_victims(cell(caster)).cells() {
                    let piece = self.take_standing(t).expect("a standing piece");
                    self.fall(t, piece);
                }
            }
            Spell::LightningBolt { caster, target } => {
                self.displace(cell(caster), cell(target), false, mover)
            }
            Spell::MirrorImage {
                first,
                second,
                real,
            } => self.mirror_image(cell(first), cell(second), cell(real)),
            Spell::Petrify { target, .. } => self.modify(cell(target), |p| p.petrified = true),
            Spell::Reanimate { target, .. } => self.modify(cell(target), |p| {
                *p = Piece {
                    petrified: p.petrified,
                    summoned: p.summoned,
                    mark: p.mark,
                    ..Piece::new(mover, Kind::Zombie)
                }
            }),
            Spell::Shield { caster } => {
                let targets: Vec<usize> =
                    self.shield_targets(cell(caster)).map(|(c, _)| c).collect();
                for t in targets {
                    self.modify(t, |p| p.shielded = true);
                }
            }
            Spell::Teleport { caster, target } => self.teleport(cell(caster), cell(target)),
            Spell::Summon { kind, target, .. } => {
                let piece = Piece {
                    summoned: true,
                    mark: Some(mover as u8),
                    ..Piece::new(mover, kind)
                };
                self.put_standing(cell(target), piece);
            }
            Spell::Polymorph { target, kind, .. } => self.modify(cell(target), |p| {
                p.kind = kind;
                p.form = None;
                p.ghost_start = None;
            }),
        }
    }

    /// Changes the standing piece on `cell` in place.
    fn modify(&mut self, cell: usize, change: impl FnOnce(&mut Piece)) {
        if let Some(mut piece) = self.take_standing(cell) {
            change(&mut piece);
            self.put_standing(cell, piece);
        }
    }

    /// R87: the victim leaves the game whatever its type; the caster moves onto its cell;
    /// a Fungoid still knocks over, the caster being the capturer.
    fn banish(&mut self, caster: usize, target: usize) {
        let victim = self.take_standing(target).expect("a standing victim");
        let mut piece = self.take_standing(caster).expect("the caster");
        piece.set_mark(self.side);
        self.put_standing(target, piece);
        if victim.kind == Kind::Fungoid {
            self.knock_over(target, Some(target));
        }
    }

    /// R90: the piece is captured (R12) with no capturer; a Fungoid knocks over (R30).
    fn capture_without_capturer(&mut self, target: usize) {
        let victim = self.capture(target, self.side, false);
        if victim.kind == Kind::Fungoid {
            self.knock_over(target, None);
        }
    }

    /// R93: the Archwizard ends on `real`, illusions of the mover on the two other cells
    /// of {its cell, `first`, `second`}, marked, as is the Archwizard if it moved.
    fn mirror_image(&mut self, first: usize, second: usize, real: usize) {
        let Some(a) = self.archwizard_of(self.side) else {
            return;
        };
        let mut archwizard = self.take_standing(a).expect("the Archwizard");
        if real != a {
            archwizard.set_mark(self.side);
        }
        self.put_standing(real, archwizard);
        for cell in [a, first, second].into_iter().filter(|&c| c != real) {
            let illusion = Piece {
                mark: Some(self.side as u8),
                ..Piece::new(self.side, Kind::Illusion)
            };
            self.put_standing(cell, illusion);
        }
    }

    /// R101: the caster and the piece swap cells; both get the mover's mark.
    fn teleport(&mut self, caster: usize, target: usize) {
        let mut a = self.take_standing(caster).expect("the caster");
        let mut b = self.take_standing(target).expect("the partner");
        a.set_mark(self.side);
        b.set_mark(self.side);
        self.put_standing(target, a);
        self.put_standing(caster, b);
    }
}
