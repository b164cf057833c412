//! `Game::pass_turn_to`, best-reply search's hand-over of the turn, on Seven Kingdoms:
//! it gives the turn to the first kingdom of a player's block that can move, changes the
//! hash as the side to move does, and `unmake_null_move` restores everything.

use engine::game::Game;
use engine::variants::sevenkingdoms::{Players, SevenKingdoms};

fn position(text: &str, players: &str) -> SevenKingdoms {
    SevenKingdoms::from_position_string(text, &Players::parse(players).unwrap()).unwrap()
}

/// Hands the turn to `seat`, checks the new side and hash, takes it back and checks that
/// the position string and the hash are those from before.
fn round_trip(pos: &mut SevenKingdoms, seat: usize, expected_side: usize) {
    let (text, hash) = (pos.position_string(), pos.hash());
    assert!(pos.pass_turn_to(seat), "seat {seat} can move");
    assert_eq!((pos.side(), pos.to_move()), (expected_side, seat));
    assert_eq!(pos.hash(), pos.recompute_hash());
    assert_ne!(pos.hash(), hash);
    pos.unmake_null_move();
    assert_eq!((pos.position_string(), pos.hash()), (text, hash));
}

#[test]
fn every_player_gets_the_turn_and_gives_it_back() {
    let mut pos = SevenKingdoms::start(&Players::default());
    for seat in 1..7 {
        round_trip(&mut pos, seat, seat);
    }
    // The side to move itself: a null move that changes only the history.
    let text = pos.position_string();
    assert!(pos.pass_turn_to(0));
    assert_eq!(pos.position_string(), text);
    pos.unmake_null_move();
    assert_eq!(pos.position_string(), text);
}

#[test]
fn a_block_hands_the_turn_to_its_first_kingdom_that_can_move() {
    let start = SevenKingdoms::start(&Players::default()).position_string();
    // Blocks `dw` and `ro`: the first kingdom of `dw` is Black (6), then White.
    let mut pos = position(&start, "dw/ro/bg/p");
    round_trip(&mut pos, 1, 1);
    pos.make_move(pos.parse_move("a12c11").unwrap());
    round_trip(&mut pos, 0, 6);
    round_trip(&mut pos, 3, 5);
    // Example 14: Red's only piece is walled in by Go-Betweens, so Red cannot take it.
    let walled = "19/19/19/19/19/18gQ/19/19/19/4wQ14/19/19/19/18bQ/19/19/19/bGgG17/rQoG11oQ5 w";
    let mut pos = position(walled, "w/r/o/b/g/p/d");
    let text = pos.position_string();
    assert!(!pos.pass_turn_to(1));
    assert_eq!(pos.position_string(), text);
    round_trip(&mut pos, 2, 2);
}

#[test]
fn a_finished_game_hands_over_nothing() {
    // Example 10 after the winning capture: Red has 30 captures.
    let over = "5dQ7pQ5/19/19/19/19/18gQ/19/19/19/wQ18/19/4rR14/19/18bQ/19/19/19/19/5rQ7oQ5 o rw9,rb9,rg8,rp4 - - 0 20";
    let mut pos = position(over, "w/r/o/b/g/p/d");
    assert!(pos.ending().is_some());
    assert!(!pos.pass_turn_to(3));
    assert_eq!(pos.position_string(), over);
}

#[test]
fn moves_made_after_a_hand_over_unwind_in_order() {
    let mut pos = SevenKingdoms::start(&Players::default());
    let (text, hash) = (pos.position_string(), pos.hash());
    assert!(pos.pass_turn_to(3));
    let mut moves = Default::default();
    pos.generate_moves(&mut moves);
    pos.make_move(moves[0]);
    assert!(pos.pass_turn_to(0));
    assert_eq!(pos.to_move(), 0);
    pos.unmake_null_move();
    pos.unmake_move();
    pos.unmake_null_move();
    assert_eq!((pos.position_string(), pos.hash()), (text, hash));
}
