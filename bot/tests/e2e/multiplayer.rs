//! Whole games of three and four through Discord, to the rating change: a `four-teams` game
//! gathered in an open lobby and a `three` game from a challenge of two opponents, every move
//! a greedy one sent as `/halma move`, then the end announcement, the leaderboard and the
//! stored Weng-Lin ratings. On the way, the channel's one gathering at a time is checked.

use fake_discord::{Answer, TestChannel, TestUser};
use halma::{Outcome, Seat, Variant};
use serde_json::json;

use crate::support::{assert_game_start, assert_refusal, game_row, seats_of, E2e, Table};

/// Longest game the test plays before it calls the greedy players stuck: greedy games of three
/// and four end in a few hundred plies (passes included).
const MAX_PLIES: usize = 1_500;

/// `/halma challenge opponent:<bob> opponent2:<carol> variant:three first:me` as `alice`.
pub async fn invite_to_three(
    e: &E2e,
    channel: &TestChannel,
    alice: &TestUser,
    bob: &TestUser,
    carol: &TestUser,
) -> Answer {
    let options = [
        ("opponent", bob.option_value()),
        ("variant", json!("three")),
        ("first", json!("me")),
        ("opponent2", carol.option_value()),
    ];
    e.halma(alice, channel, "challenge", &options).await
}

/// Plays greedy moves at `table` until the game ends; returns the last move's answer.
async fn play_to_the_end(e: &E2e, table: &mut Table) -> Answer {
    let mut last = None;
    while !table.game.outcome().is_over() {
        assert!(
            table.game.plies().len() < MAX_PLIES,
            "the greedy game of {} did not end in {MAX_PLIES} plies",
            table.game.position().variant()
        );
        last = Some(e.play_greedy(table).await);
    }
    last.expect("moves were played")
}

/// The winners of the finished game at `table` (one, or a team of two) and everyone else.
fn winners_and_losers(table: &Table) -> (Vec<TestUser>, Vec<TestUser>) {
    let Outcome::Win { winners, .. } = table.game.outcome() else {
        panic!("greedy games are won: {:?}", table.game.outcome());
    };
    let (won, lost): (Vec<Seat>, Vec<Seat>) = table
        .game
        .position()
        .variant()
        .seats()
        .partition(|s| winners.contains(s));
    let users = |seats: Vec<Seat>| seats.into_iter().map(|s| table.at(s).clone()).collect();
    (users(won), users(lost))
}

/// Checks the last move's answer: it names the winners, ranks them first, and shows every
/// player's rating change from 1500.
fn assert_end_announced(last: &Answer, table: &Table, winners: &[TestUser], win_text: &str) {
    let content = &last.content;
    assert!(
        content.contains(win_text),
        "the end says {win_text:?}: {content}"
    );
    for w in winners {
        assert!(
            content.contains(&w.mention()),
            "{} is named: {content}",
            w.name
        );
    }
    let ranking = content
        .split("Final ranking: ")
        .nth(1)
        .unwrap_or_else(|| panic!("no ranking in {content}"));
    let first = ranking.split(" · ").next().expect("a first place");
    assert!(first.starts_with("1. "), "{ranking}");
    for user in &table.seats {
        let won = winners.iter().any(|w| w.id == user.id);
        assert_eq!(
            first.contains(&user.mention()),
            won,
            "{} in the first place: {ranking}",
            user.name
        );
        assert!(
            content.contains(&format!("{}: 1500 → ", user.mention())),
            "{}'s rating change is shown: {content}",
            user.name
        );
    }
    assert!(
        last.button("Rematch").is_some(),
        "{:?}",
        last.button_labels()
    );
}

/// The rating a leaderboard row shows for `user`, and the row.
fn leaderboard_row(board: &str, user: &TestUser) -> (f64, String) {
    let row = board
        .lines()
        .find(|l| l.contains(&user.mention()))
        .unwrap_or_else(|| panic!("{} is on the leaderboard: {board}", user.name));
    let rating = row
        .split(&user.mention())
        .nth(1)
        .and_then(|rest| rest.split_whitespace().next())
        .and_then(|r| r.parse().ok())
        .unwrap_or_else(|| panic!("a rating in {row:?}"));
    (rating, row.to_string())
}

