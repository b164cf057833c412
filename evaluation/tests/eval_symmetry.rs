//! The evaluation is colour-symmetric: a position and its colour-flipped point
//! reflection ((q, r) → (−q, −r), R12, with colours and the side to move swapped) get
//! exactly opposite White-view scores and the same score for the side to move.

use engine::game::Game;
use engine::search::Evaluator;
use engine::variants::hexmate::{Hexmate, Ruleset};
use evaluation::HexmateEval;

const RANK_LENGTHS: [usize; 13] = [7, 8, 9, 10, 11, 12, 13, 12, 11, 10, 9, 8, 7];

/// The cells of a board field, rank 13 first, `.` for empty.
fn expand(board: &str) -> Vec<char> {
    let mut cells = Vec::new();
    for rank in board.split('/') {
        let mut run = String::new();
        for ch in rank.chars() {
            if ch.is_ascii_digit() {
                run.push(ch);
                continue;
            }
            if !run.is_empty() {
                cells.extend(std::iter::repeat_n('.', run.parse().unwrap()));
                run.clear();
            }
            cells.push(ch);
        }
        if !run.is_empty() {
            cells.extend(std::iter::repeat_n('.', run.parse().unwrap()));
        }
    }
    cells
}

fn compress(cells: &[char]) -> String {
    let mut ranks = Vec::new();
    let mut at = 0;
    for len in RANK_LENGTHS {
        let mut text = String::new();
        let mut run = 0;
        for &c in &cells[at..at + len] {
            if c == '.' {
                run += 1;
                continue;
            }
            if run > 0 {
                text += &run.to_string();
                run = 0;
            }
            text.push(c);
        }
        if run > 0 {
            text += &run.to_string();
        }
        ranks.push(text);
        at += len;
    }
    ranks.join("/")
}

/// The point reflection with colours and the side to move swapped. Listing the cells
/// rank 13 first in file order and reading them backwards is exactly (q, r) → (−q, −r).
fn flip(text: &str) -> String {
    let fields: Vec<&str> = text.split_whitespace().collect();
    let cells: Vec<char> = expand(fields[0])
        .into_iter()
        .rev()
        .map(|c| {
            if c.is_ascii_uppercase() {
                c.to_ascii_lowercase()
            } else {
                c.to_ascii_uppercase()
            }
        })
        .collect();
    let side = if fields[1] == "w" { "b" } else { "w" };
    format!("{} {side} {} {}", compress(&cells), fields[2], fields[3])
}

fn bench_positions() -> Vec<String> {
    let text = include_str!("../../positions/hexmate/bench.txt");
    text.lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(String::from)
        .collect()
}

#[test]
fn flipping_the_start_position_gives_the_start_position() {
    let start = Hexmate::start(&Ruleset::Hexmate).position_string();
    let flipped = flip(&start);
    assert_eq!(flipped.split(' ').next(), start.split(' ').next());
}

#[test]
fn evaluation_is_antisymmetric_under_the_colour_flip() {
    let eval = HexmateEval;
    let positions = bench_positions();
    assert!(positions.len() >= 12);
    for text in positions {
        let pos = Hexmate::from_position_string(&text, &Ruleset::Hexmate).unwrap();
        let flipped_text = flip(&text);
        let flipped = Hexmate::from_position_string(&flipped_text, &Ruleset::Hexmate)
            .unwrap_or_else(|e| panic!("{flipped_text}: {e}"));
        assert_eq!(eval.white_view(&flipped), -eval.white_view(&pos), "{text}");
        assert_eq!(eval.evaluate(&flipped), eval.evaluate(&pos), "{text}");
    }
}

#[test]
fn explain_lists_every_term_and_the_total() {
    let pos = Hexmate::start(&Ruleset::Hexmate);
    let text = HexmateEval.explain(&pos);
    for term in [
        "Material", "Mobility", "King", "Borrowed", "Passed", "Baring", "total",
    ] {
        assert!(text.contains(term), "{term} missing in\n{text}");
    }
}

#[test]
fn material_and_baring_dominate_endgames() {
    let eval = HexmateEval;
    // A Rook up: clearly better for White.
    let up = Hexmate::from_position_string(
        "3k3/8/9/10/1p9/12/13/12/4P6/10/3R5/8/3K3 w 0 1",
        &Ruleset::Hexmate,
    )
    .unwrap();
    assert!(eval.white_view(&up) > 300);
    // Black with a single piece left is in danger of being bared.
    let lone = Hexmate::from_position_string(
        "3k3/8/9/10/1p9/12/13/12/4P1P4/10/3R5/8/3K3 w 0 1",
        &Ruleset::Hexmate,
    )
    .unwrap();
    assert!(eval.white_view(&lone) > eval.white_view(&up));
}
