//! Button clicks. A button's id names its action and the challenge or game it belongs to, so
//! clicks keep working after a restart: nothing waits in memory for them.

use super::media::ClickAnswer;
use super::{send, Data, Error};
use halma_core::clicks::{Action, PickerId, PuzzlePickerId};
use halma_core::error::UserError;
use halma_core::front;
use halma_core::locale::Lang;
use halma_core::ops::{self, InteractionOutcome};
use halma_core::present;
use poise::serenity_prelude as serenity;
use std::sync::Arc;
use std::time::Instant;

/// Handles the gateway events poise does not: button clicks.
pub async fn on_event(
    framework: poise::FrameworkContext<'_, Arc<Data>, Error>,
    event: &serenity::FullEvent,
) -> Result<(), Error> {
    let ctx = framework.serenity_context;
    let data = framework.user_data;
    if let serenity::FullEvent::InteractionCreate {
        interaction: serenity::Interaction::Component(click),
    } = event
    {
        let started = Instant::now();
        let lang = Lang::from_locale(&click.locale);
        let bot = framework.bot_id().get();
        let user = click.user.id.get();
        // A step inside an open picker belongs to the Move that opened it: it counts in the
        // member's steps, not their actions.
        let step = PickerId::parse(&click.data.custom_id);
        let puzzle_step = PuzzlePickerId::parse(&click.data.custom_id);
        let allowed = match (step, puzzle_step) {
            (None, None) => data.pace.allows(user).await,
            _ => data.pace.allows_step(user).await,
        };
        let outcome = if !allowed {
            refuse(ctx, click, lang, &UserError::SlowDown).await
        } else if click.data.custom_id == send::LAUNCH_ID {
            launch_activity(ctx, click).await
        } else {
            match (step, puzzle_step) {
                (Some(id), _) => super::picker::on_pick(ctx, click, data, lang, id).await,
                (None, Some(id)) => super::puzzle_picker::on_pick(ctx, click, data, lang, id).await,
                (None, None) => on_click(ctx, click, data, lang, bot).await,
            }
        };
        ops::interaction(
            &button_name(&click.data.custom_id),
            outcome
                .as_ref()
                .copied()
                .unwrap_or(InteractionOutcome::Error),
            Some(started.elapsed()),
        );
        if let Err(error) = outcome {
            ops::count_error(&error);
            tracing::error!(
                custom_id = %click.data.custom_id,
                user = %click.user.id,
                channel = %click.channel_id,
                error = format!("{error:#}"),
                "button click failed"
            );
            let apology = present::apology(lang);
            let response =
                serenity::CreateInteractionResponse::Message(send::response_message(&apology));
            if let Err(e) = click.create_response(&ctx.http, response).await {
                tracing::warn!(error = %e, "could not send the apology");
            }
        }
    }
    Ok(())
}

/// Answers a click with a refusal only its member sees; the click does nothing.
async fn refuse(
    ctx: &serenity::Context,
    click: &serenity::ComponentInteraction,
    lang: Lang,
    error: &UserError,
) -> Result<InteractionOutcome, Error> {
    let refusal = present::refusal(lang, error);
    let response = serenity::CreateInteractionResponse::Message(send::response_message(&refusal));
    click.create_response(&ctx.http, response).await?;
    Ok(InteractionOutcome::Refused)
}

/// Discord's answer that opens the application's Activity for the member who clicked
/// (`LAUNCH_ACTIVITY`), in the click's channel.
const LAUNCH_ACTIVITY: u8 = 12;

/// Play in Discord: asks Discord to open the Activity, which shows the channel's game.
/// serenity has no builder for this answer; its body is only the type.
async fn launch_activity(
    ctx: &serenity::Context,
    click: &serenity::ComponentInteraction,
) -> Result<InteractionOutcome, Error> {
    let body = serde_json::json!({ "type": LAUNCH_ACTIVITY });
    ctx.http
        .create_interaction_response(click.id, &click.token, &body, Vec::new())
        .await?;
    Ok(InteractionOutcome::Ok)
}

/// The metrics name of a button: `button accept` and so on, from a fixed list.
fn button_name(custom_id: &str) -> String {
    if let Some(id) = PickerId::parse(custom_id) {
        return id.metrics_name().to_owned();
    }
    if let Some(id) = PuzzlePickerId::parse(custom_id) {
        return id.metrics_name().to_owned();
    }
    if custom_id == send::LAUNCH_ID {
        return "button launch".to_owned();
    }
    let verb = Action::parse(custom_id)
        .and_then(|_| custom_id.split(':').nth(1))
        .unwrap_or("unknown");
    format!("button {verb}")
}

async fn on_click(
    ctx: &serenity::Context,
    click: &serenity::ComponentInteraction,
    data: &Arc<Data>,
    lang: Lang,
    bot: u64,
) -> Result<InteractionOutcome, Error> {
    let Some(action) = Action::parse(&click.data.custom_id) else {
        // Answer anyway: an unanswered click shows "interaction failed" to the user.
        tracing::warn!(custom_id = %click.data.custom_id, "a button this bot did not make");
        return refuse(ctx, click, lang, &UserError::UnknownButton).await;
    };
    let at = super::reply::clicker(click);
    let channel = at.channel();
    let service = &data.service;
    // A challenge's or a lobby's buttons act only where it was made (games' buttons look the
    // game up by the click's channel already).
    let here = match action {
        Action::Accept(id) | Action::Decline(id) | Action::Withdraw(id) => {
            service.invitations().challenge_is_in(id, at.place).await?
        }
        Action::Join(id) | Action::Leave(id) | Action::Start(id) | Action::AddBot(id) => {
            service.invitations().lobby_is_in(id, at.place).await?
        }
        // A tournament's buttons are checked by the service against the click's channel.
        Action::AcceptDraw(_)
        | Action::Rematch(_)
        | Action::Pick(_)
        | Action::JoinTournament(_)
        | Action::LeaveTournament(_)
        | Action::PuzzleMove(_) => true,
    };
    if !here {
        tracing::warn!(custom_id = %click.data.custom_id, %channel, "a button from elsewhere");
        return refuse(ctx, click, lang, &UserError::UnknownButton).await;
    }
    if let Action::Pick(game) = action {
        return super::picker::open(ctx, click, data, lang, game).await;
    }
    // A puzzle's Move button: its attempt is checked to be the member's by the service.
    if let Action::PuzzleMove(attempt) = action {
        return super::puzzle_picker::open(ctx, click, data, lang, attempt).await;
    }
    let token = Some(click.token.as_str());
    let asked = match super::tournament::clicked(action, click) {
        Some(command) => front::run(service, at, front::Command::Tournament(command), token).await,
        None => front::click(service, at, action, bot, token).await,
    };
    let answered = match asked {
        Ok(answered) => answered,
        Err(halma_core::error::Error::User(e)) => {
            tracing::debug!(user = at.user, refusal = ?e, "click refused");
            return refuse(ctx, click, lang, &e).await;
        }
        Err(e) => return Err(e.into()),
    };
    // A click on a challenge or a lobby updates its message; a draw accepted, or a rematch,
    // answers with a new message.
    let mut medium = ClickAnswer {
        http: &ctx.http,
        click,
        data,
        in_place: !matches!(
            action,
            Action::AcceptDraw(_)
                | Action::Rematch(_)
                | Action::JoinTournament(_)
                | Action::LeaveTournament(_)
        ),
    };
    front::deliver(service, &mut medium, lang, answered).await?;
    Ok(InteractionOutcome::Ok)
}
