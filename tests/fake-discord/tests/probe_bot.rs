//! Proves the fake against a real serenity 0.12.5 + poise 0.7.1 bot: a tiny probe bot defined
//! here registers commands, answers slash commands, autocomplete and buttons, posts to a channel,
//! and survives a dropped gateway.

use std::time::Duration;

use fake_discord::{FakeDiscord, Scope};
use poise::serenity_prelude as serenity;
use serde_json::{json, Value};
use serenity::Mentionable as _;

type Error = Box<dyn std::error::Error + Send + Sync>;
type Context<'a> = poise::Context<'a, Data, Error>;

/// The probe bot's user data.
struct Data;

/// Not a real image, but with a PNG signature and an IHDR saying 2×3 pixels.
const PNG: &[u8] = b"\x89PNG\r\n\x1a\n\x00\x00\x00\x0dIHDR\x00\x00\x00\x02\x00\x00\x00\x03\x08\x06\x00\x00\x00probe";

const WAIT: Duration = Duration::from_secs(10);

/// Board size, registered by poise as an integer option with named choices.
#[derive(Debug, poise::ChoiceParameter)]
enum Size {
    Small,
    Large,
}

/// Probe commands
#[poise::command(slash_command, subcommands("play", "slow", "secret", "post", "empty"))]
async fn probe(_ctx: Context<'_>) -> Result<(), Error> {
    Ok(())
}

async fn autocomplete_square(
    _ctx: Context<'_>,
    partial: &str,
) -> serenity::CreateAutocompleteResponse {
    let choices = ["a1", "a2", "b1", "k5", "m3"]
        .into_iter()
        .filter(|s| s.starts_with(partial))
        .map(serenity::AutocompleteChoice::from)
        .collect();
    serenity::CreateAutocompleteResponse::new().set_choices(choices)
}

/// Start a probe game
#[poise::command(slash_command)]
async fn play(
    ctx: Context<'_>,
    #[description = "Where to start"]
    #[autocomplete = "autocomplete_square"]
    square: String,
    #[description = "Who to play"] opponent: serenity::User,
) -> Result<(), Error> {
    let content = format!(
        "{} vs {} at {square} ({})",
        ctx.author().name,
        opponent.name,
        ctx.locale().unwrap_or("?")
    );
    let buttons = vec![
        serenity::CreateButton::new(format!("probe:accept:{}", opponent.id))
            .label("Accept")
            .style(serenity::ButtonStyle::Success),
        serenity::CreateButton::new("probe:decline")
            .label("Decline")
            .style(serenity::ButtonStyle::Danger),
    ];
    let reply = poise::CreateReply::default()
        .content(content)
        .attachment(serenity::CreateAttachment::bytes(PNG, "board.png"))
        .embed(
            serenity::CreateEmbed::new()
                .title("Board")
                .image("attachment://board.png"),
        )
        .components(vec![serenity::CreateActionRow::Buttons(buttons)]);
    ctx.send(reply).await?;
    Ok(())
}

/// Answer after a defer
#[poise::command(slash_command)]
async fn slow(ctx: Context<'_>) -> Result<(), Error> {
    ctx.defer().await?;
    ctx.say("slow answer").await?;
    Ok(())
}

/// Answer only to the caller
#[poise::command(slash_command)]
async fn secret(ctx: Context<'_>) -> Result<(), Error> {
    ctx.send(
        poise::CreateReply::default()
            .content("only you")
            .ephemeral(true),
    )
    .await?;
    Ok(())
}

/// Send an empty reply, which Discord refuses
#[poise::command(slash_command)]
async fn empty(ctx: Context<'_>) -> Result<(), Error> {
    ctx.send(poise::CreateReply::default()).await?;
    Ok(())
}

/// Post to the channel, then edit the post
#[poise::command(slash_command)]
async fn post(
    ctx: Context<'_>,
    #[description = "Who to ping"] who: serenity::User,
) -> Result<(), Error> {
    let message = serenity::CreateMessage::new()
        .content(format!("ping {}", who.mention()))
        .add_file(serenity::CreateAttachment::bytes(PNG, "ping.png"));
    let mut posted = ctx.channel_id().send_message(ctx, message).await?;
    posted
        .edit(
            ctx,
            serenity::EditMessage::new().content(format!("ping edited {}", who.mention())),
        )
        .await?;
    ctx.send(
        poise::CreateReply::default()
            .content(format!("posted {}", posted.id))
            .ephemeral(true),
    )
    .await?;
    Ok(())
}

