//! `tessera svg` as a person sees its pictures: every variant's SVG parses as XML, draws
//! every cell of the board, and shows each piece of a position where the position string
//! puts it (parsed back from the SVG, compared with the string's board field read here
//! independently); arrows, highlights, the last move and a King in check land on their
//! cells; piece states are drawn; bad input gives status 2 and writes no file.

mod common;

use common::tessera;
use engine::variants::Variant;
use protocol::svg::{draw, Request};
use protocol::variant::AnyGame;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use roxmltree::{Document, Node};
use std::collections::BTreeMap;
use std::path::PathBuf;
use std::process::Command;

/// The cell counts of the rules: 127 (hexmate R4, panoply, hepta R1), 361 (sevenkingdoms
/// R1), 217 (hexian R1).
const VARIANTS: [(&str, usize); 6] = [
    ("hexmate", 127),
    ("hexchoice", 127),
    ("panoply", 127),
    ("hepta", 127),
    ("sevenkingdoms", 361),
    ("hexian", 217),
];

fn has_class(node: &Node, class: &str) -> bool {
    node.attribute("class")
        .is_some_and(|c| c.split_whitespace().any(|c| c == class))
}

fn of_class<'a>(doc: &'a Document<'a>, class: &str) -> Vec<Node<'a, 'a>> {
    doc.descendants().filter(|n| has_class(n, class)).collect()
}

fn number(node: &Node, name: &str) -> f64 {
    node.attribute(name)
        .and_then(|v| v.parse().ok())
        .unwrap_or_else(|| panic!("{name} of {node:?}"))
}

/// The page centre of a cell element: a hexagon's vertex average or a square's middle.
fn centre(node: &Node) -> (f64, f64) {
    match node.tag_name().name() {
        "polygon" => {
            let points: Vec<(f64, f64)> = node
                .attribute("points")
                .expect("points")
                .split_whitespace()
                .map(|p| {
                    let (x, y) = p.split_once(',').expect("x,y");
                    (x.parse().unwrap(), y.parse().unwrap())
                })
                .collect();
            let n = points.len() as f64;
            (
                points.iter().map(|p| p.0).sum::<f64>() / n,
                points.iter().map(|p| p.1).sum::<f64>() / n,
            )
        }
        "rect" => (
            number(node, "x") + number(node, "width") / 2.0,
            number(node, "y") + number(node, "height") / 2.0,
        ),
        other => panic!("a cell drawn as {other}"),
    }
}

fn near(a: (f64, f64), b: (f64, f64), tolerance: f64) -> bool {
    ((a.0 - b.0).powi(2) + (a.1 - b.1).powi(2)).sqrt() <= tolerance
}

/// The centres of the cells drawn, by name; every cell drawn once.
fn cell_centres(doc: &Document) -> BTreeMap<String, (f64, f64)> {
    let mut cells = BTreeMap::new();
    for node in of_class(doc, "cell") {
        let name = node.attribute("data-cell").expect("a cell has a name");
        assert_eq!(node.attribute("id"), Some(format!("cell-{name}").as_str()));
        assert!(
            cells.insert(name.to_string(), centre(&node)).is_none(),
            "{name} drawn twice"
        );
    }
    cells
}

/// A piece as drawn: its token, the letter shown, its colour and states.
#[derive(Debug, PartialEq)]
struct Drawn {
    token: String,
    letter: String,
    colour: String,
    states: String,
}

