//! `halma-bot`: reads its settings, connects to PostgreSQL and applies the migrations, then
//! joins Discord — or, without a token, starts local mode in the terminal.

use anyhow::Context as _;
use halma_bot::clock::SystemClock;
use halma_bot::config::Config;
use halma_bot::ops::{self, Gateway, Health};
use halma_bot::service::Service;
use halma_bot::Db;
use std::process::ExitCode;
use std::sync::Arc;

fn init_logging() {
    let filter = tracing_subscriber::EnvFilter::try_from_default_env()
        .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("info"));
    let builder = tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_writer(std::io::stderr);
    if std::env::var("LOG_FORMAT").is_ok_and(|f| f.eq_ignore_ascii_case("json")) {
        builder.json().init();
    } else {
        builder.init();
    }
}

#[tokio::main]
async fn main() -> ExitCode {
    let config = match Config::from_env() {
        Ok(config) => config,
        Err(e) => {
            eprintln!("halma-bot: {e}");
            return ExitCode::from(2);
        }
    };
    init_logging();
    match run(config).await {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            tracing::error!(error = format!("{e:#}"), "halma-bot stopped");
            eprintln!("halma-bot: {e:#}");
            ExitCode::FAILURE
        }
    }
}

async fn run(config: Config) -> anyhow::Result<()> {
    tracing::debug!(?config, "starting");
    let db = Db::connect(&config.database_url, 10)
        .await
        .context("connecting to the database (DATABASE_URL)")?;
    db.migrate()
        .await
        .context("applying the database migrations")?;
    let service = Service::new(db.clone(), Arc::new(SystemClock));
    // Local mode has no gateway to report on.
    let gateway = config.discord_token.is_some().then(Arc::<Gateway>::default);
    let ops_endpoint = match config.metrics_addr {
        Some(addr) => {
            let metrics = ops::install_metrics();
            let listener = tokio::net::TcpListener::bind(addr)
                .await
                .with_context(|| format!("listening on METRICS_ADDR {addr}"))?;
            tracing::info!(%addr, "serving /healthz and /metrics");
            let health = Health::new(db.clone(), gateway.clone());
            Some(tokio::spawn(ops::serve(listener, health, metrics)))
        }
        None => None,
    };
    let result = match gateway {
        Some(gateway) => halma_bot::discord::run(&config, service, gateway).await,
        None => local(service).await,
    };
    if let Some(endpoint) = ops_endpoint {
        endpoint.abort();
    }
    result
}

async fn local(service: Service) -> anyhow::Result<()> {
    eprintln!("halma-bot: DISCORD_TOKEN is not set, so this is local mode: play in this terminal.");
    halma_bot::local::run(service).await
}
