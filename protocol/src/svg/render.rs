//! Drawing a [`BoardView`] as SVG text: cells in their geometry with rim labels, marks
//! (last move, highlights, Kings in check), pieces with their states, arrows, Hepta's
//! Temples and Heptagram, and a legend. No file I/O: the caller decides where it goes.
//!
//! For a page that finds things in the picture: every cell is an element of class `cell`
//! with `id="cell-<name>"` and `data-cell="<name>"`; every piece a group of class `piece`
//! with `data-cell`, `data-token` (as the position string writes it), `data-colour` and
//! `data-states`; marks carry `data-cell`, arrows `data-from` and `data-to`.

use super::palette;
use engine::view::{BoardView, CellShape, Holder, MoveCells, PieceView};
use std::fmt::{self, Write};

/// How to draw: the things shown besides the position, and the picture's size.
#[derive(Clone, Debug, PartialEq)]
pub struct Options {
    /// Width of the picture in pixels.
    pub size: u32,
    /// Turn the board anticlockwise by this many degrees: 180 puts the second player at
    /// the bottom; multiples of 60 turn a hexagon board to any of six seats, multiples of
    /// 90 the grid to any edge (cells keep their shape only at such angles).
    pub rotation: u16,
    /// Cells to highlight.
    pub highlights: Vec<usize>,
    /// Arrows from cell to cell.
    pub arrows: Vec<(usize, usize)>,
    /// The cells of the move that led to the position.
    pub last_move: MoveCells,
    /// Write each cell's name in it (under any piece).
    pub cell_names: bool,
    /// The picture's title (shown by viewers as a tooltip).
    pub title: String,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            size: 640,
            rotation: 0,
            highlights: Vec::new(),
            arrows: Vec::new(),
            last_move: MoveCells::default(),
            cell_names: false,
            title: String::new(),
        }
    }
}

/// User units per board unit (the distance between neighbouring cells).
const UNIT: f64 = 40.0;
/// Room around the outermost cells and labels, in board units.
const PAD: f64 = 1.0;
/// Width of one legend entry, in board units.
const LEGEND_COLUMN: f64 = 4.2;
const LINE: f64 = 0.75;
const PIECE_RADIUS: f64 = 0.37;

/// Where board coordinates land on the page.
struct Frame {
    /// Cosine and sine of the rotation.
    turn: (f64, f64),
    min_x: f64,
    max_y: f64,
    width: f64,
    board_height: f64,
}

impl Frame {
    fn new(view: &BoardView, rotation: u16) -> Frame {
        let angle = f64::from(rotation).to_radians();
        // Exact at the quarter turns, so that a flipped picture is the same text however
        // the platform rounds sin and cos.
        let exact = |v: f64| if v.abs() < 1e-12 { 0.0 } else { v };
        let turn = (exact(angle.cos()), exact(angle.sin()));
        let turned = |x: f64, y: f64| rotate(turn, x, y);
        let g = &view.geometry;
        let points = g
            .cells
            .iter()
            .map(|c| turned(c.x, c.y))
            .chain(g.files.iter().chain(&g.ranks).map(|l| turned(l.x, l.y)));
        let (mut min_x, mut max_x, mut min_y, mut max_y) = (f64::MAX, f64::MIN, f64::MAX, f64::MIN);
        for (x, y) in points {
            min_x = min_x.min(x);
            max_x = max_x.max(x);
            min_y = min_y.min(y);
            max_y = max_y.max(y);
        }
        Frame {
            turn,
            min_x: min_x - PAD,
            max_y: max_y + PAD,
            width: (max_x - min_x + 2.0 * PAD) * UNIT,
            board_height: (max_y - min_y + 2.0 * PAD) * UNIT,
        }
    }

    /// The page point of board point `(x, y)`.
    fn point(&self, x: f64, y: f64) -> (f64, f64) {
        let (x, y) = rotate(self.turn, x, y);
        ((x - self.min_x) * UNIT, (self.max_y - y) * UNIT)
    }
}

