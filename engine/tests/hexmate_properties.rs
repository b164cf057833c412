//! Seeded random playouts of `hexmate` and `hexchoice` (placement phase, then play), checking
//! at every ply the engine's internal consistency (hashes, position strings, move strings,
//! counts, make/unmake) and its rules against `reference`, a small independent model of
//! `docs/rules/hexmate.md` written for these tests. A third of the games prefer captures
//! and a third pawn moves, so that borrowed King movement (R26–R28) comes and goes, pawns
//! promote and games end by baring and checkmate.

use engine::variants::hexmate::{Hexmate, Ruleset};
use engine::{Game, Status};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use reference::Position as Model;
use std::collections::{BTreeMap, HashSet};

/// An independent model of the rules, written from the spec: a board of letters indexed by
/// axial coordinates, moves as strings, no bitboards and no incremental state.
mod reference {
    use std::collections::BTreeSet;

    const FILES: &[u8] = b"abcdefghijklm";
    /// R7: E, NE, NW, W, SW, SE.
    const ORTHOGONAL: [(i32, i32); 6] = [(1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1), (1, -1)];
    /// R8: ENE, N, WNW, WSW, S, ESE.
    const DIAGONAL: [(i32, i32); 6] = [(1, 1), (-1, 2), (-2, 1), (-1, -1), (1, -2), (2, -1)];
    /// R19.
    const KNIGHT: [(i32, i32); 12] = [
        (2, 1),
        (3, -1),
        (1, 2),
        (-1, 3),
        (-2, 3),
        (-3, 2),
        (-3, 1),
        (-2, -1),
        (-1, -2),
        (1, -3),
        (2, -3),
        (3, -2),
    ];
    /// R38: White's placement cells.
    const PLACEMENT_CELLS: [&str; 13] = [
        "g1", "h1", "i1", "j1", "f2", "g2", "h2", "i2", "e3", "f3", "g3", "h3", "i3",
    ];
    /// R39: the pool.
    const POOL: [(char, usize); 7] = [
        ('K', 1),
        ('Q', 1),
        ('D', 1),
        ('A', 2),
        ('R', 2),
        ('B', 3),
        ('N', 3),
    ];

    pub type Cell = (i32, i32);

    /// R5.
    fn on_board((q, r): Cell) -> bool {
        q.abs() <= 6 && r.abs() <= 6 && (q + r).abs() <= 6
    }

    fn add((q, r): Cell, (dq, dr): (i32, i32)) -> Cell {
        (q + dq, r + dr)
    }

    fn index((q, r): Cell) -> usize {
        ((q + 6) * 13 + (r + 6)) as usize
    }

    fn cell_at(index: usize) -> Cell {
        (index as i32 / 13 - 6, index as i32 % 13 - 6)
    }

    /// R6.
    fn name((q, r): Cell) -> String {
        format!("{}{}", FILES[(q + 6) as usize] as char, r + 7)
    }

    fn cell_named(name: &str) -> Cell {
        let q = FILES.iter().position(|&f| f == name.as_bytes()[0]).unwrap() as i32 - 6;
        (q, name[1..].parse::<i32>().unwrap() - 7)
    }

    /// R13: colour 0 is white.
    fn colour((q, r): Cell) -> i32 {
        (q - r).rem_euclid(3)
    }

    /// The cells of rank `n` in file order (§2.1).
    fn rank_cells(n: i32) -> Vec<Cell> {
        let r = n - 7;
        (((-6).max(-6 - r))..=(6.min(6 - r)))
            .map(|q| (q, r))
            .collect()
    }

    fn is_white(piece: char) -> bool {
        piece.is_ascii_uppercase()
    }

    /// R26: which pieces lend (and have) knight, bishop and rook movement.
    fn knight_mover(piece: char) -> bool {
        matches!(piece.to_ascii_uppercase(), 'N' | 'D' | 'A')
    }
    fn bishop_mover(piece: char) -> bool {
        matches!(piece.to_ascii_uppercase(), 'B' | 'A' | 'Q')
    }
    fn rook_mover(piece: char) -> bool {
        matches!(piece.to_ascii_uppercase(), 'R' | 'D' | 'Q')
    }

