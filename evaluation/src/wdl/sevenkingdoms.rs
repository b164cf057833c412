//! Win/draw/loss models of sevenkingdoms written by `tessera wdl-fit` (27314 positions of 7 seats; temperature 5285.5; first-place log loss 1.7654):
//! tessera wdl-fit --variant sevenkingdoms --data sevenkingdoms-7p-400g-1000n.data

use super::WdlModels;

pub const MODELS: WdlModels = WdlModels {
    two_players: None,
    temperature: Some(5285.5),
};
