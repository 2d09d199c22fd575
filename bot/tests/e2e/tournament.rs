//! A Swiss evening through the real bot and the fake Discord: six members join a tournament on
//! `small` through its announcement's button and the command, the organiser starts it, and
//! three rounds are played in the threads the bot opens (moves, a draw, resignations, a
//! withdrawal), with the bot killed and restarted in the middle of round two. The standings
//! message, `/halma tournament standings` and the tournament's live page (linked from the
//! announcement, told of the last result through its event stream) must agree with the points
//! and Buchholz this test counts from the results it made itself.

use std::collections::HashMap;

use fake_discord::{Message, TestChannel, TestUser};
use halma::Variant;
use serde_json::json;

use crate::support::{assert_refusal, free_addr, E2e, Table, ANSWER_TIMEOUT};

/// One game of a round as the round's post shows it.
#[derive(Clone, Copy, Debug)]
struct Board {
    first: u64,
    second: u64,
    thread: u64,
}

/// What a round's post says: its games, and the bye.
#[derive(Debug, Default)]
struct Posted {
    boards: Vec<Board>,
    bye: Option<u64>,
}

/// The ids in `<@…>` (or `<#…>`) marks of `line`, in order.
fn ids(line: &str, mark: &str) -> Vec<u64> {
    line.split(mark)
        .skip(1)
        .filter_map(|rest| rest.split('>').next()?.parse().ok())
        .collect()
}

/// Reads a round's post: `N. <@a> vs <@b>: <#thread>` lines and `Bye: <@c>`.
fn read_round(content: &str) -> Posted {
    let mut posted = Posted::default();
    for line in content.lines() {
        let users = ids(line, "<@");
        let threads = ids(line, "<#");
        if line.starts_with("Bye:") {
            posted.bye = users.first().copied();
        } else if let ([first, second], [thread]) = (users.as_slice(), threads.as_slice()) {
            posted.boards.push(Board {
                first: *first,
                second: *second,
                thread: *thread,
            });
        }
    }
    posted
}

/// Reads the standings: each `N. <@user>: P pts · Bh B · SB S · …` line as the user's
/// points and Buchholz in half points.
fn read_standings(content: &str) -> HashMap<u64, (u32, u32)> {
    let halves = |text: &str| -> u32 {
        let text = text.trim();
        let (whole, half) = match text.strip_suffix('½') {
            Some(whole) => (whole, 1),
            None => (text, 0),
        };
        let whole: u32 = if whole.is_empty() {
            0
        } else {
            whole.parse().expect("points")
        };
        whole * 2 + half
    };
    let mut rows = HashMap::new();
    for line in content.lines() {
        let Some(user) = ids(line, "<@").first().copied() else {
            continue;
        };
        let Some((_, rest)) = line.split_once(">: ").or_else(|| line.split_once(">~~: ")) else {
            continue;
        };
        let points = rest.split(" pts").next().expect("points");
        let buchholz = rest
            .split("Bh ")
            .nth(1)
            .and_then(|r| r.split(" ·").next())
            .expect("Buchholz");
        rows.insert(user, (halves(points), halves(buchholz)));
    }
    rows
}

/// Half points as the bot writes them: `2`, `1½`, `½`.
fn written(halves: u32) -> String {
    match (halves / 2, halves % 2) {
        (0, 1) => "½".to_string(),
        (whole, 1) => format!("{whole}½"),
        (whole, _) => whole.to_string(),
    }
}

/// Reads the live page's table: each row's name, points and Buchholz as written, and its
/// games.
fn read_page(html: &str) -> HashMap<String, (String, String, u32)> {
    let body = html
        .split("<tbody>")
        .nth(1)
        .and_then(|rest| rest.split("</tbody>").next())
        .expect("the page's table");
    let mut rows = HashMap::new();
    for row in body.split("<tr").skip(1) {
        let cells: Vec<&str> = row
            .split("<td>")
            .skip(1)
            .map(|cell| cell.split("</td>").next().unwrap_or(""))
            .collect();
        assert_eq!(cells.len(), 6, "place, name, points, Bh, SB, games: {row}");
        // A withdrawn player's name is followed by a tag.
        let name = cells[1].split(" <span").next().unwrap_or("").to_string();
        let games = cells[5].parse().expect("games");
        rows.insert(name, (cells[2].to_string(), cells[3].to_string(), games));
    }
    rows
}

/// Reads the page's event stream until a `changed` event has come.
async fn changed(events: &mut reqwest::Response) {
    let mut text = String::new();
    while !text.contains("event: changed") {
        let chunk = tokio::time::timeout(ANSWER_TIMEOUT, events.chunk())
            .await
            .expect("a change in time")
            .expect("the stream")
            .expect("more of the stream");
        text.push_str(&String::from_utf8_lossy(&chunk));
    }
}

