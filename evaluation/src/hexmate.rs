//! Hexmate evaluation (first version: material only).

use engine::search::Evaluator;
use engine::variants::hexmate::{Hexmate, Move, BLACK, KING, PAWN, WHITE};

/// Piece values by kind index (K, Q, D, A, R, B, N, P): the spec's §13 hint.
const VALUES: [i32; 8] = [0, 900, 900, 700, 500, 300, 300, 100];

#[derive(Clone, Copy, Debug, Default)]
pub struct HexmateEval;

impl HexmateEval {
    /// Material balance from White's point of view.
    pub fn white_view(&self, pos: &Hexmate) -> i32 {
        (KING..=PAWN)
            .map(|k| {
                VALUES[k]
                    * (pos.pieces(WHITE, k).count_ones() as i32
                        - pos.pieces(BLACK, k).count_ones() as i32)
            })
            .sum()
    }
}

impl Evaluator<Hexmate> for HexmateEval {
    fn evaluate(&self, pos: &Hexmate) -> i32 {
        let v = self.white_view(pos);
        if pos.side() == WHITE {
            v
        } else {
            -v
        }
    }
    fn explain(&self, pos: &Hexmate) -> String {
        format!("material {}\n", self.white_view(pos))
    }
    fn capture_value(&self, pos: &Hexmate, mv: Move) -> i32 {
        let victim = pos.piece_at(mv.to()).map_or(0, |(_, k)| VALUES[k]);
        victim + mv.promotion_kind().map_or(0, |k| VALUES[k] - VALUES[PAWN])
    }
}
