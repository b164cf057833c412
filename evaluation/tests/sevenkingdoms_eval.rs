//! The Seven Kingdoms evaluation: its terms add up to the scores, it counts exactly the
//! rules' moves, it rewards the race to 30 captures and to two kingdoms, and kingdoms in
//! mirrored situations score alike.

use engine::game::Game;
use engine::search::Evaluator;
use engine::variants::sevenkingdoms::{Players, SevenKingdoms, DAGGER, KINGDOMS};
use evaluation::sevenkingdoms::{Breakdown, OUT_SCORE, WEIGHTS};
use evaluation::SevenKingdomsEval;

const BENCH: &str = include_str!("../../positions/sevenkingdoms/bench.txt");
const GAMES: &str = include_str!(concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../positions/sevenkingdoms/reference-games.json"
));
const DIVISIONS: [&str; 4] = ["w/r/o/b/g/p/d", "wr/ob/gp/d", "dw/ro/bg/p", "wrob/gpd"];

fn position(text: &str, players: &str) -> SevenKingdoms {
    SevenKingdoms::from_position_string(text, &Players::parse(players).unwrap()).unwrap()
}

fn bench_positions(players: &str) -> Vec<SevenKingdoms> {
    BENCH
        .lines()
        .map(|line| line.split('#').next().unwrap().trim())
        .filter(|line| !line.is_empty())
        .map(|line| position(line, players))
        .collect()
}

/// The move lists of the first `count` reference games.
fn game_moves(count: usize) -> Vec<Vec<&'static str>> {
    GAMES
        .split("\"moves\"")
        .skip(1)
        .take(count)
        .map(|rest| {
            let list = &rest[rest.find('[').unwrap() + 1..rest.find(']').unwrap()];
            list.split(',')
                .map(|m| m.trim().trim_matches('"'))
                .collect()
        })
        .collect()
}

/// Every `step`-th position of the first `count` reference games.
fn game_positions(count: usize, step: usize) -> Vec<SevenKingdoms> {
    let mut positions = Vec::new();
    for moves in game_moves(count) {
        let mut pos = SevenKingdoms::start(&Players::default());
        for (i, token) in moves.iter().enumerate() {
            if i % step == 0 {
                positions.push(pos.clone());
            }
            pos.make_move(pos.parse_move(token).unwrap());
        }
    }
    positions
}

/// The field's definition, written out again: the strength minus the other seats' mean
/// (seats out of the game left aside).
fn expected_scores(strength: &[i32]) -> Vec<i32> {
    (0..strength.len())
        .map(|seat| {
            if strength[seat] == OUT_SCORE {
                return OUT_SCORE;
            }
            let others: Vec<i32> = (0..strength.len())
                .filter(|&s| s != seat && strength[s] != OUT_SCORE)
                .map(|s| strength[s])
                .collect();
            if others.is_empty() {
                return strength[seat];
            }
            strength[seat] - others.iter().sum::<i32>() / others.len() as i32
        })
        .collect()
}

fn check_sums(pos: &SevenKingdoms, b: &Breakdown) {
    let players = pos.players();
    for seat in 0..pos.seats() {
        let terms: Vec<_> = players
            .block_of(seat)
            .filter_map(|k| b.kingdoms[k])
            .collect();
        let expected = match terms.iter().map(|t| t.race).max() {
            None => OUT_SCORE,
            Some(race) => terms.iter().map(|t| t.army()).sum::<i32>() + race,
        };
        assert_eq!(b.strength[seat], expected, "{}", pos.position_string());
    }
    assert_eq!(b.scores.to_vec(), expected_scores(&b.strength));
}

#[test]
fn terms_add_up_to_the_strength_and_the_scores() {
    let eval = SevenKingdomsEval;
    for players in DIVISIONS {
        for pos in bench_positions(players) {
            let b = eval.breakdown(&pos);
            check_sums(&pos, &b);
            assert_eq!(eval.evaluate_seats(&pos), b.scores);
            assert_eq!(eval.evaluate(&pos), b.scores[pos.to_move()]);
            for k in 0..KINGDOMS {
                assert_eq!(b.kingdoms[k].is_some(), pos.in_game(k));
            }
            let text = eval.explain(&pos);
            for seat in 0..pos.seats() {
                let line = format!("strength {} score {}", b.strength[seat], b.scores[seat]);
                assert!(text.contains(&line), "{text}");
            }
        }
    }
}

#[test]
fn two_players_score_exact_opposites() {
    let eval = SevenKingdomsEval;
    for pos in bench_positions("wrob/gpd") {
        let scores = eval.evaluate_seats(&pos);
        assert_eq!(scores[0], -scores[1], "{}", pos.position_string());
    }
}

