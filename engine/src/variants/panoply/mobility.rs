//! The evaluation's mobility, counted without listing moves. One scan of a line finds the
//! empty cells before its first piece, a slider's quiet moves, and that piece, the only
//! one a Rider or Skirmisher may capture (`Rays::scan`); a Guard's line is scanned up to
//! its first cell without a friendly piece. The King's steps are counted from bitboards,
//! a Catapult's leaps over the enemies within half a line's length, a Pawn's jumps by the
//! generator of `movegen`. A Barricade's moves, up to 42 step sequences to tell apart
//! (R44–R47), are estimated from its single steps, counted from bitboards too.

use super::barricade::View;
use super::tables::{tables, Tables, FORWARD, PLACEMENTS};
use super::{
    Board, Color, MoveCounter, Placement, BARRICADE, BLACK, CATAPULT, GUARD, HERALD, KING, PAWN,
    PROMOTIONS, RIDER, SKIRMISHER, WHITE,
};
use crate::bitboard::Bitboard;
use crate::geometry::ORTHOGONAL;
use std::sync::OnceLock;

/// Barricade moves counted per single step: an unblocked Barricade has 6 single steps
/// and 24 moves (R48), and each blocked step removes the sequences that start with it.
pub(super) const MOVES_PER_BARRICADE_STEP: usize = 4;

/// Whether a step in each orthogonal direction increases the cell index.
const INCREASING: [bool; 6] = {
    let mut increasing = [false; 6];
    let mut d = 0;
    while d < 6 {
        increasing[d] = ORTHOGONAL[d].increases_index();
        d += 1;
    }
    increasing
};

/// The lines of every cell, in arrays sized so that a scan needs no bounds check: cell
/// indices are below 128, scan positions (`Rays::scan`) at most 128.
struct Rays {
    /// `mask[cell][d]`: the cells of the line from `cell` in direction `d`.
    mask: [[u128; 6]; 128],
    /// `leap_targets[cell][d]`: the first half of those cells, where a Catapult's leap
    /// over a piece lands on the board (R32).
    leap_targets: [[u128; 6]; 128],
    /// `leap_reach[cell]`: the union of the six `leap_targets[cell]`.
    leap_reach: [u128; 128],
    /// Every cell counts once: the quiet moves of a slider.
    slides: Weights,
    /// A cell of the last rank of the side whose forward direction the line takes counts
    /// once per promotion kind: the slides of a Pawn (R21).
    pawn_slides: Weights,
}

/// The moves onto the cells of a line, summed from a cell to the edge: the moves onto the
/// cells before a line's first piece are a difference of two entries.
struct Weights {
    /// `line[cell][d]`: the moves onto the cells of the line from `cell` in direction `d`.
    line: [[u8; 6]; 128],
    /// `lines[cell]`: the sum of the six `line[cell]`.
    lines: [u8; 128],
    /// `to_edge[d][position]`: for the piece at scan `position` along direction `d`, the
    /// moves onto its own cell and those beyond it; 0 at position 128, where no piece is.
    to_edge: [[u8; 129]; 6],
}

/// What a scan of one line finds: its first piece at a scan position, the number of
/// empty cells before it.
#[derive(Clone, Copy)]
struct Scan {
    position: u32,
    first: Option<usize>,
    free: u32,
}

impl Weights {
    /// The sums of `moves_onto(cell, d)`, the moves onto `cell` along direction `d`.
    fn build(moves_onto: impl Fn(usize, usize) -> u8) -> Weights {
        let t = tables();
        let mut weights = Weights {
            line: [[0; 6]; 128],
            lines: [0; 128],
            to_edge: [[0; 129]; 6],
        };
        for cell in 0..super::CELLS {
            for d in 0..6 {
                let line = t.rays[cell][d]
                    .iter()
                    .map(|&c| moves_onto(c as usize, d))
                    .sum();
                weights.line[cell][d] = line;
                weights.to_edge[d][scan_position(d, cell)] = moves_onto(cell, d) + line;
            }
            weights.lines[cell] = weights.line[cell].iter().sum();
        }
        weights
    }

