//! Faults: a dropped gateway, a burst of concurrent moves for one game, and a database outage.

use std::collections::BTreeSet;
use std::time::{Duration, Instant};

use halma::{Game, MoveText, Options, Position, Seat, Variant};
use serde_json::json;

use crate::support::{
    assert_board_png, assert_refusal, game_row, moves_of, Cluster, E2e, TestDb, ANSWER_TIMEOUT,
};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_dropped_gateway_is_reconnected_and_the_next_move_answered() {
    let e = E2e::start("gateway_drop").await;
    let mut table = e.small_game("drop").await;
    e.play_greedy(&mut table).await;

    // Dropped with a resumable code: the bot reconnects and resumes.
    let (connections, resumes) = (e.fake.connection_count(), e.fake.resume_count());
    assert!(e.fake.drop_gateway(), "a gateway connection was open");
    // The fake sends the interaction once a connection is ready again.
    e.play_greedy(&mut table).await;
    assert!(
        e.fake.connection_count() > connections && e.fake.resume_count() > resumes,
        "the bot opened a new gateway connection and resumed its session"
    );

    // Session gone (4009): the bot identifies again.
    let identifies = e.fake.identify_count();
    assert!(e.fake.drop_gateway_with_code(4009));
    e.play_greedy(&mut table).await;
    assert!(
        e.fake.identify_count() > identifies,
        "the bot identified again after its session timed out"
    );
    assert_eq!(
        game_row(&e.db.pool, &table.channel).await.position,
        table.game.position().to_string()
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn concurrent_moves_apply_in_turn_order_without_gaps() {
    const BURST: usize = 50;
    let e = E2e::start("concurrent").await;
    let alice = e.user("alice");
    let bob = e.user("bob");
    let channel = e.channel("burst");
    let table = e.start_game(&channel, &alice, &bob, Variant::Small).await;
    let position = table.game.position().clone();
    let options = *table.game.options();
    let alices = position.legal_moves(&options);
    let bobs = position
        .with_to_move(Seat::B)
        .expect("b plays in small")
        .legal_moves(&options);

    // Both players fire moves that are legal for them in the current position, interleaved.
    let mut tasks = Vec::new();
    for i in 0..BURST {
        let (user, mv) = if i % 2 == 0 {
            (alice.clone(), alices[(i / 2) % alices.len()])
        } else {
            (bob.clone(), bobs[(i / 2) % bobs.len()])
        };
        let fake = e.fake.clone();
        let channel = channel.clone();
        tasks.push(tokio::spawn(async move {
            let options = [
                ("from", json!(mv.from.to_string())),
                ("to", json!(mv.to.to_string())),
            ];
            let answer = fake.slash(&user, &channel, "halma", "move", &options).await;
            (user, mv, answer)
        }));
    }
    let mut applied = Vec::new();
    for task in tasks {
        let (user, mv, answer) = task.await.expect("the interaction task");
        let answer = answer.unwrap_or_else(|err| panic!("{} plays {mv}: {err}", user.name));
        if answer.ephemeral {
            assert_refusal(&answer, "");
        } else {
            assert_eq!(answer.callback_type, 4, "{answer:?}");
            assert_board_png(&answer, Variant::Small);
            applied.push((user, mv, answer));
        }
    }
    assert!(
        !applied.is_empty(),
        "at least the first move of alice applies"
    );

    let row = game_row(&e.db.pool, &channel).await;
    let moves = moves_of(&e.db.pool, row.id).await;
    assert_eq!(
        moves.len(),
        applied.len(),
        "one row per public answer: {moves:?}"
    );
    assert_eq!(row.ply as usize, moves.len());
    let mut game = Game::new(
        Position::start(Variant::Small),
        Options::for_variant(Variant::Small),
    );
    for (i, (ply, seat, chain)) in moves.iter().enumerate() {
        assert_eq!(
            *ply as usize,
            i + 1,
            "plies are numbered without gaps: {moves:?}"
        );
        let expected_seat = game.position().to_move().letter().to_string();
        assert_eq!(
            seat, &expected_seat,
            "ply {ply} was played in turn: {moves:?}"
        );
        let text: MoveText = chain.parse().expect("a stored chain parses");
        game.play(&text)
            .unwrap_or_else(|err| panic!("stored ply {ply} {chain} is illegal: {err}"));
    }
    assert_eq!(
        row.position,
        game.position().to_string(),
        "the stored position"
    );
    let stored: BTreeSet<String> = moves.iter().map(|(_, _, chain)| chain.clone()).collect();
    for (user, mv, answer) in &applied {
        assert!(
            stored
                .iter()
                .any(|chain| chain.starts_with(&mv.from.to_string())
                    && chain.ends_with(&mv.to.to_string())
                    && answer.content.contains(chain.as_str())),
            "{}'s applied move {mv} is stored and announced: {:?}",
            user.name,
            answer.content
        );
    }
    eprintln!("{} of {BURST} concurrent moves applied", applied.len());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_database_outage_is_answered_and_survived() {
    let cluster = Cluster::start("outage").await;
    let db = TestDb::create_on(&cluster.url, "outage").await;
    let e = E2e::start_on("pg_outage", db, &[]).await;
    let mut table = e.small_game("outage").await;
    let channel = table.channel.clone();
    e.play_greedy(&mut table).await;

    cluster.run("stop").await;
    let mv = table.next_move();
    let mover = table.to_move().clone();
    // Discord drops an interaction not answered within 3 s; leave some room for a busy machine.
    e.fake.set_timeout(Duration::from_secs(5));
    let asked = Instant::now();
    let answer = e
        .fake
        .slash(
            &mover,
            &channel,
            "halma",
            "move",
            &[
                ("from", json!(mv.from.to_string())),
                ("to", json!(mv.to.to_string())),
            ],
        )
        .await
        .unwrap_or_else(|err| {
            panic!("a move during a database outage must still be answered in time: {err}")
        });
    assert!(
        answer.ephemeral,
        "the outage reply is ephemeral: {answer:?}"
    );
    assert!(
        answer.content.to_lowercase().contains("try again"),
        "the outage reply asks to try again: {:?} (after {:?})",
        answer.content,
        asked.elapsed()
    );

    cluster.run("start").await;
    e.fake.set_timeout(ANSWER_TIMEOUT);
    // The same move again, once the database is back: the bot recovers without a restart.
    e.play(&mut table, mv).await;
    let row = game_row(&e.db.pool, &channel).await;
    assert_eq!(row.ply, 2, "exactly the two moves are stored");
    assert_eq!(row.position, table.game.position().to_string());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_challenge_or_lobby_nobody_saw_does_not_hold_the_channel() {
    let e = E2e::start("unseen_gathering").await;
    let (alice, bob) = (e.user("alice"), e.user("bob"));
    let channel = e.channel("unseen");
    let pending = |pool: sqlx::PgPool| async move {
        let n: i64 = sqlx::query_scalar(
            "SELECT (SELECT COUNT(*) FROM challenges WHERE status = 'pending')
                  + (SELECT COUNT(*) FROM lobbies WHERE status = 'open')",
        )
        .fetch_one(&pool)
        .await
        .expect("count the open gatherings");
        n
    };
    // The bot calls a gathering off once it learns that its answer failed, after the fake
    // has told the test so: wait for that.
    let none_left = |pool: sqlx::PgPool| async move {
        let deadline = Instant::now() + ANSWER_TIMEOUT;
        while pending(pool.clone()).await != 0 {
            assert!(
                Instant::now() < deadline,
                "the unseen gathering is still open"
            );
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    };

    // Alice's command whose answer Discord loses; then the bot has called its gathering off.
    let unseen = |sub: &'static str, option: (&'static str, serde_json::Value)| {
        let (e, alice, channel) = (&e, &alice, &channel);
        async move {
            e.fake.fail_callbacks(1);
            let lost = e.fake.slash(alice, channel, "halma", sub, &[option]).await;
            assert!(lost.is_err(), "the answer was lost: {lost:?}");
            none_left(e.db.pool.clone()).await;
        }
    };

    // The challenge's answer is lost: the challenge is called off, not left pending.
    unseen("challenge", ("opponent", json!(bob.id.to_string()))).await;
    // So the same challenge can be made again at once.
    let again = e.challenge(&alice, &bob, &channel, "small").await;
    assert!(!again.ephemeral, "{again:?}");
    assert_eq!(pending(e.db.pool.clone()).await, 1);
    e.click(&alice, &again, "Withdraw").await;
    assert_eq!(pending(e.db.pool.clone()).await, 0);

    // The same for a lobby.
    unseen("open", ("variant", json!("four"))).await;
    let opened = e
        .halma(&bob, &channel, "open", &[("variant", json!("three"))])
        .await;
    assert!(!opened.ephemeral, "{opened:?}");
    assert_eq!(pending(e.db.pool.clone()).await, 1);
}