    /// An ordinary move: from, to and the promotion letter (lower case).
    #[derive(Clone, Copy)]
    struct Move {
        from: Cell,
        to: Cell,
        promotion: Option<char>,
    }

    impl Move {
        /// R62: `<from><to>[promo]`.
        fn parse(text: &str) -> Move {
            let to_at = 1 + text[1..].find(|c: char| c.is_ascii_alphabetic()).unwrap();
            let rest = &text[to_at..];
            let digits = 1 + rest[1..].bytes().take_while(u8::is_ascii_digit).count();
            Move {
                from: cell_named(&text[..to_at]),
                to: cell_named(&rest[..digits]),
                promotion: rest[digits..].chars().next(),
            }
        }

        fn text(self) -> String {
            let mut text = name(self.from) + &name(self.to);
            text.extend(self.promotion);
            text
        }
    }

    /// Borrowed types of one side (R26).
    #[derive(Clone, Copy)]
    struct Types {
        knight: bool,
        bishop: bool,
        rook: bool,
    }

    #[derive(Clone, PartialEq, Eq, Debug)]
    pub struct Position {
        cells: [Option<char>; 169],
        pub white_to_move: bool,
        pub placing: bool,
        halfmove: u32,
        fullmove: u32,
    }

    impl Position {
        /// Reads a position string printed by the engine (assumed well formed).
        pub fn parse(text: &str) -> Position {
            let fields: Vec<&str> = text.split(' ').collect();
            let mut pos = Position {
                cells: [None; 169],
                white_to_move: fields[1] == "w",
                placing: fields.len() == 5 && fields[2] == "place",
                halfmove: fields[fields.len() - 2].parse().unwrap(),
                fullmove: fields[fields.len() - 1].parse().unwrap(),
            };
            for (i, rank) in fields[0].split('/').enumerate() {
                let cells = rank_cells(13 - i as i32);
                let (mut at, mut run) = (0, 0);
                for ch in rank.chars() {
                    if let Some(d) = ch.to_digit(10) {
                        run = run * 10 + d as usize;
                    } else {
                        at += run;
                        run = 0;
                        pos.set(cells[at], Some(ch));
                        at += 1;
                    }
                }
                assert_eq!(at + run, cells.len(), "rank {} of {text}", 13 - i);
            }
            pos
        }

        pub fn get(&self, cell: Cell) -> Option<char> {
            self.cells[index(cell)]
        }

        fn set(&mut self, cell: Cell, piece: Option<char>) {
            self.cells[index(cell)] = piece;
        }

        fn pieces(&self) -> impl Iterator<Item = (Cell, char)> + '_ {
            self.cells
                .iter()
                .enumerate()
                .filter_map(|(i, p)| p.map(|p| (cell_at(i), p)))
        }

        fn types(&self, white: bool) -> Types {
            let mut t = Types {
                knight: false,
                bishop: false,
                rook: false,
            };
            for (_, p) in self.pieces().filter(|&(_, p)| is_white(p) == white) {
                t.knight |= knight_mover(p);
                t.bishop |= bishop_mover(p);
                t.rook |= rook_mover(p);
            }
            t
        }

        fn king(&self, white: bool) -> Option<Cell> {
            let king = if white { 'K' } else { 'k' };
            self.pieces().find(|&(_, p)| p == king).map(|(c, _)| c)
        }

        /// R46 step 1 / R50: a side with no piece other than its King.
        fn is_bare(&self, white: bool) -> bool {
            self.pieces()
                .all(|(_, p)| is_white(p) != white || p.eq_ignore_ascii_case(&'K'))
        }

