//! `/halma tournament create|join|leave|withdraw|start|standings|cancel`: a Swiss tournament in
//! the channel. Each reads its options into a [`TournamentCommand`] and answers through the
//! shared dispatch; who may organise (Manage Server, or the server's tournament role) is read
//! here from what Discord sent with the interaction.

use super::choices::{FormatChoice, VariantChoice};
use super::dispatch::dispatch;
use super::reply::{actor, refuse, unless_refused};
use super::{Context, Error};
use halma_core::error::UserError;
use halma_core::front::Command;
use halma_core::service::{optional, parse_turn_timeout, TournamentCommand, TournamentRequest};
use poise::serenity_prelude as serenity;

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

/// A Swiss tournament in this channel.
#[poise::command(
    slash_command,
    guild_only,
    subcommands("create", "join", "leave", "withdraw", "start", "standings", "cancel"),
    subcommand_required
)]
pub(super) async fn tournament(_ctx: Context<'_>) -> Result<(), Error> {
    Ok(())
}

/// Make a tournament in this channel (Manage Server, or the server's tournament role).
#[poise::command(slash_command, guild_only)]
async fn create(
    ctx: Context<'_>,
    name: String,
    format: Option<FormatChoice>,
    variant: Option<VariantChoice>,
    turn_timeout: Option<String>,
    #[min = 1]
    #[max = 20]
    rounds: Option<u32>,
    starts_in: Option<String>,
) -> Result<(), Error> {
    let turn_timeout = match optional(turn_timeout.as_deref(), parse_turn_timeout) {
        Ok(timeout) => timeout,
        Err(refusal) => return refuse(ctx, &refusal).await,
    };
    let starts_in = match starts_in.as_deref().map(parse_turn_timeout).transpose() {
        Ok(at) => at,
        Err(_) => {
            let text = starts_in.unwrap_or_default();
            return refuse(ctx, &UserError::BadStartsIn { text }).await;
        }
    };
    let (manages, roles) = member_rights(ctx);
    let role = ctx
        .data()
        .service
        .tournament_role(super::reply::guild(ctx))
        .await;
    let Some(role) = unless_refused(ctx, role).await? else {
        return Ok(());
    };
    let request = TournamentRequest {
        organizer: actor(ctx),
        may_organize: manages || role.is_some_and(|r| roles.contains(&r)),
        name,
        format: format.map_or(halma_core::model::TournamentFormat::Swiss, |f| f.0),
        variant: variant.map(|v| v.0),
        turn_timeout,
        rounds,
        duration: None,
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
