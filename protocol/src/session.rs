//! The protocol's state and dispatch: one [`Session`] per engine process.
//!
//! Commands are checked completely before anything changes, so a refused command (one
//! `info string error: …` line) leaves position, options and hash as they were. A search,
//! `perft` and `bench` run as jobs on their own threads; while one runs, only commands
//! that do not change the state are accepted: `isready`, `stop`, `ponderhit`, `quit`, and
//! `uci`, `debug`, `d`, `moves`, `eval`, which only read it. A job asked to stop is waited
//! for before the next command, so that command is handled as if the job had ended (its
//! `bestmove` or counts come first).

use crate::bench::{self, BenchError};
use crate::go;
use crate::job::{Interrupts, Job, JobControl, JobKind};
use crate::options::{parse_setoption, uci_lines, OptionChange, OptionError, OptionValues};
use crate::output::{error_line, Output};
use crate::strength;
use crate::uci::{parse_line, BenchParams, Command, CommandError, GoParams, Setup};
use crate::variant::{AnyGame, AnySearcher, SearchSettings, SetupError};
use crate::{with_game, with_searcher};
use engine::perft::{divide_until, Counting, Divide};
use engine::search::Options;
use evaluation::wdl;
use std::fmt;
use std::sync::Arc;

/// Why a well-formed command was refused.
#[derive(Debug)]
pub enum SessionError {
    Command(CommandError),
    Option(OptionError),
    /// A `Hash` size the machine cannot give.
    OutOfMemory(usize),
    Position(SetupError),
    /// `UCI_Variant` set to a variant whose rules are not written yet, or whose armies the
    /// `Players` value cannot divide.
    Variant(SetupError),
    /// A `Players` value the current variant cannot divide its armies by.
    Players(SetupError),
    SearchMoves(SetupError),
    Bench(BenchError),
    /// A command that needs the engine idle, sent while a job runs.
    Busy {
        command: &'static str,
        job: JobKind,
    },
    NothingToStop,
    NotPondering,
}

impl fmt::Display for SessionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SessionError::Command(e) => write!(f, "{e}"),
            SessionError::Option(e) => write!(f, "setoption: {e}"),
            SessionError::OutOfMemory(mb) => write!(f, "cannot allocate {mb} MiB of memory"),
            SessionError::Position(e) => write!(f, "position: {e}"),
            SessionError::Variant(e) => write!(f, "{e}"),
            SessionError::Players(e) => write!(f, "setoption: {e}"),
            SessionError::SearchMoves(e) => write!(f, "go searchmoves: {e}"),
            SessionError::Bench(e) => write!(f, "{e}"),
            SessionError::Busy { command, job } => write!(
                f,
                "{command} is not allowed while {} runs (send stop first)",
                job.describe()
            ),
            SessionError::NothingToStop => write!(f, "stop: no search is running"),
            SessionError::NotPondering => write!(f, "ponderhit: no ponder search is running"),
        }
    }
}

impl From<CommandError> for SessionError {
    fn from(e: CommandError) -> Self {
        SessionError::Command(e)
    }
}

/// What a test or a diagnostic compares to see whether a command changed the state.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Snapshot {
    pub position: String,
    pub hash: u64,
    pub options: Vec<(&'static str, String)>,
    /// How full the transposition table is (`None` while a search holds it).
    pub hashfull: Option<u32>,
}

/// The engine's state between commands.
pub struct Session {
    out: Output,
    options: OptionValues,
    game: AnyGame,
    /// The searcher of the current game type; a running search holds it.
    searcher: Option<AnySearcher>,
    /// A search hands its searcher back; `perft` and `bench` hand back nothing.
    job: Option<Job<Option<AnySearcher>>>,
    interrupts: Arc<Interrupts>,
    debug: bool,
    quitting: bool,
}

impl Session {
    /// A session at the default variant's start, writing search output to `out`.
    pub fn new(out: Output) -> Session {
        Session::with_interrupts(out, Arc::default())
    }

    /// A session whose jobs `interrupts` can stop from another thread.
    pub fn with_interrupts(out: Output, interrupts: Arc<Interrupts>) -> Session {
        let options = OptionValues::default();
        let game = AnyGame::start(options.variant).expect("the default variant is implemented");
        let searcher = AnySearcher::for_game(&game, &search_settings(&options));
        Session {
            out,
            options,
            game,
            searcher: Some(searcher),
            job: None,
            interrupts,
            debug: false,
            quitting: false,
        }
    }

