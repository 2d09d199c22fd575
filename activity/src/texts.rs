//! The Activity page's words, in the member's language: the page asks for them once, with its
//! session, and fills `{name}`-style blanks itself. What the board says to keyboard and
//! screen-reader users (`halma_web::board_texts`) is shared with the live game page.

use halma_core::locale::{message_id, text, Lang};
use std::collections::BTreeMap;

/// The page's texts, by their key in the bot's catalogue; the page knows them by message id
/// (`activity.your_turn` is `activity-your-turn`).
pub const PAGE_TEXTS: &[&str] = &[
    "activity.loading",
    "activity.error_title",
    "activity.error_outside",
    "activity.error_authorize",
    "activity.error_sign_in",
    "activity.error_network",
    "activity.error_generic",
    "activity.error_closed",
    "activity.retry",
    "activity.reconnecting",
    "activity.board",
    "activity.no_game",
    "activity.start_hint",
    "activity.play_bot",
    "activity.members",
    "activity.no_members",
    "activity.challenge",
    "activity.challenge_sent",
    "activity.your_turn",
    "activity.to_move",
    "activity.waiting",
    "activity.watching",
    "activity.not_your_turn",
    "activity.pick_piece",
    "activity.pick_destination",
    "activity.confirm_move",
    "activity.piece_stuck",
    "activity.not_your_piece",
    "activity.in_progress",
    "activity.won",
    "activity.drawn",
    "activity.aborted",
    "activity.clock",
    "activity.last_move",
    "activity.you",
    "activity.bot",
    "activity.left",
    "activity.winner",
    "activity.resign",
    "activity.resign_confirm",
    "activity.cancel",
    "activity.draw_offer",
    "activity.draw_accept",
    "activity.draw_offered",
    "activity.draw_offered_by",
];

/// The blanks a page text may have: each is passed as its own `{name}` for the page to fill.
const BLANKS: [&str; 3] = ["name", "move", "time"];

/// Each blank as the page writes it, `{name}`.
fn blanks() -> Vec<(&'static str, String)> {
    BLANKS.iter().map(|b| (*b, format!("{{{b}}}"))).collect()
}

/// The page's texts in `lang`, by message id: its own, the board's, and the words of a game's
/// snapshot that it shares with the live game pages (how a game ended, the bot and members
/// without a name; `halma_web::snapshot_texts`).
pub fn page_texts(lang: Lang) -> BTreeMap<String, String> {
    let blanks = blanks();
    let mut texts: BTreeMap<String, String> = PAGE_TEXTS
        .iter()
        .map(|key| (message_id(key), text(lang, key, &blanks)))
        .collect();
    texts.extend(halma_web::board_texts(lang));
    texts.extend(halma_web::snapshot_texts(lang));
    texts
}

#[cfg(test)]
mod tests {
    use super::*;
    use halma_web::{board_texts, BOARD_TEXTS, SEATS};

    /// The pages' own English (`web/frontend/src/a11y-texts.js`), which they show until the
    /// server's texts come and where a page has none, says what the English file says.
    #[test]
    fn the_pages_english_is_the_catalogues() {
        let path = concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../web/frontend/src/a11y-texts.js"
        );
        let script = std::fs::read_to_string(path).expect("the pages' board texts");
        // One line per entry, whatever the formatter wrapped.
        let script = script.replace(":\n    '", ": '");
        let english = board_texts(Lang::En);
        for key in BOARD_TEXTS {
            let id = message_id(key);
            let entry = format!("'{id}': '{}',", english[&id]);
            assert!(script.contains(&entry), "a11y-texts.js lacks {entry}");
        }
        // The seats' texts are made from their colours there.
        assert!(script.contains("`{square}, ${colour} piece`"));
        for (seat, colour) in SEATS
            .iter()
            .zip(["orange", "blue", "green", "purple", "yellow", "red"])
        {
            assert_eq!(
                english[&format!("a11y-square-piece-{seat}")],
                format!("{{square}}, {colour} piece")
            );
            assert_eq!(
                text(Lang::En, &format!("colour.{seat}"), &[]),
                colour,
                "the game's own name"
            );
            assert!(
                script.contains(&format!("{seat}: '{colour}'")),
                "a11y-texts.js names {seat} {colour}"
            );
        }
    }

    #[test]
    fn every_language_words_every_seat_and_keeps_the_blanks() {
        for lang in Lang::ALL {
            let texts = board_texts(lang);
            assert_eq!(texts.len(), BOARD_TEXTS.len() + SEATS.len());
            let seats: std::collections::BTreeSet<&String> = SEATS
                .iter()
                .map(|s| &texts[&format!("a11y-square-piece-{s}")])
                .collect();
            assert_eq!(seats.len(), SEATS.len(), "{}: six colours", lang.code());
            for seat in seats {
                assert!(seat.contains("{square}"), "{}: {seat}", lang.code());
            }
            for (id, blank) in [
                ("a11y-square-empty", "{square}"),
                ("a11y-picked", "{label}"),
                ("a11y-picked-piece", "{squares}"),
                ("a11y-move", "{move}"),
                ("a11y-pass", "{name}"),
            ] {
                assert!(
                    texts[id].contains(blank),
                    "{} {id}: {}",
                    lang.code(),
                    texts[id]
                );
            }
        }
        assert!(page_texts(Lang::Fr).contains_key("a11y-square-piece-f"));
    }
}
