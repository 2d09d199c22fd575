//! The Discord Activity's page in a real headless Chromium, with the SDK's mock standing in
//! for the Discord client and a fake of the bot's Activity API (`support::activity_api`):
//! sign-in, the board, picking a piece and a destination with the mouse, by touch and by
//! keyboard (with what a screen reader hears), what spectators and waiting players may do,
//! refusals, the no-game screen, phones; and over plain HTTP, the page's route, Discord's
//! redirect, its policy and the bundles.
//!
//! These tests need Debian's `chromium` and `chromium-driver`; without them they fail and
//! say so (`./test` installs them).

mod support;

use browser_test::fantoccini::actions::{
    InputSource, MouseActions, PointerAction, TouchActions, MOUSE_BUTTON_LEFT,
};
use browser_test::fantoccini::elements::Element;
use browser_test::fantoccini::key::Key;
use browser_test::fantoccini::Locator;
use browser_test::{arrows, Browser};
use halma::{Game, Seat, Variant};
use halma_web::{ActivityPage, Hub, PageSettings, Player};
use serde_json::{json, Value};
use std::collections::BTreeSet;
use std::time::Duration;
use support::activity_api::{legal_moves, FakeApi, Member};
use support::{
    devtools, emulate_phone, pieces, play, square_names, Memory, Server, STANDARD_MOVES,
};

/// How long the first state may take to show (a cold browser on a busy machine).
const LOAD: Duration = Duration::from_secs(30);

/// How long anything after that may take.
const SOON: Duration = Duration::from_secs(10);

/// The pages with the Activity's on, using the SDK's mock when `mock`.
fn settings(mock: bool) -> PageSettings {
    PageSettings {
        activity: Some(ActivityPage {
            client_id: "424242".into(),
            sdk_mock: mock,
        }),
        ..PageSettings::default()
    }
}

/// The pages (with the Activity's, mocked) and the fake API on one server.
fn serve(api: &FakeApi) -> Server {
    let api = api.clone();
    Server::serve(
        move || {
            halma_web::router_with(Hub::new(Memory::default()), settings(true)).merge(api.router())
        },
        0,
    )
}

/// The Activity's URL as Discord would open it, signing in as the member with `code`.
fn activity_url(server: &Server, code: &str) -> String {
    server.url(&format!(
        "/activity?frame_id=f1&instance_id=i-77&guild_id=10&channel_id=20&platform=desktop&mock_code={code}"
    ))
}

/// Ana (a) and Bo (b) play; Cy watches, in German.
fn members() -> Vec<Member> {
    vec![
        Member::new("ana", "1", "Ana", &['a']),
        Member::new("bo", "2", "Bo", &['b']),
        Member::new("cy", "3", "Cy", &[]).speaking(
            "de",
            json!({
                "activity-watching": "Du schaust zu.",
                "activity-to-move": "{name} ist am Zug",
                "a11y-square-piece-a": "{square}, orangefarbener Stein",
                "a11y-square-empty": "{square}, leer",
            }),
        ),
    ]
}

fn players() -> Vec<Player> {
    vec![Player::new(Seat::A, "Ana"), Player::new(Seat::B, "Bo")]
}

/// The standard game after four plies: Ana (a) to move.
fn standard_game() -> Game {
    play(Variant::Standard, &STANDARD_MOVES[..4])
}

/// The width below which a browser is made a phone (touch, a mobile viewport).
const PHONE: u32 = 480;

/// A browser with a page of `width` × `height`; narrow ones are phones.
async fn browser(width: u32, height: u32) -> Browser {
    let browser = Browser::start(width.max(PHONE), height)
        .await
        .unwrap_or_else(|e| panic!("the browser tests need a browser: {e}"));
    if width < PHONE {
        emulate_phone(&browser, width, height).await;
    }
    browser
}

/// A browser showing the Activity as `code`, once the board shows ply `ply`.
async fn open_game(server: &Server, code: &str, size: (u32, u32), ply: usize) -> Browser {
    let browser = browser(size.0, size.1).await;
    browser
        .client
        .goto(&activity_url(server, code))
        .await
        .expect("goto");
    browser.wait_ply(ply, LOAD).await.expect("the board");
    browser
}

/// Waits until `script` returns true.
async fn wait(browser: &Browser, script: &str) {
    browser.wait_for(script, SOON).await.expect("in time");
}

async fn text(browser: &Browser, id: &str) -> String {
    let value = browser
        .js(&format!(
            "const e = document.getElementById('{id}'); return e ? e.textContent : null;"
        ))
        .await
        .expect("a text");
    value.as_str().unwrap_or_default().to_string()
}

/// Waits until the toast shows `expected`.
async fn wait_toast(browser: &Browser, expected: &str) {
    let script = format!(
        "const t = document.getElementById('toast'); return !!t && !t.hidden && t.textContent === {};",
        Value::from(expected)
    );
    if browser.wait_for(&script, SOON).await.is_err() {
        panic!(
            "the toast says {:?}, not {expected:?}",
            text(browser, "toast").await
        );
    }
}

async fn find(browser: &Browser, css: &str) -> Element {
    browser
        .client
        .find(Locator::Css(css))
        .await
        .unwrap_or_else(|e| panic!("{css}: {e}"))
}

