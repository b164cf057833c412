//! The effect of each ply (§3, §5, §6) and the counters (§9.1 fields 8, 9).

use super::state::bit;
use super::{Colour, Move, Pending, Piece, State, BLACK, LIFE, RECEIVE};
use crate::geometry::hepta::CELLS;

impl State {
    /// Plays a legal ply.
    pub(super) fn play(&mut self, mv: Move) {
        let plain = self.is_plain(mv);
        let counts_for_fullmove = self.side == BLACK && self.pending != Pending::Setup;
        self.apply(mv);
        self.halfmove = if plain {
            self.halfmove.saturating_add(1)
        } else {
            0
        };
        if counts_for_fullmove {
            self.fullmove = self.fullmove.saturating_add(1);
        }
        self.pass_turn();
    }

    /// §9.1 field 8: a non-capturing Knight move, a non-capturing ordinary King step, a
    /// Soul Master step or a Soul push or pull.
    fn is_plain(&self, mv: Move) -> bool {
        let Move::Board { from, to } = mv else {
            return false;
        };
        let quiet = self.board[usize::from(to)].is_none();
        match self.board[usize::from(from)] {
            Some(Piece::Soul(_) | Piece::Master(_)) => true,
            Some(Piece::Knight(..) | Piece::King(..)) => quiet,
            _ => false,
        }
    }

    fn apply(&mut self, mv: Move) {
        let side = self.side;
        match mv {
            Move::Arrange(spots) => {
                for (spot, &colour) in spots.iter().enumerate() {
                    self.set_spot(spot, Some(colour));
                }
                self.set_pending(Pending::Normal);
            }
            Move::Board { from, to } => self.board_move(usize::from(from), usize::from(to)),
            Move::Dematerialise { from } => {
                let colour = self.colour_at(from);
                self.put(usize::from(from), None);
                self.toggle_pillar(side, RECEIVE, colour);
            }
            Move::Steal { from, to, pillar } => {
                let colour = self.colour_at(from);
                self.toggle_pillar(1 - side, usize::from(pillar), colour);
                self.toggle_pillar(side, RECEIVE, colour);
                self.relocate(
                    usize::from(from),
                    usize::from(to),
                    Piece::King(side, colour),
                );
            }
            Move::Recolour { from, to, colour } => {
                self.relocate(
                    usize::from(from),
                    usize::from(to),
                    Piece::King(side, colour),
                );
            }
            Move::Replace { at, colour } => {
                self.put(usize::from(at), Some(Piece::King(side, colour)))
            }
            Move::Duplicate { from, to, extra } => {
                self.relocate(usize::from(from), usize::from(to), Piece::Master(side));
                self.put(usize::from(extra), Some(Piece::Master(side)));
            }
            Move::Temple { colour, pillar } => {
                self.toggle_pillar(side, RECEIVE, colour);
                self.toggle_pillar(side, usize::from(pillar), colour);
            }
            Move::Announce { colour } => {
                self.toggle_pillar(side, RECEIVE, colour);
                self.set_pending(Pending::Drop(colour));
            }
            Move::Drop { colour, at } => {
                self.put(usize::from(at), Some(Piece::Soul(colour)));
                self.set_pending(Pending::Shift(colour));
            }
            Move::Shift { colour, spot } => self.shift(colour, usize::from(spot)),
            Move::Summon { colour, at } => {
                self.put(usize::from(at), Some(Piece::Knight(side, colour)));
                match self.pending {
                    Pending::Recovery(c, step) => self.set_pending(Pending::Recovery(c, step + 1)),
                    _ => self.toggle_pillar(side, LIFE, colour),
                }
            }
            Move::RecoveryKing { colour, at } => {
                self.put(usize::from(at), Some(Piece::King(side, colour)));
                self.set_pending(Pending::Recovery(colour, 8));
            }
            Move::Eliminate { colour } => self.eliminate(colour),
            Move::MasterRecovery => self.set_pending(Pending::MasterPlacement(1)),
            Move::PlaceMaster { at } => {
                self.put(usize::from(at), Some(Piece::Master(side)));
                let next = match self.pending {
                    Pending::MasterPlacement(1) => Pending::MasterPlacement(2),
                    _ => Pending::Normal,
                };
                self.set_pending(next);
            }
        }
    }

