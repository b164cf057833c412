//! Properties of Hexian over random playouts from the start positions (with spells, under
//! every patron and player count): the incremental hash equals the recomputed one, the
//! position string round-trips, and every legal move's token reads back as that move.

use engine::variants::hexian::{move_token, parse_move_token, Config, Hexian, Patron, PlayerCount};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

fn start(patron: Patron, players: PlayerCount) -> Hexian {
    let text = Hexian::start(&Config { patron, players })
        .position_string()
        .replace(
            " - 000000",
            " BCDFHKLMPRSTUY/BCFKLPRSTUY/CHMSTU/BDLPRY/FHKMSU/CDMTUY 000000",
        );
    let text = if patron == Patron::Demogorgon {
        let lists = "BCDFHKLMPRSTUY/BCFKLPRSTUY/CHMSTU/BDLPRY/FHKMSU/CDMTUY";
        let with_grimoires: Vec<String> = lists.split('/').map(|l| format!("{l}:{l}")).collect();
        text.replace(lists, &with_grimoires.join("/"))
    } else {
        text
    };
    Hexian::from_position_string(&text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

#[test]
fn random_playouts_keep_hash_notation_and_move_tokens_consistent() {
    let mut rng = StdRng::seed_from_u64(8);
    for (game, patron) in Patron::ALL.into_iter().enumerate() {
        let players = [PlayerCount::Six, PlayerCount::Three, PlayerCount::Two][game % 3];
        let mut position = start(patron, players);
        for ply in 0..24 {
            let moves = position.legal_moves();
            if moves.is_empty() {
                assert!(position.is_over(), "{patron:?} ply {ply}: no moves");
                break;
            }
            for mv in &moves {
                let token = move_token(mv);
                assert_eq!(parse_move_token(&token).as_ref(), Ok(mv), "{token}");
            }
            let mv = moves[rng.gen_range(0..moves.len())];
            position.play(mv);
            assert_eq!(
                position.hash(),
                position.recompute_hash(),
                "{patron:?} ply {ply}"
            );
            let text = position.position_string();
            let read = Hexian::from_position_string(&text)
                .unwrap_or_else(|e| panic!("{patron:?} ply {ply}: {text}: {e}"));
            assert_eq!(read.position_string(), text);
            assert_eq!(read.hash(), position.hash(), "{text}");
        }
    }
}
