//! The `/halma` slash command and its subcommands. Each one parses its options, calls one
//! service function, and sends what [`crate::present`] makes of the answer.

use super::ai::hint;
use super::choices::{FirstChoice, LevelChoice, SeatsChoice, VariantChoice};
use super::settings::settings;
use super::{lang_of, send, Context, Data, Error};
use crate::error::UserError;
use crate::locale::{text, Lang};
use crate::model::{FirstMover, GameId};
use crate::ops::InteractionOutcome as Outcome;
use crate::present::{self, Reply};
use crate::service::{
    Abort, ChallengeDefaults, ChallengeRequest, DrawOffer, LobbyRequest, NoticeKey, Opponent,
    Player, PlayerLeft, Resignation, DEFAULT_LEADERBOARD_SIZE, DEFAULT_VARIANT,
};
use poise::serenity_prelude as serenity;
use std::borrow::Cow;
use std::sync::Arc;
use std::time::Instant;

/// Every command, named and described in every language the bot speaks (see [`describe`]).
pub fn all() -> Vec<poise::Command<Arc<Data>, Error>> {
    let mut root = halma();
    describe(&mut root, "halma");
    vec![root]
}

/// Names and describes a command, its options and their choices from the locale texts, in
/// English and, as Discord's localizations, in every other language:
/// `name.command.<name>` and `cmd.<path>` for a command, `name.option.<name>` and
/// `opt.<path>.<name>` for an option, `choice.<option>.<choice>` for a choice. Discord always
/// sends the English names back, so nothing that parses an interaction changes; choices go
/// back by index, so a choice's English text is free to be more than its code.
fn describe(command: &mut poise::Command<Arc<Data>, Error>, path: &str) {
    let key = format!("cmd.{path}");
    command.description = Some(text(Lang::En, &key, &[]).into());
    command.description_localizations = localized(&key);
    command.name_localizations = localized(&format!("name.command.{}", command.name));
    for parameter in &mut command.parameters {
        let key = format!("opt.{path}.{}", parameter.name);
        parameter.description = Some(text(Lang::En, &key, &[]).into());
        parameter.description_localizations = localized(&key);
        parameter.name_localizations = localized(&format!("name.option.{}", parameter.name));
        for choice in parameter.choices.to_mut() {
            let key = format!("choice.{}.{}", parameter.name, choice.name);
            choice.name = text(Lang::En, &key, &[]).into();
            choice.localizations = localized(&key);
        }
    }
    for sub in &mut command.subcommands {
        let sub_path = format!("{path}.{}", sub.name);
        describe(sub, &sub_path);
    }
}

/// The text of `key` in every language but English, keyed by Discord's locale code.
fn localized(key: &str) -> Cow<'static, [(Cow<'static, str>, Cow<'static, str>)]> {
    Lang::ALL
        .into_iter()
        .filter(|lang| *lang != Lang::En)
        .map(|lang| (lang.code().into(), text(lang, key, &[]).into()))
        .collect()
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
        "open"
    ),
    subcommand_required
)]
pub async fn halma(_ctx: Context<'_>) -> Result<(), Error> {
    Ok(())
}

fn lang(ctx: Context<'_>) -> Lang {
    lang_of(ctx.locale())
}

fn guild(ctx: Context<'_>) -> u64 {
    // Every command is guild_only, so poise has checked there is a guild.
    ctx.guild_id().map(|g| g.get()).unwrap_or_default()
}

/// Runs the service call `call` as the command's answer: an announcement it holds for the
/// answer keeps the interaction's token (see [`crate::service::answering`]).
async fn answering<F: std::future::Future>(ctx: Context<'_>, call: F) -> F::Output {
    match ctx {
        poise::Context::Application(app) => {
            crate::service::answering(&app.interaction.token, call).await
        }
        poise::Context::Prefix(_) => call.await,
    }
}

/// Sends a reply to the command.
pub(super) async fn say<'a>(
    ctx: Context<'a>,
    reply: &Reply,
) -> Result<poise::ReplyHandle<'a>, Error> {
    Ok(ctx.send(send::create_reply(reply)).await?)
}

/// The value of a service call; a user error is answered with an ephemeral refusal (and
/// `None`), anything else goes to `on_error`.
pub(super) async fn answer<T>(
    ctx: Context<'_>,
    result: crate::error::Result<T>,
) -> Result<Option<T>, Error> {
    match result {
        Ok(value) => Ok(Some(value)),
        Err(crate::error::Error::User(e)) => {
            refuse(ctx, &e).await?;
            Ok(None)
        }
        Err(e) => Err(e.into()),
    }
}

