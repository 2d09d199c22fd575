//! What the processes of a fleet share through the database: each interaction claimed once
//! (a retry of an unfinished one taken a few times at most, a replay of a finished one
//! never), and each member's pace counted across processes.

mod common;

use common::*;
use halma_core::service::{Pace, PaceBucket};
use sqlx::PgPool;
use std::num::NonZeroU32;

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
