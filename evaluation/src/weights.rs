//! Evaluation weights as data: each variant declares its weights once with [`weights!`],
//! as a struct of named fields whose values live in the variant's generated
//! `weights.rs` (`pub const WEIGHTS`). The tuner (`tessera tune`) reads them through
//! [`Weights::flat`], changes them and writes the file again with [`Weights::to_rust`].

use engine::game::Game;
use engine::search::multiplayer::SeatScores;
use engine::search::Evaluator;
use std::fmt::Write;

/// A middlegame and an endgame value.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Pair {
    pub mg: i32,
    pub eg: i32,
}

pub const fn pair(mg: i32, eg: i32) -> Pair {
    Pair { mg, eg }
}

impl std::ops::AddAssign for Pair {
    fn add_assign(&mut self, other: Pair) {
        self.mg += other.mg;
        self.eg += other.eg;
    }
}

impl std::ops::Sub for Pair {
    type Output = Pair;
    fn sub(self, other: Pair) -> Pair {
        pair(self.mg - other.mg, self.eg - other.eg)
    }
}

impl std::ops::Mul<i32> for Pair {
    type Output = Pair;
    fn mul(self, k: i32) -> Pair {
        pair(self.mg * k, self.eg * k)
    }
}

/// One weight field: a number, a pair or an array of them, seen as a flat list of numbers.
pub trait Field {
    /// How many numbers it holds.
    const LEN: usize;
    /// Appends its numbers to `out`.
    fn push_flat(&self, out: &mut Vec<i32>);
    /// Takes its numbers from the front of `values` (at least `LEN` of them).
    fn read_flat(&mut self, values: &[i32]);
    /// Its value as Rust source.
    fn rust(&self) -> String;
    /// The name of each of its numbers, given its own name.
    fn push_names(name: &str, out: &mut Vec<String>);
}

impl Field for i32 {
    const LEN: usize = 1;
    fn push_flat(&self, out: &mut Vec<i32>) {
        out.push(*self);
    }
    fn read_flat(&mut self, values: &[i32]) {
        *self = values[0];
    }
    fn rust(&self) -> String {
        self.to_string()
    }
    fn push_names(name: &str, out: &mut Vec<String>) {
        out.push(name.to_string());
    }
}

impl Field for Pair {
    const LEN: usize = 2;
    fn push_flat(&self, out: &mut Vec<i32>) {
        out.extend([self.mg, self.eg]);
    }
    fn read_flat(&mut self, values: &[i32]) {
        *self = pair(values[0], values[1]);
    }
    fn rust(&self) -> String {
        format!("pair({}, {})", self.mg, self.eg)
    }
    fn push_names(name: &str, out: &mut Vec<String>) {
        out.extend([format!("{name}.mg"), format!("{name}.eg")]);
    }
}

impl<T: Field, const N: usize> Field for [T; N] {
    const LEN: usize = N * T::LEN;
    fn push_flat(&self, out: &mut Vec<i32>) {
        self.iter().for_each(|item| item.push_flat(out));
    }
    fn read_flat(&mut self, values: &[i32]) {
        for (item, chunk) in self.iter_mut().zip(values.chunks(T::LEN)) {
            item.read_flat(chunk);
        }
    }
    fn rust(&self) -> String {
        let items: Vec<String> = self.iter().map(Field::rust).collect();
        format!("[{}]", items.join(", "))
    }
    fn push_names(name: &str, out: &mut Vec<String>) {
        (0..N).for_each(|i| T::push_names(&format!("{name}[{i}]"), out));
    }
}

/// A variant's set of weights, as [`weights!`] declares it.
pub trait Weights: Clone + Send + Sync {
    /// The name of each value in field order: the field's, with the index within an
    /// array field and `.mg` / `.eg` for a pair's halves (`mobility[3].eg`).
    fn value_names() -> Vec<String>;
    /// Every value in field order.
    fn flat(&self) -> Vec<i32>;
    /// Sets every value from `values`, in field order (as many as [`Weights::flat`] gives).
    fn set_flat(&mut self, values: &[i32]);
    /// The fields as Rust struct-literal lines, `    name: value,`.
    fn fields_rust(&self) -> String;

