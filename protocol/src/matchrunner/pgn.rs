//! Games as PGN-like records: the usual tags (with `Seat1`…`SeatN` instead of `White`
//! and `Black` in games of more seats, `Variant`, and `FEN` when the opening is a
//! position), then the moves in the variant's notation, one move per token, numbered by
//! round. A round starts whenever the seat to move comes before the seat that moved last,
//! so consecutive plies of one seat stay in one round. Book moves carry `{book}`, engine
//! moves `{score/depth time}`; the result is the per-seat score string of the variant.

use super::game::{Ending, Fault, GameRecord, PlayedMove};
use super::report::{ending_text, result_text};
use super::rules;
use engine::variants::Variant;
use std::time::{SystemTime, UNIX_EPOCH};

/// Longest line of move text.
const LINE_WIDTH: usize = 80;

/// What is the same for every game of a match.
pub struct PgnContext<'a> {
    pub variant: Variant,
    pub players: Option<&'a str>,
    pub names: &'a [String],
    /// `YYYY.MM.DD`.
    pub date: String,
}

/// The PGN record of one game, ending with a blank line.
pub fn game_pgn(record: &GameRecord, context: &PgnContext) -> String {
    let mut text = String::new();
    for (tag, value) in tags(record, context) {
        text.push_str(&format!(
            "[{tag} \"{}\"]\n",
            value.replace('\\', "\\\\").replace('"', "\\\"")
        ));
    }
    text.push('\n');
    let mut line = String::new();
    for chunk in move_chunks(record, context) {
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

fn tags(record: &GameRecord, context: &PgnContext) -> Vec<(String, String)> {
    let seats = &record.plan.seat_engines;
    let name = |seat: usize| context.names[seats[seat]].clone();
    let mut tags = vec![
        ("Event".to_string(), "Tessera match".to_string()),
        ("Site".to_string(), "?".to_string()),
        ("Date".to_string(), context.date.clone()),
        ("Round".to_string(), (record.plan.index + 1).to_string()),
    ];
    if seats.len() == 2 {
        tags.push(("White".to_string(), name(0)));
        tags.push(("Black".to_string(), name(1)));
    } else {
        tags.extend((0..seats.len()).map(|seat| (format!("Seat{}", seat + 1), name(seat))));
    }
    tags.push(("Result".to_string(), result_text(&record.points)));
    tags.push(("Variant".to_string(), context.variant.id().to_string()));
    if let Some(fen) = &record.opening.fen {
        tags.push(("SetUp".to_string(), "1".to_string()));
        tags.push(("FEN".to_string(), fen.clone()));
    }
    tags.push((
        "Termination".to_string(),
        termination(&record.ending).to_string(),
    ));
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
fn move_chunks(record: &GameRecord, context: &PgnContext) -> Vec<String> {
    let book = record.opening.moves.iter().map(|m| (m.as_str(), None));
    let played = record.moves.iter().map(|m| (m.text.as_str(), Some(m)));
    let seats = seats_to_move(record, context);
    let labels = round_labels(&seats);
    let mut chunks = Vec::new();
    for ((text, engine_move), label) in book.chain(played).zip(labels) {
        // A round number shares its chunk with the move, so no line ends between them.
        chunks.push(match label {
            Some(label) => format!("{label} {text}"),
            None => text.to_string(),
        });
        chunks.push(match engine_move {
            Some(m) => move_comment(m),
            None => "{book}".to_string(),
        });
    }
    chunks.push(format!("{{{}}}", ending_text(record, context.names)));
    chunks.push(result_text(&record.points));
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

/// The seat to move before each move of the game, book moves included, by replaying it.
fn seats_to_move(record: &GameRecord, context: &PgnContext) -> Vec<usize> {
    let start = super::openings::Opening {
        moves: Vec::new(),
        ..record.opening.clone()
    };
    let mut game = start
        .position(context.variant, context.players)
        .expect("the opening was checked");
    let all = record
        .opening
        .moves
        .iter()
        .chain(record.moves.iter().map(|m| &m.text));
    all.map(|text| {
        let seat = rules::to_move(&game);
        rules::play(&mut game, text).expect("the moves were checked");
        seat
    })
    .collect()
}

/// `{+0.31/12 0.520s}`; parts the engine did not report are left out.
fn move_comment(played: &PlayedMove) -> String {
    let mut comment = String::from("{");
    if let Some(score) = played.score {
        comment.push_str(&score.pgn_text());
        if let Some(depth) = played.depth {
            comment.push_str(&format!("/{depth}"));
        }
        comment.push(' ');
    }
    comment.push_str(&format!("{:.3}s}}", played.elapsed.as_secs_f64()));
    comment
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
    use super::*;

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
