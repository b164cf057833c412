//! Moves of the one-cell pieces (R18–R39) and legality (R50, R54).
//!
//! Pseudo-legal moves come from the pieces that are not frozen (R14); each is then kept
//! if the mover's King is not attacked after it (R50), which `Legality` decides, playing
//! the move on a scratch copy of the board only when it must. Its shortcuts rest on the
//! attack test (R49, R51): Riders, Skirmishers, Guards, Catapults and Pawns reach the
//! King along its lines, and a Barricade's two-step reach passes within two cells of it
//! (`Board::sensitive_cells`). An attacker's path needs empty cells, its own pieces (a
//! Guard's run) or the defender's pieces it may capture (R42, R51), so a defender's piece
//! put on a cell never opens an attack, and one taken off a cell never closes one. A
//! quiet move does only that — apart from a King's move (the King changes cell) and one
//! that moves or promotes a Herald (which enemies are frozen changes, R14) — so it
//! exposes the King only by emptying a sensitive cell and parries a check only by filling
//! one.

use super::attacks::Attack;
use super::barricade::step_reach;
use super::tables::{tables, Line, FORWARD};
use super::{
    code_color, code_kind, Board, Color, Move, MoveList, MoveSink, Panoply, BARRICADE, CATAPULT,
    GUARD, HERALD, KING, NONE, PAWN, PROMOTIONS, RIDER, SKIRMISHER,
};
use crate::bitboard::Bitboard;

/// Passes on the one-cell moves it receives that capture or land on one of `targets`.
struct QuietOnto<'a, S> {
    moves: &'a mut S,
    targets: u128,
}

impl<'a, S: MoveSink<Move>> QuietOnto<'a, S> {
    fn new(moves: &'a mut S, targets: u128) -> Self {
        QuietOnto { moves, targets }
    }
}

impl<S: MoveSink<Move>> MoveSink<Move> for QuietOnto<'_, S> {
    #[inline]
    fn is_satisfied(&self) -> bool {
        self.moves.is_satisfied()
    }

    #[inline]
    fn push(&mut self, mv: Move) {
        if let Move::Piece {
            to,
            capture: NONE,
            promotion: NONE,
            ..
        } = mv
        {
            if self.targets & (1u128 << to) == 0 {
                return;
            }
        }
        self.moves.push(mv);
    }
}

/// Passes on only the captures and promotions it receives.
struct TacticalOnly<'a, S>(&'a mut S);

impl<S: MoveSink<Move>> MoveSink<Move> for TacticalOnly<'_, S> {
    #[inline]
    fn push(&mut self, mv: Move) {
        if mv.is_tactical() {
            self.0.push(mv);
        }
    }
}

const fn opposite(d: usize) -> usize {
    (d + 3) % 6
}

/// A Pawn move to `to`, one per promotion kind on the last rank (R21).
fn push_pawn_move(
    from: usize,
    to: usize,
    capture: u8,
    color: Color,
    moves: &mut impl MoveSink<Move>,
) {
    if tables().last_rank[color] & (1 << to) != 0 {
        for kind in PROMOTIONS {
            moves.push(Move::Piece {
                from: from as u8,
                to: to as u8,
                promotion: kind as u8,
                capture,
            });
        }
    } else {
        moves.push(Move::piece(from, to, capture));
    }
}

impl Board {
    /// Pseudo-legal moves of the pieces of `color` that are not frozen, piece by piece
    /// until `moves` is satisfied.
    pub(super) fn pseudo_moves(&self, color: Color, moves: &mut impl MoveSink<Move>) {
        let zone = self.herald_zone(1 - color);
        for from in (self.by_color[color] & !zone).cells() {
            if moves.is_satisfied() {
                return;
            }
            self.piece_pseudo_moves(from, color, moves);
        }
        for placement in self.barricades_outside(color, zone) {
            if moves.is_satisfied() {
                return;
            }
            self.barricade_moves(placement, color, moves);
        }
    }

