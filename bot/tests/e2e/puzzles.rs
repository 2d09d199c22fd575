//! Puzzles through the real bot and the fake Discord: the server's daily crossing, played by
//! one member through the picker (the bot killed and restarted in the middle), by a second
//! through `/halma move`, and given up by a third; the day's leaderboard and the ratings
//! checked against the test's own count, and the daily announcement posted in the game
//! channel exactly once. The crossing is played with the par the test's own solver finds.

use std::time::{Duration, Instant};

use fake_discord::{Answer, SelectMenu, TestChannel, TestUser};
use halma::{MoveText, Variant};
use halma_puzzles::{
    compute_par, initial_rating, rate, CrossingScore, Finish, Glicko2Rating, Limits, Stop,
};
use serde_json::json;
use sqlx::Row as _;

use crate::support::{assert_refusal, E2e, ANSWER_TIMEOUT};

/// The solver's budget, in the bot and in the test: enough for a crossing of every board.
const BUDGET: u64 = 10_000_000;

/// The most the test waits for the bot to compute a par.
const PAR_TIMEOUT: Duration = Duration::from_secs(300);

/// The menu of `answer` whose id starts with `prefix` and offers `value`.
fn menu_offering<'a>(answer: &'a Answer, prefix: &str, value: &str) -> &'a SelectMenu {
    answer
        .selects
        .iter()
        .filter(|m| m.custom_id.starts_with(prefix))
        .find(|m| m.values().iter().any(|v| v == value))
        .unwrap_or_else(|| panic!("{value} is offered in a {prefix} menu: {answer:?}"))
}

/// How many pars the bot has stored.
async fn pars_stored(e: &E2e) -> i64 {
    sqlx::query_scalar("SELECT count(*) FROM crossing_pars WHERE par IS NOT NULL")
        .fetch_one(&e.db.pool)
        .await
        .expect("the pars")
}

/// `user` asks for the daily puzzle in `channel`; while its par is being worked out, waits
/// until the bot stores one and asks again.
async fn daily(e: &E2e, user: &TestUser, channel: &TestChannel) -> Answer {
    let started = Instant::now();
    loop {
        let stored = pars_stored(e).await;
        let answer = e.halma(user, channel, "puzzle daily", &[]).await;
        if !answer.content.contains("still being worked out") {
            return answer;
        }
        while pars_stored(e).await == stored {
            assert!(
                started.elapsed() < PAR_TIMEOUT,
                "no par within {PAR_TIMEOUT:?}"
            );
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
    }
}

/// The day's puzzle as the bot stored it: its board and par.
async fn daily_puzzle(e: &E2e) -> (Variant, u32) {
    let row = sqlx::query("SELECT variant, par FROM puzzles WHERE guild_id IS NOT NULL")
        .fetch_one(&e.db.pool)
        .await
        .expect("the daily puzzle");
    let variant: String = row.get("variant");
    let par: i32 = row.get("par");
    (variant.parse().expect("a variant"), par as u32)
}

/// The moves of `user`'s attempt as stored.
async fn stored_ply(e: &E2e, user: &TestUser) -> i32 {
    sqlx::query_scalar("SELECT ply FROM puzzle_attempts WHERE user_id = $1")
        .bind(user.id as i64)
        .fetch_one(&e.db.pool)
        .await
        .expect("the attempt")
}

/// Plays `mv` in the picker message `panel` (pieces shown): the piece, then its destination.
/// Returns the panel after the move.
async fn pick(e: &E2e, user: &TestUser, panel: &Answer, mv: &MoveText) -> Answer {
    let squares = mv.squares();
    let (from, to) = (
        squares[0].to_string(),
        squares[squares.len() - 1].to_string(),
    );
    let pieces = menu_offering(panel, "halma:zp:", &from).custom_id.clone();
    let destinations = e
        .fake
        .select(user, panel, &pieces, &[&from])
        .await
        .unwrap_or_else(|err| panic!("{} picks {from}: {err}", user.name));
    assert!(
        destinations.ephemeral && destinations.callback_type == 7,
        "{destinations:?}"
    );
    let menu = menu_offering(&destinations, "halma:zt:", &to)
        .custom_id
        .clone();
    let after = e
        .fake
        .select(user, &destinations, &menu, &[&to])
        .await
        .unwrap_or_else(|err| panic!("{} picks {to}: {err}", user.name));
    assert!(after.ephemeral && after.callback_type == 7, "{after:?}");
    assert_eq!(after.files.len(), 1, "the board after the move: {after:?}");
    after
}

/// The line of `user` on the leaderboard.
fn line_of<'a>(board: &'a str, user: &TestUser) -> &'a str {
    board
        .lines()
        .find(|l| l.contains(&user.mention()))
        .unwrap_or_else(|| panic!("{} is on the board: {board}", user.name))
}

