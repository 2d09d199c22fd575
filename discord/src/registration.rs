//! Registering the slash commands. A global registration replaces the whole list at once, and
//! Discord refuses a list that drops the application's Entry Point command (the one that
//! launches its Activity, made when Activities are turned on in the Developer Portal): the
//! commands registered now are read first, and an Entry Point command among them is kept.

use anyhow::Context as _;
use poise::serenity_prelude as serenity;

/// The Entry Point commands of `registered`, as commands to register again unchanged.
fn entry_points(registered: &[serenity::Command]) -> Vec<serenity::CreateCommand> {
    registered
        .iter()
        .filter(|c| c.kind == serenity::CommandType::PrimaryEntryPoint)
        .map(|c| {
            let mut keep = serenity::CreateCommand::new(c.name.clone())
                .kind(serenity::CommandType::PrimaryEntryPoint)
                .description(c.description.clone());
            if let Some(handler) = c.handler {
                keep = keep.handler(handler);
            }
            for (locale, name) in c.name_localizations.iter().flatten() {
                keep = keep.name_localized(locale.clone(), name.clone());
            }
            for (locale, text) in c.description_localizations.iter().flatten() {
                keep = keep.description_localized(locale.clone(), text.clone());
            }
            if !c.integration_types.is_empty() {
                keep = keep.integration_types(c.integration_types.clone());
            }
            if let Some(contexts) = &c.contexts {
                keep = keep.contexts(contexts.clone());
            }
            keep
        })
        .collect()
}

/// Registers `commands` for every server, keeping the application's Entry Point command.
pub(super) async fn register_globally(
    http: &serenity::Http,
    mut commands: Vec<serenity::CreateCommand>,
) -> anyhow::Result<()> {
    let registered = http
        .get_global_commands()
        .await
        .context("reading the registered commands")?;
    let kept = entry_points(&registered);
    if !kept.is_empty() {
        tracing::debug!(
            kept = kept.len(),
            "keeping the Entry Point command of the Activity"
        );
    }
    commands.extend(kept);
    serenity::Command::set_global_commands(http, commands)
        .await
        .context("registering the commands globally")?;
    Ok(())
}
