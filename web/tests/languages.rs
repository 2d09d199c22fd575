//! The pages in the reader's language: the game page and the server page by the browser's
//! `Accept-Language` and by a `?lang=` link, in a real headless Chromium, worded from the
//! Fluent files (every expected text is read from `halma-locale`, none copied here); the
//! Activity's first screen in the language Discord reports for its member (the SDK's mock),
//! or else the browser's; and over plain HTTP, a `lang` or an `Accept-Language` that names
//! nothing the pages speak gives English without an error.
//!
//! These tests need Debian's `chromium` and `chromium-driver`; without them they fail and
//! say so (`./test` installs them).

mod support;

use browser_test::fantoccini::key::Key;
use browser_test::fantoccini::Locator;
use browser_test::Browser;
use halma::{Seat, Variant};
use halma_locale::{text, Lang};
use halma_web::{ActivityPage, GameSnapshot, Hub, PageSettings, Player, Reason, State, Status};
use reqwest::header::{HeaderValue, ACCEPT_LANGUAGE};
use serde_json::{json, Value};
use std::time::{Duration, SystemTime, UNIX_EPOCH};
use support::activity_api::{FakeApi, Member};
use support::{play, Memory, Server};

/// How long the first snapshot may take to show (a cold browser on a busy machine).
const LOAD: Duration = Duration::from_secs(30);

/// The moves of the games here: two plies of the small board.
const MOVES: [&str; 2] = ["g3-g4", "b6-b5"];

/// A small game after [`MOVES`] between a member the bot cannot name (seat a, to move, with
/// an hour left) and the bot: the page names both in its language.
fn unnamed_game() -> GameSnapshot {
    let players = vec![Player::unnamed(Seat::A), Player::the_bot(Seat::B)];
    let hour_on = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_millis() as i64)
        + 3_600_000;
    GameSnapshot::from_game("", players, &play(Variant::Small, &MOVES)).with_deadline(Some(hour_on))
}

/// The same game, won by seat a on time.
fn finished_game() -> GameSnapshot {
    let mut game = unnamed_game();
    let status = Status {
        state: State::Won,
        winners: vec!['a'],
        reason: Some(Reason::Timeout),
    };
    let rules = play(Variant::Small, &MOVES);
    game.set_status(status, rules.position());
    game
}

/// The pages of the game `on` (being played), `done` (finished) and the server `srv`.
fn serve() -> Server {
    let memory = Memory::default();
    memory.with_game("on", unnamed_game());
    memory.with_game("done", finished_game());
    memory
        .servers
        .lock()
        .expect("servers")
        .insert("srv".into(), support::server("Board games", "on"));
    Server::start(Hub::new(memory), 0)
}

/// A browser whose languages are `languages` (its `Accept-Language`).
async fn browser(languages: &str) -> Browser {
    Browser::start_speaking(1000, 800, languages)
        .await
        .unwrap_or_else(|e| panic!("the browser tests need a browser: {e}"))
}

async fn goto(browser: &Browser, url: &str) {
    browser.client.goto(url).await.expect("goto");
}

/// Runs `script` (a function body) and returns its value.
async fn js(browser: &Browser, script: &str) -> Value {
    browser.js(script).await.expect("the script")
}

/// `key`'s text in `lang` with `args`.
fn say(lang: Lang, key: &str, args: &[(&str, &str)]) -> String {
    let args: Vec<(&str, String)> = args.iter().map(|(k, v)| (*k, v.to_string())).collect();
    text(lang, key, &args)
}

/// The names the pages give the unnamed member in seat a and the bot, in `lang`.
fn names(lang: Lang) -> (String, String) {
    (
        say(lang, "page.player", &[("seat", "A")]),
        say(lang, "page.bot", &[]),
    )
}

