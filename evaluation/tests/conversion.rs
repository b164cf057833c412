//! Won games are converted (issue 20, item 6): the search mates Panoply's lone King and
//! hunts down Hepta's lone Kings, where the evaluation once stood still.

use engine::game::{Game, Points, Status};
use engine::search::{Bound, Control, Evaluator, Info, Limits, Options, Report, Score, Searcher};
use engine::variants::hepta::Hepta;
use engine::variants::hexian::{Config, HexianGame};
use engine::variants::panoply::Panoply;
use evaluation::{HeptaEval, HexianEval, PanoplyEval};

/// King, Rider, two Guards and a Barricade (Black) against a lone King: the position of
/// issue 20 that once stayed at +17.31 from depth 2 to 8 and was drawn by the fifty-turn
/// rule (docs/rules/panoply.md R66).
const PANOPLY_LONE_KING: &str = "7/2k5/3g3g1/10/11/12/6r6/12/2K8/7bb1/9/8/7 b 0 128";

/// White's whole army of the start position against Black's Yellow and Blue Kings alone
/// (docs/rules/hepta.md R49 and the default Heptagram of §9.4).
const HEPTA_LONE_KINGS: &str = "7/15/5ky3kb5/15/1Sy1Sg1Sb1Sp1Sc1Sr1So1/15/3No3Ng3Np3/\
1NrNoKoNoNyNgKgNgNbNpKpNpNc1/NrKrNrM*NyKyNyM*NbKbNbM*NcKcNc w -/-/-/-/- -/-/-/-/- \
roygbpc - - 0 1";

fn limits<M>(depth: Option<u32>, nodes: Option<u64>) -> Limits<M> {
    Limits {
        depth,
        nodes,
        ..Limits::default()
    }
}

/// Plays `pos` out with one searcher per side under `limits` for at most `max_plies`
/// plies; returns the points of every seat and the plies played, or `None` if the game
/// is still running.
fn play_out<G: Game, E: Evaluator<G> + Default>(
    mut pos: G,
    limits: &Limits<G::Move>,
    max_plies: usize,
) -> Option<(Vec<Points>, usize)> {
    let mut searcher = Searcher::<G, E>::new(Options::default());
    for ply in 0..max_plies {
        if let Status::Over(outcome) = pos.status() {
            return Some((outcome.points.to_vec(), ply));
        }
        let result = searcher.search(&pos, limits, &Control::default(), &mut |_| {});
        pos.make_move(result.best.expect("a game not over has a move"));
    }
    match pos.status() {
        Status::Over(outcome) => Some((outcome.points.to_vec(), max_plies)),
        Status::Ongoing => None,
    }
}

/// The completed iterations (exact scores) of a search of the Panoply position `fen` to
/// `depth`.
fn panoply_iterations(fen: &str, depth: u32, plain: bool) -> Vec<Info<<Panoply as Game>::Move>> {
    let pos = Panoply::from_position_string(fen, &()).expect("valid");
    let options = Options {
        plain,
        ..Options::default()
    };
    let mut searcher = Searcher::<Panoply, PanoplyEval>::new(options);
    let mut iterations = Vec::new();
    searcher.search(
        &pos,
        &limits(Some(depth), None),
        &Control::default(),
        &mut |r| {
            if let Report::Iteration(info) = r {
                if info.bound == Bound::Exact {
                    iterations.push(info.clone());
                }
            }
        },
    );
    iterations
}

/// Whether `line` played from the Panoply position `fen` ends the game with a win of the
/// side to move in `fen`.
fn panoply_line_mates(fen: &str, line: &[<Panoply as Game>::Move]) -> bool {
    let mut pos = Panoply::from_position_string(fen, &()).expect("valid");
    let winner = pos.to_move();
    for &mv in line {
        pos.make_move(mv);
    }
    matches!(pos.status(), Status::Over(outcome) if outcome.points[winner] == Points::ONE)
}

