//! `/halma challenge`: a member challenges one to five others (or the bot). Its twelve options
//! are too many for a function's arguments, so the subcommand is built by hand (see
//! [`super::options`]) and its options read into one [`Asked`].

use super::choices::{FirstChoice, LevelChoice, VariantChoice};
use super::dispatch::dispatch;
use super::options::{optional, required, run, subcommand, Given, Subcommand};
use super::reply::actor;
use super::{Context, Error};
use halma_core::front::Command;
use halma_core::model::FirstMover;
use halma_core::service::{optional as typed, parse_turn_timeout, ChallengeRequest, Opponent};
use poise::serenity_prelude as serenity;

/// The options naming the second to fifth opponents of a game of three or more.
const MORE_OPPONENTS: [&str; 4] = ["opponent2", "opponent3", "opponent4", "opponent5"];

/// Challenge a member to a game (or several members to a game of three, four or six).
pub(super) fn challenge() -> Subcommand {
    let mut options = vec![
        required::<serenity::User>("opponent"),
        optional::<VariantChoice>("variant"),
        optional::<FirstChoice>("first"),
        optional::<bool>("anti_spoiling"),
        optional::<bool>("no_parking"),
        optional::<String>("turn_timeout"),
        optional::<LevelChoice>("level"),
    ];
    options.extend(MORE_OPPONENTS.map(optional::<serenity::User>));
    options.push(optional::<bool>("thread"));
    subcommand("challenge", options, |ctx| {
        Box::pin(run(ctx, Asked::read, act))
    })
}

/// What a member gave `/halma challenge`, as Discord sent it.
struct Asked {
    opponent: serenity::User,
    /// `opponent2` to `opponent5`, those given, in that order.
    others: Vec<serenity::User>,
    variant: Option<VariantChoice>,
    first: Option<FirstChoice>,
    anti_spoiling: Option<bool>,
    no_parking: Option<bool>,
    turn_timeout: Option<String>,
    level: Option<LevelChoice>,
    thread: Option<bool>,
}

impl Asked {
    /// Reads the options in the order they are registered.
    async fn read(given: Given<'_>) -> Result<Asked, poise::SlashArgError> {
        let opponent = given.required("opponent").await?;
        let variant = given.get("variant").await?;
        let first = given.get("first").await?;
        let anti_spoiling = given.get("anti_spoiling").await?;
        let no_parking = given.get("no_parking").await?;
        let turn_timeout = given.get("turn_timeout").await?;
        let level = given.get("level").await?;
        let mut others = Vec::new();
        for name in MORE_OPPONENTS {
            others.extend(given.get(name).await?);
        }
        Ok(Asked {
            opponent,
            others,
            variant,
            first,
            anti_spoiling,
            no_parking,
            turn_timeout,
            level,
            thread: given.get("thread").await?,
        })
    }
}

async fn act(ctx: Context<'_>, asked: Asked) -> Result<(), Error> {
    // The service applies the server's game channels and defaults to what is left out.
    let bot = ctx.framework().bot_id();
    let Asked {
        opponent, others, ..
    } = &asked;
    let turn_timeout = match typed(asked.turn_timeout.as_deref(), parse_turn_timeout) {
        Ok(timeout) => timeout,
        Err(refusal) => return super::reply::refuse(ctx, &refusal).await,
    };
    let opponent_of = |u: &serenity::User| Opponent {
        user: u.id.get(),
        is_bot: u.bot,
        is_me: u.id == bot,
    };
    let request = ChallengeRequest {
        challenger: actor(ctx),
        opponents: std::iter::once(opponent)
            .chain(others)
            .map(opponent_of)
            .collect(),
        level: asked.level.map(|l| l.0),
        variant: asked.variant.map(|v| v.0),
        first: asked.first.map_or(FirstMover::Random, |f| f.0),
        anti_spoiling: asked.anti_spoiling.unwrap_or(false),
        no_parking: asked.no_parking.unwrap_or(false),
        turn_timeout,
    };
    // A thread of its own, unless the command was typed in a thread already.
    if asked.thread == Some(true) && super::reply::parent(ctx).is_none() {
        let names: Vec<serenity::User> = std::iter::once(asked.opponent)
            .chain(asked.others)
            .collect();
        return super::threads::challenge_in_thread(ctx, request, &names).await;
    }
    dispatch(ctx, Command::Challenge(request)).await
}