/// The results this test made, counted by hand: points in half points, and who met whom.
#[derive(Default)]
struct Tally {
    halves: HashMap<u64, u32>,
    met: HashMap<u64, Vec<u64>>,
}

impl Tally {
    fn game(&mut self, a: u64, b: u64, a_halves: u32) {
        *self.halves.entry(a).or_default() += a_halves;
        *self.halves.entry(b).or_default() += 2 - a_halves;
        self.met.entry(a).or_default().push(b);
        self.met.entry(b).or_default().push(a);
    }

    fn bye(&mut self, user: u64) {
        *self.halves.entry(user).or_default() += 2;
    }

    fn points(&self, user: u64) -> u32 {
        self.halves.get(&user).copied().unwrap_or(0)
    }

    /// The sum of the opponents' points (a bye adds nothing).
    fn buchholz(&self, user: u64) -> u32 {
        self.met
            .get(&user)
            .map_or(0, |them| them.iter().map(|o| self.points(*o)).sum())
    }
}

struct Evening {
    e: E2e,
    hall: TestChannel,
    players: Vec<TestUser>,
}

impl Evening {
    fn user(&self, id: u64) -> &TestUser {
        self.players
            .iter()
            .find(|p| p.id == id)
            .unwrap_or_else(|| panic!("{id} is not a player"))
    }

    fn thread(&self, id: u64) -> TestChannel {
        self.e
            .fake
            .threads_of(&self.hall)
            .into_iter()
            .find(|t| t.id == id)
            .unwrap_or_else(|| panic!("no thread {id} in #{}", self.hall.name))
    }

    /// Waits for the post of round `round` with every game in its thread.
    async fn round(&self, round: u32, games: usize) -> Posted {
        let header = format!("round {round} of 3");
        let message = self
            .e
            .fake
            .wait_for_channel_message(
                &self.hall,
                |m| m.content.contains(&header) && read_round(&m.content).boards.len() == games,
                ANSWER_TIMEOUT,
            )
            .await
            .unwrap_or_else(|e| panic!("round {round} is posted: {e}"));
        let posted = read_round(&message.content);
        for board in &posted.boards {
            let thread = self.thread(board.thread);
            let (first, second) = (self.user(board.first), self.user(board.second));
            assert_eq!(
                thread.name,
                format!("R{round} · {} vs {}", first.name, second.name),
                "the thread is named after the round and the players"
            );
            // The game's start is in its thread, the first player to move.
            self.e
                .fake
                .wait_for_channel_message(
                    &thread,
                    |m| m.content.contains(&first.mention()) && !m.files.is_empty(),
                    ANSWER_TIMEOUT,
                )
                .await
                .unwrap_or_else(|e| panic!("the game's start in its thread: {e}"));
        }
        posted
    }

    /// `loser` resigns the game of `board`.
    async fn resign(&self, board: Board, loser: u64) {
        let thread = self.thread(board.thread);
        let answer = self.e.halma(self.user(loser), &thread, "resign", &[]).await;
        assert!(!answer.ephemeral, "a resignation is public: {answer:?}");
    }

    /// A few greedy moves in the game of `board`.
    async fn play(&self, board: Board, moves: usize) -> Table {
        let thread = self.thread(board.thread);
        let seats = vec![
            self.user(board.first).clone(),
            self.user(board.second).clone(),
        ];
        let mut table = Table::new(&thread, seats, Variant::Small);
        for _ in 0..moves {
            self.e.play_greedy(&mut table).await;
        }
        table
    }

    /// The standings message, once its rows count `games` games in all.
    async fn standings_message(&self, games: u32) -> Message {
        self.e
            .fake
            .wait_for_channel_message(
                &self.hall,
                |m| {
                    m.content.contains("Standings of Friday Swiss") && games_in(&m.content) == games
                },
                ANSWER_TIMEOUT,
            )
            .await
            .unwrap_or_else(|e| panic!("the standings message: {e}"))
    }
}