    /// The colour of the coloured piece on `cell`.
    fn colour_at(&self, cell: u8) -> Colour {
        self.board[usize::from(cell)]
            .and_then(Piece::colour)
            .expect("a coloured piece")
    }

    /// Empties `from` and puts `piece` on `to`.
    fn relocate(&mut self, from: usize, to: usize, piece: Piece) {
        self.put(from, None);
        self.put(to, Some(piece));
    }

    /// Every `<from><to>` move; the pieces on the two cells decide what it is (R96).
    fn board_move(&mut self, from: usize, to: usize) {
        let side = self.side;
        let mover = self.board[from].expect("a piece to move");
        let target = self.board[to];
        match (mover, target) {
            // R42: a Soul pushed or pulled.
            (Piece::Soul(_), _) => self.relocate(from, to, mover),
            // R78: a promoting Knight takes a Soul of its colour to Receive.
            (Piece::Knight(_, colour), Some(Piece::Soul(_))) => {
                self.toggle_pillar(side, RECEIVE, colour);
                self.relocate(from, to, mover);
            }
            // R70: the capturing Knight dies, leaving its Soul; the berserk King converts.
            (Piece::Knight(_, colour), Some(Piece::Berserk(_, king))) => {
                self.put(from, Some(Piece::Soul(colour)));
                self.put(to, Some(Piece::Berserk(side, king)));
            }
            // R28, R37: capturing a Knight leaves its Soul on the departure hex.
            (Piece::Knight(..) | Piece::Berserk(..), Some(Piece::Knight(_, victim))) => {
                self.put(to, Some(mover));
                self.put(from, Some(Piece::Soul(victim)));
            }
            // R32: a King captures a Soul of its colour into Receive.
            (Piece::King(_, colour), Some(Piece::Soul(_))) => {
                self.toggle_pillar(side, RECEIVE, colour);
                self.relocate(from, to, mover);
            }
            // R38: a non-capturing berserk move spends a Soul of the stack.
            (Piece::Berserk(_, colour), None) => self.berserk_slide(from, to, colour),
            // R28 (King or Soul Master captured: nothing left behind), steps, Knight moves.
            _ => self.relocate(from, to, mover),
        }
    }

    /// R38: the departure hex gets a Soul of the stack; an empty stack calms the King,
    /// and recovery begins (R72).
    fn berserk_slide(&mut self, from: usize, to: usize, colour: Colour) {
        let side = self.side;
        let left = self.stacks[usize::from(colour)] - 1;
        self.set_stack(colour, left);
        self.put(from, Some(Piece::Soul(colour)));
        if left == 0 {
            self.put(to, Some(Piece::King(side, colour)));
            self.set_pending(Pending::Recovery(colour, 1));
        } else {
            self.put(to, Some(Piece::Berserk(side, colour)));
        }
    }

    /// R64 (exchange or move into an empty spot) and R75 (the held Soul's spot).
    fn shift(&mut self, colour: Colour, spot: usize) {
        if let Some(old) = self.spot_of(colour) {
            let other = self.heptagram[spot];
            self.set_spot(old, other);
        }
        self.set_spot(spot, Some(colour));
        self.set_pending(Pending::Normal);
    }

    /// R68: everything of the colour goes except the eliminator's King, which goes
    /// berserk with a stack of 8.
    fn eliminate(&mut self, colour: Colour) {
        let side = self.side;
        for cell in 0..CELLS {
            match self.board[cell] {
                Some(Piece::Soul(c) | Piece::Knight(_, c)) if c == colour => self.put(cell, None),
                Some(Piece::King(owner, c)) if c == colour => {
                    let after = (owner == side).then_some(Piece::Berserk(side, colour));
                    self.put(cell, after);
                }
                _ => {}
            }
        }
        for temple_side in 0..2 {
            for pillar in 0..5 {
                if self.temples[temple_side][pillar] & bit(colour) != 0 {
                    self.toggle_pillar(temple_side, pillar, colour);
                }
            }
        }
        if let Some(spot) = self.spot_of(colour) {
            self.set_spot(spot, None);
        }
        self.set_stack(colour, 8);
    }
}
