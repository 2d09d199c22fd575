//! The live game pages of the real bot (`WEB_ADDR`, `PUBLIC_URL`) in headless Chromium: board
//! messages link to their game's page, the page shows the stored position, a `/halma move`
//! through the fake Discord reaches the open page without a reload within a second (and its
//! live log announces it to screen readers), a wrong token is not found, and a server's page
//! exists only after `/halma settings web:on`.
//!
//! Needs Debian's `chromium` and `chromium-driver`, like the web crate's browser tests.

use std::collections::HashMap;
use std::time::{Duration, Instant};

use browser_test::Browser;
use halma::{Options, Position, Variant};
use serde_json::{json, Value};

use crate::support::{free_addr, E2e};

/// How long the first snapshot may take to show (a cold browser on a busy machine).
const LOAD: Duration = Duration::from_secs(30);

/// Waits until the board shows ply `ply`.
async fn wait_ply(browser: &Browser, ply: usize, timeout: Duration) -> Duration {
    browser.wait_ply(ply, timeout).await.expect("the ply")
}

/// What the board shows: square name -> seat letter of the piece on it.
async fn board_pieces(browser: &Browser) -> HashMap<String, char> {
    browser.board_pieces().await.expect("pieces")
}

/// The rules' position after `moves` of a small game, as square -> seat letter.
fn pieces_after(moves: &[&str]) -> HashMap<String, char> {
    let variant = Variant::Small;
    let mut game = halma::Game::new(Position::start(variant), Options::for_variant(variant));
    for m in moves {
        game.play(&m.parse().expect("move text")).expect("legal");
    }
    let position = game.position();
    variant
        .seats()
        .flat_map(|seat| {
            position
                .pieces(seat)
                .squares()
                .map(move |sq| (sq.to_string(), seat.letter()))
        })
        .collect()
}

