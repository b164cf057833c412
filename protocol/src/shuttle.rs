//! Move lists of any length for benchmarks and tests of `position … moves …`: a short
//! cycle of legal moves that brings a position back to itself, repeated. Draws by rule do
//! not end a game's move generation, so the repetition stays legal however long.

use crate::variant::AnyGame;

/// Out-moves tried per ply before the search for a cycle gives up.
const CANDIDATES_PER_PLY: usize = 12;
/// Longest out-phase tried: one move for each of up to eight consecutive plies.
const MAX_HALF_CYCLE: usize = 8;
/// Cycles tried per length before a longer one is tried.
const ATTEMPTS_PER_LENGTH: usize = 100;
/// Plies played from the start (first legal move each) to leave a phase without cycles,
/// such as Hexchoice's placement.
const MAX_OPENING_PLIES: usize = 100;

/// A list of legal moves from `start` that can be repeated for ever: some from-to moves
/// (`<cell><cell>`), then the same moves reversed in the same order of players, so each
/// piece goes back. `None` if none is found.
pub fn cycle(start: &AnyGame) -> Option<Vec<String>> {
    let round = round_length(start);
    let others = (1..=MAX_HALF_CYCLE).filter(|&plies| Some(plies) != round);
    round
        .into_iter()
        .chain(others)
        .find_map(|plies| cycle_of(start, plies))
}

/// Plies until the player to move at `start` is to move again (first legal moves played):
/// the likeliest length of a half-cycle, tried first.
fn round_length(start: &AnyGame) -> Option<usize> {
    let mover = start.side_to_move_name();
    let mut game = start.clone();
    for plies in 1..=MAX_HALF_CYCLE {
        let first = game.legal_moves().into_iter().next()?;
        game.play_tokens([first.as_str()]).ok()?;
        if game.side_to_move_name() == mover {
            return Some(plies);
        }
    }
    None
}

/// At least `plies` legal moves from `start`: the first legal move until a cycle is
/// found (at once in most variants), then the cycle repeated.
pub fn long_line(start: &AnyGame, plies: usize) -> Option<Vec<String>> {
    let mut game = start.clone();
    let mut line = Vec::new();
    for _ in 0..MAX_OPENING_PLIES {
        if let Some(cycle) = cycle(&game) {
            let repeats = plies.saturating_sub(line.len()).div_ceil(cycle.len());
            line.extend(cycle.iter().cycle().take(repeats * cycle.len()).cloned());
            return Some(line);
        }
        let first = game.legal_moves().into_iter().next()?;
        game.play_tokens([first.as_str()]).ok()?;
        line.push(first);
    }
    None
}

/// A cycle of `2 * plies` plies: each out-ply tries its candidates in turn until every
/// reversed move is legal and the board is back.
fn cycle_of(start: &AnyGame, plies: usize) -> Option<Vec<String>> {
    let mut choice = vec![0; plies];
    for _ in 0..ATTEMPTS_PER_LENGTH {
        match try_cycle(start, &choice) {
            Ok(moves) => return Some(moves),
            Err(failed_ply) => {
                choice[failed_ply] += 1;
                if choice[failed_ply] == CANDIDATES_PER_PLY {
                    return None;
                }
                choice[failed_ply + 1..].iter_mut().for_each(|c| *c = 0);
            }
        }
    }
    None
}

/// Plays from-to move number `choice[i]` at out-ply `i`, then the reversed moves; `Err(i)`
/// names the out-ply to change when ply `i` has no such candidate or its reverse is not
/// legal.
fn try_cycle(start: &AnyGame, choice: &[usize]) -> Result<Vec<String>, usize> {
    let mut game = start.clone();
    let mut moves = Vec::new();
    for (ply, &index) in choice.iter().enumerate() {
        let candidate = game
            .legal_moves()
            .into_iter()
            .filter(|mv| reversed(mv).is_some())
            .nth(index)
            .ok_or(ply)?;
        game.play_tokens([candidate.as_str()]).map_err(|_| ply)?;
        moves.push(candidate);
    }
    for ply in 0..choice.len() {
        let back = reversed(&moves[ply]).ok_or(ply)?;
        game.play_tokens([back.as_str()]).map_err(|_| ply)?;
        moves.push(back);
    }
    // Once more from where the cycle ended: legal again and ending in the same position
    // (Hexian's arrival marks, R64, differ from the start's after the first round).
    let after_one = game.hash();
    let again = game.play_tokens(moves.iter().map(String::as_str));
    if again.is_ok() && game.hash() == after_one {
        Ok(moves)
    } else {
        Err(choice.len() - 1)
    }
}

/// `<to><from>` of a move written `<from><to>` with cells `<letters><digits>`.
fn reversed(token: &str) -> Option<String> {
    let cell_end = |text: &str| {
        let letters = text.find(|c: char| !c.is_ascii_lowercase())?;
        let digits = text[letters..]
            .find(|c: char| !c.is_ascii_digit())
            .map_or(text.len(), |d| letters + d);
        (letters > 0 && digits > letters).then_some(digits)
    };
    let first = cell_end(token)?;
    let second = cell_end(&token[first..])?;
    (first + second == token.len()).then(|| format!("{}{}", &token[first..], &token[..first]))
}

#[cfg(test)]
mod tests {
    use super::*;
    use engine::variants::Variant;

    #[test]
    fn every_variant_has_a_long_legal_line() {
        for variant in Variant::ALL {
            let start = AnyGame::start(variant).expect("implemented");
            let line = long_line(&start, 1000).unwrap_or_else(|| panic!("{variant:?}"));
            assert!(line.len() >= 1000, "{variant:?}");
            let mut game = start.clone();
            game.play_tokens(line.iter().map(String::as_str))
                .unwrap_or_else(|e| panic!("{variant:?}: {e}"));
        }
    }

    #[test]
    fn a_cycle_comes_back_to_its_position() {
        let start = AnyGame::start(Variant::Hexmate).expect("implemented");
        let cycle = cycle(&start).expect("hexmate has knights");
        assert_eq!(cycle.len(), 4);
        let mut game = start.clone();
        game.play_tokens(cycle.iter().map(String::as_str))
            .expect("legal");
        assert_eq!(game.hash(), start.hash());
    }
}