/// The shortest mate is 4 moves (7 plies) of quiet Barricade moves and a last Rider move,
/// and plain alpha-beta to depth 5 (every move, no pruning) finds no mate in 3. A depth-6
/// search still proves the mate in 4, and so does every deeper iteration, each with a line
/// that mates: a search hunting a bare King neither stands on its evaluation (reverse
/// futility, null move) nor stands pat at the horizon before it has looked for a mate in
/// one (engine/src/search/alphabeta.rs, `is_hunting`). Without that the score stayed
/// near +15 and the mate first showed at depth 10.
#[test]
fn panoply_mates_the_lone_king_at_every_depth_from_six() {
    let plain = panoply_iterations(PANOPLY_LONE_KING, 5, true);
    assert!(matches!(plain[4].score, Score::Cp(cp) if cp > 1000));
    let iterations = panoply_iterations(PANOPLY_LONE_KING, 12, false);
    let depths: Vec<u32> = iterations.iter().map(|info| info.depth).collect();
    assert_eq!(depths, (1..=12).collect::<Vec<_>>());
    for info in &iterations[5..] {
        let depth = info.depth;
        assert_eq!(info.score, Score::Mate(SHORTEST_MATE), "depth {depth}");
        assert_eq!(
            info.pv.len(),
            2 * SHORTEST_MATE as usize - 1,
            "depth {depth}"
        );
        assert!(
            panoply_line_mates(PANOPLY_LONE_KING, &info.pv),
            "depth {depth}: {:?}",
            info.pv
        );
    }
}

/// A mate found at the horizon ends the line: in this bench position (White's Riders, Herald
/// and Pawn against Black's King and Heralds) depth 6 proves a mate in 5 whose last move
/// only quiescence's search for a mate in one saw; the line holds all 9 plies and mates.
#[test]
fn panoply_mate_found_at_the_horizon_is_in_the_line() {
    const RIDERS: &str = "k6/8/9/10/2Hh7/4P7/4Rh4R2/12/11/10/9/8/6K w 0 1";
    let iterations = panoply_iterations(RIDERS, 6, false);
    let info = iterations.last().expect("depth 6 completed");
    assert_eq!((info.depth, info.score), (6, Score::Mate(5)));
    assert_eq!(info.pv.len(), 9);
    assert!(panoply_line_mates(RIDERS, &info.pv), "{:?}", info.pv);
}

/// The shortest mate from `PANOPLY_LONE_KING`, in Black's moves.
const SHORTEST_MATE: i32 = 4;

#[test]
fn panoply_self_play_at_50000_nodes_mates_the_lone_king_within_five_moves() {
    let pos = Panoply::from_position_string(PANOPLY_LONE_KING, &()).expect("valid");
    let (points, plies) =
        play_out::<Panoply, PanoplyEval>(pos, &limits(None, Some(50_000)), 40).expect("mated");
    assert_eq!(points, [Points::ZERO, Points::ONE]);
    assert!(
        plies < 2 * (SHORTEST_MATE as usize + 1),
        "mated after {plies} plies"
    );
}

/// Plays the Hepta `position` out at 10,000 nodes a move for at most `plies` plies and
/// asserts that `winner` (0 White, 1 Black) took the point.
fn assert_hepta_side_wins_within(position: &str, plies: usize, winner: usize) {
    let pos = Hepta::from_position_string(position, &()).expect("valid");
    let (points, played) =
        play_out::<Hepta, HeptaEval>(pos, &limits(None, Some(10_000)), plies).expect("won");
    let mut expected = [Points::ZERO; 2];
    expected[winner] = Points::ONE;
    assert_eq!(points, expected, "after {played} plies");
}

/// Seats of a two-player Hepta game.
const WHITE: usize = 0;
const BLACK: usize = 1;

