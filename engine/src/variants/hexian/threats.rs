//! Checks that Astaroth counts (R102), judged before the move is played, for the search's
//! move classification: under Astaroth the third check eliminates an army at once (R110),
//! so a quiet check can be worth a whole army.

use super::moves::Move;
use super::{Checkpoint, Hexian, Kind, Patron};
use crate::bitboard::Bitboard;

impl Hexian {
    /// The enemy army, at a check counter of at least `least` (R102), that the piece
    /// moved by `mv` checks from its landing cell while that army is not in check now,
    /// so that the check would count; the one with the highest counter if several.
    /// `None` under the other patrons and for every other kind of move.
    ///
    /// A search heuristic, not a rule: only the moved piece's own attack is looked at, on
    /// the board before the move (a discovered check, a check by a spell or by the end of
    /// an Imp's hop chain is not seen). The rules count checks after the ply (`ply.rs`).
    pub fn counted_check(&self, mv: Move, least: u8) -> Option<usize> {
        if self.patron != Patron::Astaroth {
            return None;
        }
        let Move::Piece(piece_move) = mv else {
            return None;
        };
        let mut piece = self.standing[usize::from(piece_move.from)]?;
        if !piece_move.tail.is_empty() {
            return None;
        }
        let mover = piece.army();
        let mut targets = self
            .players
            .armies_in_play()
            .filter(|&army| {
                self.checked & (1 << army) == 0
                    && self.are_enemies(mover, army)
                    && self.holdings.checks[army] >= least
                    && self.archwizards[army].is_some()
            })
            .peekable();
        // The attack set is only worth building when some army could be checked.
        targets.peek()?;
        if piece_move.promotes {
            piece.kind = Kind::Ghoul;
        }
        let attacks = self.attacks_of(usize::from(piece_move.to), &piece);
        targets
            .filter(|&army| {
                self.archwizard_of(army)
                    .is_some_and(|cell| attacks.has(cell))
            })
            .max_by_key(|&army| self.holdings.checks[army])
    }

    /// Whether the ply played since `before` gave a check that Astaroth counts (R102: an
    /// army in check now that was not then) or eliminated an army (R110).
    pub fn counted_check_since(&self, before: &Checkpoint) -> bool {
        let (checked_before, players_before) = before.checked_and_players();
        self.patron == Patron::Astaroth
            && (self.checked & !checked_before != 0 || self.players != players_before)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variants::hexian::move_token;

    /// White's Fungoid on g8 against black's lone Archwizard on a13 (two players, black's
    /// counter `counter`, patron `patron`).
    fn fungoid_against_archwizard(patron: u8, counter: u8) -> Hexian {
        Hexian::from_position_string(&format!(
            "9/10/11/12/bA12/14/15/16/17/5wF10/15/14/13/12/11/10/4wA4 w - wUG.bPY {patron} - 0{counter}0000 - - 0 1"
        ))
        .expect("valid")
    }

    /// The moves after which black's counter went up or black was eliminated (R102, R110).
    fn moves_counted(p: &Hexian) -> Vec<String> {
        let mut counted: Vec<String> = p
            .legal_moves()
            .into_iter()
            .filter(|&mv| {
                let mut after = p.clone();
                after.play(mv);
                after.check_counter(1) > p.check_counter(1) || after.players() != p.players()
            })
            .map(|mv| move_token(&mv))
            .collect();
        counted.sort();
        counted
    }

    /// The moves `counted_check` foresees on black at a counter of at least `least`.
    fn moves_foreseen(p: &Hexian, least: u8) -> Vec<String> {
        let mut foreseen: Vec<String> = p
            .legal_moves()
            .into_iter()
            .filter(|&mv| p.counted_check(mv, least) == Some(1))
            .map(|mv| move_token(&mv))
            .collect();
        foreseen.sort();
        foreseen
    }

    #[test]
    fn r102_the_quiet_checks_that_count_are_foreseen_before_the_move() {
        let checks = ["g8a14", "g8b13", "g8f8", "g8g13", "g8g7"];
        for counter in [0, 1, 2] {
            let p = fungoid_against_archwizard(1, counter);
            assert_eq!(moves_counted(&p), checks, "counter {counter}");
            assert_eq!(moves_foreseen(&p, 0), checks, "counter {counter}");
            assert_eq!(moves_foreseen(&p, counter), checks, "counter {counter}");
            assert!(
                moves_foreseen(&p, counter + 1).is_empty(),
                "counter {counter}"
            );
        }
        // Demogorgon counts no check.
        let p = fungoid_against_archwizard(3, 0);
        assert!(moves_counted(&p).is_empty());
        assert!(moves_foreseen(&p, 0).is_empty());
    }
}
