//! `/halma tournament create|join|leave|withdraw|start|standings|pause|cancel`: a Swiss
//! tournament or an arena in the channel. Each reads its options into a [`TournamentCommand`] and answers through the
//! shared dispatch; who may organise (Manage Server, or the server's tournament role) is read
//! here from what Discord sent with the interaction.

use super::choices::{FormatChoice, VariantChoice};
use super::dispatch::dispatch;
use super::options::{self, optional, required, subcommand, Given, Subcommand};
use super::reply::{actor, refuse, unless_refused};
use super::{Context, Error};
use halma_core::error::UserError;
use halma_core::front::Command;
use halma_core::model::TournamentFormat;
use halma_core::service::{
    optional as optional_text, parse_arena_duration, parse_turn_timeout, TournamentCommand,
    TournamentRequest, MAX_ROUNDS,
};
use poise::serenity_prelude as serenity;
use poise::SlashArgument;

/// Whether the member may manage the server, and their roles, as Discord sent them.
fn member_rights(ctx: Context<'_>) -> (bool, Vec<u64>) {
    match ctx {
        poise::Context::Application(app) => match app.interaction.member.as_ref() {
            Some(member) => (
                member.permissions.is_some_and(|p| p.manage_guild()),
                member.roles.iter().map(|r| r.get()).collect(),
            ),
            None => (false, Vec::new()),
        },
        poise::Context::Prefix(_) => (false, Vec::new()),
    }
}

/// The member's name as others see it (for the threads of their games).
fn display_name(ctx: Context<'_>) -> String {
    match ctx {
        poise::Context::Application(app) => app
            .interaction
            .member
            .as_ref()
            .and_then(|m| m.nick.clone())
            .unwrap_or_else(|| ctx.author().display_name().to_string()),
        poise::Context::Prefix(_) => ctx.author().display_name().to_string(),
    }
}

async fn run(ctx: Context<'_>, command: TournamentCommand) -> Result<(), Error> {
    dispatch(ctx, Command::Tournament(command)).await
}

/// A tournament in this channel: Swiss or arena.
#[poise::command(
    slash_command,
    guild_only,
    subcommands(
        "create",
        "join",
        "leave",
        "withdraw",
        "start",
        "standings",
        "pause",
        "cancel"
    ),
    subcommand_required
)]
pub(super) async fn tournament(_ctx: Context<'_>) -> Result<(), Error> {
    Ok(())
}

/// Make a tournament in this channel (Manage Server, or the server's tournament role). Its
/// eight options are more than a function's arguments should be: the subcommand is built by
/// hand (see [`super::options`]) and its options read into one [`Terms`].
fn create() -> Subcommand {
    let mut rounds = optional::<u32>("rounds");
    rounds.type_setter = Some(|option| {
        u32::create(option)
            .min_int_value(1)
            .max_int_value(u64::from(MAX_ROUNDS))
    });
    let options = vec![
        required::<String>("name"),
        optional::<FormatChoice>("format"),
        optional::<VariantChoice>("variant"),
        optional::<String>("turn_timeout"),
        rounds,
        optional::<String>("duration"),
        optional::<String>("starts_in"),
    ];
    subcommand("create", options, |ctx| {
        Box::pin(options::run(ctx, Terms::read, act_create))
    })
}

/// What an organiser gave `/halma tournament create`, as Discord sent it.
struct Terms {
    name: String,
    format: Option<FormatChoice>,
    variant: Option<VariantChoice>,
    turn_timeout: Option<String>,
    rounds: Option<u32>,
    duration: Option<String>,
    starts_in: Option<String>,
}

impl Terms {
    /// Reads the options in the order they are registered.
    async fn read(given: Given<'_>) -> Result<Terms, poise::SlashArgError> {
        Ok(Terms {
            name: given.required("name").await?,
            format: given.get("format").await?,
            variant: given.get("variant").await?,
            turn_timeout: given.get("turn_timeout").await?,
            rounds: given.get("rounds").await?,
            duration: given.get("duration").await?,
            starts_in: given.get("starts_in").await?,
        })
    }
}

