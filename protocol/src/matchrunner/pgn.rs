//! Games as PGN-like records, written and read back: the usual tags (with
//! `Seat1`…`SeatN` instead of `White` and `Black` in games of more seats, `Variant`,
//! `Players` when the variant's `Players` option is set, and `FEN` when the game starts
//! from a position), then the moves in the variant's notation, one move per token,
//! numbered by round. A round starts whenever the seat to move comes before the seat that
//! moved last, so consecutive plies of one seat stay in one round. A move may carry a
//! comment (the match runner writes `{book}` or `{score/depth time}`); a last comment says
//! how the game ended; the result is the per-seat score string of the variant, or `*`
//! while the game goes on. The match runner and the GUI share this one writer and reader.

use super::game::{Ending, Fault, GameRecord, PlayedMove};
use super::openings::Opening;
use super::report::{ending_text, result_text};
use super::rules;
use super::search_info::{Score, SearchInfo};
use crate::variant::AnyGame;
use engine::variants::Variant;
use std::time::{SystemTime, UNIX_EPOCH};

/// Longest line of move text.
const LINE_WIDTH: usize = 80;
/// The result of a game that goes on.
pub const UNFINISHED: &str = "*";

/// What is the same for every game of a match.
pub struct PgnContext<'a> {
    pub variant: Variant,
    pub players: Option<&'a str>,
    pub names: &'a [String],
    /// `YYYY.MM.DD`.
    pub date: String,
}

/// A move of a record and its comment (without the braces).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PgnMove {
    pub text: String,
    pub comment: Option<String>,
}

/// One game as a record holds it: what [`write_pgn`] writes and [`read_pgn`] reads back.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PgnGame {
    pub event: String,
    pub site: String,
    pub date: String,
    pub round: String,
    /// Who played each seat.
    pub names: Vec<String>,
    /// The per-seat score string, or [`UNFINISHED`].
    pub result: String,
    pub variant: Variant,
    /// The variant's `Players` option, when it is set.
    pub players: Option<String>,
    /// The position the game starts from, when it is not the start position.
    pub fen: Option<String>,
    pub termination: String,
    pub moves: Vec<PgnMove>,
    /// How the game ended, in words (the last comment).
    pub ending: Option<String>,
}

impl PgnGame {
    /// Where the game starts: its position string, or the start position.
    pub fn opening(&self) -> Opening {
        Opening {
            fen: self.fen.clone(),
            moves: Vec::new(),
        }
    }

    /// The moves' texts.
    pub fn move_texts(&self) -> Vec<String> {
        self.moves.iter().map(|m| m.text.clone()).collect()
    }
}

/// The PGN record of one game of a match, ending with a blank line.
pub fn game_pgn(record: &GameRecord, context: &PgnContext) -> String {
    write_pgn(&match_game(record, context))
}

/// A finished game of a match as a record: the book moves of its opening first.
fn match_game(record: &GameRecord, context: &PgnContext) -> PgnGame {
    let seats = &record.plan.seat_engines;
    let book = record.opening.moves.iter().map(|text| PgnMove {
        text: text.clone(),
        comment: Some("book".to_string()),
    });
    let played = record.moves.iter().map(|m| PgnMove {
        text: m.text.clone(),
        comment: Some(move_comment(m)),
    });
    PgnGame {
        event: "Tessera match".to_string(),
        site: "?".to_string(),
        date: context.date.clone(),
        round: (record.plan.index + 1).to_string(),
        names: seats.iter().map(|&e| context.names[e].clone()).collect(),
        result: result_text(&record.points),
        variant: context.variant,
        players: context.players.map(str::to_string),
        fen: record.opening.fen.clone(),
        termination: termination(&record.ending).to_string(),
        moves: book.chain(played).collect(),
        ending: Some(ending_text(record, context.names)),
    }
}