/// GETs `url` with `client`.
async fn fetch(client: &reqwest::Client, url: impl reqwest::IntoUrl) -> reqwest::Response {
    client.get(url).send().await.expect("a response")
}

/// Takes a screenshot named `name` (under the target folder) and says where it went.
async fn shot(browser: &Browser, name: &str) {
    let path = browser.screenshot(name).await.expect("a screenshot");
    println!("screenshot: {}", path.display());
}

/// Checks that the board shows `game` after the move `from`-`to`.
async fn assert_shows_move(browser: &Browser, game: &Game, from: &str, to: &str) {
    let mut after = game.clone();
    after
        .play(&format!("{from}-{to}").parse().expect("a move"))
        .expect("legal");
    assert_eq!(
        browser.board_pieces().await.expect("pieces"),
        pieces(after.position())
    );
}

/// The group of square `name` on the board.
async fn square(browser: &Browser, name: &str) -> Element {
    find(browser, &format!("[data-square='{name}']")).await
}

async fn click_square(browser: &Browser, name: &str) {
    browser.click_square(name).await.expect("a click");
}

/// The squares the board highlights as destinations.
async fn destinations(browser: &Browser) -> BTreeSet<String> {
    let names = browser.squares_matching(".dest").await;
    names.expect("destinations").into_iter().collect()
}

/// The squares of the pieces the board marks as able to move.
async fn movable(browser: &Browser) -> BTreeSet<String> {
    let names = browser.squares_matching(".movable").await;
    names.expect("movable pieces").into_iter().collect()
}

/// The chain the board previews, as square names.
async fn preview(browser: &Browser) -> Vec<String> {
    let value = browser
        .js("const p = document.querySelector('#board .preview'); \
             return p && p.getAttribute('data-path') ? p.getAttribute('data-path').split(' ') : [];")
        .await
        .expect("the preview");
    serde_json::from_value(value).expect("names")
}

/// Moves the mouse over square `name`.
async fn hover(browser: &Browser, name: &str) {
    let element = square(browser, name).await;
    let moves = MouseActions::new("mouse".into()).then(PointerAction::MoveToElement {
        element,
        duration: Some(Duration::from_millis(50)),
        x: 0.0,
        y: 0.0,
    });
    browser
        .client
        .perform_actions(moves)
        .await
        .expect("a mouse move");
}

/// Taps square `name` with a finger.
async fn tap(browser: &Browser, name: &str) {
    let element = square(browser, name).await;
    let finger = TouchActions::new("finger".into())
        .then(PointerAction::MoveToElement {
            element,
            duration: None,
            x: 0.0,
            y: 0.0,
        })
        .then(PointerAction::Down {
            button: MOUSE_BUTTON_LEFT,
        })
        .then(PointerAction::Up {
            button: MOUSE_BUTTON_LEFT,
        });
    browser.client.perform_actions(finger).await.expect("a tap");
    browser.client.release_actions().await.expect("released");
}

/// The legal destinations of the piece on `from`, from the rules crate.
fn destinations_of(game: &Game, from: &str) -> BTreeSet<String> {
    legal_moves(game)
        .into_iter()
        .filter(|(f, _, _)| f == from)
        .map(|(_, to, _)| to)
        .collect()
}

/// An empty square that the piece on `from` cannot reach.
fn quiet_square(game: &Game, from: &str) -> String {
    let reach = destinations_of(game, from);
    let taken = pieces(game.position());
    let side = game.position().variant().side();
    (0..side)
        .flat_map(|rank| (0..side).map(move |file| (file, rank)))
        .filter_map(|(file, rank)| halma::Square::new(file, rank))
        .map(|sq| sq.to_string())
        .find(|name| !reach.contains(name) && !taken.contains_key(name))
        .expect("an empty square")
}

/// The move of the player to move with the longest hop chain.
fn longest_chain(game: &Game) -> (String, String, Vec<String>) {
    legal_moves(game)
        .into_iter()
        .max_by_key(|(_, _, path)| path.len())
        .expect("a legal move")
}

/// Whether the page is no wider than the window, which is `width` wide.
async fn fits(browser: &Browser, width: u32) -> bool {
    let value = browser
        .js(
            "return [window.innerWidth, document.documentElement.scrollWidth, \
                     document.getElementById('app').getBoundingClientRect().right];",
        )
        .await
        .expect("widths");
    let [inner, scroll, right]: [f64; 3] = serde_json::from_value(value).expect("widths");
    assert_eq!(inner, f64::from(width), "the window's width");
    scroll <= inner && right <= inner
}

/// Starts recording the page's policy violations (after its script loaded: one that broke
/// the script would have shown already as a page that does nothing).
async fn watch_policy(browser: &Browser) {
    browser
        .js("window.violations = []; \
             document.addEventListener('securitypolicyviolation', (e) => \
               window.violations.push(e.violatedDirective + ' ' + e.blockedURI)); return true;")
        .await
        .expect("a listener");
}

async fn assert_no_violations(browser: &Browser) {
    let found = browser
        .js("return window.violations;")
        .await
        .expect("violations");
    assert_eq!(found, json!([]), "the policy blocked something");
}