        /// Where a piece of `white` on `from` slides along `dirs` (R15).
        fn slides(&self, from: Cell, white: bool, dirs: &[(i32, i32)], out: &mut Vec<Cell>) {
            for &d in dirs {
                let mut c = add(from, d);
                while on_board(c) {
                    match self.get(c) {
                        None => out.push(c),
                        Some(p) => {
                            if is_white(p) != white {
                                out.push(c);
                            }
                            break;
                        }
                    }
                    c = add(c, d);
                }
            }
        }

        /// Where single steps or leaps go (R16).
        fn leaps(&self, from: Cell, white: bool, offsets: &[(i32, i32)], out: &mut Vec<Cell>) {
            for &d in offsets {
                let c = add(from, d);
                if on_board(c) && self.get(c).is_none_or(|p| is_white(p) != white) {
                    out.push(c);
                }
            }
        }

        /// Every move allowed by R14–R29 before the check test (R29: each to-cell once).
        fn pseudo_moves(&self) -> Vec<Move> {
            let white = self.white_to_move;
            let types = self.types(white);
            let mut moves = Vec::new();
            for (from, piece) in self.pieces().filter(|&(_, p)| is_white(p) == white) {
                let mut to = Vec::new();
                let king = piece.eq_ignore_ascii_case(&'K');
                let pawn = piece.eq_ignore_ascii_case(&'P');
                if rook_mover(piece) || (king && types.rook) {
                    self.slides(from, white, &ORTHOGONAL, &mut to);
                }
                if bishop_mover(piece) || (king && types.bishop) {
                    self.slides(from, white, &DIAGONAL, &mut to);
                }
                if knight_mover(piece) || (king && types.knight) {
                    self.leaps(from, white, &KNIGHT, &mut to);
                }
                if king {
                    self.leaps(from, white, &ORTHOGONAL, &mut to);
                }
                if pawn {
                    // R23: NW and NE for White, SW and SE for Black.
                    let steps = if white {
                        [(-1, 1), (0, 1)]
                    } else {
                        [(0, -1), (1, -1)]
                    };
                    self.leaps(from, white, &steps, &mut to);
                }
                to.sort_unstable();
                to.dedup();
                let last_rank = if white { 6 } else { -6 };
                for to in to {
                    if pawn && to.1 == last_rank {
                        // R24: compulsory promotion to Queen, Duke or Paladin.
                        for p in ['q', 'd', 'a'] {
                            moves.push(Move {
                                from,
                                to,
                                promotion: Some(p),
                            });
                        }
                    } else {
                        moves.push(Move {
                            from,
                            to,
                            promotion: None,
                        });
                    }
                }
            }
            moves
        }

        /// R30: whether `x` is attacked by the side `white`, scanning outward from `x`.
        fn attacked(&self, x: Cell, white: bool) -> bool {
            self.attacked_with(x, white, self.types(white))
        }

        /// `attacked`, given the borrowed types of the side `white`.
        fn attacked_with(&self, x: Cell, white: bool, types: Types) -> bool {
            let theirs = |c: Cell| {
                on_board(c)
                    .then(|| self.get(c))
                    .flatten()
                    .filter(|&p| is_white(p) == white)
            };
            let is_king = |p: char| p.eq_ignore_ascii_case(&'K');
            let first_on_line = |d: (i32, i32)| {
                let mut c = add(x, d);
                while on_board(c) && self.get(c).is_none() {
                    c = add(c, d);
                }
                theirs(c).map(|p| (c, p))
            };
            let leaper = |p: char| knight_mover(p) || (is_king(p) && types.knight);
            if KNIGHT
                .iter()
                .any(|&d| theirs(add(x, d)).is_some_and(leaper))
            {
                return true;
            }
            for d in ORTHOGONAL {
                if let Some((c, p)) = first_on_line(d) {
                    let king_reaches = is_king(p) && (types.rook || c == add(x, d));
                    if rook_mover(p) || king_reaches {
                        return true;
                    }
                }
            }
            let diagonal = |p: char| bishop_mover(p) || (is_king(p) && types.bishop);
            if DIAGONAL
                .iter()
                .any(|&d| first_on_line(d).is_some_and(|(_, p)| diagonal(p)))
            {
                return true;
            }
            let pawn_cells = if white {
                [(0, -1), (1, -1)]
            } else {
                [(-1, 1), (0, 1)]
            };
            pawn_cells
                .iter()
                .any(|&d| theirs(add(x, d)).is_some_and(|p| p.eq_ignore_ascii_case(&'P')))
        }

