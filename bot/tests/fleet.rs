//! What the processes of a fleet share through the database: each interaction claimed once
//! (a retry of an unfinished one taken a few times at most, a replay of a finished one
//! never), each member's pace counted across processes, and the Activity's sessions and
//! stream tickets found by any process.

mod common;

use common::*;
use halma_core::service::{ActivitySessionRecord, Pace, PaceBucket};
use sqlx::PgPool;
use std::num::NonZeroU32;
use std::time::Duration;

#[sqlx::test(migrations = "../migrations")]
async fn an_interaction_is_claimed_once_and_retried_only_while_unanswered(pool: PgPool) {
    let (first, _) = service(&pool);
    let (second, _) = service(&pool);
    assert!(first.claim_interaction(7).await.unwrap());
    // The load balancer's retries while it is unanswered: a few, then no more.
    assert!(second.claim_interaction(7).await.unwrap());
    assert!(second.claim_interaction(7).await.unwrap());
    assert!(!second.claim_interaction(7).await.unwrap());
    // Once answered, never again.
    assert!(first.claim_interaction(8).await.unwrap());
    first.finish_interaction(8).await.unwrap();
    assert!(!second.claim_interaction(8).await.unwrap());
    assert!(!first.claim_interaction(8).await.unwrap());
    // An unanswered claim older than Discord's answer window is not taken again either.
    assert!(first.claim_interaction(9).await.unwrap());
    sqlx::query("UPDATE interaction_claims SET claimed_at = claimed_at - interval '4 seconds'")
        .execute(&pool)
        .await
        .unwrap();
    assert!(!second.claim_interaction(9).await.unwrap());
    // Old claims are dropped by the tidying; recent ones stay.
    sqlx::query(
        "UPDATE interaction_claims SET claimed_at = now() - interval '1 hour' WHERE id = 7",
    )
    .execute(&pool)
    .await
    .unwrap();
    first.tidy_shared().await.unwrap();
    let left: Vec<i64> = sqlx::query_scalar("SELECT id FROM interaction_claims ORDER BY id")
        .fetch_all(&pool)
        .await
        .unwrap();
    assert_eq!(left, [8, 9]);
}

#[sqlx::test(migrations = "../migrations")]
async fn a_members_pace_is_one_across_processes(pool: PgPool) {
    let (first, _) = service(&pool);
    let (second, _) = service(&pool);
    let pace = Pace {
        per_minute: NonZeroU32::new(1).unwrap(),
        burst: NonZeroU32::new(4).unwrap(),
    };
    // The burst, spent on two processes.
    for svc in [&first, &second, &first, &second] {
        assert!(svc
            .pace_allows(ALICE, PaceBucket::Action, pace)
            .await
            .unwrap());
    }
    assert!(!first
        .pace_allows(ALICE, PaceBucket::Action, pace)
        .await
        .unwrap());
    assert!(!second
        .pace_allows(ALICE, PaceBucket::Action, pace)
        .await
        .unwrap());
    // Another member, and the picker's steps, have paces of their own.
    assert!(second
        .pace_allows(BOB, PaceBucket::Action, pace)
        .await
        .unwrap());
    assert!(first
        .pace_allows(ALICE, PaceBucket::Step, pace)
        .await
        .unwrap());
    // A minute later one more action is allowed, and only one.
    sqlx::query("UPDATE member_pace SET due_at = due_at - interval '60 seconds'")
        .execute(&pool)
        .await
        .unwrap();
    assert!(first
        .pace_allows(ALICE, PaceBucket::Action, pace)
        .await
        .unwrap());
    assert!(!second
        .pace_allows(ALICE, PaceBucket::Action, pace)
        .await
        .unwrap());
    // Paces whose time has passed are dropped.
    sqlx::query("UPDATE member_pace SET due_at = now() - interval '1 second' WHERE user_id = $1")
        .bind(BOB as i64)
        .execute(&pool)
        .await
        .unwrap();
    first.tidy_shared().await.unwrap();
    let members: Vec<i64> = sqlx::query_scalar("SELECT DISTINCT user_id FROM member_pace")
        .fetch_all(&pool)
        .await
        .unwrap();
    assert_eq!(members, [ALICE as i64]);
}