    /// The pseudo-legal moves of the one-cell piece of `color` on `from`, frozen or not
    /// (none for a Barricade's end).
    fn piece_pseudo_moves(&self, from: usize, color: Color, moves: &mut impl MoveSink<Move>) {
        match code_kind(self.cells[from]) {
            KING => self.king_moves(from, color, moves),
            PAWN => self.pawn_moves(from, color, moves),
            RIDER => self.slider_moves(from, color, true, moves),
            HERALD => self.slider_moves(from, color, false, moves),
            SKIRMISHER => {
                self.slider_moves(from, color, false, moves);
                self.skirmisher_captures(from, color, moves);
            }
            CATAPULT => {
                self.slider_moves(from, color, false, moves);
                self.catapult_captures(from, color, moves);
            }
            GUARD => self.guard_moves(from, color, moves),
            _ => {}
        }
    }

    /// The captures and promotions among `pseudo_moves`, in the same order: only the
    /// first piece of a slider's line can be captured, and a Herald never captures (R35).
    pub(super) fn pseudo_tactical_moves(&self, color: Color, moves: &mut impl MoveSink<Move>) {
        let zone = self.herald_zone(1 - color);
        let mut tactical = TacticalOnly(moves);
        for from in (self.by_color[color] & !zone).cells() {
            match code_kind(self.cells[from]) {
                KING => self.king_moves(from, color, &mut tactical),
                PAWN => self.pawn_tactical_moves(from, color, tactical.0),
                RIDER => self.rider_captures(from, color, tactical.0),
                SKIRMISHER => self.skirmisher_captures(from, color, tactical.0),
                CATAPULT => self.catapult_captures(from, color, tactical.0),
                GUARD => self.guard_moves(from, color, &mut tactical),
                _ => {}
            }
        }
        for placement in self.barricades_outside(color, zone) {
            self.barricade_captures(placement, color, tactical.0);
        }
    }

    /// The pseudo-legal moves of `color` worth a legality test: with the King in `check`
    /// only those that might parry the attack (`Legality::parry`), in `pseudo_moves`'
    /// order. A quiet move of a Pawn, slider or Guard must fill a cell that stops it, a
    /// Herald's may also land next to the attacker, which it freezes (R14); a Pawn's
    /// promotion is kept, as it may put a Herald down. A Barricade must reach a cell that
    /// stops the attack or a part of it.
    fn pseudo_candidates(
        &self,
        color: Color,
        check: Option<Attack>,
        moves: &mut impl MoveSink<Move>,
    ) {
        let Some(Attack { parts, stops }) = check else {
            return self.pseudo_moves(color, moves);
        };
        let t = tables();
        let next_to_attacker = parts.cells().fold(0, |cells, c| cells | t.adjacent[c]);
        let zone = self.herald_zone(1 - color);
        let mut filling = QuietOnto::new(moves, stops);
        for from in (self.by_color[color] & !zone).cells() {
            if filling.is_satisfied() {
                return;
            }
            match code_kind(self.cells[from]) {
                KING => self.king_moves(from, color, filling.moves),
                PAWN => self.pawn_moves(from, color, &mut filling),
                RIDER => self.slider_moves(from, color, true, &mut filling),
                HERALD => self.slider_moves(
                    from,
                    color,
                    false,
                    &mut QuietOnto::new(filling.moves, stops | next_to_attacker),
                ),
                SKIRMISHER => {
                    self.slider_moves(from, color, false, &mut filling);
                    self.skirmisher_captures(from, color, filling.moves);
                }
                CATAPULT => {
                    self.slider_moves(from, color, false, &mut filling);
                    self.catapult_captures(from, color, filling.moves);
                }
                GUARD => self.guard_moves(from, color, &mut filling),
                _ => {}
            }
        }
        for placement in self.barricades_outside(color, zone) {
            if filling.is_satisfied() {
                return;
            }
            if step_reach(placement) & (stops | parts) != 0 {
                self.barricade_moves(placement, color, filling.moves);
            }
        }
    }

