//! `halma-bot`: reads its settings, connects to PostgreSQL and applies the migrations, then
//! joins Discord — or, without a token, starts local mode in the terminal. SIGTERM or SIGINT
//! stops it gracefully, with exit status 0.

use anyhow::Context as _;
use halma_activity::pages::{self, Pages};
use halma_activity::{Activity, DiscordApi};
use halma_bot::config::{self, Config, VARIABLES};
use halma_bot::ops;
use halma_core::clock::SystemClock;
use halma_core::names::KnownNames;
use halma_core::ops::{Gateway, Health, Serving, Shutdown};
use halma_core::service::{AiSettings, Service};
use halma_core::Db;
use halma_discord::endpoint::Door;
use halma_web::Hub;
use std::process::ExitCode;
use std::sync::Arc;
use std::time::Duration;

/// Threads for blocking work, drawing boards above all (replays have a thread of their own,
/// `halma_core::replays`). That work is CPU-bound, so more threads than a few per core add no
/// speed, only memory: each thread that allocates gets a malloc arena of its own, which keeps
/// what it once held.
const MAX_BLOCKING_THREADS: usize = 8;

/// The command line: no arguments besides `--help` and `--version`; everything else comes from
/// the environment, whose variables the help lists from [`VARIABLES`].
fn command_line() -> clap::Command {
    let width = VARIABLES.iter().map(|v| v.name.len()).max().unwrap_or(0);
    let mut settings = String::from(
        "Settings come from the environment and from a .env file in the working folder or above \
         it; real environment variables win. .env.example in the repository lists them all with \
         comments.\n\nEnvironment variables (default in brackets):\n",
    );
    for v in VARIABLES {
        settings.push_str(&format!(
            "  {:width$}  {} [{}]\n",
            v.name, v.meaning, v.default
        ));
    }
    clap::Command::new("halma-bot")
        .version(env!("CARGO_PKG_VERSION"))
        .about(
            "The Halma Discord bot: applies the database migrations, then joins Discord, or \
             without DISCORD_TOKEN plays in this terminal (local mode). SIGTERM or SIGINT stops \
             it gracefully.",
        )
        .after_help(settings)
}

fn main() -> ExitCode {
    // --help and --version answer before anything starts; any other argument is an error.
    if let Err(e) = command_line().try_get_matches() {
        let _ = e.print();
        return if e.use_stderr() {
            ExitCode::from(2)
        } else {
            ExitCode::SUCCESS
        };
    }
    let config = match Config::from_env() {
        Ok(config) => config,
        Err(e) => {
            eprintln!("halma-bot: {e}");
            return ExitCode::from(2);
        }
    };
    halma_bot::logging::init(config.log_json);
    halma_bot::panics::log_panics();
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .max_blocking_threads(MAX_BLOCKING_THREADS)
        .build();
    let runtime = match runtime {
        Ok(runtime) => runtime,
        Err(e) => {
            eprintln!("halma-bot: cannot start the async runtime: {e}");
            return ExitCode::FAILURE;
        }
    };
    let code = match runtime.block_on(run(config)) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            tracing::error!(error = format!("{e:#}"), "halma-bot stopped");
            eprintln!("halma-bot: {e:#}");
            ExitCode::FAILURE
        }
    };
    // Local mode reads stdin on a thread that no one can interrupt; everything that matters has
    // finished by now, so do not wait for it.
    runtime.shutdown_background();
    code
}

/// Waits for SIGTERM (what `docker stop` and systemd send) or SIGINT (Ctrl-C); its name.
async fn stop_signal() -> std::io::Result<&'static str> {
    use tokio::signal::unix::{signal, SignalKind};
    let mut terminate = signal(SignalKind::terminate())?;
    let mut interrupt = signal(SignalKind::interrupt())?;
    Ok(tokio::select! {
        _ = terminate.recv() => "SIGTERM",
        _ = interrupt.recv() => "SIGINT",
    })
}

