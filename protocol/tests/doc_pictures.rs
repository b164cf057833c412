//! Every picture in the docs is made by `tessera svg` from the command line written
//! beside it:
//!
//!     <!-- picture: tessera svg --variant hexmate --highlight f5,f7 -o docs/images/hexmate-king.svg -->
//!     ![The King's moves](../images/hexmate-king.svg)
//!
//! This test finds every line that starts so in `README.md` and the `.md` files under
//! `docs/` (an indented one is an example in a code block), runs
//! the command (the `-o` path is relative to the repository's root) into a temporary
//! file and fails, naming them, if any checked-in picture differs or is missing. With
//! `TESSERA_REGENERATE_PICTURES=1` it writes the pictures instead.

mod common;

use common::{repository, split_words};
use std::path::{Path, PathBuf};
use std::process::Command;

const MARKER: &str = "<!-- picture:";

/// One picture line: where it is, the arguments after `tessera svg`, the output path.
struct Picture {
    place: String,
    arguments: Vec<String>,
    output: PathBuf,
    /// The line after the comment, which should link the picture.
    link: String,
}

/// Reads a picture line's command: `tessera svg <arguments> -o <path>`.
fn parse_picture(command: &str) -> Result<(Vec<String>, PathBuf), String> {
    let words = split_words(command)?;
    let arguments = match words.as_slice() {
        [program, sub, rest @ ..] if program == "tessera" && sub == "svg" => rest.to_vec(),
        _ => return Err(format!("not a 'tessera svg' command: {command}")),
    };
    let at = arguments
        .iter()
        .position(|w| w == "-o" || w == "--output")
        .ok_or_else(|| format!("no -o FILE in: {command}"))?;
    let output = arguments
        .get(at + 1)
        .ok_or_else(|| format!("-o without a file in: {command}"))?;
    let mut rest = arguments.clone();
    let output = PathBuf::from(output);
    rest.drain(at..at + 2);
    Ok((rest, output))
}

/// The Markdown files the docs consist of: `README.md` and every `.md` under `docs/`.
fn markdown_files(root: &Path) -> Vec<PathBuf> {
    let mut files = vec![root.join("README.md")];
    let mut folders = vec![root.join("docs")];
    while let Some(folder) = folders.pop() {
        let Ok(entries) = std::fs::read_dir(&folder) else {
            continue;
        };
        for entry in entries.flatten() {
            let path = entry.path();
            if path.is_dir() {
                folders.push(path);
            } else if path.extension().is_some_and(|e| e == "md") {
                files.push(path);
            }
        }
    }
    files.sort();
    files.into_iter().filter(|f| f.exists()).collect()
}

/// Every picture line of the docs; a line that cannot be read is an error naming it.
fn pictures(root: &Path) -> Result<Vec<Picture>, Vec<String>> {
    let mut found = Vec::new();
    let mut errors = Vec::new();
    for file in markdown_files(root) {
        let text = std::fs::read_to_string(&file).expect("a readable Markdown file");
        let lines: Vec<&str> = text.lines().collect();
        for (index, line) in lines.iter().enumerate() {
            // A picture comment starts its line; an indented one is an example in a
            // code block.
            if !line.starts_with(MARKER) {
                continue;
            }
            let place = format!(
                "{}:{}",
                file.strip_prefix(root).unwrap_or(&file).display(),
                index + 1
            );
            let body = &line[MARKER.len()..];
            let Some(end) = body.find("-->") else {
                errors.push(format!(
                    "{place}: the picture comment does not end on its line"
                ));
                continue;
            };
            match parse_picture(body[..end].trim()) {
                Ok((arguments, output)) => found.push(Picture {
                    place,
                    arguments,
                    output,
                    link: lines.get(index + 1).unwrap_or(&"").to_string(),
                }),
                Err(e) => errors.push(format!("{place}: {e}")),
            }
        }
    }
    if errors.is_empty() {
        Ok(found)
    } else {
        Err(errors)
    }
}

/// Runs `tessera svg` with `arguments`, writing to `output`.
fn draw(arguments: &[String], output: &Path) -> Result<(), String> {
    let result = Command::new(env!("CARGO_BIN_EXE_tessera"))
        .arg("svg")
        .args(arguments)
        .arg("-o")
        .arg(output)
        .output()
        .map_err(|e| e.to_string())?;
    if result.status.success() {
        Ok(())
    } else {
        Err(String::from_utf8_lossy(&result.stderr).trim().to_string())
    }
}

/// What is wrong with one picture, if anything (or, when regenerating, what failed).
fn check(root: &Path, picture: &Picture, scratch: &Path, regenerate: bool) -> Option<String> {
    let place = &picture.place;
    let target = root.join(&picture.output);
    let Some(name) = picture
        .output
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
    else {
        return Some(format!("{place}: -o names no file"));
    };
    if !picture.link.contains(&name) {
        return Some(format!(
            "{place}: the line after the picture comment does not link {name}"
        ));
    }
    if regenerate {
        if let Some(folder) = target.parent() {
            if let Err(e) = std::fs::create_dir_all(folder) {
                return Some(format!("{place}: cannot create {}: {e}", folder.display()));
            }
        }
        return draw(&picture.arguments, &target)
            .err()
            .map(|e| format!("{place}: {e}"));
    }
    let fresh = scratch.join(&name);
    let drawn = draw(&picture.arguments, &fresh)
        .and_then(|()| std::fs::read(&fresh).map_err(|e| e.to_string()));
    let drawn = match drawn {
        Ok(drawn) => drawn,
        Err(e) => return Some(format!("{place}: {e}")),
    };
    match std::fs::read(&target) {
        Err(_) => Some(format!("{place}: {} is missing", picture.output.display())),
        Ok(kept) if kept != drawn => Some(format!(
            "{place}: {} is out of date",
            picture.output.display()
        )),
        Ok(_) => None,
    }
}

#[test]
fn every_picture_in_the_docs_is_what_its_command_draws() {
    let root = repository();
    let regenerate = std::env::var("TESSERA_REGENERATE_PICTURES").is_ok_and(|v| v == "1");
    let pictures = pictures(&root).unwrap_or_else(|errors| panic!("{}", errors.join("\n")));
    // docs/images/README.md draws every variant's board: the scan must find them.
    assert!(
        pictures.len() >= 6,
        "only {} picture lines found",
        pictures.len()
    );
    let scratch = std::env::temp_dir().join(format!("tessera-doc-pictures-{}", std::process::id()));
    std::fs::create_dir_all(&scratch).unwrap();
    let problems: Vec<String> = pictures
        .iter()
        .filter_map(|p| check(&root, p, &scratch, regenerate))
        .collect();
    let _ = std::fs::remove_dir_all(&scratch);
    assert!(
        problems.is_empty(),
        "{}\n(run with TESSERA_REGENERATE_PICTURES=1 to redraw them)",
        problems.join("\n")
    );
}
