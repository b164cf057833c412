//! Legal plies by state (R51): the arrangement (R50), the normal state's moves (§3, §6)
//! and the plies of the three sequences (R63, R64, R73–R75, R88, R89).

use super::state::{bit, KNIGHTS, MASTERS};
use super::{
    Colour, Move, MoveList, Pending, Piece, Side, State, COLOURS, ELIMINATE, LIFE, POWER, RECEIVE,
    TACTIC, WHITE,
};
use crate::bitboard::Bitboard;
use crate::game::{MoveCounter, MoveSink};
use crate::geometry::hepta::{hepta_board, rank_cells, FILES, N, NE, NW, S, SE, SW};
use arrayvec::ArrayVec;

/// R10: each side's forward directions.
const FORWARD: [[usize; 3]; 2] = [[N, NE, NW], [S, SE, SW]];
/// R10: each side's backward directions.
pub const BACKWARD: [[usize; 3]; 2] = [[S, SE, SW], [N, NE, NW]];

/// R11: the promotion zones, rank 9 for White and rank 1 of the long files for Black.
fn promotion_zone(side: Side) -> u128 {
    let board = hepta_board();
    let rank = if side == WHITE { 9 } else { 1 };
    rank_cells(rank)
        .filter(|&c| board.is_long_file(c))
        .fold(0, |bb, c| bb | u128::cell(c))
}

impl State {
    /// Every legal ply of the side to move.
    pub(super) fn generate(&self, out: &mut MoveList) {
        match self.pending {
            Pending::Setup => arrangements(out),
            Pending::Normal => self.normal_moves(out),
            Pending::Drop(colour) => self.drops(colour, out),
            Pending::Shift(colour) => self.shifts(colour, out),
            Pending::Recovery(colour, step) => self.recovery_plies(colour, step, out),
            Pending::MasterPlacement(_) => self.master_placements(out),
        }
    }

    fn normal_moves(&self, out: &mut MoveList) {
        let mut souls_moved = SoulMoves::new();
        for cell in self.owned[self.side].cells() {
            self.piece_moves(cell, out, &mut souls_moved);
        }
        for (soul, targets) in souls_moved {
            push_soul_moves(soul, targets, out);
        }
        self.plies_off_the_board(out);
    }

    /// The legal plies that start on no cell, a subset of `generate`: in the normal
    /// state Temple moves, announcements, eliminations, summons and the Master recovery;
    /// in a sequence every ply but the arrangement's (`generate_from` gives the others).
    pub(super) fn generate_off_the_board(&self, out: &mut MoveList) {
        match self.pending {
            Pending::Setup => {}
            Pending::Normal => self.plies_off_the_board(out),
            _ => self.generate(out),
        }
    }

    /// The normal state's plies that start on no cell.
    fn plies_off_the_board(&self, out: &mut MoveList) {
        self.temple_moves(out);
        self.summons(out);
        if self.masters(self.side) == 0 && self.masters(1 - self.side) <= 2 {
            out.push(Move::MasterRecovery);
        }
    }

    /// The moves of the side to move's piece on `cell`; the Souls a Soul Master sees and
    /// where it may move them are merged into `souls_moved` (R44).
    fn piece_moves(&self, cell: usize, out: &mut MoveList, souls_moved: &mut SoulMoves) {
        let side = self.side;
        let in_zone = promotion_zone(side) & u128::cell(cell) != 0;
        match self.board[cell] {
            Some(Piece::Knight(_, colour)) => {
                self.knight_moves(cell, side, colour, out);
                if in_zone {
                    self.knight_promotions(cell, colour, out);
                }
            }
            Some(Piece::King(_, colour)) => {
                self.king_moves(cell, side, colour, out);
                if in_zone {
                    self.king_promotions(cell, colour, out);
                }
            }
            Some(Piece::Berserk(..)) => self.berserk_moves(cell, side, out),
            Some(Piece::Master(_)) => {
                self.master_steps_and_replacements(cell, out);
                self.collect_soul_moves(cell, souls_moved);
                if in_zone {
                    self.duplication(cell, out);
                }
            }
            _ => {}
        }
    }