#[tokio::test]
async fn the_player_to_move_picks_a_piece_sees_its_chain_and_plays_it() {
    let game = standard_game();
    let api = FakeApi::new(Some(game.clone()), players(), members());
    let server = serve(&api);
    let browser = open_game(&server, "ana", (1280, 800), 4).await;
    watch_policy(&browser).await;

    // Signed in through the mock: the instance id came from the query, the board shows the game.
    assert_eq!(api.channel().instances, ["i-77"]);
    assert_eq!(
        browser.board_pieces().await.expect("pieces"),
        pieces(game.position())
    );
    assert_eq!(text(&browser, "status").await, "Your turn");
    assert!(text(&browser, "clock").await.starts_with("Ana: 4:"));

    // Once the moves came, the pieces that can move are marked.
    let all: BTreeSet<String> = legal_moves(&game).into_iter().map(|m| m.0).collect();
    wait(
        &browser,
        "return document.querySelectorAll('[data-square].movable').length > 0;",
    )
    .await;
    assert_eq!(movable(&browser).await, all);

    // A click on a piece highlights exactly its legal destinations.
    let (from, to, path) = longest_chain(&game);
    assert!(path.len() >= 3, "a hop chain: {path:?}");
    click_square(&browser, &from).await;
    assert_eq!(destinations(&browser).await, destinations_of(&game, &from));
    assert_eq!(text(&browser, "hint").await, "Choose a highlighted square.");

    // Another of Ana's pieces takes the selection over; a click on a square that is not a
    // destination lets it go.
    let other = all.iter().find(|s| **s != from).expect("another piece");
    click_square(&browser, other).await;
    assert_eq!(destinations(&browser).await, destinations_of(&game, other));
    click_square(&browser, &quiet_square(&game, other)).await;
    assert!(destinations(&browser).await.is_empty());
    // So does a click beside the board.
    click_square(&browser, other).await;
    find(&browser, "#players")
        .await
        .click()
        .await
        .expect("a click");
    assert!(destinations(&browser).await.is_empty());

    // Hovering a destination draws its chain.
    click_square(&browser, &from).await;
    hover(&browser, &to).await;
    wait(
        &browser,
        "return !!document.querySelector('#board .preview polyline');",
    )
    .await;
    assert_eq!(preview(&browser).await, path);
    shot(&browser, "activity-desktop").await;

    // A click on it plays the move; the board shows it when the state comes.
    click_square(&browser, &to).await;
    browser.wait_ply(5, SOON).await.expect("the move");
    assert_shows_move(&browser, &game, &from, &to).await;
    let posted = api.channel().posted.clone();
    assert_eq!(
        posted,
        [(
            "move".to_string(),
            json!({ "session": "s-ana", "from": from, "to": to })
        )]
    );
    assert_eq!(text(&browser, "status").await, "Bo to move");
    assert_eq!(text(&browser, "hint").await, "Waiting for Bo");
    assert!(destinations(&browser).await.is_empty());
    assert!(movable(&browser).await.is_empty());
    assert_eq!(
        text(&browser, "last-move").await,
        format!("Last move: {}", path.join("-"))
    );
    assert_no_violations(&browser).await;
    browser.close().await;
}

/// The focused square and its name; none when the focus is off the board.
async fn focused(browser: &Browser) -> Option<(String, String)> {
    browser.focused_square().await.expect("the focus")
}

/// Presses `keys` on whatever has the focus.
async fn keys(browser: &Browser, keys: &[Key]) {
    browser.press(keys).await.expect("key presses");
}

