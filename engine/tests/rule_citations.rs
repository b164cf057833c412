//! Every rule citation in the code, the tests and the position data resolves to a numbered
//! item or a heading of the variant's rules in `docs/rules/<variant>.md` (hexchoice's
//! rules are in `hexmate.md`).
//!
//! A citation is a rule `R46`, `R46a` or a numbered part of one `R51.7`, an ambiguity
//! `A12`, a worked example `E7`, `W33` or `Example 14` (a lettered part such as `E12a`
//! belongs to its example), a validity rule `V3`, or a section `§4.2`. Test functions
//! named after rules (`r14_r21_…`, `example_05a_…`) cite them too. The variant of a
//! citation is the one its file belongs to by path (`variants/hepta/`, `hexian_perft.rs`,
//! `positions/panoply/`); in a file shared by several games, the one named on the same
//! line, else the one [`SHARED`] gives for the file.

use std::collections::BTreeSet;
use std::fs;
use std::path::{Path, PathBuf};

/// The variants as files and lines name them, and the rules file each one cites.
const VARIANTS: [(&str, &str); 6] = [
    ("hexmate", "hexmate"),
    ("hexchoice", "hexmate"),
    ("panoply", "panoply"),
    ("hepta", "hepta"),
    ("sevenkingdoms", "sevenkingdoms"),
    ("hexian", "hexian"),
];

/// Files shared by the games whose citations, unless the line names a game, are of one game.
const SHARED: [(&str, &str); 13] = [
    ("engine/src/geometry/hexagon.rs", "hexmate"),
    ("engine/src/geometry/grid.rs", "sevenkingdoms"),
    ("engine/src/search/alphabeta.rs", "hexmate"),
    ("engine/src/search/score.rs", "hexmate"),
    ("engine/src/game.rs", "sevenkingdoms"),
    ("evaluation/tests/search_mates.rs", "hexmate"),
    ("evaluation/tests/eval_symmetry.rs", "hexmate"),
    ("evaluation/tests/multiplayer_search.rs", "sevenkingdoms"),
    ("protocol/src/variant.rs", "sevenkingdoms"),
    ("protocol/tests/common/mod.rs", "hexmate"),
    ("engine/tests/common/mod.rs", "sevenkingdoms"),
    ("engine/tests/multiplayer_pass_turn.rs", "sevenkingdoms"),
    ("protocol/src/svg/render.rs", "hexian"),
];

/// This file, whose examples of citations cite nothing.
const SELF: &str = "engine/tests/rule_citations.rs";

/// The folders whose source, test and data files may cite rules.
const SCANNED: [&str; 5] = ["engine", "evaluation", "protocol", "benches", "positions"];

#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Citation {
    /// `R46`, `A12`, `E7a`: kind letter, number, optional lower-case suffix.
    Item(char, u32, Option<char>),
    /// `R51.7`: item 7 of the numbered list under R51.
    Part(char, u32, u32),
    /// `§4.2`, as the numbers of the heading.
    Section(Vec<u32>),
}

impl std::fmt::Display for Citation {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Citation::Item(kind, n, None) => write!(f, "{kind}{n}"),
            Citation::Item(kind, n, Some(s)) => write!(f, "{kind}{n}{s}"),
            Citation::Part(kind, n, part) => write!(f, "{kind}{n}.{part}"),
            Citation::Section(numbers) => {
                let text: Vec<String> = numbers.iter().map(u32::to_string).collect();
                write!(f, "§{}", text.join("."))
            }
        }
    }
}

/// The numbered items, their numbered parts and the section headings of one rules file.
#[derive(Default)]
struct RuleBook {
    items: BTreeSet<(char, u32, Option<char>)>,
    parts: BTreeSet<(char, u32, u32)>,
    sections: BTreeSet<Vec<u32>>,
}

impl RuleBook {
    fn read(path: &Path) -> RuleBook {
        let text = fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let mut book = RuleBook::default();
        let mut current: Option<(char, u32)> = None;
        for line in text.lines() {
            if let Some(numbers) = heading_numbers(line) {
                book.sections.insert(numbers);
                current = None;
            }
            if let Some((kind, n, suffix)) = defined_item(line) {
                book.items.insert((kind, n, suffix));
                current = Some((kind, n));
            } else if let (Some((kind, n)), Some(part)) = (current, list_number(line)) {
                book.parts.insert((kind, n, part));
            }
        }
        book
    }

