//! Turns a [`Reply`] into serenity's message builders.

use crate::present::{ButtonStyle, Reply};
use poise::serenity_prelude as serenity;

pub(super) fn action_rows(reply: &Reply) -> Vec<serenity::CreateActionRow> {
    if reply.buttons.is_empty() {
        return Vec::new();
    }
    let buttons = reply
        .buttons
        .iter()
        .map(|b| {
            serenity::CreateButton::new(b.action.custom_id())
                .label(b.label.clone())
                .style(match b.style {
                    ButtonStyle::Success => serenity::ButtonStyle::Success,
                    ButtonStyle::Danger => serenity::ButtonStyle::Danger,
                    ButtonStyle::Secondary => serenity::ButtonStyle::Secondary,
                })
        })
        .collect();
    vec![serenity::CreateActionRow::Buttons(buttons)]
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