#[tokio::test]
async fn the_keyboard_picks_lets_go_and_plays_and_the_moves_are_announced() {
    let game = standard_game();
    let api = FakeApi::new(Some(game.clone()), players(), members());
    let server = serve(&api);
    let browser = open_game(&server, "ana", (1280, 800), 4).await;
    watch_policy(&browser).await;
    wait(
        &browser,
        "return document.querySelectorAll('[data-square].movable').length > 0;",
    )
    .await;

    // Every square is named after what stands on it; Ana's pieces that can move say so.
    let all: BTreeSet<String> = legal_moves(&game).into_iter().map(|m| m.0).collect();
    let can_move = |sq: &str| all.contains(sq).then_some("can move");
    assert_eq!(
        browser.square_names().await.expect("names"),
        square_names(game.position(), can_move)
    );
    let described = browser
        .js("const b = document.getElementById('board'); \
             return [b.getAttribute('role'), b.getAttribute('aria-label'), \
                     document.getElementById(b.getAttribute('aria-describedby')).textContent];")
        .await
        .expect("the board");
    assert_eq!(
        described,
        json!([
            "grid",
            "The board",
            "The arrow keys move over the board. Enter or Space picks a piece, then the square \
             it goes to; Escape lets the piece go."
        ])
    );

    // The board is one tab stop, before the buttons.
    keys(&browser, &[Key::Tab]).await;
    assert_eq!(
        focused(&browser).await,
        Some(("a16".into(), "a16, blue piece".into()))
    );
    keys(&browser, &[Key::Tab]).await;
    let id = browser
        .js("return document.activeElement.id;")
        .await
        .expect("the focus");
    assert_eq!(id, "draw");
    browser
        .press_with(Key::Shift, &[Key::Tab])
        .await
        .expect("shift tab");
    assert_eq!(focused(&browser).await.map(|f| f.0), Some("a16".into()));

    // Enter picks the piece under the focus: its destinations are marked and named, and
    // the pick is said.
    let (from, to, path) = longest_chain(&game);
    keys(&browser, &arrows("a16", &from)).await;
    assert_eq!(
        focused(&browser).await,
        Some((from.clone(), format!("{from}, orange piece, can move")))
    );
    keys(&browser, &[Key::Enter]).await;
    let reach = destinations_of(&game, &from);
    assert_eq!(destinations(&browser).await, reach);
    let marked = |sq: &str| {
        if sq == from {
            Some("picked")
        } else {
            reach.contains(sq).then_some("destination")
        }
    };
    assert_eq!(
        browser.square_names().await.expect("names"),
        square_names(game.position(), marked)
    );
    let listed: Vec<String> = legal_moves(&game)
        .into_iter()
        .filter(|m| m.0 == from)
        .map(|m| m.1)
        .collect();
    assert_eq!(
        text(&browser, "board-said").await,
        format!("{from} picked. It can go to {}.", listed.join(", "))
    );

    // Escape lets it go; Space picks it again.
    keys(&browser, &[Key::Escape]).await;
    assert!(destinations(&browser).await.is_empty());
    assert_eq!(text(&browser, "board-said").await, "No piece picked.");
    assert_eq!(
        focused(&browser).await,
        Some((from.clone(), format!("{from}, orange piece, can move")))
    );
    keys(&browser, &[Key::Space]).await;
    assert_eq!(destinations(&browser).await, reach);

    // On a destination the chain shows, with the ring; Enter plays it.
    keys(&browser, &arrows(&from, &to)).await;
    assert_eq!(
        focused(&browser).await,
        Some((to.clone(), format!("{to}, empty, destination")))
    );
    assert_eq!(preview(&browser).await, path);
    let ring = browser
        .js("return getComputedStyle(document.querySelector('#board .focus-ring')).display;")
        .await
        .expect("the ring");
    assert_ne!(ring, json!("none"), "the focus ring shows");
    shot(&browser, "activity-keyboard").await;
    assert!(api.channel().posted.is_empty(), "nothing was played yet");
    keys(&browser, &[Key::Enter]).await;
    browser.wait_ply(5, SOON).await.expect("the move");
    assert_shows_move(&browser, &game, &from, &to).await;
    assert_eq!(
        api.channel().posted.clone(),
        [(
            "move".to_string(),
            json!({ "session": "s-ana", "from": from, "to": to })
        )]
    );
    browser
        .wait_announced(&format!("Ana: {}", path.join("-")), SOON)
        .await
        .expect("the move announced");
    let mut after = game.clone();
    after
        .play(&format!("{from}-{to}").parse().expect("a move"))
        .expect("legal");
    assert_eq!(
        focused(&browser).await,
        Some((to.clone(), format!("{to}, orange piece")))
    );
    assert_eq!(
        browser.square_names().await.expect("names"),
        square_names(after.position(), |_| None)
    );

    // Bo's move, from the stream, is announced too; Enter on Bo's piece is refused in words.
    let (bo_from, bo_to, bo_path) = legal_moves(&after).swap_remove(0);
    api.channel()
        .game
        .as_mut()
        .expect("the game")
        .play(&format!("{bo_from}-{bo_to}").parse().expect("a move"))
        .expect("legal");
    api.changed();
    browser
        .wait_announced(&format!("Bo: {}", bo_path.join("-")), SOON)
        .await
        .expect("Bo's move announced");
    assert_eq!(
        browser.announcements().await.expect("the log"),
        [
            format!("Ana: {}", path.join("-")),
            format!("Bo: {}", bo_path.join("-"))
        ]
    );
    keys(&browser, &arrows(&to, &bo_to)).await;
    keys(&browser, &[Key::Enter]).await;
    wait_toast(&browser, "That is not your piece.").await;
    assert_no_violations(&browser).await;
    browser.close().await;

    // A spectator in German hears the squares in German (the server's texts).
    let cy = open_game(&server, "cy", (1024, 768), 6).await;
    let names = cy.square_names().await.expect("names");
    assert_eq!(
        names["a16"], "a16, blue piece",
        "no German text was sent for blue"
    );
    assert_eq!(names[&to], format!("{to}, orangefarbener Stein"));
    assert_eq!(names[&from], format!("{from}, leer"));
    cy.close().await;
}

