//! Win/draw/loss models of hexmate written by `tessera wdl-fit` (13034 positions (6536 wins, 0 draws, 6498 losses for the side to move); log loss 0.5520):
//! tessera wdl-fit --variant hexmate --data hexmate-g120-n600-s1.txt

use super::{TwoPlayerModel, WdlModels};

pub const MODELS: WdlModels = WdlModels {
    two_players: Some(TwoPlayerModel {
        a: [0.0698, -0.7784],
        b: [3.3532, 3.1977],
        start_material: 90,
    }),
    temperature: None,
};