    /// Handles one line. Returns the lines answered at once; a search writes its own lines
    /// (`info`, `bestmove`) to the session's output as they come.
    pub fn handle_line(&mut self, line: &str) -> Vec<String> {
        self.reap_ended_job();
        let result =
            parse_line(line)
                .map_err(SessionError::from)
                .and_then(|command| match command {
                    Some(command) => self.execute(command),
                    None => Ok(Vec::new()),
                });
        result.unwrap_or_else(|e| vec![error_line(&e.to_string())])
    }

    /// Whether `quit` was received.
    pub fn is_quitting(&self) -> bool {
        self.quitting
    }

    /// Whether a search, `perft` or `bench` is running.
    pub fn is_searching(&mut self) -> bool {
        self.reap_ended_job();
        self.job.is_some()
    }

    /// The end of the input, which is `quit`: stops the running job and waits for its
    /// last lines.
    pub fn finish(&mut self) {
        if let Some(job) = self.job.take() {
            job.control.request_stop();
            self.take_back_searcher(job);
        }
    }

    pub fn snapshot(&self) -> Snapshot {
        Snapshot {
            position: self.game.position_string(),
            hash: self.game.hash(),
            options: self.options.describe(),
            hashfull: self.searcher.as_ref().map(AnySearcher::hashfull),
        }
    }

    fn execute(&mut self, command: Command) -> Result<Vec<String>, SessionError> {
        if let Some(job) = &self.job {
            if let Some(name) = needs_idle_engine(&command) {
                return Err(SessionError::Busy {
                    command: name,
                    job: job.kind,
                });
            }
        }
        match command {
            Command::Uci => Ok(uci_answer()),
            Command::Debug(on) => {
                self.debug = on;
                Ok(Vec::new())
            }
            Command::IsReady => Ok(vec!["readyok".to_string()]),
            Command::SetOption { name, value } => self.set_option(&name, value.as_deref()),
            Command::UciNewGame => {
                self.searcher_mut().clear();
                Ok(Vec::new())
            }
            Command::Position { setup, moves } => self.set_position(setup, &moves),
            Command::Go(params) => self.go(params),
            Command::Stop => self.stop(),
            Command::PonderHit => self.ponderhit(),
            Command::Quit => {
                self.quit();
                Ok(Vec::new())
            }
            Command::Display => Ok(self.display()),
            Command::Moves => Ok(self.moves()),
            Command::Eval => Ok(self.eval()),
            Command::Perft(depth) => Ok(self.perft(depth)),
            Command::Bench(params) => self.bench(params),
        }
    }

    /// Joins a job that has written its last line or was asked to stop: after `stop` the
    /// next command is handled as if the job had ended, its last lines printed before
    /// that command's answer.
    fn reap_ended_job(&mut self) {
        let ended = |c: &JobControl| c.is_finished() || c.stop_requested();
        if self.job.as_ref().is_some_and(|j| ended(&j.control)) {
            if let Some(job) = self.job.take() {
                self.take_back_searcher(job);
            }
        }
    }

    /// Waits for `job` and keeps the searcher a search hands back; after a panic in a
    /// search (reported on stderr) a fresh one takes its place.
    fn take_back_searcher(&mut self, job: Job<Option<AnySearcher>>) {
        if let Some(searcher) = job.join().flatten() {
            self.searcher = Some(searcher);
        }
        if self.searcher.is_none() {
            let settings = search_settings(&self.options);
            self.searcher = Some(AnySearcher::for_game(&self.game, &settings));
        }
    }

    /// The searcher, present whenever no search runs (the only time this is called).
    fn searcher_mut(&mut self) -> &mut AnySearcher {
        self.searcher
            .as_mut()
            .expect("the searcher is home while no search runs")
    }

    fn set_option(&mut self, name: &str, value: Option<&str>) -> Result<Vec<String>, SessionError> {
        let change = parse_setoption(name, value).map_err(SessionError::Option)?;
        match change {
            OptionChange::Variant(variant) => {
                let game = AnyGame::start_with_options(
                    variant,
                    &self.options.players,
                    self.options.patron,
                )
                .map_err(SessionError::Variant)?;
                self.replace_game(game);
            }
            OptionChange::Players(ref players) => {
                let game = self
                    .game
                    .with_players(players)
                    .map_err(SessionError::Players)?;
                if let Some(game) = game {
                    self.replace_game(game);
                }
            }
            OptionChange::Hash(mb) if !memory_available(mb) => {
                return Err(SessionError::OutOfMemory(mb))
            }
            OptionChange::ClearHash => self.searcher_mut().clear(),
            _ => {}
        }
        self.options.apply(&change);
        let settings = search_settings(&self.options);
        self.searcher_mut().configure(&settings);
        Ok(Vec::new())
    }

