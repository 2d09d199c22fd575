//! The move picker on Discord: the Move button opens an ephemeral message of select menus,
//! each pick edits that message (callback type 7), and a picked destination plays the move,
//! closes the picker and posts the same public answer as `/halma move`.

use super::media::ChannelPost;
use super::{send, Data, Error};
use halma_core::clicks::{Picked, PickerId};
use halma_core::error::UserError;
use halma_core::front::{Answer, Pick};
use halma_core::locale::Lang;
use halma_core::model::GameId;
use halma_core::ops::InteractionOutcome;
use halma_core::present::{self, Panel};
use halma_core::service::{Change, PickerStep};
use poise::serenity_prelude as serenity;
use std::sync::Arc;

/// The action rows of a picker message: one per menu, then one of buttons.
fn panel_rows(panel: &Panel) -> Vec<serenity::CreateActionRow> {
    let mut rows: Vec<serenity::CreateActionRow> = panel
        .menus
        .iter()
        .map(|menu| {
            let options = menu
                .options
                .iter()
                .map(|o| serenity::CreateSelectMenuOption::new(o.label.clone(), o.value.clone()))
                .collect();
            serenity::CreateActionRow::SelectMenu(
                serenity::CreateSelectMenu::new(
                    menu.custom_id.clone(),
                    serenity::CreateSelectMenuKind::String { options },
                )
                .placeholder(menu.placeholder.clone()),
            )
        })
        .collect();
    if !panel.buttons.is_empty() {
        let buttons = panel
            .buttons
            .iter()
            .map(|b| {
                serenity::CreateButton::new(b.custom_id.clone())
                    .label(b.label.clone())
                    .style(serenity::ButtonStyle::Secondary)
            })
            .collect();
        rows.push(serenity::CreateActionRow::Buttons(buttons));
    }
    rows
}

/// A picker message; `ephemeral` for a new one (an edit keeps what the message was).
pub(super) fn panel_message(
    panel: &Panel,
    ephemeral: bool,
) -> serenity::CreateInteractionResponseMessage {
    let files = panel
        .files
        .iter()
        .map(|f| serenity::CreateAttachment::bytes(f.bytes.clone(), f.name.clone()));
    let mut message = serenity::CreateInteractionResponseMessage::new()
        .content(panel.content.clone())
        .components(panel_rows(panel))
        .allowed_mentions(serenity::CreateAllowedMentions::new())
        .files(files);
    if ephemeral {
        message = message.ephemeral(true);
    }
    message
}

/// A refusal in place of the picker: its text, no menus.
pub(super) fn refusal_panel(lang: Lang, error: &UserError) -> Panel {
    Panel {
        content: present::refusal_text(lang, error),
        ..Panel::default()
    }
}

/// The Move button of game `game`: the picker's first step, shown only to the player to move;
/// anyone else gets a refusal.
pub(super) async fn open(
    ctx: &serenity::Context,
    click: &serenity::ComponentInteraction,
    data: &Arc<Data>,
    lang: Lang,
    game: GameId,
) -> Result<InteractionOutcome, Error> {
    let opened = data
        .service
        .open_picker(super::reply::clicker(click), game)
        .await;
    let (panel, outcome) = match opened {
        Ok(picker) => {
            let panel = super::present_blocking(data, picker, move |p, names| {
                present::piece_panel(lang, p, names)
            })
            .await?;
            (panel, InteractionOutcome::Ok)
        }
        Err(halma_core::error::Error::User(e)) => {
            tracing::debug!(user = %click.user.id, refusal = ?e, "Move button refused");
            let refusal = present::refusal(lang, &e);
            let response =
                serenity::CreateInteractionResponse::Message(send::response_message(&refusal));
            click.create_response(&ctx.http, response).await?;
            return Ok(InteractionOutcome::Refused);
        }
        Err(e) => return Err(e.into()),
    };
    let response = serenity::CreateInteractionResponse::Message(panel_message(&panel, true));
    click.create_response(&ctx.http, response).await?;
    Ok(outcome)
}

/// A pick in a picker message (a menu or the Back button): edits the message to the next
/// step; a played move also gets the public answer of `/halma move`.
pub(super) async fn on_pick(
    ctx: &serenity::Context,
    click: &serenity::ComponentInteraction,
    data: &Arc<Data>,
    lang: Lang,
    id: PickerId,
) -> Result<InteractionOutcome, Error> {
    let at = super::reply::clicker(click);
    let picked = match &click.data.kind {
        serenity::ComponentInteractionDataKind::StringSelect { values } => {
            values.first().and_then(|v| Picked::parse(v))
        }
        _ => None,
    };
    let token = Some(click.token.as_str());
    let step = match halma_core::front::pick(&data.service, at, id, picked, token).await {
        Ok(Pick::Page(picker, offset)) => {
            let panel = super::present_blocking(data, picker, move |p, names| {
                present::destination_panel(lang, p, offset, names)
            })
            .await?;
            return update(ctx, click, &panel, InteractionOutcome::Ok).await;
        }
        Ok(Pick::Step(step)) => step,
        Err(halma_core::error::Error::User(e)) => {
            tracing::debug!(user = at.user, refusal = ?e, "pick refused");
            let panel = refusal_panel(lang, &e);
            return update(ctx, click, &panel, InteractionOutcome::Refused).await;
        }
        Err(e) => return Err(e.into()),
    };
    let outcome = match &step {
        PickerStep::Stale(_) => InteractionOutcome::Refused,
        _ => InteractionOutcome::Ok,
    };
    let played = match step {
        PickerStep::Played(played) => played,
        step => {
            let panel = super::present_blocking(data, step, move |s, names| {
                present::picker_step(lang, s, names)
            });
            return update(ctx, click, &panel.await?, outcome).await;
        }
    };
    let panel = present::played_panel(lang, &played.chain);
    if let Err(error) = update(ctx, click, &panel, outcome).await {
        // The move is saved: its announcement goes to the channel, and the bot moves after it
        // if it is next.
        data.service.settle(played.aftermath(), false).await;
        return Err(error);
    }
    // The move's public answer, posted in the channel as `/halma move` would answer it.
    let mut post = ChannelPost::new(&ctx.http, data, click.channel_id.get());
    let answer = Answer::Moved(Box::new(played));
    halma_core::front::deliver(&data.service, &mut post, lang, answer).await?;
    Ok(outcome)
}

/// Edits the picker message to `panel`.
async fn update(
    ctx: &serenity::Context,
    click: &serenity::ComponentInteraction,
    panel: &Panel,
    outcome: InteractionOutcome,
) -> Result<InteractionOutcome, Error> {
    let response = serenity::CreateInteractionResponse::UpdateMessage(panel_message(panel, false));
    click.create_response(&ctx.http, response).await?;
    Ok(outcome)
}