/// Checks the stored game (finished, completed, at the mirrored position), then
/// `/halma leaderboard variant:<variant>` and the stored ratings after it: every player has
/// played one game, the winners have won it and moved up, the last place moved down, and the
/// rows are Weng-Lin's.
async fn assert_finished_and_rated(
    e: &E2e,
    table: &Table,
    winners: &[TestUser],
    last_place: &[TestUser],
    watcher: &TestUser,
) {
    let variant = table.game.position().variant();
    let row = game_row(&e.db.pool, &table.channel).await;
    assert_eq!(row.status, "finished");
    assert_eq!(row.end_reason.as_deref(), Some("completed"));
    assert_eq!(row.position, table.game.position().to_string());
    eprintln!(
        "{variant}: {} plies, {} moves",
        table.game.plies().len(),
        row.ply
    );
    let board = e
        .halma(
            watcher,
            &table.channel,
            "leaderboard",
            &[("variant", json!(variant.name()))],
        )
        .await;
    assert!(!board.ephemeral, "{board:?}");
    for user in &table.seats {
        let (rating, row) = leaderboard_row(&board.content, user);
        let won = winners.iter().any(|w| w.id == user.id);
        let record = if won {
            "1 W, 0 L, 0 D"
        } else {
            "0 W, 1 L, 0 D"
        };
        assert!(row.contains("1 game") && row.contains(record), "{row}");
        if won {
            assert!(rating > 1500.0, "the winner {} moved up: {row}", user.name);
        }
        if last_place.iter().any(|l| l.id == user.id) {
            assert!(rating < 1500.0, "the last {} moved down: {row}", user.name);
        }
    }
    let rows: Vec<(i64, f64, String, i32)> = sqlx::query_as(
        "SELECT user_id, rating, system, games FROM ratings WHERE variant = $1 ORDER BY user_id",
    )
    .bind(variant.name())
    .fetch_all(&e.db.pool)
    .await
    .expect("read the ratings");
    assert_eq!(rows.len(), table.seats.len(), "{rows:?}");
    for (user, rating, system, games) in rows {
        assert_eq!((system.as_str(), games), ("weng_lin", 1), "user {user}");
        if winners.iter().any(|w| w.id as i64 == user) {
            assert!(rating > 1500.0, "user {user}: {rating}");
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_team_game_from_a_lobby_is_played_to_its_end_and_rated() {
    let e = E2e::start("whole_four_teams").await;
    let [alice, bob, carol, dave, erin] =
        ["alice", "bob", "carol", "dave", "erin"].map(|n| e.user(n));
    let channel = e.channel("four-teams");

    let lobby = e
        .halma(
            &alice,
            &channel,
            "open",
            &[("variant", json!("four-teams"))],
        )
        .await;
    assert!(!lobby.ephemeral && lobby.callback_type == 4, "{lobby:?}");
    // While the lobby gathers players, a challenge in the channel is refused.
    let challenge = e.challenge(&erin, &bob, &channel, "small").await;
    assert_refusal(&challenge, &alice.mention());
    assert_refusal(&challenge, "lobby open");

    for user in [&bob, &carol] {
        let joined = e.click(user, &lobby, "Join").await;
        assert!(!joined.ephemeral && joined.callback_type == 7, "{joined:?}");
    }
    let started = e.click(&dave, &lobby, "Join").await;
    assert_game_start(&started, &alice, Variant::FourTeams);
    let row = game_row(&e.db.pool, &channel).await;
    assert_eq!(
        seats_of(&e.db.pool, row.id).await,
        [
            ("a".to_string(), alice.id),
            ("b".to_string(), bob.id),
            ("c".to_string(), carol.id),
            ("d".to_string(), dave.id)
        ],
        "seats in joining order, the host first: alice and bob against carol and dave"
    );

    let mut table = Table::new(&channel, vec![alice, bob, carol, dave], Variant::FourTeams);
    let last = play_to_the_end(&e, &mut table).await;
    let (winners, losers) = winners_and_losers(&table);
    assert_eq!(winners.len(), 2, "a team wins");
    let win_text = format!(
        "{} and {} have brought every piece home and win!",
        winners[0].mention(),
        winners[1].mention()
    );
    assert_end_announced(&last, &table, &winners, &win_text);

    assert_finished_and_rated(&e, &table, &winners, &losers, &erin).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_of_three_from_a_challenge_is_played_to_its_end_and_rated() {
    let e = E2e::start("whole_three").await;
    let [alice, bob, carol, dave] = ["alice", "bob", "carol", "dave"].map(|n| e.user(n));
    let channel = e.channel("three");

    let invitation = invite_to_three(&e, &channel, &alice, &bob, &carol).await;
    assert!(!invitation.ephemeral, "{invitation:?}");
    e.wait_challenge_recorded(invitation.message_id.expect("a message"))
        .await;
    // While the invitation waits for its answers, neither a lobby nor another challenge may
    // gather players in the channel.
    let lobby = e.halma(&dave, &channel, "open", &[]).await;
    assert_refusal(&lobby, &alice.mention());
    assert_refusal(&lobby, "waiting for its answers");
    let other = e.challenge(&dave, &bob, &channel, "small").await;
    assert_refusal(&other, "waiting for its answers");

    let waiting = e.click(&bob, &invitation, "Accept").await;
    assert!(
        !waiting.ephemeral && waiting.callback_type == 7,
        "{waiting:?}"
    );
    let started = e.click(&carol, &invitation, "Accept").await;
    assert_game_start(&started, &alice, Variant::Three);

    let mut table = Table::new(&channel, vec![alice, bob, carol], Variant::Three);
    let last = play_to_the_end(&e, &mut table).await;
    let (winners, _) = winners_and_losers(&table);
    assert_eq!(winners.len(), 1, "the first to complete wins");
    let win_text = format!(
        "{} has brought every piece home and wins!",
        winners[0].mention()
    );
    assert_end_announced(&last, &table, &winners, &win_text);
    // The last place is the third of the ranking, as the rules rank the players.
    let standings = table.game.standings();
    let last_place = vec![table.at(standings[2]).clone()];

    assert_finished_and_rated(&e, &table, &winners, &last_place, &dave).await;
}
