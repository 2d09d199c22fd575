//! Stopping the real `halma-bot` binary: SIGTERM or SIGINT ends it with status 0, in local
//! mode with the terminal still open, and on (a fake) Discord after closing the gateway. On the
//! way, the Discord test runs one shard of two, as one of several processes would, and checks
//! `/healthz` and `/metrics` of the connected bot.
//!
//! Two processes with a shard each would need a fake Discord that serves several gateway
//! connections at once; ours keeps one (a newer connection replaces the older).

use fake_discord::FakeDiscord;
use sqlx::{ConnectOptions as _, PgPool};
use std::path::Path;
use std::process::{ExitStatus, Stdio};
use std::time::{Duration, Instant};
use tokio::io::{AsyncBufReadExt as _, BufReader};
use tokio::process::{Child, Command};

/// Generous bounds for a loaded machine; the times taken are printed.
const START_TIMEOUT: Duration = Duration::from_secs(60);
const STOP_TIMEOUT: Duration = Duration::from_secs(20);

/// The URL of the test's own database.
fn database_url(pool: &PgPool) -> String {
    pool.connect_options().to_url_lossy().to_string()
}

/// Starts the binary with only `env` set, in `dir` (no `.env` above it), stdin a pipe.
fn spawn(env: &[(&str, String)], dir: &Path) -> Child {
    Command::new(env!("CARGO_BIN_EXE_halma-bot"))
        .env_clear()
        .envs(env.iter().map(|(k, v)| (*k, v.as_str())))
        .env("RUST_LOG", "info")
        .current_dir(dir)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit())
        .kill_on_drop(true)
        .spawn()
        .expect("spawn halma-bot")
}

/// Sends `signal` (like `TERM`) and waits for the exit; its status and how long it took.
async fn stop(child: &mut Child, signal: &str) -> (ExitStatus, Duration) {
    let pid = child.id().expect("the bot is running").to_string();
    let started = Instant::now();
    let sent = Command::new("kill")
        .args([format!("-{signal}"), pid])
        .status()
        .await
        .expect("run kill");
    assert!(sent.success(), "kill -{signal} failed");
    let status = tokio::time::timeout(STOP_TIMEOUT, child.wait())
        .await
        .unwrap_or_else(|_| panic!("halma-bot still runs {STOP_TIMEOUT:?} after SIG{signal}"))
        .expect("wait for halma-bot");
    (status, started.elapsed())
}

#[sqlx::test(migrations = "../migrations")]
async fn local_mode_stops_on_sigterm_and_sigint(pool: PgPool) {
    let dir = tempfile::tempdir().expect("a working folder");
    for signal in ["TERM", "INT"] {
        let mut bot = spawn(&[("DATABASE_URL", database_url(&pool))], dir.path());
        let mut lines = BufReader::new(bot.stdout.take().expect("stdout")).lines();
        let greeting = tokio::time::timeout(START_TIMEOUT, lines.next_line())
            .await
            .expect("local mode starts")
            .expect("read stdout");
        assert_eq!(
            greeting.as_deref(),
            Some("Local mode: type /help for the commands.")
        );
        // stdin stays open: the bot is waiting for a line when the signal comes.
        let stdin = bot.stdin.take();
        let (status, took) = stop(&mut bot, signal).await;
        eprintln!("local mode: SIG{signal} to exit took {took:?}");
        assert_eq!(status.code(), Some(0), "after SIG{signal}");
        drop(stdin);
    }
}

#[sqlx::test(migrations = "../migrations")]
async fn discord_mode_runs_its_shard_reports_health_and_stops_on_sigterm(pool: PgPool) {
    let fake = FakeDiscord::start().await;
    let dir = tempfile::tempdir().expect("a working folder");
    let metrics_addr = {
        let probe = std::net::TcpListener::bind("127.0.0.1:0").expect("a free port");
        probe.local_addr().expect("its address")
    };
    let mut bot = spawn(
        &[
            ("DATABASE_URL", database_url(&pool)),
            ("DISCORD_TOKEN", "shutdown.fake.token".into()),
            ("DISCORD_PROXY_URL", fake.base_url()),
            ("METRICS_ADDR", metrics_addr.to_string()),
            ("SHARDS", "2".into()),
            ("SHARD_RANGE", "1-1".into()),
        ],
        dir.path(),
    );
    fake.wait_shard(1, START_TIMEOUT)
        .await
        .expect("the bot connects shard 1 to the fake Discord");

    // READY reaches the health check a moment after the fake sent it; 200 means that shard 1,
    // the only one this process runs, is connected.
    let healthz = format!("http://{metrics_addr}/healthz");
    let deadline = Instant::now() + START_TIMEOUT;
    loop {
        let response = reqwest::get(&healthz).await;
        if let Ok(response) = response {
            if response.status() == 200 {
                assert_eq!(response.text().await.expect("a body"), "ok\n");
                break;
            }
        }
        assert!(Instant::now() < deadline, "/healthz never answered 200");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    let scrape = reqwest::get(format!("http://{metrics_addr}/metrics"))
        .await
        .expect("/metrics answers")
        .text()
        .await
        .expect("a body");
    assert!(
        scrape.contains("halma_gateway_sessions_total{event=\"ready\"} 1\n"),
        "{scrape}"
    );
    assert!(scrape.contains("halma_active_games 0\n"), "{scrape}");
    assert_eq!(fake.identify_count(), 1, "one shard, one IDENTIFY");
    assert_eq!(
        fake.registration_count(),
        0,
        "the process running shard 0 registers the commands, not this one"
    );

    let (status, took) = stop(&mut bot, "TERM").await;
    eprintln!("Discord mode: SIGTERM to exit took {took:?}");
    assert_eq!(status.code(), Some(0));
    // The fake notices the closed connection on its own task.
    let deadline = Instant::now() + STOP_TIMEOUT;
    while fake.gateway_ready() {
        assert!(
            Instant::now() < deadline,
            "the gateway connection stays open"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}
