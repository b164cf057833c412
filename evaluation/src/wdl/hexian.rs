//! Win/draw/loss models of hexian written by `tessera wdl-fit` (45606 positions (24184 of 3 seats, 21422 of 6 seats); temperature 5262.7; first-place log loss 1.2554):
//! tessera wdl-fit --variant hexian --data hx3.data hx6.data
//! The data: 240 three-player and 240 six-player self-play games with the tuned piece values,
//! tessera datagen --variant hexian --players P --games 240 --nodes 600 --openings
//! positions/hexian/openings.txt --threads 2 --seed 207 -o hxP.data (P = 3, 6). Fitted on each
//! alone, the temperature is 5329.8 (three players, log loss 0.9560 against 1.0986 for a
//! uniform guess) and 5150.0 (six players, 1.5933 against 1.7918): one serves both.

use super::WdlModels;

pub const MODELS: WdlModels = WdlModels {
    two_players: None,
    temperature: Some(5262.7),
};
