//! The outbox against a real PostgreSQL: announcements are written in the transaction of their
//! change (and vanish with it), held for an interaction's answer, taken once by concurrent
//! senders, retried with backoff, presented from the game's rows; and the timer goes on with
//! other games when one game's database call fails.

mod common;

use chrono::TimeDelta;
use common::*;
use halma::Seat;
use halma_core::front::nonce::{of_key, of_row};
use halma_core::service::{
    ChallengeRequest, EndReason, FirstMover, GameResult, NoticeView, Outgoing, ANSWER_HOLD,
};
use halma_core::{Error, Service};
use sqlx::PgPool;
use std::collections::HashSet;

/// The outbox's rows as (kind, game, ply), oldest first.
async fn rows(pool: &PgPool) -> Vec<(String, Option<i64>, Option<i32>)> {
    sqlx::query_as("SELECT kind, game_id, ply FROM outbox ORDER BY id")
        .fetch_all(pool)
        .await
        .unwrap()
}

/// A game between Alice (seat a, to move) and Bob in `channel`, with `timeout` per move.
async fn game_in(svc: &Service, channel: u64, per_move: &str) -> halma_core::service::GameStarted {
    let challenge = svc
        .invitations()
        .challenge(&ChallengeRequest {
            challenger: Place::new(GUILD, channel).member(ALICE),
            turn_timeout: Some(timeout(per_move)),
            ..request("small", FirstMover::Challenger)
        })
        .await
        .unwrap();
    svc.invitations()
        .accept(challenge.id, BOB)
        .await
        .unwrap()
        .started()
        .expect("a game of two starts when the opponent accepts")
}

#[sqlx::test(migrations = "../migrations")]
async fn a_move_holds_its_announcement_for_the_answer(pool: PgPool) {
    let (svc, clock) = service(&pool);
    start(&svc, "small", FirstMover::Challenger).await;
    let played = play(&svc, ALICE, "g3-g4").await;
    assert_eq!(
        rows(&pool).await,
        [("move".into(), Some(played.game.id.0), Some(1))]
    );
    // Held while the interaction is answered: no sender takes it.
    assert!(svc.take_notices(10).await.unwrap().is_empty());
    // Delivered: the announcement goes.
    assert!(svc.answer_delivered(played.notice()).await.unwrap());
    assert!(rows(&pool).await.is_empty());
    clock.advance(ANSWER_HOLD * 2);
    assert!(svc.take_notices(10).await.unwrap().is_empty());
}

#[sqlx::test(migrations = "../migrations")]
async fn a_failed_answer_hands_the_move_to_the_channel(pool: PgPool) {
    let (svc, _clock) = service(&pool);
    start(&svc, "small", FirstMover::Challenger).await;
    let played = play(&svc, ALICE, "g3-g4").await;
    assert!(svc.answer_failed(played.notice()).await.unwrap());
    let taken = svc.take_notices(10).await.unwrap();
    assert_eq!(taken.len(), 1);
    match &taken[0].view {
        Some(NoticeView::Move(shown)) => assert_eq!(shown, &played),
        other => panic!("a move to show: {other:?}"),
    }
    assert_eq!(taken[0].channel, CHANNEL);
    svc.notice_sent(taken[0].id).await.unwrap();
    assert!(rows(&pool).await.is_empty());
    // A later delivery report finds nothing to confirm.
    assert!(!svc.answer_delivered(played.notice()).await.unwrap());
}

#[sqlx::test(migrations = "../migrations")]
async fn a_move_that_never_got_its_answer_is_posted_after_the_hold(pool: PgPool) {
    let (svc, clock) = service(&pool);
    start(&svc, "small", FirstMover::Challenger).await;
    let first = play(&svc, ALICE, "g3-g4").await;
    // Bob answers before the first move's announcement goes out: it still shows the board
    // right after Alice's move, not the later one.
    let second = play(&svc, BOB, "b6-b5").await;
    svc.answer_delivered(second.notice()).await.unwrap();
    clock.advance(ANSWER_HOLD);
    let taken = drain(&svc).await;
    assert_eq!(taken.len(), 1);
    match &taken[0].view {
        Some(NoticeView::Move(shown)) => {
            assert_eq!(shown.game.position, first.game.position);
            assert_eq!(shown.game.ply, 1);
            assert_eq!(shown.mover, first.mover);
            assert_eq!(shown.chain, first.chain);
            assert_eq!(shown.game.last_move, first.game.last_move);
            assert_eq!(shown.game.to_move, first.game.to_move);
        }
        other => panic!("a move to show: {other:?}"),
    }
}