async fn refuse(ctx: Context<'_>, error: &UserError) -> Result<(), Error> {
    tracing::debug!(user = %ctx.author().id, refusal = ?error, "refused");
    super::tracking::command_refused(ctx).await;
    say(ctx, &present::refusal(lang(ctx), error)).await?;
    Ok(())
}

fn channel(ctx: Context<'_>) -> u64 {
    ctx.channel_id().get()
}

fn author(ctx: Context<'_>) -> u64 {
    ctx.author().id.get()
}

/// Sends what `show` makes of a service result (made on the blocking pool, see
/// [`super::present_blocking`]), or the refusal for a user error.
pub(super) async fn respond<T: Send + 'static>(
    ctx: Context<'_>,
    result: crate::error::Result<T>,
    show: impl FnOnce(Lang, &T, present::Names<'_>) -> Reply + Send + 'static,
) -> Result<(), Error> {
    if let Some(value) = answer(ctx, result).await? {
        let lang = lang(ctx);
        let reply =
            super::present_blocking(ctx.data(), value, move |v, names| show(lang, v, names))
                .await?;
        say(ctx, &reply).await?;
    }
    Ok(())
}

/// A change a command answers that may have written an announcement held for the answer, and
/// may have let a player leave a game of three or four (which hands the turn on).
trait Change {
    /// The announcement held for the answer, if the change wrote one.
    fn notice(&self) -> Option<NoticeKey>;
    /// The player who left a game of three or four, if one did.
    fn departure(&self) -> Option<&PlayerLeft>;
}

impl Change for Resignation {
    fn notice(&self) -> Option<NoticeKey> {
        Some(Resignation::notice(self))
    }

    fn departure(&self) -> Option<&PlayerLeft> {
        match self {
            Resignation::Left(left) => Some(left),
            Resignation::Ended(_) => None,
        }
    }
}

impl Change for DrawOffer {
    fn notice(&self) -> Option<NoticeKey> {
        DrawOffer::notice(self)
    }

    fn departure(&self) -> Option<&PlayerLeft> {
        match self {
            DrawOffer::PlayerLeft(left) => Some(left),
            _ => None,
        }
    }
}

impl Change for Abort {
    fn notice(&self) -> Option<NoticeKey> {
        Abort::notice(self)
    }

    fn departure(&self) -> Option<&PlayerLeft> {
        match self {
            Abort::PlayerLeft(left) => Some(left),
            _ => None,
        }
    }
}

/// [`respond`] for the service call `call`, a change, run as the command's answer (see
/// [`answering`]). An announcement the change holds for the answer goes once the answer is
/// delivered; if the answer fails, the outbox's sender posts it in the channel, so a saved
/// change is shown even when its answer is lost. After the answer (delivered or not), a
/// player's departure that made the bot the player to move wakes the bot.
async fn respond_change<T: Change + Send + 'static>(
    ctx: Context<'_>,
    call: impl std::future::Future<Output = crate::error::Result<T>>,
    show: impl FnOnce(Lang, &T, present::Names<'_>) -> Reply + Send + 'static,
) -> Result<(), Error> {
    let result = answering(ctx, call).await;
    let change = result.as_ref().ok();
    let notice = change.and_then(Change::notice);
    let left = change
        .and_then(Change::departure)
        .map(|l| (l.game.id, l.game.to_move));
    let answered = respond(ctx, result, show).await;
    super::outbox::settle(ctx.data(), notice, answered.is_ok()).await;
    // The change is saved whatever happened to its answer.
    if let Some((game, next)) = left {
        wake_bot_if_next(ctx, game, next);
    }
    answered
}

/// After the answer to a change that handed the turn in `game` to `next` (so that the bot's
/// move comes after it): the bot moves if it is `next`.
fn wake_bot_if_next(ctx: Context<'_>, game: GameId, next: Option<Player>) {
    let bot = ctx.framework().bot_id().get();
    ctx.data().ai.after_turn(game, next.as_ref(), bot);
}