/// The open game page (`on`) shows, in `lang`: the language, the title, the status line, the
/// players' tags, the ply shown (and the start, after Home), the clock and the controls.
async fn assert_game_page_in(browser: &Browser, lang: Lang) {
    browser.wait_ply(2, LOAD).await.expect("the board");
    let (member, bot) = names(lang);
    let title = format!("{member}{}{bot}", say(lang, "game.versus", &[]));
    let shown = js(
        browser,
        "return { lang: document.documentElement.lang, \
                  title: document.getElementById('title').textContent, \
                  head: document.title, \
                  status: document.getElementById('status').textContent, \
                  players: [...document.querySelectorAll('#players li')].map((li) => \
                      [...li.querySelectorAll('span')].map((s) => s.textContent)), \
                  info: document.getElementById('plyinfo').textContent, \
                  clock: document.getElementById('clock').textContent, \
                  first: document.getElementById('first').getAttribute('aria-label'), \
                  board: document.getElementById('board').getAttribute('aria-label') };",
    )
    .await;
    let code = lang.code();
    assert_eq!(shown["lang"], code);
    assert_eq!(shown["title"], title, "{code}");
    assert_eq!(shown["head"], format!("{title} · Halma"), "{code}");
    assert_eq!(
        shown["status"],
        say(lang, "page.to_move", &[("name", &member)]),
        "{code}"
    );
    assert_eq!(
        shown["players"],
        json!([
            [member, say(lang, "page.tag.to_move", &[])],
            [bot, say(lang, "page.tag.bot", &[])]
        ]),
        "{code}"
    );
    let ply = [
        ("n", "2"),
        ("total", "2"),
        ("name", &bot),
        ("move", "b6-b5"),
    ];
    assert_eq!(shown["info"], say(lang, "page.ply", &ply), "{code}");
    let clock = say(lang, "page.clock", &[("name", &member), ("time", "|")]);
    let (before, after) = clock.split_once('|').expect("the time's place");
    let on_clock = shown["clock"].as_str().unwrap_or_default();
    assert!(
        on_clock.starts_with(before) && on_clock.ends_with(after) && on_clock.contains(':'),
        "{code}: {on_clock}"
    );
    assert_eq!(shown["first"], say(lang, "page.first", &[]), "{code}");
    assert_eq!(shown["board"], say(lang, "page.board", &[]), "{code}");

    let body = browser
        .client
        .find(Locator::Css("body"))
        .await
        .expect("body");
    body.send_keys(&Key::Home.to_string())
        .await
        .expect("a key press");
    browser.wait_ply(0, LOAD).await.expect("the start");
    let info = js(
        browser,
        "return document.getElementById('plyinfo').textContent;",
    )
    .await;
    assert_eq!(info, say(lang, "page.start", &[("total", "2")]), "{code}");
}

/// The finished game's page (`done`) says who won and how, in `lang`.
async fn assert_result_in(browser: &Browser, lang: Lang) {
    browser.wait_ply(2, LOAD).await.expect("the board");
    let (member, _) = names(lang);
    let won = say(lang, "page.won", &[("names", &member)]);
    let how = say(lang, "page.reason.timeout", &[]);
    let status = js(
        browser,
        "return document.getElementById('status').textContent;",
    )
    .await;
    assert_eq!(status, format!("{won} ({how})"), "{}", lang.code());
}

/// The server page (`srv`) shows, in `lang`: its headings, the unnamed member on the
/// leaderboard, and the game's players, linked to the game's page in the same language.
async fn assert_server_page_in(browser: &Browser, lang: Lang) {
    let shown = js(
        browser,
        "return { lang: document.documentElement.lang, \
                  headings: [...document.querySelectorAll('h2')].map((h) => h.textContent), \
                  columns: [...document.querySelectorAll('th')].map((h) => h.textContent), \
                  ranked: [...document.querySelectorAll('tbody tr')].map((r) => r.cells[1].textContent), \
                  game: document.querySelector('.games a').textContent, \
                  link: document.querySelector('.games a').getAttribute('href'), \
                  who: document.querySelector('.games .who').textContent };",
    )
    .await;
    let code = lang.code();
    let (_, bot) = names(lang);
    assert_eq!(shown["lang"], code);
    assert_eq!(
        shown["headings"],
        json!([
            say(lang, "page.games_now", &[]),
            say(lang, "page.tournaments", &[]),
            "standard"
        ]),
        "{code}"
    );
    assert_eq!(
        shown["columns"],
        json!([
            "#",
            say(lang, "page.column.player", &[]),
            say(lang, "page.column.rating", &[]),
            say(lang, "page.column.games", &[])
        ]),
        "{code}"
    );
    assert_eq!(
        shown["ranked"],
        json!(["Ana", say(lang, "page.member", &[])]),
        "{code}"
    );
    let versus = say(lang, "game.versus", &[]);
    assert_eq!(shown["game"], format!("Ana{versus}{bot}"), "{code}");
    assert_eq!(shown["link"], format!("../game/on?lang={code}"));
    assert_eq!(shown["who"], format!("Ana, {bot}"), "{code}");
}