/// The text of `game`, ending with a blank line.
pub fn write_pgn(game: &PgnGame) -> String {
    let mut text = String::new();
    for (tag, value) in tags(game) {
        text.push_str(&format!(
            "[{tag} \"{}\"]\n",
            value.replace('\\', "\\\\").replace('"', "\\\"")
        ));
    }
    text.push('\n');
    let mut line = String::new();
    for chunk in move_chunks(game) {
        if !line.is_empty() && line.len() + 1 + chunk.len() > LINE_WIDTH {
            text.push_str(&line);
            text.push('\n');
            line.clear();
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(&chunk);
    }
    text.push_str(&line);
    text.push_str("\n\n");
    text
}

fn tags(game: &PgnGame) -> Vec<(String, String)> {
    let mut tags = vec![
        ("Event".to_string(), game.event.clone()),
        ("Site".to_string(), game.site.clone()),
        ("Date".to_string(), game.date.clone()),
        ("Round".to_string(), game.round.clone()),
    ];
    if game.names.len() == 2 {
        tags.push(("White".to_string(), game.names[0].clone()));
        tags.push(("Black".to_string(), game.names[1].clone()));
    } else {
        tags.extend(
            game.names
                .iter()
                .enumerate()
                .map(|(seat, name)| (format!("Seat{}", seat + 1), name.clone())),
        );
    }
    tags.push(("Result".to_string(), game.result.clone()));
    tags.push(("Variant".to_string(), game.variant.id().to_string()));
    if let Some(players) = &game.players {
        tags.push(("Players".to_string(), players.clone()));
    }
    if let Some(fen) = &game.fen {
        tags.push(("SetUp".to_string(), "1".to_string()));
        tags.push(("FEN".to_string(), fen.clone()));
    }
    tags.push(("Termination".to_string(), game.termination.clone()));
    tags
}

/// The PGN `Termination` tag's value.
fn termination(ending: &Ending) -> &'static str {
    match ending {
        Ending::Rules(_) => "normal",
        Ending::Adjudicated(_) => "adjudication",
        Ending::Forfeit { fault, .. } => match fault {
            Fault::IllegalMove { .. } => "illegal move",
            Fault::Timeout => "time forfeit",
            Fault::Crash | Fault::NoStart(_) => "abandoned",
        },
    }
}

/// The move text in chunks that may not be split over lines: moves (with their round
/// number) and their comments, the ending as a comment, and the result.
fn move_chunks(game: &PgnGame) -> Vec<String> {
    let labels = round_labels(&seats_to_move(game));
    let mut chunks = Vec::new();
    for (played, label) in game.moves.iter().zip(labels) {
        // A round number shares its chunk with the move, so no line ends between them.
        chunks.push(match label {
            Some(label) => format!("{label} {}", played.text),
            None => played.text.clone(),
        });
        chunks.extend(played.comment.as_ref().map(|c| format!("{{{c}}}")));
    }
    chunks.extend(game.ending.as_ref().map(|e| format!("{{{e}}}")));
    chunks.push(game.result.clone());
    chunks
}

/// The round number before each move that opens a round (`1.`, `2.`, …), given the
/// seat of every move: a round opens when the seat to move comes before the last one.
/// A game that starts with a later seat opens with `1...`.
fn round_labels(seats: &[usize]) -> Vec<Option<String>> {
    let mut round = 0;
    let mut last_seat = None;
    seats
        .iter()
        .map(|&seat| {
            let opens = last_seat.is_none_or(|last| seat < last);
            let label = opens.then(|| {
                round += 1;
                let continued = last_seat.is_none() && seat > 0;
                format!("{round}.{}", if continued { ".." } else { "" })
            });
            last_seat = Some(seat);
            label
        })
        .collect()
}

/// The seat to move before each move of the game, by replaying it.
fn seats_to_move(game: &PgnGame) -> Vec<usize> {
    let mut position = game
        .opening()
        .position(game.variant, game.players.as_deref())
        .expect("the opening was checked");
    game.moves
        .iter()
        .map(|played| {
            let seat = rules::to_move(&position);
            rules::play(&mut position, &played.text).expect("the moves were checked");
            seat
        })
        .collect()
}