/// The games the standings' rows count, added up (`… · 3 games` ends each row).
fn games_in(content: &str) -> u32 {
    content
        .lines()
        .filter(|l| l.contains("<@"))
        .filter_map(|l| {
            l.rsplit("· ")
                .next()?
                .split(' ')
                .next()?
                .parse::<u32>()
                .ok()
        })
        .sum()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn six_members_play_a_swiss_evening_through_a_restart() {
    let web = free_addr();
    let public = format!("http://{web}");
    let e = E2e::start_with(
        "tournament",
        &[("WEB_ADDR", web.as_str()), ("PUBLIC_URL", public.as_str())],
    )
    .await;
    let organiser = e.user("organiser").with_manage_guild();
    let players: Vec<TestUser> = ["ann", "ben", "cid", "dee", "eve", "fay"]
        .into_iter()
        .map(|name| e.user(name))
        .collect();
    let hall = e.channel("swiss-evening");
    let mut evening = Evening {
        e,
        hall: hall.clone(),
        players,
    };
    let hall = &hall;
    let e = &evening.e;

    // Only organisers make tournaments; then the organiser makes one.
    let terms = [
        ("name", json!("Friday Swiss")),
        ("variant", json!("small")),
        ("turn_timeout", json!("10m")),
        ("rounds", json!(3)),
        ("starts_in", json!("1h")),
    ];
    let refused = e
        .halma(&evening.players[0], hall, "tournament create", &terms)
        .await;
    assert_refusal(&refused, "organise tournaments");
    let made = e.halma(&organiser, hall, "tournament create", &terms).await;
    assert!(
        made.ephemeral && made.content.contains("Friday Swiss"),
        "{made:?}"
    );
    let announcement = e
        .fake
        .wait_for_channel_message(
            hall,
            |m| m.content.contains("Friday Swiss") && m.button("Join").is_some(),
            ANSWER_TIMEOUT,
        )
        .await
        .expect("the announcement with its Join button");
    let page = announcement
        .button("Standings")
        .and_then(|b| b.url.clone())
        .expect("a link to the live standings");
    assert!(page.starts_with(&format!("{public}/tournament/")), "{page}");

    // Five join with the button, one with the command; one changes their mind and back.
    for player in &evening.players[..5] {
        let joined = e
            .fake
            .click(player, &announcement, "Join")
            .await
            .expect("a click");
        assert!(
            joined.ephemeral && joined.content.contains("You joined"),
            "{joined:?}"
        );
    }
    let twice = e
        .fake
        .click(&evening.players[0], &announcement, "Join")
        .await
        .unwrap();
    assert_refusal(&twice, "already");
    let left = e
        .fake
        .click(&evening.players[1], &announcement, "Leave")
        .await
        .unwrap();
    assert!(
        left.ephemeral && left.content.contains("You left"),
        "{left:?}"
    );
    e.fake
        .click(&evening.players[1], &announcement, "Join")
        .await
        .unwrap();
    let by_command = e
        .halma(&evening.players[5], hall, "tournament join", &[])
        .await;
    assert!(by_command.content.contains("You joined"), "{by_command:?}");
    let mentions: Vec<String> = evening.players.iter().map(TestUser::mention).collect();
    e.fake
        .wait_for_message(
            announcement.id,
            |m| {
                mentions.iter().all(|p| m.content.contains(p.as_str()))
                    && m.content.contains("(6/256)")
            },
            ANSWER_TIMEOUT,
        )
        .await
        .expect("the announcement lists the six players");

    // Only the organiser starts it; joining closes.
    let not_yours = e
        .halma(&evening.players[0], hall, "tournament start", &[])
        .await;
    assert_refusal(&not_yours, &organiser.mention());
    let started = e.halma(&organiser, hall, "tournament start", &[]).await;
    assert!(
        started.ephemeral && started.content.contains("has started"),
        "{started:?}"
    );
    e.fake
        .wait_for_message(
            announcement.id,
            |m| m.button("Join").is_none() && m.button("Leave").is_none(),
            ANSWER_TIMEOUT,
        )
        .await
        .expect("the announcement loses Join and Leave at the start");
    let late = e.halma(&organiser, hall, "tournament join", &[]).await;
    assert_refusal(&late, "has started");

    let mut tally = Tally::default();
    // Round one: a game with moves and a resignation, a draw, an immediate resignation.
    let round1 = evening.round(1, 3).await;
    assert!(round1.bye.is_none());
    let [a, b, c] = [round1.boards[0], round1.boards[1], round1.boards[2]];
    evening.play(a, 4).await;
    evening.resign(a, a.second).await;
    tally.game(a.first, a.second, 2);
    let draw_a = e
        .halma(
            evening.user(b.first),
            &evening.thread(b.thread),
            "draw",
            &[],
        )
        .await;
    assert!(!draw_a.ephemeral, "{draw_a:?}");
    e.halma(
        evening.user(b.second),
        &evening.thread(b.thread),
        "draw",
        &[],
    )
    .await;
    tally.game(b.first, b.second, 1);
    evening.resign(c, c.first).await;
    tally.game(c.first, c.second, 0);

    // Round two: moves and a resignation, a withdrawal, and the bot killed mid-round.
    let round2 = evening.round(2, 3).await;
    let [a, b, c] = [round2.boards[0], round2.boards[1], round2.boards[2]];
    for board in [a, b, c] {
        let met = tally.met.get(&board.first).cloned().unwrap_or_default();
        assert!(
            !met.contains(&board.second),
            "no pair meets twice: {board:?}"
        );
    }
    evening.play(a, 2).await;
    evening.resign(a, a.first).await;
    tally.game(a.first, a.second, 0);
    let quitter = b.second;
    let withdrawn = e
        .halma(evening.user(quitter), hall, "tournament withdraw", &[])
        .await;
    assert!(
        withdrawn.ephemeral && withdrawn.content.contains("withdrew"),
        "{withdrawn:?}"
    );
    tally.game(b.first, b.second, 2);
    // The withdrawal's resignation shows in the game's thread.
    e.fake
        .wait_for_channel_message(
            &evening.thread(b.thread),
            |m| m.content.contains("resigned"),
            ANSWER_TIMEOUT,
        )
        .await
        .expect("the withdrawn player's game ends");
    let mut table = evening.play(c, 1).await;
    evening.e.restart().await;
    let e = &evening.e;
    // The game goes on after the restart, and its end pairs round three.
    e.play_greedy(&mut table).await;
    evening.resign(c, c.second).await;
    tally.game(c.first, c.second, 2);

    // Round three: five players left, so a bye (a win); then the end. The page's event
    // stream, open from here on, must hear of the last result.
    let round3 = evening.round(3, 2).await;
    let events_url = page.split('?').next().expect("the page").to_string() + "/events";
    let mut events = reqwest::get(&events_url).await.expect("the page's events");
    assert_eq!(events.status().as_u16(), 200);
    let bye = round3.bye.expect("a bye among five");
    assert_ne!(bye, quitter);
    tally.bye(bye);
    for board in &round3.boards {
        assert!(
            board.first != quitter && board.second != quitter,
            "{board:?}"
        );
        evening.resign(*board, board.second).await;
        tally.game(board.first, board.second, 2);
    }

    // The podium, and the standings message after the last result.
    let podium = e
        .fake
        .wait_for_channel_message(hall, |m| m.content.contains("🥇"), ANSWER_TIMEOUT)
        .await
        .expect("the podium");
    // Five players played three rounds, the withdrawn one two: 17 games in the table.
    let message = evening.standings_message(17).await;
    // The page may show what it kept until the last result's change reaches it: then its
    // stream says so, and the page is read again.
    let (html, on_page) = loop {
        let html = reqwest::get(&page)
            .await
            .expect("the live page")
            .text()
            .await
            .expect("its text");
        let rows = read_page(&html);
        if rows.values().map(|r| r.2).sum::<u32>() == 17 {
            break (html, rows);
        }
        changed(&mut events).await;
    };
    assert_eq!(on_page.len(), 6, "{html}");
    for player in &evening.players {
        let (points, buchholz, _) = &on_page[&player.name];
        let expected = (
            written(tally.points(player.id)),
            written(tally.buchholz(player.id)),
        );
        assert_eq!(
            (points.clone(), buchholz.clone()),
            expected,
            "{}: {html}",
            player.name
        );
    }
    let shown = read_standings(&message.content);
    assert_eq!(shown.len(), 6, "{}", message.content);
    for player in &evening.players {
        let expected = (tally.points(player.id), tally.buchholz(player.id));
        assert_eq!(
            shown[&player.id], expected,
            "{}: {}",
            player.name, message.content
        );
    }
    let best = evening
        .players
        .iter()
        .map(|p| tally.points(p.id))
        .max()
        .unwrap();
    let first_line = message
        .content
        .lines()
        .find(|l| l.starts_with("1. "))
        .expect("a first place");
    let leader = ids(first_line, "<@")[0];
    assert_eq!(tally.points(leader), best, "the leader has the most points");
    assert!(
        podium.content.contains(&format!("🥇 <@{leader}>")),
        "{}",
        podium.content
    );
    let asked = e
        .halma(&evening.players[0], hall, "tournament standings", &[])
        .await;
    assert!(!asked.ephemeral);
    assert_eq!(
        read_standings(&asked.content),
        shown,
        "the command agrees with the message"
    );
    assert_eq!(asked.content, message.content);

    // The winner's stats name the tournament.
    let stats = e.halma(evening.user(leader), hall, "stats", &[]).await;
    assert!(
        stats.content.contains("1 played, best place 1"),
        "{}",
        stats.content
    );
    // Every tournament thread was the bot's own: no member's thread count moved.
    let counted: i64 = sqlx::query_scalar("SELECT count(*) FROM game_threads")
        .fetch_one(&e.db.pool)
        .await
        .expect("the thread counts");
    assert_eq!(counted, 0);
    assert_eq!(e.fake.threads_of(hall).len(), 8, "one thread per game");
}