        /// R31.
        pub fn in_check(&self) -> bool {
            self.king(self.white_to_move)
                .is_some_and(|k| self.attacked(k, !self.white_to_move))
        }

        /// The position after an ordinary move (R14, R24, R51, R57).
        fn apply(&self, mv: Move) -> Position {
            let mut next = self.clone();
            next.white_to_move = !self.white_to_move;
            let piece = self.get(mv.from).unwrap();
            let placed = match mv.promotion {
                Some(p) if self.white_to_move => p.to_ascii_uppercase(),
                Some(p) => p,
                None => piece,
            };
            next.set(mv.from, None);
            next.set(mv.to, Some(placed));
            let capture = self.get(mv.to).is_some();
            next.halfmove = if capture || piece.eq_ignore_ascii_case(&'P') {
                0
            } else {
                self.halfmove + 1
            };
            if !self.white_to_move {
                next.fullmove += 1;
            }
            next
        }

        /// The position after the ordinary move or placement `mv` (R40, R45 for placements).
        pub fn after(&self, mv: &str) -> Position {
            let Some((unit, cell)) = mv.split_once('@') else {
                return self.apply(Move::parse(mv));
            };
            let mut next = self.clone();
            next.white_to_move = !self.white_to_move;
            let unit = unit.chars().next().unwrap();
            let (q, r) = cell_named(cell);
            for c in [(q, r), (-q - r, r)] {
                next.set(c, Some(unit));
                next.set((-c.0, -c.1), Some(unit.to_ascii_lowercase()));
            }
            // R45: the phase ends with the 13th placement.
            next.placing = PLACEMENT_CELLS
                .iter()
                .any(|n| next.get(cell_named(n)).is_none());
            next
        }

        /// Whether the ordinary move `mv` captures or promotes.
        pub fn is_tactical(&self, mv: &str) -> bool {
            if mv.contains('@') {
                return false;
            }
            let mv = Move::parse(mv);
            mv.promotion.is_some() || self.get(mv.to).is_some()
        }

        /// R32: the legal ordinary moves; none once a side is bare (R46, R50).
        fn legal_moves(&self) -> BTreeSet<String> {
            if self.is_bare(true) || self.is_bare(false) {
                return BTreeSet::new();
            }
            let white = self.white_to_move;
            let king = self.king(white).expect("each side has a King in play");
            let their_types = self.types(!white);
            self.pseudo_moves()
                .into_iter()
                .filter(|&mv| {
                    let next = self.apply(mv);
                    let king = if mv.from == king { mv.to } else { king };
                    // R28: a capture may take away a type of the opponent's King.
                    let types = match self.get(mv.to) {
                        Some(_) => next.types(!white),
                        None => their_types,
                    };
                    !next.attacked_with(king, !white, types)
                })
                .map(Move::text)
                .collect()
        }