/// The server's defaults for a new game in the command's channel (a thread counts as its
/// parent); `None` once a channel that may not host games has been refused.
async fn game_defaults(ctx: Context<'_>) -> Result<Option<ChallengeDefaults>, Error> {
    let service = &ctx.data().service;
    let parent = super::threads::parent(ctx);
    let defaults = service
        .challenge_defaults(guild(ctx), channel(ctx), parent)
        .await;
    answer(ctx, defaults).await
}

/// Challenge a member to a game (or two or three members to a game of three or four).
#[poise::command(slash_command, guild_only)]
// Each parameter is one of the command's options, as Discord shows them.
#[allow(clippy::too_many_arguments)]
async fn challenge(
    ctx: Context<'_>,
    opponent: serenity::User,
    variant: Option<VariantChoice>,
    first: Option<FirstChoice>,
    anti_spoiling: Option<bool>,
    turn_timeout: Option<String>,
    level: Option<LevelChoice>,
    opponent2: Option<serenity::User>,
    opponent3: Option<serenity::User>,
    thread: Option<bool>,
) -> Result<(), Error> {
    // The server's settings: its game channels, and defaults for what the command leaves out.
    let Some(defaults) = game_defaults(ctx).await? else {
        return Ok(());
    };
    let variant = variant.or_else(|| {
        defaults
            .variant
            .and_then(|name| name.parse().ok())
            .map(VariantChoice)
    });
    let turn_timeout = turn_timeout.or(defaults.turn_timeout);
    let bot = ctx.framework().bot_id();
    let others: Vec<serenity::User> = opponent2.into_iter().chain(opponent3).collect();
    if opponent.id == bot && others.is_empty() {
        return super::ai::challenge_bot(ctx, variant, first, anti_spoiling, turn_timeout, level)
            .await;
    }
    ctx.data().remember(&opponent);
    for other in &others {
        ctx.data().remember(other);
    }
    let request = ChallengeRequest {
        guild: guild(ctx),
        channel: ctx.channel_id().get(),
        challenger: ctx.author().id.get(),
        opponent: opponent.id.get(),
        opponent_is_bot: opponent.bot,
        opponent_is_me: opponent.id == bot,
        level: level.map(|l| l.0.name()),
        variant: variant.map(|v| v.0.name()),
        first: first.map_or(FirstMover::Random, |f| f.0),
        anti_spoiling: anti_spoiling.unwrap_or(false),
        turn_timeout: turn_timeout.as_deref(),
    };
    let others: Vec<(serenity::User, Opponent)> = others
        .into_iter()
        .map(|u| {
            let o = Opponent {
                user: u.id.get(),
                is_bot: u.bot,
                is_me: u.id == bot,
            };
            (u, o)
        })
        .collect();
    // A thread of its own, unless the command was typed in a thread already.
    if thread == Some(true) && super::threads::parent(ctx).is_none() {
        return super::threads::challenge_in_thread(ctx, request, &opponent, &others).await;
    }
    let others: Vec<Opponent> = others.into_iter().map(|(_, o)| o).collect();
    let service = &ctx.data().service;
    let invited = service.challenge_group(&request, &others).await;
    let Some(invitation) = answer(ctx, invited).await? else {
        return Ok(());
    };
    let shown = say(ctx, &present::invitation(lang(ctx), &invitation)).await;
    let handle = match shown {
        Ok(handle) => handle,
        Err(e) => {
            // Nobody saw the challenge: call it off rather than let it hold the channel until
            // it expires.
            let id = invitation.challenge.id;
            if let Err(undo) = service.withdraw(id, request.challenger).await {
                tracing::warn!(challenge = %id, error = %undo, "calling off an unseen challenge");
            }
            return Err(e);
        }
    };
    // The message id lets the timer close the challenge when it expires.
    let message = handle.message().await?;
    service
        .set_challenge_message(invitation.challenge.id, message.id.get())
        .await?;
    Ok(())
}