    /// Whether a slider of `color` may capture the first piece of `line`, met in
    /// direction `d` (R16).
    pub(super) fn captures_blocker(&self, line: Line, d: usize, color: Color) -> bool {
        line.blocker_cell()
            .is_some_and(|target| self.can_capture(target, d, color))
    }

    /// A Rider's captures: the first piece of each line (R25).
    fn rider_captures(&self, from: usize, color: Color, moves: &mut impl MoveSink<Move>) {
        let (t, occupied) = (tables(), self.occupied());
        for d in 0..6 {
            let line = t.line(from, d, occupied);
            if self.captures_blocker(line, d, color) {
                let target = line.blocker.trailing_zeros() as usize;
                moves.push(Move::piece(from, target, target as u8));
            }
        }
    }

    /// A Pawn's promotions by sliding onto the last rank and its jumps (R19, R21).
    fn pawn_tactical_moves(&self, from: usize, color: Color, moves: &mut impl MoveSink<Move>) {
        let (t, occupied) = (tables(), self.occupied());
        for d in FORWARD[color] {
            let reach = t.line(from, d, occupied).empty;
            if let Some(to) = (reach & t.last_rank[color]).first() {
                push_pawn_move(from, to, NONE, color, moves);
            }
            // R19: a jump needs a piece next to the Pawn, where it cannot slide.
            if reach == 0 {
                self.pawn_jump(from, d, color, moves);
            }
        }
    }

    /// Whether `cell` holds a piece of the colour other than `color`.
    #[inline]
    fn is_enemy(&self, cell: usize, color: Color) -> bool {
        self.cells[cell] != 0 && code_color(self.cells[cell]) != color
    }

    /// Whether a piece of `color` entering `target` in direction `d` captures there: an
    /// enemy stands on it and R16 allows it.
    #[inline]
    pub(super) fn can_capture(&self, target: usize, d: usize, color: Color) -> bool {
        self.is_enemy(target, color) && self.capturable_in_line(target, d)
    }

    /// R23: one step to an empty cell or onto a capturable enemy.
    pub(super) fn king_moves(&self, from: usize, color: Color, moves: &mut impl MoveSink<Move>) {
        let hex = tables().hex;
        for d in 0..6 {
            if let Some(to) = hex.step(from, d) {
                if self.cells[to] == 0 {
                    moves.push(Move::piece(from, to, NONE));
                } else if self.can_capture(to, d, color) {
                    moves.push(Move::piece(from, to, to as u8));
                }
            }
        }
    }

    /// R18–R21: slides forward over empty cells; jumps over an adjacent enemy onto an
    /// empty cell; promotion on the last rank.
    fn pawn_moves(&self, from: usize, color: Color, moves: &mut impl MoveSink<Move>) {
        let t = tables();
        for d in FORWARD[color] {
            let ray = &t.rays[from][d];
            for &cell in ray.iter().take_while(|&&c| self.cells[c as usize] == 0) {
                push_pawn_move(from, cell as usize, NONE, color, moves);
            }
            self.pawn_jump(from, d, color, moves);
        }
    }

    /// R19: a Pawn's jump in forward direction `d` over an adjacent enemy onto the empty
    /// cell beyond.
    pub(super) fn pawn_jump(
        &self,
        from: usize,
        d: usize,
        color: Color,
        moves: &mut impl MoveSink<Move>,
    ) {
        if let [target, landing, ..] = tables().rays[from][d][..] {
            let (target, landing) = (target as usize, landing as usize);
            if self.cells[landing] == 0 && self.can_capture(target, d, color) {
                push_pawn_move(from, landing, target as u8, color, moves);
            }
        }
    }

    /// Slides over empty cells in all six directions (R25, R26, R31, R35); a Rider may
    /// also capture the first piece if it is a capturable enemy (R25).
    fn slider_moves(
        &self,
        from: usize,
        color: Color,
        captures: bool,
        moves: &mut impl MoveSink<Move>,
    ) {
        let t = tables();
        for d in 0..6 {
            for &cell in t.rays[from][d].iter() {
                let cell = cell as usize;
                if self.cells[cell] == 0 {
                    moves.push(Move::piece(from, cell, NONE));
                    continue;
                }
                if captures && self.can_capture(cell, d, color) {
                    moves.push(Move::piece(from, cell, cell as u8));
                }
                break;
            }
        }
    }

