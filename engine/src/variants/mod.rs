//! The games' rules, one folder per variant.

pub mod hepta;
pub mod hexian;
pub mod hexmate;
pub mod panoply;
pub mod sevenkingdoms;

/// The variants of the protocol's `UCI_Variant` option.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Variant {
    Hexmate,
    Hexchoice,
    Panoply,
    Hepta,
    SevenKingdoms,
    Hexian,
}

impl Variant {
    /// Every variant, in the order the protocol lists them.
    pub const ALL: [Variant; 6] = [
        Variant::Hexmate,
        Variant::Hexchoice,
        Variant::Panoply,
        Variant::Hepta,
        Variant::SevenKingdoms,
        Variant::Hexian,
    ];

    /// The protocol id (`hexmate`, `sevenkingdoms`, …).
    pub fn id(self) -> &'static str {
        match self {
            Variant::Hexmate => "hexmate",
            Variant::Hexchoice => "hexchoice",
            Variant::Panoply => "panoply",
            Variant::Hepta => "hepta",
            Variant::SevenKingdoms => "sevenkingdoms",
            Variant::Hexian => "hexian",
        }
    }

    /// The variant with protocol id `id` (case-insensitive).
    pub fn from_id(id: &str) -> Option<Variant> {
        Variant::ALL
            .into_iter()
            .find(|v| v.id().eq_ignore_ascii_case(id))
    }
}
