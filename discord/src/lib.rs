//! The Discord front end: poise commands and button clicks in, service calls, messages out.
//!
//! Commands are thin: each parses its options, calls one service function and sends what
//! [`halma_core::present`] makes of the answer. User errors become ephemeral refusals; anything else
//! is logged with context and answered with a short apology.

mod activity;
mod boards;
mod buttons;
mod challenge;
mod choices;
mod commands;
mod dispatch;
pub mod endpoint;
mod media;
mod members;
mod naming;
mod options;
mod outbox;
mod pace;
mod picker;
mod puzzle;
mod puzzle_picker;
mod registration;
mod reply;
mod send;
mod settings;
mod setup;
mod sight;
mod threads;
mod tournament;
mod tournament_posts;
mod tracking;

use anyhow::Context as _;
use halma_core::error::UserError;
use halma_core::front::Announce;
use halma_core::locale::Lang;
use halma_core::names::KnownNames;
use halma_core::ops::{self, Gateway, InteractionOutcome, Shutdown};
use halma_core::replays::{ReplayLimits, Replays};
use halma_core::service::Service;
use poise::serenity_prelude as serenity;
use std::sync::Arc;
use std::time::Duration;

pub use setup::{Setup, Shards};

/// How many users' global names this process keeps (for the list of who is in an Activity and
/// the bot's own name): those of everyone playing now, many times over.
pub const NAMES_KEPT: usize = 50_000;

/// What every command and event handler can reach.
pub struct Data {
    /// The game flow.
    pub service: Service,
    /// Global names seen in interactions, for the Activity's list of who is in it, and the
    /// bot's own: the [`NAMES_KEPT`] most recently seen. Members' names per server, on board
    /// images and the web pages, are the service's (see [`Service::saw_name`]).
    names: Arc<KnownNames>,
    /// Move answers whose message is still to be learnt, for the links of `/halma games`.
    boards: boards::PendingBoards,
    /// How fast each member may act.
    pace: pace::Pace,
    /// Replay GIFs: drawn on their own thread, shared, kept.
    replays: Replays,
}

impl Data {
    /// Shared state over `service`, each member acting at most `per_minute` times a minute
    /// after a burst (see [`pace`]); starts the replays' thread.
    pub fn new(
        service: Service,
        names: Arc<KnownNames>,
        per_minute: std::num::NonZeroU32,
    ) -> anyhow::Result<Data> {
        Ok(Data {
            pace: pace::Pace::new(service.clone(), per_minute),
            service,
            names,
            boards: boards::PendingBoards::default(),
            replays: Replays::new(ReplayLimits::default())
                .context("starting the replays' thread")?,
        })
    }

    /// Remembers a user's global name (else their username).
    fn remember(&self, user: &serenity::User) {
        self.names
            .remember(user.id.get(), user.display_name().to_owned());
    }

    /// A user's global name, if one was seen (lately).
    fn name_of(&self, user: u64) -> Option<String> {
        self.names.get(user)
    }

    /// The names to show in pictures: for member `user` of `guild`, the one they go by there
    /// as far as this process knows (an old one too), else their global name seen here (the
    /// bot's own among them).
    fn name_book(&self) -> halma_core::front::NameBook {
        let (service, names) = (self.service.clone(), Arc::clone(&self.names));
        Arc::new(move |guild, user| {
            let known = service.known_name(guild, user);
            known.name().map(str::to_owned).or_else(|| names.get(user))
        })
    }
}