#[sqlx::test(migrations = "../migrations")]
async fn an_answer_held_row_keeps_its_interaction_and_one_nonce(pool: PgPool) {
    let (svc, clock) = service(&pool);
    start(&svc, "small", FirstMover::Challenger).await;
    let text = halma_core::service::parse_move("g3", "g4").unwrap();
    let first = svc
        .answering(Some("token-of-the-move"))
        .play(at(ALICE), &text)
        .await
        .unwrap();
    // Outside an interaction (local mode, the timer) there is no token to keep.
    let second = play(&svc, BOB, "b6-b5").await;
    clock.advance(ANSWER_HOLD);
    let taken = drain(&svc).await;
    let tokens: Vec<Option<&str>> = taken.iter().map(|o| o.answer_token.as_deref()).collect();
    assert_eq!(tokens, [Some("token-of-the-move"), None]);
    // Every post of an announcement carries the same nonce, whoever makes it, and it fits.
    assert_eq!(of_row(&taken[0]), of_key(first.notice()));
    assert_eq!(of_row(&taken[1]), of_key(second.notice()));
    assert_ne!(of_row(&taken[0]), of_row(&taken[1]));
    assert!(taken.iter().all(|o| of_row(o).len() <= 25));
}

#[sqlx::test(migrations = "../migrations")]
async fn a_change_that_rolls_back_leaves_no_announcement(pool: PgPool) {
    let (svc, _clock) = service(&pool);
    start(&svc, "small", FirstMover::Challenger).await;
    // The commit itself fails (a deferred check), after the move and its announcement
    // were written in the transaction.
    sqlx::raw_sql(
        "CREATE FUNCTION refuse_commit() RETURNS trigger LANGUAGE plpgsql AS
           $$ BEGIN RAISE EXCEPTION 'commit refused for the test'; END $$;
         CREATE CONSTRAINT TRIGGER refuse_commit AFTER UPDATE ON games
           DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION refuse_commit();",
    )
    .execute(&pool)
    .await
    .unwrap();
    let before = snapshot(&pool).await;
    let err = play_text(&svc, at(ALICE), "g3", "g4").await.unwrap_err();
    assert!(matches!(err, Error::Db(_)), "{err:?}");
    assert_eq!(snapshot(&pool).await, before);
    assert!(rows(&pool).await.is_empty());
}

#[sqlx::test(migrations = "../migrations")]
async fn time_losses_and_reminders_are_written_with_their_change(pool: PgPool) {
    let (svc, clock) = service(&pool);
    let game = game_in(&svc, CHANNEL, "2h").await;
    clock.advance(TimeDelta::hours(1));
    let report = svc.tick().await.unwrap();
    assert_eq!(report.reminders.len(), 1);
    assert_eq!(
        rows(&pool).await,
        [("reminder".into(), Some(game.game.id.0), Some(0))]
    );
    let taken = drain(&svc).await;
    match &taken[..] {
        [Outgoing {
            view: Some(NoticeView::Reminder(reminder)),
            ..
        }] => {
            assert_eq!(reminder.player.user, ALICE);
            assert_eq!(reminder.time_left, TimeDelta::hours(1));
        }
        other => panic!("one reminder: {other:?}"),
    }

    clock.advance(TimeDelta::hours(1));
    let report = svc.tick().await.unwrap();
    assert_eq!(report.timeouts.len(), 1);
    let taken = drain(&svc).await;
    match &taken[..] {
        [Outgoing {
            view: Some(NoticeView::Ended(ended)),
            ..
        }] => {
            assert_eq!(ended, &report.timeouts[0]);
            assert!(matches!(
                &ended.game.result,
                Some(GameResult::Win { winners, reason: EndReason::Timeout })
                    if winners.len() == 1 && winners[0].seat == Seat::B
            ));
            // Alice never moved: the game is not rated.
            assert!(ended.ratings.is_empty(), "{:?}", ended.ratings);
        }
        other => panic!("one time loss: {other:?}"),
    }
    assert!(rows(&pool).await.is_empty());
}

#[sqlx::test(migrations = "../migrations")]
async fn a_reminder_the_player_answered_is_not_sent(pool: PgPool) {
    let (svc, clock) = service(&pool);
    game_in(&svc, CHANNEL, "2h").await;
    clock.advance(TimeDelta::hours(1));
    svc.tick().await.unwrap();
    let played = play(&svc, ALICE, "g3-g4").await;
    svc.answer_delivered(played.notice()).await.unwrap();
    let taken = drain(&svc).await;
    assert_eq!(taken.len(), 1);
    assert_eq!(taken[0].view, None, "moot: the player moved");
}