/// `(x, y)` turned anticlockwise by the angle of cosine and sine `turn`.
fn rotate((cos, sin): (f64, f64), x: f64, y: f64) -> (f64, f64) {
    (x * cos - y * sin, x * sin + y * cos)
}

/// A page coordinate written with one decimal by integer arithmetic: the standard float
/// formatting was most of the drawing's time.
struct Tenths(f64);

impl fmt::Display for Tenths {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let tenths = (self.0 * 10.0).round() as i64;
        let sign = if tenths < 0 { "-" } else { "" };
        let size = tenths.unsigned_abs();
        write!(f, "{sign}{}.{}", size / 10, size % 10)
    }
}

/// Escapes text for XML content and attribute values.
fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for ch in text.chars() {
        match ch {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            _ => out.push(ch),
        }
    }
    out
}

/// The outline of a cell centred on page point `(x, y)`, scaled by `scale`.
fn cell_outline(shape: CellShape, (x, y): (f64, f64), scale: f64) -> String {
    // A hexagon whose neighbours lie 1 apart has circumradius 1/√3.
    let radius = UNIT * scale / 3f64.sqrt();
    let start = match shape {
        CellShape::PointyHex => 30.0f64,
        CellShape::FlatHex => 0.0,
        CellShape::Intersection => {
            let half = UNIT * scale / 2.0;
            return format!(
                "<rect x=\"{:.1}\" y=\"{:.1}\" width=\"{:.1}\" height=\"{:.1}\"",
                Tenths(x - half),
                Tenths(y - half),
                Tenths(2.0 * half),
                Tenths(2.0 * half)
            );
        }
    };
    let mut points = String::from("<polygon points=\"");
    for k in 0..6 {
        let angle = (start + 60.0 * f64::from(k)).to_radians();
        let _ = write!(
            points,
            "{}{:.1},{:.1}",
            if k == 0 { "" } else { " " },
            Tenths(x + radius * angle.cos()),
            Tenths(y - radius * angle.sin())
        );
    }
    points.push('"');
    points
}

/// Draws `view` with `options` as a complete SVG document.
pub fn render(view: &BoardView, options: &Options) -> String {
    let frame = Frame::new(view, options.rotation);
    let columns = ((frame.width / UNIT) / LEGEND_COLUMN).floor().max(1.0) as usize;
    let holder_height = holder_rows(view) as f64 * 1.6 * UNIT;
    let legend_height = legend_lines(view, columns) as f64 * LINE * UNIT + 0.5 * UNIT;
    let height = frame.board_height + holder_height + legend_height;
    let mut svg = String::with_capacity(64 * 1024);
    let _ = write!(
        svg,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{}\" height=\"{}\" viewBox=\"0 0 {:.1} {:.1}\" font-family=\"DejaVu Sans, Verdana, sans-serif\">\n<title>{}</title>\n",
        options.size,
        (f64::from(options.size) * height / frame.width).round(),
        frame.width,
        height,
        escape(&options.title)
    );
    let _ = writeln!(
        svg,
        "<defs><marker id=\"arrowhead\" viewBox=\"0 0 10 10\" refX=\"5\" refY=\"5\" markerWidth=\"3\" markerHeight=\"3\" orient=\"auto-start-reverse\"><path d=\"M0,0 L10,5 L0,10 z\" fill=\"{}\"/></marker></defs>",
        palette::ARROW
    );
    let _ = writeln!(
        svg,
        "<rect width=\"{:.1}\" height=\"{:.1}\" fill=\"#ffffff\"/>",
        frame.width, height
    );
    draw_cells(&mut svg, view, &frame);
    if options.cell_names {
        draw_cell_names(&mut svg, view, &frame);
    }
    draw_labels(&mut svg, view, &frame);
    draw_marks(&mut svg, view, &frame, options);
    draw_pieces(&mut svg, view, &frame);
    draw_arrows(&mut svg, view, &frame, &options.arrows);
    let mut top = frame.board_height;
    top = draw_holders(&mut svg, view, frame.width, top);
    draw_legend(&mut svg, view, columns, top);
    svg.push_str("</svg>\n");
    svg
}