async fn run(config: Config) -> anyhow::Result<()> {
    tracing::debug!(?config, "starting");
    let (switch, shutdown) = halma_core::ops::shutdown();
    let signals = tokio::spawn(async move {
        match stop_signal().await {
            Ok(signal) => {
                tracing::info!(signal, "stopping");
                switch.stop();
                // A second signal means: now.
                if stop_signal().await.is_ok() {
                    eprintln!("halma-bot: stopping at once");
                    std::process::exit(1);
                }
            }
            Err(e) => {
                tracing::warn!(error = %e, "cannot listen for SIGTERM and SIGINT");
                // Keep the switch: dropping it unused would not stop anything anyway.
                std::future::pending::<()>().await;
            }
        }
    });
    // Fonts, palettes and pieces are drawn once; drawing them while the database connects
    // keeps the first board a user asks for as fast as the rest (about 2 ms instead of 80 ms).
    let warm_up = tokio::task::spawn_blocking(halma_render::warm_up);
    let db = Db::connect(&config.database_url, config.database_pool_size)
        .await
        .context("connecting to the database (DATABASE_URL)")?;
    db.migrate()
        .await
        .context("applying the database migrations")?;
    let service = Service::new(db.clone(), Arc::new(SystemClock))
        .with_ai_settings(AiSettings {
            hard_time: config.ai_hard_time,
            ..AiSettings::default()
        })
        .with_arena_settings(config.arena)
        .with_puzzle_settings(config.puzzles);
    let names = Arc::new(KnownNames::new(halma_discord::NAMES_KEPT));
    let sight = Arc::new(halma_core::sight::Sight::default());
    // Local mode serves the pages on LOCAL_WEB_ADDR unless WEB_ADDR says otherwise; a port
    // taken there (another local session) only costs this session its pages.
    let local_mode = config.discord_token.is_none();
    let web_addr = config.web_addr.or(local_mode.then_some(LOCAL_WEB_ADDR));
    let mut pages_url = None;
    let mut activity = None;
    let web = match web_addr {
        Some(addr) => match tokio::net::TcpListener::bind(addr).await {
            Ok(listener) => {
                let pages = Pages::new(service.clone(), sight.clone());
                let hub = Hub::new(pages.clone());
                activity = activity_api(&config, &service, &hub, &names)?;
                tracing::info!(%addr, "serving the live game pages");
                pages_url = Some(
                    config
                        .public_url
                        .clone()
                        .unwrap_or_else(|| format!("http://{addr}")),
                );
                let settings = config::page_settings(&config);
                let served = tokio::spawn(pages::serve(
                    listener,
                    hub.clone(),
                    settings,
                    activity.clone(),
                    config::serve_settings(&config.web),
                ));
                let feed = tokio::spawn(pages::follow_changes(
                    db.clone(),
                    hub.clone(),
                    pages,
                    activity.clone(),
                ));
                Some((hub, served, feed))
            }
            Err(e) if local_mode && config.web_addr.is_none() => {
                eprintln!("halma-bot: no live pages this time: {addr} is taken ({e}).");
                None
            }
            Err(e) => {
                return Err(e).with_context(|| format!("listening on WEB_ADDR {addr}"));
            }
        },
        None => None,
    };
    // Local mode has no gateway to report on, nor has the Interactions Endpoint's mode, whose
    // health is whether its door is open.
    let joins_discord = config.discord_token.is_some();
    let gateway = (joins_discord && config.endpoint.is_none()).then(Arc::<Gateway>::default);
    let serving = Arc::new(Serving::default());
    let (door, interactions) = match &config.endpoint {
        Some(endpoint) if joins_discord => {
            let key = endpoint
                .key()
                .context("DISCORD_PUBLIC_KEY is not a public key")?;
            let door = Arc::new(Door::new(key, serving.clone()));
            if let Some(proxy) = &config.proxy_url {
                catch_answers(&door, proxy).await?;
            }
            let listener = tokio::net::TcpListener::bind(endpoint.addr)
                .await
                .with_context(|| format!("listening on INTERACTIONS_ADDR {}", endpoint.addr))?;
            tracing::info!(addr = %endpoint.addr, "serving the interactions endpoint");
            let served = tokio::spawn(halma_bot::endpoint::serve(
                listener,
                door.clone(),
                config::endpoint_serve_settings(&config.web),
            ));
            (Some(door), Some(served))
        }
        _ => (None, None),
    };
    let ops_endpoint = match config.metrics_addr {
        Some(addr) => {
            let metrics = ops::install_metrics();
            let listener = tokio::net::TcpListener::bind(addr)
                .await
                .with_context(|| format!("listening on METRICS_ADDR {addr}"))?;
            tracing::info!(%addr, "serving /healthz and /metrics");
            let mut health = Health::new(db.clone(), gateway.clone());
            if door.is_some() {
                health = health.with_serving(serving.clone());
            }
            let token = config.metrics_token.clone();
            let doors = config::ops_serve_settings(&config.web);
            Some(tokio::spawn(ops::serve(
                listener, health, metrics, token, doors,
            )))
        }
        None => None,
    };
    if let Err(e) = warm_up.await {
        tracing::warn!(error = %e, "drawing the board art ahead failed; it is drawn on first use");
    }
    let result = if joins_discord {
        let connect = activity.map(|activity| -> halma_discord::ConnectActivity {
            Box::new(move |announcer| activity.connect(announcer))
        });
        let setup = discord_setup(&config, door)?;
        let gateway = gateway.unwrap_or_default();
        tokio::spawn(ops::memory::give_back_when_idle(
            setup.in_flight.clone(),
            shutdown.clone(),
        ));
        halma_discord::run(&setup, service, names, gateway, connect, sight, shutdown).await
    } else {
        sight.set(Arc::new(halma_core::sight::Everything));
        local(service, pages_url, shutdown).await
    };
    if let Some(served) = interactions {
        served.abort();
    }
    signals.abort();
    if let Some((hub, served, feed)) = web {
        // Open event streams end, so that pages reconnect to the next run.
        hub.close();
        served.abort();
        feed.abort();
    }
    if let Some(endpoint) = ops_endpoint {
        endpoint.abort();
    }
    if tokio::time::timeout(POOL_CLOSE_TIMEOUT, db.close())
        .await
        .is_err()
    {
        tracing::warn!("database connections still busy at exit");
    }
    result
}

