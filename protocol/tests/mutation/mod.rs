//! Seeded mutation of valid inputs for the fuzz tests: characters and tokens deleted,
//! inserted, swapped or replaced, numbers pushed out of range, lines repeated.

#![allow(dead_code)] // each test file uses a different part of these helpers

use rand::rngs::StdRng;
use rand::seq::SliceRandom;
use rand::Rng;

/// Characters that make interesting mutations: grammar characters, digits, separators,
/// controls and a few multi-byte ones.
const ALPHABET: &[char] = &[
    ' ',
    '\t',
    '\r',
    '/',
    '@',
    '-',
    '+',
    '0',
    '1',
    '9',
    'a',
    'm',
    'z',
    'K',
    'k',
    'P',
    'p',
    'w',
    'b',
    '\u{0}',
    '\u{7f}',
    'é',
    'ß',
    '→',
    '\u{3000}',
    '\u{200b}',
    '\u{fffd}',
    '😀',
    '\u{10ffff}',
];

pub fn random_char(rng: &mut StdRng) -> char {
    if rng.gen_bool(0.7) {
        *ALPHABET.choose(rng).expect("non-empty")
    } else {
        rng.gen::<char>()
    }
}

pub fn random_text(rng: &mut StdRng, max_len: usize) -> String {
    let len = rng.gen_range(0..=max_len);
    (0..len).map(|_| random_char(rng)).collect()
}

/// One random edit of `line`: characters or tokens deleted, inserted, swapped, replaced.
pub fn mutate(line: &str, vocabulary: &[&str], rng: &mut StdRng) -> String {
    let mut chars: Vec<char> = line.chars().collect();
    let mut tokens: Vec<String> = line.split(' ').map(str::to_string).collect();
    match rng.gen_range(0..10) {
        0 if !chars.is_empty() => {
            chars.remove(rng.gen_range(0..chars.len()));
        }
        1 => chars.insert(rng.gen_range(0..=chars.len()), random_char(rng)),
        2 if chars.len() > 1 => {
            let i = rng.gen_range(0..chars.len() - 1);
            chars.swap(i, i + 1);
        }
        3 => {
            tokens.remove(rng.gen_range(0..tokens.len()));
            return tokens.join(" ");
        }
        4 => {
            let word = vocabulary.choose(rng).expect("non-empty").to_string();
            tokens.insert(rng.gen_range(0..=tokens.len()), word);
            return tokens.join(" ");
        }
        5 if tokens.len() > 1 => {
            let (i, j) = (
                rng.gen_range(0..tokens.len()),
                rng.gen_range(0..tokens.len()),
            );
            tokens.swap(i, j);
            return tokens.join(" ");
        }
        6 => {
            let i = rng.gen_range(0..tokens.len());
            tokens[i] = match rng.gen_range(0..4) {
                0 => "-1".to_string(),
                1 => "99999999999999999999999".to_string(),
                2 => rng.gen_range(0..200u32).to_string(),
                _ => random_text(rng, 6),
            };
            return tokens.join(" ");
        }
        7 => chars.truncate(rng.gen_range(0..=chars.len())),
        8 => return random_text(rng, 40),
        _ => {
            let repeat = rng.gen_range(1..2000);
            return format!("{line} {}", vocabulary.choose(rng).expect("non-empty")).repeat(repeat);
        }
    }
    chars.into_iter().collect()
}
