//! A whole game in the Activity played with the keyboard alone, against the real bot at
//! level easy: Tab enters the board, the arrow keys take the focus to a piece, Enter picks it
//! (Escape lets it go), the arrows go on to its destination and Enter plays it. After each ply the database holds the move, the
//! page's live log announces it, and when the bot waits for the player every square's
//! accessible name says what the rules' position has there.

use std::collections::{BTreeSet, HashMap, HashSet};
use std::time::Duration;

use browser_test::fantoccini::key::Key;
use browser_test::{arrows, Browser};
use fake_discord::TestInstance;
use halma::{Game, MoveText, Options, Position, Variant};

use crate::activity::start;
use crate::ai::challenge_bot;
use crate::support::{game_row, moves_of};

/// How long one ply may take to show: a move's round trip, or an easy search.
const PLY: Duration = Duration::from_secs(20);

/// The seats' colours as the game names them.
const COLOURS: [&str; 6] = ["orange", "blue", "green", "purple", "yellow", "red"];

/// What a screen reader should hear on each square of `position`, with "can move" on the
/// squares of `movable`.
fn names_of(position: &Position, movable: &BTreeSet<String>) -> HashMap<String, String> {
    let mut on = HashMap::new();
    for seat in position.variant().seats() {
        for sq in position.pieces(seat).squares() {
            on.insert(sq.to_string(), COLOURS[seat.index()]);
        }
    }
    let side = position.variant().side();
    (0..side)
        .flat_map(|rank| (0..side).filter_map(move |file| halma::Square::new(file, rank)))
        .map(|sq| {
            let name = sq.to_string();
            let mut said = match on.get(&name) {
                Some(colour) => format!("{name}, {colour} piece"),
                None => format!("{name}, empty"),
            };
            if movable.contains(&name) {
                said.push_str(", can move");
            }
            (name, said)
        })
        .collect()
}

/// Waits until the page's board is past ply `ply`.
async fn board_past(browser: &Browser, ply: usize) {
    let script = format!(
        "const b = document.getElementById('board'); \
         return !!b && parseInt(b.getAttribute('data-ply'), 10) > {ply};"
    );
    browser
        .wait_for(&script, PLY)
        .await
        .unwrap_or_else(|e| panic!("past ply {ply} on the board: {e}"));
}

/// Waits until the live log's last announcements are `said`, in order.
async fn wait_said(browser: &Browser, said: &[String]) {
    if said.is_empty() {
        return;
    }
    let expected = serde_json::to_string(said).expect("JSON");
    let script = format!(
        "const log = document.getElementById('announcements'); \
         const all = log ? [...log.children].map((p) => p.textContent) : []; \
         return JSON.stringify(all.slice(-{})) === JSON.stringify({expected});",
        said.len()
    );
    if let Err(err) = browser.wait_for(&script, PLY).await {
        panic!(
            "the log has {:?}, not {said:?} at its end: {err}",
            browser.announcements().await
        );
    }
}

/// The squares the board marks as destinations of the picked piece.
async fn dests(browser: &Browser) -> Vec<String> {
    browser.squares_matching(".dest").await.expect("the board")
}