    fn resolves(&self, citation: &Citation) -> bool {
        match citation {
            Citation::Item(kind, n, suffix) => {
                self.items.contains(&(*kind, *n, *suffix))
                    // The lettered parts of a worked example (E12a, E12b) are that example.
                    || (suffix.is_some() && "EW".contains(*kind) && self.items.contains(&(*kind, *n, None)))
            }
            Citation::Part(kind, n, part) => self.parts.contains(&(*kind, *n, *part)),
            Citation::Section(numbers) => self.sections.contains(numbers),
        }
    }
}

/// `## 13. Engine notes` and `### 13.2 Players` give `[13]` and `[13, 2]`; so does a
/// numbered paragraph `6.1 Promotion (R24). …` at the start of a line.
fn heading_numbers(line: &str) -> Option<Vec<u32>> {
    let rest = line.trim_start_matches('#');
    let is_heading = rest.len() < line.len();
    let word = rest.split_whitespace().next()?;
    let word = word.trim_end_matches('.');
    if !is_heading && !word.contains('.') {
        return None;
    }
    let numbers: Option<Vec<u32>> = word.split('.').map(|n| n.parse().ok()).collect();
    numbers
}

/// The item a line defines: `R46. …`, `- **R46.** …`, `**A12. …`, `### E7. …`,
/// `### Example 14 — …` (as E14), `E12a. …`, or after a bold title, `**Fallen.** R41. …`.
fn defined_item(line: &str) -> Option<(char, u32, Option<char>)> {
    let start = line.trim_start_matches(|c: char| c.is_whitespace() || "-*#>".contains(c));
    if line.trim_start().starts_with("**") {
        if let Some(item) = titled_item(line) {
            return Some(item);
        }
    }
    if let Some(rest) = start.strip_prefix("Example ") {
        let (n, suffix, _) = number_and_suffix(rest)?;
        return Some(('E', n, suffix));
    }
    let kind = start.chars().next().filter(|c| "RAEWV".contains(*c))?;
    let (n, suffix, after) = number_and_suffix(&start[1..])?;
    after.starts_with(['.', ':']).then_some((kind, n, suffix))
}

/// The first `R41.`-style label in a line that opens with a bold title.
fn titled_item(line: &str) -> Option<(char, u32, Option<char>)> {
    text_citations(line)
        .into_iter()
        .find_map(|citation| match citation {
            Citation::Item(kind, n, suffix) => {
                let label = Citation::Item(kind, n, suffix).to_string();
                line.contains(&format!("{label}."))
                    .then_some((kind, n, suffix))
            }
            _ => None,
        })
}

/// A numbered list item `  7. …` gives 7.
fn list_number(line: &str) -> Option<u32> {
    let (digits, rest) = line.trim_start().split_once(". ")?;
    digits.parse().ok().filter(|_| !rest.is_empty())
}

/// Leading digits and an optional lower-case letter that is not the start of a word.
fn number_and_suffix(text: &str) -> Option<(u32, Option<char>, &str)> {
    let digits = text.len() - text.trim_start_matches(|c: char| c.is_ascii_digit()).len();
    let n = text[..digits].parse().ok()?;
    let rest = &text[digits..];
    let mut chars = rest.chars();
    match (chars.next(), chars.next()) {
        (Some(s), next)
            if s.is_ascii_lowercase() && next.is_none_or(|c| !c.is_alphanumeric() && c != '_') =>
        {
            Some((n, Some(s), &rest[1..]))
        }
        _ => Some((n, None, rest)),
    }
}

/// The citations written in a line of text.
fn text_citations(line: &str) -> Vec<Citation> {
    let mut found = Vec::new();
    let chars: Vec<(usize, char)> = line.char_indices().collect();
    for (k, &(at, c)) in chars.iter().enumerate() {
        let after_word = k > 0 && {
            let p = chars[k - 1].1;
            p.is_alphanumeric() || p == '_'
        };
        if after_word {
            continue;
        }
        let rest = &line[at + c.len_utf8()..];
        if c == '§' {
            let numbers: Vec<u32> = rest
                .split(|ch: char| !ch.is_ascii_digit() && ch != '.')
                .next()
                .unwrap_or("")
                .split('.')
                .map_while(|n| n.parse().ok())
                .collect();
            if !numbers.is_empty() {
                found.push(Citation::Section(numbers));
            }
        } else if let Some(after) = line[at..].strip_prefix("Example ") {
            if let Some((n, suffix, tail)) = number_and_suffix(after) {
                if tail.chars().next().is_none_or(|ch| !ch.is_alphanumeric()) {
                    found.push(Citation::Item('E', n, suffix));
                }
            }
        } else if "RAEWV".contains(c) {
            if let Some(citation) = labelled(c, rest) {
                found.push(citation);
            }
        }
    }
    found
}

