//! The protocol's variant switch: one enum arm per implemented game type, so that each
//! command dispatches once and the search below it is monomorphised per variant.

use engine::game::{Game, PositionError};
use engine::variants::hexmate::{Hexmate, Ruleset};
use engine::variants::panoply::Panoply;
use engine::variants::sevenkingdoms::{Players, SevenKingdoms};
use engine::variants::Variant;

/// A position of any implemented variant.
// A session holds one position; variants differ in size, and boxing would only add an
// indirection to every command.
#[allow(clippy::large_enum_variant)]
#[derive(Clone, Debug)]
pub enum AnyGame {
    Hexmate(Hexmate),
    Panoply(Panoply),
    SevenKingdoms(SevenKingdoms),
}

/// Runs `$body` with `$g` bound to the concrete position inside an [`AnyGame`].
#[macro_export]
macro_rules! with_game {
    ($any:expr, $g:ident => $body:expr) => {
        match $any {
            $crate::variant::AnyGame::Hexmate($g) => $body,
            $crate::variant::AnyGame::Panoply($g) => $body,
            $crate::variant::AnyGame::SevenKingdoms($g) => $body,
        }
    };
}

impl AnyGame {
    /// The start position of `variant`, or an error naming an unimplemented variant.
    pub fn start(variant: Variant) -> Result<AnyGame, String> {
        match variant {
            Variant::Hexmate => Ok(AnyGame::Hexmate(Hexmate::start(&Ruleset::Hexmate))),
            Variant::Hexchoice => Ok(AnyGame::Hexmate(Hexmate::start(&Ruleset::Hexchoice))),
            Variant::Panoply => Ok(AnyGame::Panoply(Panoply::start(&()))),
            Variant::SevenKingdoms => Ok(AnyGame::SevenKingdoms(SevenKingdoms::start(
                &Players::default(),
            ))),
            other => Err(format!("variant {} is not implemented yet", other.id())),
        }
    }

    /// Reads a position string of `variant`.
    pub fn from_position_string(variant: Variant, text: &str) -> Result<AnyGame, String> {
        let wrap =
            |r: Result<Hexmate, PositionError>| r.map(AnyGame::Hexmate).map_err(|e| e.to_string());
        match variant {
            Variant::Hexmate => wrap(Hexmate::from_position_string(text, &Ruleset::Hexmate)),
            Variant::Hexchoice => wrap(Hexmate::from_position_string(text, &Ruleset::Hexchoice)),
            other => Err(format!("variant {} is not implemented yet", other.id())),
        }
    }

    /// Plays the moves given as tokens, all or nothing: the error names the first bad
    /// token and its index in the list.
    pub fn play_tokens<'a>(
        &mut self,
        tokens: impl IntoIterator<Item = &'a str>,
    ) -> Result<(), String> {
        let mut next = self.clone();
        with_game!(&mut next, g => {
            for (index, token) in tokens.into_iter().enumerate() {
                let mv = g.parse_move(token).map_err(|e| format!("move {} ({index}): {e}", index + 1))?;
                g.make_move(mv);
            }
        });
        *self = next;
        Ok(())
    }
}