    /// R27–R29: capture the first piece on a ray by retreating as far the other way.
    fn skirmisher_captures(&self, from: usize, color: Color, moves: &mut impl MoveSink<Move>) {
        let t = tables();
        let enemy = self.by_color[1 - color];
        for d in 0..6 {
            if t.ray_masks[from][d] & enemy == 0 {
                continue;
            }
            let ray = &t.rays[from][d];
            let Some(k) = ray.iter().position(|&c| self.cells[c as usize] != 0) else {
                continue;
            };
            let target = ray[k] as usize;
            if !self.can_capture(target, d, color) {
                continue;
            }
            let retreat = &t.rays[from][opposite(d)];
            if retreat.len() > k && retreat[..=k].iter().all(|&c| self.cells[c as usize] == 0) {
                let (from, to, capture) = (from as u8, retreat[k], target as u8);
                moves.push(Move::Skirmish { from, to, capture });
            }
        }
    }

    /// R32–R34: leap over any enemy on a ray onto the empty cell as far beyond it.
    pub(super) fn catapult_captures(
        &self,
        from: usize,
        color: Color,
        moves: &mut impl MoveSink<Move>,
    ) {
        let t = tables();
        let enemy = self.by_color[1 - color];
        for d in 0..6 {
            if t.hex.ray(d, from) & enemy == 0 {
                continue;
            }
            let ray = &t.rays[from][d];
            for k in 0..ray.len() / 2 {
                let (target, landing) = (ray[k] as usize, ray[2 * k + 1] as usize);
                if self.cells[landing] == 0 && self.can_capture(target, d, color) {
                    moves.push(Move::piece(from, landing, target as u8));
                }
            }
        }
    }

    /// R38: in each direction, pass over friendly pieces to the first other cell.
    pub(super) fn guard_moves(&self, from: usize, color: Color, moves: &mut impl MoveSink<Move>) {
        let t = tables();
        for d in 0..6 {
            let first_other = t.rays[from][d]
                .iter()
                .map(|&c| c as usize)
                .find(|&c| self.cells[c] == 0 || code_color(self.cells[c]) != color);
            match first_other {
                Some(to) if self.cells[to] == 0 => moves.push(Move::piece(from, to, NONE)),
                Some(to) if self.capturable_in_line(to, d) => {
                    moves.push(Move::piece(from, to, to as u8))
                }
                _ => {}
            }
        }
    }
}

impl Panoply {
    /// Every legal move of the side to move (R54).
    pub(super) fn generate_legal(&self, moves: &mut MoveList) {
        self.for_each_legal(Candidates::All, |mv| moves.push(mv));
    }

    /// The legal captures and promotions (quiescence search), generated without the
    /// quiet moves.
    pub(super) fn generate_legal_tactical(&self, moves: &mut MoveList) {
        self.for_each_legal(Candidates::Tactical, |mv| moves.push(mv));
    }

    /// The number of legal moves (perft's bulk count).
    pub(super) fn count_legal(&self) -> usize {
        let mut count = 0;
        self.for_each_legal(Candidates::All, |_| count += 1);
        count
    }

    /// Whether the side to move has a legal move: the pieces' moves are generated and
    /// tested only until one is legal.
    pub(super) fn has_legal(&self) -> bool {
        let mut legality = Legality::new(self);
        let check = legality.in_check.then_some(legality.attack);
        let mut first = FirstLegal {
            legality: &mut legality,
            found: false,
        };
        self.board.pseudo_candidates(self.side, check, &mut first);
        first.found
    }

