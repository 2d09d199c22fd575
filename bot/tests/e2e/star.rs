//! Stern-Halma through Discord: a lobby of six for `star6` filled by four members and two of
//! the bot's seats, and its game played to the end, the members with greedy moves typed as
//! `/halma move`, the bot's seats by the bot's worker (mirrored from the database).

use std::time::{Duration, Instant};

use halma::{MoveText, Ply, Variant};
use serde_json::json;

use crate::lobby::wait_lobby_recorded;
use crate::support::{assert_game_start, game_row, moves_of, seats_of, E2e, Table};

/// Plies after which the test calls the game stuck: greedy star6 games take about 210.
const MAX_PLIES: usize = 1_200;

/// How long one of the bot's moves may take (easy level: a fifth of a second, plus the
/// board's drawing and posting).
const BOT_MOVE_TIMEOUT: Duration = Duration::from_secs(20);

/// Mirrors the moves the bot stored since `table` last looked, until a member is to move or
/// the game is over; bounded by [`BOT_MOVE_TIMEOUT`] per move.
async fn follow_the_bot(e: &E2e, table: &mut Table, game: i64) {
    while !table.game.outcome().is_over() && table.to_move().bot {
        let mirrored = table
            .game
            .plies()
            .iter()
            .filter(|p| matches!(p, Ply::Move { .. }))
            .count();
        let deadline = Instant::now() + BOT_MOVE_TIMEOUT;
        let stored = loop {
            let stored = moves_of(&e.db.pool, game).await;
            if stored.len() > mirrored {
                break stored;
            }
            assert!(
                Instant::now() < deadline,
                "the bot did not move at ply {} in {BOT_MOVE_TIMEOUT:?}",
                table.game.plies().len()
            );
            tokio::time::sleep(Duration::from_millis(20)).await;
        };
        let (_, seat, chain) = &stored[mirrored];
        assert_eq!(
            seat.chars().next(),
            Some(table.game.position().to_move().letter()),
            "the stored move is the bot's seat's"
        );
        let text: MoveText = chain.parse().expect("a stored chain parses");
        table
            .game
            .play(&text)
            .unwrap_or_else(|err| panic!("the bot's move {chain} is illegal: {err}"));
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_star6_lobby_of_four_members_and_two_bot_seats_plays_to_the_end() {
    let e = E2e::start("star6").await;
    let [alice, bob, carol, dave] = ["alice", "bob", "carol", "dave"].map(|n| e.user(n));
    let bot = e.fake.bot_user();
    let channel = e.channel("star-six");
    let began = Instant::now();

    let lobby = e
        .halma(
            &alice,
            &channel,
            "open",
            &[
                ("variant", json!("star6")),
                ("turn_timeout", json!("1h")),
                ("level", json!("easy")),
            ],
        )
        .await;
    assert!(!lobby.ephemeral && lobby.callback_type == 4, "{lobby:?}");
    assert!(
        lobby.content.contains("star6") && lobby.content.contains("(1/6)"),
        "{}",
        lobby.content
    );
    wait_lobby_recorded(&e, lobby.message_id.expect("a message")).await;
    for member in [&bob, &carol, &dave] {
        let joined = e.click(member, &lobby, "Join").await;
        assert!(!joined.ephemeral && joined.callback_type == 7, "{joined:?}");
    }
    let fifth = e.click(&alice, &lobby, "Add AI (easy)").await;
    assert!(fifth.content.contains("(5/6)"), "{}", fifth.content);
    let started = e.click(&alice, &lobby, "Add AI (easy)").await;
    assert_game_start(&started, &alice, Variant::Star6);
    assert!(
        started.content.contains("E (yellow)") && started.content.contains("F (red)"),
        "seats e and f have colours: {}",
        started.content
    );

    let row = game_row(&e.db.pool, &channel).await;
    let seats: Vec<(String, u64)> = seats_of(&e.db.pool, row.id).await;
    let expected: Vec<(String, u64)> = [&alice, &bob, &carol, &dave, &bot, &bot]
        .iter()
        .zip(["a", "b", "c", "d", "e", "f"])
        .map(|(u, s)| (s.to_string(), u.id))
        .collect();
    assert_eq!(seats, expected, "members in joining order, then the bot");

    let mut table = Table::new(
        &channel,
        vec![alice, bob, carol, dave, bot.clone(), bot],
        Variant::Star6,
    );
    while !table.game.outcome().is_over() {
        assert!(
            table.game.plies().len() < MAX_PLIES,
            "the star6 game did not end in {MAX_PLIES} plies"
        );
        if table.to_move().bot {
            follow_the_bot(&e, &mut table, row.id).await;
        } else {
            e.play_greedy(&mut table).await;
        }
    }

    let row = game_row(&e.db.pool, &channel).await;
    assert_eq!(row.status, "finished");
    assert_eq!(row.position, table.game.position().to_string());
    let halma::Outcome::Win { winners, .. } = table.game.outcome() else {
        panic!("the greedy game is won: {:?}", table.game.outcome());
    };
    let winners: String = winners.iter().map(|s| s.letter()).collect();
    assert_eq!(row.winners.as_deref(), Some(winners.as_str()));
    // A game with the bot in it is not rated.
    let rated: i64 = sqlx::query_scalar("SELECT count(*) FROM ratings")
        .fetch_one(&e.db.pool)
        .await
        .expect("count ratings");
    assert_eq!(rated, 0);
    eprintln!(
        "the star6 game took {} plies and {:?}",
        table.game.plies().len(),
        began.elapsed()
    );
}