#[sqlx::test(migrations = "../migrations")]
async fn expired_challenges_with_a_message_are_announced(pool: PgPool) {
    let (svc, clock) = service(&pool);
    let shown = svc
        .invitations()
        .challenge(&request("small", FirstMover::Random))
        .await
        .unwrap();
    svc.invitations()
        .set_challenge_message(shown.id, 4242)
        .await
        .unwrap();
    let other = svc
        .invitations()
        .challenge(&ChallengeRequest {
            challenger: Place::new(GUILD, CHANNEL + 1).member(ALICE),
            ..request("small", FirstMover::Random)
        })
        .await
        .unwrap();
    clock.advance(TimeDelta::hours(1));
    assert_eq!(svc.tick().await.unwrap().expired_challenges.len(), 2);
    let taken = drain(&svc).await;
    match &taken[..] {
        [Outgoing {
            view: Some(NoticeView::ChallengeExpired(c)),
            ..
        }] => {
            assert_eq!(c.challenge.id, shown.id);
            assert_eq!(c.challenge.message, Some(4242));
        }
        other => panic!("one challenge to close ({other:?}), not {}", other.len()),
    }
    let _ = other;
}

#[sqlx::test(migrations = "../migrations")]
async fn concurrent_senders_take_each_announcement_once(pool: PgPool) {
    const GAMES: u64 = 12;
    let (svc, clock) = service(&pool);
    for i in 0..GAMES {
        let challenge = svc
            .invitations()
            .challenge(&ChallengeRequest {
                challenger: Place::new(GUILD, CHANNEL + i).member(ALICE + i),
                opponents: vec![person(BOB + i)],
                turn_timeout: Some(timeout("1h")),
                ..request("small", FirstMover::Challenger)
            })
            .await
            .unwrap();
        svc.invitations()
            .accept(challenge.id, BOB + i)
            .await
            .unwrap();
    }
    clock.advance(TimeDelta::hours(2));
    assert_eq!(svc.tick().await.unwrap().timeouts.len(), GAMES as usize);

    // Four senders (bot processes) over the same database, taking small batches at once.
    let mut tasks = Vec::new();
    for _ in 0..4 {
        let (sender, sender_clock) = service(&pool);
        sender_clock.set(clock_now(&clock));
        tasks.push(tokio::spawn(async move {
            let mut mine = Vec::new();
            loop {
                let batch = sender.take_notices(2).await.unwrap();
                if batch.is_empty() {
                    return mine;
                }
                for outgoing in batch {
                    sender.notice_sent(outgoing.id).await.unwrap();
                    mine.push(outgoing.id);
                }
            }
        }));
    }
    let mut sent = Vec::new();
    for task in tasks {
        sent.extend(task.await.unwrap());
    }
    let unique: HashSet<_> = sent.iter().copied().collect();
    assert_eq!(sent.len(), GAMES as usize, "each sent once: {sent:?}");
    assert_eq!(unique.len(), GAMES as usize);
    assert!(rows(&pool).await.is_empty());
}

#[sqlx::test(migrations = "../migrations")]
async fn a_taken_announcement_is_leased_and_a_failed_one_retried_later(pool: PgPool) {
    let (svc, clock) = service(&pool);
    game_in(&svc, CHANNEL, "1h").await;
    clock.advance(TimeDelta::hours(2));
    svc.tick().await.unwrap();
    let taken = svc.take_notices(10).await.unwrap();
    assert_eq!(taken.len(), 1);
    assert_eq!(taken[0].attempts, 1);
    // Another sender does not get it while the first holds it.
    assert!(svc.take_notices(10).await.unwrap().is_empty());
    // The send failed: it comes back after the backoff, not before.
    let due = svc.notice_failed(taken[0].id, 1).await.unwrap().unwrap();
    assert_eq!(due, clock_now(&clock) + halma_core::service::backoff(1));
    assert!(svc.take_notices(10).await.unwrap().is_empty());
    clock.set(due);
    let again = svc.take_notices(10).await.unwrap();
    assert_eq!(again.len(), 1);
    assert_eq!(again[0].id, taken[0].id);
    assert_eq!(again[0].attempts, 2);
    // A sender that died: its lease runs out and another takes the row.
    clock.advance(halma_core::service::SEND_LEASE);
    assert_eq!(svc.take_notices(10).await.unwrap().len(), 1);
}

#[sqlx::test(migrations = "../migrations")]
async fn one_failing_game_does_not_stop_the_timer_for_the_others(pool: PgPool) {
    let (svc, clock) = service(&pool);
    let broken = game_in(&svc, CHANNEL, "1h").await;
    let fine = game_in(&svc, CHANNEL + 1, "1h").await;
    // Every update of the first game fails in the database.
    sqlx::raw_sql(&format!(
        "CREATE FUNCTION refuse_game() RETURNS trigger LANGUAGE plpgsql AS
           $$ BEGIN RAISE EXCEPTION 'game is broken for the test'; END $$;
         CREATE TRIGGER refuse_game BEFORE UPDATE ON games
           FOR EACH ROW WHEN (OLD.id = {}) EXECUTE FUNCTION refuse_game();",
        broken.game.id.0
    ))
    .execute(&pool)
    .await
    .unwrap();
    clock.advance(TimeDelta::hours(2));
    let report = svc.tick().await.expect("the tick goes on");
    let ended: Vec<_> = report.timeouts.iter().map(|e| e.game.id).collect();
    assert_eq!(ended, [fine.game.id]);
    assert_eq!(
        rows(&pool).await,
        [("ended".into(), Some(fine.game.id.0), None)]
    );

    // Mended, the next tick ends the first game too.
    sqlx::raw_sql("DROP TRIGGER refuse_game ON games")
        .execute(&pool)
        .await
        .unwrap();
    let report = svc.tick().await.unwrap();
    let ended: Vec<_> = report.timeouts.iter().map(|e| e.game.id).collect();
    assert_eq!(ended, [broken.game.id]);
    assert_eq!(drain(&svc).await.len(), 2);
}