    /// The moves onto the cells of the line from `from` in direction `d` before the
    /// piece at scan `position`.
    #[inline(always)]
    fn before(&self, from: usize, d: usize, position: u32) -> u32 {
        u32::from(self.line[from][d]) - u32::from(self.to_edge[d][position as usize])
    }

    /// The sum of `before` over the six lines from `from`, the pieces met by `scans`.
    #[inline(always)]
    fn before_all(&self, from: usize, scans: &[Scan; 6]) -> u32 {
        let beyond: u32 = (0..6)
            .map(|d| u32::from(self.to_edge[d][scans[d].position as usize]))
            .sum();
        u32::from(self.lines[from]) - beyond
    }
}

impl Rays {
    fn build() -> Rays {
        let t = tables();
        let leap_targets: [[u128; 6]; 128] = std::array::from_fn(|cell| {
            std::array::from_fn(|d| {
                let line = t.rays.get(cell).map_or(&[][..], |rays| &rays[d][..]);
                line[..line.len() / 2]
                    .iter()
                    .fold(0, |cells, &c| cells | u128::cell(c as usize))
            })
        });
        let promotes = |cell: usize, d: usize| {
            [WHITE, BLACK]
                .iter()
                .any(|&color| FORWARD[color].contains(&d) && t.last_rank[color].has(cell))
        };
        Rays {
            mask: std::array::from_fn(|cell| {
                std::array::from_fn(|d| t.ray_masks.get(cell).map_or(0, |masks| masks[d]))
            }),
            leap_reach: leap_targets.map(|lines| lines.iter().fold(0, |all, &line| all | line)),
            leap_targets,
            slides: Weights::build(|_, _| 1),
            pawn_slides: Weights::build(|cell, d| {
                if promotes(cell, d) {
                    PROMOTIONS.len() as u8
                } else {
                    1
                }
            }),
        }
    }

    /// Scans the line from `from` in direction `d` up to the first of the `stops` cells.
    /// That is the lowest set bit along an index-increasing line, the highest along a
    /// decreasing one: its scan position is the number of trailing, or leading, zero
    /// bits.
    #[inline(always)]
    fn scan(&self, from: usize, d: usize, stops: u128) -> Scan {
        let met = self.mask[from][d] & stops;
        let (position, first) = if INCREASING[d] {
            let zeros = met.trailing_zeros();
            (zeros, zeros as usize)
        } else {
            let zeros = met.leading_zeros();
            (zeros, 127usize.wrapping_sub(zeros as usize))
        };
        Scan {
            position,
            first: (met != 0).then_some(first),
            free: self.slides.before(from, d, position),
        }
    }

    /// The scans of the six lines from `from`, written out so that the sense of each
    /// direction is known when compiling.
    #[inline(always)]
    fn scan_all(&self, from: usize, stops: u128) -> [Scan; 6] {
        [
            self.scan(from, 0, stops),
            self.scan(from, 1, stops),
            self.scan(from, 2, stops),
            self.scan(from, 3, stops),
            self.scan(from, 4, stops),
            self.scan(from, 5, stops),
        ]
    }
}

/// The scan position (`Rays::scan`) of `cell` along direction `d`.
fn scan_position(d: usize, cell: usize) -> usize {
    if INCREASING[d] {
        cell
    } else {
        127 - cell
    }
}

/// The `Rays`, built on first use.
fn rays() -> &'static Rays {
    static RAYS: OnceLock<Rays> = OnceLock::new();
    RAYS.get_or_init(Rays::build)
}

/// The cells a Barricade's steps enter from one placement (R41, R42).
#[derive(Clone, Copy, Default)]
struct StepCells {
    /// The cells next to both ends: either end may rotate onto each.
    rotations: u128,
    /// The cells an advance enters, one per sense along the line.
    advances: u128,
}

/// `step_cells()[index]`: the `StepCells` of the placement numbered `index`
/// (`Tables::placement_index`), from its step shapes.
fn step_cells() -> &'static [StepCells; PLACEMENTS] {
    static STEP_CELLS: OnceLock<[StepCells; PLACEMENTS]> = OnceLock::new();
    STEP_CELLS.get_or_init(|| {
        std::array::from_fn(|index| {
            let mut cells = StepCells::default();
            for shape in &tables().step_shapes[index] {
                let entered = u128::cell(shape.entered as usize);
                match shape.advance {
                    Some(_) => cells.advances |= entered,
                    None => cells.rotations |= entered,
                }
            }
            cells
        })
    })
}

