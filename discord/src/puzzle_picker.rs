//! A puzzle's move picker on Discord: the Move button under a puzzle opens an ephemeral
//! message of select menus (as a game's picker does), each pick edits it (callback type 7),
//! and a picked destination plays the move and turns the message into the puzzle after it,
//! with the next pieces to pick. Nothing is posted in the channel: a puzzle is its member's.

use super::picker::{panel_message, refusal_panel};
use super::{send, Data, Error};
use halma_core::clicks::{Picked, PuzzlePickerId};
use halma_core::front::PuzzlePick;
use halma_core::locale::Lang;
use halma_core::model::AttemptId;
use halma_core::ops::InteractionOutcome;
use halma_core::present::{self, Panel};
use halma_core::service::PuzzleStep;
use poise::serenity_prelude as serenity;
use std::sync::Arc;

/// The Move button of attempt `attempt`: the picker's first step, only for its member.
pub(super) async fn open(
    ctx: &serenity::Context,
    click: &serenity::ComponentInteraction,
    data: &Arc<Data>,
    lang: Lang,
    attempt: AttemptId,
) -> Result<InteractionOutcome, Error> {
    let at = super::reply::clicker(click);
    let opened = data.service.puzzles().open_picker(at, attempt).await;
    let step = match opened {
        Ok(step) => step,
        Err(halma_core::error::Error::User(e)) => {
            tracing::debug!(user = at.user, refusal = ?e, "puzzle Move button refused");
            let refusal = present::refusal(lang, &e);
            let response =
                serenity::CreateInteractionResponse::Message(send::response_message(&refusal));
            click.create_response(&ctx.http, response).await?;
            return Ok(InteractionOutcome::Refused);
        }
        Err(e) => return Err(e.into()),
    };
    let panel = draw(data, lang, step).await?;
    let response = serenity::CreateInteractionResponse::Message(panel_message(&panel, true));
    click.create_response(&ctx.http, response).await?;
    Ok(InteractionOutcome::Ok)
}

/// A pick in a puzzle's picker (a menu or the Back button): edits the message to the next
/// step; a played move shows the puzzle after it.
pub(super) async fn on_pick(
    ctx: &serenity::Context,
    click: &serenity::ComponentInteraction,
    data: &Arc<Data>,
    lang: Lang,
    id: PuzzlePickerId,
) -> Result<InteractionOutcome, Error> {
    let at = super::reply::clicker(click);
    let picked = match &click.data.kind {
        serenity::ComponentInteractionDataKind::StringSelect { values } => {
            values.first().and_then(|v| Picked::parse(v))
        }
        _ => None,
    };
    let (panel, outcome) = match halma_core::front::puzzle_pick(&data.service, at, id, picked).await
    {
        Ok(PuzzlePick::Page(picker, offset)) => {
            let panel = super::present_blocking(data, picker, move |p, _| {
                present::puzzle_destinations(lang, p, offset)
            })
            .await?;
            (panel, InteractionOutcome::Ok)
        }
        Ok(PuzzlePick::Step(step)) => {
            let outcome = match step {
                PuzzleStep::Stale(_) => InteractionOutcome::Refused,
                _ => InteractionOutcome::Ok,
            };
            (draw(data, lang, step).await?, outcome)
        }
        Err(halma_core::error::Error::User(e)) => {
            tracing::debug!(user = at.user, refusal = ?e, "puzzle pick refused");
            (refusal_panel(lang, &e), InteractionOutcome::Refused)
        }
        Err(e) => return Err(e.into()),
    };
    let response = serenity::CreateInteractionResponse::UpdateMessage(panel_message(&panel, false));
    click.create_response(&ctx.http, response).await?;
    Ok(outcome)
}

/// The panel of `step`, drawn on the blocking pool.
async fn draw(data: &Arc<Data>, lang: Lang, step: PuzzleStep) -> Result<Panel, Error> {
    super::present_blocking(data, step, move |s, _| present::puzzle_step(lang, s)).await
}
