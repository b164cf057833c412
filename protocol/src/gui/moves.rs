//! The legal moves of a position as the page enters them: each move's notation and the
//! cells a click sequence passes through (where the piece stands, then where it goes; a
//! placement or a spell only its target; a move touching no cell, none: the page offers
//! those as buttons). The page narrows the candidates click by click and opens a chooser
//! when several moves share one sequence (promotions, placements of different pieces).

use crate::variant::AnyGame;
use crate::with_game;
use engine::game::{Game, Status};
use engine::variants::sevenkingdoms::{SevenKingdoms, COLOUR_LETTERS, KINGDOMS};
use engine::view::Viewable;

/// A legal move and its click sequence.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveEntry {
    pub text: String,
    pub path: Vec<String>,
}

fn entries<G: Viewable>(game: &G) -> Vec<MoveEntry> {
    let mut list = Default::default();
    game.generate_moves(&mut list);
    let geometry = game.view().geometry;
    let name = |cell: usize| geometry.cells[cell].name.clone();
    let mut moves: Vec<MoveEntry> = list
        .iter()
        .map(|&mv| {
            let cells = game.move_cells(mv);
            MoveEntry {
                text: game.move_string(mv),
                path: cells.from.into_iter().chain(cells.to).map(name).collect(),
            }
        })
        .collect();
    moves.sort_by(|a, b| a.text.cmp(&b.text));
    moves
}

/// The kingdoms of `seat` still in the game, as colour letters in turn order.
pub fn kingdom_letters(g: &SevenKingdoms, seat: usize) -> String {
    let mask = g.players().kingdoms_of(seat);
    (0..KINGDOMS)
        .filter(|&k| mask & (1 << k) != 0 && g.in_game(k))
        .map(|k| char::from(COLOUR_LETTERS[k]))
        .collect()
}

/// Seven Kingdoms' resignation of the player to move: the record token `x` with the
/// letters of its kingdoms still in the game (docs/rules/sevenkingdoms.md R34, R55).
fn resignation(g: &SevenKingdoms) -> Option<MoveEntry> {
    matches!(g.status(), Status::Ongoing).then(|| MoveEntry {
        text: format!("x{}", kingdom_letters(g, g.to_move())),
        path: Vec::new(),
    })
}

/// Every legal move of `game`, sorted by notation, with its click sequence; in Seven
/// Kingdoms also the resignation of the player to move.
pub fn legal_entries(game: &AnyGame) -> Vec<MoveEntry> {
    let mut moves = with_game!(game, g => entries(g));
    if let AnyGame::SevenKingdoms(g) = game {
        moves.extend(resignation(g));
    }
    moves
}

#[cfg(test)]
mod tests {
    use super::*;
    use engine::variants::Variant;

    #[test]
    fn every_hexmate_start_move_is_entered_by_its_two_cells() {
        let game = AnyGame::start(Variant::Hexmate).unwrap();
        let entries = legal_entries(&game);
        let texts: Vec<String> = entries.iter().map(|e| e.text.clone()).collect();
        assert_eq!(texts, game.legal_moves());
        assert!(entries.iter().all(|e| e.path.len() == 2));
        let step = entries.iter().find(|e| e.text == "c5c6").unwrap();
        assert_eq!(step.path, ["c5", "c6"]);
    }

    #[test]
    fn a_seven_kingdoms_player_may_resign_all_its_kingdoms_in_the_game() {
        let game = AnyGame::start_with_players(Variant::SevenKingdoms, "wrob/gpd").unwrap();
        let entries = legal_entries(&game);
        let resign = entries.last().unwrap();
        assert_eq!((resign.text.as_str(), resign.path.len()), ("xwrob", 0));
        let mut after = game.clone();
        after.play_tokens(["xwrob"]).unwrap();
        assert!(matches!(after.status(), Status::Over(_)));
    }
}