        /// R41: the legal placements.
        fn placements(&self) -> BTreeSet<String> {
            let slot = |name: &str| {
                let (q, r) = cell_named(name);
                let mirror = (-q - r, r);
                let centre = mirror == (q, r);
                let white_pair = !centre && colour((q, r)) == 0 && colour(mirror) == 0;
                ((q, r), centre, white_pair)
            };
            let used = |letter: char| {
                PLACEMENT_CELLS
                    .iter()
                    .filter(|n| self.get(slot(n).0) == Some(letter))
                    .count()
            };
            let (mut paladin_centre, mut paladin_pair) = (false, false);
            let (mut bishops_white, mut bishops_mixed) = (0, 0);
            let (mut free_white, mut free_mixed) = (0, 0);
            for n in PLACEMENT_CELLS {
                let (cell, centre, white_pair) = slot(n);
                match (self.get(cell), centre) {
                    (None, false) if white_pair => free_white += 1,
                    (None, false) => free_mixed += 1,
                    (Some('A'), true) => paladin_centre = true,
                    (Some('A'), false) => paladin_pair = true,
                    (Some('B'), false) if white_pair => bishops_white += 1,
                    (Some('B'), false) => bishops_mixed += 1,
                    _ => {}
                }
            }
            let mut moves = BTreeSet::new();
            for (unit, count) in POOL {
                if used(unit) >= count {
                    continue;
                }
                for n in PLACEMENT_CELLS {
                    let (cell, centre, white_pair) = slot(n);
                    if self.get(cell).is_some() {
                        continue;
                    }
                    // R41 items 1–3.
                    let fits = match unit {
                        'K' => centre,
                        'A' => (centre && !paladin_centre) || (!centre && !paladin_pair),
                        _ => !centre,
                    };
                    // Items 4 and 5, counted after the placement.
                    let bishop = i32::from(unit == 'B');
                    let (bw, bm, fw, fm) = match (centre, white_pair) {
                        (true, _) => (bishops_white, bishops_mixed, free_white, free_mixed),
                        (false, true) => (
                            bishops_white + bishop,
                            bishops_mixed,
                            free_white - 1,
                            free_mixed,
                        ),
                        (false, false) => (
                            bishops_white,
                            bishops_mixed + bishop,
                            free_white,
                            free_mixed - 1,
                        ),
                    };
                    if fits && bw <= 1 && bm <= 2 && fw >= 1 - bw && fm >= 2 - bm {
                        moves.insert(format!("{unit}@{n}"));
                    }
                }
            }
            moves
        }

        /// Every legal move or placement.
        pub fn moves(&self) -> BTreeSet<String> {
            if self.placing {
                self.placements()
            } else {
                self.legal_moves()
            }
        }

        /// R46–R52: the result, given the legal moves and how often the position occurred
        /// before; `None` while the game goes on.
        pub fn result(&self, moves: &BTreeSet<String>, earlier: usize) -> Option<&'static str> {
            if self.placing {
                return None;
            }
            let (us, them) = (self.white_to_move, !self.white_to_move);
            let win = |white: bool| if white { "1-0" } else { "0-1" };
            match (self.is_bare(us), self.is_bare(them)) {
                (true, true) => return Some("1/2-1/2"),
                (true, false) => return Some(win(them)),
                (false, true) => return Some(win(us)),
                _ => {}
            }
            if moves.is_empty() {
                return Some(match (self.in_check(), them) {
                    (true, white) => win(white),
                    (false, true) => "3/4-1/4",
                    (false, false) => "1/4-3/4",
                });
            }
            (self.halfmove >= 100 || earlier >= 2).then_some("1/2-1/2")
        }

        /// Whether the piece on the from-cell of the ordinary move `mv` is a pawn.
        pub fn is_pawn_move(&self, mv: &str) -> bool {
            !mv.contains('@')
                && self
                    .get(Move::parse(mv).from)
                    .is_some_and(|p| p.eq_ignore_ascii_case(&'P'))
        }
    }
}

/// The part of a position string repetition compares (R52): board, side and phase.
fn repetition_key(text: &str) -> String {
    let fields: Vec<&str> = text.split(' ').collect();
    fields[..fields.len() - 2].join(" ")
}

/// The legal moves.
fn generate(pos: &Hexmate) -> Vec<<Hexmate as Game>::Move> {
    let mut moves = <Hexmate as Game>::MoveList::default();
    pos.generate_moves(&mut moves);
    moves.to_vec()
}

fn snapshot(pos: &Hexmate) -> (String, u64) {
    (pos.position_string(), pos.hash())
}