fn activity_session(user: u64) -> ActivitySessionRecord {
    ActivitySessionRecord {
        user,
        guild: GUILD,
        channel: CHANNEL,
        name: "Alice".into(),
        lang: "fr".into(),
        members: vec![BOB, CAROL],
        token: "token".into(),
        instance: "i-1".into(),
        age: Duration::ZERO,
    }
}

#[sqlx::test(migrations = "../migrations")]
async fn activity_sessions_and_tickets_are_shared_bounded_and_used_once(pool: PgPool) {
    let (first, _) = service(&pool);
    let (second, _) = service(&pool);
    // A session kept by one process is found by another, as it was kept.
    first
        .web()
        .share_activity_session(b"key-1", &activity_session(ALICE), 2)
        .await
        .unwrap();
    let found = second
        .web()
        .shared_activity_session(b"key-1")
        .await
        .unwrap()
        .expect("shared");
    assert_eq!(
        ActivitySessionRecord {
            age: Duration::ZERO,
            ..found.clone()
        },
        activity_session(ALICE)
    );
    assert!(found.age < Duration::from_secs(60));
    assert_eq!(
        second
            .web()
            .shared_activity_session(b"other")
            .await
            .unwrap(),
        None
    );
    // A member keeps two here: the oldest goes.
    for key in [b"key-2", b"key-3"] {
        first
            .web()
            .share_activity_session(key, &activity_session(ALICE), 2)
            .await
            .unwrap();
    }
    first
        .web()
        .share_activity_session(b"key-b", &activity_session(BOB), 2)
        .await
        .unwrap();
    let kept: Vec<Vec<u8>> =
        sqlx::query_scalar("SELECT key_hash FROM activity_sessions ORDER BY key_hash")
            .fetch_all(&pool)
            .await
            .unwrap();
    assert_eq!(
        kept,
        [b"key-2".to_vec(), b"key-3".to_vec(), b"key-b".to_vec()]
    );
    // A ticket is redeemed once, by any process, and only while fresh.
    first
        .web()
        .share_activity_ticket(b"ticket-1", "the key", b"key-2")
        .await
        .unwrap();
    first
        .web()
        .share_activity_ticket(b"ticket-2", "the key", b"key-2")
        .await
        .unwrap();
    assert_eq!(
        second
            .web()
            .redeem_activity_ticket(b"ticket-1")
            .await
            .unwrap(),
        Some("the key".to_owned())
    );
    assert_eq!(
        first
            .web()
            .redeem_activity_ticket(b"ticket-1")
            .await
            .unwrap(),
        None
    );
    sqlx::query("UPDATE activity_tickets SET made_at = now() - interval '1 minute'")
        .execute(&pool)
        .await
        .unwrap();
    assert_eq!(
        second
            .web()
            .redeem_activity_ticket(b"ticket-2")
            .await
            .unwrap(),
        None
    );
    // An ended session is gone for everyone, its tickets with it; old ones are tidied away.
    first
        .web()
        .share_activity_ticket(b"ticket-3", "the key", b"key-2")
        .await
        .unwrap();
    second.web().end_activity_session(b"key-2").await.unwrap();
    assert_eq!(
        first.web().shared_activity_session(b"key-2").await.unwrap(),
        None
    );
    assert_eq!(
        first
            .web()
            .redeem_activity_ticket(b"ticket-3")
            .await
            .unwrap(),
        None
    );
    sqlx::query(
        "UPDATE activity_sessions SET made_at = now() - interval '4 hours' WHERE key_hash = $1",
    )
    .bind(b"key-3".to_vec())
    .execute(&pool)
    .await
    .unwrap();
    assert_eq!(
        first.web().shared_activity_session(b"key-3").await.unwrap(),
        None
    );
    first.tidy_shared().await.unwrap();
    let left: i64 = sqlx::query_scalar("SELECT count(*) FROM activity_sessions")
        .fetch_one(&pool)
        .await
        .unwrap();
    assert_eq!(left, 1, "only Bob's session is left");
}