/// Lets `door` catch its handlers' answers on their way to the REST proxy at `proxy`, through
/// a loopback proxy served from here, when the proxy is plain HTTP.
async fn catch_answers(door: &Door, proxy: &str) -> anyhow::Result<()> {
    let listener = tokio::net::TcpListener::bind((std::net::Ipv4Addr::LOCALHOST, 0))
        .await
        .context("listening on loopback for serenity's requests")?;
    if let Some(passage) = door.catch_answers(proxy, listener.local_addr()?)? {
        tokio::spawn(async move {
            if let Err(error) = halma_bot::endpoint::serve_passage(listener, passage).await {
                tracing::error!(%error, "serenity's requests can no longer pass");
            }
        });
    }
    Ok(())
}

/// The Activity's API, when the application has one (`DISCORD_CLIENT_ID`) and the bot joins
/// Discord.
fn activity_api(
    config: &Config,
    service: &Service,
    hub: &Hub,
    names: &Arc<KnownNames>,
) -> anyhow::Result<Option<Activity>> {
    let (Some(settings), Some(token)) = (&config.activity, &config.discord_token) else {
        return Ok(None);
    };
    let client_id = settings
        .client_id
        .parse()
        .context("DISCORD_CLIENT_ID is not a Discord id")?;
    // Straight to Discord: a REST proxy (DISCORD_PROXY_URL) serves the bot's own calls only.
    let discord = DiscordApi::new(
        &settings.discord_url,
        client_id,
        settings.client_secret.clone(),
        token.clone(),
    )
    .context("setting up the Activity's HTTP client")?;
    tracing::info!(
        client_id,
        mock = settings.sdk_mock,
        "serving the Activity at /activity"
    );
    let limits = halma_activity::ActivityLimits {
        recheck: settings.recheck,
        sign_ins_per_minute: settings.sign_ins_per_minute,
        reads_per_minute: config.member_actions_per_minute.get().saturating_mul(2),
        ..halma_activity::ActivityLimits::default()
    };
    Ok(Some(Activity::new(
        service.clone(),
        hub.clone(),
        names.clone(),
        discord,
        limits,
    )))
}

/// How long stopping waits for the database connections to be given back.
const POOL_CLOSE_TIMEOUT: Duration = Duration::from_secs(3);

/// Where local mode serves the live game pages unless `WEB_ADDR` names another address.
const LOCAL_WEB_ADDR: std::net::SocketAddr = std::net::SocketAddr::V4(std::net::SocketAddrV4::new(
    std::net::Ipv4Addr::LOCALHOST,
    8080,
));

async fn local(
    service: Service,
    pages: Option<String>,
    mut shutdown: Shutdown,
) -> anyhow::Result<()> {
    eprintln!("halma-bot: DISCORD_TOKEN is not set, so this is local mode: play in this terminal.");
    if let Some(url) = &pages {
        eprintln!("halma-bot: every game has a live page at {url}/game/…; boards print theirs.");
    }
    // The puzzles' pars, computed when a crossing wants one; its search stops with the session.
    let (stop_pars, pars_stop) = halma_core::ops::shutdown();
    let pars = tokio::spawn(halma_core::workers::puzzle_pars::run(
        service.clone(),
        pars_stop,
    ));
    let result = tokio::select! {
        result = halma_bot::local::run(service, pages) => result,
        // A command under way is dropped; its transaction rolls back.
        () = shutdown.requested() => {
            println!();
            Ok(())
        }
    };
    stop_pars.stop();
    if tokio::time::timeout(POOL_CLOSE_TIMEOUT, pars)
        .await
        .is_err()
    {
        tracing::warn!("the puzzles' par search did not stop in time");
    }
    result
}

/// What the Discord front end is started with, from the settings.
fn discord_setup(
    config: &Config,
    endpoint: Option<Arc<Door>>,
) -> anyhow::Result<halma_discord::Setup> {
    Ok(halma_discord::Setup {
        token: config
            .discord_token
            .clone()
            .context("DISCORD_TOKEN is not set")?,
        guild_id: config.guild_id,
        proxy_url: config.proxy_url.clone(),
        public_url: config.public_url.clone(),
        shards: config.shards.clone(),
        member_actions_per_minute: config.member_actions_per_minute,
        timer_interval: config.timer_interval,
        in_flight: Arc::default(),
        endpoint,
    })
}
