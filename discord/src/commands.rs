//! The `/halma` slash command and its subcommands. Each one reads its options into a typed
//! [`Command`] and answers with what the shared dispatch makes of it (see [`dispatch`]).

use super::challenge::challenge;
use super::choices::{LevelChoice, SeatsChoice, VariantChoice};
use super::dispatch::dispatch;
use super::naming::describe;
use super::puzzle::puzzle;
use super::reply::{actor, guild, lang, place, respond, say, unless_refused};
use super::settings::settings;
use super::tournament::tournament;
use super::{Context, Data, Error};
use halma_core::front::Command;
use halma_core::locale::text;
use halma_core::ops::InteractionOutcome as Outcome;
use halma_core::present;
use halma_core::service::{
    optional, parse_dm_switch, parse_turn_timeout, LobbyRequest, DEFAULT_VARIANT,
};
use poise::serenity_prelude as serenity;
use std::sync::Arc;
use std::time::Instant;

/// Every command, named and described in every language the bot speaks (see
/// [`describe`]).
pub fn all() -> Vec<poise::Command<Arc<Data>, Error>> {
    let mut root = halma();
    describe(&mut root, "halma");
    vec![root]
}

/// The channel's game of Halma.
#[poise::command(
    slash_command,
    guild_only,
    subcommands(
        "challenge",
        "move_",
        "board",
        "resign",
        "draw",
        "history",
        "leaderboard",
        "stats",
        "replay",
        "rules",
        "abort",
        "hint",
        "games",
        "settings",
        "open",
        "notify",
        "tournament",
        "puzzle"
    ),
    subcommand_required
)]
pub async fn halma(_ctx: Context<'_>) -> Result<(), Error> {
    Ok(())
}

/// Open a lobby anyone in the channel may join; the game starts when every seat is taken.
#[poise::command(slash_command, guild_only)]
async fn open(
    ctx: Context<'_>,
    variant: Option<VariantChoice>,
    turn_timeout: Option<String>,
    anti_spoiling: Option<bool>,
    no_parking: Option<bool>,
    seats: Option<SeatsChoice>,
    level: Option<LevelChoice>,
) -> Result<(), Error> {
    // The service applies the server's game channels and its move time.
    let turn_timeout = match optional(turn_timeout.as_deref(), parse_turn_timeout) {
        Ok(timeout) => timeout,
        Err(refusal) => return super::reply::refuse(ctx, &refusal).await,
    };
    let request = LobbyRequest {
        host: actor(ctx),
        variant: variant.map(|v| v.0),
        turn_timeout,
        anti_spoiling: anti_spoiling.unwrap_or(false),
        no_parking: no_parking.unwrap_or(false),
        random_seats: seats.is_some_and(|s| s.random),
        level: level.map(|l| l.0),
    };
    dispatch(ctx, Command::Open(request)).await
}

/// Get a direct message when it is your move in a game with an hour or more per move.
#[poise::command(slash_command, guild_only)]
async fn notify(
    ctx: Context<'_>,
    #[autocomplete = "complete_dm"] dm: Option<String>,
) -> Result<(), Error> {
    let dm = match optional(dm.as_deref(), parse_dm_switch) {
        Ok(dm) => dm,
        Err(refusal) => return super::reply::refuse(ctx, &refusal).await,
    };
    let lang = lang(ctx);
    dispatch(ctx, Command::Notify { dm, lang }).await
}

/// `on` and `off`, described in the member's language, for the `dm` option.
async fn complete_dm(ctx: Context<'_>, partial: &str) -> serenity::CreateAutocompleteResponse {
    let started = Instant::now();
    let (lang, partial) = (lang(ctx), partial.trim().to_ascii_lowercase());
    let offered = [("on", "notify.choice_on"), ("off", "notify.choice_off")]
        .into_iter()
        .filter(|(value, _)| value.starts_with(&partial))
        .map(|(value, key)| serenity::AutocompleteChoice::new(text(lang, key, &[]), value))
        .collect();
    halma_core::ops::interaction(
        "halma notify (autocomplete dm)",
        Outcome::Ok,
        Some(started.elapsed()),
    );
    serenity::CreateAutocompleteResponse::new().set_choices(offered)
}