/// Makes a reply from a service result on tokio's blocking pool, with the names this bot
/// knows ([`halma_core::front::draw`]). (Replays, which take far longer, are drawn on their own
/// thread by [`Replays`], so that they never hold up boards.)
async fn present_blocking<T, R, F>(data: &Arc<Data>, value: T, show: F) -> Result<R, Error>
where
    T: Send + 'static,
    R: Send + 'static,
    F: Fn(&T, halma_core::present::Names<'_>) -> R + Send + 'static,
{
    halma_core::front::draw(&data.service, &data.name_book(), value, show).await
}

/// The error type of the Discord layer: anything not a user's mistake.
pub type Error = anyhow::Error;
/// The poise context of this bot.
pub type Context<'a> = poise::Context<'a, Arc<Data>, Error>;

/// The language for a Discord locale (absent: English).
fn lang_of(locale: Option<&str>) -> Lang {
    locale.map(Lang::from_locale).unwrap_or(Lang::En)
}

/// How long stopping waits for the turn timer's tick and for the handlers still answering.
/// Within Docker's ten seconds between SIGTERM and SIGKILL.
const GRACE: Duration = Duration::from_secs(7);

/// Hands the Activity the way to answer in the channels (see [`halma_core::front::Announce`]),
/// once the bot is connected.
pub type ConnectActivity = Box<dyn FnOnce(Arc<dyn Announce>) + Send>;

/// Connects to Discord (or the proxy named in the config), registers the commands, and serves
/// interactions until the connection ends for good or `shutdown` asks to stop. The shards'
/// connections are reported to `gateway`; the names seen in interactions go to `names`.
pub async fn run(
    config: &Setup,
    service: Service,
    names: Arc<KnownNames>,
    gateway: Arc<Gateway>,
    activity: Option<ConnectActivity>,
    sight: Arc<halma_core::sight::Sight>,
    mut shutdown: Shutdown,
) -> anyhow::Result<()> {
    let mut http = serenity::HttpBuilder::new(&config.token);
    if let Some(proxy) = &config.proxy_url {
        // The proxy (twilight-http-proxy, or a test double) does the rate limiting.
        http = http.proxy(proxy.clone()).ratelimiter_disabled(true);
        // Through the endpoint, the handlers' answers may be caught on their way to the proxy
        // and become the HTTP responses.
        if let Some(client) = config.endpoint.as_ref().and_then(|d| d.serenity_client()) {
            http = http.client(client);
        }
    }
    let http = http.build();
    if let Some(url) = &config.public_url {
        send::set_public_url(url.clone());
    }

    let app = http
        .get_current_application_info()
        .await
        .context("reading the application (is DISCORD_TOKEN right?)")?;
    http.set_application_id(app.id);

    let commands = commands::all();
    let created = poise::builtins::create_application_commands(&commands);
    // Register before connecting: poise would otherwise wait forever on a failed setup. When
    // several processes share the bot, the one running shard 0 registers for all of them.
    if config.shards.as_ref().is_none_or(|s| s.first == 0) {
        match config.guild_id {
            Some(guild) => {
                serenity::GuildId::new(guild)
                    .set_commands(&http, created)
                    .await
                    .with_context(|| format!("registering the commands in guild {guild}"))?;
            }
            None => registration::register_globally(&http, created).await?,
        }
        tracing::info!(application = %app.id, guild = ?config.guild_id, "commands registered");
    } else {
        tracing::info!("commands are registered by the process running shard 0");
    }

    let mut data = Data::new(service, names, config.member_actions_per_minute)?;
    // Behind the endpoint any process may be asked for any game's replay: each is drawn once
    // for the fleet.
    if config.endpoint.is_some() {
        data.replays = data.replays.shared_by(&data.service);
    }
    let data = Arc::new(data);
    let setup_data = data.clone();
    let framework = poise::Framework::builder()
        .options(poise::FrameworkOptions {
            commands,
            on_error: |error| Box::pin(on_error(error)),
            command_check: Some(|ctx| Box::pin(at_pace(ctx))),
            event_handler: |framework, event| Box::pin(buttons::on_event(framework, event)),
            pre_command: |ctx| Box::pin(tracking::command_started(ctx)),
            post_command: |ctx| Box::pin(tracking::command_finished(ctx, None)),
            ..Default::default()
        })
        .setup(move |_ctx, ready, _framework| {
            Box::pin(async move {
                tracing::info!(user = %ready.user.name, id = %ready.user.id, guilds = ready.guilds.len(), "ready");
                // The bot plays too: its name goes on the boards of games against it.
                setup_data.remember(&ready.user);
                Ok(setup_data)
            })
        })
        .build();

    let in_flight = config.in_flight.clone();
    let mut framework = tracking::Tracked {
        framework,
        in_flight: in_flight.clone(),
        data: data.clone(),
    };
    let builder = serenity::ClientBuilder::new_with_http(http, serenity::GatewayIntents::GUILDS)
        .event_handler(tracking::GatewayWatch(gateway.clone()));
    // Through the endpoint, the framework is handed each interaction by the door instead of
    // by the gateway's shards.
    let (client, endpoint) = match &config.endpoint {
        None => (builder.framework(framework).await, None),
        Some(door) => {
            let client = builder.await;
            if let Ok(client) = &client {
                serenity::Framework::init(&mut framework, client).await;
            }
            (client, Some((door.clone(), Arc::new(framework))))
        }
    };
    let mut client = client.context("building the Discord client")?;
    // The server pages list the games of the channels everyone can see: the gateway's cache
    // says which; through the endpoint, Discord's REST API.
    if endpoint.is_some() {
        sight.set(Arc::new(sight::AskedSight::new(client.http.clone())));
    } else {
        sight.set(Arc::new(sight::CachedSight(client.cache.clone())));
    }
    // The bot's own user, asked once: the Activity names it, the endpoint's READY carries it.
    let me = if activity.is_some() || endpoint.is_some() {
        let me = client.http.get_current_user().await;
        Some(me.context("reading the bot's own user")?)
    } else {
        None
    };
    if let (Some(connect), Some(me)) = (activity, &me) {
        // The Activity's actions are answered in the channel through this connection.
        send::enable_activity();
        connect(Arc::new(activity::Announcer {
            http: client.http.clone(),
            data: data.clone(),
            bot: me.id.get(),
        }));
    }
    let shards = config.shards.clone();
    gateway.expect(shards.as_ref().map_or(0..=0, Shards::ids));
    let (stop_timer, timer_stop) = ops::shutdown();
    let ai_stop = timer_stop.clone();
    let outbox_stop = timer_stop.clone();
    let arena_stop = timer_stop.clone();
    let pars_stop = timer_stop.clone();
    // After each tick: members idle for a while need no bucket, and the move answers whose
    // token is getting old are asked for their message (see `boards`).
    let chores = {
        let (http, data) = (client.http.clone(), data.clone());
        move || {
            let (http, data) = (http.clone(), data.clone());
            async move {
                if let Err(error) = data.service.tidy_shared().await {
                    tracing::warn!(%error, "cannot drop old claims and paces");
                }
                boards::resolve_old(&http, &data).await;
            }
        }
    };
    let timer = tokio::spawn(halma_core::workers::timer::run(
        data.service.clone(),
        config.timer_interval,
        timer_stop,
        chores,
    ));
    let ai_worker = tokio::spawn(halma_core::workers::bot_moves::run(
        data.service.clone(),
        ai_stop,
    ));
    // The arenas' pairings and ends: every process runs one, the tournament's lock keeps each
    // pairing once.
    let arena_worker = tokio::spawn(halma_core::workers::arena::run(
        data.service.clone(),
        arena_stop,
    ));
    // The puzzles' pars, one board at a time; stopped (its search too) with the timer.
    let pars_worker = tokio::spawn(halma_core::workers::puzzle_pars::run(
        data.service.clone(),
        pars_stop,
    ));
    // What waits in the outbox is sent after a restart too; a send under way may be cut off
    // at shutdown (its row is taken again when the lease runs out).
    let outbox_sender = tokio::spawn(outbox::run(client.http.clone(), data.clone(), outbox_stop));
    let shard_manager = client.shard_manager.clone();
    if let (Some((door, framework)), Some(me)) = (&endpoint, &me) {
        door.open(&client, framework.clone(), me)
            .await
            .context("opening the interactions endpoint")?;
    }
    // Processes of one bot that start together open their shards' sessions one after
    // another, as Discord allows: the turn is the fleet's, in PostgreSQL.
    if shards.is_some() {
        let turn = data
            .service
            .identify_turn()
            .await
            .context("waiting for the turn to identify on the gateway")?;
        tokio::spawn(pass_turn(turn, gateway.clone(), shards.clone()));
    }
    let connect = async {
        match shards {
            // Interactions come through the endpoint's door until shutdown.
            _ if endpoint.is_some() => std::future::pending().await,
            // Several processes share the bot: this one runs its range of the shards.
            Some(shards) => {
                tracing::info!(
                    total = shards.total,
                    first = shards.first,
                    last = shards.last,
                    "starting the gateway shards"
                );
                // serenity 0.12 counts the end of this range in: `4..7` starts shards 4 to 7
                // (start_connection boots end - start + 1 of them).
                let range = shards.first..shards.last;
                client.start_shard_range(range, shards.total).await
            }
            None => client.start().await,
        }
    };
    let result = tokio::select! {
        result = connect => result.context("the gateway connection failed"),
        () = shutdown.requested() => {
            match &endpoint {
                Some((door, _)) => {
                    tracing::info!("stopping: no new interactions at the endpoint");
                    door.close();
                }
                None => {
                    tracing::info!("stopping: closing the gateway connections");
                    shard_manager.shutdown_all().await;
                }
            }
            Ok(())
        }
    };
    // No new events arrive now. Let the timer finish its tick and the handlers their answers.
    stop_timer.stop();
    // The bot's moves under way are dropped; a restart finds the games waiting for them.
    ai_worker.abort();
    // A pass under way is cut between its arenas: each arena's step is one transaction.
    arena_worker.abort();
    outbox_sender.abort();
    let (timer, idle, pars) = tokio::join!(
        tokio::time::timeout(GRACE, timer),
        in_flight.wait_idle(GRACE),
        tokio::time::timeout(GRACE, pars_worker)
    );
    if pars.is_err() {
        tracing::warn!("the puzzles' par search did not stop in time");
    }
    if timer.is_err() {
        tracing::warn!("the turn timer did not finish its tick in time");
    }
    if !idle {
        tracing::warn!(
            handlers = in_flight.count(),
            "stopping with handlers still running"
        );
    }
    // The latest boards' links, while their answers' tokens still work.
    let pending = data.boards.len();
    if tokio::time::timeout(GRACE, boards::resolve_all(&client.http, &data))
        .await
        .is_err()
    {
        tracing::warn!(
            pending,
            "could not learn every latest board's message in time"
        );
    }
    result
}

/// How long after one session starts Discord allows the next (for bots whose
/// `max_concurrency` is 1; larger ones could go faster, and wait as long).
const IDENTIFY_INTERVAL: Duration = Duration::from_secs(5);

/// Holds the fleet's turn to identify until this process's shards are connected (or would
/// long have been) and one more interval has passed, then gives it to the next process.
async fn pass_turn(turn: halma_core::service::Turn, gateway: Arc<Gateway>, shards: Option<Shards>) {
    let count = shards.as_ref().map_or(1, |s| s.last - s.first + 1);
    let deadline =
        tokio::time::Instant::now() + IDENTIFY_INTERVAL * count + Duration::from_secs(30);
    while gateway.problem().is_some() && tokio::time::Instant::now() < deadline {
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
    tokio::time::sleep(IDENTIFY_INTERVAL).await;
    if let Err(error) = turn.release().await {
        tracing::warn!(%error, "could not give the turn to identify back; it goes with the connection");
    }
}

/// Lets a command run unless its member has acted too often in the last seconds; then they
/// are told to slow down, only them, and nothing else happens.
async fn at_pace(ctx: Context<'_>) -> Result<bool, Error> {
    /// Marks an invocation whose pace was counted.
    struct Paced;
    // poise runs the check for `/halma` and again for its subcommand: count each once.
    if ctx.invocation_data::<Paced>().await.is_some() {
        return Ok(true);
    }
    ctx.set_invocation_data(Paced).await;
    if ctx.data().pace.allows(ctx.author().id.get()).await {
        return Ok(true);
    }
    let refusal = halma_core::present::refusal(lang_of(ctx.locale()), &UserError::SlowDown);
    ctx.send(send::create_reply(&refusal)).await?;
    Ok(false)
}

async fn on_error(error: poise::FrameworkError<'_, Arc<Data>, Error>) {
    if let Some(ctx) = error.ctx() {
        let outcome = match &error {
            poise::FrameworkError::Command { .. } | poise::FrameworkError::CommandPanic { .. } => {
                InteractionOutcome::Error
            }
            // Checks, argument parsing, guild-only and the like: the user's request was refused.
            _ => InteractionOutcome::Refused,
        };
        tracking::command_finished(ctx, Some(outcome)).await;
    }
    match error {
        // The pace check answered already.
        poise::FrameworkError::CommandCheckFailed { error: None, .. } => {}
        poise::FrameworkError::Command { error, ctx, .. } => {
            ops::count_error(&error);
            tracing::error!(
                command = %ctx.command().qualified_name,
                user = %ctx.author().id,
                channel = %ctx.channel_id(),
                error = format!("{error:#}"),
                "command failed"
            );
            let lang = lang_of(ctx.locale());
            let reply = halma_core::present::apology(lang);
            if let Err(e) = ctx.send(send::create_reply(&reply)).await {
                tracing::warn!(error = %e, "could not send the apology");
            }
        }
        poise::FrameworkError::CommandPanic { payload, ctx, .. } => {
            // The panic hook (crate::panics) logged where it happened; this names the command.
            tracing::error!(
                command = %ctx.command().qualified_name,
                user = %ctx.author().id,
                channel = %ctx.channel_id(),
                panic = payload.as_deref().unwrap_or("(not text)"),
                "command panicked"
            );
            let reply = halma_core::present::apology(lang_of(ctx.locale()));
            if let Err(e) = ctx.send(send::create_reply(&reply)).await {
                tracing::warn!(error = %e, "could not send the apology");
            }
        }
        other => {
            if let Err(e) = poise::builtins::on_error(other).await {
                tracing::error!(error = %e, "error while handling an error");
            }
        }
    }
}
