//! Messages about games against the bot: their start, hints, and a player's record against
//! each level.

use super::{chain_text, line_up, seat_names, user, your_move, File, Names, Reply};
use crate::locale::{text, Lang};
use crate::service::{AiGameStarted, AiRecord, GameStatus, Hint, Player};
use halma_render::BoardOptions;

/// A game against the bot has started: the line-up, the board, and a ping of the player when
/// they move first (else the bot's move follows).
pub fn ai_game_started(lang: Lang, started: &AiGameStarted, names: Names<'_>) -> Reply {
    let game = &started.game;
    let mut lines = vec![
        text(
            lang,
            "ai.started",
            &[
                ("bot", user(started.bot.user)),
                ("level", started.level.name().to_string()),
            ],
        ),
        text(
            lang,
            "game.started_line_up",
            &[
                ("variant", game.variant.name().to_string()),
                ("players", line_up(lang, game)),
            ],
        ),
    ];
    let mut pings = Vec::new();
    let mut buttons = Vec::new();
    if game.to_move == Some(started.bot) {
        lines.push(text(
            lang,
            "ai.thinking",
            &[("bot", user(started.bot.user))],
        ));
    } else if let Some((line, who)) = your_move(lang, game) {
        lines.push(line);
        pings.push(who);
        buttons.push(super::move_button(lang, game));
    }
    Reply {
        content: lines.join("\n"),
        files: vec![super::board_file(game, names)],
        pings,
        buttons,
        ..Reply::default()
    }
}

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