#[tokio::test]
async fn a_german_browser_gets_german_pages_unless_a_link_asks_for_russian() {
    let server = serve();
    let browser = browser("de-DE,de,en").await;
    goto(&browser, &server.url("/game/on")).await;
    assert_game_page_in(&browser, Lang::De).await;
    browser
        .screenshot("web-game-de")
        .await
        .expect("a screenshot");
    goto(&browser, &server.url("/game/done")).await;
    assert_result_in(&browser, Lang::De).await;
    goto(&browser, &server.url("/server/srv")).await;
    assert_server_page_in(&browser, Lang::De).await;
    goto(&browser, &server.url("/game/nothing-here")).await;
    let heading = browser.client.find(Locator::Css("h1")).await.expect("h1");
    assert_eq!(
        heading.text().await.expect("text"),
        say(Lang::De, "page.not_found", &[])
    );

    // A link in another language wins over the browser's.
    goto(&browser, &server.url("/game/on?lang=ru")).await;
    assert_game_page_in(&browser, Lang::Ru).await;
    goto(&browser, &server.url("/server/srv?lang=ru")).await;
    assert_server_page_in(&browser, Lang::Ru).await;
    browser.close().await;
}

#[tokio::test]
async fn a_russian_browser_gets_russian_pages_unless_a_link_asks_for_german() {
    let server = serve();
    let browser = browser("ru-RU,ru").await;
    goto(&browser, &server.url("/game/on")).await;
    assert_game_page_in(&browser, Lang::Ru).await;
    browser
        .screenshot("web-game-ru")
        .await
        .expect("a screenshot");
    goto(&browser, &server.url("/game/done")).await;
    assert_result_in(&browser, Lang::Ru).await;
    goto(&browser, &server.url("/server/srv")).await;
    assert_server_page_in(&browser, Lang::Ru).await;

    goto(&browser, &server.url("/game/done?lang=de")).await;
    assert_result_in(&browser, Lang::De).await;
    goto(&browser, &server.url("/server/srv?lang=de")).await;
    assert_server_page_in(&browser, Lang::De).await;
    // A link naming no language the pages speak is ignored.
    goto(&browser, &server.url("/game/on?lang=tlh")).await;
    assert_game_page_in(&browser, Lang::Ru).await;
    browser.close().await;
}

/// GETs `path` from `server` with `accept` as its `Accept-Language` (raw bytes, if any).
async fn get(server: &Server, path: &str, accept: Option<&[u8]>) -> reqwest::Response {
    let mut request = reqwest::Client::new().get(server.url(path));
    if let Some(accept) = accept {
        let value = HeaderValue::from_bytes(accept).expect("a header value");
        request = request.header(ACCEPT_LANGUAGE, value);
    }
    request.send().await.expect("a response")
}

/// The response's status, `Content-Language`, whether it varies by `Accept-Language`, and
/// its body.
async fn read(response: reqwest::Response) -> (u16, String, bool, String) {
    let status = response.status().as_u16();
    let headers = response.headers();
    let language = headers
        .get("content-language")
        .and_then(|v| v.to_str().ok())
        .unwrap_or_default()
        .to_string();
    let varies = headers
        .get_all("vary")
        .iter()
        .filter_map(|v| v.to_str().ok())
        .any(|v| v.to_ascii_lowercase().contains("accept-language"));
    (
        status,
        language,
        varies,
        response.text().await.expect("a body"),
    )
}