#[tokio::test]
async fn spectators_and_waiting_players_select_nothing() {
    let game = standard_game();
    let api = FakeApi::new(Some(game.clone()), players(), members());
    let server = serve(&api);
    let (from, _, _) = longest_chain(&game);

    // Cy watches, in German: the server's texts fill the page, names go into their places.
    let cy = open_game(&server, "cy", (1024, 768), 4).await;
    assert_eq!(text(&cy, "status").await, "Ana ist am Zug");
    assert_eq!(text(&cy, "hint").await, "Du schaust zu.");
    let lang = cy
        .js("return document.documentElement.lang;")
        .await
        .expect("lang");
    assert_eq!(lang, "de");
    click_square(&cy, &from).await;
    wait_toast(&cy, "Du schaust zu.").await;
    assert!(destinations(&cy).await.is_empty());
    assert!(movable(&cy).await.is_empty());
    let buttons = cy
        .js("return document.querySelector('.actions').hidden;")
        .await
        .expect("the buttons");
    assert_eq!(buttons, Value::Bool(true), "a spectator has no buttons");
    cy.close().await;

    // Bo plays but waits for Ana.
    let bo = open_game(&server, "bo", (1024, 768), 4).await;
    assert_eq!(text(&bo, "hint").await, "Waiting for Ana");
    click_square(&bo, &from).await;
    wait_toast(&bo, "It is not your turn.").await;
    click_square(&bo, "e14").await;
    assert!(destinations(&bo).await.is_empty());
    bo.close().await;
    assert!(
        api.channel().posted.is_empty(),
        "nothing was asked of the server"
    );
}

#[tokio::test]
async fn refusals_and_problems_from_the_server_are_shown() {
    let game = standard_game();
    let api = FakeApi::new(Some(game.clone()), players(), members());
    let server = serve(&api);
    let browser = open_game(&server, "ana", (1024, 768), 4).await;
    wait(
        &browser,
        "return document.querySelectorAll('[data-square].movable').length > 0;",
    )
    .await;

    api.channel().refuse_next = Some((409, "The position changed: look again.".into()));
    let (from, to, _) = longest_chain(&game);
    click_square(&browser, &from).await;
    click_square(&browser, &to).await;
    wait_toast(&browser, "The position changed: look again.").await;
    let toast = browser
        .js("return document.getElementById('toast').className;")
        .await
        .expect("the toast");
    assert_eq!(toast, "toast toast-error");
    assert_eq!(
        browser.board_pieces().await.expect("pieces"),
        pieces(game.position())
    );
    // The pieces can be picked again.
    wait(
        &browser,
        "return document.querySelectorAll('[data-square].movable').length > 0;",
    )
    .await;

    // A problem the server sends on its own.
    api.problem("The bot is thinking too long.");
    wait_toast(&browser, "The bot is thinking too long.").await;
    browser.close().await;
}

#[tokio::test]
async fn draw_and_resign_go_to_the_server() {
    let game = standard_game();
    let api = FakeApi::new(Some(game), players(), members());
    let server = serve(&api);
    let ana = open_game(&server, "ana", (1024, 768), 4).await;
    assert_eq!(text(&ana, "draw").await, "Offer a draw");
    find(&ana, "#draw").await.click().await.expect("draw");
    wait(
        &ana,
        "return document.getElementById('draw').textContent === 'Draw offered';",
    )
    .await;
    let disabled = ana
        .js("return document.getElementById('draw').disabled;")
        .await
        .expect("draw");
    assert_eq!(disabled, Value::Bool(true));

    // Resigning asks first; Cancel asks nothing of the server.
    find(&ana, "#resign").await.click().await.expect("resign");
    assert_eq!(text(&ana, "confirm").await, "Resign this game?CancelResign");
    find(&ana, "#confirm-no")
        .await
        .click()
        .await
        .expect("cancel");
    find(&ana, "#resign").await.click().await.expect("resign");
    shot(&ana, "activity-confirm").await;
    find(&ana, "#confirm-yes")
        .await
        .click()
        .await
        .expect("resign");
    wait(&ana, "return document.getElementById('confirm').hidden;").await;
    ana.close().await;

    let bo = open_game(&server, "bo", (1024, 768), 4).await;
    assert_eq!(text(&bo, "draw").await, "Accept the draw");
    assert_eq!(text(&bo, "draw-note").await, "Ana offers a draw.");
    find(&bo, "#draw").await.click().await.expect("accept");
    bo.close().await;

    let posted: Vec<String> = api.channel().posted.iter().map(|p| p.0.clone()).collect();
    assert_eq!(posted, ["draw", "resign", "draw"]);
    assert_eq!(api.channel().posted[1].1, json!({ "session": "s-ana" }));
}

