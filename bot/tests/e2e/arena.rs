//! A short arena through the real bot and the fake Discord: four members join, the organiser
//! starts it, and every game the bot pairs (each in its own thread) is played out at once:
//! resigned by whoever has fewer points (so that streaks come), or every seventh one drawn. Near
//! the end the test stops answering, so that games run past the end; it then finishes them,
//! and they must count before the podium. The standings message and
//! `/halma tournament standings` (and the live page, through the message's link) must agree
//! with the points, games and streaks this test counts from the results it made itself. The arena's pace is shortened through the bot's
//! settings (a one-second wait, a six-second last call, a 30-second arena).

use std::collections::{HashMap, HashSet};
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use fake_discord::{Message, TestChannel, TestUser};
use serde_json::json;

use crate::support::{assert_refusal, free_addr, E2e, ANSWER_TIMEOUT};

/// How long before the arena's end the test stops finishing the games it gets: more than the
/// last call plus the wait, so that some games are paired and then held past the end.
const HOLD_BEFORE_END: Duration = Duration::from_secs(12);

/// One game as a wave's post shows it.
#[derive(Clone, Copy, Debug)]
struct Board {
    first: u64,
    second: u64,
    thread: u64,
}

/// How a game ended for its first player.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Outcome {
    Win,
    Draw,
    Loss,
}

/// The ids in `<@…>` (or `<#…>`) marks of `line`, in order.
fn ids(line: &str, mark: &str) -> Vec<u64> {
    line.split(mark)
        .skip(1)
        .filter_map(|rest| rest.split('>').next()?.parse().ok())
        .collect()
}

/// The games of a wave's post: `N. <@a> vs <@b>: <#thread>` lines.
fn boards(message: &Message) -> Vec<Board> {
    if !message.content.contains("new games") {
        return Vec::new();
    }
    message
        .content
        .lines()
        .filter_map(
            |line| match (ids(line, "<@").as_slice(), ids(line, "<#").as_slice()) {
                ([first, second], [thread]) => Some(Board {
                    first: *first,
                    second: *second,
                    thread: *thread,
                }),
                _ => None,
            },
        )
        .collect()
}

/// Reads the live page's table: each row's name with its points, streak and games.
fn read_page(html: &str) -> HashMap<String, (u32, u32, u32)> {
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
        assert_eq!(cells.len(), 5, "place, name, points, streak, games: {row}");
        let name = cells[1].split(" <span").next().unwrap_or("").to_string();
        let number = |cell: &str| cell.trim_end_matches('🔥').parse().expect("a number");
        rows.insert(name, (number(cells[2]), number(cells[3]), number(cells[4])));
    }
    rows
}

/// What a standings line shows: points, games, and the streak of a player on fire.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Line {
    points: u32,
    games: u32,
    fire: Option<u32>,
}

/// Reads `N. <@user>: P pts · G games[ · 🔥 S]` lines.
fn read_standings(content: &str) -> HashMap<u64, Line> {
    let mut rows = HashMap::new();
    for line in content.lines() {
        let Some(user) = ids(line, "<@").first().copied() else {
            continue;
        };
        let Some((_, rest)) = line.split_once(">: ") else {
            continue;
        };
        let parts: Vec<&str> = rest.split(" · ").collect();
        let number = |text: &str| -> u32 {
            text.split(' ')
                .find_map(|word| word.parse().ok())
                .unwrap_or_else(|| panic!("a number in {text:?} of {line:?}"))
        };
        rows.insert(
            user,
            Line {
                points: number(parts[0]),
                games: number(parts[1]),
                fire: parts
                    .iter()
                    .find(|p| p.starts_with('🔥'))
                    .map(|p| number(p.trim_start_matches('🔥'))),
            },
        );
    }
    rows
}

/// The results this test made, counted by hand with the arena's rules: a win 2, a draw 1, a
/// loss 0; after two wins in a row each win counts 4 until a game is not won.
#[derive(Default)]
struct Tally {
    results: HashMap<u64, Vec<Outcome>>,
}

impl Tally {
    fn game(&mut self, board: Board, outcome: Outcome) {
        let reversed = match outcome {
            Outcome::Win => Outcome::Loss,
            Outcome::Draw => Outcome::Draw,
            Outcome::Loss => Outcome::Win,
        };
        self.results.entry(board.first).or_default().push(outcome);
        self.results.entry(board.second).or_default().push(reversed);
    }

    fn line(&self, user: u64) -> Line {
        let (mut points, mut streak) = (0, 0);
        let results = self.results.get(&user).cloned().unwrap_or_default();
        for outcome in &results {
            match outcome {
                Outcome::Win => {
                    points += if streak >= 2 { 4 } else { 2 };
                    streak += 1;
                }
                Outcome::Draw => {
                    points += 1;
                    streak = 0;
                }
                Outcome::Loss => streak = 0,
            }
        }
        Line {
            points,
            games: results.len() as u32,
            fire: (streak >= 2).then_some(streak),
        }
    }
}

