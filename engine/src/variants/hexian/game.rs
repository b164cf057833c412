//! Hexian behind the engine's `Game` trait: a position with its history (make/unmake), the
//! results and draws of §7 and §8 (R112–R118), and move tokens checked for legality.

use super::{move_token, packing, parse_move_token, Checkpoint, Config, Hexian, Kind, Move, Spell};
use crate::game::{
    Game, MoveError, MoveErrorKind, Outcome, Points, PositionError, Seat, SpillList, Status,
    MAX_SEATS,
};
use crate::notation::hexagon_diagram;
use arrayvec::ArrayVec;

/// R115: the game is drawn when the halfmove clock reaches 300.
const DRAW_PLIES: u32 = 300;

/// The least Astaroth counter at which a check that counts is a tactical move, searched
/// by quiescence and spared the pruning of quiet moves (R102, R110: at 2 the check
/// eliminates the army). In two-player games the search sees 4 to 6 plies, less than a
/// round of six armies, so a quiet check that eliminates was seen only once it came
/// within the depth, and the score then fell by a whole army. Every counted check is
/// tactical: each brings an army nearer its end, and level 20 against level 0 at 8,000
/// nodes scored 110 of 120 so against 108 from a counter of 1 (both with the extension of
/// `Game::gave_counted_check`).
pub const TACTICAL_CHECK_COUNTER: u8 = 0;

/// A Hexian game: the current position and, for each move played, where the position
/// stood before it (taken back through the position's journal).
#[derive(Debug)]
pub struct HexianGame {
    position: Hexian,
    history: Vec<Checkpoint>,
}

/// A copy can take back the moves played before it: its position keeps the journal.
impl Clone for HexianGame {
    fn clone(&self) -> HexianGame {
        HexianGame {
            position: self.position.clone_with_journal(),
            history: self.history.clone(),
        }
    }
}

impl HexianGame {
    /// The current position.
    pub fn position(&self) -> &Hexian {
        &self.position
    }

    /// The seats still in play: players with at least one army in play.
    fn seats_in_play(&self) -> Vec<Seat> {
        let players = self.position.players();
        let mut seats: Vec<Seat> = players
            .armies_in_play()
            .map(|army| players.seat_of(army))
            .collect();
        seats.sort_unstable();
        seats.dedup();
        seats
    }

    /// R113, R118: one score per player; the winner 1, or 1 shared by the players still
    /// in play.
    fn outcome(&self, winners: &[Seat], reason: &'static str) -> Outcome {
        let share = Points::fraction(1, winners.len().max(1) as u16);
        let points: ArrayVec<Points, MAX_SEATS> = (0..self.seats())
            .map(|seat| match winners.contains(&seat) {
                true => share,
                false => Points::ZERO,
            })
            .collect();
        Outcome { points, reason }
    }

    /// Whether `mv` is among the legal moves, decided without the full list: a piece
    /// move among its piece's moves, another move among the candidates equal to it, then
    /// judged alone (R68). The pass is legal only when no other move is (R69), so it is
    /// never decided here.
    fn is_legal_alone(&self, mv: Move) -> bool {
        let position = &self.position;
        let generated = match mv {
            Move::Pass => false,
            _ if position.is_over() => false,
            Move::Piece(piece_move) => {
                let from = usize::from(piece_move.from);
                let mut moves = Vec::new();
                if position
                    .standing(from)
                    .is_some_and(|p| p.army() == position.side())
                {
                    position.piece_moves(from, &mut moves);
                }
                moves.contains(&piece_move)
            }
            _ => {
                let mut candidates = Vec::new();
                position.special_moves(&mut candidates);
                position.spell_moves(&mut candidates);
                candidates.contains(&mv)
            }
        };
        generated && position.is_legal_candidate(mv)
    }

    /// Captures (piece captures, hops, Banish, Lightning Bolt, Burning Hands, Deflect) and
    /// promotions.
    fn is_capture_or_promotion(&self, mv: Move) -> bool {
        match mv {
            Move::Piece(piece_move) => {
                let from = usize::from(piece_move.from);
                let to = usize::from(piece_move.to);
                let hop = self
                    .position
                    .standing(from)
                    .is_some_and(|p| p.kind == Kind::Imp)
                    && self.position.hopped_cell(from, to).is_some();
                piece_move.promotes || hop || self.position.standing(to).is_some()
            }
            Move::Spell(
                Spell::Banish { .. }
                | Spell::LightningBolt { .. }
                | Spell::BurningHands { .. }
                | Spell::Deflect { .. },
            ) => true,
            _ => false,
        }
    }
}

