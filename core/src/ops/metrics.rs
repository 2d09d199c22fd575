//! The metrics the bot records: their names and one function per thing counted. They go to
//! whatever recorder the process installed (the binary installs Prometheus's); until one is,
//! recording does nothing.

use std::time::Duration;

/// Games being played (a gauge, read from the database at every scrape).
pub const ACTIVE_GAMES: &str = "halma_active_games";
/// Moves played (a counter).
pub const MOVES: &str = "halma_moves_total";
/// Interactions handled, by `command` and `outcome` (a counter).
pub const INTERACTIONS: &str = "halma_interactions_total";
/// Time from receiving an interaction to its answer, by `command` (a histogram).
pub const INTERACTION_SECONDS: &str = "halma_interaction_duration_seconds";
/// Database errors seen anywhere (a counter).
pub const DATABASE_ERRORS: &str = "halma_database_errors_total";
/// Gateway sessions started (`event="ready"`) or resumed (`event="resumed"`); more than one
/// ready per shard means the bot reconnected (a counter).
pub const GATEWAY_SESSIONS: &str = "halma_gateway_sessions_total";
/// Replay requests by `answer`: `drawn`, `shared` (waited for another request's drawing),
/// `kept` (from the cache), `refused` (the queue was full), and in a fleet also `fleet` (a
/// replay another process drew, of the `drawn` requests) (a counter).
pub const REPLAYS: &str = "halma_replays_total";
/// Counter: the bot's searches by event (started, cancelled, refused).
pub const SEARCHES: &str = "halma_searches_total";
/// Gauge: the bot's searches running now.
pub const SEARCHES_RUNNING: &str = "halma_searches_running";
/// Gauge: the bot's searches waiting for a thread now.
pub const SEARCHES_WAITING: &str = "halma_searches_waiting";
/// Gauge: the most searches that ever waited at once.
pub const SEARCH_QUEUE_LONGEST: &str = "halma_search_queue_longest";
/// Requests to the Interactions Endpoint refused as not Discord's, by `reason` (a counter).
pub const ENDPOINT_REFUSED: &str = "halma_endpoint_refused_total";

/// How an interaction ended (named apart from `halma::Outcome`, how a game ended).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum InteractionOutcome {
    /// Answered as asked.
    Ok,
    /// Refused: the user asked for something the rules or the bot do not allow.
    Refused,
    /// Failed on our side; the user got an apology.
    Error,
}

impl InteractionOutcome {
    /// The label value.
    pub fn as_str(self) -> &'static str {
        match self {
            InteractionOutcome::Ok => "ok",
            InteractionOutcome::Refused => "refused",
            InteractionOutcome::Error => "error",
        }
    }
}

/// Records a handled interaction: `command` is a fixed name like `halma move` or
/// `button accept`, never user input, so the number of label values stays small.
pub fn interaction(command: &str, outcome: InteractionOutcome, elapsed: Option<Duration>) {
    let command = command.to_string();
    metrics::counter!(INTERACTIONS, "command" => command.clone(), "outcome" => outcome.as_str())
        .increment(1);
    if let Some(elapsed) = elapsed {
        metrics::histogram!(INTERACTION_SECONDS, "command" => command).record(elapsed);
    }
}

/// Records a move played.
pub fn move_played() {
    metrics::counter!(MOVES).increment(1);
}

/// Records a replay request answered by `answer` (one of the values named at [`REPLAYS`]).
pub fn replay_request(answer: &'static str) {
    metrics::counter!(REPLAYS, "answer" => answer).increment(1);
}

/// Records what happened to `count` of the bot's searches: `started`, `cancelled` (dropped
/// from the queue or stopped while running) or `refused` (no room).
pub fn search_events(event: &'static str, count: u64) {
    metrics::counter!(SEARCHES, "event" => event).increment(count);
}

/// Records how many of the bot's searches run and wait now, and the most that ever waited.
pub fn searches_now(running: usize, waiting: usize, longest_queue: u64) {
    metrics::gauge!(SEARCHES_RUNNING).set(running as f64);
    metrics::gauge!(SEARCHES_WAITING).set(waiting as f64);
    metrics::gauge!(SEARCH_QUEUE_LONGEST).set(longest_queue as f64);
}

/// Records a request to the Interactions Endpoint refused for `reason` (a fixed text: unsigned,
/// stale, a bad signature).
pub fn count_refused_interaction(reason: &'static str) {
    metrics::counter!(ENDPOINT_REFUSED, "reason" => reason).increment(1);
}

/// Records a database error.
pub fn database_error() {
    metrics::counter!(DATABASE_ERRORS).increment(1);
}

/// Records a database error if `error` was caused by one.
pub fn count_error(error: &anyhow::Error) {
    let from_database = error.chain().any(|cause| {
        cause.is::<sqlx::Error>()
            || matches!(
                cause.downcast_ref::<crate::error::Error>(),
                Some(crate::error::Error::Db(_))
            )
    });
    if from_database {
        database_error();
    }
}
