//! Playing against the bot through Discord: challenging the bot itself starts a game at once,
//! the bot answers each move with a message of its own, and other channels are answered
//! while it thinks.

use std::collections::HashSet;
use std::time::Duration;

use fake_discord::{Message, TestChannel, TestUser};
use halma::{Game, MoveText, Options, Position, Seat, Variant};
use serde_json::json;

use crate::lobby::wait_lobby_recorded;
use crate::support::{
    assert_board_png, assert_refusal, game_row, seats_of, E2e, Table, ANSWER_TIMEOUT,
};

/// `user` challenges the bot in `channel` to a small game at `level`, moving `first`.
pub(crate) async fn challenge_bot(
    e: &E2e,
    user: &TestUser,
    channel: &TestChannel,
    level: &str,
    first: &str,
) -> fake_discord::Answer {
    let bot = e.fake.bot_user();
    // The fake resolves user options among the users it knows.
    e.fake.add_user(&bot);
    e.halma(
        user,
        channel,
        "challenge",
        &[
            ("opponent", bot.option_value()),
            ("variant", json!("small")),
            ("first", json!(first)),
            ("level", json!(level)),
        ],
    )
    .await
}

/// Whether `m` is the bot's own post of a move it played (not an answer to a command).
fn is_bot_move(m: &Message, bot: &TestUser) -> bool {
    m.interaction_id.is_none() && m.content.starts_with(&format!("{} played ", bot.mention()))
}

/// Waits for the bot's move posted after message `after`, checks it, and mirrors it into
/// `table` from the database.
pub(crate) async fn bot_answers(e: &E2e, table: &mut Table, after: u64) -> Message {
    let bot = e.fake.bot_user();
    let posted = e
        .fake
        .wait_for_channel_message(
            &table.channel,
            |m| m.id > after && is_bot_move(m, &bot),
            ANSWER_TIMEOUT,
        )
        .await
        .unwrap_or_else(|err| panic!("the bot's move: {err}"));
    let pngs = posted
        .files
        .iter()
        .filter(|f| f.filename.ends_with(".png"))
        .count();
    assert_eq!(pngs, 1, "the bot's move shows the board: {posted:?}");
    let game = game_row(&e.db.pool, &table.channel).await;
    let chain: String =
        sqlx::query_scalar("SELECT chain FROM moves WHERE game_id = $1 ORDER BY ply DESC LIMIT 1")
            .bind(game.id)
            .fetch_one(&e.db.pool)
            .await
            .expect("the bot's move is stored");
    let text: MoveText = chain.parse().expect("a stored chain parses");
    table.game.play(&text).expect("the bot's move is legal");
    assert_eq!(game.position, table.game.position().to_string());
    if !table.game.outcome().is_over() {
        let next = table.to_move();
        assert!(
            posted.content.contains(&next.mention()),
            "the bot's move pings {}: {:?}",
            next.name,
            posted.content
        );
    }
    posted
}

/// A small game in `channel` between `first` and `second`, from its start.
pub(crate) fn small_table(channel: &TestChannel, first: &TestUser, second: &TestUser) -> Table {
    Table {
        channel: channel.clone(),
        seats: vec![first.clone(), second.clone()],
        game: Game::new(
            Position::start(Variant::Small),
            Options::for_variant(Variant::Small),
        ),
        seen: HashSet::new(),
    }
}

pub(crate) fn last_id(e: &E2e, channel: &TestChannel) -> u64 {
    e.fake
        .channel_messages(channel)
        .iter()
        .map(|m| m.id)
        .max()
        .unwrap_or(0)
}

