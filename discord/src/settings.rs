//! `/halma settings`: a server's defaults, game channels and timer language (Manage Server
//! only), and the guild locale Discord sends with interactions.

use super::choices::{LanguageChoice, VariantChoice, WebChoice};
use super::options::{optional, run, subcommand, Given, Subcommand};
use super::reply::respond;
use super::{Context, Error};
use halma_core::present;
use halma_core::service::{optional as typed, parse_turn_timeout, SettingsChange};
use poise::serenity_prelude as serenity;

/// The member permissions and guild locale Discord sent with the interaction.
fn member_and_locale(ctx: Context<'_>) -> (Option<serenity::Permissions>, Option<String>) {
    match ctx {
        poise::Context::Application(app) => (
            app.interaction.member.as_ref().and_then(|m| m.permissions),
            app.interaction.guild_locale.clone(),
        ),
        poise::Context::Prefix(_) => (None, None),
    }
}

/// Remembers the server's Discord locale, the default language of its timer messages. A
/// failure is only logged: the command goes on.
pub(super) async fn note_guild_locale(ctx: Context<'_>) {
    let (Some(guild), (_, Some(locale))) = (ctx.guild_id(), member_and_locale(ctx)) else {
        return;
    };
    if let Err(e) = ctx
        .data()
        .service
        .settings()
        .note_guild_locale(guild.get(), &locale)
        .await
    {
        tracing::warn!(error = %e, "could not remember the guild's locale");
    }
}

/// Show or change this server's Halma settings (Manage Server). Its seven options are too many
/// for a function's arguments, so the subcommand is built by hand (see [`super::options`]).
pub(super) fn settings() -> Subcommand {
    let options = vec![
        optional::<VariantChoice>("variant"),
        optional::<String>("turn_timeout"),
        optional::<serenity::ChannelId>("allow_channel"),
        optional::<serenity::ChannelId>("remove_channel"),
        optional::<bool>("all_channels"),
        optional::<LanguageChoice>("language"),
        optional::<WebChoice>("web"),
        optional::<serenity::RoleId>("tournament_role"),
    ];
    subcommand("settings", options, |ctx| {
        Box::pin(run(ctx, Asked::read, act))
    })
}

/// What a member gave `/halma settings`, as Discord sent it.
struct Asked {
    variant: Option<VariantChoice>,
    turn_timeout: Option<String>,
    allow_channel: Option<serenity::ChannelId>,
    remove_channel: Option<serenity::ChannelId>,
    all_channels: Option<bool>,
    language: Option<LanguageChoice>,
    web: Option<WebChoice>,
    tournament_role: Option<serenity::RoleId>,
}

impl Asked {
    /// Reads the options in the order they are registered.
    async fn read(given: Given<'_>) -> Result<Asked, poise::SlashArgError> {
        Ok(Asked {
            variant: given.get("variant").await?,
            turn_timeout: given.get("turn_timeout").await?,
            allow_channel: given.get("allow_channel").await?,
            remove_channel: given.get("remove_channel").await?,
            all_channels: given.get("all_channels").await?,
            language: given.get("language").await?,
            web: given.get("web").await?,
            tournament_role: given.get("tournament_role").await?,
        })
    }
}

async fn act(ctx: Context<'_>, asked: Asked) -> Result<(), Error> {
    let (permissions, _) = member_and_locale(ctx);
    let can_manage = permissions.is_some_and(|p| p.manage_guild());
    if can_manage {
        // Refusals change nothing, this included.
        note_guild_locale(ctx).await;
    }
    // A member who may not change settings is refused for that, whatever they typed.
    let checked = match can_manage {
        true => typed(asked.turn_timeout.as_deref(), parse_turn_timeout),
        false => Ok(None),
    };
    let turn_timeout = match checked {
        Ok(checked) => checked,
        Err(refusal) => return super::reply::refuse(ctx, &refusal).await,
    };
    let change = SettingsChange {
        variant: asked.variant.map(|v| v.0),
        turn_timeout,
        allow_channel: asked.allow_channel.map(|c| c.get()),
        remove_channel: asked.remove_channel.map(|c| c.get()),
        all_channels: asked.all_channels.unwrap_or(false),
        language: asked.language.map(|l| l.0),
        web_pages: asked.web.map(|w| w.on),
        tournament_role: asked.tournament_role.map(|r| r.get()),
    };
    let guild = ctx.guild_id().map(|g| g.get()).unwrap_or_default();
    let shown = ctx
        .data()
        .service
        .settings()
        .apply(guild, can_manage, &change)
        .await;
    respond(ctx, shown, |lang, s, _| present::settings(lang, s)).await
}
