//! One test's world: a fake Discord, a fresh database and the bot between them.

use std::path::PathBuf;
use std::time::{Duration, Instant};

use fake_discord::{FakeDiscord, TestChannel, TestUser};

use crate::database::TestDb;
use crate::interactions::ANSWER_TIMEOUT;
use crate::process::{read_log, Binary, Bot};

/// How long the bot may take from spawn to READY with its commands registered.
pub const READY_TIMEOUT: Duration = Duration::from_secs(90);

/// A fake Discord, a database and the bot between them. Dropping it kills the bot, and
/// prints the bot's log when the thread is panicking (a failed test), else removes the log.
pub struct World {
    /// The binary under test.
    pub binary: Binary,
    /// The fake Discord the bot talks to.
    pub fake: FakeDiscord,
    /// The test's database.
    pub db: TestDb,
    /// The running bot, if any.
    pub bot: Option<Bot>,
    /// The bot's environment.
    pub env: Vec<(String, String)>,
    /// The bot's log (every run of this world appends to it).
    pub log: PathBuf,
}

impl World {
    /// Starts a fake Discord, creates a database, and runs the bot until it is ready.
    pub async fn start(binary: &Binary, label: &str) -> World {
        Self::start_with(binary, label, &[]).await
    }

    /// As [`World::start`], with extra or replaced environment variables for the bot.
    pub async fn start_with(binary: &Binary, label: &str, extra: &[(&str, &str)]) -> World {
        let db = TestDb::create(label).await;
        Self::start_on(binary, label, db, extra).await
    }

    /// As [`World::start_with`], on a database the caller made itself.
    pub async fn start_on(
        binary: &Binary,
        label: &str,
        db: TestDb,
        extra: &[(&str, &str)],
    ) -> World {
        let mut world = Self::prepare(binary, label, FakeDiscord::start().await, db, extra);
        world.spawn().await;
        world
    }

    /// The world of [`World::start_on`] around a fake Discord the caller started itself (e.g.
    /// with several shards), but no bot running yet: start it with [`World::spawn`], or run
    /// processes of your own with `env`.
    pub fn prepare(
        binary: &Binary,
        label: &str,
        fake: FakeDiscord,
        db: TestDb,
        extra: &[(&str, &str)],
    ) -> World {
        fake.set_timeout(ANSWER_TIMEOUT);
        let log = binary.log_path(label);
        let mut env: Vec<(String, String)> = [
            ("DISCORD_TOKEN", "e2e.fake.token".to_string()),
            ("DATABASE_URL", db.url.clone()),
            ("DISCORD_GUILD_ID", fake.guild_id().to_string()),
            ("DISCORD_PROXY_URL", fake.base_url()),
            // Long enough that no tick interferes with a test that does not wait for one.
            ("TIMER_INTERVAL_SECS", "3600".to_string()),
            (
                "RUST_LOG",
                "info,halma_bot=debug,halma_core=debug,halma_discord=debug,halma_activity=debug"
                    .to_string(),
            ),
            ("RUST_BACKTRACE", "1".to_string()),
            ("NO_COLOR", "1".to_string()),
            // The tests act far faster than people do; the pace has tests of its own, which
            // set it back (the load benchmark runs with the default).
            ("MEMBER_ACTIONS_PER_MINUTE", "100000".to_string()),
        ]
        .into_iter()
        .map(|(k, v)| (k.to_string(), v))
        .collect();
        for (key, value) in extra {
            env.retain(|(k, _)| k != key);
            env.push((key.to_string(), value.to_string()));
        }
        World {
            binary: binary.clone(),
            fake,
            db,
            bot: None,
            env,
            log,
        }
    }

    /// Runs the bot and waits until it has identified on the gateway (once more than before)
    /// and registered its commands. Fails early, with the log, when the bot exits instead.
    pub async fn spawn(&mut self) {
        assert!(self.bot.is_none(), "the bot is already running");
        let identifies = self.fake.identify_count();
        let registrations = self.fake.registration_count();
        self.bot = Some(self.binary.spawn(&self.env, &self.log));
        let started = Instant::now();
        loop {
            let ready = self.fake.identify_count() > identifies
                && self.fake.registration_count() > registrations
                && self
                    .fake
                    .wait_ready(Duration::from_millis(100))
                    .await
                    .is_ok();
            if ready {
                return;
            }
            if let Some(status) = self.bot.as_mut().and_then(Bot::exited) {
                panic!(
                    "halma-bot exited ({status}) before it was ready; its log:\n{}",
                    read_log(&self.log)
                );
            }
            assert!(
                started.elapsed() < READY_TIMEOUT,
                "halma-bot was not ready (IDENTIFY + command registration) within {READY_TIMEOUT:?}"
            );
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    }

    /// Kills the bot with SIGKILL, as a crash or an OOM kill would.
    pub fn kill(&mut self) {
        if let Some(mut bot) = self.bot.take() {
            bot.kill();
        }
    }

    /// Kills the bot and starts it again on the same database and fake Discord.
    pub async fn restart(&mut self) {
        self.kill();
        self.spawn().await;
    }

    /// The bot's log so far.
    pub fn log_text(&self) -> String {
        read_log(&self.log)
    }

    /// A user of the fake Discord.
    pub fn user(&self, name: &str) -> TestUser {
        self.fake.user(name)
    }

    /// A channel of the fake Discord's test guild.
    pub fn channel(&self, name: &str) -> TestChannel {
        self.fake.channel(name)
    }
}

impl Drop for World {
    fn drop(&mut self) {
        self.kill();
        if std::thread::panicking() {
            eprintln!(
                "----- halma-bot log ({}) -----\n{}\n----- end of log -----",
                self.log.display(),
                self.log_text()
            );
        } else {
            let _ = std::fs::remove_file(&self.log);
        }
    }
}