    /// The legal moves of the side to move's piece on `from`, a Barricade named by its
    /// lower cell as in `Placement` (R54): a move token is looked up among them, so
    /// reading a move tests one piece's moves, not every piece's.
    pub(super) fn generate_legal_from(&self, from: usize, moves: &mut MoveList) {
        let (board, side) = (&self.board, self.side);
        let zone = board.herald_zone(1 - side);
        let mut pseudo = MoveList::new();
        if board.by_color[side] & !zone & (1u128 << from) != 0 {
            board.piece_pseudo_moves(from, side, &mut pseudo);
        }
        for placement in board.barricades_outside(side, zone) {
            if usize::from(placement.0) == from {
                board.barricade_moves(placement, side, &mut pseudo);
            }
        }
        let mut legality = Legality::new(self);
        for &mv in pseudo.iter() {
            if legality.allows(mv) {
                moves.push(mv);
            }
        }
    }

    /// Visits the legal moves among the `candidates`.
    fn for_each_legal(&self, candidates: Candidates, mut visit: impl FnMut(Move)) {
        let mut pseudo = MoveList::new();
        let (board, side) = (&self.board, self.side);
        let mut legality = match candidates {
            Candidates::All => {
                let legality = Legality::new(self);
                let check = legality.in_check.then_some(legality.attack);
                board.pseudo_candidates(side, check, &mut pseudo);
                legality
            }
            // Most positions of the quiescence search have no capture: no test to set up.
            Candidates::Tactical => {
                board.pseudo_tactical_moves(side, &mut pseudo);
                if pseudo.is_empty() {
                    return;
                }
                Legality::new(self)
            }
        };
        for &mv in pseudo.iter() {
            if legality.allows(mv) {
                visit(mv);
            }
        }
    }

    /// The cells of the piece on `cell`: the cell, and the other end of a Barricade.
    fn piece_cells(&self, cell: usize) -> u128 {
        (1u128 << cell) | self.board.partner_of(cell).map_or(0, |o| 1u128 << o)
    }
}

/// Takes pseudo-legal moves until one is legal.
struct FirstLegal<'l, 'a> {
    legality: &'l mut Legality<'a>,
    found: bool,
}

impl MoveSink<Move> for FirstLegal<'_, '_> {
    #[inline]
    fn is_satisfied(&self) -> bool {
        self.found
    }

    #[inline]
    fn push(&mut self, mv: Move) {
        self.found = self.found || self.legality.allows(mv);
    }
}

/// The pseudo-legal moves a legality test looks at.
#[derive(Clone, Copy)]
enum Candidates {
    /// All of them (`Board::pseudo_candidates`).
    All,
    /// The captures and promotions (`Board::pseudo_tactical_moves`).
    Tactical,
}

/// The legality test of one position's pseudo-legal moves (R50).
///
/// A move is played on a scratch copy of the board and kept if the mover's King is not
/// attacked afterwards, but most moves are decided without that test (see the module
/// comment). Pieces that cover no sensitive cell and unfreeze no enemy are `free`: lifting
/// one opens no attack. With the King in check, a move other than the King's is illegal
/// unless it might end the first attack found (`Attack`); a quiet one-cell piece's other
/// than a Herald's, unless a piece put on the cell it fills would parry the check on its
/// own (decided once per cell), and then it is legal if the piece is free. Otherwise:
/// - a move that empties no sensitive cell and unfreezes no enemy piece is legal;
/// - a quiet move is legal if lifting its piece off the board leaves the King safe: the
///   piece then fills the cells it lands on, and a Herald landing elsewhere only freezes
///   more (R14). That answer is kept per piece, so a piece's many moves cost one test.
struct Legality<'a> {
    pos: &'a Panoply,
    king: usize,
    in_check: bool,
    sensitive: u128,
    free: u128,
    /// In check, the first attack found on the King: every parry must end it.
    attack: Attack,
    /// Created on the first test; each test plays its move on it and takes it back.
    scratch: Option<Board>,
    /// The board without the mover's King, created for its first quiet step.
    kingless: Option<Board>,
    /// Pieces (by their first cell) whose lifting is decided, and those where it is safe:
    /// at the start, the free pieces.
    lifted: u128,
    safe_to_lift: u128,
    /// In check: cells where a one-cell piece put down is decided, and those where it
    /// parries the check.
    filled: u128,
    parrying: u128,
}

