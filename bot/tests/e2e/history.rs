//! `/halma history` and `/halma board` agree with the rules crate about the same moves.

use halma::{MoveText, Ply, Variant};

use crate::support::{assert_board_png, game_row, parse_history, E2e};

/// How many moves to play before asking for the history.
const PLIES: usize = 14;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn history_shows_the_moves_and_the_position_the_rules_compute() {
    let e = E2e::start("history").await;
    let alice = e.user("alice");
    let bob = e.user("bob");
    let carol = e.user("carol");
    let channel = e.channel("history");
    let mut table = e.start_game(&channel, &bob, &alice, Variant::Small).await;

    let mut long_chains = 0;
    for _ in 0..PLIES {
        let position = table.game.position().clone();
        let options = *table.game.options();
        // Play a chain of two or more hops (typed out in full) whenever there is one, else
        // the greedy move.
        let long = position
            .legal_moves(&options)
            .into_iter()
            .filter(|mv| position.chain(*mv, &options).is_some_and(|c| c.len() >= 3))
            .find(|mv| !table.seen.contains(&position.play_unchecked(*mv)));
        let greedy = table.next_move();
        let mv = match long {
            Some(mv) => {
                long_chains += 1;
                mv
            }
            None => greedy,
        };
        e.play(&mut table, mv).await;
    }
    assert!(long_chains > 0, "a chain of several hops was played");

    let history = e.halma(&carol, &channel, "history", &[]).await;
    assert!(!history.ephemeral, "the history is public: {history:?}");
    let (plies, position) = parse_history(&history.content);
    assert_eq!(
        position,
        table.game.position().to_string(),
        "the position string"
    );
    assert_eq!(position, game_row(&e.db.pool, &channel).await.position);
    let moves: Vec<(char, String)> = table
        .game
        .plies()
        .iter()
        .filter_map(|p| match p {
            Ply::Move { seat, chain } => Some((
                seat.letter(),
                MoveText::from_squares(chain.clone())
                    .expect("a chain has two squares")
                    .to_string(),
            )),
            Ply::Pass { .. } => None,
        })
        .collect();
    assert_eq!(
        plies.len(),
        moves.len(),
        "one numbered line per ply: {plies:?}"
    );
    for (i, (line, (seat, chain))) in plies.iter().zip(&moves).enumerate() {
        let number = format!("{}.", i + 1);
        assert!(
            line.starts_with(&number) && line.contains(chain.as_str()),
            "ply {} is {seat} {chain}: {line:?}",
            i + 1
        );
    }

    let board = e.halma(&carol, &channel, "board", &[]).await;
    assert!(!board.ephemeral, "the board is public: {board:?}");
    assert_board_png(&board, Variant::Small);
    assert!(
        board.content.contains(&table.to_move().mention()),
        "the board says who is to move: {:?}",
        board.content
    );
}