#[tokio::test]
async fn the_bot_plays_when_challenged() {
    let e = E2e::start("ai-game").await;
    let (alice, bot) = (e.user("alice"), e.fake.bot_user());
    let channel = e.channel("vs-bot");
    let started = challenge_bot(&e, &alice, &channel, "easy", "me").await;
    assert!(!started.ephemeral, "the game start is public: {started:?}");
    assert!(started.content.contains("level easy"), "{started:?}");
    assert!(started.content.contains(&alice.mention()), "{started:?}");
    assert_board_png(&started, Variant::Small);
    let mut table = small_table(&channel, &alice, &bot);
    // A hint first: only Alice sees it.
    let hint = e.halma(&alice, &channel, "hint", &[]).await;
    assert!(
        hint.ephemeral && hint.content.starts_with("Hint: "),
        "{hint:?}"
    );
    assert_board_png(&hint, Variant::Small);
    for _ in 0..3 {
        let before = last_id(&e, &channel);
        e.play_greedy(&mut table).await;
        bot_answers(&e, &mut table, before).await;
    }
    assert_eq!(game_row(&e.db.pool, &channel).await.ply, 6);
    let history = e.halma(&alice, &channel, "history", &[]).await;
    assert!(
        history
            .content
            .contains(&format!("Hints taken: {} 1", alice.mention())),
        "{history:?}"
    );
    let ratings: i64 = sqlx::query_scalar("SELECT count(*) FROM ratings")
        .fetch_one(&e.db.pool)
        .await
        .unwrap();
    assert_eq!(ratings, 0);
    let refused = e
        .halma(
            &alice,
            &channel,
            "challenge",
            &[
                ("opponent", e.user("bob").option_value()),
                ("level", json!("hard")),
            ],
        )
        .await;
    // A level is only for the bot.
    assert_refusal(&refused, "level");
}

#[tokio::test]
async fn the_bot_answers_a_move_whose_answer_was_lost() {
    let e = E2e::start("ai-lost-answer").await;
    let (alice, bot) = (e.user("alice"), e.fake.bot_user());
    let channel = e.channel("vs-bot-lost");
    challenge_bot(&e, &alice, &channel, "easy", "me").await;
    let mut table = small_table(&channel, &alice, &bot);
    // Alice's move is saved but its answer is lost: the bot is woken all the same, well
    // before its sweep (every 30 s) would find the game.
    let before = last_id(&e, &channel);
    let mv = table.next_move();
    e.fake.fail_callbacks(1);
    let answer = e.send_move(&table, mv).await;
    assert!(answer.is_err(), "the answer was lost: {answer:?}");
    table.game.play(&MoveText::from(mv)).expect("mirrored");
    let bot_move = e
        .fake
        .wait_for_channel_message(
            &channel,
            |m| m.id > before && is_bot_move(m, &bot),
            Duration::from_secs(15),
        )
        .await;
    assert!(bot_move.is_ok(), "the bot moved: {bot_move:?}");
    assert_eq!(game_row(&e.db.pool, &channel).await.ply, 2);
}

#[tokio::test]
async fn other_channels_are_answered_while_the_bot_thinks() {
    let e = E2e::start_with("ai-busy", &[("AI_HARD_MS", "4000")]).await;
    let alice = e.user("alice");
    let mut other = e.small_game("people").await;
    let channel = e.channel("thinking");
    let before = last_id(&e, &channel);
    // The bot moves first at level hard and thinks for four seconds.
    let started = challenge_bot(&e, &alice, &channel, "hard", "opponent").await;
    assert!(started.content.contains("thinking"), "{started:?}");
    let bot = e.fake.bot_user();
    let answered_before_the_bot = |e: &E2e| {
        !e.fake
            .channel_messages(&channel)
            .iter()
            .any(|m| m.id > before && is_bot_move(m, &bot))
    };
    let board = e.halma(&alice, &other.channel, "board", &[]).await;
    assert!(!board.ephemeral, "{board:?}");
    assert!(
        answered_before_the_bot(&e),
        "the board came after the bot's move"
    );
    e.play_greedy(&mut other).await;
    assert!(
        answered_before_the_bot(&e),
        "the move came after the bot's move"
    );
    // And the bot does move.
    let bot_move = e
        .fake
        .wait_for_channel_message(
            &channel,
            |m| m.id > before && is_bot_move(m, &bot),
            ANSWER_TIMEOUT + Duration::from_secs(5),
        )
        .await
        .unwrap_or_else(|err| panic!("the bot's move: {err}"));
    assert!(bot_move.content.contains(&alice.mention()), "{bot_move:?}");
}