#[test]
fn moves_counted_are_the_rules_moves() {
    let eval = SevenKingdomsEval;
    let mut positions = bench_positions("w/r/o/b/g/p/d");
    positions.extend(game_positions(12, 7));
    for mut pos in positions {
        let b = eval.breakdown(&pos);
        if pos.ending().is_none() {
            assert_eq!(b.moves[pos.side()] as usize, pos.count_moves());
        }
        let in_game: Vec<usize> = (0..KINGDOMS).filter(|&k| pos.in_game(k)).collect();
        for kingdom in in_game {
            // With one kingdom per player, a kingdom is its seat.
            if pos.pass_turn_to(kingdom) {
                assert_eq!(b.moves[kingdom] as usize, pos.count_moves());
                pos.unmake_null_move();
            } else if pos.ending().is_none() {
                assert_eq!(b.moves[kingdom], 0, "{}", pos.position_string());
            }
        }
    }
}

/// Red with a Chancellor and its General, Orange with its General; the capture matrix,
/// the captured-kingdoms record and the kingdoms out as given.
fn race_position(captures: &str, kingdoms: &str, out: &str) -> SevenKingdoms {
    let board = "19/19/19/19/19/19/19/19/19/19/19/19/19/19/19/2rR16/19/13oQ5/5rQ13";
    position(
        &format!("{board} w {captures} {kingdoms} {out} 0 30"),
        "w/r/o/b/g/p/d",
    )
}

#[test]
fn nearer_to_thirty_captures_scores_higher() {
    let eval = SevenKingdomsEval;
    // Red's victims are Purple's, which is out (so its losses count for nobody).
    let red = |n: u32| eval.evaluate_seats(&race_position(&format!("rp{n}"), "-", "p"))[1];
    for n in [1, 10, 20, 25, 28] {
        assert!(red(n + 1) > red(n), "{n}");
    }
    // The last captures before the threshold weigh more than the first ones.
    assert!(red(29) - red(28) > red(2) - red(1));
}

#[test]
fn a_capture_between_two_others_moves_a_seat_by_a_share_of_its_net() {
    let eval = SevenKingdomsEval;
    // Orange has taken three of Red's pieces (a capture and a loss each, R43.3, R38);
    // Purple is out. Against the other players' mean (five other seats in the game), White,
    // who owns nothing, moves by a fifth of the trade's net, not by half of Orange's gain.
    let even = eval.breakdown(&race_position("-", "-", "p"));
    let traded = eval.breakdown(&race_position("or3", "-", "p"));
    let gain = |b: &Breakdown, seat: usize| b.strength[seat] - even.strength[seat];
    let (won, lost) = (
        3 * WEIGHTS.capture_race_per_piece,
        3 * WEIGHTS.loss_per_piece,
    );
    assert_eq!((gain(&traded, 1), gain(&traded, 2)), (-lost, won));
    // Each mean is rounded on its own, so a change may differ from the share by 1.
    let moved = |seat: usize| traded.scores[seat] - even.scores[seat];
    let near = |got: i32, want: i32| (got - want).abs() <= 1;
    assert!(near(moved(0), -(won - lost) / 5), "{}", moved(0));
    assert!(near(moved(2), won + lost / 5), "{}", moved(2));
    assert!(near(moved(1), -lost - won / 5), "{}", moved(1));
}

#[test]
fn the_pawn_of_the_strength_levels_is_what_a_dagger_moves_between_taker_and_victim() {
    // Orange's fourth capture of Red's pieces: a step of the race for Orange (R43.3) and
    // a loss for Red (R38), plus the Dagger, the cheapest piece that can be taken.
    // `Skill Level` counts its allowed loss in it, so that level 0 (two pawns) may pass
    // over a capture.
    let eval = SevenKingdomsEval;
    let orange_over_red = |captures: &str| {
        let strength = eval.breakdown(&race_position(captures, "-", "p")).strength;
        strength[2] - strength[1]
    };
    let swing = orange_over_red("or4") - orange_over_red("or3");
    assert_eq!(eval.pawn(), WEIGHTS.values[DAGGER] + swing);
    assert!(eval.pawn() > 600);
}

#[test]
fn a_held_kingdom_scores_higher() {
    let eval = SevenKingdomsEval;
    let red_holds = eval.evaluate_seats(&race_position("rp17,op17", "rp", "-"));
    let orange_holds = eval.evaluate_seats(&race_position("rp17,op17", "op", "-"));
    assert!(red_holds[1] > orange_holds[1]);
    assert!(orange_holds[2] > red_holds[2]);
}

#[test]
fn losses_near_the_tenth_score_lower() {
    let eval = SevenKingdomsEval;
    // Red's losses to Purple, which is out (so its captures count for nobody).
    let red = |n: u32| eval.evaluate_seats(&race_position(&format!("pr{n}"), "-", "p"))[1];
    for n in [1, 5, 8] {
        assert!(red(n + 1) < red(n), "{n}");
    }
    assert!(red(9) - red(8) < red(2) - red(1));
}

