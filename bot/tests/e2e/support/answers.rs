//! Checks of the bot's answers: boards, game starts, moves, refusals and who was pinged.

use fake_discord::{Answer, TestUser};
use halma::Variant;
use serde_json::Value;

use super::table::Table;
use bot_harness::APOLOGY;

/// The user ids pinged by an answer (its `allowed_mentions.users`).
pub fn pinged(answer: &Answer) -> Vec<u64> {
    let data = answer.raw.get("data").unwrap_or(&answer.raw);
    data.pointer("/allowed_mentions/users")
        .and_then(Value::as_array)
        .map(|users| {
            users
                .iter()
                .filter_map(|u| match u {
                    Value::String(s) => s.parse().ok(),
                    other => other.as_u64(),
                })
                .collect()
        })
        .unwrap_or_default()
}

/// Decodes the answer's only PNG and checks it has the size boards of `variant` have.
pub fn assert_board_png(answer: &Answer, variant: Variant) {
    let pngs: Vec<_> = answer
        .files
        .iter()
        .filter(|f| f.filename.ends_with(".png"))
        .collect();
    assert_eq!(pngs.len(), 1, "one board PNG in {answer:?}");
    let image = image::load_from_memory_with_format(&pngs[0].bytes, image::ImageFormat::Png)
        .unwrap_or_else(|e| panic!("the board PNG {:?} does not decode: {e}", pngs[0].filename));
    assert_eq!(
        (image.width(), image.height()),
        halma_render::image_size(variant),
        "the board image's size"
    );
}

/// The answer to an accepted challenge: the challenge message turned into the game start,
/// with the board and a ping of `first`.
pub fn assert_game_start(answer: &Answer, first: &TestUser, variant: Variant) {
    assert!(!answer.ephemeral, "the game start is public: {answer:?}");
    assert_eq!(
        answer.callback_type, 7,
        "accepting updates the challenge message: {answer:?}"
    );
    assert!(
        answer
            .buttons
            .iter()
            .all(|b| b.label.as_deref() != Some("Accept")),
        "the started game's message has no Accept button: {answer:?}"
    );
    assert_board_png(answer, variant);
    assert!(
        answer.content.contains(&first.mention()) && pinged(answer).contains(&first.id),
        "the game start pings the first mover {}: {:?} (pinged {:?})",
        first.name,
        answer.content,
        pinged(answer)
    );
}

/// The answer to a move just mirrored into `table`: public, with the board, and a ping of the
/// next player (or the result).
pub fn assert_move_answer(answer: &Answer, table: &Table) {
    assert!(
        !answer.ephemeral && answer.callback_type == 4,
        "a move is answered publicly at once: {answer:?}"
    );
    assert!(
        !answer.content.contains(APOLOGY),
        "a move answered with the apology: {:?}",
        answer.content
    );
    assert_board_png(answer, table.game.position().variant());
    if !table.game.outcome().is_over() {
        let next = table.to_move();
        if next.bot {
            // Nobody asks the bot to move: it is named as thinking, and not pinged.
            assert!(
                answer
                    .content
                    .contains(&format!("{} is thinking", next.mention()))
                    && !pinged(answer).contains(&next.id),
                "the move's answer says the bot thinks: {:?} (pinged {:?})",
                answer.content,
                pinged(answer)
            );
        } else {
            assert!(
                answer.content.contains(&next.mention()) && pinged(answer).contains(&next.id),
                "the move's answer pings {}, to move next: {:?} (pinged {:?})",
                next.name,
                answer.content,
                pinged(answer)
            );
        }
    }
}

/// A refusal: ephemeral, text only, not the internal-error apology, and containing `needle`
/// (case-insensitive; empty for any text).
pub fn assert_refusal(answer: &Answer, needle: &str) {
    assert!(answer.ephemeral, "a refusal is ephemeral: {answer:?}");
    assert!(
        answer.files.is_empty(),
        "a refusal has no files: {answer:?}"
    );
    assert!(
        !answer.content.trim().is_empty() && !answer.content.contains(APOLOGY),
        "a refusal says what was wrong: {:?}",
        answer.content
    );
    assert!(
        answer
            .content
            .to_lowercase()
            .contains(&needle.to_lowercase()),
        "the refusal {:?} should contain {needle:?}",
        answer.content
    );
}
