//! "Your move, wherever you are" against a real PostgreSQL: the `notify_settings` table
//! (`/halma notify`), and the DM rows the outbox gets with a move, a game's start, a player
//! leaving and a half-time reminder: only for members who turned DMs on, never for the bot's
//! seats or short games, at most one per game, ply, kind and member, none while a member is
//! paused after Discord refused one, and moot once the game went on.

mod common;

use chrono::TimeDelta;
use common::*;
use halma_core::db::outbox::{Announcement, NewNotice};
use halma_core::locale::Lang;
use halma_core::service::{
    optional, parse_dm_switch, parse_level, ChallengeRequest, FirstMover, GameId, GameStarted,
    MovePlayed, NoticeView, Outgoing, TurnNotice, DM_PAUSE,
};
use halma_core::{Db, Service, UserError};
use sqlx::PgPool;
use std::collections::HashSet;

/// The outbox's DM rows as (kind, game, ply, user), oldest first.
async fn dm_rows(pool: &PgPool) -> Vec<(String, i64, i32, i64)> {
    sqlx::query_as(
        "SELECT kind, game_id, ply, user_id FROM outbox WHERE user_id IS NOT NULL ORDER BY id",
    )
    .fetch_all(pool)
    .await
    .unwrap()
}

/// A DM row as [`dm_rows`] lists it.
fn dm(kind: &str, game: GameId, ply: i32, user: u64) -> (String, i64, i32, i64) {
    (kind.to_string(), game.0, ply, user as i64)
}