    /// The generated `weights.rs` holding these values: `header` (comment lines without
    /// the `//! ` marker) first, then `pub const WEIGHTS`.
    fn to_rust(&self, header: &str) -> String {
        let mut out = String::new();
        for line in header.lines() {
            let _ = writeln!(out, "{}", format!("//! {line}").trim_end());
        }
        let fields = self.fields_rust();
        out.push_str("\nuse super::Weights;\n");
        if fields.contains("pair(") {
            out.push_str("use crate::weights::pair;\n");
        }
        let _ = write!(
            out,
            "\n#[rustfmt::skip]\npub const WEIGHTS: Weights = Weights {{\n{fields}}};\n"
        );
        out
    }

    /// The header of a generated `weights.rs`: its `//!` lines without the marker.
    fn header_of(rust: &str) -> String {
        rust.lines()
            .map_while(|line| line.strip_prefix("//!"))
            .map(|line| format!("{}\n", line.strip_prefix(' ').unwrap_or(line)))
            .collect()
    }
}

/// Declares a variant's weights struct: named fields of `i32`, [`Pair`] or arrays of
/// them, each with a doc comment saying what it weighs, and implements [`Weights`].
#[macro_export]
macro_rules! weights {
    ($(#[$meta:meta])* pub struct $name:ident { $($(#[$fmeta:meta])* pub $field:ident : $ty:ty,)* }) => {
        $(#[$meta])*
        #[derive(Clone, Debug, PartialEq)]
        pub struct $name {
            $($(#[$fmeta])* pub $field: $ty,)*
        }

        impl $crate::weights::Weights for $name {
            fn value_names() -> Vec<String> {
                let mut names = Vec::new();
                $(<$ty as $crate::weights::Field>::push_names(stringify!($field), &mut names);)*
                names
            }
            fn flat(&self) -> Vec<i32> {
                let mut out = Vec::new();
                $($crate::weights::Field::push_flat(&self.$field, &mut out);)*
                out
            }
            fn set_flat(&mut self, values: &[i32]) {
                let mut at = 0;
                $(
                    $crate::weights::Field::read_flat(&mut self.$field, &values[at..]);
                    at += <$ty as $crate::weights::Field>::LEN;
                )*
                debug_assert_eq!(at, values.len());
            }
            fn fields_rust(&self) -> String {
                let mut out = String::new();
                $(
                    out.push_str(&format!(
                        "    {}: {},\n",
                        stringify!($field),
                        $crate::weights::Field::rust(&self.$field)
                    ));
                )*
                out
            }
        }
    };
}

/// An evaluation the tuner fits: its weights, and every seat's score under any weights.
pub trait Tunable<G: Game>: Evaluator<G> {
    type Weights: Weights;
    /// What the scores are computed with: the weights, and anything derived from them.
    type Scoring: Send + Sync;
    /// The generated weights file, from the repository's root.
    const FILE: &'static str;
    /// Its text as compiled in.
    const SOURCE: &'static str;
    /// The compiled-in weights.
    fn weights() -> Self::Weights;
    fn scoring(weights: Self::Weights) -> Self::Scoring;
    /// Every seat's score with `scoring`, as [`Evaluator::evaluate_seats`] gives it with the
    /// compiled-in weights.
    fn seat_scores(scoring: &Self::Scoring, pos: &G) -> SeatScores;
}

/// Implements [`Tunable`] for an evaluator whose scoring is its weights.
macro_rules! tunable {
    ($eval:ty, $game:ty, $file:literal, $scores:expr) => {
        impl $crate::weights::Tunable<$game> for $eval {
            type Weights = Weights;
            type Scoring = Weights;
            const FILE: &'static str = concat!("evaluation/src/", $file);
            const SOURCE: &'static str = include_str!($file);
            fn weights() -> Weights {
                WEIGHTS
            }
            fn scoring(weights: Weights) -> Weights {
                weights
            }
            fn seat_scores(scoring: &Weights, pos: &$game) -> SeatScores {
                $scores(scoring, pos)
            }
        }
    };
}
pub(crate) use tunable;
