//! The harness of the end-to-end tests: a fresh database per test on the server named by
//! `DATABASE_URL`, the real `halma-bot` binary pointed at a fake Discord, and helpers to act as
//! players and to read what the bot wrote (answers, board images, database rows).

use std::collections::HashSet;
use std::fs::OpenOptions;
use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicU32, Ordering};
use std::time::{Duration, Instant};

use fake_discord::{Answer, FakeDiscord, TestChannel, TestUser};
// The service tests' greedy player and table snapshot serve here too.
pub use crate::common::{greedy, snapshot};
use halma::{Game, Move, MoveText, Options, Position, Seat, Square, Variant};
use serde_json::{json, Value};
use sqlx::postgres::PgPoolOptions;
use sqlx::{Connection as _, Executor as _, PgConnection, PgPool, Row as _};

/// How long the bot may take to answer one interaction. Generous: two cores run several bots,
/// their board renders and PostgreSQL at once, and a failure shows what was waited for.
pub const ANSWER_TIMEOUT: Duration = Duration::from_secs(20);
/// How long the bot may take from spawn to READY with its commands registered.
pub const READY_TIMEOUT: Duration = Duration::from_secs(30);
/// The English apology for an internal error; a refusal must never be this.
pub const APOLOGY: &str = "Something went wrong on our side";

/// The server every test creates its database on.
fn server_url() -> String {
    match std::env::var("DATABASE_URL") {
        Ok(url) if !url.trim().is_empty() => url,
        _ => panic!(
            "DATABASE_URL is not set: the end-to-end tests need a PostgreSQL server to create \
             their databases on. Run ./test (it starts a throwaway server), or start one with \
             `scripts/postgres.sh start /tmp/halma-pg` and export the DATABASE_URL it prints."
        ),
    }
}

/// `url` with its database name replaced by `database` (any `?query` kept).
pub fn with_database(url: &str, database: &str) -> String {
    let (base, query) = match url.split_once('?') {
        Some((base, query)) => (base, Some(query)),
        None => (url, None),
    };
    let authority_start = base.find("://").map_or(0, |i| i + 3);
    let path_start = base[authority_start..]
        .find('/')
        .map_or(base.len(), |i| authority_start + i);
    let mut out = format!("{}/{database}", &base[..path_start]);
    if let Some(query) = query {
        out.push('?');
        out.push_str(query);
    }
    out
}

/// A database of its own for one test, dropped (with any open connections) at the end.
pub struct TestDb {
    server: String,
    /// The database's name.
    pub name: String,
    /// Its URL, for the bot.
    pub url: String,
    /// A pool for the test's own queries.
    pub pool: PgPool,
}

impl TestDb {
    /// Creates `e2e_<label>_<pid>_<n>` on the `DATABASE_URL` server.
    pub async fn create(label: &str) -> TestDb {
        Self::create_on(&server_url(), label).await
    }