/// The first game of a PGN text, its moves replayed by Tessera's rules and written in
/// the variant's own spelling, with the position at its end. A bad record is refused
/// with an error that names the line or the token.
pub fn read_pgn(text: &str) -> Result<(PgnGame, AnyGame), String> {
    let (tags, movetext) = split_tags(text)?;
    let tag = |name: &str| {
        tags.iter()
            .find(|(t, _)| t == name)
            .map(|(_, value)| value.clone())
    };
    let id = tag("Variant").ok_or("the record has no Variant tag")?;
    let variant = Variant::from_id(&id).ok_or(format!("Variant '{id}' is not a Tessera game"))?;
    let players = tag("Players").filter(|p| !p.is_empty());
    let fen = tag("FEN");
    let opening = Opening {
        fen: fen.clone(),
        moves: Vec::new(),
    };
    let mut position = opening
        .position(variant, players.as_deref())
        .map_err(|e| format!("the start of the game: {e}"))?;
    let tokens = movetext_tokens(movetext)?;
    let result = tag("Result").unwrap_or_else(|| UNFINISHED.to_string());
    let (moves, ending) = replay(&tokens, &mut position, &result)?;
    let seats = rules::seats(&position);
    let names = if seats == 2 {
        vec![
            tag("White").unwrap_or_default(),
            tag("Black").unwrap_or_default(),
        ]
    } else {
        (1..=seats)
            .map(|s| tag(&format!("Seat{s}")).unwrap_or_default())
            .collect()
    };
    let or_unknown = |name: &str| tag(name).unwrap_or_else(|| "?".to_string());
    let game = PgnGame {
        event: or_unknown("Event"),
        site: or_unknown("Site"),
        date: or_unknown("Date"),
        round: or_unknown("Round"),
        names,
        result,
        variant,
        players,
        fen,
        termination: or_unknown("Termination"),
        moves,
        ending,
    };
    Ok((game, position))
}

/// A tag's name and value.
type Tag = (String, String);

/// The tags (`[Name "value"]` lines) and the move text after them.
fn split_tags(text: &str) -> Result<(Vec<Tag>, &str), String> {
    let mut tags = Vec::new();
    let mut rest = text.trim_start();
    while rest.starts_with('[') {
        let end = rest.find('\n').unwrap_or(rest.len());
        let line = rest[..end].trim();
        tags.push(read_tag(line).ok_or_else(|| format!("bad tag line '{line}'"))?);
        rest = rest[end..].trim_start();
    }
    Ok((tags, rest))
}

/// `[Name "value"]`, the value's `\"` and `\\` unescaped.
fn read_tag(line: &str) -> Option<Tag> {
    let inner = line.strip_prefix('[')?.strip_suffix(']')?;
    let (name, quoted) = inner.split_once(' ')?;
    let quoted = quoted.trim().strip_prefix('"')?.strip_suffix('"')?;
    let mut value = String::new();
    let mut chars = quoted.chars();
    while let Some(c) = chars.next() {
        match c {
            '\\' => value.push(chars.next()?),
            '"' => return None,
            c => value.push(c),
        }
    }
    let good_name = !name.is_empty() && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_');
    good_name.then(|| (name.to_string(), value))
}

