//! The match so far: each engine's wins, draws, losses and points, its record per seat,
//! and the samples that Elo, LOS and the SPRT read.
//!
//! The `seats` games of one opening (`schedule` rotates the engines through the seats)
//! form a round, and a complete round is one sample: rounds cancel most of the bias of
//! openings and seats.
//! - Two seats: a round is a pair. A pair's total for the first engine is 0, ½, 1, 1½
//!   or 2 points: the pentanomial counts (LL, LD, DD or WL, WD, WW). Variants with
//!   quarter points (hexmate's stalemate) give totals between those; such pairs are
//!   counted apart, and every complete pair enters the sample by its exact average.
//! - More seats: each engine's score against the others. In a game, every pair of one
//!   of its seats and a seat of another engine scores 1, ½ or 0 as its seat has more,
//!   as many or fewer points; the game's score is the mean of those, the round's the
//!   mean of its games'. For two engines in two seats this is the plain game score.

use super::config::SprtSpec;
use super::stats::{pair_outcomes, sprt_state, Sample, SprtState};
use engine::game::Points;

/// One engine's results over all its seats: a seat that scored more than an equal
/// share of the point (½ of two seats, ⅐ of seven) won, less lost, exactly that drew.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Tally {
    pub seat_games: usize,
    pub wins: usize,
    pub losses: usize,
    pub draws: usize,
    pub points: f64,
}

impl Tally {
    fn add(&mut self, points: Points, seats: usize) {
        let share = Points::fraction(1, seats as u16);
        self.seat_games += 1;
        self.points += points.as_f64();
        match points.cmp(&share) {
            std::cmp::Ordering::Greater => self.wins += 1,
            std::cmp::Ordering::Less => self.losses += 1,
            std::cmp::Ordering::Equal => self.draws += 1,
        }
    }
}

/// One engine in one seat: games, points and placements (1 for the best score; seats
/// with equal points share the better place).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct SeatRecord {
    pub games: usize,
    pub points: f64,
    pub places: usize,
}

impl SeatRecord {
    pub fn average_points(&self) -> f64 {
        self.points / self.games as f64
    }

    pub fn average_place(&self) -> f64 {
        self.places as f64 / self.games as f64
    }
}

/// Sums a value per game over rounds of `size` consecutive games (game `index` is in
/// round `index / size`), which come in order.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
struct RoundSum {
    /// The round being summed: its number, its games so far and their sum.
    open: Option<(usize, usize, f64)>,
}

impl RoundSum {
    /// Adds game `index`'s value; returns the round's sum when the game completes it.
    /// A round with a game missing (a shard's file left out of a merge) sums to nothing.
    fn add(&mut self, index: usize, size: usize, value: f64) -> Option<f64> {
        let round = index / size;
        let (games, sum) = match self.open.take() {
            Some((open, games, sum)) if open == round => (games, sum),
            _ => (0, 0.0),
        };
        if games != index % size {
            return None;
        }
        if games + 1 == size {
            return Some(sum + value);
        }
        self.open = Some((round, games + 1, sum + value));
        None
    }
}

/// The game pairs of a head-to-head match, from the first engine's side.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Pairs {
    /// Pair averages (total / 2) of the complete pairs.
    pub sample: Sample,
    /// Pairs with totals 0, ½, 1, 1½, 2.
    pub pentanomial: [usize; 5],
    /// The averages of the complete pairs with a total between those (quarter points).
    pub other: Vec<f64>,
    round: RoundSum,
}

impl Pairs {
    /// The SPRT over the pairs so far, with a pseudo-count at every pentanomial outcome
    /// that has not occurred yet; 0 before the first pair.
    pub fn sprt_state(&self, spec: &SprtSpec) -> SprtState {
        let outcomes = if self.sample.games == 0 {
            Vec::new()
        } else {
            pair_outcomes(&self.pentanomial, &self.other)
        };
        sprt_state(&outcomes, spec)
    }

    /// Adds game `index` in which the first engine scored `points`.
    fn add(&mut self, index: usize, points: f64) {
        let Some(total) = self.round.add(index, 2, points) else {
            return;
        };
        self.sample.add(total / 2.0);
        let halves = total * 2.0;
        if halves == halves.round() {
            self.pentanomial[halves as usize] += 1;
        } else {
            self.other.push(total / 2.0);
        }
    }
}

/// One engine's score against the other engines, by rounds, in games of more seats.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct FieldScore {
    /// Round averages of the complete rounds.
    pub sample: Sample,
    round: RoundSum,
}

impl FieldScore {
    fn add(&mut self, index: usize, seats: usize, game_score: f64) {
        if let Some(total) = self.round.add(index, seats, game_score) {
            self.sample.add(total / seats as f64);
        }
    }
}