/// Only the arrows group (`<g id="arrows">`) of the picture [`render`] draws with the same
/// view and options: a page lays it over that picture in place of the group there.
pub fn render_arrows(view: &BoardView, options: &Options) -> String {
    let mut svg = String::new();
    draw_arrows(
        &mut svg,
        view,
        &Frame::new(view, options.rotation),
        &options.arrows,
    );
    svg
}

fn draw_cells(svg: &mut String, view: &BoardView, frame: &Frame) {
    let g = &view.geometry;
    svg.push_str("<g id=\"cells\">\n");
    if g.shape == CellShape::Intersection {
        draw_grid_lines(svg, view, frame);
    }
    for cell in &g.cells {
        let fill = match g.shape {
            CellShape::Intersection => "fill=\"#000000\" fill-opacity=\"0\"".to_string(),
            _ => format!(
                "fill=\"{}\" stroke=\"{}\" stroke-width=\"1\"",
                palette::SHADES[usize::from(cell.shade) % 3],
                palette::EDGE
            ),
        };
        let name = escape(&cell.name);
        let _ = writeln!(
            svg,
            "{} id=\"cell-{name}\" class=\"cell shade-{}\" data-cell=\"{name}\" {fill}/>",
            cell_outline(g.shape, frame.point(cell.x, cell.y), 1.0),
            cell.shade
        );
    }
    svg.push_str("</g>\n");
}

/// The lines of a grid board: one through each row and each column of intersections,
/// on a wooden square.
fn draw_grid_lines(svg: &mut String, view: &BoardView, frame: &Frame) {
    let cells = &view.geometry.cells;
    let (min_x, max_x) = cells.iter().fold((f64::MAX, f64::MIN), |(lo, hi), c| {
        (lo.min(c.x), hi.max(c.x))
    });
    let (min_y, max_y) = cells.iter().fold((f64::MAX, f64::MIN), |(lo, hi), c| {
        (lo.min(c.y), hi.max(c.y))
    });
    let (x0, y0) = frame.point(min_x - 0.5, max_y + 0.5);
    let (x1, y1) = frame.point(max_x + 0.5, min_y - 0.5);
    let _ = writeln!(
        svg,
        "<rect x=\"{:.1}\" y=\"{:.1}\" width=\"{:.1}\" height=\"{:.1}\" fill=\"{}\"/>",
        x0.min(x1),
        y0.min(y1),
        (x1 - x0).abs(),
        (y1 - y0).abs(),
        palette::GRID_WOOD
    );
    let mut path = String::new();
    let mut segment = |a: (f64, f64), b: (f64, f64)| {
        let _ = write!(path, "M{:.1},{:.1}L{:.1},{:.1}", a.0, a.1, b.0, b.1);
    };
    let mut x = min_x;
    while x <= max_x {
        segment(frame.point(x, min_y), frame.point(x, max_y));
        x += 1.0;
    }
    let mut y = min_y;
    while y <= max_y {
        segment(frame.point(min_x, y), frame.point(max_x, y));
        y += 1.0;
    }
    let _ = writeln!(
        svg,
        "<path d=\"{path}\" stroke=\"{}\" stroke-width=\"1.2\" fill=\"none\"/>",
        palette::GRID_LINE
    );
}

fn draw_cell_names(svg: &mut String, view: &BoardView, frame: &Frame) {
    svg.push_str("<g id=\"cell-names\" font-size=\"12\" fill=\"#5a4632\" text-anchor=\"middle\" dominant-baseline=\"central\">\n");
    for cell in &view.geometry.cells {
        let (x, y) = frame.point(cell.x, cell.y);
        let (x, y) = (Tenths(x), Tenths(y));
        let _ = writeln!(
            svg,
            "<text class=\"cell-name\" x=\"{x}\" y=\"{y}\">{}</text>",
            escape(&cell.name)
        );
    }
    svg.push_str("</g>\n");
}

