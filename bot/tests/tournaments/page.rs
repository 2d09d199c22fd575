//! A tournament's live page against a real PostgreSQL: found by its token with the same
//! table as the standings message, listed on its server's page, and every committed change of
//! the tournament announced on the change feed with its token.

use super::*;
use halma_core::db::changes::Change;
use halma_core::service::StandingExtras;
use halma_core::Db;
use std::time::Duration;

/// The next tournament change the feed announces, within five seconds.
async fn next_tournament_change(feed: &mut halma_core::db::changes::ChangeFeed) -> String {
    let wait = async {
        loop {
            let changes = feed.next().await.expect("the feed").expect("connected");
            if let Some(token) = changes.into_iter().find_map(|c| match c {
                Change::Tournament(token) => Some(token),
                _ => None,
            }) {
                return token;
            }
        }
    };
    tokio::time::timeout(Duration::from_secs(5), wait)
        .await
        .expect("a tournament change within five seconds")
}

/// The page of the tournament with `token`, which exists.
async fn page_of(svc: &Service, token: &str) -> halma_web::TournamentSnapshot {
    svc.web()
        .tournament_page(token)
        .await
        .expect("loads")
        .expect("the page")
}

#[sqlx::test(migrations = "../migrations")]
async fn the_page_shows_the_standings_table_and_changes_are_announced(pool: PgPool) {
    let (svc, _clock) = service(&pool);
    let mut feed = Db::new(pool.clone()).changes().await.expect("listening");
    let id = gather(&svc, CHANNEL, &PLAYERS[..3]).await;
    let table = svc
        .tournaments()
        .standings(Place::new(GUILD, CHANNEL))
        .await
        .unwrap();
    let token = table.tournament.web_token.clone();
    assert_eq!(token.len(), 22, "as unguessable as a game's: {token}");
    assert_eq!(
        next_tournament_change(&mut feed).await,
        token,
        "made and joined"
    );

    let page = page_of(&svc, &token).await;
    assert_eq!(page.name, "Friday Swiss");
    assert_eq!(
        (page.format.as_str(), page.status.as_str()),
        ("swiss", "open")
    );
    assert_eq!(page.rows.len(), 3);
    assert!(svc
        .web()
        .tournament_page("AAAAAAAAAAAAAAAAAAAAAA")
        .await
        .unwrap()
        .is_none());

    // Round one: one game and a bye. Its result reaches the feed and the page.
    start(&svc, CHANNEL).await;
    let mut thread = FIRST_THREAD;
    let round = open_round(&svc, id, 1, &mut thread).await;
    let game = round
        .pairings
        .iter()
        .find(|p| p.second.is_some())
        .expect("a game");
    // A feed that listens from here on hears only what follows.
    let mut feed = Db::new(pool.clone()).changes().await.expect("listening");
    resign_in(&svc, game.thread.expect("its thread"), game.first)
        .await
        .unwrap();
    assert_eq!(next_tournament_change(&mut feed).await, token, "the result");

    let page = page_of(&svc, &token).await;
    let table = svc
        .tournaments()
        .standings(Place::new(GUILD, CHANNEL))
        .await
        .unwrap();
    assert_eq!(page.status, "running");
    assert_eq!(page.rows.len(), table.rows.len());
    for (shown, row) in page.rows.iter().zip(&table.rows) {
        assert_eq!(shown.place, row.place);
        assert_eq!(shown.name, row.name);
        assert_eq!(shown.points, row.points.to_string());
        let StandingExtras::Swiss {
            buchholz,
            sonneborn_berger,
        } = row.extras
        else {
            panic!("a Swiss table: {row:?}");
        };
        assert_eq!(
            shown.tiebreaks,
            [buchholz.to_string(), sonneborn_berger.to_string()]
        );
        assert_eq!(shown.games, row.games);
    }
    let winner = page.rows.iter().find(|r| r.points == "1").expect("a point");
    assert_eq!(winner.games, 1);

    // The server's page lists it, once the server shows its page.
    let web_on = halma_core::service::SettingsChange {
        web_pages: Some(true),
        ..Default::default()
    };
    svc.settings().apply(GUILD, true, &web_on).await.unwrap();
    let server = svc
        .web()
        .server_page(GUILD, &|_| true)
        .await
        .unwrap()
        .expect("on");
    assert_eq!(server.tournaments.len(), 1);
    assert_eq!(server.tournaments[0].token, token);
    let private = svc
        .web()
        .server_page(GUILD, &|_| false)
        .await
        .unwrap()
        .expect("on");
    assert!(private.tournaments.is_empty(), "not from a private channel");
}
