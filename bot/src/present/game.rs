//! Messages about a game in play: its start, each move, its end, draw offers, the board and
//! the half-time reminder.

use super::{
    board_file, chain_text, line_up, user, your_move, Action, Button, ButtonStyle, Names, Reply,
};
use crate::locale::{self, text, Lang};
use crate::service::{
    Abort, DrawOffer, EndReason, GameEnded, GameResult, GameView, MovePlayed, Player, RatingChange,
    Reminder,
};

/// A move: the board with its chain, passes, and a ping of the next player or the result.
pub fn move_played(lang: Lang, played: &MovePlayed, names: Names<'_>) -> Reply {
    let game = &played.game;
    let mut lines = vec![text(
        lang,
        "game.move_played",
        &[
            ("user", user(played.mover.user)),
            ("chain", chain_text(&played.chain)),
        ],
    )];
    for p in &played.passed {
        lines.push(text(lang, "game.passed", &[("user", user(p.user))]));
    }
    finish(lang, game, &played.ratings, lines, names)
}

/// A game ended by resignation, time, or agreement.
pub fn game_ended(lang: Lang, ended: &GameEnded, names: Names<'_>) -> Reply {
    finish(lang, &ended.game, &ended.ratings, Vec::new(), names)
}

/// Adds the result (or the next player's ping) and the board to `lines`.
fn finish(
    lang: Lang,
    game: &GameView,
    ratings: &[RatingChange],
    mut lines: Vec<String>,
    names: Names<'_>,
) -> Reply {
    let mut pings = Vec::new();
    let mut buttons = Vec::new();
    match &game.result {
        Some(result) => {
            lines.push(result_line(lang, game, result));
            for change in ratings {
                lines.push(text(
                    lang,
                    "rating.change",
                    &[
                        ("user", user(change.player.user)),
                        ("before", format!("{:.0}", change.before)),
                        ("after", format!("{:.0}", change.after)),
                    ],
                ));
            }
            buttons.push(Button {
                action: Action::Rematch(game.id),
                label: text(lang, "button.rematch", &[]),
                style: ButtonStyle::Secondary,
            });
        }
        None => {
            if let Some((line, who)) = your_move(lang, game) {
                lines.push(line);
                pings.push(who);
            }
        }
    }
    Reply {
        content: lines.join("\n"),
        files: vec![board_file(game, names)],
        buttons,
        pings,
        ..Reply::default()
    }
}

fn result_line(lang: Lang, game: &GameView, result: &GameResult) -> String {
    let reason = result.reason();
    let key = match reason {
        EndReason::Completed => "game.end.completed",
        EndReason::AntiSpoiling => "game.end.anti_spoiling",
        EndReason::Resigned => "game.end.resigned",
        EndReason::Timeout => "game.end.timeout",
        EndReason::Balance => "game.end.balance",
        EndReason::PlyLimit => "game.end.ply_limit",
        EndReason::NoMoves => "game.end.no_moves",
        EndReason::LastPlayer => "game.end.last_player",
        EndReason::Agreement => "game.end.agreement",
        EndReason::Aborted => "game.aborted",
    };
    let (winner, loser) = match result {
        GameResult::Win { winners, .. } => {
            let loser = game.players.iter().find(|p| !winners.contains(p));
            (winners.first().copied(), loser.copied())
        }
        GameResult::Draw { .. } => (None, None),
    };
    let mention = |p: Option<Player>| p.map(|p| user(p.user)).unwrap_or_default();
    text(
        lang,
        key,
        &[
            ("winner", mention(winner)),
            ("loser", mention(loser)),
            ("user", mention(loser)),
        ],
    )
}

/// A draw offer (with a button for the opponent) or an agreed draw.
pub fn draw(lang: Lang, offer: &DrawOffer, names: Names<'_>) -> Reply {
    match offer {
        DrawOffer::Standing {
            game,
            by,
            waiting_for,
        } => Reply {
            content: text(lang, "draw.offered", &[("user", user(by.user))]),
            buttons: vec![Button {
                action: Action::AcceptDraw(game.id),
                label: text(lang, "button.accept_draw", &[]),
                style: ButtonStyle::Success,
            }],
            pings: waiting_for.iter().map(|p| p.user).collect(),
            ..Reply::default()
        },
        DrawOffer::Agreed(ended) | DrawOffer::LostOnTime(ended) => game_ended(lang, ended, names),
    }
}

/// An aborted game (not rated).
pub fn aborted(lang: Lang, by: u64) -> Reply {
    Reply::text(text(lang, "game.aborted", &[("user", user(by))]))
}

/// What `by`'s abort led to: the game called off, or ended on time when the player to move
/// had already run out of it.
pub fn abort(lang: Lang, by: u64, abort: &Abort, names: Names<'_>) -> Reply {
    match abort {
        Abort::Aborted(_) => aborted(lang, by),
        Abort::LostOnTime(ended) => game_ended(lang, ended, names),
    }
}

/// The current board: whose turn, the last move and the time left.
pub fn board(lang: Lang, game: &GameView, names: Names<'_>) -> Reply {
    let mut lines = vec![text(
        lang,
        "board.header",
        &[
            ("variant", game.variant.name().to_string()),
            ("players", line_up(lang, game)),
            ("ply", game.ply.to_string()),
        ],
    )];
    if let Some(last) = &game.last_move {
        lines.push(text(
            lang,
            "board.last_move",
            &[
                ("user", user(last.player.user)),
                ("chain", chain_text(&last.chain)),
            ],
        ));
    }
    match (&game.result, game.to_move) {
        (Some(result), _) => lines.push(result_line(lang, game, result)),
        (None, Some(next)) => {
            lines.push(text(lang, "board.to_move", &[("user", user(next.user))]));
            if let Some(left) = game.time_left {
                lines.push(text(
                    lang,
                    "game.time_left",
                    &[("left", locale::duration(left))],
                ));
            }
        }
        (None, None) => lines.push(text(lang, "game.aborted_short", &[])),
    }
    Reply {
        content: lines.join("\n"),
        files: vec![board_file(game, names)],
        ..Reply::default()
    }
}

/// The half-time reminder posted in the game's channel.
pub fn reminder(lang: Lang, r: &Reminder) -> Reply {
    Reply {
        content: text(
            lang,
            "reminder.half_time",
            &[
                ("user", user(r.player.user)),
                ("left", locale::duration(r.time_left)),
            ],
        ),
        pings: vec![r.player.user],
        ..Reply::default()
    }
}
