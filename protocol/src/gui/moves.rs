//! The legal moves of a position as the page enters them: each move's notation and the
//! cells a click sequence passes through (where the piece stands, then where it goes; a
//! Hexian Imp's hop chain every landing cell; a placement or a spell only its target; a
//! move touching no cell, none: the page offers those as buttons). The page narrows the
//! candidates click by click and opens a chooser when several moves share one sequence
//! (promotions, placements of different pieces, a chain that may stop or go on).

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
            let text = game.move_string(mv);
            let ends: Vec<String> = cells.from.into_iter().chain(cells.to).map(name).collect();
            let path =
                chain_cells(&text, &ends, |c| geometry.cell_named(c).is_some()).unwrap_or(ends);
            MoveEntry { text, path }
        })
        .collect();
    moves.sort_by(|a, b| a.text.cmp(&b.text));
    moves
}

/// The cells of a token written as cells only, when it goes on beyond the two cells
/// `ends` of its move: a Hexian Imp's hop chain `i9k9k11` is entered landing by landing
/// (docs/rules/hexian.md R76, R130).
fn chain_cells(text: &str, ends: &[String], is_cell: impl Fn(&str) -> bool) -> Option<Vec<String>> {
    if !text.is_ascii() {
        return None;
    }
    let mut cells = Vec::new();
    let mut rest = text;
    while let Some(letter) = rest.chars().next() {
        let digits = rest[1..].bytes().take_while(u8::is_ascii_digit).count();
        let (cell, after) = rest.split_at(1 + digits);
        if !letter.is_ascii_lowercase() || digits == 0 || !is_cell(cell) {
            return None;
        }
        cells.push(cell.to_string());
        rest = after;
    }
    (cells.len() > 2 && cells[..2] == *ends).then_some(cells)
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
    fn a_hexian_hop_chain_is_entered_landing_by_landing() {
        // docs/rules/hexian.md W7: the Imp on i9 hops to k9 and may go on to k11 or g11.
        let w7 = "9/10/11/12/bA12/14/15/8bG1bI5/7wZwIbZ(^b)7/16/15/14/13/12/11/10/4wA4 w - w.b.U.P.G.Y 1 - 000000 - - 0 1";
        let game = AnyGame::from_position_string(Variant::Hexian, w7).unwrap();
        let paths: Vec<(String, Vec<String>)> = legal_entries(&game)
            .into_iter()
            .filter(|e| e.text.starts_with("i9k9"))
            .map(|e| (e.text, e.path))
            .collect();
        let path = |cells: &[&str]| cells.iter().map(|c| c.to_string()).collect::<Vec<_>>();
        assert_eq!(
            paths,
            [
                ("i9k9".to_string(), path(&["i9", "k9"])),
                ("i9k9g11".to_string(), path(&["i9", "k9", "g11"])),
                ("i9k9k11".to_string(), path(&["i9", "k9", "k11"])),
            ]
        );
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