/// Add two numbers
#[poise::command(slash_command)]
async fn sum(
    ctx: Context<'_>,
    #[description = "An integer"] a: i64,
    #[description = "A number"] b: f64,
    #[description = "A size"] size: Size,
    #[description = "Shout it"] loud: Option<bool>,
) -> Result<(), Error> {
    let bang = if loud == Some(true) { "!" } else { "" };
    ctx.say(format!("sum = {} ({size:?}){bang}", a as f64 + b))
        .await?;
    Ok(())
}

/// Buttons reach the framework's event handler, not poise's command dispatch.
async fn on_event(
    framework: poise::FrameworkContext<'_, Data, Error>,
    event: &serenity::FullEvent,
) -> Result<(), Error> {
    let ctx = framework.serenity_context;
    let serenity::FullEvent::InteractionCreate { interaction } = event else {
        return Ok(());
    };
    let Some(click) = interaction.as_message_component() else {
        return Ok(());
    };
    if click.data.custom_id.starts_with("probe:accept") {
        let content = format!(
            "accepted by {} (was: {}; {} file, {} embed)",
            click.user.name,
            click.message.content,
            click.message.attachments.len(),
            click.message.embeds.len()
        );
        let row =
            serenity::CreateActionRow::Buttons(vec![serenity::CreateButton::new("probe:done")
                .label("Accepted")
                .disabled(true)]);
        let update = serenity::CreateInteractionResponseMessage::new()
            .content(content)
            .components(vec![row]);
        click
            .create_response(
                ctx,
                serenity::CreateInteractionResponse::UpdateMessage(update),
            )
            .await?;
    } else if click.data.custom_id == "probe:decline" {
        click.defer(ctx).await?;
        click
            .edit_response(
                ctx,
                serenity::EditInteractionResponse::new()
                    .content("declined")
                    .components(vec![]),
            )
            .await?;
    }
    Ok(())
}

/// Starts the probe bot against the fake; returns its shard manager and task.
async fn start_bot(
    fake: &FakeDiscord,
) -> (
    std::sync::Arc<serenity::ShardManager>,
    tokio::task::JoinHandle<()>,
) {
    let guild = serenity::GuildId::new(fake.guild_id());
    let framework = poise::Framework::builder()
        .options(poise::FrameworkOptions {
            commands: vec![probe(), sum()],
            event_handler: |framework, event| Box::pin(on_event(framework, event)),
            ..Default::default()
        })
        .setup(move |ctx, _ready, framework| {
            Box::pin(async move {
                let commands = &framework.options().commands;
                poise::builtins::register_in_guild(ctx, &commands[..1], guild).await?;
                poise::builtins::register_globally(ctx, &commands[1..]).await?;
                Ok(Data)
            })
        })
        .build();
    let http = serenity::HttpBuilder::new("probe-token")
        .proxy(fake.base_url())
        .ratelimiter_disabled(true)
        .build();
    let mut client =
        serenity::ClientBuilder::new_with_http(http, serenity::GatewayIntents::non_privileged())
            .framework(framework)
            .await
            .expect("build the probe client");
    let shards = client.shard_manager.clone();
    let task = tokio::spawn(async move {
        if let Err(why) = client.start().await {
            eprintln!("probe bot stopped: {why}");
        }
    });
    (shards, task)
}

fn option<'a>(command: &'a Value, name: &str) -> &'a Value {
    command["options"]
        .as_array()
        .and_then(|options| options.iter().find(|o| o["name"] == name))
        .unwrap_or_else(|| panic!("no option {name} in {command}"))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn probe_bot_talks_to_the_fake() {
    tokio::time::timeout(Duration::from_secs(60), exchange())
        .await
        .expect("the whole exchange took over a minute");
}