/// The rating a leaderboard line shows.
fn rating_in(line: &str) -> i64 {
    line.split("rating ")
        .nth(1)
        .and_then(|r| r.split(' ').next())
        .and_then(|r| r.parse().ok())
        .unwrap_or_else(|| panic!("a rating in {line:?}"))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn three_members_play_the_daily_crossing_through_a_restart() {
    let budget = BUDGET.to_string();
    let mut e = E2e::start_with(
        "puzzles",
        &[("PUZZLE_DAILY", "crossing"), ("PUZZLE_PAR_NODES", &budget)],
    )
    .await;
    let (alice, bob, carol) = (e.user("alice"), e.user("bob"), e.user("carol"));
    let admin = e.user("admin").with_manage_guild();
    let (lounge, games) = (e.channel("lounge"), e.channel("games"));
    e.halma(
        &admin,
        &lounge,
        "settings",
        &[("allow_channel", json!(games.id.to_string()))],
    )
    .await;
    let before = e.halma(&alice, &lounge, "puzzle leaderboard", &[]).await;
    assert!(before.content.contains("Nobody has asked"), "{before:?}");

    // Alice asks first: the puzzle of the day is made, only she sees her attempt.
    let started = daily(&e, &alice, &lounge).await;
    assert!(started.ephemeral, "{started:?}");
    assert!(started.content.contains("Today's puzzle"), "{started:?}");
    assert_eq!(started.button_labels(), ["Move"]);
    let (variant, par) = daily_puzzle(&e).await;
    let moves = compute_par(variant, Limits::nodes(BUDGET), &Stop::new())
        .expect("the test's own crossing")
        .moves;
    assert_eq!(moves.len() as u32, par, "the bot's par is the solver's");
    assert!(
        started.content.contains(&format!("is {par} moves")),
        "{started:?}"
    );

    // Through the picker, with the bot killed and restarted half way.
    let mut panel = e
        .fake
        .click(&alice, &started, "Move")
        .await
        .expect("the picker opens");
    assert!(panel.ephemeral && panel.callback_type == 4, "{panel:?}");
    let half = moves.len() / 2;
    for mv in &moves[..half] {
        panel = pick(&e, &alice, &panel, mv).await;
    }
    assert_eq!(stored_ply(&e, &alice).await as usize, half);
    e.restart().await;
    for mv in &moves[half..] {
        panel = pick(&e, &alice, &panel, mv).await;
    }
    assert!(
        panel
            .content
            .contains(&format!("Crossed in {par} moves: exactly the par")),
        "{panel:?}"
    );
    assert!(panel.selects.is_empty(), "the puzzle is over: {panel:?}");
    let again = e.halma(&alice, &lounge, "puzzle daily", &[]).await;
    assert!(
        again.ephemeral && again.content.contains("Crossed in"),
        "{again:?}"
    );

    // Bob, through /halma move, after an illegal move that changes nothing.
    let bob_started = daily(&e, &bob, &lounge).await;
    assert!(bob_started.ephemeral, "{bob_started:?}");
    let first = moves[0].squares();
    let wrong = e.move_(&bob, &lounge, &first[0].to_string(), "a1").await;
    assert_refusal(&wrong, "");
    assert_eq!(stored_ply(&e, &bob).await, 0, "the refusal changed nothing");
    let mut last = None;
    for mv in &moves {
        let squares = mv.squares();
        let to: Vec<String> = squares[1..].iter().map(ToString::to_string).collect();
        let answer = e
            .move_(&bob, &lounge, &squares[0].to_string(), &to.join(" "))
            .await;
        assert!(
            answer.ephemeral && answer.content.contains("You played"),
            "{answer:?}"
        );
        last = Some(answer);
    }
    assert!(last.unwrap().content.contains("exactly the par"));

    // Carol looks, then gives up.
    daily(&e, &carol, &lounge).await;
    let gave_up = e.halma(&carol, &lounge, "puzzle giveup", &[]).await;
    assert!(
        gave_up.ephemeral && gave_up.content.contains("You gave up"),
        "{gave_up:?}"
    );

    // The leaderboard against the test's own count: one Glicko-2 game each against the
    // puzzle, in the order they finished.
    let mut puzzle: Glicko2Rating = initial_rating();
    let mut expect = Vec::new();
    let at_par = Finish::Crossing(CrossingScore {
        moves: moves.len(),
        par: moves.len(),
    });
    for finish in [at_par, at_par, Finish::GaveUp] {
        let rated = rate(&initial_rating(), &puzzle, &finish);
        puzzle = rated.puzzle;
        expect.push(rated.member.rating.round() as i64);
    }
    let board = e.halma(&carol, &lounge, "puzzle leaderboard", &[]).await;
    assert!(
        !board.ephemeral,
        "the leaderboard is for everyone: {board:?}"
    );
    let content = &board.content;
    assert!(
        content.contains(&format!("a crossing on {variant}, par {par} moves")),
        "{content}"
    );
    for (i, (user, result, streak)) in [
        (&alice, format!("{par} moves"), "streak 1 day"),
        (&bob, format!("{par} moves"), "streak 1 day"),
        (&carol, "gave up".to_string(), "streak 0 days"),
    ]
    .into_iter()
    .enumerate()
    {
        let line = line_of(content, user);
        assert!(line.starts_with(&format!("{}. ", i + 1)), "{line}");
        assert!(line.contains(&result) && line.ends_with(streak), "{line}");
        assert_eq!(rating_in(line), expect[i], "{}'s rating: {line}", user.name);
    }

    // The day's puzzle was announced in the game channel, once (the restart posted nothing
    // more).
    let announced = e
        .fake
        .wait_for_channel_message(
            &games,
            |m| m.content.contains("/halma puzzle daily"),
            ANSWER_TIMEOUT,
        )
        .await
        .expect("the announcement");
    assert!(announced
        .content
        .contains(&format!("a crossing on {variant}")));
    let posts = e
        .fake
        .channel_messages(&games)
        .into_iter()
        .filter(|m| m.content.contains("/halma puzzle daily"))
        .count();
    assert_eq!(posts, 1, "announced exactly once");
    assert!(e
        .fake
        .channel_messages(&lounge)
        .iter()
        .all(|m| m.ephemeral || !m.content.contains("Crossed")));
}
