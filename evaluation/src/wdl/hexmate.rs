//! Win/draw/loss models of hexmate written by `tessera wdl-fit` (12709 positions (6367 wins, 0 draws, 6342 losses for the side to move); log loss 0.5349):
//! tessera wdl-fit --variant hexmate --data hexmate-g120-n600-s1.txt

use super::{TwoPlayerModel, WdlModels};

pub const MODELS: WdlModels = WdlModels {
    two_players: Some(TwoPlayerModel {
        a: [0.0426, -0.7768],
        b: [3.4618, 2.2170],
        start_material: 90,
    }),
    temperature: None,
};