#[tokio::test]
async fn a_rematch_against_the_bot_starts_at_once_and_the_bot_moves_first() {
    let e = E2e::start("ai-rematch").await;
    let (alice, bot) = (e.user("alice"), e.fake.bot_user());
    let channel = e.channel("again");
    challenge_bot(&e, &alice, &channel, "easy", "me").await;
    let first = game_row(&e.db.pool, &channel).await;
    let resigned = e.halma(&alice, &channel, "resign", &[]).await;
    assert!(resigned.button("Rematch").is_some(), "{resigned:?}");
    let before = last_id(&e, &channel);

    let started = e.click(&alice, &resigned, "Rematch").await;
    assert!(!started.ephemeral, "the new game is public: {started:?}");
    // No invitation for the bot to accept: the game itself, with the seats rotated.
    assert!(
        started.button("Accept").is_none(),
        "no invitation: {started:?}"
    );
    assert!(
        started
            .content
            .contains(&format!("A (orange): {}, level easy", bot.mention())),
        "{started:?}"
    );
    assert!(
        started
            .content
            .contains(&format!("B (blue): {}", alice.mention())),
        "{started:?}"
    );
    assert!(started.content.contains("thinking"), "{started:?}");
    assert_board_png(&started, Variant::Small);
    let second = game_row(&e.db.pool, &channel).await;
    assert!(second.id > first.id);
    assert_eq!(second.status, "active");
    let challenges: i64 = sqlx::query_scalar("SELECT count(*) FROM challenges")
        .fetch_one(&e.db.pool)
        .await
        .unwrap();
    assert_eq!(challenges, 0, "no challenge was stored");

    // The bot holds seat a now and plays its first move on its own.
    let mut table = Table {
        channel: channel.clone(),
        seats: vec![bot.clone(), alice.clone()],
        game: Game::new(
            Position::start(Variant::Small),
            Options::for_variant(Variant::Small),
        ),
        seen: HashSet::new(),
    };
    bot_answers(&e, &mut table, before).await;
    let before = last_id(&e, &channel);
    e.play_greedy(&mut table).await;
    bot_answers(&e, &mut table, before).await;
    assert_eq!(game_row(&e.db.pool, &channel).await.ply, 3);
}

#[tokio::test]
async fn the_bot_moves_when_the_player_before_it_resigns_a_game_of_three() {
    let e = E2e::start("ai-three").await;
    let (alice, bob, bot) = (e.user("alice"), e.user("bob"), e.fake.bot_user());
    let channel = e.channel("three-with-bot");

    // Alice opens a lobby for three, Bob joins, and Alice fills the last seat with the bot:
    // seats in joining order, so the bot moves after Bob.
    let lobby = e
        .halma(
            &alice,
            &channel,
            "open",
            &[("variant", json!("three")), ("turn_timeout", json!("1h"))],
        )
        .await;
    wait_lobby_recorded(&e, lobby.message_id.expect("the lobby is a message")).await;
    e.click(&bob, &lobby, "Join").await;
    let started = e.click(&alice, &lobby, "Add AI (medium)").await;
    assert!(started.content.contains(&bot.mention()), "{started:?}");
    let row = game_row(&e.db.pool, &channel).await;
    assert_eq!(
        seats_of(&e.db.pool, row.id).await,
        [
            ("a".to_string(), alice.id),
            ("b".to_string(), bob.id),
            ("c".to_string(), bot.id)
        ]
    );
    let mut table = Table::new(
        &channel,
        vec![alice.clone(), bob.clone(), bot.clone()],
        Variant::Three,
    );
    e.play_greedy(&mut table).await;

    // Bob, to move, resigns: he leaves, the game goes on, and it is the bot's turn.
    let before = last_id(&e, &channel);
    let resigned = e.halma(&bob, &channel, "resign", &[]).await;
    assert!(!resigned.ephemeral, "{resigned:?}");
    table
        .game
        .remove_player(Seat::B)
        .expect("Bob may leave a game of three");
    assert_eq!(table.to_move().id, bot.id);
    bot_answers(&e, &mut table, before).await;
    let row = game_row(&e.db.pool, &channel).await;
    assert_eq!((row.status.as_str(), row.ply), ("active", 2));
}
