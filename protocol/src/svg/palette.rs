//! The colours of the pictures: sides, armies, kingdoms and clans by name, from the
//! Okabe–Ito palette, which stays distinguishable under the common forms of colour
//! blindness; and the board's own shades.

/// The fill of a colour name the views use; unknown names draw grey.
pub fn fill(name: &str) -> &'static str {
    match name {
        "white" => "#ffffff",
        "black" => "#1a1a1a",
        "red" => "#d55e00",
        "orange" | "gold" => "#e69f00",
        "yellow" => "#f0e442",
        "green" => "#009e73",
        "blue" => "#0072b2",
        "purple" | "pink" => "#cc79a7",
        "cyan" => "#56b4e9",
        _ => "#bbbbbb",
    }
}

/// The letter colour that reads best on a fill of colour `name`.
pub fn ink(name: &str) -> &'static str {
    match name {
        "black" | "red" | "green" | "blue" => "#ffffff",
        _ => "#1a1a1a",
    }
}

/// The three printed shades of a hexagon board (no rule meaning), and the grid's wood.
pub const SHADES: [&str; 3] = ["#f3e7cf", "#e2cba4", "#c9a97c"];
pub const GRID_WOOD: &str = "#e8c98f";
pub const GRID_LINE: &str = "#5a4632";
pub const EDGE: &str = "#5a4632";
pub const LAST_MOVE: &str = "#f0e442";
pub const HIGHLIGHT: &str = "#56b4e9";
pub const CHECK: &str = "#d55e00";
pub const ARROW: &str = "#009e73";
pub const FROZEN: &str = "#0072b2";
