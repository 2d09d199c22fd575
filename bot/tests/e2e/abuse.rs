//! A small version of the abuse bench (`bot/benches/abuse`): while one member leaves a lobby
//! of bots alone, challenges the bot at `hard` in several channels and aborts each, and asks
//! for more game threads than a member may open, and an accomplice's lobby is stormed with
//! clicks, all through a pool of two database connections, two people play on undisturbed. What is
//! checked here is what must hold, not how fast: nobody gets an apology, the game of bots ends
//! at once, no search runs on for an ended game, and the threads stop at their limit.

use std::time::Duration;

use bot_harness::abuse::{self, Answered};
use bot_harness::APOLOGY;
use fake_discord::{Answer, TestChannel};

use crate::support::{game_row, scrape_metrics, E2e, ANSWER_TIMEOUT};

/// The member's answers that were apologies (a failure on the bot's side).
fn apologies(answers: &[Answer]) -> Vec<&Answer> {
    answers
        .iter()
        .filter(|a| a.content.contains(APOLOGY))
        .collect()
}

/// Every answer, which the fake Discord must have given (no timeout, no lost interaction).
fn all_given(results: Vec<Answered>) -> Vec<Answer> {
    results.into_iter().map(|r| r.expect("an answer")).collect()
}

/// The value of an unlabelled metric in a scrape.
fn gauge(scrape: &str, name: &str) -> Option<f64> {
    scrape
        .lines()
        .find_map(|l| l.strip_prefix(name)?.strip_prefix(' ')?.trim().parse().ok())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn one_member_at_everything_at_once_does_not_disturb_a_game() {
    // A pool of two connections: a path that waited for a second connection while holding
    // one would stall every command here.
    let (e, ops) = E2e::start_with_ops("abuse", &[("DATABASE_POOL_SIZE", "2")]).await;
    e.fake.add_user(&e.fake.bot_user());
    let mallory = e.user("mallory");
    let mut people = e.small_game("people").await;
    let lobby_channel = e.channel("lobby-bots");
    let thread_channel = e.channel("threads");
    let bot_channels: Vec<TestChannel> = (0..3).map(|i| e.channel(&format!("bot-{i}"))).collect();
    let asked_threads = halma_core::service::THREADS_PER_MEMBER as usize + 2;

    let storm_channel = e.channel("storm");
    let accomplice = e.user("accomplice");
    let attack = async {
        let (lobby, bots, threads, stormed) = tokio::join!(
            abuse::lobby_of_bots(&e, &mallory, &lobby_channel),
            futures::future::join_all(
                bot_channels
                    .iter()
                    .map(|c| abuse::bot_and_abort(&e, &mallory, c, "standard"))
            ),
            abuse::thread_challenges(&e, &mallory, &thread_channel, asked_threads),
            abuse::storm(&e, &accomplice, &storm_channel, 10, 4),
        );
        assert!(lobby.before_resign.is_some(), "the host resigned");
        let mut all = all_given(lobby.answers);
        all.extend(all_given(bots.into_iter().flatten().collect()));
        all.extend(all_given(stormed));
        (all, all_given(threads))
    };
    let play = async {
        // The people's moves are checked by `play`: each is answered with its public board.
        for _ in 0..6 {
            e.play_greedy(&mut people).await;
        }
    };
    let ((mut answers, thread_answers), ()) = tokio::join!(attack, play);
    // Each thread challenge made a thread, or was refused (a limit of threads or of waiting
    // challenges) before any was made.
    let opened = e.fake.threads_of(&thread_channel).len();
    assert!(
        opened <= halma_core::service::THREADS_PER_MEMBER as usize,
        "{opened} threads"
    );
    let refused = thread_answers.iter().filter(|a| a.ephemeral).count();
    assert_eq!(refused + opened, asked_threads, "{thread_answers:?}");
    answers.extend(thread_answers);
    assert!(apologies(&answers).is_empty(), "{:?}", apologies(&answers));

    // The game of bots ended when its last person left: nothing more is played or posted.
    let lobby_game = game_row(&e.db.pool, &lobby_channel).await;
    assert_eq!(lobby_game.status, "finished", "{lobby_game:?}");
    assert_eq!(lobby_game.end_reason.as_deref(), Some("no_people_left"));
    assert_eq!(lobby_game.ply, 0, "no bot moved in it");
    for channel in &bot_channels {
        assert_eq!(game_row(&e.db.pool, channel).await.status, "aborted");
    }
    // No search runs on for the aborted games.
    let deadline = tokio::time::Instant::now() + ANSWER_TIMEOUT;
    loop {
        let scrape = scrape_metrics(&ops).await;
        if gauge(&scrape, "halma_searches_running") == Some(0.0)
            && gauge(&scrape, "halma_searches_waiting") == Some(0.0)
        {
            break;
        }
        assert!(
            tokio::time::Instant::now() < deadline,
            "searches still run for ended games: {scrape}"
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    // And the people's game went on as if nothing had happened.
    assert_eq!(game_row(&e.db.pool, &people.channel).await.ply, 6);
}
