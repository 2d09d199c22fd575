//! Members' names per server against a real PostgreSQL: the `member_names` table keeps a name
//! only for members who played or were invited in that server, writes it only when it changed,
//! and another service over the same database (another process, or this one after a restart)
//! reads what one service kept.

mod common;

use chrono::TimeDelta;
use common::*;
use halma_core::db::member_names::MemberName;
use halma_core::service::FirstMover;
use halma_core::Db;
use sqlx::PgPool;

fn named(user: u64, name: &str) -> MemberName {
    MemberName {
        user,
        name: name.to_owned(),
    }
}

/// The table's rows: (guild, user, name, updated_at).
async fn rows(pool: &PgPool) -> Vec<(i64, i64, String, chrono::DateTime<chrono::Utc>)> {
    sqlx::query_as("SELECT guild_id, user_id, name, updated_at FROM member_names ORDER BY 1, 2")
        .fetch_all(pool)
        .await
        .expect("read member_names")
}

#[sqlx::test(migrations = "../migrations")]
async fn a_name_is_kept_only_for_members_who_played_or_were_invited(pool: PgPool) {
    let (svc, _clock) = service(&pool);
    let db = Db::new(pool.clone());
    let everyone = [
        named(ALICE, "Alice"),
        named(BOB, "Bob"),
        named(CAROL, "Carol"),
        named(DAVE, "Dave"),
    ];
    let kept = db
        .keep_member_names(GUILD, &everyone, t0())
        .await
        .expect("keep");
    assert!(kept.is_empty(), "nobody played yet: {kept:?}");
    assert!(rows(&pool).await.is_empty());

    // A challenge: its challenger and the one invited; a lobby: its host and who joined.
    svc.invitations()
        .challenge(&request("small", FirstMover::Challenger))
        .await
        .expect("challenge");
    let mut lobby = lobby_request("three");
    lobby.host = Place::new(GUILD, CHANNEL + 1).member(CAROL);
    svc.invitations().open_lobby(&lobby).await.expect("a lobby");
    let mut kept = db
        .keep_member_names(GUILD, &everyone, t0())
        .await
        .expect("keep");
    kept.sort_unstable();
    assert_eq!(kept, [ALICE, BOB, CAROL]);
    let names: Vec<String> = rows(&pool).await.into_iter().map(|r| r.2).collect();
    assert_eq!(names, ["Alice", "Bob", "Carol"], "Dave's is not kept");

    // Only in the server where they played: another server keeps nothing of them.
    let elsewhere = db
        .keep_member_names(GUILD + 1, &everyone, t0())
        .await
        .expect("keep");
    assert!(elsewhere.is_empty());
    let found = db
        .member_names(GUILD + 1, &[ALICE, BOB])
        .await
        .expect("read");
    assert!(found.is_empty(), "{found:?}");
}

#[sqlx::test(migrations = "../migrations")]
async fn a_name_is_written_only_when_it_changes(pool: PgPool) {
    let (svc, _clock) = service(&pool);
    let db = Db::new(pool.clone());
    start(&svc, "small", FirstMover::Challenger).await;
    let later = t0() + TimeDelta::hours(1);
    db.keep_member_names(GUILD, &[named(ALICE, "Alice")], t0())
        .await
        .expect("keep");
    db.keep_member_names(GUILD, &[named(ALICE, "Alice")], later)
        .await
        .expect("keep");
    let before = rows(&pool).await;
    assert_eq!(before.len(), 1);
    assert_eq!(before[0].3, t0(), "the same name was not written again");

    // A member named twice is kept with the last of their names.
    db.keep_member_names(
        GUILD,
        &[named(ALICE, "Al"), named(BOB, "Bob"), named(ALICE, "Ally")],
        later,
    )
    .await
    .expect("keep");
    let mut found = db
        .member_names(GUILD, &[ALICE, BOB, CAROL])
        .await
        .expect("read");
    found.sort_by_key(|n| n.user);
    assert_eq!(found, [named(ALICE, "Ally"), named(BOB, "Bob")]);
    assert_eq!(rows(&pool).await[0].3, later, "a new name is written");
}

#[sqlx::test(migrations = "../migrations")]
async fn another_service_reads_the_names_one_kept(pool: PgPool) {
    let (svc, _clock) = service(&pool);
    // Alice is seen before she challenges anyone: her name is not kept yet...
    let seen = svc
        .saw_name(GUILD, ALICE, "  Alice\u{0} ")
        .expect("a new name");
    assert_eq!(seen.name, "Alice", "cleaned");
    svc.keep_names(&[seen]).await.expect("keep");
    assert!(rows(&pool).await.is_empty());
    // ...and an unchanged name asks nothing more of the database.
    assert_eq!(svc.saw_name(GUILD, ALICE, "Alice"), None);
    // Bob is seen once invited: his is kept at once. Alice's is kept when the game seats her.
    let challenge = svc
        .invitations()
        .challenge(&request("small", FirstMover::Challenger))
        .await
        .expect("challenge");
    let seen: Vec<_> = svc.saw_name(GUILD, BOB, "Bobby").into_iter().collect();
    svc.keep_names(&seen).await.expect("keep");
    let names: Vec<String> = rows(&pool).await.into_iter().map(|r| r.2).collect();
    assert_eq!(names, ["Bobby"]);
    svc.invitations()
        .accept(challenge.id, BOB)
        .await
        .expect("accept");

    // Another process (or this one after a restart) reads them.
    let (other, _clock) = service(&pool);
    let read = other.names_in(GUILD, &[ALICE, BOB, CAROL]).await;
    assert_eq!(read.get(&ALICE).map(String::as_str), Some("Alice"));
    assert_eq!(read.get(&BOB).map(String::as_str), Some("Bobby"));
    assert_eq!(read.get(&CAROL), None);
    assert!(other.names_in(GUILD + 1, &[ALICE]).await.is_empty());

    // A new nickname is shown at once and kept; a process that reads afresh sees it.
    let seen: Vec<_> = svc.saw_name(GUILD, BOB, "Robert").into_iter().collect();
    assert_eq!(seen.len(), 1, "a changed name is written");
    svc.keep_names(&seen).await.expect("keep");
    assert_eq!(
        svc.known_name(GUILD, BOB).name(),
        Some("Robert"),
        "shown at once here"
    );
    let (fresh, _clock) = service(&pool);
    let read = fresh.names_in(GUILD, &[BOB]).await;
    assert_eq!(read.get(&BOB).map(String::as_str), Some("Robert"));
}