/// `engine`'s score against the seats of the other engines in one game: the mean over
/// pairs of its seat and another engine's seat of 1, ½ or 0 as its seat scored more, as
/// much or less; `None` when it or the others have no seat in the game.
fn score_against_others(engine: usize, seat_engines: &[usize], points: &[Points]) -> Option<f64> {
    let seats = || seat_engines.iter().zip(points);
    let mut comparisons = 0;
    let mut sum = 0.0;
    for (_, own) in seats().filter(|(&e, _)| e == engine) {
        for (_, other) in seats().filter(|(&e, _)| e != engine) {
            comparisons += 1;
            sum += match own.cmp(other) {
                std::cmp::Ordering::Greater => 1.0,
                std::cmp::Ordering::Equal => 0.5,
                std::cmp::Ordering::Less => 0.0,
            };
        }
    }
    (comparisons > 0).then(|| sum / comparisons as f64)
}

#[derive(Clone, Debug, PartialEq)]
pub struct Standings {
    pub tallies: Vec<Tally>,
    /// Per engine, per seat.
    pub seat_records: Vec<Vec<SeatRecord>>,
    /// Filled for two engines in two seats only.
    pub pairs: Pairs,
    /// Per engine; filled in games of more than two seats only.
    pub field: Vec<FieldScore>,
    pub games: usize,
}

impl Standings {
    pub fn new(engines: usize, seats: usize) -> Standings {
        Standings {
            tallies: vec![Tally::default(); engines],
            seat_records: vec![vec![SeatRecord::default(); seats]; engines],
            pairs: Pairs::default(),
            field: vec![FieldScore::default(); engines],
            games: 0,
        }
    }

    /// Adds game `index` of the match: the engine of each seat and the points each seat
    /// scored. Games must come in the order of their numbers.
    pub fn add_game(&mut self, index: usize, seat_engines: &[usize], points: &[Points]) {
        self.games += 1;
        let seats = seat_engines.len();
        let head_to_head = seats == 2 && self.tallies.len() == 2;
        for (seat, (&engine, &p)) in seat_engines.iter().zip(points).enumerate() {
            self.tallies[engine].add(p, seats);
            let record = &mut self.seat_records[engine][seat];
            record.games += 1;
            record.points += p.as_f64();
            record.places += 1 + points.iter().filter(|&&other| other > p).count();
            if head_to_head && engine == 0 {
                self.pairs.add(index, p.as_f64());
            }
        }
        if seats > 2 {
            for (engine, field) in self.field.iter_mut().enumerate() {
                if let Some(score) = score_against_others(engine, seat_engines, points) {
                    field.add(index, seats, score);
                }
            }
        }
    }
}

