//! Win/draw/loss models of hepta written by `tessera wdl-fit` (340896 positions (72913 wins, 189016 draws, 78967 losses for the side to move); log loss 0.8457):
//! tessera wdl-fit --variant hepta --data hepta-g400-n1000-s2.data
//! The data: tessera datagen --variant hepta --games 400 --nodes 1000 --openings
//! positions/hepta/openings.txt --threads 2 --seed 2: 211 games won, 184 capped at 1,200 plies,
//! 5 drawn by repetition.

use super::{TwoPlayerModel, WdlModels};

pub const MODELS: WdlModels = WdlModels {
    two_players: Some(TwoPlayerModel {
        a: [10.5549, 8.6121],
        b: [5.8035, 4.6393],
        start_material: 132,
    }),
    temperature: None,
};
