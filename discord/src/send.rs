//! Turns a [`Reply`] into serenity's message builders.

use halma_core::present::{ButtonStyle, Page, Reply};
use poise::serenity_prelude as serenity;
use std::sync::OnceLock;

/// Buttons Discord shows in one row, and rows under one message.
const BUTTONS_PER_ROW: usize = 5;
const ROWS: usize = 5;

/// The pages' public address (`PUBLIC_URL`), set once at start-up; link buttons are left out
/// while it is not set.
static PUBLIC_URL: OnceLock<String> = OnceLock::new();

/// Sets the address under which link buttons open the bot's pages (without a trailing `/`).
/// Only the first call counts.
pub fn set_public_url(url: String) {
    let _ = PUBLIC_URL.set(url.trim_end_matches('/').to_string());
}

/// Whether the application has an Activity (`DISCORD_CLIENT_ID`), set once at start-up;
/// the Play in Discord buttons are left out until it is.
static ACTIVITY: OnceLock<()> = OnceLock::new();

/// Shows the Play in Discord buttons from now on.
pub fn enable_activity() {
    let _ = ACTIVITY.set(());
}

/// The id of the Play in Discord button: Discord opens the Activity for whoever clicks it.
pub(super) const LAUNCH_ID: &str = "halma:launch";

pub(super) fn action_rows(reply: &Reply) -> Vec<serenity::CreateActionRow> {
    let clicks = reply.buttons.iter().map(|b| {
        serenity::CreateButton::new(b.action.custom_id())
            .label(b.label.clone())
            .style(match b.style {
                ButtonStyle::Success => serenity::ButtonStyle::Success,
                ButtonStyle::Danger => serenity::ButtonStyle::Danger,
                ButtonStyle::Secondary => serenity::ButtonStyle::Secondary,
            })
    });
    let links = reply.links.iter().filter_map(|l| match &l.page {
        Page::Game(..) | Page::Tournament(..) => PUBLIC_URL.get().map(|base| {
            serenity::CreateButton::new_link(format!("{base}{}", l.page.path()))
                .label(l.label.clone())
        }),
        Page::Activity => ACTIVITY.get().map(|()| {
            serenity::CreateButton::new(LAUNCH_ID)
                .label(l.label.clone())
                .style(serenity::ButtonStyle::Primary)
        }),
    });
    let buttons: Vec<serenity::CreateButton> = clicks.chain(links).collect();
    buttons
        .chunks(BUTTONS_PER_ROW)
        .take(ROWS)
        .map(|row| serenity::CreateActionRow::Buttons(row.to_vec()))
        .collect()
}

pub(super) fn mentions(reply: &Reply) -> serenity::CreateAllowedMentions {
    serenity::CreateAllowedMentions::new()
        .users(reply.pings.iter().map(|&id| serenity::UserId::new(id)))
}

pub(super) fn attachments(reply: &Reply) -> impl Iterator<Item = serenity::CreateAttachment> + '_ {
    reply
        .files
        .iter()
        .map(|f| serenity::CreateAttachment::bytes(f.bytes.clone(), f.name.clone()))
}

/// A poise reply (the answer to a slash command).
pub fn create_reply(reply: &Reply) -> poise::CreateReply {
    let mut out = poise::CreateReply::default()
        .content(reply.content.clone())
        .ephemeral(reply.ephemeral)
        .components(action_rows(reply))
        .allowed_mentions(mentions(reply));
    for file in attachments(reply) {
        out = out.attachment(file);
    }
    out
}

/// An interaction response message (the answer to a button click).
pub fn response_message(reply: &Reply) -> serenity::CreateInteractionResponseMessage {
    serenity::CreateInteractionResponseMessage::new()
        .content(reply.content.clone())
        .ephemeral(reply.ephemeral)
        .components(action_rows(reply))
        .allowed_mentions(mentions(reply))
        .files(attachments(reply))
}

/// A new channel message (timer reminders and results).
pub fn channel_message(reply: &Reply) -> serenity::CreateMessage {
    serenity::CreateMessage::new()
        .content(reply.content.clone())
        .components(action_rows(reply))
        .allowed_mentions(mentions(reply))
        .files(attachments(reply))
}

/// An edit that replaces a message's text and removes its buttons.
pub fn closing_edit(reply: &Reply) -> serenity::EditMessage {
    serenity::EditMessage::new()
        .content(reply.content.clone())
        .components(Vec::new())
}

/// An edit that replaces a message's text and buttons with the reply's.
pub fn message_edit(reply: &Reply) -> serenity::EditMessage {
    serenity::EditMessage::new()
        .content(reply.content.clone())
        .components(action_rows(reply))
        .allowed_mentions(mentions(reply))
}

#[cfg(test)]
mod tests {
    use super::*;
    use halma_core::clicks::Action;
    use halma_core::locale::Lang;
    use halma_core::model::GameId;
    use halma_core::present::{Button, LinkButton, Page};

    #[test]
    fn link_buttons_follow_the_others_five_to_a_row() {
        set_public_url("https://halma.example.org/".into());
        let button = Button {
            action: Action::Pick(GameId(1)),
            label: "Move".into(),
            style: ButtonStyle::Success,
        };
        let reply = Reply {
            buttons: vec![button; 5],
            links: vec![LinkButton {
                label: "Watch".into(),
                page: Page::Game("abc".into(), Lang::Ru),
            }],
            ..Reply::default()
        };
        let rows = serde_json::to_value(action_rows(&reply)).expect("rows serialise");
        let rows = rows.as_array().expect("a list of rows");
        assert_eq!(rows.len(), 2);
        assert_eq!(rows[0]["components"].as_array().map(Vec::len), Some(5));
        let link = &rows[1]["components"][0];
        assert_eq!(link["url"], "https://halma.example.org/game/abc?lang=ru");
        assert_eq!(link["label"], "Watch");
        assert!(link.get("custom_id").is_none_or(|id| id.is_null()));
    }

    #[test]
    fn play_in_discord_is_a_button_the_bot_answers() {
        enable_activity();
        let reply = Reply {
            links: vec![LinkButton {
                label: "Play in Discord".into(),
                page: Page::Activity,
            }],
            ..Reply::default()
        };
        let rows = serde_json::to_value(action_rows(&reply)).expect("rows serialise");
        let button = &rows[0]["components"][0];
        assert_eq!(button["custom_id"], LAUNCH_ID);
        assert_eq!(button["label"], "Play in Discord");
        assert!(button.get("url").is_none_or(|url| url.is_null()));
    }
}
