//! The move picker on Discord: the Move button opens an ephemeral message of select menus,
//! each pick edits that message (callback type 7), and a picked destination plays the move,
//! closes the picker and posts the same public answer as `/halma move`.

use super::{send, Data, Error};
use crate::error::UserError;
use crate::front::Pick;
use crate::locale::Lang;
use crate::model::GameId;
use crate::ops::InteractionOutcome;
use crate::present::{self, Panel, Picked, PickerId};
use crate::service::{Answered, PickerStep};
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
fn panel_message(panel: &Panel, ephemeral: bool) -> serenity::CreateInteractionResponseMessage {
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

/// Makes a picker message on the blocking pool: it carries a board picture (see
/// [`super::present_blocking`]).
async fn draw<T, F>(data: &Arc<Data>, value: T, show: F) -> Result<Panel, Error>
where
    T: Send + 'static,
    F: FnOnce(&T, present::Names<'_>) -> Panel + Send + 'static,
{
    let data = Arc::clone(data);
    let panel =
        tokio::task::spawn_blocking(move || show(&value, &|g, id| data.shown_name(g, id))).await?;
    Ok(panel)
}

/// A refusal in place of the picker: its text, no menus.
fn refusal_panel(lang: Lang, error: &UserError) -> Panel {
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
            let panel = draw(data, picker, move |p, names| {
                present::piece_panel(lang, p, names)
            })
            .await?;
            (panel, InteractionOutcome::Ok)
        }
        Err(crate::error::Error::User(e)) => {
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
    data.remember(&click.user);
    let at = super::reply::clicker(click);
    let picked = match &click.data.kind {
        serenity::ComponentInteractionDataKind::StringSelect { values } => {
            values.first().and_then(|v| Picked::parse(v))
        }
        _ => None,
    };
    let step = match crate::front::pick(&data.service, at, id, picked).await {
        Ok(Pick::Page(picker, offset)) => {
            let panel = draw(data, picker, move |p, names| {
                present::destination_panel(lang, p, offset, names)
            })
            .await?;
            return update(ctx, click, &panel, InteractionOutcome::Ok).await;
        }
        Ok(Pick::Step(step)) => Ok(step),
        Err(e) => Err(e),
    };
    let step = match step {
        Ok(step) => step,
        Err(crate::error::Error::User(e)) => {
            tracing::debug!(user = at.user, refusal = ?e, "pick refused");
            let panel = refusal_panel(lang, &e);
            return update(ctx, click, &panel, InteractionOutcome::Refused).await;
        }
        Err(e) => return Err(e.into()),
    };
    let after = step.aftermath();
    let played_game = match &step {
        PickerStep::Played(played) => Some(played.game.id),
        _ => None,
    };
    // Whether the move's public answer reached the channel.
    let mut delivered = false;
    let outcome = match &step {
        PickerStep::Stale(_) => InteractionOutcome::Refused,
        _ => InteractionOutcome::Ok,
    };
    let shown = async {
        let (panel, public) = {
            let data = Arc::clone(data);
            tokio::task::spawn_blocking(move || {
                present::picker_step(lang, &step, &|g, id| data.shown_name(g, id))
            })
            .await?
        };
        update(ctx, click, &panel, outcome).await?;
        if let Some(reply) = public {
            // Posted in the channel with the announcement's nonce: should the bot die before the
            // held announcement is deleted, the sender's post of it returns this message instead
            // of showing the move twice.
            let mut message = send::channel_message(&reply);
            if let Some(key) = after.notice {
                message = message
                    .nonce(serenity::Nonce::String(key.nonce()))
                    .enforce_nonce(true);
            }
            let sent = click.channel_id.send_message(&ctx.http, message).await;
            delivered = sent.is_ok();
            let message = sent?;
            if let Some(game) = played_game {
                data.boards.forget(game);
                super::boards::record_board(data, game, message.id.get()).await;
            }
        }
        Ok::<_, Error>(())
    }
    .await;
    // The move is saved: its announcement goes to the channel if this answer did not, and the
    // bot moves after it if it is next.
    data.service.answered(after, delivered).await;
    shown.map(|()| outcome)
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