    /// The legal plies that start on `from` (a piece's moves, or a Soul's moved by the
    /// side's Soul Masters), a subset of `generate`: a move token is looked up among them,
    /// so reading a move generates one piece's moves, not every piece's.
    pub(super) fn generate_from(&self, from: usize, out: &mut MoveList) {
        if self.pending != Pending::Normal {
            return;
        }
        let mut souls_moved = SoulMoves::new();
        match self.board[from] {
            Some(Piece::Soul(_)) => {
                for master in self.pieces(self.side, MASTERS).cells() {
                    self.collect_soul_moves(master, &mut souls_moved);
                }
            }
            _ if self.owned[self.side] & u128::cell(from) != 0 => {
                self.piece_moves(from, out, &mut souls_moved);
            }
            _ => {}
        }
        for (soul, targets) in souls_moved {
            if usize::from(soul) == from {
                push_soul_moves(soul, targets, out);
            }
        }
    }

    /// R22: the colours a Knight of `colour` owned by `side` may jump.
    fn jump_set(&self, side: Side, colour: Colour) -> u8 {
        let mut set = self.colours_at_distance(colour, 1);
        if self.temples[side][POWER] & bit(colour) != 0 {
            set |= self.colours_at_distance(colour, 2);
        }
        set
    }

    /// R23: whether `piece` is jumpable for a Knight owned by `side` with jump set `jumps`.
    fn jumpable(piece: Piece, side: Side, jumps: u8) -> bool {
        match piece {
            Piece::Soul(c) => jumps & bit(c) != 0,
            Piece::Knight(owner, c) | Piece::King(owner, c) => owner == side && jumps & bit(c) != 0,
            Piece::Berserk(..) | Piece::Master(_) => false,
        }
    }

    /// R24: whether `piece` is capturable by a Knight of `colour` owned by `side`.
    fn capturable(&self, piece: Piece, side: Side, colour: Colour) -> bool {
        match piece {
            Piece::Master(owner) | Piece::Berserk(owner, _) => owner != side,
            Piece::Knight(owner, c) | Piece::King(owner, c) => {
                owner != side && c != colour && !self.at_peace(c, colour)
            }
            Piece::Soul(_) => false,
        }
    }

    /// R25–R27: one destination per direction, forward and, with Tactic, backward.
    fn knight_moves(&self, from: usize, side: Side, colour: Colour, out: &mut impl MoveSink<Move>) {
        let jumps = self.jump_set(side, colour);
        let tactic = self.temples[side][TACTIC] & bit(colour) != 0;
        let board = hepta_board();
        let forward = FORWARD[side].iter().map(|&d| (d, true));
        let backward = BACKWARD[side].iter().map(|&d| (d, false));
        for (d, is_forward) in forward.chain(backward.take(if tactic { 3 } else { 0 })) {
            let ray = &board.rays[from][d];
            let landing = ray
                .iter()
                .map(|&c| usize::from(c))
                .find(|&c| !self.board[c].is_some_and(|p| Self::jumpable(p, side, jumps)));
            let Some(to) = landing else { continue };
            let allowed = match self.board[to] {
                None => true,
                Some(p) => is_forward && self.capturable(p, side, colour),
            };
            if allowed {
                out.push(Move::Board {
                    from: from as u8,
                    to: to as u8,
                });
            }
        }
    }

    /// R78, R79: a Knight in the zone takes a Soul of its colour to Receive, or leaves.
    fn knight_promotions(&self, from: usize, colour: Colour, out: &mut MoveList) {
        if !self.may_enter(self.side, RECEIVE, colour) {
            return;
        }
        for soul in self.souls().cells() {
            if self.board[soul] == Some(Piece::Soul(colour)) {
                out.push(Move::Board {
                    from: from as u8,
                    to: soul as u8,
                });
            }
        }
        out.push(Move::Dematerialise { from: from as u8 });
    }