/// `user` plays `text` in the test channel, which must succeed.
async fn play(svc: &Service, user: u64, text: &str) -> halma_core::service::MovePlayed {
    let (from, to) = text.split_once('-').unwrap();
    play_text(svc, at(user), from, to)
        .await
        .unwrap_or_else(|e| panic!("{text}: {e:?}"))
}

fn clock_now(clock: &halma_core::clock::ManualClock) -> chrono::DateTime<chrono::Utc> {
    use halma_core::clock::Clock;
    clock.now()
}

#[sqlx::test(migrations = "../migrations")]
async fn two_players_leaving_after_one_move_have_an_announcement_each(pool: PgPool) {
    start_multi(&pool, halma::Variant::Four, &[ALICE, BOB, CAROL, DAVE]).await;
    let (svc, _clock) = service(&pool);
    // Carol and Dave resign while Alice is to move: two departures after the same move, each
    // held for its own answer.
    let svc = &svc;
    let resign = |user| async move {
        let left = svc.answering(Some("token")).resign(at(user)).await;
        match left.unwrap() {
            halma_core::service::Resignation::Left(left) => left,
            other => panic!("a player of four leaves: {other:?}"),
        }
    };
    let carol = resign(CAROL).await;
    let dave = resign(DAVE).await;
    let (carols, daves) = (carol.notice(), dave.notice());
    assert_ne!(carols, daves);
    assert_ne!(
        of_key(carols),
        of_key(daves),
        "each is posted under a nonce of its own"
    );
    assert_eq!(rows(&pool).await.len(), 2);
    // Carol's answer was delivered: only her announcement goes.
    assert!(svc.answer_delivered(carols).await.unwrap());
    assert_eq!(rows(&pool).await.len(), 1);
    // Dave's failed: his goes to the sender, and nothing is left for Carol's.
    assert!(svc.answer_failed(daves).await.unwrap());
    let taken = drain(svc).await;
    assert_eq!(taken.len(), 1, "{taken:?}");
    assert_eq!(of_row(&taken[0]), of_key(daves));
    assert!(!svc.answer_delivered(carols).await.unwrap());
}

#[sqlx::test(migrations = "../migrations")]
async fn a_late_move_announcement_after_a_departure_shows_its_position(pool: PgPool) {
    start_multi(&pool, halma::Variant::Four, &[ALICE, BOB, CAROL, DAVE]).await;
    let (svc, clock) = service(&pool);
    // Carol leaves before the first move: her pieces go, and her turns are skipped.
    svc.resign(at(CAROL)).await.unwrap();
    // Alice, Bob and Dave move; no answer is ever delivered, so each announcement waits out
    // its hold while the game goes on. Dave's move replays only without Carol's pieces.
    let mut position = svc.board(HERE).await.unwrap().position;
    let mut played = Vec::new();
    for user in [ALICE, BOB, DAVE, ALICE] {
        let options = halma::Options::for_variant(halma::Variant::Four);
        let mv = greedy(&position, &options, &HashSet::new());
        let answer = svc
            .answering(Some("token"))
            .play(at(user), &mv.into())
            .await
            .unwrap();
        position = answer.game.position.clone();
        played.push(answer);
    }
    clock.advance(ANSWER_HOLD + TimeDelta::seconds(1));
    let taken = drain(&svc).await;
    let moves: Vec<_> = taken
        .iter()
        .filter_map(|o| match &o.view {
            Some(NoticeView::Move(m)) => Some(m),
            _ => None,
        })
        .collect();
    assert_eq!(moves.len(), 4, "every move is presented: {taken:?}");
    for (shown, answer) in moves.iter().zip(&played) {
        assert_eq!(shown.game.ply, answer.game.ply);
        assert_eq!(
            shown.game.position, answer.game.position,
            "as it stood then"
        );
        assert_eq!(shown.chain, answer.chain);
    }
    assert_eq!(moves[2].mover.user, DAVE);
    assert!(moves[2].game.position.pieces(Seat::C).is_empty());
}