fn unix_now() -> Duration {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .expect("after 1970")
}

struct Arena {
    e: E2e,
    hall: TestChannel,
    players: Vec<TestUser>,
    tally: Tally,
    /// Games finished by this test, in order.
    played: usize,
}

impl Arena {
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

    /// Every game posted so far, in order.
    fn posted(&self) -> Vec<Board> {
        self.e
            .fake
            .channel_messages(&self.hall)
            .iter()
            .flat_map(boards)
            .collect()
    }

    /// Ends the game of `board`: every seventh a draw, else the player with fewer points so far
    /// resigns (the second player when level).
    async fn finish(&mut self, board: Board) {
        let thread = self.thread(board.thread);
        let (first, second) = (
            self.user(board.first).clone(),
            self.user(board.second).clone(),
        );
        assert_eq!(
            thread.name,
            format!("A · {} vs {}", first.name, second.name),
            "an arena's thread is named after its players"
        );
        self.played += 1;
        let outcome = if self.played % 7 == 0 {
            let offer = self.e.halma(&first, &thread, "draw", &[]).await;
            assert!(!offer.ephemeral, "{offer:?}");
            self.e.halma(&second, &thread, "draw", &[]).await;
            Outcome::Draw
        } else {
            let first_leads =
                self.tally.line(board.first).points >= self.tally.line(board.second).points;
            let loser = if first_leads { &second } else { &first };
            let answer = self.e.halma(loser, &thread, "resign", &[]).await;
            assert!(!answer.ephemeral, "a resignation is public: {answer:?}");
            if first_leads {
                Outcome::Win
            } else {
                Outcome::Loss
            }
        };
        self.tally.game(board, outcome);
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn four_members_play_a_short_arena_and_the_standings_add_up() {
    let web = free_addr();
    let public = format!("http://{web}");
    let e = E2e::start_with(
        "arena",
        &[
            ("WEB_ADDR", web.as_str()),
            ("PUBLIC_URL", public.as_str()),
            ("ARENA_WAIT_SECS", "1"),
            ("ARENA_LAST_CALL_SECS", "6"),
            ("ARENA_MIN_DURATION_SECS", "20"),
        ],
    )
    .await;
    let organiser = e.user("organiser").with_manage_guild();
    let players: Vec<TestUser> = ["ann", "ben", "cid", "dee"]
        .into_iter()
        .map(|name| e.user(name))
        .collect();
    let hall = e.channel("arena-hour");

    // An arena has no rounds, and its length is written like 30s or 1h30m.
    let terms = |extra: (&'static str, serde_json::Value)| {
        vec![
            ("name", json!("Arena hour")),
            ("format", json!("arena")),
            ("variant", json!("small")),
            ("turn_timeout", json!("10m")),
            extra,
        ]
    };
    let refused = e
        .halma(
            &organiser,
            &hall,
            "tournament create",
            &terms(("rounds", json!(3))),
        )
        .await;
    assert_refusal(&refused, "no rounds");
    let refused = e
        .halma(
            &organiser,
            &hall,
            "tournament create",
            &terms(("duration", json!("soon"))),
        )
        .await;
    assert_refusal(&refused, "'soon'");
    let made = e
        .halma(
            &organiser,
            &hall,
            "tournament create",
            &terms(("duration", json!("30s"))),
        )
        .await;
    assert!(
        made.ephemeral && made.content.contains("Arena hour"),
        "{made:?}"
    );
    e.fake
        .wait_for_channel_message(
            &hall,
            |m| m.content.contains("an arena of small") && m.button("Join").is_some(),
            ANSWER_TIMEOUT,
        )
        .await
        .expect("the announcement with its Join button");
    for player in &players {
        let joined = e.halma(player, &hall, "tournament join", &[]).await;
        assert!(joined.content.contains("You joined"), "{joined:?}");
    }
    let started = e.halma(&organiser, &hall, "tournament start", &[]).await;
    assert!(
        started.content.contains("has started and ends"),
        "{started:?}"
    );
    // The end as the answer shows it (`<t:SECONDS:R>`, rounded down): done at the next second.
    let end = Duration::from_secs(
        started
            .content
            .split("<t:")
            .nth(1)
            .and_then(|rest| rest.split(':').next())
            .and_then(|secs| secs.parse::<u64>().ok())
            .expect("the end in the answer")
            + 1,
    );

    let mut arena = Arena {
        e,
        hall: hall.clone(),
        players,
        tally: Tally::default(),
        played: 0,
    };
    // A member may leave the queue and come back.
    let first_wave = arena
        .e
        .fake
        .wait_for_channel_message(&hall, |m| boards(m).len() == 2, ANSWER_TIMEOUT)
        .await
        .expect("the first games at the start");
    let member = arena.user(boards(&first_wave)[0].first).clone();
    let paused = arena.e.halma(&member, &hall, "tournament pause", &[]).await;
    assert!(
        paused.ephemeral && paused.content.contains("You left the queue"),
        "{paused:?}"
    );
    let back = arena.e.halma(&member, &hall, "tournament pause", &[]).await;
    assert!(
        back.ephemeral && back.content.contains("You are back"),
        "{back:?}"
    );

    // Every game is played out as it comes, until shortly before the end; the rest are held
    // until the time is up, then finished too.
    let mut seen: HashSet<u64> = HashSet::new();
    let mut held: Vec<Board> = Vec::new();
    let mut past_the_end = 0;
    let podium = loop {
        for board in arena.posted() {
            if !seen.insert(board.thread) {
                continue;
            }
            if unix_now() + HOLD_BEFORE_END < end {
                arena.finish(board).await;
            } else {
                held.push(board);
            }
        }
        if unix_now() >= end {
            past_the_end += held.len();
            for board in std::mem::take(&mut held) {
                arena.finish(board).await;
            }
        }
        let done = arena
            .e
            .fake
            .channel_messages(&hall)
            .into_iter()
            .find(|m| m.content.contains("🥇"));
        if let Some(podium) = done {
            break podium;
        }
        // Wait for a game not seen yet or the podium, or until the time is up.
        let now = unix_now();
        let patience = if now < end { end - now } else { ANSWER_TIMEOUT };
        let known = seen.clone();
        let waited = arena
            .e
            .fake
            .wait_for_channel_message(
                &hall,
                |m| {
                    m.content.contains("🥇") || boards(m).iter().any(|b| !known.contains(&b.thread))
                },
                patience,
            )
            .await;
        assert!(
            waited.is_ok() || unix_now() < end + ANSWER_TIMEOUT,
            "no podium after the end: {waited:?}"
        );
    };
    assert!(
        past_the_end > 0,
        "some games ran past the end (paired before the last call, finished after)"
    );
    assert!(
        arena.played >= 6,
        "games came one after another: {}",
        arena.played
    );
    assert_eq!(
        seen.len(),
        arena.played,
        "every game was finished, those held past the end too"
    );

    // The standings message after the last result, and the command, agree with the tally.
    let games: u32 = 2 * arena.played as u32;
    let message = arena
        .e
        .fake
        .wait_for_channel_message(
            &hall,
            |m| {
                m.content.contains("Standings of Arena hour")
                    && m.content.contains("final")
                    && read_standings(&m.content)
                        .values()
                        .map(|l| l.games)
                        .sum::<u32>()
                        == games
            },
            ANSWER_TIMEOUT,
        )
        .await
        .expect("the final standings");
    let shown = read_standings(&message.content);
    assert_eq!(shown.len(), 4, "{}", message.content);
    for player in &arena.players {
        assert_eq!(
            shown[&player.id],
            arena.tally.line(player.id),
            "{}: {}",
            player.name,
            message.content
        );
    }
    assert!(
        arena.players.iter().any(|p| arena.tally.results[&p.id]
            .windows(3)
            .any(|w| w.iter().all(|o| *o == Outcome::Win))),
        "somebody won three in a row, so a win counted double"
    );
    let best = arena
        .players
        .iter()
        .map(|p| arena.tally.line(p.id).points)
        .max()
        .unwrap();
    let leader = message
        .content
        .lines()
        .find(|l| l.starts_with("1. "))
        .map(|l| ids(l, "<@")[0])
        .expect("a first place");
    assert_eq!(arena.tally.line(leader).points, best);
    assert!(
        podium.content.contains(&format!("🥇 <@{leader}>")),
        "{}",
        podium.content
    );
    // The live page, through the message's link, shows the same table.
    let page = message
        .button("Standings")
        .and_then(|b| b.url.clone())
        .expect("a link to the live standings");
    let html = reqwest::get(&page)
        .await
        .expect("the live page")
        .text()
        .await
        .expect("its text");
    let on_page = read_page(&html);
    assert_eq!(on_page.len(), 4, "{html}");
    for player in &arena.players {
        let line = arena.tally.line(player.id);
        let (points, streak, games) = on_page[&player.name];
        assert_eq!(
            (points, games),
            (line.points, line.games),
            "{}: {html}",
            player.name
        );
        assert_eq!(
            (streak >= 2).then_some(streak),
            line.fire,
            "{}: {html}",
            player.name
        );
    }
    let asked = arena
        .e
        .halma(&arena.players[0], &hall, "tournament standings", &[])
        .await;
    assert!(!asked.ephemeral);
    assert_eq!(
        asked.content, message.content,
        "the command agrees with the message"
    );
    let stats = arena.e.halma(arena.user(leader), &hall, "stats", &[]).await;
    assert!(
        stats.content.contains("1 played, best place 1"),
        "{}",
        stats.content
    );
    assert_eq!(
        arena.e.fake.threads_of(&hall).len(),
        arena.played,
        "one thread per game"
    );
}