    /// R31, R32: steps, and captures of a Soul of the King's colour into Receive.
    fn king_moves(&self, from: usize, side: Side, colour: Colour, out: &mut impl MoveSink<Move>) {
        let takes_soul = self.may_enter(side, RECEIVE, colour);
        for to in hepta_board().adjacent[from].cells() {
            let allowed = match self.board[to] {
                None => true,
                Some(Piece::Soul(c)) => c == colour && takes_soul,
                Some(_) => false,
            };
            if allowed {
                out.push(Move::Board {
                    from: from as u8,
                    to: to as u8,
                });
            }
        }
    }

    /// R80: the target hex of a King promotion (or the first of a Soul Master
    /// duplication): the empty hexes of the piece's file, backwardmost first.
    fn file_targets(&self, from: usize) -> ArrayVec<usize, 2> {
        let file = usize::from(hepta_board().file_rank[from].0);
        let mut empty = self.empty_of_file(file);
        let mut targets = ArrayVec::new();
        while let Some(cell) = self.backwardmost_empty(self.side, empty) {
            targets.push(cell);
            if targets.is_full() {
                break;
            }
            empty ^= u128::cell(cell);
        }
        targets
    }

    /// The colours `side` may give a new King (R55, R82): no King of its own of that
    /// colour on the board, and the colour not berserking.
    fn free_king_colours(&self, side: Side) -> u8 {
        !(self.king_colours(side) | self.berserking()) & 0x7f
    }

    /// R80–R83: steal and change colour.
    fn king_promotions(&self, from: usize, colour: Colour, out: &mut MoveList) {
        let side = self.side;
        let Some(&to) = self.file_targets(from).first() else {
            return;
        };
        let (from, to) = (from as u8, to as u8);
        let theirs = self.temples[1 - side];
        let eliminate_closed = theirs[ELIMINATE] & bit(colour) != 0;
        if self.may_enter(side, RECEIVE, colour) {
            for (pillar, &held) in theirs.iter().enumerate() {
                let open = !(eliminate_closed && (POWER..=TACTIC).contains(&pillar));
                if held & bit(colour) != 0 && open {
                    out.push(Move::Steal {
                        from,
                        to,
                        pillar: pillar as u8,
                    });
                }
            }
        }
        let free = self.free_king_colours(side);
        for d in (0..COLOURS as u8).filter(|&d| d != colour && free & bit(d) != 0) {
            out.push(Move::Recolour {
                from,
                to,
                colour: d,
            });
        }
    }

    /// R35, R36: slides, and the capture of an enemy Knight that ends a line.
    fn berserk_moves(&self, from: usize, side: Side, out: &mut impl MoveSink<Move>) {
        for ray in &hepta_board().rays[from] {
            for &to in ray {
                match self.board[usize::from(to)] {
                    None => out.push(Move::Board {
                        from: from as u8,
                        to,
                    }),
                    Some(Piece::Knight(owner, _)) if owner != side => {
                        out.push(Move::Board {
                            from: from as u8,
                            to,
                        });
                        break;
                    }
                    Some(_) => break,
                }
            }
        }
    }

    /// R41, R55: steps, and replacement by a King.
    fn master_steps_and_replacements(&self, from: usize, out: &mut MoveList) {
        for to in (hepta_board().adjacent[from] & !self.occupied()).cells() {
            out.push(Move::Board {
                from: from as u8,
                to: to as u8,
            });
        }
        let free = self.free_king_colours(self.side);
        for d in (0..COLOURS as u8).filter(|&d| free & bit(d) != 0) {
            out.push(Move::Replace {
                at: from as u8,
                colour: d,
            });
        }
    }