/// The counts of the moves of one colour's one-cell pieces, with what they share looked up
/// once: the tables, the occupied cells and the enemy pieces.
struct Counter<'a> {
    board: &'a Board,
    color: Color,
    tables: &'static Tables,
    rays: &'static Rays,
    occupied: u128,
    enemies: u128,
}

impl<'a> Counter<'a> {
    fn new(board: &'a Board, color: Color) -> Self {
        Counter {
            board,
            color,
            tables: tables(),
            rays: rays(),
            occupied: board.occupied(),
            enemies: board.by_color[1 - color],
        }
    }

    /// The moves of the Pawns on `pawns`. Each branch passes a constant colour, so that
    /// the sense of its forward directions is known when compiling.
    fn pawn_moves(&self, pawns: u128) -> u32 {
        if self.color == WHITE {
            self.pawn_moves_of(pawns, WHITE)
        } else {
            self.pawn_moves_of(pawns, BLACK)
        }
    }

    /// The Pawns' slides, each onto the last rank once per promotion kind, and their
    /// jumps (R18–R21).
    #[inline(always)]
    fn pawn_moves_of(&self, pawns: u128, color: Color) -> u32 {
        let mut moves = 0;
        for from in pawns.cells() {
            for d in FORWARD[color] {
                let scan = self.rays.scan(from, d, self.occupied);
                let slides = self.rays.pawn_slides.before(from, d, scan.position);
                // R19: a jump needs a piece next to the Pawn, where it cannot slide.
                if slides == 0 && scan.first.is_some() {
                    let mut jumps = MoveCounter::default();
                    self.board.pawn_jump(from, d, color, &mut jumps);
                    moves += jumps.0 as u32;
                }
                moves += slides;
            }
        }
        moves
    }

    /// R23: the King's steps to an empty cell, and onto an enemy it may capture; an enemy
    /// Barricade end only from its line (R16).
    fn king_moves(&self, from: usize) -> u32 {
        let adjacent = self.tables.adjacent[from];
        let enemies = adjacent & self.enemies;
        let barricade_ends = enemies & self.board.by_kind[BARRICADE];
        let mut moves = (adjacent & !self.occupied).count() + (enemies & !barricade_ends).count();
        if barricade_ends != 0 {
            moves += (0..6)
                .filter_map(|d| self.tables.hex.step(from, d).map(|to| (to, d)))
                .filter(|&(to, d)| barricade_ends.has(to) && self.board.capturable_in_line(to, d))
                .count() as u32;
        }
        moves
    }

    /// The quiet moves of a slider on `from`: the empty cells of its lines.
    fn quiet_slides(&self, from: usize) -> u32 {
        let scans = self.rays.scan_all(from, self.occupied);
        self.rays.slides.before_all(from, &scans)
    }

    /// A Rider's slides and captures of the first piece in each direction (R25).
    fn rider_moves(&self, from: usize) -> u32 {
        let scans = self.rays.scan_all(from, self.occupied);
        let captures = (0..6).filter(|&d| self.captures_first(scans[d], d)).count() as u32;
        self.rays.slides.before_all(from, &scans) + captures
    }

    /// A Skirmisher's slides and its captures by retreat: the first piece of a line
    /// captured by moving as far the other way over empty cells (R27–R29).
    fn skirmisher_moves(&self, from: usize) -> u32 {
        let scans = self.rays.scan_all(from, self.occupied);
        let captures = (0..6)
            .filter(|&d| {
                let room_behind = scans[(d + 3) % 6].free > scans[d].free;
                room_behind && self.captures_first(scans[d], d)
            })
            .count() as u32;
        scans.iter().map(|scan| scan.free).sum::<u32>() + captures
    }