/// A piece of move text: a move, a comment or the result.
#[derive(Debug, PartialEq, Eq)]
enum Token<'a> {
    Move(&'a str),
    Comment(&'a str),
    Result(&'a str),
}

/// The move text as tokens, round numbers left out, up to and including the result.
fn movetext_tokens(text: &str) -> Result<Vec<Token<'_>>, String> {
    let mut tokens = Vec::new();
    let mut rest = text.trim_start();
    while !rest.is_empty() {
        if let Some(open) = rest.strip_prefix('{') {
            let close = open.find('}').ok_or("a comment '{' is never closed")?;
            tokens.push(Token::Comment(open[..close].trim()));
            rest = open[close + 1..].trim_start();
            continue;
        }
        let end = rest
            .find(|c: char| c.is_whitespace() || c == '{')
            .unwrap_or(rest.len());
        let word = without_round_number(&rest[..end]);
        rest = rest[end..].trim_start();
        if word.is_empty() {
            continue;
        }
        if is_result(word) {
            tokens.push(Token::Result(word));
            break;
        }
        tokens.push(Token::Move(word));
    }
    Ok(tokens)
}

/// `12.c5c6` → `c5c6`, `3...` → ``: the round number before a move is left out.
fn without_round_number(word: &str) -> &str {
    let digits = word.len() - word.trim_start_matches(|c: char| c.is_ascii_digit()).len();
    if digits > 0 && word[digits..].starts_with('.') {
        word[digits..].trim_start_matches('.')
    } else {
        word
    }
}

/// `*`, or a per-seat score string such as `1-0`, `1/2-1/2`, `0-1/6-1/6-…`.
fn is_result(word: &str) -> bool {
    word == UNFINISHED
        || (word.contains('-')
            && word
                .chars()
                .all(|c| c.is_ascii_digit() || c == '/' || c == '-'))
}

/// Plays the moves of `tokens` on `position`: the moves in the variant's own spelling
/// with their comments, and the ending (a comment after a move's own comment). A move the
/// rules refuse, or a result token other than the `Result` tag's, is an error naming it.
fn replay(
    tokens: &[Token],
    position: &mut AnyGame,
    result: &str,
) -> Result<(Vec<PgnMove>, Option<String>), String> {
    let mut moves: Vec<PgnMove> = Vec::new();
    let mut ending = None;
    for token in tokens {
        match *token {
            Token::Move(word) => {
                let text = rules::play(position, word)
                    .map_err(|e| format!("move {} '{word}' is refused: {e}", moves.len() + 1))?;
                moves.push(PgnMove {
                    text,
                    comment: None,
                });
            }
            Token::Comment(words) => match moves.last_mut() {
                Some(last) if last.comment.is_none() && ending.is_none() => {
                    last.comment = Some(words.to_string())
                }
                _ => ending = Some(words.to_string()),
            },
            Token::Result(word) if word != result => {
                return Err(format!(
                    "the result '{word}' after the moves is not the Result tag's '{result}'"
                ))
            }
            Token::Result(_) => {}
        }
    }
    Ok((moves, ending))
}

/// `+0.31/12 0.520s`; parts the engine did not report are left out.
pub fn move_comment(played: &PlayedMove) -> String {
    let mut comment = String::new();
    if let Some(score) = played.score {
        comment.push_str(&score.pgn_text());
        if let Some(depth) = played.depth {
            comment.push_str(&format!("/{depth}"));
        }
        comment.push(' ');
    }
    comment.push_str(&seconds(played.elapsed));
    comment
}

/// The score and depth a move's comment gives (`+0.31/12 0.520s`), as the engine that
/// played the move reported them; `None` when the comment holds no score.
pub fn read_move_comment(comment: &str) -> Option<SearchInfo> {
    let (score, depth) = match comment.split_whitespace().next()?.split_once('/') {
        Some((score, depth)) => (score, Some(depth.parse().ok()?)),
        None => (comment.split_whitespace().next()?, None),
    };
    Some(SearchInfo {
        score: Some(Score::from_pgn_text(score)?),
        scores: Vec::new(),
        depth,
    })
}

/// A move's time as its comment writes it: `0.520s`.
pub fn seconds(elapsed: std::time::Duration) -> String {
    format!("{:.3}s", elapsed.as_secs_f64())
}

/// Today's date as PGN writes it.
pub fn today() -> String {
    let days = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_secs() / 86_400);
    pgn_date(days)
}

/// `YYYY.MM.DD` of the day `days` after 1970-01-01 (the proleptic Gregorian calendar,
/// by H. Hinnant's `civil_from_days`).
fn pgn_date(days: u64) -> String {
    let z = days as i64 + 719_468;
    let era = z.div_euclid(146_097);
    let day_of_era = z.rem_euclid(146_097);
    let year_of_era =
        (day_of_era - day_of_era / 1460 + day_of_era / 36_524 - day_of_era / 146_096) / 365;
    let day_of_year = day_of_era - (365 * year_of_era + year_of_era / 4 - year_of_era / 100);
    let shifted_month = (5 * day_of_year + 2) / 153;
    let day = day_of_year - (153 * shifted_month + 2) / 5 + 1;
    let month = if shifted_month < 10 {
        shifted_month + 3
    } else {
        shifted_month - 9
    };
    let year = year_of_era + era * 400 + i64::from(month <= 2);
    format!("{year:04}.{month:02}.{day:02}")
}