/// `46`, `46a` or `51.7` after a kind letter, ending a word.
fn labelled(kind: char, rest: &str) -> Option<Citation> {
    let (n, suffix, tail) = number_and_suffix(rest)?;
    if let (None, Some(part)) = (suffix, tail.strip_prefix('.')) {
        let digits = part.len() - part.trim_start_matches(|c: char| c.is_ascii_digit()).len();
        if digits > 0
            && part[digits..]
                .chars()
                .next()
                .is_none_or(|c| !c.is_alphanumeric())
        {
            return Some(Citation::Part(kind, n, part[..digits].parse().ok()?));
        }
    }
    let ends = tail
        .chars()
        .next()
        .is_none_or(|c| !c.is_alphanumeric() && c != '_');
    ends.then_some(Citation::Item(kind, n, suffix))
}

/// The rules a test function's name cites: `fn r14_r21_promotion…` cites R14 and R21,
/// `fn example_05a_r22_…` Example 5a and R22, `fn w33_…` W33.
fn name_citations(line: &str) -> Vec<Citation> {
    let Some(name) = line.trim_start().strip_prefix("fn ") else {
        return Vec::new();
    };
    let name = name
        .split(|c: char| !c.is_alphanumeric() && c != '_')
        .next()
        .unwrap_or("");
    let mut found = Vec::new();
    let mut segments = name.split('_').peekable();
    while let Some(segment) = segments.next() {
        let citation = if segment == "example" {
            segments.next().and_then(|n| labelled('E', n))
        } else {
            let mut chars = segment.chars();
            let kind = chars
                .next()
                .filter(|c| "raewv".contains(*c))
                .map(|c| c.to_ascii_uppercase());
            kind.and_then(|kind| labelled(kind, chars.as_str()))
        };
        match citation {
            Some(citation) => found.push(citation),
            None => break,
        }
    }
    found
}

/// The rules file a line's citations go to, or `None` when the line and file say nothing.
fn rules_of(relative: &str, line: &str) -> Option<&'static str> {
    let named_on_line = VARIANTS.iter().find(|(id, _)| names_variant(line, id));
    let by_path = VARIANTS.iter().find(|(id, _)| relative.contains(id));
    if let Some((_, rules)) = by_path {
        return Some(rules);
    }
    if let Some((_, rules)) = named_on_line {
        return Some(rules);
    }
    SHARED
        .iter()
        .find(|(file, _)| *file == relative)
        .map(|(_, rules)| *rules)
}

/// Whether a line names the variant `id` ("Seven Kingdoms" counts; "Heptagram" is not Hepta).
fn names_variant(line: &str, id: &str) -> bool {
    !variant_names_at(line, id).is_empty()
}

/// Where in `line` (byte offsets) the variant `id` is named as a word.
fn variant_names_at(line: &str, id: &str) -> Vec<usize> {
    let lower = line.to_lowercase();
    let spelled = if id == "sevenkingdoms" {
        "seven kingdoms"
    } else {
        id
    };
    [id, spelled]
        .iter()
        .flat_map(|name| {
            lower
                .match_indices(name)
                .map(|(at, _)| (at, name.len()))
                .collect::<Vec<_>>()
        })
        .filter(|&(at, len)| {
            let before = lower[..at].chars().next_back();
            let after = lower[at + len..].chars().next();
            before.is_none_or(|c| !c.is_alphabetic()) && after.is_none_or(|c| !c.is_alphabetic())
        })
        .map(|(at, _)| at)
        .collect()
}

/// The line cut where a game is named, so that in "hepta.md R93, hexian.md R114" each
/// citation belongs to the game named nearest before it.
fn parts_by_game(line: &str) -> Vec<&str> {
    let mut cuts: Vec<usize> = VARIANTS
        .iter()
        .flat_map(|(id, _)| variant_names_at(line, id))
        .filter(|&at| line.is_char_boundary(at))
        .collect();
    cuts.sort_unstable();
    cuts.dedup();
    if cuts.len() < 2 {
        return vec![line];
    }
    let mut parts = vec![&line[..cuts[1]]];
    for pair in cuts[1..].windows(2) {
        parts.push(&line[pair[0]..pair[1]]);
    }
    parts.push(&line[cuts[cuts.len() - 1]..]);
    parts
}

