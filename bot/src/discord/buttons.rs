//! Button clicks. A button's id names its action and the challenge or game it belongs to, so
//! clicks keep working after a restart: nothing waits in memory for them.

use super::{send, Data, Error};
use crate::error::UserError;
use crate::locale::Lang;
use crate::ops::{self, InteractionOutcome};
use crate::present::{self, Action, PickerId, Reply};
use crate::service::{with_answer_token, Accepted, Actor, Aftermath, Answered, LobbyUpdate, Place};
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
        let outcome = if !data.pace.allows(click.user.id.get()) {
            refuse(ctx, click, lang, &UserError::SlowDown).await
        } else {
            match PickerId::parse(&click.data.custom_id) {
                Some(id) => super::picker::on_pick(ctx, click, data, lang, id).await,
                None => on_click(ctx, click, data, lang, bot).await,
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

/// The metrics name of a button: `button accept` and so on, from a fixed list.
fn button_name(custom_id: &str) -> String {
    if let Some(id) = PickerId::parse(custom_id) {
        return id.metrics_name().to_owned();
    }
    let verb = Action::parse(custom_id)
        .and_then(|_| custom_id.split(':').nth(1))
        .unwrap_or("unknown");
    format!("button {verb}")
}

/// The member who clicked, where (with the thread's parent when the click was in a thread).
pub(super) fn clicker(click: &serenity::ComponentInteraction) -> Actor {
    let guild = click.guild_id.map(|g| g.get()).unwrap_or_default();
    Place::new(guild, click.channel_id.get())
        .in_thread_of(super::threads::parent_of(click.channel.as_ref()))
        .member(click.user.id.get())
}

/// How to answer a click.
enum Answer {
    /// Replace the clicked message (its buttons go unless the reply has new ones).
    Update(Reply),
    /// A new message in the channel.
    New(Reply),
    /// A new challenge message, whose id the service must learn.
    NewChallenge(crate::model::ChallengeId, Reply),
    /// A new game's first board (the bot may move first).
    NewGame(crate::model::GameId, Reply),
}

async fn on_click(
    ctx: &serenity::Context,
    click: &serenity::ComponentInteraction,
    data: &Arc<Data>,
    lang: Lang,
    bot: u64,
) -> Result<InteractionOutcome, Error> {
    data.remember(&click.user);
    let Some(action) = Action::parse(&click.data.custom_id) else {
        // Answer anyway: an unanswered click shows "interaction failed" to the user.
        tracing::warn!(custom_id = %click.data.custom_id, "a button this bot did not make");
        return refuse(ctx, click, lang, &UserError::UnknownButton).await;
    };
    let at = clicker(click);
    let channel = at.channel();
    let service = &data.service;
    // A challenge's or a lobby's buttons act only where it was made (games' buttons look the
    // game up by the click's channel already).
    let here = match action {
        Action::Accept(id) | Action::Decline(id) | Action::Withdraw(id) => {
            service.challenge_is_in(id, at.place).await?
        }
        Action::Join(id) | Action::Leave(id) | Action::Start(id) | Action::AddBot(id) => {
            service.lobby_is_in(id, at.place).await?
        }
        Action::AcceptDraw(_) | Action::Rematch(_) | Action::Pick(_) => true,
    };
    if !here {
        tracing::warn!(custom_id = %click.data.custom_id, %channel, "a button from elsewhere");
        return refuse(ctx, click, lang, &UserError::UnknownButton).await;
    }
    // What the change leaves to do once the answer is out (see Service::answered): settled
    // and woken whatever happens to the answer.
    let mut after = Aftermath::default();
    let shown = answer_click(ctx, click, data, action, at, bot, &mut after).await;
    service.answered(after, shown.is_ok()).await;
    shown
}

/// Runs the click's action and answers it; `after` learns what the change leaves to do.
async fn answer_click(
    ctx: &serenity::Context,
    click: &serenity::ComponentInteraction,
    data: &Arc<Data>,
    action: Action,
    at: Actor,
    bot: u64,
    after: &mut Aftermath,
) -> Result<InteractionOutcome, Error> {
    let (service, user) = (&data.service, at.user);
    let lang = Lang::from_locale(&click.locale);
    let answer = match action {
        Action::Accept(id) => match service.accept(id, user).await {
            Ok(Accepted::Started(started)) => {
                *after = started.aftermath();
                let game = started.game.id;
                // The challenge message becomes the game's first board.
                data.boards.forget(game);
                super::boards::record_board(data, game, click.message.id.get()).await;
                let reply = super::present_blocking(data, started, move |s, names| {
                    present::game_started(lang, s, names)
                })
                .await?;
                Ok(Answer::Update(reply))
            }
            Ok(Accepted::Waiting(invitation)) => {
                Ok(Answer::Update(present::invitation(lang, &invitation)))
            }
            Err(e) => Err(e),
        },
        Action::Decline(id) => service
            .decline(id, user)
            .await
            .map(|c| Answer::Update(present::challenge_declined(lang, &c, user))),
        Action::Withdraw(id) => service
            .withdraw(id, user)
            .await
            .map(|c| Answer::Update(present::challenge_closed(lang, &c))),
        Action::AcceptDraw(game) => {
            let offer = with_answer_token(&click.token, service.accept_draw(at, game)).await;
            match offer {
                Ok(offer) => {
                    *after = offer.aftermath();
                    let reply = super::present_blocking(data, offer, move |r, names| {
                        present::draw(lang, r, names)
                    })
                    .await?;
                    Ok(Answer::New(reply))
                }
                Err(e) => Err(e),
            }
        }
        Action::Pick(game) => return super::picker::open(ctx, click, data, lang, game).await,
        Action::Rematch(game) => {
            // A rematch is a new game: the service applies the server's game channels.
            match service.rematch(at, game).await {
                // Against the bot alone the new game started at once.
                Ok(Accepted::Started(started)) => {
                    *after = started.aftermath();
                    let game = started.game.id;
                    let reply = super::present_blocking(data, started, move |s, names| {
                        present::game_started(lang, s, names)
                    })
                    .await?;
                    Ok(Answer::NewGame(game, reply))
                }
                Ok(Accepted::Waiting(i)) => Ok(Answer::NewChallenge(
                    i.challenge.id,
                    present::invitation(lang, &i),
                )),
                Err(e) => Err(e),
            }
        }
        Action::Join(id) => {
            lobby_answer(data, lang, service.join_lobby(id, user).await, after).await?
        }
        Action::Leave(id) => {
            lobby_answer(data, lang, service.leave_lobby(id, user).await, after).await?
        }
        Action::Start(id) => {
            lobby_answer(data, lang, service.start_lobby(id, user).await, after).await?
        }
        Action::AddBot(id) => {
            let added = service.add_bot_to_lobby(id, user, bot).await;
            lobby_answer(data, lang, added, after).await?
        }
    };
    let (answer, outcome) = match answer {
        Ok(answer) => (answer, InteractionOutcome::Ok),
        Err(crate::error::Error::User(e)) => {
            tracing::debug!(user, refusal = ?e, "click refused");
            (
                Answer::New(present::refusal(lang, &e)),
                InteractionOutcome::Refused,
            )
        }
        Err(e) => return Err(e.into()),
    };
    match answer {
        Answer::Update(reply) => {
            let response =
                serenity::CreateInteractionResponse::UpdateMessage(send::response_message(&reply));
            click.create_response(&ctx.http, response).await?;
        }
        Answer::New(reply) => {
            let response =
                serenity::CreateInteractionResponse::Message(send::response_message(&reply));
            click.create_response(&ctx.http, response).await?;
        }
        Answer::NewChallenge(id, reply) => {
            let response =
                serenity::CreateInteractionResponse::Message(send::response_message(&reply));
            click.create_response(&ctx.http, response).await?;
            let message = click.get_response(&ctx.http).await?;
            data.service
                .set_challenge_message(id, message.id.get())
                .await?;
        }
        Answer::NewGame(game, reply) => {
            let response =
                serenity::CreateInteractionResponse::Message(send::response_message(&reply));
            click.create_response(&ctx.http, response).await?;
            match click.get_response(&ctx.http).await {
                Ok(message) => super::boards::record_board(data, game, message.id.get()).await,
                Err(e) => tracing::warn!(error = %e, "could not read the new game's board back"),
            }
        }
    }
    Ok(outcome)
}

/// The lobby's message as a click on it left it (the game's start when it filled, whose
/// aftermath `after` learns).
async fn lobby_answer(
    data: &Arc<Data>,
    lang: Lang,
    update: crate::error::Result<LobbyUpdate>,
    after: &mut Aftermath,
) -> Result<crate::error::Result<Answer>, Error> {
    let update = match update {
        Ok(update) => update,
        Err(e) => return Ok(Err(e)),
    };
    *after = update.aftermath();
    let reply = super::present_blocking(data, update, move |u, names| {
        present::lobby_update(lang, u, names)
    })
    .await?;
    Ok(Ok(Answer::Update(reply)))
}