fn draw_labels(svg: &mut String, view: &BoardView, frame: &Frame) {
    svg.push_str("<g id=\"labels\" font-size=\"15\" fill=\"#333333\" text-anchor=\"middle\" dominant-baseline=\"central\">\n");
    let g = &view.geometry;
    for (class, labels) in [("file-label", &g.files), ("rank-label", &g.ranks)] {
        for label in labels {
            let (x, y) = frame.point(label.x, label.y);
            let (x, y) = (Tenths(x), Tenths(y));
            let _ = writeln!(
                svg,
                "<text class=\"{class}\" x=\"{x}\" y=\"{y}\">{}</text>",
                escape(&label.text)
            );
        }
    }
    svg.push_str("</g>\n");
}

/// The last move's cells, the highlighted cells and the Kings in check, over the cells.
fn draw_marks(svg: &mut String, view: &BoardView, frame: &Frame, options: &Options) {
    let g = &view.geometry;
    let last = [options.last_move.from, options.last_move.to];
    let marks = last
        .iter()
        .flatten()
        .map(|&c| ("last-move", palette::LAST_MOVE, "0.6", c))
        .chain(
            options
                .highlights
                .iter()
                .map(|&c| ("highlight", palette::HIGHLIGHT, "0.55", c)),
        )
        .chain(
            view.checked
                .iter()
                .map(|&c| ("check", palette::CHECK, "0.7", c)),
        );
    svg.push_str("<g id=\"marks\">\n");
    for (class, colour, opacity, cell) in marks {
        let Some(c) = g.cells.get(cell) else { continue };
        let _ = writeln!(
            svg,
            "{} class=\"{class}\" data-cell=\"{}\" fill=\"{colour}\" fill-opacity=\"{opacity}\"/>",
            cell_outline(g.shape, frame.point(c.x, c.y), 0.92),
            escape(&c.name)
        );
    }
    svg.push_str("</g>\n");
}

/// The short text of a state drawn as a badge beside a piece, if it is drawn that way.
fn badge(state: &str) -> Option<String> {
    match state {
        "frozen" | "fallen" | "illusion" | "berserk" => None,
        "petrified" => Some("P".into()),
        "shielded" => Some("S".into()),
        "summoned" => Some("U".into()),
        _ => {
            if let Some(size) = state.strip_prefix("stack ") {
                Some(size.to_string())
            } else if let Some(form) = state.strip_prefix("form ") {
                Some(format!("={form}"))
            } else {
                state
                    .chars()
                    .next()
                    .map(|c| c.to_ascii_uppercase().to_string())
            }
        }
    }
}

fn draw_pieces(svg: &mut String, view: &BoardView, frame: &Frame) {
    svg.push_str("<g id=\"pieces\" text-anchor=\"middle\" dominant-baseline=\"central\">\n");
    for piece in &view.pieces {
        if let Some(cell) = view.geometry.cells.get(piece.cell) {
            draw_piece(svg, view, piece, frame.point(cell.x, cell.y), &cell.name);
        }
    }
    svg.push_str("</g>\n");
}

fn kind_name(view: &BoardView, letter: char) -> &'static str {
    view.kinds
        .iter()
        .find(|(l, _)| *l == letter)
        .map_or("piece", |&(_, name)| name)
}