/// Whether a move parries a check, as far as `Legality::parry` can tell without playing it.
enum Parry {
    Never,
    Surely,
    Perhaps,
}

impl<'a> Legality<'a> {
    fn new(pos: &'a Panoply) -> Self {
        let king = pos.king(pos.side);
        let attack = if pos.in_check() {
            pos.board.first_attack(king, 1 - pos.side)
        } else {
            None
        };
        let sensitive = pos.board.sensitive_cells(king, 1 - pos.side);
        let free = pos.board.freely_lifted(pos.side, sensitive);
        Legality {
            pos,
            king,
            in_check: attack.is_some(),
            sensitive,
            free,
            attack: attack.unwrap_or_default(),
            scratch: None,
            kingless: None,
            lifted: free,
            safe_to_lift: free,
            filled: 0,
            parrying: 0,
        }
    }

    /// Whether the pseudo-legal move `mv` is legal.
    #[inline]
    fn allows(&mut self, mv: Move) -> bool {
        self.is_quiet_and_free(mv) || self.is_legal(mv)
    }

    /// The common case, legal without a test: out of check, a quiet move of a piece known
    /// to be safe to lift.
    #[inline(always)]
    fn is_quiet_and_free(&self, mv: Move) -> bool {
        let from = match mv {
            Move::Piece { from, capture, .. } if capture == NONE => from,
            Move::Barricade { from, captures, .. } if captures[0] == NONE => from.0,
            _ => return false,
        };
        !self.in_check && self.safe_to_lift & (1u128 << from) != 0
    }

    #[inline(never)]
    fn is_legal(&mut self, mv: Move) -> bool {
        let (from, capture) = match mv {
            Move::Barricade { from, captures, .. } => (from.0, captures[0]),
            Move::Piece { from, capture, .. } | Move::Skirmish { from, capture, .. } => {
                (from, capture)
            }
        };
        let from = from as usize;
        if from == self.king {
            return match mv {
                Move::Piece { to, .. } if capture == NONE => self.king_step_safe(to as usize),
                _ => self.leaves_king_safe(mv),
            };
        }
        if self.in_check {
            return match self.parry(mv, from) {
                Parry::Never => false,
                Parry::Surely => true,
                Parry::Perhaps => self.leaves_king_safe(mv),
            };
        }
        if capture == NONE {
            return self.safe_to_lift(from) || self.leaves_king_safe(mv);
        }
        let captured = match mv {
            Move::Barricade { captures, .. } => captures
                .iter()
                .filter(|&&c| c != NONE)
                .fold(0, |bb, &c| bb | self.pos.piece_cells(c as usize)),
            _ => self.pos.piece_cells(capture as usize),
        };
        // A capturer is never a Herald (R35), so it unfreezes nothing.
        let vacated = self.pos.piece_cells(from) | captured;
        vacated & self.sensitive == 0 || self.leaves_king_safe(mv)
    }

    /// Whether a move by a piece other than the King parries a check. Lifting a piece
    /// never removes an attack: a move parries only if it ends the first attack, by
    /// filling a cell that stops it (for a quiet one-cell piece, one that parries alone),
    /// by taking a part of it, or by putting a Herald down, moved or promoted, next to
    /// the attacker, which it freezes (R14, R21). A one-cell piece that parries alone and
    /// is free opens no other attack by leaving.
    fn parry(&mut self, mv: Move, from: usize) -> Parry {
        let perhaps = |may: bool| if may { Parry::Perhaps } else { Parry::Never };
        match mv {
            Move::Barricade { to, captures, .. } => {
                let filled = (1u128 << to.0) | (1u128 << to.1);
                let taken = captures
                    .iter()
                    .filter(|&&c| c != NONE)
                    .fold(0, |bb, &c| bb | self.pos.piece_cells(c as usize));
                perhaps(filled & self.attack.stops != 0 || taken & self.attack.parts != 0)
            }
            Move::Piece {
                to,
                capture,
                promotion,
                ..
            } if capture == NONE => {
                let to = to as usize;
                let placed = if promotion == NONE {
                    code_kind(self.pos.board.cells[from])
                } else {
                    promotion as usize
                };
                let stops = self.attack.stops & (1u128 << to) != 0;
                if placed == HERALD {
                    perhaps(stops || tables().adjacent[to] & self.attack.parts != 0)
                } else if !(stops && self.parries_alone(to)) {
                    Parry::Never
                } else if self.free & (1u128 << from) != 0 {
                    Parry::Surely
                } else {
                    Parry::Perhaps
                }
            }
            Move::Piece {
                to,
                capture,
                promotion,
                ..
            } => {
                let freezes = promotion as usize == HERALD
                    && tables().adjacent[to as usize] & self.attack.parts != 0;
                perhaps(freezes || self.captures_or_fills(to, capture))
            }
            Move::Skirmish { to, capture, .. } => perhaps(self.captures_or_fills(to, capture)),
        }
    }

