//! Messages about games against the bot: hints, and a player's record against each level
//! (a game against the bot starts with the message of every game's start).

use super::{chain_text, seat_names, user, File, Names, Reply};
use crate::locale::{text, Lang};
use crate::service::{AiRecord, GameStatus, Hint, Player};
use halma_render::BoardOptions;

/// A hint, for the player's eyes only: the move in words and on the board, where it shows as
/// the last move with its landing squares marked.
pub fn hint(lang: Lang, hint: &Hint, names: Names<'_>) -> Reply {
    let game = &hint.game;
    let options = BoardOptions {
        last_move: hint.chain.clone(),
        highlights: hint.chain.iter().skip(1).copied().collect(),
        names: seat_names(game, names),
        hide_turn: game.status != GameStatus::Active,
        ..BoardOptions::default()
    };
    Reply {
        content: text(
            lang,
            "hint.move",
            &[
                ("chain", chain_text(&hint.chain)),
                ("left", hint.hints_left.to_string()),
            ],
        ),
        files: vec![File {
            name: format!("halma-{}-{}-hint.png", game.id, game.ply),
            bytes: super::picture(&game.position, &options),
        }],
        ephemeral: true,
        ..Reply::default()
    }
}

/// The lines of a player's record against each level of the bot.
pub(super) fn ai_record_lines(lang: Lang, records: &[AiRecord]) -> Vec<String> {
    records
        .iter()
        .map(|r| {
            text(
                lang,
                "stats.ai_row",
                &[
                    ("level", r.level.name().to_string()),
                    ("wins", r.wins.to_string()),
                    ("losses", r.losses.to_string()),
                    ("draws", r.draws.to_string()),
                ],
            )
        })
        .collect()
}

/// The line of a game's history saying who took hints and how many; `None` when nobody did.
pub(super) fn hints_line(lang: Lang, hints: &[(Player, u32)]) -> Option<String> {
    let taken: Vec<String> = hints
        .iter()
        .filter(|(_, n)| *n > 0)
        .map(|(p, n)| {
            text(
                lang,
                "history.hint_count",
                &[("user", user(p.user)), ("n", n.to_string())],
            )
        })
        .collect();
    if taken.is_empty() {
        return None;
    }
    Some(text(lang, "history.hints", &[("hints", taken.join(", "))]))
}