#[tokio::test]
async fn without_a_game_the_members_can_be_challenged() {
    let mut people = members();
    people.push(Member::new(
        "evil",
        "666",
        "<img src=x onerror=alert(1)>",
        &[],
    ));
    let api = FakeApi::new(None, Vec::new(), people);
    let server = serve(&api);
    let browser = browser(390, 844).await;
    browser
        .client
        .goto(&activity_url(&server, "ana"))
        .await
        .expect("goto");
    wait(
        &browser,
        "return document.getElementById('app').getAttribute('data-state') === 'lobby';",
    )
    .await;
    assert!(text(&browser, "lobby")
        .await
        .contains("There is no game in this channel."));
    let names = browser
        .js("return [...document.querySelectorAll('#members [data-member]')] \
                 .map((m) => [m.getAttribute('data-member'), m.querySelector('.name').textContent]);")
        .await
        .expect("members");
    assert_eq!(
        names,
        json!([
            ["2", "Bo"],
            ["3", "Cy"],
            ["666", "<img src=x onerror=alert(1)>"]
        ])
    );
    let images = browser
        .js("return document.images.length;")
        .await
        .expect("images");
    assert_eq!(images, 0, "a name became markup");

    // A refused challenge shows why; then one goes through, and the bot is asked too.
    api.channel().refuse_next = Some((409, "Bo is already playing.".into()));
    find(&browser, "[data-member='2'] button")
        .await
        .click()
        .await
        .expect("challenge");
    wait_toast(&browser, "Bo is already playing.").await;
    find(&browser, "[data-member='3'] button")
        .await
        .click()
        .await
        .expect("challenge");
    wait_toast(&browser, "Challenge sent.").await;
    find(&browser, "#play-bot")
        .await
        .click()
        .await
        .expect("the bot");
    wait(
        &browser,
        "return !document.getElementById('play-bot').disabled;",
    )
    .await;
    assert!(fits(&browser, 390).await);
    let posted = api.channel().posted.clone();
    assert_eq!(
        posted,
        [
            (
                "challenge".to_string(),
                json!({ "session": "s-ana", "opponent": "2" })
            ),
            (
                "challenge".to_string(),
                json!({ "session": "s-ana", "opponent": "3" })
            ),
            (
                "challenge".to_string(),
                json!({ "session": "s-ana", "bot": true })
            ),
        ]
    );
    shot(&browser, "activity-no-game-phone").await;

    // A game starts in the channel: the page shows it.
    {
        let mut channel = api.channel();
        channel.game = Some(standard_game());
        channel.players = players();
    }
    api.changed();
    browser.wait_ply(4, SOON).await.expect("the game");
    browser.close().await;
}

#[tokio::test]
async fn a_phone_plays_the_star_by_touch() {
    let game = play(Variant::Star3, &[]);
    let star_players = vec![
        Player::new(Seat::A, "Ana"),
        Player::new(Seat::B, "Bo"),
        Player::bot(Seat::C, "Halma bot"),
    ];
    let api = FakeApi::new(Some(game.clone()), star_players, members());
    let server = serve(&api);
    let browser = open_game(&server, "ana", (390, 844), 0).await;
    assert!(
        fits(&browser, 390).await,
        "the star is wider than the phone"
    );
    let shape = browser
        .js("return document.getElementById('board').getAttribute('class');")
        .await
        .expect("the board");
    assert_eq!(shape, "board board-star");
    wait(
        &browser,
        "return document.querySelectorAll('[data-square].movable').length > 0;",
    )
    .await;

    // The first tap on a destination shows the chain and asks for a second.
    let (from, to, path) = longest_chain(&game);
    tap(&browser, &from).await;
    assert_eq!(destinations(&browser).await, destinations_of(&game, &from));
    tap(&browser, &to).await;
    assert_eq!(preview(&browser).await, path);
    assert_eq!(
        text(&browser, "hint").await,
        format!("Tap again to play {from}-{to}.")
    );
    assert!(api.channel().posted.is_empty());
    shot(&browser, "activity-star-phone").await;

    // The second plays it.
    tap(&browser, &to).await;
    browser.wait_ply(1, SOON).await.expect("the move");
    assert_shows_move(&browser, &game, &from, &to).await;
    browser.close().await;
}

#[tokio::test]
async fn a_phone_fits_the_big_board_with_large_buttons() {
    let game = standard_game();
    let api = FakeApi::new(Some(game.clone()), players(), members());
    let server = serve(&api);
    let browser = open_game(&server, "ana", (390, 844), 4).await;
    assert!(
        fits(&browser, 390).await,
        "the board is wider than the phone"
    );
    let heights = browser
        .js("return [...document.querySelectorAll('.actions button')].map((b) => b.getBoundingClientRect().height);")
        .await
        .expect("heights");
    let heights: Vec<f64> = serde_json::from_value(heights).expect("numbers");
    assert_eq!(heights.len(), 2);
    assert!(heights.iter().all(|&h| h >= 44.0), "{heights:?}");
    wait(
        &browser,
        "return document.querySelectorAll('[data-square].movable').length > 0;",
    )
    .await;
    let (from, to, _) = longest_chain(&game);
    tap(&browser, &from).await;
    tap(&browser, &to).await;
    shot(&browser, "activity-phone").await;
    // Discord is mostly dark: the page follows the system's scheme.
    let dark = json!({ "features": [{ "name": "prefers-color-scheme", "value": "dark" }] });
    devtools(&browser, "Emulation.setEmulatedMedia", dark).await;
    shot(&browser, "activity-phone-dark").await;
    browser.close().await;
}