async fn exchange() {
    let fake = FakeDiscord::start().await;
    let (shards, bot) = start_bot(&fake).await;
    fake.wait_ready(WAIT).await.expect("bot ready");
    assert_eq!(fake.identify_count(), 1);

    // Registration: /probe in the guild, /sum globally, both as poise built them.
    let guild_commands = fake.registered_commands(Scope::Guild(fake.guild_id()));
    let probe_command = &guild_commands[0];
    assert_eq!(probe_command["name"], "probe");
    assert!(probe_command["id"].is_string());
    assert_eq!(
        probe_command["application_id"],
        fake.application_id().to_string()
    );
    let play_command = option(probe_command, "play");
    assert_eq!(play_command["type"], 1);
    assert_eq!(option(play_command, "square")["type"], 3);
    assert_eq!(option(play_command, "square")["autocomplete"], true);
    assert_eq!(option(play_command, "opponent")["type"], 6);
    // The global set is registered right after the guild set; wait for it.
    let sum_command = fake
        .wait_registered(Scope::Global, "sum", WAIT)
        .await
        .expect("sum registered");
    assert_eq!(option(&sum_command, "size")["type"], 4);
    assert_eq!(option(&sum_command, "loud")["type"], 5);
    assert_eq!(fake.registered_commands(Scope::Global)[0], sum_command);

    let games = fake.channel("games");
    let alice = fake.user("alice").with_locale("hr");
    let bob = fake.user("bob");
    assert_eq!(fake.user("bob").id, bob.id, "ids are stable");

    // Autocomplete.
    let choices = fake
        .autocomplete(
            &alice,
            &games,
            "probe",
            "play",
            &[("square", json!("a"))],
            "square",
        )
        .await
        .expect("autocomplete");
    let names: Vec<&str> = choices.iter().map(|c| c.name.as_str()).collect();
    assert_eq!(names, ["a1", "a2"]);

    // A reply with a PNG, an embed using it, and buttons.
    let game = fake
        .slash(
            &alice,
            &games,
            "probe",
            "play",
            &[("square", json!("k5")), ("opponent", bob.option_value())],
        )
        .await
        .expect("play");
    assert_eq!(game.callback_type, 4);
    assert_eq!(game.content, "alice vs bob at k5 (hr)");
    assert!(!game.ephemeral);
    assert_eq!(game.files.len(), 1);
    assert_eq!(game.files[0].filename, "board.png");
    assert_eq!(game.files[0].bytes, PNG);
    assert_eq!(game.button_labels(), ["Accept", "Decline"]);
    let image_url = game.embeds[0]["image"]["url"].as_str().unwrap_or("");
    assert!(image_url.starts_with(&fake.base_url()), "{image_url}");
    let game_message = game.message_id.expect("the reply is a message");
    assert_eq!(
        game.message
            .as_ref()
            .map(|m| m.json["attachments"][0]["width"].clone()),
        Some(json!(2))
    );

    // A user given by name works as well as by id.
    fake.slash(
        &bob,
        &games,
        "probe",
        "play",
        &[("square", json!("a1")), ("opponent", json!("alice"))],
    )
    .await
    .expect("play by name");

    // Button → update message (type 7). The message arrived intact in the bot.
    let accepted = fake.click(&bob, &game, "Accept").await.expect("accept");
    assert_eq!(accepted.callback_type, 7);
    assert_eq!(accepted.message_id, Some(game_message));
    assert_eq!(
        accepted.content,
        "accepted by bob (was: alice vs bob at k5 (hr); 1 file, 1 embed)"
    );
    assert!(accepted.button("Accepted").is_some_and(|b| b.disabled));
    // serenity's UpdateMessage always sends `attachments: []`, which on Discord drops the files.
    assert!(accepted.files.is_empty());
    let stored = fake.message(game_message).expect("stored");
    assert_eq!(stored.edit_count, 1);
    assert!(
        fake.click(&bob, &game, "Accepted").await.is_err(),
        "disabled"
    );

    // Button → deferred update (type 6) + PATCH @original.
    let second = fake
        .slash(
            &alice,
            &games,
            "probe",
            "play",
            &[("square", json!("m3")), ("opponent", bob.option_value())],
        )
        .await
        .expect("second play");
    let declined = fake.click(&bob, &second, "Decline").await.expect("decline");
    assert_eq!(declined.callback_type, 6);
    assert_eq!(declined.content, "declined");
    assert!(declined.buttons.is_empty());
    assert_eq!(declined.message_id, second.message_id);

    // Deferred reply + followup.
    let slow = fake
        .slash(&alice, &games, "probe", "slow", &[])
        .await
        .expect("slow");
    assert_eq!(slow.callback_type, 5);
    assert_eq!(slow.content, "slow answer");
    assert!(slow.deferred());

    // Ephemeral reply.
    let secret = fake
        .slash(&bob, &games, "probe", "secret", &[])
        .await
        .expect("secret");
    assert!(secret.ephemeral);
    assert_eq!(secret.content, "only you");

    // A command without subcommands; integer, number, boolean and a choice given by name.
    let sum = fake
        .slash(
            &alice,
            &games,
            "sum",
            "",
            &[
                ("a", json!(2)),
                ("b", json!("0.5")),
                ("size", json!("Large")),
                ("loud", json!(true)),
            ],
        )
        .await
        .expect("sum");
    assert_eq!(sum.content, "sum = 2.5 (Large)!");

    // In a DM only global commands exist; interactions there carry `user` instead of `member`.
    let dm = fake.dm_channel(&alice);
    let in_dm = fake
        .slash(
            &alice,
            &dm,
            "sum",
            "",
            &[("a", json!(1)), ("b", json!(1)), ("size", json!(0))],
        )
        .await
        .expect("sum in a DM");
    assert_eq!(in_dm.content, "sum = 2 (Small)");

    // Two users at once: each answer goes to its own interaction.
    let (one, two) = tokio::join!(
        fake.slash(&alice, &games, "probe", "slow", &[]),
        fake.slash(&bob, &games, "probe", "secret", &[]),
    );
    assert_eq!(one.expect("slow").content, "slow answer");
    assert_eq!(two.expect("secret").content, "only you");

    // Mistakes a Discord client would not allow are refused before anything is sent.
    assert!(fake
        .slash(&alice, &games, "sum", "", &[("a", json!(1))])
        .await
        .is_err());
    assert!(fake.slash(&alice, &games, "probe", "", &[]).await.is_err());
    fake.set_timeout(Duration::from_millis(100));
    assert!(fake.slash(&alice, &games, "nope", "", &[]).await.is_err());
    // A reply Discord would refuse is refused; poise's default error handler then answers the
    // still unacknowledged interaction with an ephemeral error message.
    let refused = fake
        .slash(&alice, &games, "probe", "empty", &[])
        .await
        .expect("poise's error reply");
    assert!(refused.ephemeral);
    assert!(
        refused.content.contains("Cannot send an empty message"),
        "{refused:?}"
    );

    // Channel messages (multipart create, then edit), as a timer ping would be.
    let posted = fake
        .slash(
            &alice,
            &games,
            "probe",
            "post",
            &[("who", bob.option_value())],
        )
        .await
        .expect("post");
    assert!(posted.ephemeral);
    let ping = fake
        .wait_for_channel_message(&games, |m| m.content.starts_with("ping edited"), WAIT)
        .await
        .expect("ping");
    assert_eq!(ping.content, format!("ping edited {}", bob.mention()));
    assert_eq!(ping.files[0].bytes, PNG);
    assert_eq!(ping.json["mentions"][0]["id"], bob.id.to_string());
    assert_eq!(posted.content, format!("posted {}", ping.id));
    assert!(fake
        .channel_messages(&games)
        .iter()
        .any(|m| m.id == ping.id));

    // Dropped gateway: serenity resumes at once and keeps answering.
    assert!(fake.drop_gateway());
    fake.wait_gateway(WAIT).await.expect("reconnected");
    assert_eq!(fake.resume_count(), 1);
    assert_eq!(fake.identify_count(), 1);
    let again = fake
        .slash(&bob, &games, "probe", "secret", &[])
        .await
        .expect("after resume");
    assert_eq!(again.content, "only you");

    // Invalidated session: serenity identifies again (after its ~5 s pause between shard boots).
    assert!(fake.invalidate_session());
    fake.wait_gateway(WAIT).await.expect("identified again");
    assert_eq!(fake.identify_count(), 2);
    let fresh = fake
        .slash(&alice, &games, "probe", "secret", &[])
        .await
        .expect("after identify");
    assert_eq!(fresh.content, "only you");

    // Every request the bot made was one the fake knows.
    let requests = fake.requests();
    let refused: Vec<_> = requests.iter().filter(|r| r.status >= 400).collect();
    assert_eq!(refused.len(), 1, "refused requests: {refused:#?}");
    assert_eq!(refused[0].response["code"], 50006);
    assert!(requests
        .iter()
        .any(|r| r.method == "POST" && r.path.ends_with("/callback") && r.status == 204));

    shards.shutdown_all().await;
    bot.abort();
}