async fn status_of(url: &str) -> u16 {
    reqwest::get(url)
        .await
        .unwrap_or_else(|e| panic!("GET {url}: {e}"))
        .status()
        .as_u16()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_page_follows_the_game_live() {
    let web = free_addr();
    let public = format!("http://{web}");
    let e = E2e::start_with(
        "web_pages",
        &[("WEB_ADDR", web.as_str()), ("PUBLIC_URL", public.as_str())],
    )
    .await;
    // Bob's name is markup: it must show as text and run nothing.
    let (alice, bob) = (e.user("alice"), e.user("<script>alert(1)</script>"));
    let channel = e.channel("web");

    let challenge = e.challenge(&alice, &bob, &channel, "small").await;
    let started = e.click(&bob, &challenge, "Accept").await;
    let watch = started
        .button("Watch")
        .expect("a Watch button on the board");
    assert_eq!(watch.style, 5, "a link button");
    let url = watch.url.clone().expect("the game page's address");
    let token: String = sqlx::query_scalar("SELECT web_token FROM games")
        .fetch_one(&e.db.pool)
        .await
        .expect("the game's token");
    assert_eq!(url, format!("{public}/game/{token}?lang=en"));

    let first = e.move_(&alice, &channel, "g3", "g4").await;
    assert!(first.button("Watch").is_some(), "{first:?}");

    let browser = Browser::start(1000, 800)
        .await
        .unwrap_or_else(|e| panic!("the web page test needs a browser: {e}"));
    browser.client.goto(&url).await.expect("the game page");
    wait_ply(&browser, 1, LOAD).await;
    assert_eq!(board_pieces(&browser).await, pieces_after(&["g3-g4"]));
    browser
        .js("window.sameDocument = true; return true;")
        .await
        .expect("a mark");

    let sent = Instant::now();
    let answer = e.move_(&bob, &channel, "b6", "b5").await;
    let answered = sent.elapsed();
    assert!(answer.button("Watch").is_some(), "{answer:?}");
    let after_answer = wait_ply(&browser, 2, Duration::from_secs(1)).await;
    println!(
        "the move was answered after {answered:?} and showed on the open page {after_answer:?} \
         later ({:?} from the command)",
        sent.elapsed()
    );
    assert_eq!(
        board_pieces(&browser).await,
        pieces_after(&["g3-g4", "b6-b5"])
    );
    // The live log announces the move, the name as text; the move the page opened on is not.
    browser
        .wait_announced("<script>alert(1)</script>: b6-b5", Duration::from_secs(5))
        .await
        .expect("the move announced");
    assert_eq!(browser.announcements().await.expect("the log").len(), 1);
    let same = browser
        .js("return window.sameDocument === true;")
        .await
        .expect("the mark");
    assert_eq!(same, Value::Bool(true), "the page was reloaded");
    // The name is shown as it was given, and the page runs no script but its own.
    let shown = browser
        .js("return [document.getElementById('players').textContent, \
                     document.querySelectorAll('script').length];")
        .await
        .expect("the players");
    assert!(
        shown[0]
            .as_str()
            .is_some_and(|t| t.contains("<script>alert(1)</script>")),
        "{shown}"
    );
    assert_eq!(shown[1], json!(1), "only the page's own script");
    // The keys and the slider step back and forward through the game.
    browser
        .js("document.dispatchEvent(new KeyboardEvent('keydown', {key: 'ArrowLeft'})); return true;")
        .await
        .expect("a key");
    wait_ply(&browser, 1, Duration::from_secs(1)).await;
    assert_eq!(board_pieces(&browser).await, pieces_after(&["g3-g4"]));
    browser
        .js(
            "const s = document.getElementById('slider'); s.value = '0'; \
             s.dispatchEvent(new Event('input')); return true;",
        )
        .await
        .expect("the slider");
    wait_ply(&browser, 0, Duration::from_secs(1)).await;
    assert_eq!(board_pieces(&browser).await, pieces_after(&[]));
    browser
        .js("document.dispatchEvent(new KeyboardEvent('keydown', {key: 'End'})); return true;")
        .await
        .expect("a key");
    wait_ply(&browser, 2, Duration::from_secs(1)).await;
    let shot = browser
        .screenshot("bot-web-game")
        .await
        .expect("a screenshot");
    println!("screenshot: {}", shot.display());
    browser.close().await;

    assert_eq!(status_of(&format!("{public}/game/{token}")).await, 200);
    let wrong = format!("{public}/game/AAAAAAAAAAAAAAAAAAAAAA");
    assert_eq!(status_of(&wrong).await, 404);

    let guild = channel.guild_id.expect("a server channel");
    let server_page = format!("{public}/server/{guild}");
    assert_eq!(status_of(&server_page).await, 404, "no page before web:on");
    let admin = e.user("admin").with_manage_guild();
    e.fake.add_user(&admin);
    let shown = e
        .halma(&admin, &channel, "settings", &[("web", json!("on"))])
        .await;
    assert!(
        shown.content.contains(&format!("/server/{guild}")),
        "{shown:?}"
    );
    // The hub kept the missing page for a few seconds; the settings' change notice makes it
    // forget that at once.
    let turned_on = Instant::now();
    while status_of(&server_page).await != 200 {
        assert!(
            turned_on.elapsed() < Duration::from_secs(1),
            "the server page did not appear within a second of web:on"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    let page = reqwest::get(&server_page)
        .await
        .expect("the server page")
        .text()
        .await
        .expect("its text");
    assert!(page.contains(&token), "the game is linked by its token");
}

/// A German member's Watch link carries their language (`?lang=de`), and the page speaks it
/// in a browser that asks for English: the status line, the ply shown and the controls, in
/// the words of the German Fluent file.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_watch_link_opens_the_page_in_the_members_language() {
    use halma_core::locale::{text, Lang};

    let web = free_addr();
    let public = format!("http://{web}");
    let e = E2e::start_with(
        "web_language",
        &[("WEB_ADDR", web.as_str()), ("PUBLIC_URL", public.as_str())],
    )
    .await;
    let (alice, bob) = (e.user("anna"), e.user("boris"));
    let channel = e.channel("sprache");
    let challenge = e.challenge(&alice, &bob, &channel, "small").await;
    e.click(&bob, &challenge, "Accept").await;
    // Anna's Discord speaks German: the answer to her move, Watch button and all, too.
    let moved = e
        .move_(&alice.clone().with_locale("de"), &channel, "g3", "g4")
        .await;
    let watch = text(Lang::De, "button.watch", &[]);
    let url = moved
        .button(&watch)
        .and_then(|b| b.url.clone())
        .unwrap_or_else(|| panic!("a {watch} button in German: {moved:?}"));
    assert!(url.ends_with("?lang=de"), "{url}");

    let browser = Browser::start(1000, 800)
        .await
        .unwrap_or_else(|e| panic!("the web page test needs a browser: {e}"));
    browser.client.goto(&url).await.expect("the game page");
    wait_ply(&browser, 1, LOAD).await;
    let shown = browser
        .js("return { lang: document.documentElement.lang, \
                      status: document.getElementById('status').textContent, \
                      to_move: document.querySelector('[data-player=\"b\"] .name').textContent, \
                      mover: document.querySelector('[data-player=\"a\"] .name').textContent, \
                      info: document.getElementById('plyinfo').textContent, \
                      first: document.getElementById('first').getAttribute('aria-label') };")
        .await
        .expect("the page");
    assert_eq!(shown["lang"], "de");
    let name = |key: &str| shown[key].as_str().unwrap_or_default().to_string();
    assert_eq!(
        shown["status"],
        text(Lang::De, "page.to_move", &[("name", name("to_move"))])
    );
    let ply = [
        ("n", "1".to_string()),
        ("total", "1".to_string()),
        ("name", name("mover")),
        ("move", "g3-g4".to_string()),
    ];
    assert_eq!(shown["info"], text(Lang::De, "page.ply", &ply));
    assert_eq!(shown["first"], text(Lang::De, "page.first", &[]));
    browser.close().await;
}