/// The pieces drawn, by cell, standing and fallen apart; each drawn on its cell.
fn pieces(doc: &Document) -> (BTreeMap<String, Drawn>, BTreeMap<String, Drawn>) {
    let cells = cell_centres(doc);
    let (mut standing, mut fallen) = (BTreeMap::new(), BTreeMap::new());
    for group in of_class(doc, "piece") {
        let cell = group.attribute("data-cell").expect("data-cell").to_string();
        let body = group
            .children()
            .find(|n| has_class(n, "body"))
            .expect("a body");
        let letter = group
            .children()
            .find(|n| has_class(n, "letter"))
            .and_then(|n| n.text())
            .expect("a letter");
        let states = group.attribute("data-states").unwrap_or("").to_string();
        let is_fallen = states.split(',').any(|s| s == "fallen");
        // A standing piece is centred on its cell; a fallen one lies within it.
        let tolerance = if is_fallen { 12.0 } else { 0.5 };
        let at = (number(&body, "cx"), number(&body, "cy"));
        assert!(
            near(at, cells[&cell], tolerance),
            "the piece on {cell} is drawn at {at:?}"
        );
        let drawn = Drawn {
            token: group
                .attribute("data-token")
                .expect("data-token")
                .to_string(),
            letter: letter.to_string(),
            colour: group.attribute("data-colour").expect("colour").to_string(),
            states,
        };
        let map = if is_fallen {
            &mut fallen
        } else {
            &mut standing
        };
        assert!(
            map.insert(cell.clone(), drawn).is_none(),
            "two pieces on {cell}"
        );
    }
    (standing, fallen)
}

/// Splits one rank of a board field into tokens (`None` for each empty cell): digits are
/// runs of empty cells; a piece is `width` characters, then (Hexian) an optional
/// parenthesised attribute list.
fn rank_tokens(rank: &str, width: usize) -> Vec<Option<String>> {
    let chars: Vec<char> = rank.chars().collect();
    let mut tokens = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        if chars[i].is_ascii_digit() {
            let digits: String = chars[i..]
                .iter()
                .take_while(|c| c.is_ascii_digit())
                .collect();
            i += digits.len();
            tokens.extend(std::iter::repeat_n(None, digits.parse().unwrap()));
            continue;
        }
        let mut end = i + width;
        if chars.get(end) == Some(&'(') {
            end += chars[end..].iter().position(|&c| c == ')').unwrap() + 1;
        }
        tokens.push(Some(chars[i..end].iter().collect()));
        i = end;
    }
    tokens
}

/// The cell names of each rank, highest rank first, each rank in file order, from the
/// names drawn (a letter and a number).
fn ranks_of(cells: &BTreeMap<String, (f64, f64)>) -> Vec<Vec<String>> {
    let mut by_rank: BTreeMap<u32, Vec<String>> = BTreeMap::new();
    for name in cells.keys() {
        by_rank
            .entry(name[1..].parse().unwrap())
            .or_default()
            .push(name.clone());
    }
    by_rank.into_values().rev().collect()
}

/// The piece tokens of the board field of `position`, by cell name.
fn board_tokens(variant: &str, position: &str, doc: &Document) -> BTreeMap<String, String> {
    let width = if matches!(variant, "hexmate" | "hexchoice" | "panoply") {
        1
    } else {
        2
    };
    let board = position.split(' ').next().unwrap();
    let ranks = ranks_of(&cell_centres(doc));
    let fields: Vec<&str> = board.split('/').collect();
    assert_eq!(fields.len(), ranks.len());
    let mut tokens = BTreeMap::new();
    for (field, names) in fields.iter().zip(ranks) {
        let rank = rank_tokens(field, width);
        assert_eq!(rank.len(), names.len(), "{field}");
        for (token, name) in rank.into_iter().zip(names) {
            if let Some(token) = token {
                tokens.insert(name, token);
            }
        }
    }
    tokens
}

/// The letter a piece token is drawn with, and the colour of its side, army, kingdom
/// or clan.
fn expected_look(variant: &str, token: &str) -> (String, String) {
    let first = token.chars().next().unwrap();
    let second = token.chars().nth(1);
    let named = |letter: char, letters: &str, names: &[&str]| {
        names[letters.find(letter).unwrap_or_else(|| panic!("{token}"))].to_string()
    };
    match variant {
        "hepta" => {
            let side = if first.is_ascii_uppercase() {
                "white"
            } else {
                "black"
            };
            let colour = match second.unwrap() {
                '*' => side.to_string(),
                c => named(
                    c,
                    "roygbpc",
                    &["red", "orange", "yellow", "green", "blue", "purple", "cyan"],
                ),
            };
            (first.to_ascii_uppercase().to_string(), colour)
        }
        "sevenkingdoms" => (
            second.unwrap().to_string(),
            named(
                first,
                "wrobgpd",
                &["white", "red", "orange", "blue", "green", "purple", "black"],
            ),
        ),
        "hexian" => (
            second.unwrap().to_string(),
            named(
                first,
                "wbupgy",
                &["white", "black", "blue", "pink", "green", "gold"],
            ),
        ),
        _ => {
            let side = if first.is_ascii_uppercase() {
                "white"
            } else {
                "black"
            };
            (first.to_ascii_uppercase().to_string(), side.to_string())
        }
    }
}