#[tokio::test]
async fn a_finished_game_shows_its_result_and_no_buttons() {
    // Bo resigned and the bot ran out of time: Ana, the last player, won.
    let mut game = play(Variant::Three, &["m2-l3"]);
    game.remove_player(Seat::B).expect("Bo leaves");
    game.remove_player(Seat::C).expect("the bot leaves");
    let mut three = vec![
        Player::new(Seat::A, "Ana"),
        Player::new(Seat::B, "Bo"),
        Player::bot(Seat::C, "Halma bot"),
    ];
    three[1].left = true;
    three[2].left = true;
    let api = FakeApi::new(Some(game), three, members());
    let server = serve(&api);
    let browser = open_game(&server, "ana", (900, 600), 1).await;
    assert_eq!(
        text(&browser, "status").await,
        "Won by Ana (the last player left)"
    );
    let shown = browser
        .js(
            "return ['hint', 'clock'].map((id) => document.getElementById(id).hidden) \
                 .concat([document.querySelector('.actions').hidden]);",
        )
        .await
        .expect("what is shown");
    assert_eq!(shown, json!([true, true, true]));
    assert_eq!(
        text(&browser, "players").await,
        "AnayouwinnerBoleftHalma botbotleft"
    );
    click_square(&browser, "m2").await;
    assert!(destinations(&browser).await.is_empty());
    // In a landscape window the board is beside the panel and as tall as the window.
    let fits = browser
        .js(
            "const b = document.getElementById('board').getBoundingClientRect(); \
             const s = document.getElementById('status').getBoundingClientRect(); \
             return b.bottom <= window.innerHeight && s.left >= b.right;",
        )
        .await
        .expect("the layout");
    assert_eq!(fits, Value::Bool(true));
    shot(&browser, "activity-finished").await;
    browser.close().await;
}

#[tokio::test]
async fn sign_in_failures_show_the_servers_words() {
    let api = FakeApi::new(Some(standard_game()), players(), members());
    let server = serve(&api);
    let browser = browser(800, 600).await;
    browser
        .client
        .goto(&activity_url(&server, "stranger"))
        .await
        .expect("goto");
    wait(
        &browser,
        "return document.getElementById('app').getAttribute('data-state') === 'error';",
    )
    .await;
    assert_eq!(
        text(&browser, "error-text").await,
        "Discord did not accept that code."
    );
    assert!(find(&browser, "#retry")
        .await
        .is_displayed()
        .await
        .expect("shown"));
    shot(&browser, "activity-error").await;
    browser.close().await;
}

#[tokio::test]
async fn the_real_sdk_outside_discord_says_where_to_start_it() {
    let server = Server::serve(
        || halma_web::router_with(Hub::new(Memory::default()), settings(false)),
        0,
    );
    let browser = browser(800, 600).await;
    browser
        .client
        .goto(&server.url("/activity"))
        .await
        .expect("goto");
    wait(
        &browser,
        "return document.getElementById('app').getAttribute('data-state') === 'error';",
    )
    .await;
    assert_eq!(
        text(&browser, "error-text").await,
        "This page runs inside Discord: start it as an Activity in a channel."
    );
    browser.close().await;
}

