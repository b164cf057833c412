//! Win/draw/loss models of hepta written by `tessera wdl-fit` (41773 positions (0 wins, 41773 draws, 0 losses for the side to move); log loss 0.3383):
//! tessera wdl-fit --variant hepta --data hepta-g120-n600-s1.txt

use super::{TwoPlayerModel, WdlModels};

pub const MODELS: WdlModels = WdlModels {
    two_players: Some(TwoPlayerModel {
        a: [12.6477, 11.2412],
        b: [4.1137, 2.3678],
        start_material: 132,
    }),
    temperature: None,
};