/// Hexian's fallen field (R121): `-` or `<cell><token>` entries separated by commas.
fn fallen_tokens(position: &str) -> BTreeMap<String, String> {
    let field = position.split(' ').nth(2).unwrap();
    field
        .split(',')
        .filter(|e| *e != "-")
        .map(|entry| {
            let digits_end = 1 + entry[1..]
                .chars()
                .take_while(|c| c.is_ascii_digit())
                .count();
            (
                entry[..digits_end].to_string(),
                entry[digits_end..].to_string(),
            )
        })
        .collect()
}

/// Draws `position` of `variant` through the binary and checks every piece against the
/// string: the same cells hold pieces, each with its token, letter and colour.
fn assert_pieces_drawn_as_written(variant: &str, position: &str) {
    let svg = tessera(&["svg", "--variant", variant, "--fen", position]);
    let doc = Document::parse(&svg).expect("the SVG is XML");
    let (standing, fallen) = pieces(&doc);
    let mut expected = board_tokens(variant, position, &doc);
    if variant == "sevenkingdoms" {
        // sevenkingdoms.md R4: the Emperor stands on j9 and is not written in the string.
        assert_eq!(standing["j9"].token, "EM");
        expected.insert("j9".to_string(), "EM".to_string());
    }
    let drawn: BTreeMap<&String, &String> =
        standing.iter().map(|(cell, d)| (cell, &d.token)).collect();
    let written: BTreeMap<&String, &String> = expected.iter().collect();
    assert_eq!(drawn, written, "{variant} {position}");
    for (cell, piece) in &standing {
        if piece.token == "EM" {
            continue;
        }
        let (letter, colour) = expected_look(variant, &piece.token);
        assert_eq!((&piece.letter, &piece.colour), (&letter, &colour), "{cell}");
    }
    if variant == "hexian" {
        let drawn: BTreeMap<String, String> =
            fallen.into_iter().map(|(c, d)| (c, d.token)).collect();
        assert_eq!(drawn, fallen_tokens(position), "{position}");
    }
}

/// The position after `plies` random legal moves from the start (fewer if the game ends).
fn random_position(variant: &str, seed: u64, plies: usize) -> String {
    let mut game = AnyGame::start(Variant::from_id(variant).unwrap()).unwrap();
    let mut rng = StdRng::seed_from_u64(seed);
    for _ in 0..plies {
        let moves = game.legal_moves();
        if moves.is_empty() {
            break;
        }
        let token = &moves[rng.gen_range(0..moves.len())];
        game.play_tokens([token.as_str()]).unwrap();
    }
    game.position_string()
}

#[test]
fn every_variant_draws_every_cell_once_as_xml() {
    for (variant, cells) in VARIANTS {
        let svg = tessera(&["svg", "--variant", variant]);
        let doc = Document::parse(&svg).unwrap_or_else(|e| panic!("{variant}: {e}"));
        assert_eq!(doc.root_element().tag_name().name(), "svg");
        assert_eq!(cell_centres(&doc).len(), cells, "{variant}");
        let labels = |class| {
            of_class(&doc, class)
                .iter()
                .map(|n| n.text().unwrap().to_string())
                .collect::<Vec<_>>()
        };
        // Every file letter and rank number of the cell names is written on the rim.
        let files = labels("file-label");
        let ranks = labels("rank-label");
        for name in cell_centres(&doc).keys() {
            assert!(files.contains(&name[..1].to_string()), "{variant} {name}");
            assert!(ranks.contains(&name[1..].to_string()), "{variant} {name}");
        }
    }
}