#[tokio::test]
async fn the_real_sdk_signs_in_through_the_discord_client() {
    let game = standard_game();
    let api = FakeApi::new(Some(game.clone()), players(), members());
    let routes = api.router();
    let server = Server::serve(
        move || halma_web::router_with(Hub::new(Memory::default()), settings(false)).merge(routes),
        0,
    );
    let browser = browser(1024, 768).await;
    let open = "activity?frame_id=f9&instance_id=i-real&platform=desktop&guild_id=10&channel_id=20";
    browser
        .client
        .goto(&server.url(&format!(
            "/fake-discord?code=ana&open={}",
            open.replace('&', "%26")
        )))
        .await
        .expect("goto");
    let discord = browser.client.window().await.expect("this window");
    let mut windows = Vec::new();
    for _ in 0..500 {
        windows = browser.client.windows().await.expect("windows");
        if windows.len() == 2 {
            break;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    let activity = windows
        .into_iter()
        .find(|w| *w != discord)
        .expect("the Activity's window");
    browser
        .client
        .switch_to_window(activity)
        .await
        .expect("the Activity");
    browser.wait_ply(4, LOAD).await.expect("the board");
    assert_eq!(
        browser.board_pieces().await.expect("pieces"),
        pieces(game.position())
    );
    assert_eq!(text(&browser, "status").await, "Your turn");
    assert_eq!(api.channel().instances, ["i-real"]);
    let script = browser
        .js("return [...document.scripts].map((s) => s.getAttribute('src'));")
        .await
        .expect("scripts");
    assert_eq!(script, json!(["assets/activity.js"]));

    // What the page asked of the Discord client.
    browser
        .client
        .switch_to_window(discord)
        .await
        .expect("the client");
    let asked = browser
        .js("return [window.handshake, window.commands.filter((c) => c.cmd !== 'CAPTURE_LOG')];")
        .await
        .expect("the commands");
    assert_eq!(asked[0]["client_id"], "424242");
    assert_eq!(asked[0]["frame_id"], "f9");
    // The member's language is asked for before sign-in, refused, and asked again after.
    assert_eq!(
        asked[1],
        json!([
            { "cmd": "USER_SETTINGS_GET_LOCALE", "args": null },
            { "cmd": "AUTHORIZE", "args": {
                "client_id": "424242", "response_type": "code", "state": "",
                "prompt": "none", "scope": ["identify"] } },
            { "cmd": "AUTHENTICATE", "args": { "access_token": "t-ana" } },
            { "cmd": "USER_SETTINGS_GET_LOCALE", "args": null },
        ])
    );
    browser.close().await;
}

/// The start of the policy every page has.
const POLICY: &str = "default-src 'none'; script-src 'self'; style-src 'self'; \
                      img-src 'self' data:; connect-src 'self'; base-uri 'none'; form-action 'none'";

fn no_redirects() -> reqwest::Client {
    reqwest::Client::builder()
        .redirect(reqwest::redirect::Policy::none())
        .build()
        .expect("a client")
}

#[tokio::test]
async fn without_the_setting_there_is_no_activity() {
    let server = Server::start(Hub::new(Memory::default()), 0);
    let client = no_redirects();
    for path in ["/activity", "/?frame_id=x", "/assets/activity-mock.js"] {
        let response = client
            .get(server.url(path))
            .send()
            .await
            .expect("a response");
        assert_eq!(response.status(), 404, "{path}");
    }
    let real = fetch(&client, server.url("/assets/activity.js")).await;
    assert_eq!(real.status(), 200);
}

#[tokio::test]
async fn discord_opens_the_root_and_is_sent_to_the_page_it_may_frame() {
    let server = Server::serve(
        || halma_web::router_with(Hub::new(Memory::default()), settings(false)),
        0,
    );
    let client = no_redirects();
    let query = "frame_id=abc&instance_id=i-1&platform=mobile&guild_id=1&channel_id=2";
    let response = fetch(&client, server.url(&format!("/?{query}"))).await;
    assert_eq!(response.status(), 303);
    assert_eq!(response.headers()["location"], format!("activity?{query}"));
    let plain = fetch(&client, server.url("/")).await;
    assert_eq!(plain.status(), 404);
    let other = fetch(&client, server.url("/?frame=1")).await;
    assert_eq!(other.status(), 404);

    // Only the Activity's page may be framed, by Discord; the script stays the server's own.
    let page = fetch(&client, server.url("/activity")).await;
    assert_eq!(page.status(), 200);
    assert_eq!(
        page.headers()["content-security-policy"],
        format!("{POLICY}; frame-ancestors https://discord.com https://*.discord.com https://*.discordsays.com")
    );
    let body = page.text().await.expect("the page");
    assert!(body.contains("<main id=\"app\"></main>"));
    assert!(body.contains("data-client-id=\"424242\""));
    assert!(body.contains("<script src=\"assets/activity.js\" defer></script>"));
    assert!(!body.contains("activity-mock"));
    let game_page = fetch(&client, server.url("/game/nope")).await;
    assert_eq!(
        game_page.headers()["content-security-policy"],
        format!("{POLICY}; frame-ancestors 'none'")
    );
    let mock = fetch(&client, server.url("/assets/activity-mock.js")).await;
    assert_eq!(
        mock.status(),
        404,
        "the mock is served only with the mock on"
    );

    // Nested under a prefix, the redirect stays under it.
    let nested = Server::serve(
        || {
            axum::Router::new().nest(
                "/halma",
                halma_web::router_with(Hub::new(Memory::default()), settings(true)),
            )
        },
        0,
    );
    // (axum matches a nested root without its slash only.)
    for path in ["/halma?frame_id=1"] {
        let response = client
            .get(nested.url(path))
            .send()
            .await
            .expect("a response");
        assert_eq!(response.status(), 303, "{path}");
        let location = response.headers()["location"]
            .to_str()
            .expect("text")
            .to_string();
        let target = reqwest::Url::parse(&nested.url(path))
            .and_then(|u| u.join(&location))
            .expect("a URL");
        assert_eq!(target.path(), "/halma/activity", "{path} -> {location}");
    }
    let mocked = fetch(&client, nested.url("/halma/assets/activity-mock.js")).await;
    assert_eq!(mocked.status(), 200);
}

#[test]
fn the_real_bundle_has_no_mock() {
    let assets = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("assets");
    let read = |name: &str| std::fs::read_to_string(assets.join(name)).expect(name);
    let real = read("activity.js");
    let mock = read("activity-mock.js");
    // The mock's bundle names it (its logging does), so the check can see it.
    for word in ["DiscordSDKMock", "mock_code"] {
        assert!(mock.contains(word), "the mock's bundle lacks {word}");
        assert!(!real.contains(word), "the real bundle holds {word}");
    }
    for bundle in [&real, &mock, &read("game.js")] {
        assert!(!bundle.contains("eval("), "eval needs a looser policy");
        assert!(!bundle.contains("sourceMappingURL"));
    }
}

#[tokio::test]
async fn an_ended_stream_says_why_instead_of_reconnecting() {
    let api = FakeApi::new(Some(standard_game()), players(), members());
    let server = serve(&api);
    let browser = open_game(&server, "ana", (1024, 768), 4).await;
    assert_eq!(api.tickets(), 1, "the stream opened with one ticket");
    api.end("This board was opened in another window; it stops here.");
    browser
        .wait_for(
            "return document.getElementById('app').getAttribute('data-state') === 'error';",
            SOON,
        )
        .await
        .expect("the page shows why it stopped, where a broken stream shows 'Reconnecting…'");
    assert_eq!(
        text(&browser, "error-text").await,
        "This board was opened in another window; it stops here."
    );
    browser.close().await;
}