fn draw_piece(
    svg: &mut String,
    view: &BoardView,
    piece: &PieceView,
    centre: (f64, f64),
    cell: &str,
) {
    let has = |state: &str| piece.states.iter().any(|s| s == state);
    let fallen = has("fallen");
    // A fallen piece lies small in the cell's lower right, under the standing one (R9).
    let (scale, (x, y)) = if fallen {
        (0.5, (centre.0 + 0.2 * UNIT, centre.1 + 0.2 * UNIT))
    } else {
        (1.0, centre)
    };
    let r = PIECE_RADIUS * UNIT * scale;
    let (px, py) = (Tenths(x), Tenths(y));
    let states = piece.states.join(",");
    let owner = piece.owner.map_or(String::new(), |o| format!("{o}'s "));
    let described = if states.is_empty() {
        String::new()
    } else {
        format!(" ({})", piece.states.join(", "))
    };
    let _ = writeln!(
        svg,
        "<g class=\"piece\" data-cell=\"{cell}\" data-token=\"{}\" data-colour=\"{}\" data-states=\"{}\">\n<title>{owner}{} {} on {cell}{described}</title>",
        escape(&piece.token),
        piece.colour,
        escape(&states),
        piece.colour,
        kind_name(view, piece.letter),
    );
    if let Some(owner) = piece.owner {
        let _ = writeln!(
            svg,
            "<circle class=\"owner\" cx=\"{px}\" cy=\"{py}\" r=\"{:.1}\" fill=\"{}\" stroke=\"#1a1a1a\" stroke-width=\"1.2\"/>",
            Tenths(r * 1.12),
            palette::fill(owner)
        );
    }
    let body_r = if piece.owner.is_some() { r * 0.78 } else { r };
    let (dash, opacity) = if has("illusion") {
        (" stroke-dasharray=\"4 3\"", "0.55")
    } else {
        ("", "1")
    };
    let stroke = if has("petrified") {
        "#777777"
    } else {
        "#1a1a1a"
    };
    let _ = writeln!(
        svg,
        "<circle class=\"body\" cx=\"{px}\" cy=\"{py}\" r=\"{:.1}\" fill=\"{}\" fill-opacity=\"{opacity}\" stroke=\"{stroke}\" stroke-width=\"{}\"{dash}/>",
        Tenths(body_r),
        palette::fill(piece.colour),
        if has("petrified") { 3.5 } else { 1.5 },
    );
    let _ = writeln!(
        svg,
        "<text class=\"letter\" x=\"{px}\" y=\"{py}\" font-size=\"{:.1}\" font-weight=\"bold\" fill=\"{}\">{}</text>",
        Tenths(body_r * 1.2),
        palette::ink(piece.colour),
        piece.letter
    );
    if has("frozen") {
        let _ = writeln!(
            svg,
            "<circle class=\"state-frozen\" cx=\"{px}\" cy=\"{py}\" r=\"{:.1}\" fill=\"none\" stroke=\"{}\" stroke-width=\"2.5\" stroke-dasharray=\"3 2\"/>",
            Tenths(r * 1.22),
            palette::FROZEN
        );
    }
    for (i, text) in piece.states.iter().filter_map(|s| badge(s)).enumerate() {
        let bx = x + r * 0.75 - i as f64 * 0.3 * UNIT * scale;
        let by = y - r * 0.85;
        let _ = writeln!(
            svg,
            "<g class=\"badge\"><rect x=\"{:.1}\" y=\"{:.1}\" width=\"{:.1}\" height=\"{:.1}\" rx=\"3\" fill=\"#ffffff\" stroke=\"#1a1a1a\" stroke-width=\"0.8\"/><text x=\"{bx:.1}\" y=\"{by:.1}\" font-size=\"{:.1}\" fill=\"#1a1a1a\">{}</text></g>",
            bx - 0.14 * UNIT * scale,
            by - 0.13 * UNIT * scale,
            0.28 * UNIT * scale,
            0.26 * UNIT * scale,
            0.21 * UNIT * scale,
            escape(&text)
        );
    }
    svg.push_str("</g>\n");
}