/// `HEPTA_LONE_KINGS` with Black's Blue King replaced by a Soul Master, which no piece can
/// capture (docs/rules/hepta.md R24, R36). White must hem it in (Hepta R41) until its
/// last ply turns it into a King (Hepta R55) that a Knight takes; with White's three Soul
/// Masters on the board Black has no Soul Master Recovery (Hepta R86) and, without a ply,
/// loses (Hepta R90).
const HEPTA_KING_AND_MASTER: &str = "7/15/5ky3m*5/15/1Sy1Sg1Sb1Sp1Sc1Sr1So1/15/3No3Ng3Np3/\
1NrNoKoNoNyNgKgNgNbNpKpNpNc1/NrKrNrM*NyKyNyM*NbKbNbM*NcKcNc w -/-/-/-/- -/-/-/-/- \
roygbpc - - 0 1";

#[test]
fn hepta_army_wins_against_a_lone_king_and_soul_master_within_200_plies_at_10000_nodes() {
    assert_hepta_side_wins_within(HEPTA_KING_AND_MASTER, 200, WHITE);
}

#[test]
fn hepta_army_wins_against_two_lone_kings_within_100_plies_at_10000_nodes() {
    assert_hepta_side_wins_within(HEPTA_LONE_KINGS, 100, WHITE);
}

/// A Hepta self-play game at 1,000 nodes a move with the hand-set evaluation (from the
/// second opening of `positions/hepta/openings.txt`), still running at ply 1,200 with
/// Black 16 Knights and 6 Kings ahead: most of Black's Knights have run past White's last
/// three Knights and King and can never take them, a Knight capturing only forwards
/// (docs/rules/hepta.md R26, R27). White has no Soul Master and Black three, so White has
/// no Soul Master Recovery (Hepta R86) and loses when its pieces are gone or stuck
/// (Hepta R90).
const HEPTA_STRAGGLERS: &str = "6kc/ny1m*3ky1kb1m*1nc1nc/1nr1ngnony1kg1Sy1kp1np1/\
10nbNpSo1Nb/2ko1m*3SgSc1Nc2Sc/5no2Sp2nr1Kb1/2kr4nb2ng2Sc1/1no1nrnbny1np3np1ng1/8Sy6 w \
-/-/-/yc/- ygp/rogb/rogb/robp/r cgoypbr - - 188 604";

#[test]
fn hepta_army_takes_the_stragglers_behind_its_knights_within_200_plies_at_10000_nodes() {
    assert_hepta_side_wins_within(HEPTA_STRAGGLERS, 200, BLACK);
}

/// The end of a Hepta self-play game at 1,000 nodes a move with the evaluation before the
/// spent Knights and the Soul Masters' march (docs/training.md: game 79 of the 100, capped
/// at ply 400 with White 25 Knights' worth ahead). Black keeps a Red King and two Red
/// Knights and no Soul Master; White has one, so Black always has a Soul Master Recovery
/// (docs/rules/hepta.md R86) and its new Soul Master would stand behind White's Knights. At
/// 10,000 nodes a move White takes the King, walks its Soul Master to rank 9 and duplicates
/// it (Hepta R85) until it has three, and Black, its last Knight stuck on its own back
/// rank, has no ply left (Hepta R90). Without `spent_knight` or without `master_march` the
/// game is still running after 200 plies.
const HEPTA_RECOVERY_OPEN: &str = "7/7Ng1No5/4NrkrSy3NbNpNbSc1/2No3Ng1Sy6/\
1Sy1NrNgSbScSp1ScSpNbNpNo1/1nr1NySy1Sc1Sp3nrSc1/2Kr5Sy1Kb2KcNc/Nr2Ny1KySbKo1Kg1M*NcKp1/15 w \
p/ogbp/og/ogb/og -/-/r/r/- cgrbpoy - - 20 203";

#[test]
fn hepta_army_closes_the_soul_master_recovery_and_wins_within_200_plies_at_10000_nodes() {
    assert_hepta_side_wins_within(HEPTA_RECOVERY_OPEN, 200, WHITE);
}