#[cfg(test)]
mod tests {
    use super::super::schedule::GamePlan;
    use super::super::search_info::Score;
    use super::*;
    use engine::game::Status;
    use rand::rngs::StdRng;
    use rand::seq::SliceRandom;
    use rand::SeedableRng;
    use std::time::Duration;

    /// A game of random legal moves from `opening` (its book moves first), as the match
    /// runner records it, with a made-up result and ending.
    fn random_record(variant: Variant, players: Option<&str>, opening: Opening) -> GameRecord {
        let mut game = opening.position(variant, players).unwrap();
        let mut rng = StdRng::seed_from_u64(variant as u64);
        let mut moves = Vec::new();
        while moves.len() < 40 && matches!(game.status(), Status::Ongoing) {
            let token = game.legal_moves().choose(&mut rng).unwrap().clone();
            moves.push(PlayedMove {
                text: rules::play(&mut game, &token).unwrap(),
                score: (moves.len() % 3 != 0).then_some(Score::Cp(moves.len() as i32 - 7)),
                depth: Some(3),
                elapsed: Duration::from_millis(123 * moves.len() as u64),
            });
        }
        let seats = rules::seats(&game);
        GameRecord {
            plan: GamePlan {
                index: 4,
                opening: 0,
                seat_engines: (0..seats).map(|s| s % 2).collect(),
            },
            opening,
            moves,
            points: super::super::game::forfeit_points(1, seats),
            ending: Ending::Forfeit {
                seat: 1,
                fault: Fault::Timeout,
            },
        }
    }

    /// The openings of the round trips: the start position and two book moves, and a
    /// position string (Hexian's under patron 3, whose start is not the default one).
    fn openings(variant: Variant, players: Option<&str>) -> Vec<Opening> {
        let mut start = AnyGame::start_with_options(variant, players.unwrap_or(""), 3).unwrap();
        let mut book = Vec::new();
        let mut rng = StdRng::seed_from_u64(99);
        for _ in 0..2 {
            let token = start.legal_moves().choose(&mut rng).unwrap().clone();
            book.push(rules::play(&mut start, &token).unwrap());
        }
        vec![
            Opening {
                fen: None,
                moves: book,
            },
            Opening {
                fen: Some(start.position_string()),
                moves: Vec::new(),
            },
        ]
    }

    #[test]
    fn a_move_comment_reads_back_as_the_score_and_depth_it_was_written_from() {
        let record = random_record(Variant::Hexmate, None, Opening::default());
        for played in &record.moves {
            let info = read_move_comment(&move_comment(played));
            match played.score {
                Some(score) => assert_eq!(
                    info,
                    Some(SearchInfo {
                        score: Some(score),
                        scores: Vec::new(),
                        depth: played.depth,
                    })
                ),
                None => assert_eq!(info, None),
            }
        }
        let without_depth = read_move_comment("-M2 1.000s").unwrap();
        assert_eq!(
            (without_depth.score, without_depth.depth),
            (Some(Score::Mate(-2)), None)
        );
        for bad in ["", "0.520s", "+0.31/x 0.5s", "book", "+0.3/4"] {
            assert_eq!(read_move_comment(bad), None, "{bad}");
        }
    }