/// The part of a data line that may cite rules: a `#` comment, or an expected error such
/// as `Invalid(V5)` before the first `|`; position strings and moves cite nothing.
fn data_text(line: &str) -> &str {
    if line.starts_with('#') {
        return line;
    }
    match line.split_once('|') {
        Some((expected, _)) if !expected.contains(|c: char| c.is_whitespace() || c == '/') => {
            expected
        }
        _ => "",
    }
}

fn workspace() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("workspace")
        .to_path_buf()
}

/// Every `.rs`, `.txt` and `.md` file under `dir`, build folders left out.
fn files_under(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        let name = entry.file_name().to_string_lossy().to_string();
        if path.is_dir() {
            if !name.starts_with("target") && !name.starts_with('.') {
                files_under(&path, out);
            }
        } else if name.ends_with(".rs") || name.ends_with(".txt") || name.ends_with(".md") {
            out.push(path);
        }
    }
}

/// `file:line: citation (rules file)` for every citation that does not resolve.
fn unresolved() -> Vec<String> {
    let root = workspace();
    let books: Vec<(&str, RuleBook)> = ["hexmate", "panoply", "hepta", "sevenkingdoms", "hexian"]
        .into_iter()
        .map(|id| {
            (
                id,
                RuleBook::read(&root.join(format!("docs/rules/{id}.md"))),
            )
        })
        .collect();
    let mut files = Vec::new();
    for dir in SCANNED {
        files_under(&root.join(dir), &mut files);
    }
    files.sort();
    let mut failures = Vec::new();
    for path in files {
        let relative = path
            .strip_prefix(&root)
            .unwrap()
            .to_string_lossy()
            .replace('\\', "/");
        if relative == SELF {
            continue;
        }
        let text = fs::read_to_string(&path).unwrap_or_default();
        for (index, line) in text.lines().enumerate() {
            for part in parts_by_game(line) {
                let mut citations = if relative.ends_with(".txt") {
                    text_citations(data_text(part))
                } else {
                    text_citations(part)
                };
                if relative.ends_with(".rs") {
                    citations.extend(name_citations(part));
                }
                if citations.is_empty() {
                    continue;
                }
                let Some(rules) = rules_of(&relative, part) else {
                    failures.push(format!(
                        "{relative}:{}: {} cites rules but names no game",
                        index + 1,
                        citations[0]
                    ));
                    continue;
                };
                let book = &books.iter().find(|(id, _)| *id == rules).unwrap().1;
                for citation in citations.iter().filter(|c| !book.resolves(c)) {
                    failures.push(format!(
                        "{relative}:{}: {citation} is not in docs/rules/{rules}.md",
                        index + 1
                    ));
                }
            }
        }
    }
    failures
}

#[test]
fn every_rule_citation_resolves_in_docs_rules() {
    let failures = unresolved();
    assert!(
        failures.is_empty(),
        "{} unresolved rule citations:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

#[test]
fn the_scanner_reads_every_form_of_citation() {
    let cited = |line: &str| -> Vec<String> {
        let mut all = text_citations(line);
        all.extend(name_citations(line));
        all.iter().map(Citation::to_string).collect()
    };
    assert_eq!(
        cited("// R46 step 1, A12, E7a, W33 and V3 (R51.7, §13.2, Example 14); R22–R26."),
        ["R46", "A12", "E7a", "W33", "V3", "R51.7", "§13.2", "E14", "R22", "R26"]
    );
    assert_eq!(cited("fn r14_r21_promotion_to_a_herald()"), ["R14", "R21"]);
    assert_eq!(cited("fn example_05a_r22_knight()"), ["E5a", "R22"]);
    assert!(cited("let cell = \"a1\"; RANKS; E2E4; Wide256; R2D2; x1R5").is_empty());
}

#[test]
fn a_rules_file_defines_items_parts_and_sections() {
    let book = RuleBook::read(&workspace().join("docs/rules/sevenkingdoms.md"));
    assert!(book.resolves(&Citation::Item('R', 43, None)));
    assert!(book.resolves(&Citation::Part('R', 43, 3)));
    assert!(book.resolves(&Citation::Item('E', 14, None)));
    assert!(book.resolves(&Citation::Section(vec![13, 2])));
    assert!(!book.resolves(&Citation::Part('R', 43, 4)));
    assert!(!book.resolves(&Citation::Item('R', 400, None)));
    assert!(!book.resolves(&Citation::Section(vec![13, 9])));
}