#[tokio::test]
async fn a_bad_lang_or_a_garbage_accept_language_gives_english() {
    let server = serve();
    let english = say(Lang::En, "page.steps", &[]);
    let cases: [(&str, Option<&[u8]>); 7] = [
        ("/game/on?lang=xx", None),
        ("/game/on?lang=", None),
        ("/game/on?lang=%3Cscript%3E", Some(b"zz")),
        ("/game/on", Some(b"\xff\xfe;q=nope, \x80")),
        ("/game/on", Some(b"de;q=7, ru;q=-1, 12, *;q=0")),
        ("/game/on", Some(b";;;,,,q=1")),
        ("/game/on", Some(&[b'x'; 4000])),
    ];
    for (path, accept) in cases {
        let (status, language, varies, body) = read(get(&server, path, accept).await).await;
        let said = String::from_utf8_lossy(accept.unwrap_or_default()).to_string();
        assert_eq!((status, language.as_str()), (200, "en"), "{path} {said}");
        assert!(varies, "{path}");
        assert!(body.contains("<html lang=\"en\">"), "{path} {said}");
        assert!(body.contains(&english), "{path} {said}");
    }
    // A bad parameter is ignored, not obeyed: the browser's language still counts.
    let (status, language, _, body) =
        read(get(&server, "/server/srv?lang=de-XX", Some(b"fr-CA, en;q=0.5")).await).await;
    assert_eq!((status, language.as_str()), (200, "fr"));
    assert!(body.contains(&say(Lang::Fr, "page.games_now", &[])));
    // The first `lang` counts; a missing page says so in the asked language.
    let (_, language, _, _) = read(get(&server, "/server/srv?lang=ru&lang=de", None).await).await;
    assert_eq!(language, "ru");
    let (status, language, varies, body) =
        read(get(&server, "/game/nope?lang=pl", Some(b"de")).await).await;
    assert_eq!((status, language.as_str(), varies), (404, "pl", true));
    assert!(body.contains(&say(Lang::Pl, "page.no_such_game", &[])));
}

/// The pages with the Activity's on (the SDK's mock when `mock`), and the fake API.
fn serve_activity(api: &FakeApi, mock: bool) -> Server {
    let api = api.clone();
    Server::serve(
        move || {
            let settings = PageSettings {
                activity: Some(ActivityPage {
                    client_id: "424242".into(),
                    sdk_mock: mock,
                }),
                ..PageSettings::default()
            };
            halma_web::router_with(Hub::new(Memory::default()), settings).merge(api.router())
        },
        0,
    )
}

/// Waits until the Activity shows its error screen.
async fn wait_error(browser: &Browser) {
    browser
        .wait_for(
            "return document.getElementById('app').getAttribute('data-state') === 'error';",
            LOAD,
        )
        .await
        .expect("the error screen");
}

#[tokio::test]
async fn the_activitys_first_screen_speaks_the_members_discord_language() {
    let api = FakeApi::new(None, Vec::new(), vec![Member::new("ana", "1", "Ana", &[])]);
    let server = serve_activity(&api, true);
    // The browser asks for English; Discord says the member reads German. A code Discord
    // does not take keeps the page on its first screens.
    let browser = browser("en-US,en").await;
    let url = server.url(
        "/activity?frame_id=f1&instance_id=i-77&guild_id=10&channel_id=20&platform=desktop\
         &mock_code=stranger&mock_locale=de",
    );
    goto(&browser, &url).await;
    wait_error(&browser).await;
    let shown = js(
        &browser,
        "return { lang: document.documentElement.lang, \
                  title: document.querySelector('#error h1').textContent, \
                  retry: document.getElementById('retry').textContent, \
                  loading: document.querySelector('.loading-text').textContent };",
    )
    .await;
    assert_eq!(
        shown,
        json!({
            "lang": "de",
            "title": say(Lang::De, "activity.error_title", &[]),
            "retry": say(Lang::De, "activity.retry", &[]),
            "loading": say(Lang::De, "activity.loading", &[]),
        })
    );
    browser
        .screenshot("activity-error-de")
        .await
        .expect("a screenshot");
    browser.close().await;
}

#[tokio::test]
async fn the_activity_outside_discord_speaks_the_browsers_language() {
    let server = serve_activity(&FakeApi::new(None, Vec::new(), Vec::new()), false);
    // The real SDK outside Discord never learns the member's language: the page stays in
    // the browser's.
    let browser = browser("ru").await;
    goto(&browser, &server.url("/activity")).await;
    wait_error(&browser).await;
    let shown = js(
        &browser,
        "return [document.documentElement.lang, document.getElementById('error-text').textContent];",
    )
    .await;
    assert_eq!(
        shown,
        json!(["ru", say(Lang::Ru, "activity.error_outside", &[])])
    );
    browser.close().await;
}