/// Finds a string option by name anywhere in an interaction's options.
fn option_value(options: &[serenity::ResolvedOption<'_>], name: &str) -> Option<String> {
    options.iter().find_map(|o| match &o.value {
        serenity::ResolvedValue::SubCommand(inner)
        | serenity::ResolvedValue::SubCommandGroup(inner) => option_value(inner, name),
        serenity::ResolvedValue::String(s) if o.name == name => Some(s.to_string()),
        serenity::ResolvedValue::Autocomplete { value, .. } if o.name == name => {
            Some(value.to_string())
        }
        _ => None,
    })
}

fn choices(list: Vec<halma_core::service::Choice>) -> serenity::CreateAutocompleteResponse {
    serenity::CreateAutocompleteResponse::new().set_choices(
        list.into_iter()
            .map(|c| serenity::AutocompleteChoice::new(c.name, c.value))
            .collect(),
    )
}

/// Counts an autocomplete answer in the metrics under `name`: poise's command hooks, which
/// count everything else, do not run for autocomplete.
fn count_autocomplete<T>(name: &str, started: Instant, result: &halma_core::error::Result<T>) {
    let outcome = match result {
        Ok(_) => Outcome::Ok,
        Err(e) if e.user().is_some() => Outcome::Refused,
        Err(_) => Outcome::Error,
    };
    halma_core::ops::interaction(name, outcome, Some(started.elapsed()));
}

async fn complete_from(ctx: Context<'_>, partial: &str) -> serenity::CreateAutocompleteResponse {
    let started = Instant::now();
    let service = &ctx.data().service;
    let result = service.complete_from(actor(ctx), partial).await;
    count_autocomplete("halma move (autocomplete from)", started, &result);
    choices(result.unwrap_or_else(|e| {
        if e.user().is_none() {
            tracing::warn!(error = %e, "autocomplete of from failed");
        }
        Vec::new()
    }))
}

async fn complete_to(ctx: Context<'_>, partial: &str) -> serenity::CreateAutocompleteResponse {
    let started = Instant::now();
    let from = match ctx {
        poise::Context::Application(app) => option_value(&app.interaction.data.options(), "from"),
        poise::Context::Prefix(_) => None,
    };
    let Some(from) = from else {
        return choices(Vec::new());
    };
    let service = &ctx.data().service;
    let result = service.complete_to(actor(ctx), &from, partial).await;
    count_autocomplete("halma move (autocomplete to)", started, &result);
    choices(result.unwrap_or_else(|e| {
        if e.user().is_none() {
            tracing::warn!(error = %e, "autocomplete of to failed");
        }
        Vec::new()
    }))
}

/// Move a piece: a step, or a hop chain to its end square (or every landing square).
#[poise::command(slash_command, guild_only, rename = "move")]
async fn move_(
    ctx: Context<'_>,
    #[autocomplete = "complete_from"] from: String,
    #[autocomplete = "complete_to"] to: String,
) -> Result<(), Error> {
    let read = ctx.data().service.read_move(place(ctx), &from, &to).await;
    let Some(text) = unless_refused(ctx, read).await? else {
        return Ok(());
    };
    dispatch(ctx, Command::Move(text)).await
}

/// The games being played on this server.
#[poise::command(slash_command, guild_only)]
async fn games(ctx: Context<'_>) -> Result<(), Error> {
    let mut games = ctx.data().service.server_games(guild(ctx)).await;
    if let Ok(listed) = &mut games {
        let http = &ctx.serenity_context().http;
        super::boards::refresh(http, ctx.data(), listed).await;
    }
    respond(ctx, games, |lang, g, _| present::server_games(lang, g)).await
}

/// Suggest a move (three per game; only you see it).
#[poise::command(slash_command, guild_only)]
async fn hint(ctx: Context<'_>) -> Result<(), Error> {
    // The search takes a moment; a hint and its refusals are both for the player's eyes only.
    ctx.defer_ephemeral().await?;
    dispatch(ctx, Command::Hint).await
}

/// Show the current board.
#[poise::command(slash_command, guild_only)]
async fn board(ctx: Context<'_>) -> Result<(), Error> {
    dispatch(ctx, Command::Board).await
}

/// Resign the game.
#[poise::command(slash_command, guild_only)]
async fn resign(ctx: Context<'_>) -> Result<(), Error> {
    dispatch(ctx, Command::Resign).await
}

/// Offer a draw, or accept the one offered.
#[poise::command(slash_command, guild_only)]
async fn draw(ctx: Context<'_>) -> Result<(), Error> {
    dispatch(ctx, Command::Draw).await
}

/// The moves so far and the position string.
#[poise::command(slash_command, guild_only)]
async fn history(ctx: Context<'_>) -> Result<(), Error> {
    dispatch(ctx, Command::History).await
}

/// This server's best players.
#[poise::command(slash_command, guild_only)]
async fn leaderboard(ctx: Context<'_>, variant: Option<VariantChoice>) -> Result<(), Error> {
    let variant = variant.map_or(DEFAULT_VARIANT, |v| v.0);
    dispatch(ctx, Command::Leaderboard(variant)).await
}

/// A member's ratings and games.
#[poise::command(slash_command, guild_only)]
async fn stats(ctx: Context<'_>, player: Option<serenity::User>) -> Result<(), Error> {
    let who = player.as_ref().unwrap_or(ctx.author()).id.get();
    dispatch(ctx, Command::Stats(who)).await
}

/// The game as an animated GIF.
#[poise::command(slash_command, guild_only)]
async fn replay(ctx: Context<'_>) -> Result<(), Error> {
    let data = ctx.data();
    let replay = data.service.replay_data(place(ctx)).await;
    let Some(replay) = unless_refused(ctx, replay).await? else {
        return Ok(());
    };
    let players: Vec<u64> = replay.game.players.iter().map(|p| p.user).collect();
    let names = data.service.names_in(replay.game.guild, &players).await;
    let name_of = |_: u64, user: u64| names.get(&user).cloned().or_else(|| data.name_of(user));
    let options = present::replay_options(&replay, &name_of, upload_budget(ctx));
    // Drawn on the replays' own thread, never on the pool that draws boards; a full queue is
    // refused here, before the answer is deferred, so that the refusal stays ephemeral.
    let drawing = data.replays.draw(&replay, options);
    let Some(drawing) = unless_refused(ctx, drawing.map_err(Into::into)).await? else {
        return Ok(());
    };
    // Drawing a long game takes a while; the game exists, so the answer will be public.
    ctx.defer().await?;
    let drawn = drawing.wait().await?;
    say(ctx, &present::replay_message(lang(ctx), &replay, &drawn)).await?;
    Ok(())
}

/// The most bytes a replay GIF may take in answer to `ctx`: the renderer's budget, or four
/// fifths of the interaction's upload limit when that is smaller (a message also carries its
/// text and Discord's multipart framing).
fn upload_budget(ctx: Context<'_>) -> usize {
    let limit = match ctx {
        poise::Context::Application(app) => app.interaction.attachment_size_limit as usize,
        poise::Context::Prefix(_) => 0,
    };
    match limit {
        // Absent: Discord did not say; the budget is under its smallest limit anyway.
        0 => halma_render::MAX_REPLAY_BYTES,
        limit => halma_render::MAX_REPLAY_BYTES.min(limit / 5 * 4),
    }
}

/// How to play, and the variants.
#[poise::command(slash_command, guild_only)]
async fn rules(ctx: Context<'_>) -> Result<(), Error> {
    dispatch(ctx, Command::Rules).await
}

/// End the game without rating (moderators; players before both have moved).
#[poise::command(slash_command, guild_only)]
async fn abort(ctx: Context<'_>) -> Result<(), Error> {
    let can_manage = match ctx {
        poise::Context::Application(app) => app
            .interaction
            .member
            .as_ref()
            .and_then(|m| m.permissions)
            .is_some_and(|p| p.manage_messages()),
        poise::Context::Prefix(_) => false,
    };
    dispatch(
        ctx,
        Command::Abort {
            can_manage_messages: can_manage,
        },
    )
    .await
}
