//! The `eval` printout shared by the evaluators whose terms are one value per colour.

use std::fmt::Write;

/// One line per term with White's value, Black's and their difference, then the totals
/// for White and for the side to move.
pub(crate) fn colour_table(
    names: &[&str],
    white: &[i32],
    black: &[i32],
    white_total: i32,
    to_move_total: i32,
) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "{:<14}|{:>8}{:>8}{:>8}",
        "term", "white", "black", "diff"
    );
    for ((name, w), b) in names.iter().zip(white).zip(black) {
        let _ = writeln!(out, "{name:<14}|{w:>8}{b:>8}{:>8}", w - b);
    }
    let _ = writeln!(
        out,
        "total {white_total} cp for White, {to_move_total} cp for the side to move"
    );
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_table_lists_each_term_and_both_totals() {
        let table = colour_table(&["material", "tempo"], &[900, 10], &[800, 0], 110, -110);
        assert_eq!(
            table,
            "term          |   white   black    diff\n\
             material      |     900     800     100\n\
             tempo         |      10       0      10\n\
             total 110 cp for White, -110 cp for the side to move\n"
        );
    }
}
