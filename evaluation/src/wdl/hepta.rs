//! Win/draw/loss models of hepta written by `tessera wdl-fit` (316856 positions (133884 wins, 40518 draws, 142454 losses for the side to move); log loss 0.6118):
//! tessera wdl-fit --variant hepta --data hepta.data
//! The data: tessera datagen --variant hepta --games 400 --nodes 1000 --openings
//! positions/hepta/openings.txt --threads 2 --seed 2 -o hepta.data (the 2,000-ply cap),
//! with the fitted weights of 120c8db: 369 games won, 21 capped, 10 drawn by repetition.

use super::{TwoPlayerModel, WdlModels};

pub const MODELS: WdlModels = WdlModels {
    two_players: Some(TwoPlayerModel {
        a: [12.0917, -10.2076],
        b: [4.7238, 3.2530],
        start_material: 132,
    }),
    temperature: None,
};