    /// Whether a capture landing on `to` takes a part of the attack or fills a cell
    /// that stops it.
    fn captures_or_fills(&self, to: u8, capture: u8) -> bool {
        let taken = self.pos.piece_cells(capture as usize);
        self.attack.stops & (1u128 << to) != 0 || taken & self.attack.parts != 0
    }

    /// Whether a one-cell piece (not a Herald) of the side to move put down on `cell`
    /// leaves its King safe; its kind does not matter to the attacks (R49–R51).
    fn parries_alone(&mut self, cell: usize) -> bool {
        let bit = 1u128 << cell;
        if self.filled & bit == 0 {
            self.filled |= bit;
            if self.put_down_parries(cell) {
                self.parrying |= bit;
            }
        }
        self.parrying & bit != 0
    }

    /// Decides `parries_alone` for `cell` on the scratch board.
    #[inline(never)]
    fn put_down_parries(&mut self, cell: usize) -> bool {
        let us = self.pos.side;
        let board = self.scratch.get_or_insert(self.pos.board);
        let mut log = super::ChangeLog::new();
        board.set_cell(&mut log, cell, super::piece_code(us, PAWN), NONE);
        let safe = !board.is_attacked(self.king, 1 - us);
        board.restore(&log);
        safe
    }

    /// Whether the King may step to the empty cell `to`: whether a one-cell piece there
    /// is safe with the King gone from its cell (R50, A21). One board serves every step.
    fn king_step_safe(&mut self, to: usize) -> bool {
        let (pos, king) = (self.pos, self.king);
        let board = self.kingless.get_or_insert_with(|| {
            let mut board = pos.board;
            board.set_cell(&mut super::ChangeLog::new(), king, 0, NONE);
            board
        });
        !board.is_attacked(to, 1 - pos.side)
    }

    /// Plays `mv` on the scratch board, asks whether the mover's King is attacked (R50),
    /// and takes the move back. Kept out of line, like `lift`, so that the common case
    /// of `is_legal` stays small.
    #[inline(never)]
    fn leaves_king_safe(&mut self, mv: Move) -> bool {
        let us = self.pos.side;
        let board = self.scratch.get_or_insert(self.pos.board);
        let (mut log, mut hash) = (super::ChangeLog::new(), 0);
        board.apply(mv, us, &mut log, &mut hash);
        let king = board.pieces(us, KING).trailing_zeros() as usize;
        let safe = !board.is_attacked(king, 1 - us);
        board.restore(&log);
        safe
    }

    /// Whether the King stays safe with the piece on `from` (both ends of a Barricade)
    /// removed.
    fn safe_to_lift(&mut self, from: usize) -> bool {
        let bit = 1u128 << from;
        if self.lifted & bit == 0 {
            self.lift(from);
        }
        self.safe_to_lift & bit != 0
    }

    /// Decides `safe_to_lift` for the piece on `from` on the scratch board.
    #[inline(never)]
    fn lift(&mut self, from: usize) {
        let bit = 1u128 << from;
        self.lifted |= bit;
        let cells = self.pos.piece_cells(from);
        let board = self.scratch.get_or_insert(self.pos.board);
        let mut log = super::ChangeLog::new();
        for cell in cells.cells() {
            board.set_cell(&mut log, cell, 0, NONE);
        }
        if !board.is_attacked(self.king, 1 - self.pos.side) {
            self.safe_to_lift |= bit;
        }
        board.restore(&log);
    }
}

