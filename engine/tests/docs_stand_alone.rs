//! The documents under `docs/` name no path outside the repository: a relative path stays
//! inside it, and no absolute path (`/home/…`, `~/…`) appears. Sources the rules were
//! written from are named as public web pages.

use std::fs;
use std::path::{Component, Path, PathBuf};

fn workspace() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("workspace")
        .to_path_buf()
}

/// The top folders of absolute paths on the machines the project is built on.
const ROOT_FOLDERS: [&str; 12] = [
    "home", "work", "tmp", "usr", "etc", "var", "opt", "mnt", "root", "srv", "Users", "media",
];

/// Every file under `dir`.
fn files_under(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in fs::read_dir(dir).expect("a readable folder").flatten() {
        let path = entry.path();
        if path.is_dir() {
            files_under(&path, out);
        } else {
            out.push(path);
        }
    }
}

/// The words of a line, split at whitespace and at the marks that surround paths in
/// Markdown and prose.
fn words(line: &str) -> impl Iterator<Item = &str> {
    line.split(|c: char| c.is_whitespace() || "`()[]<>\"'*,;".contains(c))
        .filter(|w| !w.is_empty())
}

/// `base/relative` with `.` and `..` worked out; `None` when `..` climbs above the root.
fn resolve(base: &Path, relative: &str) -> Option<PathBuf> {
    let mut parts: Vec<Component> = base.components().collect();
    for part in Path::new(relative).components() {
        match part {
            Component::ParentDir => {
                parts.pop()?;
            }
            Component::CurDir => {}
            other => parts.push(other),
        }
    }
    Some(parts.iter().collect())
}

/// Why `word`, written in the file at `dir` (relative to the repository root), names a
/// place outside the repository, if it does.
fn outside(dir: &Path, word: &str) -> Option<&'static str> {
    // Position strings also contain slashes, so an absolute path is told by its top folder.
    let top = word
        .strip_prefix('/')
        .and_then(|rest| rest.split('/').next());
    let absolute = top.is_some_and(|top| ROOT_FOLDERS.contains(&top));
    if absolute || word.starts_with("~/") {
        return Some("an absolute path");
    }
    let relative = word.find("../").map(|at| &word[at..])?;
    if word.contains("://") {
        return None;
    }
    match resolve(dir, relative) {
        Some(_) => None,
        None => Some("a relative path that leaves the repository"),
    }
}

fn paths_outside(root: &Path) -> Vec<String> {
    let mut files = Vec::new();
    files_under(&root.join("docs"), &mut files);
    files.sort();
    let mut found = Vec::new();
    for path in files {
        let Ok(text) = fs::read_to_string(&path) else {
            continue;
        };
        let relative = path.strip_prefix(root).unwrap();
        let dir = relative.parent().unwrap();
        for (index, line) in text.lines().enumerate() {
            for word in words(line) {
                if let Some(why) = outside(dir, word) {
                    found.push(format!(
                        "{}:{}: {why}: {word}",
                        relative.display(),
                        index + 1
                    ));
                }
            }
        }
    }
    found
}

#[test]
fn no_document_names_a_path_outside_the_repository() {
    let found = paths_outside(&workspace());
    assert!(found.is_empty(), "{}", found.join("\n"));
}

#[test]
fn the_check_tells_paths_inside_from_paths_outside() {
    let games = Path::new("docs/games");
    assert_eq!(outside(games, "../rules/hexmate.md"), None);
    assert_eq!(outside(games, "../../positions/hexmate/perft.txt"), None);
    assert!(outside(games, "../../../elsewhere/rules/hexmate.md").is_some());
    assert!(outside(Path::new("docs"), "../../seeds/001.txt").is_some());
    assert!(outside(games, "/home/user/tessera").is_some());
    assert!(outside(games, "~/shared").is_some());
    assert!(outside(games, "/work/shared/rules").is_some());
    for fine in [
        "https://www.chessvariants.com/rules/hepta",
        "/",
        "R/P/L/T/E",
        "k6/8/9",
        "/bAbIbZ10gZgIgM/bFbZ11gZgF",
    ] {
        assert_eq!(outside(games, fine), None, "{fine}");
    }
}
