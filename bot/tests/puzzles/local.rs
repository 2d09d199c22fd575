//! Puzzles in local mode: the same dispatch, typed; a crossing played with `/halma move`.

use super::*;
use halma_bot::local::Session;

/// Types `line` as the current user; returns what the session printed.
async fn say(session: &mut Session, line: &str) -> String {
    let mut out = Vec::new();
    assert!(session.handle(line, &mut out).await.expect("a line"));
    String::from_utf8(out).expect("UTF-8")
}

#[sqlx::test(migrations = "../migrations")]
async fn a_crossing_typed_in_local_mode(pool: PgPool) {
    let (svc, _clock) = puzzle_service(&pool, DailyPuzzles::Both);
    store_par(&svc, Variant::Small).await;
    let boards = tempfile::tempdir().expect("a temporary folder");
    let mut session = Session::new(svc, boards.path().to_path_buf());
    let usage = say(&mut session, "/halma puzzle").await;
    assert!(usage.contains("Usage: /halma puzzle start"), "{usage}");
    let started = say(&mut session, "/halma puzzle start crossing small").await;
    assert!(started.contains("a crossing on small"), "{started}");
    let moves = own_par(Variant::Small);
    let mut out = String::new();
    for mv in &moves {
        out = say(
            &mut session,
            &format!("/halma move {}", mv.to_string().replace('-', " ")),
        )
        .await;
        assert!(out.contains("You played"), "{mv}: {out}");
    }
    assert!(out.contains("exactly the par"), "{out}");
    let board = say(&mut session, "/halma puzzle board").await;
    assert!(board.contains("no puzzle open"), "{board}");
}
