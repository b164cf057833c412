//! Replays the reference games of `positions/sevenkingdoms/reference-games.json` (spec
//! §13.5): every move must be legal, and the final winner, victory type, captured
//! kingdoms per holder and kingdoms still in the game must equal the recorded ones.

use engine::game::{Game, Status};
use engine::variants::sevenkingdoms::{Players, SevenKingdoms, COLOUR_NAMES, KINGDOMS};
use std::collections::BTreeMap;

const DATA: &str = include_str!(concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../positions/sevenkingdoms/reference-games.json"
));

/// The subset of JSON the data file uses.
#[derive(Debug)]
enum Json {
    Str(String),
    Array(Vec<Json>),
    Object(BTreeMap<String, Json>),
    Other,
}

impl Json {
    fn get(&self, key: &str) -> &Json {
        match self {
            Json::Object(map) => map.get(key).unwrap_or_else(|| panic!("missing key {key}")),
            _ => panic!("not an object"),
        }
    }
    fn str(&self) -> &str {
        match self {
            Json::Str(s) => s,
            other => panic!("not a string: {other:?}"),
        }
    }
    fn array(&self) -> &[Json] {
        match self {
            Json::Array(items) => items,
            other => panic!("not an array: {other:?}"),
        }
    }
    fn strings(&self) -> Vec<String> {
        self.array().iter().map(|j| j.str().to_string()).collect()
    }
}

struct Parser<'a> {
    bytes: &'a [u8],
    pos: usize,
}

impl Parser<'_> {
    fn skip_space(&mut self) {
        while self
            .bytes
            .get(self.pos)
            .is_some_and(|b| b.is_ascii_whitespace())
        {
            self.pos += 1;
        }
    }
    fn expect(&mut self, byte: u8) {
        self.skip_space();
        assert_eq!(self.bytes[self.pos], byte, "at {}", self.pos);
        self.pos += 1;
    }
    fn string(&mut self) -> String {
        self.expect(b'"');
        let start = self.pos;
        while self.bytes[self.pos] != b'"' {
            assert_ne!(
                self.bytes[self.pos], b'\\',
                "escapes are not used in the data"
            );
            self.pos += 1;
        }
        self.pos += 1;
        String::from_utf8(self.bytes[start..self.pos - 1].to_vec()).unwrap()
    }
    fn separated<T>(&mut self, close: u8, mut item: impl FnMut(&mut Self) -> T) -> Vec<T> {
        let mut items = Vec::new();
        self.skip_space();
        if self.bytes[self.pos] == close {
            self.pos += 1;
            return items;
        }
        loop {
            items.push(item(self));
            self.skip_space();
            self.pos += 1;
            if self.bytes[self.pos - 1] == close {
                return items;
            }
        }
    }
    fn value(&mut self) -> Json {
        self.skip_space();
        match self.bytes[self.pos] {
            b'"' => Json::Str(self.string()),
            b'[' => {
                self.pos += 1;
                Json::Array(self.separated(b']', Self::value))
            }
            b'{' => {
                self.pos += 1;
                let pairs = self.separated(b'}', |p| {
                    let key = p.string();
                    p.expect(b':');
                    (key, p.value())
                });
                Json::Object(pairs.into_iter().collect())
            }
            _ => {
                while !matches!(self.bytes[self.pos], b',' | b'}' | b']') {
                    self.pos += 1;
                }
                Json::Other
            }
        }
    }
}

/// The four fields the data set reports, computed from a finished position.
fn report(pos: &SevenKingdoms) -> (String, String, BTreeMap<String, Vec<String>>, Vec<String>) {
    let ending = pos.ending().expect("the game is over after its last move");
    let winner = ending
        .winner
        .map_or("none".to_string(), |k| COLOUR_NAMES[k].to_string());
    let mut captured: BTreeMap<String, Vec<String>> = COLOUR_NAMES
        .iter()
        .map(|n| (n.to_string(), Vec::new()))
        .collect();
    for &(holder, kingdom) in pos.captured_kingdoms() {
        captured
            .get_mut(COLOUR_NAMES[holder as usize])
            .unwrap()
            .push(COLOUR_NAMES[kingdom as usize].to_string());
    }
    let still = (0..KINGDOMS)
        .filter(|&k| pos.in_game(k))
        .map(|k| COLOUR_NAMES[k].to_string())
        .collect();
    (winner, ending.label.as_str().to_string(), captured, still)
}

#[test]
fn all_150_reference_games_replay_with_the_recorded_results() {
    let data = Parser {
        bytes: DATA.as_bytes(),
        pos: 0,
    }
    .value();
    let games = data.get("entries").array();
    assert_eq!(games.len(), 150);
    let players = Players::default();
    for game in games {
        let id = game.get("gameId").str();
        let mut pos = SevenKingdoms::start(&players);
        let moves = game.get("moves").strings();
        for (i, token) in moves.iter().enumerate() {
            assert_eq!(
                pos.status(),
                Status::Ongoing,
                "game {id}: over before move {i} ({token})"
            );
            let mv = pos
                .parse_move(token)
                .unwrap_or_else(|e| panic!("game {id}, move {i}: {e}"));
            pos.make_move(mv);
        }
        let (winner, label, captured, still) = report(&pos);
        assert_eq!(winner, game.get("winner").str(), "game {id}: winner");
        assert_eq!(
            label,
            game.get("victoryType").str(),
            "game {id}: victory type"
        );
        let recorded = game.get("capturedKingdoms");
        for name in COLOUR_NAMES {
            assert_eq!(
                captured[name],
                recorded.get(name).strings(),
                "game {id}: kingdoms captured by {name}"
            );
        }
        assert_eq!(
            still,
            game.get("colorsStillInGame").strings(),
            "game {id}: kingdoms still in the game"
        );
        let reread = SevenKingdoms::from_position_string(&pos.position_string(), &players).unwrap();
        assert_eq!(
            reread.position_string(),
            pos.position_string(),
            "game {id}: final position string round trip"
        );
    }
}