#[test]
fn every_piece_of_start_and_played_positions_is_drawn_on_its_cell() {
    for (variant, _) in VARIANTS {
        for (seed, plies) in [(0, 0), (1, 12), (2, 40), (3, 80)] {
            let position = random_position(variant, seed, plies);
            assert_pieces_drawn_as_written(variant, &position);
        }
    }
}

#[test]
fn hexian_states_and_fallen_pieces_are_drawn() {
    // Hexian, from the start: white's Zombie on f4 petrified (R45),
    // black's Ghoul on d9 shielded (hexian.md R47), black's Zombie on a12 summoned
    // (hexian.md R48), a white illusion on m4 (§3.1 `X`) and a fallen black Zombie on the
    // empty e5 (hexian.md R121).
    let position = random_position("hexian", 0, 0)
        .replacen("/wZwZwZwH4", "/wZ(P)wZwZwH3wX", 1)
        .replacen("bDbH9", "bDbH(S)9", 1)
        .replacen("/13/bZ12gZ/", "/13/bZ(U)12gZ/", 1)
        .replacen(" w - w.b.u", " w e5bZ w.b.u", 1);
    let svg = tessera(&["svg", "--variant", "hexian", "--fen", &position]);
    let doc = Document::parse(&svg).unwrap();
    let (standing, fallen) = pieces(&doc);
    assert_eq!(standing["f4"].states, "petrified");
    assert_eq!(standing["d9"].states, "shielded");
    assert_eq!(standing["a12"].states, "summoned");
    assert_eq!(standing["m4"].states, "illusion");
    assert_eq!(standing["m4"].letter, "X");
    assert_eq!(fallen["e5"].states, "fallen");
    assert_eq!(fallen["e5"].token, "bZ");
    assert_pieces_drawn_as_written("hexian", &position);
}

#[test]
fn hepta_berserk_kings_temples_and_heptagram_are_drawn() {
    // Hepta: Red is berserking with a stack of 7 (R18, §9.1 berserk `r7`): the red Zr on b1,
    // one red Soul left on the board, an orange Soul in White's Receive Pillar, the other
    // colours on spots 2-7 of the Heptagram.
    let position = "1m*kym*kbm*kc/3konynynykgnbnbnbkpncncnc/2nonono1ngngng1npnpnp2/15/\
        1Sy1Sg1Sb1Sp1Sc1Sr1So1/15/3No3Ng3Np3/2NoKoNoNyNgKgNgNbNpKpNpNc1/\
        1Zr1M*NyKyNyM*NbKbNbM*NcKcNc w o/-/-/-/- -/-/-/-/- -oygbpc - r7 0 1";
    let svg = tessera(&["svg", "--variant", "hepta", "--fen", position]);
    let doc = Document::parse(&svg).unwrap();
    let (standing, _) = pieces(&doc);
    assert_eq!(standing["b1"].states, "berserk,stack 7");
    assert_eq!(standing["b1"].letter, "Z");
    let holders: Vec<(String, String, String)> = of_class(&doc, "holder")
        .iter()
        .map(|h| {
            let souls: Vec<&str> = h
                .descendants()
                .filter(|n| has_class(n, "soul"))
                .map(|n| n.attribute("data-colour").unwrap())
                .collect();
            (
                h.attribute("data-group").unwrap().to_string(),
                h.attribute("data-name").unwrap().to_string(),
                souls.join(","),
            )
        })
        .filter(|(_, _, souls)| !souls.is_empty())
        .collect();
    let expected = [
        ("white temple", "R", "orange"),
        ("heptagram", "2", "orange"),
        ("heptagram", "3", "yellow"),
        ("heptagram", "4", "green"),
        ("heptagram", "5", "blue"),
        ("heptagram", "6", "purple"),
        ("heptagram", "7", "cyan"),
    ];
    let expected: Vec<(String, String, String)> = expected
        .iter()
        .map(|(g, n, s)| (g.to_string(), n.to_string(), s.to_string()))
        .collect();
    assert_eq!(holders, expected);
    assert_eq!(of_class(&doc, "holder").len(), 17);
    assert_pieces_drawn_as_written("hepta", position);
}