fn draw_arrows(svg: &mut String, view: &BoardView, frame: &Frame, arrows: &[(usize, usize)]) {
    let cells = &view.geometry.cells;
    svg.push_str("<g id=\"arrows\">\n");
    for &(from, to) in arrows {
        let (Some(a), Some(b)) = (cells.get(from), cells.get(to)) else {
            continue;
        };
        let (x0, y0) = frame.point(a.x, a.y);
        let (x1, y1) = frame.point(b.x, b.y);
        let length = ((x1 - x0).powi(2) + (y1 - y0).powi(2)).sqrt().max(1e-9);
        // Stop short of the centre so that the head does not hide the target's letter.
        let back = (0.3 * UNIT).min(length / 2.0);
        let (ex, ey) = (
            x1 - (x1 - x0) * back / length,
            y1 - (y1 - y0) * back / length,
        );
        let _ = writeln!(
            svg,
            "<line class=\"arrow\" data-from=\"{}\" data-to=\"{}\" x1=\"{x0:.1}\" y1=\"{y0:.1}\" x2=\"{ex:.1}\" y2=\"{ey:.1}\" stroke=\"{}\" stroke-width=\"7\" stroke-opacity=\"0.8\" stroke-linecap=\"round\" marker-end=\"url(#arrowhead)\"/>",
            escape(&a.name),
            escape(&b.name),
            palette::ARROW
        );
    }
    svg.push_str("</g>\n");
}

/// The groups of holders, in order of first appearance.
fn holder_groups(view: &BoardView) -> Vec<&str> {
    let mut groups: Vec<&str> = Vec::new();
    for holder in &view.holders {
        if !groups.contains(&holder.group.as_str()) {
            groups.push(&holder.group);
        }
    }
    groups
}

fn holder_rows(view: &BoardView) -> usize {
    holder_groups(view).len()
}

/// Hepta's Temples and Heptagram: a row per group, a box per Pillar or spot with the
/// Souls it holds as small discs. Returns the top of what follows.
fn draw_holders(svg: &mut String, view: &BoardView, width: f64, top: f64) -> f64 {
    let groups = holder_groups(view);
    if groups.is_empty() {
        return top;
    }
    svg.push_str("<g id=\"holders\" text-anchor=\"middle\" dominant-baseline=\"central\">\n");
    let row_height = 1.6 * UNIT;
    for (row, group) in groups.iter().enumerate() {
        let y = top + row as f64 * row_height;
        let _ = writeln!(
            svg,
            "<text x=\"{:.1}\" y=\"{:.1}\" font-size=\"15\" text-anchor=\"start\" fill=\"#333333\">{}</text>",
            0.3 * UNIT,
            y + 0.6 * UNIT,
            escape(group)
        );
        let members: Vec<&Holder> = view.holders.iter().filter(|h| h.group == *group).collect();
        for (i, holder) in members.iter().enumerate() {
            let x = 3.6 * UNIT + i as f64 * 1.3 * UNIT;
            if x + 1.2 * UNIT > width {
                break;
            }
            draw_holder(svg, holder, x, y);
        }
    }
    svg.push_str("</g>\n");
    top + groups.len() as f64 * row_height
}

fn draw_holder(svg: &mut String, holder: &Holder, x: f64, y: f64) {
    let size = 1.2 * UNIT;
    let _ = writeln!(
        svg,
        "<g class=\"holder\" data-group=\"{}\" data-name=\"{}\" data-souls=\"{}\">\n<rect x=\"{x:.1}\" y=\"{y:.1}\" width=\"{size:.1}\" height=\"{size:.1}\" rx=\"4\" fill=\"{}\" stroke=\"{}\"/>\n<text x=\"{:.1}\" y=\"{:.1}\" font-size=\"11\" fill=\"#333333\">{}</text>",
        escape(&holder.group),
        escape(&holder.name),
        holder.souls.join(","),
        palette::SHADES[0],
        palette::EDGE,
        x + size / 2.0,
        y + 0.17 * UNIT,
        escape(&holder.name)
    );
    for (i, soul) in holder.souls.iter().enumerate() {
        let cx = x + (0.33 + 0.54 * (i % 2) as f64) * UNIT;
        let cy = y + (0.55 + 0.4 * (i / 2) as f64) * UNIT;
        let _ = writeln!(
            svg,
            "<circle class=\"soul\" data-colour=\"{soul}\" cx=\"{cx:.1}\" cy=\"{cy:.1}\" r=\"{:.1}\" fill=\"{}\" stroke=\"#1a1a1a\"/>",
            0.17 * UNIT,
            palette::fill(soul)
        );
    }
    svg.push_str("</g>\n");
}

