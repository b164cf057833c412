//! The evaluation's mobility, counted without listing moves: a slide's quiet moves are
//! the empty cells of its line up to the first piece (a bitboard's population count),
//! its capture the first piece of the line; the King's and Guard's few moves and the
//! other captures are counted by the generators of `movegen`. A Barricade's moves, up to
//! 42 step sequences to tell apart (R44–R47), are estimated from its single steps.

use super::barricade::View;
use super::tables::{tables, Line, FORWARD};
use super::{
    Board, Color, MoveCounter, Placement, CATAPULT, GUARD, HERALD, KING, PAWN, RIDER, SKIRMISHER,
};
use crate::bitboard::Bitboard;

/// The kinds a Pawn promotes to besides the first: a move onto the last rank counts once
/// per kind (R21).
const EXTRA_PROMOTIONS: u32 = super::PROMOTIONS.len() as u32 - 1;

/// Barricade moves counted per single step: an unblocked Barricade has 6 single steps
/// and 24 moves (R48), and each blocked step removes the sequences that start with it.
pub(super) const MOVES_PER_BARRICADE_STEP: usize = 4;

impl Board {
    /// The number of pseudo-legal moves of `color` as if it were to move, a Barricade's
    /// estimated as `MOVES_PER_BARRICADE_STEP` per single step.
    pub(super) fn mobility(&self, color: Color) -> usize {
        let zone = self.herald_zone(1 - color);
        let mut counter = MoveCounter::default();
        let movers = self.by_color[color] & !zone;
        let of_kind = |kind: usize| (movers & self.by_kind[kind]).cells();
        let mut slides = 0;
        for from in of_kind(KING) {
            self.king_moves(from, color, &mut counter);
        }
        for from in of_kind(PAWN) {
            slides += self.pawn_slides(from, color, &mut counter);
        }
        for from in of_kind(RIDER) {
            slides += self.rider_moves(from, color);
        }
        for from in of_kind(HERALD) {
            slides += self.quiet_slides(from);
        }
        for from in of_kind(SKIRMISHER) {
            slides += self.skirmisher_moves(from, color);
        }
        for from in of_kind(CATAPULT) {
            self.catapult_captures(from, color, &mut counter);
            slides += self.quiet_slides(from);
        }
        for from in of_kind(GUARD) {
            self.guard_moves(from, color, &mut counter);
        }
        let barricade_steps: usize = self
            .barricades_outside(color, zone)
            .map(|placement| self.barricade_step_count(placement, color))
            .sum();
        counter.0 + slides as usize + MOVES_PER_BARRICADE_STEP * barricade_steps
    }

    /// The six lines of a slider on `from`.
    fn lines(&self, from: usize) -> [Line; 6] {
        let (t, occupied) = (tables(), self.occupied());
        std::array::from_fn(|d| t.line(from, d, occupied))
    }

    /// The quiet moves of a slider on `from`: the empty cells of its lines.
    fn quiet_slides(&self, from: usize) -> u32 {
        let (t, occupied) = (tables(), self.occupied());
        (0..6)
            .fold(0u128, |cells, d| cells | t.line(from, d, occupied).empty)
            .count()
    }

    /// A Pawn's forward slides (each onto the last rank once per promotion kind) and,
    /// into `counter`, its jumps (R18–R21).
    fn pawn_slides(&self, from: usize, color: Color, counter: &mut MoveCounter) -> u32 {
        let t = tables();
        let occupied = self.occupied();
        let mut slides = 0;
        for d in FORWARD[color] {
            let reach = t.line(from, d, occupied).empty;
            slides += reach.count() + EXTRA_PROMOTIONS * (reach & t.last_rank[color]).count();
            // R19: a jump needs a piece next to the Pawn, where it cannot slide.
            if reach == 0 {
                self.pawn_jump(from, d, color, counter);
            }
        }
        slides
    }

    /// A Rider's slides and captures of the first piece in each direction (R25).
    fn rider_moves(&self, from: usize, color: Color) -> u32 {
        let (t, occupied) = (tables(), self.occupied());
        let (mut quiet, mut captures) = (0u128, 0);
        for d in 0..6 {
            let line = t.line(from, d, occupied);
            quiet |= line.empty;
            captures += u32::from(self.captures_blocker(line, d, color));
        }
        quiet.count() + captures
    }

    /// A Skirmisher's slides and its captures by retreat: the first piece of a line
    /// captured by moving as far the other way over empty cells (R27–R29).
    fn skirmisher_moves(&self, from: usize, color: Color) -> u32 {
        let lines = self.lines(from);
        let captures = (0..6)
            .filter(|&d| {
                let room_behind = lines[(d + 3) % 6].empty.count() > lines[d].empty.count();
                room_behind && self.captures_blocker(lines[d], d, color)
            })
            .count() as u32;
        lines.iter().map(|line| line.empty.count()).sum::<u32>() + captures
    }

    /// The single steps the Barricade of `color` on `placement` may make (R42, R43).
    pub(super) fn barricade_step_count(&self, placement: Placement, color: Color) -> usize {
        let view = View {
            occupied: self.occupied(),
            enemy: self.by_color[1 - color],
        };
        let index = tables().placement_index(placement);
        tables().step_shapes[index]
            .iter()
            .filter(|shape| self.allowed_step(shape, view).is_some())
            .count()
    }
}

#[cfg(test)]
mod tests {
    use super::super::{Move, MoveList, MoveSink, Panoply};
    use super::*;
    use crate::game::Game;
    use rand::rngs::StdRng;
    use rand::{Rng, SeedableRng};

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
            .map(|p| board.barricade_step_count(p, color))
            .sum();
        generated.one_cell + MOVES_PER_BARRICADE_STEP * steps
    }

    #[test]
    fn counting_agrees_with_generating_along_random_playouts() {
        let mut rng = StdRng::seed_from_u64(7);
        let mut positions = 0;
        for _ in 0..40 {
            let mut pos = Panoply::start(&());
            for _ in 0..120 {
                for color in [0, 1] {
                    let at = pos.position_string();
                    assert_eq!(pos.mobility(color), reference(&pos.board, color), "{at}");
                }
                positions += 1;
                let mut moves = MoveList::new();
                pos.generate_moves(&mut moves);
                if moves.is_empty() {
                    break;
                }
                // Captures half the time, so that the board thins out and lines open.
                let captures: Vec<_> = moves.iter().filter(|m| m.is_tactical()).collect();
                let mv = if !captures.is_empty() && rng.gen_bool(0.5) {
                    *captures[rng.gen_range(0..captures.len())]
                } else {
                    moves[rng.gen_range(0..moves.len())]
                };
                pos.make_move(mv);
            }
        }
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