#[test]
fn panoply_frozen_pieces_are_marked() {
    // panoply.md R14: the white Pawn on h5 stands next to the black Herald on h6 and is frozen; the
    // Herald, next to no white Herald, is not.
    let position = "3k3/8/9/10/11/12/13/6h5/5P5/10/9/8/3K3 w 0 1";
    let svg = tessera(&["svg", "--variant", "panoply", "--fen", position]);
    let doc = Document::parse(&svg).unwrap();
    let (standing, _) = pieces(&doc);
    assert_eq!(standing["h5"].states, "frozen");
    assert_eq!(standing["h6"].states, "");
    let rings: Vec<_> = of_class(&doc, "state-frozen");
    assert_eq!(rings.len(), 1);
}

/// The `data-cell` of every element of `class`, sorted.
fn marked(doc: &Document, class: &str) -> Vec<String> {
    let cells = cell_centres(doc);
    let mut names: Vec<String> = of_class(doc, class)
        .iter()
        .map(|n| {
            let name = n.attribute("data-cell").unwrap().to_string();
            assert!(near(centre(n), cells[&name], 0.5), "{class} off {name}");
            name
        })
        .collect();
    names.sort();
    names
}

#[test]
fn arrows_highlights_and_the_last_move_land_on_their_cells() {
    let svg = tessera(&[
        "svg",
        "--variant",
        "hexmate",
        "--moves",
        "h5h6",
        "--arrows",
        "f9f8,f9g8",
        "--pv",
        "f9f8,h6h7",
        "--highlight",
        "g7,k2",
    ]);
    let doc = Document::parse(&svg).unwrap();
    let cells = cell_centres(&doc);
    assert_eq!(marked(&doc, "last-move"), ["h5", "h6"]);
    assert_eq!(marked(&doc, "highlight"), ["g7", "k2"]);
    let arrows: Vec<(String, String)> = of_class(&doc, "arrow")
        .iter()
        .map(|a| {
            let (from, to) = (
                a.attribute("data-from").unwrap(),
                a.attribute("data-to").unwrap(),
            );
            let start = (number(a, "x1"), number(a, "y1"));
            let end = (number(a, "x2"), number(a, "y2"));
            assert!(near(start, cells[from], 0.5), "arrow starts off {from}");
            // The head stops short of the centre, inside the target cell.
            assert!(near(end, cells[to], 20.0), "arrow ends off {to}");
            assert!(!near(end, cells[from], 20.0));
            (from.to_string(), to.to_string())
        })
        .collect();
    // Two moves of the position shown, then a line played one move after the other.
    let expected = [("f9", "f8"), ("f9", "g8"), ("f9", "f8"), ("h6", "h7")];
    assert_eq!(
        arrows,
        expected.map(|(a, b)| (a.to_string(), b.to_string()))
    );
}

#[test]
fn a_king_in_check_is_marked() {
    // Hexmate: the black Rook on j5 attacks the white King on j1 along file j (R30).
    let position = "3k3/8/9/10/11/12/13/12/7r3/10/9/8/3K3 w 0 1";
    let svg = tessera(&["svg", "--variant", "hexmate", "--fen", position]);
    let doc = Document::parse(&svg).unwrap();
    assert_eq!(marked(&doc, "check"), ["j1"]);
    let quiet = tessera(&["svg", "--variant", "hexmate"]);
    assert!(marked(&Document::parse(&quiet).unwrap(), "check").is_empty());
}

#[test]
fn flipping_turns_the_board_upside_down() {
    let y_of = |svg: &str, cell: &str| cell_centres(&Document::parse(svg).unwrap())[cell].1;
    let upright = tessera(&["svg", "--variant", "sevenkingdoms"]);
    let flipped = tessera(&["svg", "--variant", "sevenkingdoms", "--flip"]);
    assert!(y_of(&upright, "a0") > y_of(&upright, "a18"));
    assert!(y_of(&flipped, "a0") < y_of(&flipped, "a18"));
}