/// The states drawn on the pieces of this position, each once, in order of appearance.
fn states_shown(view: &BoardView) -> Vec<&str> {
    let mut states: Vec<&str> = Vec::new();
    for piece in &view.pieces {
        for state in &piece.states {
            let name = state.split(' ').next().unwrap_or(state);
            // A berserk King has its own letter in the legend.
            if name != "berserk" && !states.contains(&name) {
                states.push(name);
            }
        }
    }
    states
}

fn legend_lines(view: &BoardView, columns: usize) -> usize {
    let rows = |n: usize| n.div_ceil(columns);
    1 + rows(view.sides.len()) + rows(view.kinds.len()) + rows(states_shown(view).len())
}

/// How the legend explains a state: its mark and its words.
fn legend_entry(state: &str) -> (&str, &str) {
    match state {
        "frozen" => ("(ring)", "frozen"),
        "fallen" => ("(small)", "fallen"),
        "illusion" => ("(faint)", "illusion"),
        "petrified" => ("P", "petrified"),
        "shielded" => ("S", "shielded"),
        "summoned" => ("U", "summoned"),
        "stack" => ("n", "Souls in stack"),
        "form" => ("=T", "form"),
        other => ("", other),
    }
}

/// What the letters, colours and marks mean, and who is to move.
fn draw_legend(svg: &mut String, view: &BoardView, columns: usize, top: f64) {
    svg.push_str(
        "<g id=\"legend\" font-size=\"14\" fill=\"#1a1a1a\" dominant-baseline=\"central\">\n",
    );
    let mut line = 0;
    let y = |line: usize| top + (line as f64 + 0.6) * LINE * UNIT;
    let _ = writeln!(
        svg,
        "<text class=\"to-move\" x=\"{:.1}\" y=\"{:.1}\">to move: {}</text>",
        0.3 * UNIT,
        y(line),
        escape(&view.to_move)
    );
    line += 1;
    let entry = |index: usize| {
        (
            (0.3 + (index % columns) as f64 * LEGEND_COLUMN) * UNIT,
            index / columns,
        )
    };
    for (i, side) in view.sides.iter().enumerate() {
        let (x, row) = entry(i);
        let _ = writeln!(
            svg,
            "<g class=\"legend-side\"><circle cx=\"{:.1}\" cy=\"{:.1}\" r=\"8\" fill=\"{}\" stroke=\"#1a1a1a\"/><text x=\"{:.1}\" y=\"{:.1}\">{side}</text></g>",
            x + 8.0,
            y(line + row),
            palette::fill(side),
            x + 22.0,
            y(line + row)
        );
    }
    line += view.sides.len().div_ceil(columns);
    for (i, (letter, name)) in view.kinds.iter().enumerate() {
        let (x, row) = entry(i);
        let _ = writeln!(
            svg,
            "<text class=\"legend-kind\" x=\"{x:.1}\" y=\"{:.1}\"><tspan font-weight=\"bold\">{letter}</tspan> {}</text>",
            y(line + row),
            escape(name)
        );
    }
    line += view.kinds.len().div_ceil(columns);
    for (i, state) in states_shown(view).iter().enumerate() {
        let (x, row) = entry(i);
        let (mark, words) = legend_entry(state);
        let _ = writeln!(
            svg,
            "<text class=\"legend-state\" x=\"{x:.1}\" y=\"{:.1}\"><tspan font-weight=\"bold\">{}</tspan> {}</text>",
            y(line + row),
            escape(mark),
            escape(words)
        );
    }
    svg.push_str("</g>\n");
}