/// The result string and the reason, if the game is over.
fn outcome(pos: &Hexmate) -> Option<(String, &'static str)> {
    match pos.status() {
        Status::Ongoing => None,
        Status::Over(o) => Some((o.result_string(), o.reason)),
    }
}

/// What the playouts met, to make sure they reach the rules they are meant to test.
#[derive(Default, Debug)]
struct Seen {
    plies: usize,
    endings: BTreeMap<String, usize>,
    promotions: usize,
    checks: usize,
    kings_without_knight: usize,
    kings_without_bishop: usize,
    kings_without_rook: usize,
    games_in_play: usize,
}

/// Checks one position: hashes, position string, the legal moves against the reference,
/// counts, move strings, make/unmake, check and the result. `history` holds the repetition
/// keys of the earlier positions of the game. Returns the legal moves with their text,
/// sorted by it, and whether the game is over.
fn check_position(
    pos: &Hexmate,
    ruleset: Ruleset,
    history: &[String],
    seen: &mut Seen,
) -> (Vec<(String, <Hexmate as Game>::Move)>, bool) {
    let (text, hash) = snapshot(pos);
    assert_eq!(hash, pos.recompute_hash(), "incremental hash in {text}");

    // §9: the string reads back to the same position and prints the same.
    let reread = Hexmate::from_position_string(&text, &ruleset)
        .unwrap_or_else(|e| panic!("{text} does not read back: {e}"));
    assert_eq!(snapshot(&reread), (text.clone(), hash));

    // The engine's legal moves are the reference's, each once, counted alike.
    let model = Model::parse(&text);
    let expected = model.moves();
    let moves = generate(pos);
    let mut sorted: Vec<_> = moves.iter().map(|&m| (pos.move_string(m), m)).collect();
    sorted.sort_by(|a, b| a.0.cmp(&b.0));
    assert!(
        sorted.iter().map(|(t, _)| t).eq(expected.iter()),
        "legal moves of {text}: engine {:?}, reference {expected:?}",
        sorted.iter().map(|(t, _)| t).collect::<Vec<_>>()
    );
    let unique: HashSet<_> = moves.iter().collect();
    assert_eq!(unique.len(), moves.len(), "duplicate moves in {text}");
    assert_eq!(pos.count_moves(), moves.len(), "count_moves in {text}");
    assert_eq!(pos.in_check(), model.in_check(), "in_check in {text}");
    // Quiescence's generator gives exactly the tactical moves, in the full list's order.
    let mut tactical = Default::default();
    pos.generate_tactical_moves(&mut tactical);
    let expected_tactical: Vec<_> = moves.iter().filter(|&&m| pos.is_tactical(m)).collect();
    assert!(
        tactical.iter().eq(expected_tactical),
        "tactical moves in {text}"
    );

    // R46–R52, with repetitions counted from the game's history.
    let key = repetition_key(&text);
    let earlier = history.iter().filter(|k| **k == key).count();
    if !model.placing {
        assert_eq!(pos.repetitions(), earlier, "repetitions in {text}");
    }
    let over = outcome(pos);
    assert_eq!(
        over.as_ref().map(|(r, _)| r.as_str()),
        model.result(&expected, earlier),
        "result of {text}"
    );

    // Every move string reads back to its move; make/unmake restores the position.
    let mut scratch = pos.clone();
    for (token, mv) in &sorted {
        let (token, mv) = (token.as_str(), *mv);
        assert_eq!(pos.parse_move(token), Ok(mv), "{token} in {text}");
        assert_eq!(
            pos.is_tactical(mv),
            model.is_tactical(token),
            "is_tactical({token}) in {text}"
        );
        scratch.make_move(mv);
        assert_eq!(
            scratch.hash(),
            scratch.recompute_hash(),
            "hash after {token} in {text}"
        );
        scratch.unmake_move();
        assert_eq!(snapshot(&scratch), (text.clone(), hash), "unmake {token}");
    }

    seen.plies += 1;
    seen.checks += usize::from(model.in_check());
    if let Some((result, reason)) = &over {
        *seen
            .endings
            .entry(format!("{result} {reason}"))
            .or_default() += 1;
    }
    (sorted, over.is_some())
}

