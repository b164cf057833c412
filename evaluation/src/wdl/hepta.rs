//! Win/draw/loss models of hepta written by `tessera wdl-fit` (290837 positions (106752 wins, 69663 draws, 114422 losses for the side to move); log loss 0.7500):
//! tessera wdl-fit --variant hepta --data hepta.data
//! The data: tessera datagen --variant hepta --games 400 --nodes 1000 --openings
//! positions/hepta/openings.txt --threads 2 --seed 2 -o hepta.data, with the fitted weights
//! of 120c8db: 325 games won, 65 capped at 1,200 plies, 10 drawn by repetition.

use super::{TwoPlayerModel, WdlModels};

pub const MODELS: WdlModels = WdlModels {
    two_players: Some(TwoPlayerModel {
        a: [8.0725, -0.6054],
        b: [5.3094, 4.3271],
        start_material: 132,
    }),
    temperature: None,
};