    /// Makes `game` the position, with a searcher of its type that has learnt nothing:
    /// what the table knows belongs to another variant or another division of players.
    fn replace_game(&mut self, game: AnyGame) {
        if !self.searcher_mut().fits(&game) {
            self.searcher = Some(AnySearcher::for_game(
                &game,
                &search_settings(&self.options),
            ));
        }
        self.searcher_mut().clear();
        self.game = game;
    }

    fn set_position(
        &mut self,
        setup: Setup,
        moves: &[String],
    ) -> Result<Vec<String>, SessionError> {
        let (variant, players) = (self.options.variant, self.options.players.as_str());
        let mut game = match setup {
            Setup::StartPos => AnyGame::start_with_options(variant, players, self.options.patron),
            Setup::Fen(text) => AnyGame::from_position_string_with_players(variant, &text, players),
        }
        .map_err(SessionError::Position)?;
        game.play_tokens(moves.iter().map(String::as_str))
            .map_err(SessionError::Position)?;
        self.game = game;
        Ok(Vec::new())
    }

    /// Starts the search on its own thread; its lines go straight to the output.
    fn go(&mut self, params: GoParams) -> Result<Vec<String>, SessionError> {
        self.game
            .check_moves(&params.searchmoves)
            .map_err(SessionError::SearchMoves)?;
        let mut searcher = self
            .searcher
            .take()
            .expect("the searcher is home while no search runs");
        let game = self.game.clone();
        let out = self.out.clone();
        let debug = self.debug;
        let wdl = self
            .options
            .show_wdl
            .then(|| wdl::models(self.options.variant));
        let waits_for_release = params.infinite || params.ponder;
        let job = Job::spawn(
            JobKind::Search,
            waits_for_release,
            &self.interrupts,
            move |control| {
                with_searcher!(&mut searcher, &game, (s, g) => {
                    go::run(s, g, &params, control, &out, debug, wdl);
                });
                Some(searcher)
            },
        );
        self.job = Some(job);
        Ok(Vec::new())
    }

    fn stop(&mut self) -> Result<Vec<String>, SessionError> {
        let job = self.job.as_ref().ok_or(SessionError::NothingToStop)?;
        job.control.request_stop();
        Ok(Vec::new())
    }

    fn ponderhit(&mut self) -> Result<Vec<String>, SessionError> {
        let job = self
            .job
            .as_ref()
            .filter(|job| job.kind == JobKind::Search)
            .ok_or(SessionError::NotPondering)?;
        job.control.receive_ponderhit();
        Ok(Vec::new())
    }

    /// Asks a running search to stop and does not wait: the process is about to exit.
    fn quit(&mut self) {
        if let Some(job) = &self.job {
            job.control.request_stop();
        }
        self.quitting = true;
    }

    fn display(&self) -> Vec<String> {
        let mut lines: Vec<String> = self.game.board_text().lines().map(String::from).collect();
        lines.push(format!("Variant: {}", self.options.variant.id()));
        lines.push(format!("Position: {}", self.game.position_string()));
        lines.push(format!("Hash: {:016x}", self.game.hash()));
        lines.push(format!("To move: {}", self.game.side_to_move_name()));
        let options: Vec<String> = self
            .options
            .describe()
            .into_iter()
            .map(|(name, value)| format!("{name}={value}"))
            .collect();
        lines.push(format!("Options: {}", options.join("; ")));
        lines.extend(self.game.ending_lines());
        lines
    }

    fn moves(&self) -> Vec<String> {
        let moves = self.game.legal_moves();
        if moves.is_empty() {
            vec!["(none)".to_string()]
        } else {
            vec![moves.join(" ")]
        }
    }

    /// The evaluator's terms, then the total for the side to move.
    fn eval(&self) -> Vec<String> {
        let (terms, total) = self.game.explain_evaluation();
        let mut lines: Vec<String> = terms.lines().map(String::from).collect();
        lines.push(format!(
            "Evaluation: {total} cp for {}",
            self.game.side_to_move_name()
        ));
        lines
    }