    /// Creates a fresh database on the server at `server`.
    pub async fn create_on(server: &str, label: &str) -> TestDb {
        static NEXT: AtomicU32 = AtomicU32::new(0);
        let label: String = label
            .chars()
            .map(|c| {
                if c.is_ascii_alphanumeric() {
                    c.to_ascii_lowercase()
                } else {
                    '_'
                }
            })
            .take(30)
            .collect();
        let name = format!(
            "e2e_{label}_{}_{}",
            std::process::id(),
            NEXT.fetch_add(1, Ordering::Relaxed)
        );
        let mut admin = PgConnection::connect(server)
            .await
            .unwrap_or_else(|e| panic!("cannot connect to the test server {server}: {e}"));
        admin
            .execute(format!(r#"DROP DATABASE IF EXISTS "{name}" WITH (FORCE)"#).as_str())
            .await
            .expect("drop a leftover test database");
        admin
            .execute(format!(r#"CREATE DATABASE "{name}""#).as_str())
            .await
            .unwrap_or_else(|e| panic!("cannot create database {name}: {e}"));
        let _ = admin.close().await;
        let url = with_database(server, &name);
        let pool = PgPoolOptions::new()
            .max_connections(4)
            .acquire_timeout(Duration::from_secs(10))
            .connect(&url)
            .await
            .unwrap_or_else(|e| panic!("cannot connect to {url}: {e}"));
        TestDb {
            server: server.to_string(),
            name,
            url,
            pool,
        }
    }
}

impl Drop for TestDb {
    fn drop(&mut self) {
        let server = self.server.clone();
        let name = self.name.clone();
        // Drop may run inside the test's runtime, which cannot block on itself: use a thread.
        let dropped = std::thread::spawn(move || -> Result<(), String> {
            let runtime = tokio::runtime::Builder::new_current_thread()
                .enable_all()
                .build()
                .map_err(|e| e.to_string())?;
            runtime.block_on(async {
                let mut admin = PgConnection::connect(&server)
                    .await
                    .map_err(|e| e.to_string())?;
                admin
                    .execute(format!(r#"DROP DATABASE IF EXISTS "{name}" WITH (FORCE)"#).as_str())
                    .await
                    .map_err(|e| e.to_string())?;
                let _ = admin.close().await;
                Ok(())
            })
        })
        .join();
        match dropped {
            Ok(Ok(())) => {}
            Ok(Err(e)) => eprintln!("could not drop test database {}: {e}", self.name),
            Err(_) => eprintln!("dropping test database {} panicked", self.name),
        }
    }
}

/// One run of the `halma-bot` binary, killed (SIGKILL) when dropped.
pub struct Bot {
    child: Child,
}

impl Bot {
    /// Whether the process has exited, and how.
    pub fn exited(&mut self) -> Option<std::process::ExitStatus> {
        self.child.try_wait().ok().flatten()
    }

    /// Kills the process at once (SIGKILL: no clean shutdown) and reaps it.
    pub fn kill(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }

    /// Waits (bounded) for the process to exit by itself.
    pub fn wait_exit(&mut self, timeout: Duration) -> Option<std::process::ExitStatus> {
        let deadline = Instant::now() + timeout;
        loop {
            if let Some(status) = self.exited() {
                return Some(status);
            }
            if Instant::now() >= deadline {
                return None;
            }
            std::thread::sleep(Duration::from_millis(50));
        }
    }
}

impl Drop for Bot {
    fn drop(&mut self) {
        self.kill();
    }
}

/// Where a test's bot log goes (a fresh file; kept only when the test fails).
pub fn log_path(label: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("e2e-logs");
    std::fs::create_dir_all(&dir).expect("create the e2e log directory");
    let path = dir.join(format!("{label}-{}.log", std::process::id()));
    let _ = std::fs::remove_file(&path);
    path
}

/// Spawns `halma-bot` with exactly `env` (nothing inherited, no `.env` file in reach), its
/// output appended to `log`.
pub fn spawn_bot(env: &[(String, String)], log: &Path) -> Bot {
    let mut file = OpenOptions::new()
        .create(true)
        .append(true)
        .open(log)
        .expect("open the bot log");
    let _ = writeln!(file, "===== halma-bot starts =====");
    let stderr = file.try_clone().expect("clone the log handle");
    // A working directory without a .env above it: the bot loads .env files.
    let cwd = Path::new(env!("CARGO_TARGET_TMPDIR"));
    let child = Command::new(env!("CARGO_BIN_EXE_halma-bot"))
        .env_clear()
        .envs(env.iter().map(|(k, v)| (k.as_str(), v.as_str())))
        .current_dir(cwd)
        .stdin(Stdio::null())
        .stdout(Stdio::from(file))
        .stderr(Stdio::from(stderr))
        .spawn()
        .expect("spawn halma-bot");
    Bot { child }
}

/// The last line of a log that is not blank (a bot's last words before it exits).
pub fn last_line(text: &str) -> &str {
    text.lines()
        .rev()
        .find(|l| !l.trim().is_empty())
        .unwrap_or_default()
}

/// Reads a log file (empty when missing).
pub fn read_log(path: &Path) -> String {
    std::fs::read(path)
        .map(|b| String::from_utf8_lossy(&b).into_owned())
        .unwrap_or_default()
}

/// One test's world: a fake Discord, a fresh database and the bot between them.
pub struct E2e {
    /// The fake Discord the bot talks to.
    pub fake: FakeDiscord,
    /// The test's database.
    pub db: TestDb,
    /// The running bot, if any.
    pub bot: Option<Bot>,
    /// The bot's environment.
    pub env: Vec<(String, String)>,
    /// The bot's log (every run of this test appends to it).
    pub log: PathBuf,
}

impl E2e {
    /// Starts a fake Discord, creates a database, and runs the bot until it is ready.
    pub async fn start(label: &str) -> E2e {
        Self::start_with(label, &[]).await
    }

    /// As [`E2e::start`], with extra or replaced environment variables for the bot.
    pub async fn start_with(label: &str, extra: &[(&str, &str)]) -> E2e {
        let db = TestDb::create(label).await;
        Self::start_on(label, db, extra).await
    }

    /// As [`E2e::start_with`], on a database the test made itself.
    pub async fn start_on(label: &str, db: TestDb, extra: &[(&str, &str)]) -> E2e {
        let mut e2e = Self::prepare(label, FakeDiscord::start().await, db, extra);
        e2e.spawn().await;
        e2e
    }

    /// The world of [`E2e::start_on`] around a fake Discord the test started itself (e.g. with
    /// several shards), but no bot running yet: start it with [`E2e::spawn`], or run processes
    /// of your own with `env`.
    pub fn prepare(label: &str, fake: FakeDiscord, db: TestDb, extra: &[(&str, &str)]) -> E2e {
        fake.set_timeout(ANSWER_TIMEOUT);
        let log = log_path(label);
        let mut env: Vec<(String, String)> = [
            ("DISCORD_TOKEN", "e2e.fake.token".to_string()),
            ("DATABASE_URL", db.url.clone()),
            ("DISCORD_GUILD_ID", fake.guild_id().to_string()),
            ("DISCORD_PROXY_URL", fake.base_url()),
            // Long enough that no tick interferes with a test that does not wait for one.
            ("TIMER_INTERVAL_SECS", "3600".to_string()),
            ("RUST_LOG", "info,halma_bot=debug".to_string()),
            ("RUST_BACKTRACE", "1".to_string()),
            ("NO_COLOR", "1".to_string()),
        ]
        .into_iter()
        .map(|(k, v)| (k.to_string(), v))
        .collect();
        for (key, value) in extra {
            env.retain(|(k, _)| k != key);
            env.push((key.to_string(), value.to_string()));
        }
        E2e {
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
        self.bot = Some(spawn_bot(&self.env, &self.log));
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

    /// `/halma <sub> <options>` as `user` in `channel`; the complete answer.
    pub async fn halma(
        &self,
        user: &TestUser,
        channel: &TestChannel,
        sub: &str,
        options: &[(&str, Value)],
    ) -> Answer {
        self.fake
            .slash(user, channel, "halma", sub, options)
            .await
            .unwrap_or_else(|e| panic!("/halma {sub} by {}: {e}", user.name))
    }

    /// `/halma move from to` as `user` in `channel`.
    pub async fn move_(
        &self,
        user: &TestUser,
        channel: &TestChannel,
        from: &str,
        to: &str,
    ) -> Answer {
        self.halma(
            user,
            channel,
            "move",
            &[("from", json!(from)), ("to", json!(to))],
        )
        .await
    }

    /// `challenger` challenges `opponent` in `channel` to `variant`, moving first. A challenge
    /// that was made is returned once the bot has also recorded its message id (it does so
    /// right after answering), so later snapshots of the database do not race with that write.
    pub async fn challenge(
        &self,
        challenger: &TestUser,
        opponent: &TestUser,
        channel: &TestChannel,
        variant: &str,
    ) -> Answer {
        let answer = self
            .halma(
                challenger,
                channel,
                "challenge",
                &[
                    ("opponent", opponent.option_value()),
                    ("variant", json!(variant)),
                    ("first", json!("me")),
                ],
            )
            .await;
        if let (false, Some(message)) = (answer.ephemeral, answer.message_id) {
            self.wait_challenge_recorded(message).await;
        }
        answer
    }

    /// Waits (bounded) until a challenge in the database names `message` as its message.
    pub async fn wait_challenge_recorded(&self, message: u64) {
        let recorded = async {
            loop {
                let found: Option<i64> =
                    sqlx::query_scalar("SELECT id FROM challenges WHERE message_id = $1")
                        .bind(message as i64)
                        .fetch_optional(&self.db.pool)
                        .await
                        .expect("read the challenges");
                if found.is_some() {
                    return;
                }
                tokio::time::sleep(Duration::from_millis(20)).await;
            }
        };
        tokio::time::timeout(ANSWER_TIMEOUT, recorded)
            .await
            .unwrap_or_else(|_| {
                panic!("the bot never recorded message {message} as a challenge's")
            });
    }

    /// Clicks the button labelled `label` on `message` as `user`.
    pub async fn click(&self, user: &TestUser, message: &Answer, label: &str) -> Answer {
        self.fake
            .click(user, message, label)
            .await
            .unwrap_or_else(|e| panic!("{} clicks {label}: {e}", user.name))
    }

    /// `first` challenges `second` to `variant` in `channel` (moving first) and `second`
    /// accepts; checks the challenge and the start, and returns the game to play on.
    pub async fn start_game(
        &self,
        channel: &TestChannel,
        first: &TestUser,
        second: &TestUser,
        variant: Variant,
    ) -> Table {
        let challenge = self.challenge(first, second, channel, variant.name()).await;
        assert!(
            !challenge.ephemeral,
            "the challenge is public: {challenge:?}"
        );
        assert_eq!(
            challenge.button_labels(),
            ["Accept", "Decline", "Withdraw"],
            "the challenge's buttons: {challenge:?}"
        );
        assert!(
            challenge.content.contains(&second.mention()),
            "the challenge names the opponent: {:?}",
            challenge.content
        );
        let started = self.click(second, &challenge, "Accept").await;
        assert_game_start(&started, first, variant);
        Table {
            channel: channel.clone(),
            seats: vec![first.clone(), second.clone()],
            game: Game::new(Position::start(variant), Options::for_variant(variant)),
            seen: HashSet::new(),
        }
    }

    /// Alice challenges Bob to a small game in `channel` and Bob accepts: Alice moves first.
    pub async fn small_game(&self, channel: &str) -> Table {
        let (alice, bob) = (self.user("alice"), self.user("bob"));
        self.start_game(&self.channel(channel), &alice, &bob, Variant::Small)
            .await
    }

    /// Plays the greedy move at `table` (see [`E2e::play`]).
    pub async fn play_greedy(&self, table: &mut Table) -> Answer {
        let mv = table.next_move();
        self.play(table, mv).await
    }

    /// Plays `mv` for the player to move at `table` through `/halma move`, giving the whole
    /// chain as `to` (so hop chains are typed out); checks the public answer and mirrors the
    /// move.
    pub async fn play(&self, table: &mut Table, mv: Move) -> Answer {
        let chain = table
            .game
            .position()
            .chain(mv, table.game.options())
            .unwrap_or_else(|| panic!("{mv} is not legal in {}", table.game.position()));
        let to: Vec<String> = chain[1..].iter().map(Square::to_string).collect();
        self.play_typed(table, mv, &to.join(" ")).await
    }

    /// Plays `mv` at `table` with `to` typed as given (its end square, or the rest of its
    /// chain); checks the public answer and mirrors the move.
    pub async fn play_typed(&self, table: &mut Table, mv: Move, to: &str) -> Answer {
        let mover = table.to_move().clone();
        let answer = self
            .move_(&mover, &table.channel, &mv.from.to_string(), to)
            .await;
        table
            .game
            .play(&MoveText::from(mv))
            .unwrap_or_else(|e| panic!("the mirrored move {mv} is illegal: {e}"));
        assert_move_answer(&answer, table);
        answer
    }
}

impl Drop for E2e {
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

/// A game being played in a channel, mirrored with the rules crate.
pub struct Table {
    /// Where it is played.
    pub channel: TestChannel,
    /// The users by seat (`a` first).
    pub seats: Vec<TestUser>,
    /// The same game in the rules crate.
    pub game: Game,
    /// Positions seen so far, which the greedy players avoid repeating.
    pub seen: HashSet<Position>,
}

impl Table {
    /// The user at `seat`.
    pub fn at(&self, seat: Seat) -> &TestUser {
        &self.seats[seat.index()]
    }

    /// The user to move.
    pub fn to_move(&self) -> &TestUser {
        self.at(self.game.position().to_move())
    }

    /// The greedy move for the player to move, remembering the position as seen.
    pub fn next_move(&mut self) -> Move {
        self.seen.insert(self.game.position().clone());
        greedy(self.game.position(), self.game.options(), &self.seen)
    }
}

/// The user ids pinged by an answer (its `allowed_mentions.users`).
pub fn pinged(answer: &Answer) -> Vec<u64> {
    let data = answer.raw.get("data").unwrap_or(&answer.raw);
    data.pointer("/allowed_mentions/users")
        .and_then(Value::as_array)
        .map(|users| {
            users
                .iter()
                .filter_map(|u| match u {
                    Value::String(s) => s.parse().ok(),
                    other => other.as_u64(),
                })
                .collect()
        })
        .unwrap_or_default()
}

/// Decodes the answer's only PNG and checks it has the size boards of `variant` have.
pub fn assert_board_png(answer: &Answer, variant: Variant) {
    let pngs: Vec<_> = answer
        .files
        .iter()
        .filter(|f| f.filename.ends_with(".png"))
        .collect();
    assert_eq!(pngs.len(), 1, "one board PNG in {answer:?}");
    let image = image::load_from_memory_with_format(&pngs[0].bytes, image::ImageFormat::Png)
        .unwrap_or_else(|e| panic!("the board PNG {:?} does not decode: {e}", pngs[0].filename));
    assert_eq!(
        (image.width(), image.height()),
        halma_render::image_size(variant),
        "the board image's size"
    );
}

/// The answer to an accepted challenge: the challenge message turned into the game start,
/// with the board and a ping of `first`.
pub fn assert_game_start(answer: &Answer, first: &TestUser, variant: Variant) {
    assert!(!answer.ephemeral, "the game start is public: {answer:?}");
    assert_eq!(
        answer.callback_type, 7,
        "accepting updates the challenge message: {answer:?}"
    );
    assert!(
        answer
            .buttons
            .iter()
            .all(|b| b.label.as_deref() != Some("Accept")),
        "the started game's message has no Accept button: {answer:?}"
    );
    assert_board_png(answer, variant);
    assert!(
        answer.content.contains(&first.mention()) && pinged(answer).contains(&first.id),
        "the game start pings the first mover {}: {:?} (pinged {:?})",
        first.name,
        answer.content,
        pinged(answer)
    );
}

/// The answer to a move just mirrored into `table`: public, with the board, and a ping of the
/// next player (or the result).
pub fn assert_move_answer(answer: &Answer, table: &Table) {
    assert!(
        !answer.ephemeral && answer.callback_type == 4,
        "a move is answered publicly at once: {answer:?}"
    );
    assert!(
        !answer.content.contains(APOLOGY),
        "a move answered with the apology: {:?}",
        answer.content
    );
    assert_board_png(answer, table.game.position().variant());
    if !table.game.outcome().is_over() {
        let next = table.to_move();
        assert!(
            answer.content.contains(&next.mention()) && pinged(answer).contains(&next.id),
            "the move's answer pings {}, to move next: {:?} (pinged {:?})",
            next.name,
            answer.content,
            pinged(answer)
        );
    }
}

/// A refusal: ephemeral, text only, not the internal-error apology, and containing `needle`
/// (case-insensitive; empty for any text).
pub fn assert_refusal(answer: &Answer, needle: &str) {
    assert!(answer.ephemeral, "a refusal is ephemeral: {answer:?}");
    assert!(
        answer.files.is_empty(),
        "a refusal has no files: {answer:?}"
    );
    assert!(
        !answer.content.trim().is_empty() && !answer.content.contains(APOLOGY),
        "a refusal says what was wrong: {:?}",
        answer.content
    );
    assert!(
        answer
            .content
            .to_lowercase()
            .contains(&needle.to_lowercase()),
        "the refusal {:?} should contain {needle:?}",
        answer.content
    );
}

/// A stored Discord id as the snowflake it is.
pub fn id_of(stored: i64) -> u64 {
    stored as u64
}

/// The channel's latest game: id, status, position string, ply and winners.
pub async fn game_row(pool: &PgPool, channel: &TestChannel) -> GameRow {
    let row = sqlx::query(
        "SELECT id, status, position, start_position, ply, winners, end_reason \
         FROM games WHERE channel_id = $1 ORDER BY id DESC LIMIT 1",
    )
    .bind(channel.id as i64)
    .fetch_one(pool)
    .await
    .unwrap_or_else(|e| panic!("the game in #{}: {e}", channel.name));
    GameRow {
        id: row.get("id"),
        status: row.get("status"),
        position: row.get("position"),
        start_position: row.get("start_position"),
        ply: row.get("ply"),
        winners: row.get("winners"),
        end_reason: row.get("end_reason"),
    }
}

/// What a test reads from a `games` row.
#[derive(Clone, Debug)]
pub struct GameRow {
    /// The game id.
    pub id: i64,
    /// active, finished or aborted.
    pub status: String,
    /// The position string now.
    pub position: String,
    /// The position string it started from.
    pub start_position: String,
    /// Moves played.
    pub ply: i32,
    /// Winning seats.
    pub winners: Option<String>,
    /// Why it ended.
    pub end_reason: Option<String>,
}

/// The game's moves as stored: (ply, seat, chain).
pub async fn moves_of(pool: &PgPool, game: i64) -> Vec<(i32, String, String)> {
    sqlx::query("SELECT ply, seat, chain FROM moves WHERE game_id = $1 ORDER BY ply")
        .bind(game)
        .fetch_all(pool)
        .await
        .expect("read the moves")
        .iter()
        .map(|r| (r.get("ply"), r.get("seat"), r.get("chain")))
        .collect()
}

/// The user at each seat of a game, as stored.
pub async fn seats_of(pool: &PgPool, game: i64) -> Vec<(String, u64)> {
    sqlx::query("SELECT seat, user_id FROM game_seats WHERE game_id = $1 ORDER BY seat")
        .bind(game)
        .fetch_all(pool)
        .await
        .expect("read the seats")
        .iter()
        .map(|r| (r.get("seat"), id_of(r.get("user_id"))))
        .collect()
}

/// The plies of the history answer's code block and its position string.
pub fn parse_history(content: &str) -> (Vec<String>, String) {
    let start = content
        .find("```")
        .unwrap_or_else(|| panic!("no code block in the history: {content:?}"));
    let rest = &content[start + 3..];
    let end = rest
        .find("```")
        .unwrap_or_else(|| panic!("the history's code block is not closed: {content:?}"));
    let lines: Vec<String> = rest[..end]
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .map(str::to_string)
        .collect();
    let (position, plies) = lines
        .split_last()
        .unwrap_or_else(|| panic!("an empty code block in the history: {content:?}"));
    (plies.to_vec(), position.clone())
}