#[test]
fn the_library_turns_a_hexagon_to_any_seat() {
    // The GUI turns Hexian's board to each of the six seats: the board turns about its
    // centre i9 by 60° steps anticlockwise, and every piece stays on its cell.
    let game = AnyGame::start(Variant::Hexian).unwrap();
    let angle_of = |cells: &BTreeMap<String, (f64, f64)>, name: &str| {
        let (centre, cell) = (cells["i9"], cells[name]);
        // Page y grows downwards; the board's angle is measured with y up.
        (-(cell.1 - centre.1)).atan2(cell.0 - centre.0).to_degrees()
    };
    let upright = draw(&game, &Request::default()).unwrap();
    let upright = cell_centres(&Document::parse(&upright).unwrap());
    for step in 1..6u16 {
        let request = Request {
            rotation: 60 * step,
            ..Request::default()
        };
        let svg = draw(&game, &request).unwrap();
        let doc = Document::parse(&svg).unwrap();
        let cells = cell_centres(&doc);
        assert_eq!(cells.len(), 217);
        for name in ["a9", "i1", "q1", "e5"] {
            let turned = angle_of(&cells, name) - angle_of(&upright, name);
            let error = (turned - f64::from(60 * step)).rem_euclid(360.0);
            assert!(error.min(360.0 - error) < 0.5, "{name} turned {turned}");
        }
        pieces(&doc);
    }
}

#[test]
fn size_sets_the_width_in_pixels() {
    let svg = tessera(&["svg", "--variant", "hepta", "--size", "300"]);
    let doc = Document::parse(&svg).unwrap();
    assert_eq!(doc.root_element().attribute("width"), Some("300"));
}

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("tessera-svg-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir.join(name)
}

#[test]
fn bad_input_names_the_token_exits_2_and_writes_no_file() {
    let cases: [(&[&str], &str); 7] = [
        (&["--fen", "daqkqaz/bbbrrbbb/nnnrarnnn/pppppppppp/ppppppppppp/12/13/12/PPPPPPPPPPP/PPPPPPPPPP/NNNRARNNN/BBBRRBBB/DAQKQAD w 0 1"], "z"),
        (&["--moves", "h5h6", "a1a2"], "a1a2"),
        (&["--highlight", "g7,z99"], "z99"),
        (&["--arrows", "h5h6,q3q4"], "q3q4"),
        (&["--moves", "h5h6", "--arrows", "h5h6"], "h5h6"),
        (&["--pv", "h5h6,f9f8,f9f8"], "f9f8"),
        (&["--variant", "sevenkingdoms", "--highlight", "j19"], "j19"),
    ];
    for (i, (args, token)) in cases.iter().enumerate() {
        for existing in [false, true] {
            let path = scratch(&format!("bad-{i}-{existing}.svg"));
            let _ = std::fs::remove_file(&path);
            if existing {
                std::fs::write(&path, "old picture").unwrap();
            }
            let output = Command::new(env!("CARGO_BIN_EXE_tessera"))
                .arg("svg")
                .args(*args)
                .arg("-o")
                .arg(&path)
                .output()
                .unwrap();
            let stderr = String::from_utf8_lossy(&output.stderr);
            assert_eq!(output.status.code(), Some(2), "{args:?}: {stderr}");
            assert!(stderr.contains(&format!("'{token}'")), "{args:?}: {stderr}");
            assert_eq!(stderr.lines().count(), 1, "{stderr}");
            if existing {
                assert_eq!(std::fs::read_to_string(&path).unwrap(), "old picture");
            } else {
                assert!(!path.exists(), "{args:?} wrote {}", path.display());
            }
            let leftovers: Vec<_> = std::fs::read_dir(path.parent().unwrap())
                .unwrap()
                .filter_map(|e| e.ok())
                .filter(|e| e.file_name().to_string_lossy().ends_with(".tmp"))
                .collect();
            assert!(leftovers.is_empty(), "{leftovers:?}");
        }
    }
}

#[test]
fn a_good_picture_is_written_to_the_file() {
    let path = scratch("good.svg");
    tessera(&["svg", "--variant", "panoply", "-o", path.to_str().unwrap()]);
    let svg = std::fs::read_to_string(&path).unwrap();
    assert_eq!(svg, tessera(&["svg", "--variant", "panoply"]));
    assert_eq!(cell_centres(&Document::parse(&svg).unwrap()).len(), 127);
}