#[tokio::test]
async fn the_activitys_page_comes_in_the_browsers_language() {
    let server = serve_activity(&FakeApi::new(None, Vec::new(), Vec::new()), true);
    let (status, language, varies, body) =
        read(get(&server, "/activity", Some(b"hr-HR, en;q=0.2")).await).await;
    assert_eq!((status, language.as_str(), varies), (200, "hr", true));
    assert!(body.contains("<html lang=\"hr\">"));
    assert!(body.contains(&say(Lang::Hr, "activity.loading", &[])));
    let (_, language, _, body) = read(get(&server, "/activity?lang=ru", Some(b"hr")).await).await;
    assert_eq!(language, "ru");
    assert!(body.contains(&say(Lang::Ru, "activity.error_outside", &[])));
}

#[tokio::test]
async fn the_real_sdk_learns_the_members_language_once_signed_in() {
    // The Discord client stand-in tells the locale only after sign-in, as Discord does for a
    // command that needs the `identify` scope.
    let game = play(Variant::Small, &[]);
    let players = vec![Player::new(Seat::A, "Ana"), Player::the_bot(Seat::B)];
    let members = vec![Member::new("ana", "1", "Ana", &['a'])];
    let api = FakeApi::new(Some(game), players, members);
    let server = serve_activity(&api, false);
    let browser = browser("en-US,en").await;
    let open = "activity?frame_id=f9&instance_id=i-real&platform=desktop&guild_id=10&channel_id=20";
    let url = format!(
        "/fake-discord?code=ana&locale=pl&open={}",
        open.replace('&', "%26")
    );
    goto(&browser, &server.url(&url)).await;
    let discord = browser.client.window().await.expect("this window");
    let mut activity = None;
    for _ in 0..500 {
        let windows = browser.client.windows().await.expect("windows");
        activity = windows.into_iter().find(|w| *w != discord);
        if activity.is_some() {
            break;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    let activity = activity.expect("the Activity's window");
    browser
        .client
        .switch_to_window(activity)
        .await
        .expect("the Activity");
    browser.wait_ply(0, LOAD).await.expect("the board");
    // The session's texts (none here) come first; the page's are Polish now, the bot's name
    // among them.
    let shown = js(
        &browser,
        "return [document.querySelector('.loading-text').textContent, \
                 document.querySelector('[data-player=\"b\"] .name').textContent];",
    )
    .await;
    assert_eq!(
        shown,
        json!([
            say(Lang::Pl, "activity.loading", &[]),
            say(Lang::Pl, "page.bot", &[])
        ])
    );
    browser.close().await;
}

#[tokio::test]
async fn the_activitys_texts_follow_a_discord_locale_and_refuse_anything_else() {
    let server = serve_activity(&FakeApi::new(None, Vec::new(), Vec::new()), true);
    for (locale, lang) in [
        ("de", Lang::De),
        ("es-419", Lang::Es),
        ("pt-BR", Lang::PtBr),
        ("ja", Lang::En),
    ] {
        let response = get(&server, &format!("/activity/texts?locale={locale}"), None).await;
        assert_eq!(response.status(), 200, "{locale}");
        let answer: Value = response.json().await.expect("JSON");
        assert_eq!(answer["lang"], lang.code(), "{locale}");
        assert_eq!(
            answer["texts"]["activity-loading"],
            say(lang, "activity.loading", &[]),
            "{locale}"
        );
        assert_eq!(
            answer["texts"]["page-reason-no-moves"],
            say(lang, "page.reason.no_moves", &[]),
            "{locale}"
        );
    }
    for bad in [
        "",
        "?locale=",
        "?locale=%3Cscript%3E",
        "?locale=de;q=1",
        "?lang=de",
    ] {
        let response = get(&server, &format!("/activity/texts{bad}"), None).await;
        assert_eq!(response.status(), 400, "{bad}");
    }
    // Without an Activity there are no texts either.
    let plain = Server::start(Hub::new(Memory::default()), 0);
    let response = get(&plain, "/activity/texts?locale=de", None).await;
    assert_eq!(response.status(), 404);
}