    /// R32–R34: a Catapult's leaps over an enemy on one of its lines onto the empty cell
    /// as far beyond it.
    fn catapult_captures(&self, from: usize) -> u32 {
        if self.rays.leap_reach[from] & self.enemies == 0 {
            return 0;
        }
        let mut captures = 0;
        for d in 0..6 {
            for target in (self.rays.leap_targets[from][d] & self.enemies).cells() {
                // The landing cell lies as far beyond the target as the target lies from
                // the Catapult: the line's cell number 2·between + 1, counted from 0.
                let between = self
                    .rays
                    .slides
                    .before(from, d, scan_position(d, target) as u32);
                let landing = self.tables.rays[from][d][2 * between as usize + 1] as usize;
                if self.board.cells[landing] == 0 && self.board.capturable_in_line(target, d) {
                    captures += 1;
                }
            }
        }
        captures
    }

    /// R38: in each direction, the Guard passes over friendly pieces to the first other
    /// cell, which it enters if empty or captures on.
    fn guard_moves(&self, from: usize) -> u32 {
        let scans = self.rays.scan_all(from, !self.board.by_color[self.color]);
        (0..6)
            .filter(|&d| match scans[d].first {
                Some(to) => self.board.cells[to] == 0 || self.board.capturable_in_line(to, d),
                None => false,
            })
            .count() as u32
    }

    /// Whether the first piece of the line of `scan`, met in direction `d`, may be
    /// captured (R16).
    fn captures_first(&self, scan: Scan, d: usize) -> bool {
        scan.first
            .is_some_and(|target| self.board.can_capture(target, d, self.color))
    }
}

impl Board {
    /// The number of pseudo-legal moves of `color` as if it were to move, a Barricade's
    /// estimated as `MOVES_PER_BARRICADE_STEP` per single step.
    pub(super) fn mobility(&self, color: Color) -> usize {
        self.mobility_outside(color, self.herald_zone(1 - color))
    }

    /// `mobility`, given the `zone` next to the enemy Heralds, where pieces are frozen.
    pub(super) fn mobility_outside(&self, color: Color, zone: u128) -> usize {
        let movers = self.by_color[color] & !zone;
        let of_kind = |kind: usize| (movers & self.by_kind[kind]).cells();
        let counter = Counter::new(self, color);
        let mut moves = counter.pawn_moves(movers & self.by_kind[PAWN]);
        for from in of_kind(KING) {
            moves += counter.king_moves(from);
        }
        for from in of_kind(RIDER) {
            moves += counter.rider_moves(from);
        }
        for from in of_kind(HERALD) {
            moves += counter.quiet_slides(from);
        }
        for from in of_kind(SKIRMISHER) {
            moves += counter.skirmisher_moves(from);
        }
        for from in of_kind(CATAPULT) {
            moves += counter.quiet_slides(from) + counter.catapult_captures(from);
        }
        for from in of_kind(GUARD) {
            moves += counter.guard_moves(from);
        }
        let barricade_steps: usize = self
            .unfrozen_barricades(color, zone)
            .map(|placement| self.barricade_step_count(placement, color))
            .sum();
        moves as usize + MOVES_PER_BARRICADE_STEP * barricade_steps
    }

    /// The Barricades of `color` with neither end in `zone`, as `barricades_outside`
    /// finds them, but with the frozen ones taken out of the set of ends first (as a
    /// rule there is none) instead of a test of both ends of each.
    fn unfrozen_barricades(
        &self,
        color: Color,
        zone: u128,
    ) -> impl Iterator<Item = Placement> + '_ {
        let mut ends = self.pieces(color, BARRICADE);
        for end in (ends & zone).cells() {
            ends &= !(u128::cell(end) | u128::cell(self.partner[end] as usize));
        }
        ends.cells().filter_map(move |a| {
            let b = self.partner[a] as usize;
            (a < b).then(|| Placement::new(a, b))
        })
    }

    /// The single steps the Barricade of `color` on `placement` may make (R42, R43):
    /// those entering an empty cell counted from bitboards, those capturing tested one by
    /// one.
    pub(super) fn barricade_step_count(&self, placement: Placement, color: Color) -> usize {
        let index = tables().placement_index(placement);
        let entered = &step_cells()[index];
        let empty = !self.occupied();
        let mut steps =
            2 * (entered.rotations & empty).count() + (entered.advances & empty).count();
        let enemy = self.by_color[1 - color];
        if entered.advances & enemy != 0 {
            let view = View {
                occupied: self.occupied(),
                enemy,
            };
            steps += tables().step_shapes[index]
                .iter()
                .filter(|shape| enemy.has(shape.entered as usize))
                .filter(|shape| self.allowed_step(shape, view).is_some())
                .count() as u32;
        }
        steps as usize
    }
}