impl Game for HexianGame {
    type Move = Move;
    /// Legal moves on the stack, moved to the heap only past 256: with spells a position
    /// can have thousands (W1: 333 at the start with six spells; Haste and Charm multiply).
    type MoveList = SpillList<Move, 256>;
    type Config = Config;

    fn pack_move(mv: Move) -> u32 {
        packing::pack(mv)
    }

    fn table_move(&self, packed: u32) -> Option<Move> {
        match packing::unpack(&self.position, packed)? {
            // R69: the pass is legal only when no other move is, which only the list says.
            Move::Pass => {
                let mut moves = Self::MoveList::default();
                self.generate_moves(&mut moves);
                moves.contains(&Move::Pass).then_some(Move::Pass)
            }
            mv => self.is_legal_alone(mv).then_some(mv),
        }
    }

    fn start(config: &Config) -> HexianGame {
        HexianGame {
            position: Hexian::start(config),
            history: Vec::new(),
        }
    }

    /// The string's fields win over the options (§13).
    fn from_position_string(text: &str, _config: &Config) -> Result<HexianGame, PositionError> {
        Ok(HexianGame {
            position: Hexian::from_position_string(text)?,
            history: Vec::new(),
        })
    }

    fn position_string(&self) -> String {
        self.position.position_string()
    }

    fn seats(&self) -> usize {
        self.position.players().count().number()
    }

    fn to_move(&self) -> Seat {
        self.position.players().seat_of(self.position.side())
    }

    fn generate_moves(&self, moves: &mut Self::MoveList) {
        self.position.generate_legal_moves(moves);
    }

    /// Only the tactical candidates are tested for legality (`is_tactical` judges a move
    /// before it is played).
    fn generate_tactical_moves(&self, moves: &mut Self::MoveList) {
        self.position
            .generate_legal_moves_where(moves, |mv| self.is_tactical(mv));
    }

    fn has_legal_move(&self) -> bool {
        self.position.has_legal_move()
    }

    fn make_move(&mut self, mv: Move) {
        self.history.push(self.position.checkpoint());
        self.position.play(mv);
    }

    fn unmake_move(&mut self) {
        let before = self
            .history
            .pop()
            .expect("unmake_move without a move to take back");
        self.position.rewind(&before);
    }

    fn in_check(&self) -> bool {
        self.position.in_check(self.position.side())
    }

    /// R102: any army newly in check, or eliminated, after the last move.
    fn gave_counted_check(&self) -> bool {
        self.history
            .last()
            .is_some_and(|before| self.position.counted_check_since(before))
    }

    /// Captures (piece captures, hops, Banish, Lightning Bolt, Burning Hands, Deflect),
    /// promotions, and under Astaroth the checks that count on an army at a counter of
    /// [`TACTICAL_CHECK_COUNTER`] or more (R102, R110: the third check eliminates it).
    fn is_tactical(&self, mv: Move) -> bool {
        self.is_capture_or_promotion(mv)
            || self
                .position
                .counted_check(mv, TACTICAL_CHECK_COUNTER)
                .is_some()
    }

    /// R114: earlier occurrences of this position (fields 1 to 9), among the plies since
    /// the halfmove clock was last reset: a reset ply captures, transforms, creates or
    /// removes something, or uses a spell, none of which a later ply undoes exactly.
    fn repetitions(&self) -> usize {
        let hash = self.position.hash();
        let window = self.position.halfmove() as usize;
        self.history
            .iter()
            .rev()
            .take(window)
            .filter(|before| before.hash() == hash)
            .count()
    }

    /// R118: a draw shares the point among the players still in play.
    fn draw_points(&self) -> ArrayVec<Points, MAX_SEATS> {
        self.outcome(&self.seats_in_play(), "draw").points
    }

    fn move_count_draw(&self) -> bool {
        self.position.halfmove() >= DRAW_PLIES
    }

    fn hash(&self) -> u64 {
        self.position.hash()
    }

    fn recompute_hash(&self) -> u64 {
        self.position.recompute_hash()
    }

    /// R112: the last player with armies in play wins; R114, R115: repetition and the
    /// 300-ply rule draw, shared among the players still in play (R118).
    fn status(&self) -> Status {
        let seats = self.seats_in_play();
        if self.position.is_over() {
            return Status::Over(self.outcome(&seats, "last player in play"));
        }
        if self.repetitions() >= 2 {
            return Status::Over(self.outcome(&seats, "repetition"));
        }
        if self.move_count_draw() {
            return Status::Over(self.outcome(&seats, "300-ply rule"));
        }
        Status::Ongoing
    }