    /// R42, R43: the Souls this Soul Master sees and where it may pull or push them,
    /// merged into `moves` (two Soul Masters may permit the same Soul move, R44).
    fn collect_soul_moves(&self, from: usize, moves: &mut SoulMoves) {
        let enemy_master = Some(Piece::Master(1 - self.side));
        for ray in &hepta_board().rays[from] {
            let Some(at) = ray
                .iter()
                .position(|&c| self.board[usize::from(c)].is_some())
            else {
                continue;
            };
            let soul = ray[at];
            if !matches!(self.board[usize::from(soul)], Some(Piece::Soul(_))) {
                continue;
            }
            let beyond = &ray[at + 1..];
            let blocker = beyond
                .iter()
                .position(|&c| self.board[usize::from(c)].is_some());
            if blocker.is_some_and(|b| self.board[usize::from(beyond[b])] == enemy_master) {
                continue;
            }
            let pulls = ray[..at].iter();
            let pushes = beyond[..blocker.unwrap_or(beyond.len())].iter();
            let targets = pulls
                .chain(pushes)
                .fold(0u128, |bb, &c| bb | u128::cell(usize::from(c)));
            if targets == 0 {
                continue;
            }
            match moves.iter_mut().find(|(s, _)| *s == soul) {
                Some(entry) => entry.1 |= targets,
                None => moves.push((soul, targets)),
            }
        }
    }

    /// R85: a Soul Master in the zone duplicates onto the two backwardmost empty hexes of
    /// its file while its side has fewer than three.
    fn duplication(&self, from: usize, out: &mut MoveList) {
        if self.masters(self.side) >= 3 {
            return;
        }
        if let [to, extra] = self.file_targets(from)[..] {
            out.push(Move::Duplicate {
                from: from as u8,
                to: to as u8,
                extra: extra as u8,
            });
        }
    }

    /// R56, R57 Temple moves; R61 Heptagram announcements; R67 eliminations.
    fn temple_moves(&self, out: &mut MoveList) {
        let side = self.side;
        let temple = self.temples[side];
        let kings = self.king_colours(side);
        for colour in (0..COLOURS as u8).filter(|&c| kings & bit(c) != 0) {
            if temple[RECEIVE] & bit(colour) != 0 {
                for pillar in POWER..=TACTIC {
                    if self.may_enter(side, pillar, colour) {
                        out.push(Move::Temple {
                            colour,
                            pillar: pillar as u8,
                        });
                    }
                }
                let on_all_three = (POWER..=TACTIC).all(|p| temple[p] & bit(colour) != 0);
                if on_all_three && self.may_enter(side, ELIMINATE, colour) {
                    out.push(Move::Temple {
                        colour,
                        pillar: ELIMINATE as u8,
                    });
                }
                out.push(Move::Announce { colour });
            }
            if temple[ELIMINATE] & bit(colour) != 0 {
                out.push(Move::Eliminate { colour });
            }
        }
    }

    /// R65: Life summons next to the ordinary King of the colour.
    fn summons(&self, out: &mut MoveList) {
        let side = self.side;
        let temple = self.temples[side];
        for colour in 0..COLOURS as u8 {
            if temple[LIFE] & bit(colour) == 0 || temple[ELIMINATE] & bit(colour) != 0 {
                continue;
            }
            let Some(king) = self.ordinary_king(side, colour) else {
                continue;
            };
            if self.knights_of(side, colour) >= 3 {
                continue;
            }
            for at in (hepta_board().adjacent[king] & !self.occupied()).cells() {
                out.push(Move::Summon {
                    colour,
                    at: at as u8,
                });
            }
        }
    }

    /// Number of `side`'s Knights of `colour` on the board.
    pub fn knights_of(&self, side: Side, colour: Colour) -> usize {
        self.pieces(side, KNIGHTS)
            .cells()
            .filter(|&c| self.board[c] == Some(Piece::Knight(side, colour)))
            .count()
    }

    /// The cells holding a Soul of `colour`.
    pub(super) fn souls_of(&self, colour: Colour) -> u128 {
        self.souls()
            .cells()
            .filter(|&c| self.board[c] == Some(Piece::Soul(colour)))
            .fold(0, |bb, c| bb | u128::cell(c))
    }