#[cfg(test)]
mod tests {
    use super::super::{Move, MoveSink, Panoply};
    use super::*;
    use crate::game::Game;

    /// Counts the generated moves of the one-cell pieces and the Barricades apart.
    #[derive(Default)]
    struct ByPieceSize {
        one_cell: usize,
        barricade: usize,
    }

    impl MoveSink<Move> for ByPieceSize {
        fn push(&mut self, mv: Move) {
            match mv {
                Move::Barricade { .. } => self.barricade += 1,
                _ => self.one_cell += 1,
            }
        }
    }

    /// The slow count: the one-cell pieces' pseudo-legal moves generated one by one, and
    /// the Barricades' single steps.
    fn reference(board: &Board, color: Color) -> usize {
        let mut generated = ByPieceSize::default();
        board.pseudo_moves(color, &mut generated);
        let zone = board.herald_zone(1 - color);
        let steps: usize = board
            .barricades_outside(color, zone)
            .map(|p| allowed_steps(board, p, color))
            .sum();
        generated.one_cell + MOVES_PER_BARRICADE_STEP * steps
    }

    /// The slow count of a Barricade's single steps: each step shape tested on the board.
    fn allowed_steps(board: &Board, placement: Placement, color: Color) -> usize {
        let view = View {
            occupied: board.occupied(),
            enemy: board.by_color[1 - color],
        };
        tables().step_shapes[tables().placement_index(placement)]
            .iter()
            .filter(|shape| board.allowed_step(shape, view).is_some())
            .count()
    }

    #[test]
    fn counting_agrees_with_generating_along_random_playouts() {
        let mut positions = 0;
        super::super::playouts::play(7, 40, 120, |pos, moves, rng| {
            for color in [0, 1] {
                let at = pos.position_string();
                assert_eq!(pos.mobility(color), reference(&pos.board, color), "{at}");
            }
            positions += 1;
            // Captures half the time, so that the board thins out and lines open.
            let captures: Vec<Move> = moves.iter().copied().filter(|m| m.is_tactical()).collect();
            super::super::playouts::preferring(&captures, 0.5, moves, rng)
        });
        assert!(positions > 2000, "{positions}");
    }

    #[test]
    fn an_open_barricade_counts_its_24_moves_a_blocked_one_fewer() {
        // E16's open board: White Barricade h6i6 alone with the Kings (R48).
        let open = Panoply::from_position_string("k6/8/9/10/11/12/13/7BB3/11/10/9/8/6K w 0 1", &())
            .unwrap();
        let mut generated = ByPieceSize::default();
        open.board.pseudo_moves(0, &mut generated);
        let king_moves = generated.one_cell;
        assert_eq!(generated.barricade, 24);
        assert_eq!(open.mobility(0), king_moves + 24);
        // A White Pawn on the cell ahead of end i6 takes its advance away; a Black one
        // would be captured by it (R43).
        let blocked =
            Panoply::from_position_string("k6/8/9/10/11/12/13/7BBP2/11/10/9/8/6K w 0 1", &())
                .unwrap();
        let steps = |p: &Panoply| {
            let zone = p.board.herald_zone(1);
            p.board
                .barricades_outside(0, zone)
                .map(|b| p.board.barricade_step_count(b, 0))
                .sum::<usize>()
        };
        assert_eq!(steps(&open), 6);
        assert_eq!(steps(&blocked), 5);
        let capturable =
            Panoply::from_position_string("k6/8/9/10/11/12/13/7BBp2/11/10/9/8/6K w 0 1", &())
                .unwrap();
        assert_eq!(steps(&capturable), 6);
    }
}