async fn act_create(ctx: Context<'_>, terms: Terms) -> Result<(), Error> {
    let turn_timeout = match optional_text(terms.turn_timeout.as_deref(), parse_turn_timeout) {
        Ok(timeout) => timeout,
        Err(refusal) => return refuse(ctx, &refusal).await,
    };
    let duration = match optional_text(terms.duration.as_deref(), parse_arena_duration) {
        Ok(duration) => duration,
        Err(refusal) => return refuse(ctx, &refusal).await,
    };
    let starts_in = match terms
        .starts_in
        .as_deref()
        .map(parse_turn_timeout)
        .transpose()
    {
        Ok(at) => at,
        Err(_) => {
            let text = terms.starts_in.unwrap_or_default();
            return refuse(ctx, &UserError::BadStartsIn { text }).await;
        }
    };
    let (manages, roles) = member_rights(ctx);
    let role = ctx
        .data()
        .service
        .tournaments()
        .role(super::reply::guild(ctx))
        .await;
    let Some(role) = unless_refused(ctx, role).await? else {
        return Ok(());
    };
    let request = TournamentRequest {
        organizer: actor(ctx),
        may_organize: manages || role.is_some_and(|r| roles.contains(&r)),
        name: terms.name,
        format: terms.format.map_or(TournamentFormat::Swiss, |f| f.0),
        variant: terms.variant.map(|v| v.0),
        turn_timeout,
        rounds: terms.rounds,
        duration,
        starts_in,
    };
    run(ctx, TournamentCommand::Create(request)).await
}

/// Join this channel's tournament before it starts.
#[poise::command(slash_command, guild_only)]
async fn join(ctx: Context<'_>) -> Result<(), Error> {
    let name = display_name(ctx);
    run(
        ctx,
        TournamentCommand::Join {
            tournament: None,
            name,
        },
    )
    .await
}

/// Leave this channel's tournament before it starts.
#[poise::command(slash_command, guild_only)]
async fn leave(ctx: Context<'_>) -> Result<(), Error> {
    run(ctx, TournamentCommand::Leave { tournament: None }).await
}

/// Withdraw from this channel's tournament: your game in progress is lost.
#[poise::command(slash_command, guild_only)]
async fn withdraw(ctx: Context<'_>) -> Result<(), Error> {
    run(ctx, TournamentCommand::Withdraw).await
}

/// Start this channel's tournament now (its organizer).
#[poise::command(slash_command, guild_only)]
async fn start(ctx: Context<'_>) -> Result<(), Error> {
    let (may_manage, _) = member_rights(ctx);
    run(ctx, TournamentCommand::Start { may_manage }).await
}

/// The standings of this channel's tournament.
#[poise::command(slash_command, guild_only)]
async fn standings(ctx: Context<'_>) -> Result<(), Error> {
    run(ctx, TournamentCommand::Standings).await
}

/// Leave this channel's arena queue for a while, or come back to it.
#[poise::command(slash_command, guild_only)]
async fn pause(ctx: Context<'_>) -> Result<(), Error> {
    run(ctx, TournamentCommand::Pause).await
}

/// Call off this channel's tournament (its organizer, or Manage Server).
#[poise::command(slash_command, guild_only)]
async fn cancel(ctx: Context<'_>) -> Result<(), Error> {
    let (may_manage, _) = member_rights(ctx);
    run(ctx, TournamentCommand::Cancel { may_manage }).await
}

/// A click on a tournament announcement's Join or Leave button, as the command it stands for
/// (with the clicking member's name); `None` for any other button.
pub(super) fn clicked(
    action: halma_core::clicks::Action,
    click: &serenity::ComponentInteraction,
) -> Option<TournamentCommand> {
    use halma_core::clicks::Action;
    match action {
        Action::JoinTournament(id) => Some(TournamentCommand::Join {
            tournament: Some(id),
            name: click
                .member
                .as_ref()
                .and_then(|m| m.nick.clone())
                .unwrap_or_else(|| click.user.display_name().to_string()),
        }),
        Action::LeaveTournament(id) => Some(TournamentCommand::Leave {
            tournament: Some(id),
        }),
        _ => None,
    }
}