/// The name the page shows for the player in `seat`.
async fn shown_name(browser: &Browser, seat: char) -> String {
    let script = format!(
        "const n = document.querySelector(\"#players [data-player='{seat}'] .name\"); \
         return n ? n.textContent : null;"
    );
    let value = browser.js(&script).await.expect("the players");
    value.as_str().expect("a player's name").to_owned()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_whole_game_against_the_bot_with_the_keyboard_alone() {
    let (e, public) = start("activity_keys").await;
    let alice = e.user("alice");
    let channel = e.channel("keys");
    challenge_bot(&e, &alice, &channel, "easy", "me").await;
    let guild = e.fake.guild_id();
    e.fake.add_activity_instance(TestInstance {
        id: "i-keys".into(),
        guild,
        channel: channel.id,
        users: vec![alice.id],
    });
    let code = format!("keys-{}", alice.id);
    e.fake.add_oauth_code(&code, &alice);
    let browser = Browser::start(900, 800)
        .await
        .unwrap_or_else(|err| panic!("the Activity test needs a browser: {err}"));
    let url = format!(
        "{public}/activity?frame_id=e2e&instance_id=i-keys&guild_id={guild}\
         &channel_id={}&location_id=gc&mock_code={code}",
        channel.id
    );
    browser.client.goto(&url).await.expect("the Activity");
    browser.wait_ply(0, PLY).await.expect("the board");
    let names = [
        shown_name(&browser, 'a').await,
        shown_name(&browser, 'b').await,
    ];
    assert_eq!(names[0], alice.name, "Alice plays seat a, moving first");

    let options = Options::for_variant(Variant::Small);
    let mut game = Game::new(Position::start(Variant::Small), options);
    let mut seen = HashSet::new();
    let mut focus: Option<String> = None;
    // What the live log should have said since the page was last still.
    let mut said = Vec::new();
    let mut taken = 0; // the stored moves mirrored so far
    let row = game_row(&e.db.pool, &channel).await;
    while !game.outcome().is_over() {
        let ply = game.plies().len();
        let position = game.position().clone();
        let seat = position.to_move();
        if seat.letter() == 'a' {
            // The bot waits: the page is still. The live log has announced every ply since
            // the last time, and the squares say what stands on them.
            seen.insert(position.clone());
            browser
                .wait_for(
                    "return document.querySelector('[data-square].movable') !== null;",
                    PLY,
                )
                .await
                .unwrap_or_else(|err| panic!("ply {}: no piece is marked: {err}", ply + 1));
            wait_said(&browser, &said).await;
            said.clear();
            let movable: BTreeSet<String> = position
                .legal_moves(&options)
                .into_iter()
                .map(|mv| mv.from.to_string())
                .collect();
            assert_eq!(
                browser.square_names().await.expect("names"),
                names_of(&position, &movable),
                "ply {}",
                ply + 1
            );
            let mv = crate::common::greedy(&position, &options, &seen);
            let (from, to) = (mv.from.to_string(), mv.to.to_string());
            // Into the board with Tab the first time; then the focus stays where the last
            // move ended.
            let here = match focus.take() {
                Some(square) => square,
                None => {
                    browser.press(&[Key::Tab]).await.expect("tab");
                    let (square, _) = browser
                        .focused_square()
                        .await
                        .expect("the focus")
                        .expect("the board has the focus");
                    square
                }
            };
            let mut keys = arrows(&here, &from);
            keys.push(Key::Enter);
            if ply == 0 {
                // The first pick is let go with Escape, and taken again with Space.
                browser.press(&keys).await.expect("a pick");
                assert!(!dests(&browser).await.is_empty(), "{from} is picked");
                browser.press(&[Key::Escape]).await.expect("escape");
                assert!(dests(&browser).await.is_empty(), "the pick is let go");
                keys = vec![Key::Space];
            }
            keys.extend(arrows(&from, &to));
            keys.push(Key::Enter);
            browser.press(&keys).await.expect("the move's keys");
            focus = Some(to);
        }
        board_past(&browser, ply).await;
        // The move is stored; it is mirrored here from the database (with any pass the
        // rules add after it).
        let stored = moves_of(&e.db.pool, row.id).await;
        let (_, stored_seat, chain) = stored.get(taken).expect("the move is stored").clone();
        taken += 1;
        assert_eq!(stored_seat, seat.letter().to_string(), "ply {}", ply + 1);
        if seat.letter() == 'a' {
            let to = focus.as_deref().expect("the destination");
            assert!(chain.ends_with(to), "ply {}: {chain} ends on {to}", ply + 1);
        }
        let text: MoveText = chain.parse().expect("a stored chain");
        game.play(&text).expect("the stored move is legal");
        said.push(format!("{}: {chain}", names[seat.index()]));
        for passed in &game.plies()[ply + 1..] {
            said.push(format!("{} passes.", names[passed.seat().index()]));
        }
    }
    let row = game_row(&e.db.pool, &channel).await;
    assert_eq!(
        (row.status.as_str(), row.ply as usize),
        ("finished", game.plies().len())
    );
    browser
        .wait_for(
            "return document.querySelector('#status.over') !== null;",
            PLY,
        )
        .await
        .expect("the result shows");
    let status = browser
        .js("return document.getElementById('status').textContent;")
        .await
        .expect("the status");
    said.push(status.as_str().expect("a status").to_owned());
    wait_said(&browser, &said).await;
    println!(
        "{} plies played by keyboard and by the bot, each announced; {}",
        game.plies().len(),
        said.last().map_or("", String::as_str)
    );
    browser
        .screenshot("activity-e2e-keyboard")
        .await
        .expect("a screenshot");
    browser.close().await;
}
