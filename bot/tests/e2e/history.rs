//! `/halma history`, `/halma board` and `/halma replay` agree with the rules crate about the
//! same moves.

use halma::{MoveText, Ply, Variant};

use crate::support::{assert_board_png, game_row, parse_history, scrape_metrics, E2e};
use fake_discord::Answer;
use image::AnimationDecoder;

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

/// The replay requests a scrape of `/metrics` counts as answered by `answer`.
pub fn replays_counted(scrape: &str, answer: &str) -> u64 {
    let name = format!("halma_replays_total{{answer=\"{answer}\"}} ");
    scrape
        .lines()
        .find_map(|line| line.strip_prefix(name.as_str()))
        .map_or(0, |value| value.trim().parse().expect("a count"))
}

/// The answer's only GIF: its name and bytes.
pub fn replay_gif(answer: &Answer) -> (String, Vec<u8>) {
    let gifs: Vec<_> = answer
        .files
        .iter()
        .filter(|f| f.filename.ends_with(".gif"))
        .collect();
    assert_eq!(gifs.len(), 1, "one replay GIF in {answer:?}");
    (gifs[0].filename.clone(), gifs[0].bytes.clone())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn replay_is_a_gif_of_the_game_and_the_same_when_asked_at_once() {
    let (e, ops) = E2e::start_with_ops("replay", &[]).await;
    let alice = e.user("alice");
    let bob = e.user("bob");
    let carol = e.user("carol");
    let channel = e.channel("replay");
    let mut table = e.start_game(&channel, &bob, &alice, Variant::Small).await;
    for _ in 0..6 {
        let mv = table.next_move();
        e.play(&mut table, mv).await;
    }

    // Two members ask at the same moment: one drawing (on the replays' own thread) answers
    // both with the same picture.
    let (first, second) = tokio::join!(
        e.halma(&carol, &channel, "replay", &[]),
        e.halma(&alice, &channel, "replay", &[])
    );
    for answer in [&first, &second] {
        assert!(!answer.ephemeral, "the replay is public: {answer:?}");
        assert!(
            answer.content.contains("small game (6 moves)") && answer.content.lines().count() == 1,
            "the header, and no word of dropped frames: {:?}",
            answer.content
        );
    }
    let (name, gif) = replay_gif(&first);
    assert_eq!(replay_gif(&second).1, gif, "the same GIF for both");
    let id = game_row(&e.db.pool, &channel).await.id;
    assert_eq!(name, format!("halma-{id}.gif"));
    let frames = image::codecs::gif::GifDecoder::new(std::io::Cursor::new(&gif))
        .expect("a GIF")
        .into_frames()
        .collect_frames()
        .expect("frames");
    assert_eq!(frames.len(), 7, "the start and a frame per ply");
    assert_eq!(
        frames[0].buffer().dimensions(),
        halma_render::image_size(Variant::Small)
    );

    // Drawn once: the second request waited for the first one's drawing, or found it kept.
    let scrape = scrape_metrics(&ops).await;
    let replays = |answer: &str| replays_counted(&scrape, answer);
    assert_eq!(replays("drawn"), 1, "{scrape}");
    assert_eq!(replays("shared") + replays("kept"), 1, "{scrape}");
    assert_eq!(replays("refused"), 0, "{scrape}");
}
