//! Shared by the Seven Kingdoms tests: the moves of one game of the reference data.

/// The moves of the game `id` of `positions/sevenkingdoms/reference-games.json` (spec
/// §13.5), found by a plain text search: each game object names its `gameId` before its
/// `moves` array of strings.
pub fn dev_game_moves(id: &str) -> Vec<String> {
    let data = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../positions/sevenkingdoms/reference-games.json"
    ))
    .expect("the dev data file");
    let at = data
        .find(&format!("\"gameId\":\"{id}\""))
        .unwrap_or_else(|| panic!("no game {id}"));
    let game = &data[at..];
    let start = game.find("\"moves\":[").expect("a moves array") + "\"moves\":[".len();
    let end = start + game[start..].find(']').expect("the end of the moves");
    game[start..end]
        .split(',')
        .map(|m| m.trim().trim_matches('"').to_string())
        .collect()
}
