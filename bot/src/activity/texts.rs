//! The Activity page's words, in the member's language: the page asks for them once, with its
//! session, and fills `{name}`-style blanks itself.

use crate::locale::{text, Lang};
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

/// The page's texts in `lang`, by message id: its own, and the words of a game's snapshot
/// that it shares with the live game pages (how a game ended, the bot and members without a
/// name; `halma_web::snapshot_texts`).
pub fn page_texts(lang: Lang) -> BTreeMap<String, String> {
    let blanks: Vec<(&str, String)> = BLANKS.iter().map(|b| (*b, format!("{{{b}}}"))).collect();
    let mut texts: BTreeMap<String, String> = PAGE_TEXTS
        .iter()
        .map(|key| (key.replace(['.', '_'], "-"), text(lang, key, &blanks)))
        .collect();
    texts.extend(halma_web::snapshot_texts(lang));
    texts
}