    #[test]
    fn a_match_record_of_every_variant_reads_back_to_the_same_game() {
        let names = ["Alpha".to_string(), "Beta \"b\"".to_string()];
        let cases = Variant::ALL.iter().map(|&v| match v {
            Variant::SevenKingdoms => (v, Some("wrob/gpd")),
            Variant::Hexian => (v, Some("3")),
            _ => (v, None),
        });
        for (variant, players) in cases {
            for opening in openings(variant, players) {
                let record = random_record(variant, players, opening.clone());
                let context = PgnContext {
                    variant,
                    players,
                    names: &names,
                    date: "2026.11.26".to_string(),
                };
                let text = game_pgn(&record, &context);
                let (game, position) = read_pgn(&text).unwrap_or_else(|e| panic!("{e}\n{text}"));
                assert_eq!(game, match_game(&record, &context), "{text}");
                let mut replayed = opening.position(variant, players).unwrap();
                for played in &record.moves {
                    rules::play(&mut replayed, &played.text).unwrap();
                }
                assert_eq!(position.position_string(), replayed.position_string());
                assert_eq!(
                    write_pgn(&game),
                    text,
                    "the record is written back unchanged"
                );
            }
        }
    }

    fn hexmate_record(movetext: &str) -> String {
        format!("[Event \"x\"]\n[Result \"*\"]\n[Variant \"hexmate\"]\n\n{movetext}\n")
    }

    #[test]
    fn a_bad_record_is_refused_with_the_token_named() {
        let refused = |text: &str| read_pgn(text).unwrap_err();
        assert_eq!(
            refused(&hexmate_record("1. c5c6 c9c8 2. c6c9 *")),
            "move 3 'c6c9' is refused: illegal move 'c6c9': the piece cannot go there, or the move leaves its King attacked"
        );
        assert_eq!(
            refused(&hexmate_record("1. c5c6 {never closed *")),
            "a comment '{' is never closed"
        );
        assert_eq!(
            refused(&hexmate_record("1. c5c6 1-0")),
            "the result '1-0' after the moves is not the Result tag's '*'"
        );
        assert_eq!(
            refused("[Variant \"chess\"]\n\n1. e4 *"),
            "Variant 'chess' is not a Tessera game"
        );
        assert_eq!(refused("1. c5c6 *"), "the record has no Variant tag");
        assert_eq!(
            refused("[Variant hexmate]\n\n*"),
            "bad tag line '[Variant hexmate]'"
        );
        let bad_fen = "[Variant \"hexmate\"]\n[FEN \"7/8 w\"]\n\n*";
        assert!(refused(bad_fen).starts_with("the start of the game: "));
    }

    #[test]
    fn round_numbers_comments_and_the_result_are_not_moves() {
        let text = hexmate_record("1.c5c6 {0.5s} c9c8 {1.0s} {White resigns} *");
        let (game, _) = read_pgn(&text).unwrap();
        assert_eq!(game.move_texts(), ["c5c6", "c9c8"]);
        assert_eq!(game.moves[1].comment.as_deref(), Some("1.0s"));
        assert_eq!(game.ending.as_deref(), Some("White resigns"));
        assert_eq!(game.result, UNFINISHED);
        assert_eq!(game.names, ["", ""]);
    }

    fn labels(seats: &[usize]) -> Vec<String> {
        round_labels(seats)
            .into_iter()
            .map(|label| label.unwrap_or_default())
            .collect()
    }

    #[test]
    fn rounds_open_when_the_turn_comes_back_to_an_earlier_seat() {
        assert_eq!(labels(&[0, 1, 0, 1]), ["1.", "", "2.", ""]);
        assert_eq!(labels(&[1, 0, 1]), ["1...", "2.", ""]);
        // Consecutive plies of one seat stay in the round.
        assert_eq!(labels(&[0, 0, 1, 0]), ["1.", "", "", "2."]);
        // Seven seats, seat 4 (index 3) eliminated.
        assert_eq!(
            labels(&[0, 1, 2, 4, 5, 6, 0, 1]),
            ["1.", "", "", "", "", "", "2.", ""]
        );
    }

    #[test]
    fn dates_of_known_days() {
        assert_eq!(pgn_date(0), "1970.01.01");
        assert_eq!(pgn_date(11_016), "2000.02.29");
        assert_eq!(pgn_date(19_723), "2024.01.01");
    }
}
