//! What a server's public page shows strangers, with the real bot binary and the fake
//! Discord: the games of channels everyone can see, never a game in a channel `@everyone`
//! cannot view (the bot learns which from the gateway's channels and roles), nor in a thread
//! of one.

use std::time::{Duration, Instant};

use serde_json::json;

use crate::support::{free_addr, E2e};

/// The token of the game running in the channel with id `channel`.
pub(crate) async fn token_in(e: &E2e, channel: u64) -> String {
    sqlx::query_scalar("SELECT web_token FROM games WHERE channel_id = $1 AND status = 'active'")
        .bind(channel as i64)
        .fetch_one(&e.db.pool)
        .await
        .expect("the game's token")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_server_page_lists_only_the_games_everyone_can_see() {
    let web = free_addr();
    let public = format!("http://{web}");
    let e = E2e::start_with(
        "pages_private",
        &[("WEB_ADDR", web.as_str()), ("PUBLIC_URL", public.as_str())],
    )
    .await;
    let (alice, bob, carol, dan) = (
        e.user("alice"),
        e.user("bob"),
        e.user("carol"),
        e.user("dan"),
    );
    let open = e.channel("lounge");
    let staff = e.fake.private_channel("staff-room");
    let challenge = e.challenge(&alice, &bob, &open, "small").await;
    e.click(&bob, &challenge, "Accept").await;
    let challenge = e.challenge(&carol, &dan, &staff, "small").await;
    e.click(&dan, &challenge, "Accept").await;
    let (shown, hidden) = (token_in(&e, open.id).await, token_in(&e, staff.id).await);

    let admin = e.user("admin").with_manage_guild();
    e.fake.add_user(&admin);
    e.halma(&admin, &open, "settings", &[("web", json!("on"))])
        .await;
    let guild = open.guild_id.expect("a server channel");
    let url = format!("{public}/server/{guild}");
    let asked = Instant::now();
    let page = loop {
        let response = reqwest::get(&url).await.expect("the server page");
        if response.status().as_u16() == 200 {
            break response.text().await.expect("its text");
        }
        assert!(
            asked.elapsed() < Duration::from_secs(5),
            "no server page after web:on"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    };
    assert!(page.contains(&shown), "the lounge's game is listed");
    assert!(
        !page.contains(&hidden),
        "the staff room's game is not: its channel is private"
    );
    assert!(!page.contains("carol") && !page.contains("staff"), "{page}");
    // The game itself is there for those who have its link.
    let game = reqwest::get(format!("{public}/game/{hidden}"))
        .await
        .expect("the game page");
    assert_eq!(game.status().as_u16(), 200);
}
