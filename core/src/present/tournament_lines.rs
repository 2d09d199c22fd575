//! The lines a Swiss tournament's messages and an arena's both write: a moment in each
//! reader's time zone, and a round's (or an arena wave's) pairings.

use crate::locale::{text, Lang};
use crate::service::RoundView;

/// A moment as Discord shows it in each reader's own time zone, relative (`in 10 minutes`).
pub(super) fn relative(at: chrono::DateTime<chrono::Utc>) -> String {
    format!("<t:{}:R>", at.timestamp())
}

/// The lines of a round's (or an arena wave's) pairings, board by board.
pub(super) fn pairing_lines(lang: Lang, round: &RoundView) -> Vec<String> {
    round
        .pairings
        .iter()
        .map(|p| match (p.second, p.thread) {
            (None, _) => text(lang, "tournament.bye", &[("user", p.first.to_string())]),
            (Some(second), thread) => {
                let mut args = vec![
                    ("board", p.board.to_string()),
                    ("first", p.first.to_string()),
                    ("second", second.to_string()),
                ];
                match thread {
                    Some(thread) => {
                        args.push(("thread", thread.to_string()));
                        text(lang, "tournament.pairing", &args)
                    }
                    None => text(lang, "tournament.pairing_no_game", &args),
                }
            }
        })
        .collect()
}
