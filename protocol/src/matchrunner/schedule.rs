//! Which opening and which seats each game gets: a function of the game's number only,
//! so results do not depend on how the games are spread over threads.
//!
//! Every opening is played once per seat, the engines rotated through the seats. The
//! engines first sit round-robin (seat `s` gets engine `s mod E`); rotation `r` shifts
//! that pattern by `r` seats. Over the `N` games of one opening every seat sees every
//! entry of the pattern once, so each engine plays each seat equally often (with two
//! engines and two seats: each engine plays each colour once). When the seats do not
//! divide among the engines (two engines in seven seats), the pattern's extra seats pass
//! to the next engine with each opening, so that no engine holds more seats over the
//! match than another by more than one opening's surplus.

use super::config::Shard;
use std::ops::Range;

/// Game `index` (0-based) of the match.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GamePlan {
    pub index: usize,
    /// Index into the opening list.
    pub opening: usize,
    /// The engine that plays each seat.
    pub seat_engines: Vec<usize>,
}

/// The plan of game `index` for `seats` seats, `engines` engines and `openings`
/// openings.
pub fn plan_game(index: usize, seats: usize, engines: usize, openings: usize) -> GamePlan {
    let rotation = index % seats;
    let round = index / seats;
    let shift = if seats.is_multiple_of(engines) {
        0
    } else {
        round % engines
    };
    GamePlan {
        index,
        opening: round % openings,
        seat_engines: (0..seats)
            .map(|seat| (((seat + rotation) % seats) % engines + shift) % engines)
            .collect(),
    }
}

/// The games (0-based numbers) that `shard` plays of a match of `games` games: whole
/// rounds of `seats` games (one opening in every rotation, so two-seat game pairs stay
/// together), the rounds cut into `shard.count` contiguous slices of sizes that differ
/// by at most one. Empty when there are fewer rounds than shards.
pub fn shard_games(games: usize, seats: usize, shard: Shard) -> Range<usize> {
    let rounds = games.div_ceil(seats);
    let first_round = shard.index * rounds / shard.count;
    let end_round = (shard.index + 1) * rounds / shard.count;
    (first_round * seats).min(games)..(end_round * seats).min(games)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shards_cut_the_match_into_whole_rounds() {
        let slices = |games, seats, count| -> Vec<Range<usize>> {
            (0..count)
                .map(|index| shard_games(games, seats, Shard { index, count }))
                .collect()
        };
        // 9 games of two seats: 5 rounds (the last one a single game) over 2 shards.
        assert_eq!(slices(9, 2, 2), [0..4, 4..9]);
        assert_eq!(slices(200, 2, 4), [0..50, 50..100, 100..150, 150..200]);
        // 21 games of 7 seats: 3 rounds over 2 shards.
        assert_eq!(slices(21, 7, 2), [0..7, 7..21]);
        // More shards than rounds: some are empty.
        assert_eq!(slices(4, 2, 3), [0..0, 0..2, 2..4]);
    }

    #[test]
    fn two_seats_swap_colours_on_each_opening() {
        let plans: Vec<GamePlan> = (0..4).map(|i| plan_game(i, 2, 2, 10)).collect();
        let seats: Vec<&[usize]> = plans.iter().map(|p| p.seat_engines.as_slice()).collect();
        assert_eq!(seats, [&[0, 1][..], &[1, 0], &[0, 1], &[1, 0]]);
        let openings: Vec<usize> = plans.iter().map(|p| p.opening).collect();
        assert_eq!(openings, [0, 0, 1, 1]);
    }

    /// How often each engine plays each seat in games `games`.
    fn seat_counts<const E: usize, const S: usize>(
        games: std::ops::Range<usize>,
        openings: usize,
    ) -> [[u32; S]; E] {
        let mut count = [[0; S]; E];
        for i in games {
            for (seat, &engine) in plan_game(i, S, E, openings).seat_engines.iter().enumerate() {
                count[engine][seat] += 1;
            }
        }
        count
    }

    #[test]
    fn seven_seats_two_engines_every_engine_plays_every_seat_equally() {
        assert!((0..7).all(|i| plan_game(i, 7, 2, 2).opening == 0));
        // One opening: the first engine holds the extra seat in every game ...
        assert_eq!(seat_counts::<2, 7>(0..7, 2), [[4; 7], [3; 7]]);
        // ... the second on the next opening, so two openings even them out.
        assert_eq!(seat_counts::<2, 7>(7..14, 2), [[3; 7], [4; 7]]);
        assert_eq!(seat_counts::<2, 7>(0..14, 2), [[7; 7], [7; 7]]);
        // Three players and two engines: 9 seats each over two openings.
        assert_eq!(seat_counts::<2, 3>(0..6, 1), [[3; 3], [3; 3]]);
        // Seats that divide evenly keep one pattern: seven engines in seven seats.
        assert_eq!(seat_counts::<7, 7>(0..14, 2), [[2; 7]; 7]);
    }

    #[test]
    fn openings_cycle_when_the_games_outnumber_them() {
        assert_eq!(plan_game(6, 2, 2, 3).opening, 0);
        assert_eq!(plan_game(15, 7, 3, 2).opening, 0);
    }
}