/// The end of a Hepta self-play game at 1,000 nodes a move with `boxing` but before
/// `few_moves` (docs/training.md: the `--seed 2` run, capped at ply 1,200 with White 13.5
/// Knights' worth ahead). Black keeps twelve Knights on its own last rank, its promotion
/// zone (Hepta R11), where all but one have no forward step left (Hepta R26), two Kings,
/// and six plies in all, the Soul Master Recovery among them (White has two Soul Masters,
/// Hepta R86). Without `few_moves` the game is still running after 200 plies at 10,000
/// nodes a move.
const HEPTA_LAST_MOVES: &str = "M*1M*2Sy1/Sy2Kr3Ky5Nr1/1Ny3Nb4Kc4/2No5NbNg1Nc1Nc1/\
Nb1Ny10So1/So2Sb1KoNg2Kp2NcSc1/SoSo3SykrNp7/1Nr1Np2Nr1KgkoNp1NgKb1/\
nonrnrngnynbnynb1ngncnb1np1 w -/rc/opc/rgp/- g/-/-/p/- bgryocp - - 358 604";

#[test]
fn hepta_army_takes_the_last_moves_and_wins_within_60_plies_at_10000_nodes() {
    assert_hepta_side_wins_within(HEPTA_LAST_MOVES, 60, WHITE);
}

/// The end of a Hepta self-play game at 1,000 nodes a move (docs/training.md: the `--seed 2`
/// run of the every-duplication-gains march, capped at ply 1,200 with Black 15.5 Knights'
/// worth ahead). White keeps four Knights on rank 9, its promotion zone (Hepta R11) and
/// Black's back rank, that can neither step (Hepta R26) nor promote while its Receive
/// Pillar is full (Hepta R45, R79), its Blue King, and a Yellow and an Orange Knight that
/// walk back and forth with the Yellow and Orange Souls on its Tactic Pillar (Hepta R25),
/// out of reach of Black's Knights, which capture only forwards (Hepta R27). Black's Yellow
/// and Orange Kings walk to rank 1 and steal those Souls (Hepta R81). At 10,000 nodes a
/// move Black wins in 126 plies; without `thief` the game is still running after 150 (it
/// ends after 205). Black won in 76 plies while its Knights still counted White's Knights
/// on rank 9 as pieces they could come at (docs/training.md, "No hex behind").
const HEPTA_TACTIC_KNIGHTS: &str = "NrNpKbNb2No/Sonb1ng1ny1ky1nbNynp3/1SrSo8nc1ncnc/\
1Sy2kr1ko8/3Sp1Sb1kp2m*1kc1m*/2Sg8no1nb1/3Sg3m*1kb3Sg1/3nr1nr5np2Sc/Sb13Sg w \
p/oy/y/oy/- rc/rgpc/roc/ygbp/- bgrocyp - - 182 603";

#[test]
fn hepta_army_steals_the_tactic_souls_of_the_last_knights_and_wins_within_150_plies_at_10000_nodes()
{
    assert_hepta_side_wins_within(HEPTA_TACTIC_KNIGHTS, 150, BLACK);
}

/// Two-player Hexian under Orobas (no check counting): White's Archwizard and two
/// Fungoids against Black's lone Archwizard in the centre, the other four armies out
/// (docs/rules/hexian.md R56, R110). Only checkmate wins (R70, R112).
const HEXIAN_LONE_ARCHWIZARD: &str = "9/10/11/12/wA12/wF13/15/16/8bA8/16/wF14/14/13/12/11/10/9 \
w - wUG.bPY 6 -/-/-/-/-/- 000000 - - 0 1";

#[test]
fn hexian_two_players_mate_a_lone_archwizard_within_120_plies_at_5000_nodes() {
    let pos = HexianGame::from_position_string(HEXIAN_LONE_ARCHWIZARD, &Config::default())
        .expect("valid");
    let (points, plies) =
        play_out::<HexianGame, HexianEval>(pos, &limits(None, Some(5_000)), 120).expect("mated");
    assert_eq!(points, [Points::ONE, Points::ZERO], "after {plies} plies");
}
