//! A whole game on the 8×8 board, from the challenge to the leaderboard, every move chosen
//! from the bot's own autocomplete suggestions.

use std::collections::{BTreeSet, HashSet};

use fake_discord::{Choice, TestChannel, TestUser};
use halma::{Outcome, Position, Seat, Square, Variant};
use serde_json::{json, Value};

use crate::support::{assert_game_start, assert_refusal, game_row, moves_of, seats_of, E2e, Table};

/// Longest game the test plays before it calls the bot (or the greedy players) stuck.
const MAX_PLIES: usize = 400;

fn values(choices: &[Choice]) -> Vec<String> {
    choices
        .iter()
        .map(|c| match &c.value {
            Value::String(s) => s.clone(),
            other => other.to_string(),
        })
        .collect()
}

/// The bot's suggestions for the `focused` option of `/halma move`, with `options` filled in.
async fn suggested(
    e: &E2e,
    user: &TestUser,
    channel: &TestChannel,
    options: &[(&str, &str)],
    focused: &str,
) -> Vec<String> {
    let options: Vec<(&str, Value)> = options.iter().map(|(k, v)| (*k, json!(v))).collect();
    let choices = e
        .fake
        .autocomplete(user, channel, "halma", "move", &options, focused)
        .await
        .unwrap_or_else(|err| {
            panic!(
                "autocomplete of {focused} {options:?} for {}: {err}",
                user.name
            )
        });
    values(&choices)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_small_game_from_challenge_to_win_and_leaderboard() {
    let e = E2e::start("full_game").await;
    let alice = e.user("alice");
    let bob = e.user("bob");
    let carol = e.user("carol");
    let channel = e.channel("small-game");

    let challenge = e.challenge(&alice, &bob, &channel, "small").await;
    assert!(
        !challenge.ephemeral && challenge.callback_type == 4,
        "{challenge:?}"
    );
    assert_eq!(challenge.button_labels(), ["Accept", "Decline", "Withdraw"]);

    // Only the challenged player may accept.
    let refused = e.click(&carol, &challenge, "Accept").await;
    assert_refusal(&refused, &bob.mention());
    // And only the challenger may withdraw.
    let refused = e.click(&bob, &challenge, "Withdraw").await;
    assert_refusal(&refused, &alice.mention());
    let stored = e
        .fake
        .message(challenge.message_id.expect("the challenge is a message"))
        .expect("the challenge message is stored");
    assert_eq!(
        stored.button_labels(),
        ["Accept", "Decline", "Withdraw"],
        "a refused click leaves the challenge as it was"
    );
    let games: i64 = sqlx::query_scalar("SELECT count(*) FROM games")
        .fetch_one(&e.db.pool)
        .await
        .expect("count games");
    assert_eq!(games, 0, "a refused accept starts no game");

    let started = e.click(&bob, &challenge, "Accept").await;
    assert_game_start(&started, &alice, Variant::Small);
    let row = game_row(&e.db.pool, &channel).await;
    assert_eq!(
        row.start_position,
        Position::start(Variant::Small).to_string()
    );
    assert_eq!(
        seats_of(&e.db.pool, row.id).await,
        [("a".to_string(), alice.id), ("b".to_string(), bob.id)],
        "the challenger chose to move first, so takes seat a"
    );

    let mut table = Table {
        channel: channel.clone(),
        seats: vec![alice.clone(), bob.clone()],
        game: halma::Game::new(
            Position::start(Variant::Small),
            halma::Options::for_variant(Variant::Small),
        ),
        seen: HashSet::new(),
    };

    // Nobody but the player to move gets suggestions.
    assert!(suggested(&e, &bob, &channel, &[("from", "")], "from")
        .await
        .is_empty());
    assert!(suggested(&e, &carol, &channel, &[("from", "")], "from")
        .await
        .is_empty());

    let mut last = None;
    for _ in 0..MAX_PLIES {
        let position = table.game.position().clone();
        let options = *table.game.options();
        let mover = table.to_move().clone();

        let movable: BTreeSet<String> = {
            let mut set = BTreeSet::new();
            position.for_each_destination(&options, |from, _| {
                set.insert(from.to_string());
            });
            set
        };
        let offered: BTreeSet<String> = suggested(&e, &mover, &channel, &[("from", "")], "from")
            .await
            .into_iter()
            .collect();
        assert_eq!(offered, movable, "the starts offered in {position}");

        let mv = table.next_move();
        let from = mv.from.to_string();
        let destinations: Vec<Square> =
            position.destinations(mv.from, &options).squares().collect();
        let offered = suggested(&e, &mover, &channel, &[("from", &from), ("to", "")], "to").await;
        if destinations.len() <= 25 {
            let want: BTreeSet<String> = destinations.iter().map(Square::to_string).collect();
            let got: BTreeSet<String> = offered.iter().cloned().collect();
            assert_eq!(
                got, want,
                "the destinations offered from {from} in {position}"
            );
        } else {
            assert_eq!(offered.len(), 25, "at most 25 suggestions");
        }
        let to = mv.to.to_string();
        if !offered.contains(&to) {
            // Typing the square narrows the suggestions down to it.
            let narrowed =
                suggested(&e, &mover, &channel, &[("from", &from), ("to", &to)], "to").await;
            assert!(
                narrowed.contains(&to),
                "{to} is offered once typed: {narrowed:?}"
            );
        }
        // The user picks the suggestion: its value is the destination square.
        let answer = e.play_typed(&mut table, mv, &to).await;
        last = Some(answer);
        if table.game.outcome().is_over() {
            break;
        }
    }

    let outcome = table.game.outcome().clone();
    let Outcome::Win { winners, .. } = &outcome else {
        panic!("the game did not end in a win within {MAX_PLIES} plies: {outcome:?}");
    };
    let winner_seat: Seat = winners[0];
    let winner = table.at(winner_seat).clone();
    let loser = table.seats[1 - winner_seat.index()].clone();
    let last = last.expect("moves were played");
    assert!(
        last.content.contains("wins") && last.content.contains(&winner.mention()),
        "the last move announces {}'s win: {:?}",
        winner.name,
        last.content
    );
    assert!(
        last.button("Rematch").is_some(),
        "a finished game offers a rematch: {:?}",
        last.button_labels()
    );

    let row = game_row(&e.db.pool, &channel).await;
    assert_eq!(row.status, "finished");
    assert_eq!(row.end_reason.as_deref(), Some("completed"));
    assert_eq!(
        row.winners.as_deref(),
        Some(winner_seat.letter().to_string().as_str())
    );
    assert_eq!(row.position, table.game.position().to_string());
    let moves = moves_of(&e.db.pool, row.id).await;
    let played = table
        .game
        .plies()
        .iter()
        .filter(|p| p.as_move().is_some())
        .count();
    assert_eq!(moves.len(), played, "one row per move");
    assert_eq!(row.ply as usize, played);

    // A move after the end is refused.
    let after = e.move_(&loser, &channel, "a1", "a2").await;
    assert_refusal(&after, "");

    let board = e
        .halma(
            &carol,
            &channel,
            "leaderboard",
            &[("variant", json!("small"))],
        )
        .await;
    assert!(!board.ephemeral, "the leaderboard is public: {board:?}");
    let w = board.content.find(&winner.mention());
    let l = board.content.find(&loser.mention());
    assert!(
        matches!((w, l), (Some(w), Some(l)) if w < l),
        "the winner {} is listed before the loser {}: {:?}",
        winner.name,
        loser.name,
        board.content
    );
    eprintln!("the small game took {played} moves");
}