/// How a playout picks its moves: at random, preferring captures and promotions, or
/// preferring pawn moves (so that pawns reach the last rank and promote).
#[derive(Clone, Copy)]
enum Style {
    Uniform,
    Captures,
    Pawns,
}

/// Picks a move. `moves` are sorted by their text, so that a game depends only on the seed
/// and the rules, not on the engine's generation order.
fn pick(
    pos: &Hexmate,
    model: &Model,
    moves: &[(String, <Hexmate as Game>::Move)],
    style: Style,
    rng: &mut StdRng,
) -> <Hexmate as Game>::Move {
    let preferred: Vec<_> = match style {
        Style::Uniform => Vec::new(),
        Style::Captures => moves.iter().filter(|(_, m)| pos.is_tactical(*m)).collect(),
        Style::Pawns => moves
            .iter()
            .filter(|(t, _)| model.is_pawn_move(t))
            .collect(),
    };
    if !preferred.is_empty() && rng.gen_bool(0.75) {
        preferred[rng.gen_range(0..preferred.len())].1
    } else {
        moves[rng.gen_range(0..moves.len())].1
    }
}

/// Plays one seeded game of at most `max_plies` plies, checking every position and every
/// transition against the reference, then takes every move back.
fn playout(ruleset: Ruleset, seed: u64, max_plies: usize, seen: &mut Seen) {
    let mut rng = StdRng::seed_from_u64(seed);
    let style = [Style::Uniform, Style::Captures, Style::Pawns][seed as usize % 3];
    let mut pos = Hexmate::start(&ruleset);
    let start = snapshot(&pos);
    let mut history = Vec::new();
    for ply in 0..=max_plies {
        let (moves, over) = check_position(&pos, ruleset, &history, seen);
        if over || ply == max_plies {
            break;
        }
        let text = pos.position_string();
        let before = Model::parse(&text);
        let mv = pick(&pos, &before, &moves, style, &mut rng);
        let token = pos.move_string(mv);
        history.push(repetition_key(&text));
        pos.make_move(mv);
        // Board, side, phase and clocks after the move, as the reference expects.
        let after = Model::parse(&pos.position_string());
        assert_eq!(after, before.after(&token), "{token} in {text}");
        seen.games_in_play += usize::from(before.placing && !after.placing);
        seen.promotions += usize::from(!token.contains('@') && token.ends_with(['q', 'd', 'a']));
        if !after.placing {
            let t = pos.borrowed_types(pos.side());
            seen.kings_without_knight += usize::from(!t.knight);
            seen.kings_without_bishop += usize::from(!t.bishop);
            seen.kings_without_rook += usize::from(!t.rook);
        }
    }
    for _ in 0..history.len() {
        pos.unmake_move();
    }
    assert_eq!(snapshot(&pos), start, "after taking back game {seed}");
}

fn run(ruleset: Ruleset, seeds: std::ops::Range<u64>, max_plies: usize) -> Seen {
    let mut seen = Seen::default();
    for seed in seeds {
        playout(ruleset, seed, max_plies, &mut seen);
    }
    eprintln!("{ruleset:?}: {seen:?}");
    seen
}

/// `hexmate` games of up to 150 plies (120 in all, in two tests that run in parallel; the
/// per-move checks make a ply cost about 0.3 ms).
fn hexmate_playouts(seeds: std::ops::Range<u64>) {
    let seen = run(Ruleset::Hexmate, seeds, 150);
    assert!(seen.promotions > 0 && seen.checks > 0);
    assert!(seen.kings_without_knight > 0 && seen.kings_without_bishop > 0);
    assert!(seen.kings_without_rook > 0);
    assert!(!seen.endings.is_empty());
}