    fn parse_move(&self, text: &str) -> Result<Move, MoveError> {
        let mv = parse_move_token(text)?;
        if self.is_legal_alone(mv) {
            return Ok(mv);
        }
        let legal = self.position.legal_moves();
        if legal.is_empty() {
            return Err(MoveError::new(MoveErrorKind::GameOver, text, ""));
        }
        if legal.contains(&mv) {
            Ok(mv)
        } else {
            Err(MoveError::new(
                MoveErrorKind::Illegal,
                text,
                "not a legal move here",
            ))
        }
    }

    fn move_string(&self, mv: Move) -> String {
        move_token(&mv)
    }

    /// The board as in §4.2: the standing piece of each cell as army and type letters,
    /// `.` for a cell without one; then the other fields of the position string.
    fn board_text(&self) -> String {
        let mut out = hexagon_diagram(&super::tables().hex, |cell| {
            let piece = self.position.standing(cell)?;
            Some(format!(
                "{}{}",
                super::army_letter(piece.army()),
                piece.kind.letter()
            ))
        });
        let text = self.position.position_string();
        let fields: Vec<&str> = text.split(' ').skip(1).collect();
        out.push_str(&fields.join(" "));
        out.push('\n');
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game(text: &str) -> HexianGame {
        HexianGame::from_position_string(text, &Config::default()).expect("valid")
    }

    #[test]
    fn r112_r113_the_last_player_in_play_scores_one() {
        let g = game(
            "9/10/11/12/bA12/14/15/16/17/16/15/14/13/12/11/10/4wA4 w - wP.bG.UY 1 - 000000 - - 0 1",
        );
        assert_eq!(g.status(), Status::Ongoing);
        let g = game(
            "9/10/11/12/13/14/15/16/17/16/15/14/13/12/11/10/4wA4 w - wP.BG.UY 1 - 000000 - - 0 1",
        );
        let Status::Over(outcome) = g.status() else {
            panic!("over");
        };
        assert_eq!(outcome.result_string(), "1-0-0");
        assert_eq!(g.seats(), 3);
        let mut moves = SpillList::new();
        g.generate_moves(&mut moves);
        assert!(moves.is_empty());
        assert_eq!(
            g.parse_move("m1m2").map_err(|e| e.kind),
            Err(MoveErrorKind::GameOver)
        );
    }

    #[test]
    fn r115_r118_the_300_ply_rule_shares_the_point() {
        let text = "9/10/11/12/bA12/14/15/16/17/16/15/14/13/12/11/10/4wA4 w - w.b.U.P.G.Y 1 - 000000 - - 300 1";
        let Status::Over(outcome) = game(text).status() else {
            panic!("drawn");
        };
        assert_eq!(outcome.result_string(), "1/2-1/2-0-0-0-0");
        let g = game(&text.replace(" 300 1", " 299 1"));
        assert_eq!(g.status(), Status::Ongoing);
    }

    #[test]
    fn r114_the_third_occurrence_draws() {
        // Marks are part of the position: the string read at first (no marks) never
        // recurs, the position after the first ply recurs after the fifth and the ninth.
        let mut g = game("9/10/11/12/bA12/14/15/16/17/16/15/14/13/12/11/10/4wA4 w - w.b.U.P.G.Y 1 - 000000 - - 0 1");
        let round = ["m1m2", "a13a12", "m2m1", "a12a13"];
        for token in round.iter().chain(&round) {
            assert_eq!(g.status(), Status::Ongoing, "before {token}");
            let mv = g.parse_move(token).expect(token);
            g.make_move(mv);
        }
        assert_eq!(g.repetitions(), 1);
        let mv = g.parse_move("m1m2").expect("legal");
        g.make_move(mv);
        assert_eq!(g.repetitions(), 2);
        let Status::Over(outcome) = g.status() else {
            panic!("drawn by repetition");
        };
        assert_eq!(outcome.result_string(), "1/2-1/2-0-0-0-0");
        g.unmake_move();
        assert_eq!(g.repetitions(), 1);
    }

    #[test]
    fn parse_move_tells_syntax_from_illegal_and_tactical_moves_capture_or_promote() {
        let g = HexianGame::start(&Config::default());
        assert!(g.parse_move("i4i5").is_ok());
        assert_eq!(
            g.parse_move("i4i6").map_err(|e| e.kind),
            Err(MoveErrorKind::Illegal)
        );
        assert_eq!(
            g.parse_move("i4").map_err(|e| e.kind),
            Err(MoveErrorKind::Syntax)
        );
        let w2 = game("9/10/11/12/bA12/14/15/16/3bFbG2wF9/3wZbI(S)2wZbI7/15/14/13/12/11/10/4wA4 w - w.b.U.P.G.Y 1 - 000000 - - 0 1");
        let capture = w2.parse_move("i8j8").expect("legal");
        let step = w2.parse_move("i8i9").expect("legal");
        assert!(w2.is_tactical(capture) && !w2.is_tactical(step));
        let w3 = game("3bZ5/4wZwI4/11/12/bA12/14/15/16/17/16/15/14/13/12/11/10/4wA4 w - w.b.U.P.G.Y 1 - 000000 - - 0 1");
        assert!(w3.is_tactical(w3.parse_move("e16e17h").expect("legal")));
    }

    /// R102, R110: under Astaroth a quiet check that counts is tactical (at a counter of 2
    /// it eliminates the army); under the other patrons it is not.
    #[test]
    fn a_quiet_check_that_counts_is_tactical_under_astaroth_only() {
        let text = |patron: u8, counter: u8| {
            format!("9/10/11/12/bA12/14/15/16/17/5wF10/15/14/13/12/11/10/4wA4 w - wUG.bPY {patron} - 0{counter}0000 - - 0 1")
        };
        for (patron, counter, tactical) in [(1, 0, true), (1, 1, true), (1, 2, true), (3, 0, false)]
        {
            let g = game(&text(patron, counter));
            let check = g.parse_move("g8g7").expect("legal");
            let step_away = g.parse_move("g8h8").expect("legal");
            assert_eq!(
                g.is_tactical(check),
                tactical,
                "patron {patron}, counter {counter}"
            );
            assert!(!g.is_tactical(step_away));
        }
    }

    /// R102, R110: green's `q4q3` gives yellow (at a counter of 2) its third check and
    /// eliminates it, and the game says so after the move; none of green's other moves
    /// checks anyone. Yellow is not the side to move next, so `in_check` cannot tell.
    #[test]
    fn a_check_counted_on_an_army_not_to_move_is_reported_after_the_move() {
        let mut g = game("uG(@a17)uMuFuZ1pZpFpApG(@i17)/uAuG(@b16)uIuZ2pZpI1pM/2uDuZ3pZpDpIpF/1uZ1uH6pZpZ/3uZ4pHpZ3/uF(^u)12gZ/bFbZ1uI9gZgF/bMbIbZ10gZ1gA/1bG(@b9)1bH11gG(@p9)gG(@q9)/bA1bZ10gZwG(@i1^w)gM/bFbZ1bD(=I)2yD6gZ1/bZ11gZ1/13/wZwZwZwH4yHyZ1gF(^g)/wF1wDwZ3yZ1yIyG(@p2^y)/wMwG(@i2)1wZwI1yZyI1yA/1wAwFwZ1yZyFyMyG(@q1) b a12bZ,n9gH,p4yZ,q3gD(=F),q4yZ wug.bpy 1 - 000002 - a9,i16 0 6");
        for token in ["a11a12", "b16g6", "G@i16:k14"] {
            let mv = g.parse_move(token).expect(token);
            g.make_move(mv);
        }
        let mut moves = SpillList::new();
        g.generate_moves(&mut moves);
        let counted: Vec<String> = moves
            .iter()
            .filter_map(|&mv| {
                let token = g.move_string(mv);
                g.make_move(mv);
                let counted = g.gave_counted_check() && !g.in_check();
                g.unmake_move();
                counted.then_some(token)
            })
            .collect();
        assert_eq!(counted, ["q4q3"]);
    }

    #[test]
    fn w1_perft_one_is_the_first_ply_and_both_countings_agree_at_two() {
        use crate::perft::{perft, Counting};
        let mut g = HexianGame::start(&Config::default());
        assert_eq!(perft(&mut g, 1, Counting::Bulk), 23);
        let bulk = perft(&mut g, 2, Counting::Bulk);
        assert_eq!(perft(&mut g, 2, Counting::MakeUnmake), bulk);
        assert_eq!(g.hash(), g.recompute_hash());
        assert_eq!(
            g.position_string(),
            HexianGame::start(&Config::default()).position_string()
        );
    }
}
