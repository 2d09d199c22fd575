//! The harness of the end-to-end tests: the shared [`bot_harness`] (a fresh database per test
//! on the server named by `DATABASE_URL`, the real `halma-bot` binary pointed at a fake
//! Discord) bound to this package's binary, and helpers to play games ([`table`]), check the
//! answers ([`answers`]) and read what the bot wrote ([`rows`]).

pub mod answers;
pub mod cluster;
pub mod rows;
pub mod table;

use std::ops::{Deref, DerefMut};
use std::path::{Path, PathBuf};

use bot_harness::{Binary, World};
use fake_discord::FakeDiscord;

pub use answers::{assert_board_png, assert_game_start, assert_refusal};
pub use bot_harness::{last_line, read_log, Bot, TestDb, ANSWER_TIMEOUT, READY_TIMEOUT};
pub use cluster::Cluster;
// The service tests' table snapshot serves here too (the greedy player drives `table`).
pub use crate::common::snapshot;
pub use rows::{game_row, moves_of, parse_history, seats_of};
pub use table::Table;

/// This package's `halma-bot`, run in the tests' scratch folder.
pub fn binary() -> Binary {
    Binary::new(env!("CARGO_BIN_EXE_halma-bot"), env!("CARGO_TARGET_TMPDIR"))
}

/// Where a test's bot log goes (a fresh file; kept only when the test fails).
pub fn log_path(label: &str) -> PathBuf {
    binary().log_path(label)
}

/// Spawns `halma-bot` with exactly `env` (nothing inherited, no `.env` file in reach), its
/// output appended to `log`.
pub fn spawn_bot(env: &[(String, String)], log: &Path) -> Bot {
    binary().spawn(env, log)
}

/// One test's world ([`World`]) around this package's binary; everything of [`World`] is
/// reached through it.
pub struct E2e(World);

impl E2e {
    /// Starts a fake Discord, creates a database, and runs the bot until it is ready.
    pub async fn start(label: &str) -> E2e {
        E2e(World::start(&binary(), label).await)
    }

    /// As [`E2e::start`], with extra or replaced environment variables for the bot.
    pub async fn start_with(label: &str, extra: &[(&str, &str)]) -> E2e {
        E2e(World::start_with(&binary(), label, extra).await)
    }

    /// As [`E2e::start_with`], with the ops endpoint (`/healthz`, `/metrics`) on a free
    /// loopback port; returns its address too.
    pub async fn start_with_ops(label: &str, extra: &[(&str, &str)]) -> (E2e, String) {
        let ops = std::net::TcpListener::bind("127.0.0.1:0")
            .expect("a free port")
            .local_addr()
            .expect("its address")
            .to_string();
        let mut env = vec![("METRICS_ADDR", ops.as_str())];
        env.extend_from_slice(extra);
        let e = E2e::start_with(label, &env).await;
        (e, ops)
    }

    /// As [`E2e::start_with`], on a database the test made itself.
    pub async fn start_on(label: &str, db: TestDb, extra: &[(&str, &str)]) -> E2e {
        E2e(World::start_on(&binary(), label, db, extra).await)
    }

    /// The world of [`E2e::start_on`] around a fake Discord the test started itself, with no
    /// bot running yet (see [`World::prepare`]).
    pub fn prepare(label: &str, fake: FakeDiscord, db: TestDb, extra: &[(&str, &str)]) -> E2e {
        E2e(World::prepare(&binary(), label, fake, db, extra))
    }
}

/// A loopback address nobody listens on now, for a bot's `WEB_ADDR`.
pub fn free_addr() -> String {
    bot_harness::fleet::free_addr().to_string()
}

/// The bot's `/metrics` at `ops` (see [`E2e::start_with_ops`]).
pub async fn scrape_metrics(ops: &str) -> String {
    reqwest::get(format!("http://{ops}/metrics"))
        .await
        .expect("the ops endpoint answers")
        .text()
        .await
        .expect("a scrape")
}

impl Deref for E2e {
    type Target = World;

    fn deref(&self) -> &World {
        &self.0
    }
}

impl DerefMut for E2e {
    fn deref_mut(&mut self) -> &mut World {
        &mut self.0
    }
}