/// Alice (to move) against Bob in the test channel, with `per_move` per move.
async fn game_with(svc: &Service, per_move: &str) -> GameStarted {
    let challenge = svc
        .invitations()
        .challenge(&ChallengeRequest {
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

/// The greedy move of `user`, who is to move in the test channel.
async fn greedy_move(svc: &Service, user: u64) -> MovePlayed {
    let game = svc.board(HERE).await.unwrap();
    let mv = greedy(&game.position, &game.options, &HashSet::new());
    play_move(svc, user, mv)
        .await
        .unwrap_or_else(|e| panic!("{mv}: {e:?}"))
}

/// The DMs among `taken`, as the sender would send them.
fn dms(taken: &[Outgoing]) -> Vec<TurnNotice> {
    taken
        .iter()
        .filter_map(|o| match &o.view {
            Some(NoticeView::YourMove(turn)) => Some((**turn).clone()),
            _ => None,
        })
        .collect()
}

#[test]
fn the_dm_option_reads_on_and_off_only() {
    assert_eq!(parse_dm_switch("on"), Ok(true));
    assert_eq!(parse_dm_switch("OFF"), Ok(false));
    for bad in ["", "yes", "an", "on off", "1"] {
        assert_eq!(
            parse_dm_switch(bad),
            Err(UserError::BadDmSwitch {
                text: bad.trim().to_string()
            }),
            "{bad:?}"
        );
    }
}

#[sqlx::test(migrations = "../migrations")]
async fn the_setting_is_off_until_a_member_turns_it_on(pool: PgPool) {
    let (svc, clock) = service(&pool);
    let shown = svc.settings().notify(ALICE, None, Lang::En).await.unwrap();
    assert!(!shown.dm && shown.paused_for.is_none());
    let count = || async {
        sqlx::query_scalar::<_, i64>("SELECT count(*) FROM notify_settings")
            .fetch_one(&pool)
            .await
            .unwrap()
    };
    assert_eq!(count().await, 0, "looking stores nothing");

    assert!(
        svc.settings()
            .notify(ALICE, Some(true), Lang::De)
            .await
            .unwrap()
            .dm
    );
    assert!(
        svc.settings()
            .notify(ALICE, None, Lang::En)
            .await
            .unwrap()
            .dm
    );
    assert!(
        !svc.settings().notify(BOB, None, Lang::En).await.unwrap().dm,
        "per member"
    );
    let (dm, language): (bool, String) =
        sqlx::query_as("SELECT dm, language FROM notify_settings WHERE user_id = $1")
            .bind(ALICE as i64)
            .fetch_one(&pool)
            .await
            .unwrap();
    assert!(dm);
    assert_eq!(language, "de", "the language they set it in");

    // Discord refused a DM: paused for a day, shown with what is left of it.
    let until = svc.settings().dms_refused(ALICE).await.unwrap();
    assert_eq!(until, t0() + DM_PAUSE);
    clock.advance(TimeDelta::hours(1));
    let shown = svc.settings().notify(ALICE, None, Lang::En).await.unwrap();
    assert_eq!(shown.paused_for, Some(DM_PAUSE - TimeDelta::hours(1)));
    // Off keeps the pause; on again lifts it.
    assert!(
        !svc.settings()
            .notify(ALICE, Some(false), Lang::En)
            .await
            .unwrap()
            .dm
    );
    let on = svc
        .settings()
        .notify(ALICE, Some(true), Lang::En)
        .await
        .unwrap();
    assert!(on.dm && on.paused_for.is_none(), "{on:?}");
    assert_eq!(count().await, 1);
}

#[sqlx::test(migrations = "../migrations")]
async fn a_move_writes_one_dm_for_the_next_member_when_they_want_one(pool: PgPool) {
    let (svc, _clock) = service(&pool);
    svc.settings()
        .notify(BOB, Some(true), Lang::Fr)
        .await
        .unwrap();
    let started = game_with(&svc, "24h").await;
    let game = started.game.id;
    assert!(
        dm_rows(&pool).await.is_empty(),
        "Alice, first to move, has DMs off"
    );

    // Alice moves: one DM for Bob, written with the move, due at once.
    let first = greedy_move(&svc, ALICE).await;
    assert_eq!(dm_rows(&pool).await, [dm("dm_move", game, 1, BOB)]);
    let taken = svc.take_notices(10).await.unwrap();
    let turns = dms(&taken);
    assert_eq!(turns.len(), 1, "the move's own row is held for its answer");
    assert_eq!(turns[0].user, BOB);
    assert!(!turns[0].half_time);
    assert_eq!(turns[0].lang, Lang::Fr, "in Bob's language");
    assert_eq!(turns[0].game.ply, 1);
    assert_eq!(turns[0].game.to_move.map(|p| p.user), Some(BOB));
    assert_eq!(
        turns[0].game.last_move.as_ref().map(|m| m.chain.clone()),
        Some(first.chain.clone())
    );
    assert_eq!(
        taken[0].channel, CHANNEL,
        "the row names the game's channel"
    );
    for outgoing in &taken {
        svc.notice_sent(outgoing.id).await.unwrap();
    }
    svc.answer_delivered(first.notice()).await.unwrap();

    // Bob moves: Alice has DMs off, so nothing for her; then she turns them on.
    let second = greedy_move(&svc, BOB).await;
    svc.answer_delivered(second.notice()).await.unwrap();
    assert!(dm_rows(&pool).await.is_empty());
    svc.settings()
        .notify(ALICE, Some(true), Lang::En)
        .await
        .unwrap();
    let third = greedy_move(&svc, ALICE).await;
    svc.answer_delivered(third.notice()).await.unwrap();
    greedy_move(&svc, BOB).await;
    assert_eq!(
        dm_rows(&pool).await,
        [dm("dm_move", game, 3, BOB), dm("dm_move", game, 4, ALICE)],
        "one DM per turn, each for the member to move"
    );
}

#[sqlx::test(migrations = "../migrations")]
async fn short_games_and_the_bots_seats_get_no_dm(pool: PgPool) {
    let (svc, _clock) = service(&pool);
    const BOT: u64 = 999_999_999_999_999_999;
    for user in [ALICE, BOB, BOT] {
        svc.settings()
            .notify(user, Some(true), Lang::En)
            .await
            .unwrap();
    }
    // 59 minutes per move: played at the table, no DMs.
    game_with(&svc, "59m").await;
    greedy_move(&svc, ALICE).await;
    greedy_move(&svc, BOB).await;
    assert!(dm_rows(&pool).await.is_empty());
    svc.abort(at(ALICE), true).await.unwrap();

    // Against the bot, a day per move: Alice hears of her turns, the bot's seat never.
    let started = svc
        .invitations()
        .challenge_ai(&ChallengeRequest {
            opponents: vec![this_bot(BOT)],
            level: optional(Some("easy"), parse_level).unwrap(),
            ..request("small", FirstMover::Opponent)
        })
        .await
        .expect("a game against the bot");
    let game = started.game.id;
    assert_eq!(started.game.to_move.map(|p| p.user), Some(BOT));
    assert!(
        dm_rows(&pool).await.is_empty(),
        "the bot moves first: no DM"
    );
    svc.searches()
        .ai_turn(game)
        .await
        .unwrap()
        .expect("the bot moves");
    assert_eq!(dm_rows(&pool).await, [dm("dm_move", game, 1, ALICE)]);
    greedy_move(&svc, ALICE).await;
    assert_eq!(dm_rows(&pool).await.len(), 1, "nothing for the bot's seat");
}

#[sqlx::test(migrations = "../migrations")]
async fn a_game_start_and_a_departure_hand_the_turn_with_a_dm(pool: PgPool) {
    let (svc, _clock) = service(&pool);
    svc.settings()
        .notify(ALICE, Some(true), Lang::En)
        .await
        .unwrap();
    svc.settings()
        .notify(CAROL, Some(true), Lang::En)
        .await
        .unwrap();
    // A game of three: Alice moves first and hears of it at the start.
    let challenge = svc
        .invitations()
        .challenge(&ChallengeRequest {
            opponents: vec![person(BOB), person(CAROL)],
            ..request("three", FirstMover::Challenger)
        })
        .await
        .unwrap();
    svc.invitations().accept(challenge.id, BOB).await.unwrap();
    let started = svc
        .invitations()
        .accept(challenge.id, CAROL)
        .await
        .unwrap()
        .started()
        .expect("everyone accepted");
    let game = started.game.id;
    assert_eq!(dm_rows(&pool).await, [dm("dm_move", game, 0, ALICE)]);
    drain(&svc).await;

    // Alice moves (Bob, next, has DMs off); Bob resigns and leaves: Carol's turn, same ply.
    let moved = greedy_move(&svc, ALICE).await;
    svc.answer_delivered(moved.notice()).await.unwrap();
    assert!(dm_rows(&pool).await.is_empty());
    svc.resign(at(BOB)).await.unwrap();
    let board = svc.board(HERE).await.unwrap();
    assert_eq!(board.to_move.map(|p| p.user), Some(CAROL));
    assert_eq!(dm_rows(&pool).await, [dm("dm_move", game, 1, CAROL)]);
}

#[sqlx::test(migrations = "../migrations")]
async fn half_time_writes_a_dm_with_the_reminder(pool: PgPool) {
    let (svc, clock) = service(&pool);
    svc.settings()
        .notify(BOB, Some(true), Lang::En)
        .await
        .unwrap();
    let started = game_with(&svc, "2h").await;
    let game = started.game.id;
    let moved = greedy_move(&svc, ALICE).await;
    svc.answer_delivered(moved.notice()).await.unwrap();
    drain(&svc).await;

    clock.advance(TimeDelta::minutes(61));
    let report = svc.tick().await.unwrap();
    assert_eq!(report.reminders.len(), 1);
    assert_eq!(dm_rows(&pool).await, [dm("dm_half", game, 1, BOB)]);
    let taken = drain(&svc).await;
    let turns = dms(&taken);
    assert_eq!(turns.len(), 1, "{taken:?}");
    assert!(turns[0].half_time);
    assert_eq!(turns[0].game.time_left, Some(TimeDelta::minutes(59)));
    // The next tick finds nothing to remind of.
    svc.tick().await.unwrap();
    assert!(dm_rows(&pool).await.is_empty());
}

#[sqlx::test(migrations = "../migrations")]
async fn a_dm_is_moot_once_the_game_went_on_or_the_member_is_paused(pool: PgPool) {
    let (svc, clock) = service(&pool);
    svc.settings()
        .notify(ALICE, Some(true), Lang::En)
        .await
        .unwrap();
    svc.settings()
        .notify(BOB, Some(true), Lang::En)
        .await
        .unwrap();
    game_with(&svc, "2d").await;
    drain(&svc).await;
    // Bob's DM waits while he moves already: taken later, it says nothing.
    let first = greedy_move(&svc, ALICE).await;
    svc.answer_delivered(first.notice()).await.unwrap();
    let second = greedy_move(&svc, BOB).await;
    svc.answer_delivered(second.notice()).await.unwrap();
    let taken = drain(&svc).await;
    let turns = dms(&taken);
    assert_eq!(turns.len(), 1, "only Alice's DM still stands: {taken:?}");
    assert_eq!(turns[0].user, ALICE);
    assert_eq!(
        taken.iter().filter(|o| o.view.is_none()).count(),
        1,
        "Bob's is moot"
    );

    // Discord refused Alice a DM: for a day none is written for her, then they come again.
    svc.settings().dms_refused(ALICE).await.unwrap();
    let third = greedy_move(&svc, ALICE).await;
    svc.answer_delivered(third.notice()).await.unwrap();
    greedy_move(&svc, BOB).await;
    let rows = dm_rows(&pool).await;
    assert!(
        rows.iter().all(|(_, _, _, user)| *user != ALICE as i64),
        "paused: {rows:?}"
    );
    drain(&svc).await;
    clock.advance(DM_PAUSE);
    let fifth = greedy_move(&svc, ALICE).await;
    svc.answer_delivered(fifth.notice()).await.unwrap();
    greedy_move(&svc, BOB).await;
    assert_eq!(
        dm_rows(&pool)
            .await
            .iter()
            .filter(|(_, _, _, user)| *user == ALICE as i64)
            .count(),
        1,
        "the pause is over"
    );
}

#[sqlx::test(migrations = "../migrations")]
async fn one_dm_per_game_ply_kind_and_member(pool: PgPool) {
    let (svc, _clock) = service(&pool);
    svc.settings()
        .notify(BOB, Some(true), Lang::En)
        .await
        .unwrap();
    let started = game_with(&svc, "24h").await;
    let game = started.game.id;
    let db = Db::new(pool.clone());
    let notice = |ply: u32, user: u64, half_time: bool| {
        let turn = Announcement::YourMove {
            game,
            ply,
            user,
            half_time,
        };
        NewNotice::new(CHANNEL, &turn, t0(), t0(), None).unwrap()
    };
    let mut tx = db.begin().await.unwrap();
    assert!(tx.insert_dm_notice(&notice(7, BOB, false)).await.unwrap());
    assert!(
        !tx.insert_dm_notice(&notice(7, BOB, false)).await.unwrap(),
        "a repeat is dropped"
    );
    assert!(tx.insert_dm_notice(&notice(7, BOB, true)).await.unwrap());
    assert!(tx.insert_dm_notice(&notice(8, BOB, false)).await.unwrap());
    assert!(
        !tx.insert_dm_notice(&notice(9, ALICE, false)).await.unwrap(),
        "Alice has DMs off"
    );
    tx.commit().await.unwrap();
    assert_eq!(
        dm_rows(&pool).await,
        [
            dm("dm_move", game, 7, BOB),
            dm("dm_half", game, 7, BOB),
            dm("dm_move", game, 8, BOB)
        ]
    );
    // The database keeps the key even against a plain insert.
    let twice = sqlx::query(
        "INSERT INTO outbox (channel_id, game_id, ply, kind, body, created_at, due_at, user_id)
         SELECT channel_id, game_id, ply, kind, body, created_at, due_at, user_id
           FROM outbox WHERE user_id IS NOT NULL LIMIT 1",
    )
    .execute(&pool)
    .await;
    assert!(twice.is_err(), "the unique index refuses a second row");
}