/// Two rounds of three games of two engines on three seats (the engine of each seat, the
/// points of each seat), for the tests of the standings and of their report.
#[cfg(test)]
pub(crate) fn three_seat_rounds() -> [(&'static [usize], [Points; 3]); 6] {
    let (zero, third, half, one) = (
        Points::ZERO,
        Points::fraction(1, 3),
        Points::HALF,
        Points::ONE,
    );
    let rotations: [&[usize]; 3] = [&[0, 1, 0], &[1, 0, 0], &[0, 0, 1]];
    let points = [
        [half, zero, half],
        [third; 3],
        [zero, one, zero],
        [third; 3],
        [one, zero, zero],
        [third; 3],
    ];
    std::array::from_fn(|i| (rotations[i % 3], points[i]))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(a: f64, b: f64) -> bool {
        (a - b).abs() < 1e-12
    }

    #[test]
    fn tallies_count_seats_against_an_equal_share() {
        let mut standings = Standings::new(2, 2);
        standings.add_game(0, &[0, 1], &[Points::ONE, Points::ZERO]);
        standings.add_game(1, &[1, 0], &[Points::HALF, Points::HALF]);
        standings.add_game(
            2,
            &[1, 0],
            &[Points::fraction(3, 4), Points::fraction(1, 4)],
        );
        let first = standings.tallies[0];
        assert_eq!((first.wins, first.draws, first.losses), (1, 1, 1));
        assert!(close(first.points, 1.75));

        let mut seven = Standings::new(2, 7);
        let sevenths = [Points::fraction(1, 7); 7];
        seven.add_game(0, &[0, 1, 0, 1, 0, 1, 0], &sevenths);
        assert_eq!(seven.tallies[0].draws, 4);
        assert_eq!(seven.pairs.sample.games, 0);
    }

    #[test]
    fn pairs_fill_the_pentanomial() {
        let mut standings = Standings::new(2, 2);
        let (one, half, zero) = (Points::ONE, Points::HALF, Points::ZERO);
        // Pair 0: the first engine wins with White and draws with Black (WD, 1½).
        standings.add_game(0, &[0, 1], &[one, zero]);
        standings.add_game(1, &[1, 0], &[half, half]);
        // Pair 1: a win each (WL, 1 point).
        standings.add_game(2, &[0, 1], &[one, zero]);
        standings.add_game(3, &[1, 0], &[one, zero]);
        // Pair 2: a stalemate win (¾) and a loss: 0.75 points, between the counts.
        standings.add_game(
            4,
            &[0, 1],
            &[Points::fraction(3, 4), Points::fraction(1, 4)],
        );
        standings.add_game(5, &[1, 0], &[one, zero]);
        // Game 6 waits for its partner.
        standings.add_game(6, &[0, 1], &[zero, one]);
        let pairs = &standings.pairs;
        assert_eq!(pairs.pentanomial, [0, 0, 1, 1, 0]);
        assert_eq!(pairs.other, [0.375]);
        assert_eq!(pairs.sample.games, 3);
        // Pair averages 0.75, 0.5 and 0.375.
        assert!(close(pairs.sample.mean(), 1.625 / 3.0));
    }

    #[test]
    fn a_second_game_without_its_first_is_not_paired() {
        let mut standings = Standings::new(2, 2);
        standings.add_game(0, &[0, 1], &[Points::ONE, Points::ZERO]);
        standings.add_game(3, &[1, 0], &[Points::ONE, Points::ZERO]);
        assert_eq!(standings.pairs.sample.games, 0);
        assert_eq!(standings.games, 2);
    }

    #[test]
    fn scores_against_the_others_by_rounds_of_three_games() {
        let mut standings = Standings::new(2, 3);
        // The games of `three_seat_rounds`. Round 1, engine 0 against engine 1's seat in each game:
        //   [½ 0 ½]: both of its seats beat b's 0 → 1;  [⅓ ⅓ ⅓]: level → ½;
        //   [0 1 0] with b in seat 3: level (0 = 0) and ahead (1 > 0) → ¾.
        //   Round mean (1 + ½ + ¾) / 3 = ¾; engine 1: (0 + ½ + ¼) / 3 = ¼.
        // Round 2: level → ½; [1 0 0] with b in seat 1: both behind → 0; level → ½.
        //   Round mean (½ + 0 + ½) / 3 = ⅓; engine 1: (½ + 1 + ½) / 3 = ⅔.
        for (index, (rotation, points)) in three_seat_rounds().iter().enumerate() {
            standings.add_game(index, rotation, points);
            if index == 4 {
                // A round counts only when complete.
                assert_eq!(standings.field[0].sample.games, 1);
            }
        }
        let (first, second) = (&standings.field[0].sample, &standings.field[1].sample);
        assert_eq!((first.games, second.games), (2, 2));
        assert!(close(first.mean(), (0.75 + 1.0 / 3.0) / 2.0));
        assert!(close(second.mean(), (0.25 + 2.0 / 3.0) / 2.0));
        assert_eq!(standings.pairs.sample.games, 0);
    }

    #[test]
    fn a_round_with_a_missing_game_is_not_counted() {
        let mut round = RoundSum::default();
        assert_eq!(round.add(0, 3, 1.0), None);
        // Game 1 is missing.
        assert_eq!(round.add(2, 3, 1.0), None);
        assert_eq!(round.add(3, 3, 0.5), None);
        assert_eq!(round.add(4, 3, 0.5), None);
        assert_eq!(round.add(5, 3, 0.0), Some(1.0));
    }

    #[test]
    fn seat_records_hold_points_and_places() {
        let mut standings = Standings::new(2, 3);
        let (third, half) = (Points::fraction(1, 3), Points::HALF);
        // Seats 1 and 3 share the lead (place 1), seat 2 is third.
        standings.add_game(0, &[0, 1, 0], &[half, Points::ZERO, half]);
        // An even game: everyone is first.
        standings.add_game(1, &[1, 0, 0], &[third, third, third]);
        let first = &standings.seat_records[0];
        assert_eq!((first[0].games, first[0].places), (1, 1));
        assert_eq!((first[1].games, first[1].places), (1, 1));
        assert_eq!((first[2].games, first[2].places), (2, 2));
        assert!(close(first[2].average_points(), (0.5 + 1.0 / 3.0) / 2.0));
        let second = &standings.seat_records[1];
        assert_eq!((second[0].places, second[1].places), (1, 3));
        assert!(close(second[1].average_place(), 3.0));
    }
}
