//! Win/draw/loss models of hexian written by `tessera wdl-fit` (2638 positions of 6 seats; temperature 3100.8; first-place log loss 1.6024):
//! tessera wdl-fit --variant hexian --data hexian-6p-g40-n300-s1.txt

use super::WdlModels;

pub const MODELS: WdlModels = WdlModels {
    two_players: None,
    temperature: Some(3100.8),
};