/// A piece: colour letter, type letter, x, y.
type Piece = (char, char, usize, usize);

/// The board field of a position with these pieces.
fn board(pieces: &[Piece]) -> String {
    let mut ranks = Vec::new();
    for y in (0..19).rev() {
        let mut rank = String::new();
        let mut empty = 0;
        for x in 0..19 {
            match pieces.iter().find(|p| (p.2, p.3) == (x, y)) {
                Some(&(colour, kind, _, _)) => {
                    if empty > 0 {
                        rank += &empty.to_string();
                        empty = 0;
                    }
                    rank.push(colour);
                    rank.push(kind);
                }
                None => empty += 1,
            }
        }
        if empty > 0 {
            rank += &empty.to_string();
        }
        ranks.push(rank);
    }
    ranks.join("/")
}

/// The mirror image through the diagonal x = y (which maps every piece's moves onto
/// themselves and the Emperor's cell onto itself), White and Red exchanged.
fn mirrored(pieces: &[Piece]) -> Vec<Piece> {
    let swap = |c: char| match c {
        'w' => 'r',
        'r' => 'w',
        other => other,
    };
    pieces
        .iter()
        .map(|&(c, k, x, y)| (swap(c), k, y, x))
        .collect()
}

const WHITE_ARMY: [Piece; 9] = [
    ('w', 'Q', 2, 6),
    ('w', 'S', 3, 5),
    ('w', 'R', 4, 1),
    ('w', 'N', 7, 2),
    ('w', 'G', 1, 8),
    ('w', 'C', 5, 7),
    ('w', 'H', 0, 3),
    ('w', 'A', 8, 4),
    ('w', 'W', 3, 12),
];

#[test]
fn mirrored_kingdoms_score_alike() {
    let eval = SevenKingdomsEval;
    let mut pieces = WHITE_ARMY.to_vec();
    pieces.extend(mirrored(&WHITE_ARMY));
    let pos = position(
        &format!("{} w wr2,rw2,wo1,ro1 - - 0 9", board(&pieces)),
        "w/r/o/b/g/p/d",
    );
    let b = eval.breakdown(&pos);
    assert_eq!(b.kingdoms[0], b.kingdoms[1]);
    assert_eq!(b.moves[0], b.moves[1]);
    assert_eq!(b.scores[0], b.scores[1]);
}

#[test]
fn mirrored_positions_exchange_the_scores() {
    let eval = SevenKingdomsEval;
    let mut pieces = WHITE_ARMY.to_vec();
    pieces.extend([
        ('r', 'Q', 12, 3),
        ('r', 'N', 14, 5),
        ('r', 'S', 11, 3),
        ('o', 'Q', 15, 15),
    ]);
    let original = position(
        &format!("{} w wr3,rw1,wo2 - - 0 9", board(&pieces)),
        "w/r/o/b/g/p/d",
    );
    let mirror = position(
        &format!("{} w rw3,wr1,ro2 - - 0 9", board(&mirrored(&pieces))),
        "w/r/o/b/g/p/d",
    );
    let (a, b) = (eval.breakdown(&original), eval.breakdown(&mirror));
    assert_eq!(a.kingdoms[0], b.kingdoms[1]);
    assert_eq!(a.kingdoms[1], b.kingdoms[0]);
    assert_eq!((a.scores[0], a.scores[1]), (b.scores[1], b.scores[0]));
    assert_eq!(a.scores[2..], b.scores[2..]);
}

#[test]
fn a_general_attacked_by_an_earlier_enemy_is_nearly_lost() {
    let eval = SevenKingdomsEval;
    // Orange's Chancellor on a2 attacks White's General on a9 along the a-file.
    let board = "19/19/19/19/19/19/19/19/19/wQ18/19/19/19/19/19/19/oR18/19/13oQ5";
    let white_to_move = eval.breakdown(&position(&format!("{board} w"), "w/r/o/b/g/p/d"));
    let orange_to_move = eval.breakdown(&position(&format!("{board} o"), "w/r/o/b/g/p/d"));
    // White moves first: it can escape, at the cost of a tempo, far less than the General.
    let white = white_to_move.kingdoms[0].unwrap();
    assert_eq!(white.general, -WEIGHTS.general_harassed);
    assert!(white.general > -white.material / 2);
    // Orange moves first: the General, and with it the army, is as good as lost.
    let white = orange_to_move.kingdoms[0].unwrap();
    assert!(white.general <= -white.material / 2);
    assert!(orange_to_move.kingdoms[2].unwrap().threats > 0);
    assert!(orange_to_move.scores[0] < white_to_move.scores[0]);
    // The same attack by a kingdom of the same player is no danger to that player.
    let same_player = eval.breakdown(&position(&format!("{board} o"), "wro/b/g/p/d"));
    assert_eq!(same_player.kingdoms[0].unwrap().general, 0);
}
