//! `/halma settings`: a server's defaults, game channels and timer language (Manage Server
//! only), and the guild locale Discord sends with interactions.

use super::choices::VariantChoice;
use super::reply::respond;
use super::{Context, Error};
use crate::present;
use crate::service::{optional, parse_turn_timeout, MessageLanguage, SettingsChange};
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
        .note_guild_locale(guild.get(), &locale)
        .await
    {
        tracing::warn!(error = %e, "could not remember the guild's locale");
    }
}

/// Show or change this server's Halma settings (Manage Server).
// poise takes each of the command's options as an argument of its own.
#[allow(clippy::too_many_arguments)]
#[poise::command(slash_command, guild_only)]
pub(super) async fn settings(
    ctx: Context<'_>,
    variant: Option<VariantChoice>,
    turn_timeout: Option<String>,
    allow_channel: Option<serenity::ChannelId>,
    remove_channel: Option<serenity::ChannelId>,
    all_channels: Option<bool>,
    #[choices("en", "hr", "de", "fr", "es-ES", "pt-BR", "pl", "ru", "auto")] language: Option<
        &'static str,
    >,
    #[choices("on", "off")] web: Option<&'static str>,
) -> Result<(), Error> {
    let (permissions, _) = member_and_locale(ctx);
    let can_manage = permissions.is_some_and(|p| p.manage_guild());
    if can_manage {
        // Refusals change nothing, this included.
        note_guild_locale(ctx).await;
    }
    // A member who may not change settings is refused for that, whatever they typed.
    let typed = match can_manage {
        true => optional(turn_timeout.as_deref(), parse_turn_timeout)
            .and_then(|t| Ok((t, optional(language, MessageLanguage::parse)?))),
        false => Ok((None, None)),
    };
    let (turn_timeout, language) = match typed {
        Ok(typed) => typed,
        Err(refusal) => return super::reply::refuse(ctx, &refusal).await,
    };
    let change = SettingsChange {
        variant: variant.map(|v| v.0),
        turn_timeout,
        allow_channel: allow_channel.map(|c| c.get()),
        remove_channel: remove_channel.map(|c| c.get()),
        all_channels: all_channels.unwrap_or(false),
        language,
        web_pages: web.map(|w| w == "on"),
    };
    let guild = ctx.guild_id().map(|g| g.get()).unwrap_or_default();
    let shown = ctx
        .data()
        .service
        .settings(guild, can_manage, &change)
        .await;
    respond(ctx, shown, |lang, s, _| present::settings(lang, s)).await
}