/// Open a lobby anyone in the channel may join; the game starts when every seat is taken.
#[poise::command(slash_command, guild_only)]
async fn open(
    ctx: Context<'_>,
    variant: Option<VariantChoice>,
    turn_timeout: Option<String>,
    anti_spoiling: Option<bool>,
    seats: Option<SeatsChoice>,
    level: Option<LevelChoice>,
) -> Result<(), Error> {
    // The server's game channels, and its move time when the command names none.
    let Some(defaults) = game_defaults(ctx).await? else {
        return Ok(());
    };
    let turn_timeout = turn_timeout.or(defaults.turn_timeout);
    let request = LobbyRequest {
        guild: guild(ctx),
        channel: channel(ctx),
        host: author(ctx),
        variant: variant.map(|v| v.0.name()),
        turn_timeout: turn_timeout.as_deref(),
        anti_spoiling: anti_spoiling.unwrap_or(false),
        random_seats: seats.is_some_and(|s| s.random),
        level: level.map(|l| l.0.name()),
    };
    let service = &ctx.data().service;
    let Some(view) = answer(ctx, service.open_lobby(&request).await).await? else {
        return Ok(());
    };
    let shown = say(ctx, &present::lobby(lang(ctx), &view)).await;
    let handle = match shown {
        Ok(handle) => handle,
        Err(e) => {
            // Nobody saw the lobby: the host's leaving closes it, so that it does not hold
            // the channel until it expires.
            if let Err(undo) = service.leave_lobby(view.lobby.id, request.host).await {
                tracing::warn!(lobby = %view.lobby.id, error = %undo, "closing an unseen lobby");
            }
            return Err(e);
        }
    };
    // The message id lets the timer close the lobby when it expires.
    let message = handle.message().await?;
    service
        .set_lobby_message(view.lobby.id, message.id.get())
        .await?;
    // The language of the game's reminders, unless the server chose one.
    super::settings::note_guild_locale(ctx).await;
    Ok(())
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

fn choices(list: Vec<crate::service::Choice>) -> serenity::CreateAutocompleteResponse {
    serenity::CreateAutocompleteResponse::new().set_choices(
        list.into_iter()
            .map(|c| serenity::AutocompleteChoice::new(c.name, c.value))
            .collect(),
    )
}

/// Counts an autocomplete answer in the metrics under `name`: poise's command hooks, which
/// count everything else, do not run for autocomplete.
fn count_autocomplete<T>(name: &str, started: Instant, result: &crate::error::Result<T>) {
    let outcome = match result {
        Ok(_) => Outcome::Ok,
        Err(e) if e.user().is_some() => Outcome::Refused,
        Err(_) => Outcome::Error,
    };
    crate::ops::interaction(name, outcome, Some(started.elapsed()));
}

async fn complete_from(ctx: Context<'_>, partial: &str) -> serenity::CreateAutocompleteResponse {
    let started = Instant::now();
    let service = &ctx.data().service;
    let result = service
        .complete_from(
            guild(ctx),
            ctx.channel_id().get(),
            ctx.author().id.get(),
            partial,
        )
        .await;
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
    let result = service
        .complete_to(
            guild(ctx),
            ctx.channel_id().get(),
            ctx.author().id.get(),
            &from,
            partial,
        )
        .await;
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
    let service = &ctx.data().service;
    let play = service.play(guild(ctx), channel(ctx), author(ctx), &from, &to);
    let played = answering(ctx, play).await;
    let Some(played) = answer(ctx, played).await? else {
        return Ok(());
    };
    let game = played.game.id;
    let next = played.game.to_move;
    let notice = Some(played.notice());
    let lang = lang(ctx);
    let reply = super::present_blocking(ctx.data(), played, move |p, names| {
        present::move_played(lang, p, names)
    })
    .await?;
    // The answer is the game's latest board; its message id is asked for later, if ever.
    // Noted before it is sent, so that whoever sees the answer finds it noted.
    let boards = &ctx.data().boards;
    if let poise::Context::Application(app) = ctx {
        boards.note(game, &app.interaction.token);
    }
    let said = say(ctx, &reply).await;
    super::outbox::settle(ctx.data(), notice, said.is_ok()).await;
    if said.is_err() {
        boards.forget(game);
    }
    // The move is saved whatever happened to its answer: the bot moves if it is next.
    wake_bot_if_next(ctx, game, next);
    said?;
    Ok(())
}

/// Remembers the latest message showing a game's board, for the links of `/halma games`; a
/// failure is logged, the answer has been sent anyway. A caller that just sent the board
/// also [forgets](super::boards::PendingBoards::forget) an older answer still to be asked for.
pub(super) async fn record_board(data: &Data, game: crate::model::GameId, message: u64) {
    if let Err(e) = data.service.set_board_message(game, message).await {
        tracing::warn!(%game, error = %e, "could not record the board message");
    }
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

/// Show the current board.
#[poise::command(slash_command, guild_only)]
async fn board(ctx: Context<'_>) -> Result<(), Error> {
    let view = ctx.data().service.board(guild(ctx), channel(ctx)).await;
    respond(ctx, view, present::board).await
}

/// Resign the game.
#[poise::command(slash_command, guild_only)]
async fn resign(ctx: Context<'_>) -> Result<(), Error> {
    let service = &ctx.data().service;
    let resign = service.resign(guild(ctx), channel(ctx), author(ctx));
    respond_change(ctx, resign, present::resignation).await
}

/// Offer a draw, or accept the one offered.
#[poise::command(slash_command, guild_only)]
async fn draw(ctx: Context<'_>) -> Result<(), Error> {
    let service = &ctx.data().service;
    let offer = service.offer_draw(guild(ctx), channel(ctx), author(ctx));
    respond_change(ctx, offer, present::draw).await
}

/// The moves so far and the position string.
#[poise::command(slash_command, guild_only)]
async fn history(ctx: Context<'_>) -> Result<(), Error> {
    let history = ctx.data().service.history(guild(ctx), channel(ctx)).await;
    respond(ctx, history, |lang, h, _| present::history(lang, h)).await
}

/// This server's best players.
#[poise::command(slash_command, guild_only)]
async fn leaderboard(ctx: Context<'_>, variant: Option<VariantChoice>) -> Result<(), Error> {
    let service = &ctx.data().service;
    let variant = variant.map_or(DEFAULT_VARIANT, |v| v.0);
    let board = service
        .leaderboard(guild(ctx), variant.name(), DEFAULT_LEADERBOARD_SIZE)
        .await;
    respond(ctx, board, |lang, b, _| present::leaderboard(lang, b)).await
}

/// A member's ratings and games.
#[poise::command(slash_command, guild_only)]
async fn stats(ctx: Context<'_>, player: Option<serenity::User>) -> Result<(), Error> {
    let who = player.as_ref().unwrap_or(ctx.author()).id.get();
    let stats = ctx.data().service.stats(guild(ctx), who).await;
    respond(ctx, stats, |lang, s, _| present::stats(lang, s)).await
}

/// The game as an animated GIF.
#[poise::command(slash_command, guild_only)]
async fn replay(ctx: Context<'_>) -> Result<(), Error> {
    let data = ctx.data();
    let replay = data
        .service
        .replay_data(guild(ctx), ctx.channel_id().get())
        .await;
    let Some(replay) = answer(ctx, replay).await? else {
        return Ok(());
    };
    let options = present::replay_options(&replay, &|id| data.name_of(id), upload_budget(ctx));
    // Drawn on the replays' own thread, never on the pool that draws boards; a full queue is
    // refused here, before the answer is deferred, so that the refusal stays ephemeral.
    let drawing = data.replays.draw(&replay, options);
    let Some(drawing) = answer(ctx, drawing.map_err(Into::into)).await? else {
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
    say(ctx, &present::rules(lang(ctx))).await?;
    Ok(())
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
    let user = ctx.author().id.get();
    let abort = ctx
        .data()
        .service
        .abort(guild(ctx), ctx.channel_id().get(), user, can_manage);
    respond_change(ctx, abort, move |lang, a, names| {
        present::abort(lang, user, a, names)
    })
    .await
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::BTreeSet;

    /// Whether Discord takes `name` as a command or option name: 1 to 32 letters, digits, `-`
    /// or `_`, with no capital letter.
    fn discord_name(name: &str) -> bool {
        (1..=32).contains(&name.chars().count())
            && name
                .chars()
                .all(|c| (c.is_alphanumeric() || c == '-' || c == '_') && !c.is_uppercase())
    }

    /// The text of `key` in `lang`, checked to exist; its message id goes into `used`.
    fn message(lang: Lang, key: &str, used: &mut BTreeSet<String>) -> String {
        let text = crate::locale::text(lang, key, &[]);
        assert_ne!(text, key, "{key} has no text in {lang:?}");
        assert!(
            Lang::En.template(key).is_some() && lang.template(key).is_some(),
            "{key} is missing in {lang:?} (a fallback to English is not enough)"
        );
        used.insert(crate::locale::message_id(key));
        text
    }

    /// What Discord shows in `lang` for a name with these localizations.
    fn shown<'a>(default: &'a str, localizations: &'a [(CowStr, CowStr)], lang: Lang) -> &'a str {
        localizations
            .iter()
            .find(|(locale, _)| locale == lang.code())
            .map_or(default, |(_, text)| text.as_ref())
    }

    type CowStr = Cow<'static, str>;

    /// Checks the names, descriptions and choices of `command` and its options in every
    /// language, noting the message ids it used in `used`.
    fn check(command: &poise::Command<Arc<Data>, Error>, path: &str, used: &mut BTreeSet<String>) {
        let others = Lang::ALL.len() - 1;
        assert_eq!(command.name_localizations.len(), others, "{path}");
        assert_eq!(command.description_localizations.len(), others, "{path}");
        for lang in Lang::ALL {
            let name = message(lang, &format!("name.command.{}", command.name), used);
            assert!(discord_name(&name), "{path}'s name in {lang:?}: {name:?}");
            assert_eq!(
                shown(&command.name, &command.name_localizations, lang),
                name
            );
            let described = message(lang, &format!("cmd.{path}"), used);
            assert!(
                (1..=100).contains(&described.chars().count()),
                "{path} in {lang:?}"
            );
            // Discord refuses two options or subcommands of one command with the same name.
            let mut siblings = BTreeSet::new();
            for p in &command.parameters {
                let name = message(lang, &format!("name.option.{}", p.name), used);
                assert!(
                    discord_name(&name),
                    "{path} {}'s name in {lang:?}: {name:?}",
                    p.name
                );
                assert_eq!(shown(&p.name, &p.name_localizations, lang), name);
                assert!(
                    siblings.insert(name.clone()),
                    "{path}: {name} twice in {lang:?}"
                );
                let described = message(lang, &format!("opt.{path}.{}", p.name), used);
                assert!(
                    (1..=100).contains(&described.chars().count()),
                    "{path} {}",
                    p.name
                );
                assert_eq!(p.name_localizations.len(), others);
                assert_eq!(p.description_localizations.len(), others);
                for c in p.choices.iter() {
                    let choice = shown(&c.name, &c.localizations, lang);
                    assert!((1..=100).contains(&choice.chars().count()), "{choice:?}");
                    assert_eq!(
                        c.localizations.len(),
                        others,
                        "{path} {} {}",
                        p.name,
                        c.name
                    );
                }
            }
            for sub in &command.subcommands {
                let name = shown(&sub.name, &sub.name_localizations, lang).to_owned();
                assert!(
                    siblings.insert(name.clone()),
                    "{path}: {name} twice in {lang:?}"
                );
            }
        }
        for p in &command.parameters {
            for c in p.choices.iter() {
                // The English text is the choice's own name; find its key by that text.
                let key = Lang::En
                    .keys()
                    .find(|id| {
                        id.starts_with(&format!("choice-{}-", crate::locale::message_id(&p.name)))
                            && crate::locale::text(Lang::En, id, &[]) == c.name
                    })
                    .unwrap_or_else(|| {
                        panic!("no choice message for {path} {} {}", p.name, c.name)
                    });
                used.insert(key.to_owned());
            }
        }
        for sub in &command.subcommands {
            check(sub, &format!("{path}.{}", sub.name), used);
        }
    }

    #[test]
    fn every_command_option_and_choice_is_named_and_described_in_every_language() {
        let commands = all();
        assert_eq!(commands.len(), 1);
        let mut used = BTreeSet::new();
        check(&commands[0], "halma", &mut used);
        // The locale's own test leaves these to this one: no name or description nothing uses.
        let unused: Vec<&str> = Lang::En
            .keys()
            .filter(|id| {
                crate::locale::COMMAND_TREE_MESSAGES
                    .iter()
                    .any(|p| id.starts_with(p))
            })
            .filter(|id| !used.contains(*id))
            .collect();
        assert!(
            unused.is_empty(),
            "names and descriptions nothing uses: {unused:?}"
        );
        let names: Vec<&str> = commands[0]
            .subcommands
            .iter()
            .map(|c| c.name.as_ref())
            .collect();
        assert_eq!(
            names,
            [
                "challenge",
                "move",
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
                "open"
            ]
        );
    }

    #[test]
    fn the_name_check_follows_discords_rules() {
        assert!(discord_name("turn_timeout") && discord_name("время_хода"));
        assert!(discord_name("podpowiedź") && discord_name("opponent2"));
        assert!(!discord_name("Move") && !discord_name("two words") && !discord_name(""));
        assert!(!discord_name(&"x".repeat(33)));
    }
}