    /// Counts on a job of its own; `stop` ends it with the root moves counted so far.
    fn perft(&mut self, depth: u32) -> Vec<String> {
        let threads = self.options.threads;
        let game = self.game.clone();
        let out = self.out.clone();
        let job = Job::spawn(JobKind::Perft, false, &self.interrupts, move |control| {
            let stop = &control.search.stop;
            let counts =
                with_game!(&game, g => divide_until(g, depth, threads, Counting::Bulk, stop));
            control.mark_finished();
            out.lines(&perft_lines(&counts));
            None
        });
        self.job = Some(job);
        Vec::new()
    }

    /// Reads the bench positions at once (a bad file is refused here), then searches them
    /// on a job of its own; `stop` ends it with what was searched so far.
    fn bench(&mut self, params: BenchParams) -> Result<Vec<String>, SessionError> {
        if let Some(mb) = params.hash_mb.filter(|&mb| !memory_available(mb)) {
            return Err(SessionError::OutOfMemory(mb));
        }
        let plan = bench::Plan::new(
            self.options.variant,
            self.options.multiplayer_search,
            params,
        )
        .map_err(SessionError::Bench)?;
        let out = self.out.clone();
        let job = Job::spawn(JobKind::Bench, false, &self.interrupts, move |control| {
            let lines = plan.run(&control.search);
            control.mark_finished();
            out.lines(&lines);
            None
        });
        self.job = Some(job);
        Ok(Vec::new())
    }
}

/// The search's part of the option values.
fn search_settings(values: &OptionValues) -> SearchSettings {
    SearchSettings {
        options: Options {
            threads: values.threads,
            hash_mb: values.hash_mb,
            multipv: values.multipv,
            move_overhead_ms: values.move_overhead_ms,
            plain: values.plain_search,
            skill_hundredths: strength::skill_hundredths(values),
        },
        algorithm: values.multiplayer_search,
    }
}

/// Whether `mb` MiB can be had at all. The table fills its memory when built and an
/// allocation failure aborts the process, so a size the system refuses outright (more
/// than it has) must be turned down before.
pub fn memory_available(mb: usize) -> bool {
    let mut probe: Vec<u8> = Vec::new();
    probe.try_reserve_exact(mb.saturating_mul(1 << 20)).is_ok()
}

/// The commands a running search refuses, by name; `None` for those it accepts.
fn needs_idle_engine(command: &Command) -> Option<&'static str> {
    match command {
        Command::SetOption { .. } => Some("setoption"),
        Command::UciNewGame => Some("ucinewgame"),
        Command::Position { .. } => Some("position"),
        Command::Go(_) => Some("go"),
        Command::Perft(_) => Some("perft"),
        Command::Bench(_) => Some("bench"),
        Command::Uci
        | Command::Debug(_)
        | Command::IsReady
        | Command::Stop
        | Command::PonderHit
        | Command::Quit
        | Command::Display
        | Command::Moves
        | Command::Eval => None,
    }
}

fn uci_answer() -> Vec<String> {
    let mut lines = vec![
        format!("id name Tessera {}", env!("CARGO_PKG_VERSION")),
        "id author the Tessera developers".to_string(),
    ];
    lines.extend(uci_lines());
    lines.push("uciok".to_string());
    lines
}

/// `<move>: <count>` per root move sorted by move text, a blank line, the total; a count
/// stopped early says so after the total: `Nodes searched: <n> (partial: <k> of <m> root
/// moves)`, the root moves shown being the `k` counted to the end.
pub fn perft_lines(counts: &Divide) -> Vec<String> {
    let mut lines: Vec<String> = counts
        .entries
        .iter()
        .map(|(mv, count)| format!("{mv}: {count}"))
        .collect();
    lines.push(String::new());
    lines.push(format!(
        "Nodes searched: {}{}",
        counts.total,
        perft_partial_mark(counts)
    ));
    lines
}

/// ` (partial: <k> of <m> root moves)` for a count stopped early, else nothing.
pub fn perft_partial_mark(counts: &Divide) -> String {
    if counts.is_complete() {
        String::new()
    } else {
        format!(
            " (partial: {} of {} root moves)",
            counts.entries.len(),
            counts.root_moves
        )
    }
}
