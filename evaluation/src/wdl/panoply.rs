//! Win/draw/loss models of panoply written by `tessera wdl-fit` (13531 positions (3925 wins, 5380 draws, 4226 losses for the side to move); log loss 0.8223):
//! tessera wdl-fit --variant panoply --data panoply-g120-n600-s1.txt

use super::{TwoPlayerModel, WdlModels};

pub const MODELS: WdlModels = WdlModels {
    two_players: Some(TwoPlayerModel {
        a: [10.8051, -6.1132],
        b: [3.4979, 4.2848],
        start_material: 48,
    }),
    temperature: None,
};