impl Board {
    /// The cells on the paths along which pieces of `them` could capture the King of `us`
    /// on `king`, where emptying a cell may open an attack and filling one may parry it:
    /// each line through the King that holds an enemy Rider, Skirmisher, Catapult
    /// or Guard (their attacks run along that line, a Catapult's landing cell and a
    /// Skirmisher's retreat included); the King's neighbours when an enemy Pawn is next to
    /// it (its landing cell is one of them); and every cell within two of the King when an
    /// enemy Barricade is within four (a two-step reach passes there).
    fn sensitive_cells(&self, king: usize, them: Color) -> u128 {
        let t = tables();
        let enemy = self.by_color[them];
        let liners = enemy
            & (self.by_kind[RIDER]
                | self.by_kind[SKIRMISHER]
                | self.by_kind[CATAPULT]
                | self.by_kind[GUARD]);
        let mut cells = t.axes[king]
            .iter()
            .filter(|&&axis| axis & liners != 0)
            .fold(0, |bb, &axis| bb | axis);
        if t.adjacent[king] & enemy & self.by_kind[PAWN] != 0 {
            cells |= t.adjacent[king];
        }
        if t.within4[king] & enemy & self.by_kind[BARRICADE] != 0 {
            cells |= t.within2[king];
        }
        cells
    }

    /// The pieces of `us` (by every cell they cover but a Barricade's upper end) that may
    /// leave without a test: not the King, covering no `sensitive` cell, and not a Herald
    /// that freezes an enemy piece (R14).
    fn freely_lifted(&self, us: Color, sensitive: u128) -> u128 {
        let t = tables();
        let mut cells = self.by_color[us] & !sensitive & !self.pieces(us, KING);
        for herald in self.pieces(us, HERALD).cells() {
            if t.adjacent[herald] & self.by_color[1 - us] != 0 {
                cells &= !(1u128 << herald);
            }
        }
        for end in self.pieces(us, BARRICADE).cells() {
            if sensitive & (1u128 << self.partner[end]) != 0 {
                cells &= !(1u128 << end);
            }
        }
        cells
    }
}

#[cfg(test)]
mod tests {
    use super::super::ChangeLog;
    use super::*;
    use crate::game::Game;

    /// The legal moves by R50 alone: every pseudo-legal move played on a copy of the
    /// board, kept if the mover's King is not attacked afterwards.
    fn plainly_legal(pos: &Panoply) -> Vec<Move> {
        let mut pseudo = MoveList::new();
        pos.board.pseudo_moves(pos.side, &mut pseudo);
        pseudo
            .into_iter()
            .filter(|&mv| {
                let mut board = pos.board;
                board.apply(mv, pos.side, &mut ChangeLog::new(), &mut 0);
                !board.is_attacked(
                    board.pieces(pos.side, KING).trailing_zeros() as usize,
                    1 - pos.side,
                )
            })
            .collect()
    }

    /// Random playouts that give check whenever they can, so that many positions are
    /// in check and the parry shortcuts are taken.
    #[test]
    fn legality_shortcuts_agree_with_playing_every_move() {
        let (mut positions, mut checks) = (0, 0);
        super::super::playouts::play(11, 200, 150, |pos, moves, rng| {
            let at = pos.position_string();
            assert_eq!(moves.to_vec(), plainly_legal(pos), "{at}");
            positions += 1;
            checks += usize::from(pos.in_check());
            let checking: Vec<Move> = moves
                .iter()
                .copied()
                .filter(|&mv| {
                    pos.make_move(mv);
                    let check = pos.in_check();
                    pos.unmake_move();
                    check
                })
                .collect();
            super::super::playouts::preferring(&checking, 0.8, moves, rng)
        });
        assert!(positions > 5000 && checks > 3000, "{positions} {checks}");
    }
}