    /// R63: the dropper's forwardmost empty hex of every file that has one.
    fn drops(&self, colour: Colour, out: &mut MoveList) {
        for file in 0..FILES {
            if let Some(at) = self.forwardmost_empty(self.side, self.empty_of_file(file)) {
                out.push(Move::Drop {
                    colour,
                    at: at as u8,
                });
            }
        }
    }

    /// R64: the six shifts of the announced colour.
    fn shifts(&self, colour: Colour, out: &mut MoveList) {
        let from = self.spot_of(colour);
        for spot in (0..7).filter(|&s| Some(s) != from) {
            out.push(Move::Shift {
                colour,
                spot: spot as u8,
            });
        }
    }

    /// R73–R75: a recovery Knight or King on a Soul of the colour, or the Heptagram spot.
    fn recovery_plies(&self, colour: Colour, step: u8, out: &mut MoveList) {
        if step == 8 {
            for spot in (0..7).filter(|&s| self.heptagram[s].is_none()) {
                out.push(Move::Shift {
                    colour,
                    spot: spot as u8,
                });
            }
            return;
        }
        for at in self.souls_of(colour).cells().map(|c| c as u8) {
            out.push(if step == 7 {
                Move::RecoveryKing { colour, at }
            } else {
                Move::Summon { colour, at }
            });
        }
    }

    /// R88, R89: a new Soul Master on the placer's backwardmost empty hex of any file.
    fn master_placements(&self, out: &mut MoveList) {
        for file in 0..FILES {
            if let Some(at) = self.backwardmost_empty(self.side, self.empty_of_file(file)) {
                out.push(Move::PlaceMaster { at: at as u8 });
            }
        }
    }

    /// The ordinary moves of `side`'s Knights, Kings and berserk Kings and its Soul
    /// Master steps, as if `side` were to move in the normal state (the evaluation's
    /// mobility).
    pub fn mobility(&self, side: Side) -> usize {
        let mut moves = MoveCounter::default();
        let mut master_steps = 0;
        for cell in self.owned[side].cells() {
            match self.board[cell] {
                Some(Piece::Knight(_, colour)) => self.knight_moves(cell, side, colour, &mut moves),
                Some(Piece::King(_, colour)) => self.king_moves(cell, side, colour, &mut moves),
                Some(Piece::Berserk(..)) => self.berserk_moves(cell, side, &mut moves),
                Some(Piece::Master(_)) => {
                    master_steps += (hepta_board().adjacent[cell] & !self.occupied()).count()
                }
                _ => {}
            }
        }
        moves.0 + master_steps as usize
    }

    /// Captures (including a King's capture of a Soul and the conversion of a berserk
    /// King) and promotions: what quiescence search looks at.
    pub(super) fn is_tactical(&self, mv: Move) -> bool {
        match mv {
            Move::Board { from, to } => {
                !matches!(self.board[usize::from(from)], Some(Piece::Soul(_)))
                    && self.board[usize::from(to)].is_some()
            }
            Move::Dematerialise { .. }
            | Move::Steal { .. }
            | Move::Recolour { .. }
            | Move::Duplicate { .. }
            | Move::Eliminate { .. } => true,
            _ => false,
        }
    }
}

/// The Soul moves found so far: each Soul with the set of its destinations.
type SoulMoves = ArrayVec<(u8, u128), 18>;

/// The moves of the Soul on `soul` to each of `targets`.
fn push_soul_moves(soul: u8, targets: u128, out: &mut MoveList) {
    for to in targets.cells() {
        out.push(Move::Board {
            from: soul,
            to: to as u8,
        });
    }
}

/// R50: every arrangement of the seven colours on the seven spots (7! = 5040).
fn arrangements(out: &mut MoveList) {
    fn extend(spots: &mut [Colour; 7], filled: usize, used: u8, out: &mut MoveList) {
        if filled == 7 {
            out.push(Move::Arrange(*spots));
            return;
        }
        for c in (0..COLOURS as u8).filter(|&c| used & bit(c) == 0) {
            spots[filled] = c;
            extend(spots, filled + 1, used | bit(c), out);
        }
    }
    extend(&mut [0; 7], 0, 0, out);
}