/// `hexchoice` games: 13 random placements, then up to 100 plies of play (60 in all).
fn hexchoice_playouts(seeds: std::ops::Range<u64>) {
    let games = seeds.end - seeds.start;
    let seen = run(Ruleset::Hexchoice, seeds, 13 + 100);
    assert_eq!(
        seen.games_in_play, games as usize,
        "R45: every game reaches play"
    );
    assert!(seen.checks > 0);
}

/// The reference itself reproduces the move counts of the worked examples of §12 that list
/// every legal move of the side to move.
#[test]
fn reference_reproduces_the_worked_example_counts() {
    let examples = [
        ("daqkqad/bbbrrbbb/nnnrarnnn/pppppppppp/ppppppppppp/12/13/12/PPPPPPPPPPP/PPPPPPPPPP/NNNRARNNN/BBBRRBBB/DAQKQAD w 0 1", 36),
        ("3k3/8/9/10/11/12/r11N/12/8P2/4K5/9/8/7 w 0 1", 22),
        ("3k3/8/9/10/11/12/12r/9P2/11/4K5/9/8/7 w 0 2", 8),
        ("7/1P6/9/10/5k5/12/4K8/12/8p2/10/9/8/7 w 0 1", 12),
        ("D6/8/9/10/5k5/12/4K8/12/8p2/10/9/8/7 b 0 1", 2),
        ("A6/8/9/10/5k5/12/4K8/12/8p2/10/9/8/7 b 0 1", 3),
        ("Q6/8/9/10/5k5/12/4K8/12/8p2/10/9/8/7 b 0 1", 4),
        ("1r5/2b5/3n5/6k3/11/12/13/6K5/9P1/10/9/8/7 w 0 1", 4),
        ("1r5/8/9/p9/6k4/12/13/5N6/11/3K6/9/8/7 w 0 1", 18),
        ("1n5/2P5/P8/6k3/5p5/12/13/12/11/10/9/8/3K3 w 0 1", 11),
        ("3k3/8/9/10/11/12/13/p11/10P/10/9/2p5/2RK3 b 0 1", 11),
        ("k6/8/1K7/10/6R4/12/13/12/2p8/10/9/8/7 w 0 1", 55),
        ("k5R/8/1K7/10/11/12/13/12/2p8/10/9/8/7 b 1 1", 0),
        ("k6/8/2K6/10/2p8/12/3B9/12/11/10/9/8/7 b 0 1", 0),
        ("7/8/9/6k3/6n4/12/13/12/10P/3R6/9/8/3K3 w 0 1", 41),
        ("7/8/9/6k3/6R4/12/13/12/10P/10/9/8/3K3 b 0 1", 0),
        ("7/8/9/pppppppppp/ppppppppppp/12/13/12/PPPPPPPPPPP/PPPPPPPPPP/9/8/7 b place 0 1", 70),
        ("q5q/8/1d5d1/pppppppppp/ppppppppppp/12/13/12/PPPPPPPPPPP/PPPPPPPPPP/1D5D1/8/Q5Q b place 0 1", 37),
        ("7/bb4bb/9/pppppppppp/ppppppppppp/12/13/12/PPPPPPPPPPP/PPPPPPPPPP/9/BB4BB/7 b place 0 1", 52),
    ];
    for (text, count) in examples {
        assert_eq!(Model::parse(text).moves().len(), count, "{text}");
    }
}

#[test]
fn hexmate_playouts_agree_with_the_reference_seeds_0_to_59() {
    hexmate_playouts(0..60);
}

#[test]
fn hexmate_playouts_agree_with_the_reference_seeds_60_to_119() {
    hexmate_playouts(60..120);
}

#[test]
fn hexchoice_playouts_agree_with_the_reference_seeds_1000_to_1029() {
    hexchoice_playouts(1000..1030);
}

#[test]
fn hexchoice_playouts_agree_with_the_reference_seeds_1030_to_1059() {
    hexchoice_playouts(1030..1060);
}
