//! The conductor: one thread that asks the engine of the seat to move for its move and
//! hands the answer to the table, which checks it by the rules; and one that ends the
//! game when the clock of a person to move runs out. Each seat has its own
//! engine process (started when first needed, through the match runner's engine client,
//! and restarted after a crash, a time-out, or a change of engine or game type).

use super::server::Hub;
use super::table::EngineJob;
use crate::matchrunner::engine_process::EngineProcess;
use crate::matchrunner::game::{ask_move, Fault};
use crate::matchrunner::search_info::SearchInfo;
use engine::variants::Variant;
use std::sync::Arc;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

/// What a running engine was started for: the engine, the game type and the players.
type EngineKey = (usize, Variant, Option<String>);

struct Running {
    key: EngineKey,
    process: EngineProcess,
    game_number: u64,
}

/// Starts the thread that ends a game when a person's clock runs out.
pub fn start_clock_watch(hub: Arc<Hub>) {
    std::thread::spawn(move || loop {
        hub.wait_for_flag_fall();
    });
}

/// Starts the conductor's thread.
pub fn start(hub: Arc<Hub>) {
    std::thread::spawn(move || {
        let mut seats: Vec<Option<Running>> = Vec::new();
        let mut last = None;
        loop {
            let job = hub.next_job(last);
            last = Some((job.game_number, job.ply));
            let answer = ask(&mut seats, &job);
            let at = now_ms();
            // A refusal here only means the answer came for a game or ply no longer shown.
            let _ = hub.change(|table| {
                table.engine_answered(&job, answer, at);
                Ok(())
            });
        }
    });
}

fn now_ms() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_millis() as u64)
}

/// The engine of `job`'s seat, started (or restarted for a new game type) if need be,
/// with `ucinewgame` at the start of each game.
fn engine_for<'a>(
    seats: &'a mut Vec<Option<Running>>,
    job: &EngineJob,
) -> Result<&'a mut Running, Fault> {
    if seats.len() <= job.seat {
        seats.resize_with(job.seat + 1, || None);
    }
    let key = (job.engine, job.variant, job.players.clone());
    let slot = &mut seats[job.seat];
    if slot.as_ref().is_none_or(|r| r.key != key) {
        *slot = None;
        let process = EngineProcess::start(&job.spec, job.variant.id(), job.players.as_deref())
            .map_err(|e| Fault::NoStart(e.to_string()))?;
        *slot = Some(Running {
            key,
            process,
            game_number: job.game_number,
        });
    }
    let running = slot.as_mut().expect("started above");
    if running.game_number != job.game_number {
        running
            .process
            .new_game()
            .map_err(|e| Fault::NoStart(format!("no new game: {e}")))?;
        running.game_number = job.game_number;
    }
    Ok(running)
}

/// Asks for the move of `job`: the token, the engine's last search info and the time
/// taken, or the fault. An engine that failed is ended, to be started afresh when next
/// needed.
fn ask(
    seats: &mut Vec<Option<Running>>,
    job: &EngineJob,
) -> Result<(String, SearchInfo, Duration), Fault> {
    let answer = engine_for(seats, job)
        .and_then(|running| ask_move(&mut running.process, &job.position, &job.clocks, job.seat));
    if answer.is_err() {
        seats[job.seat] = None;
    }
    answer
}
