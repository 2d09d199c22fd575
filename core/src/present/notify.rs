//! "Your move, wherever you are": the answer to `/halma notify` (only the member sees it) and
//! the direct message that tells a member it is their move.

use super::{board_file, chain_text, user, Names, Reply};
use crate::locale::{self, text, Lang};
use crate::service::{NotifySetting, TurnNotice, DM_MIN_TURN_TIMEOUT, DM_PAUSE};

/// The link to a channel of a server, which Discord opens wherever the member reads it.
///
/// ```
/// assert_eq!(
///     halma_core::present::channel_link(1, 2),
///     "https://discord.com/channels/1/2"
/// );
/// ```
pub fn channel_link(guild: u64, channel: u64) -> String {
    format!("https://discord.com/channels/{guild}/{channel}")
}

/// Whole hours of a span, as the pause and the shortest move time are counted.
fn hours(lang: Lang, span: chrono::TimeDelta) -> String {
    locale::count(lang, "hours", span.num_hours().max(0) as u64)
}

/// The member's DM setting: on or off, what it means, and a pause Discord's refusal began.
pub fn notify_setting(lang: Lang, setting: &NotifySetting) -> Reply {
    let mut lines = Vec::new();
    if setting.dm {
        lines.push(text(
            lang,
            "notify.on",
            &[("min", hours(lang, DM_MIN_TURN_TIMEOUT))],
        ));
        lines.push(text(
            lang,
            "notify.refused",
            &[("pause", hours(lang, DM_PAUSE))],
        ));
        if let Some(left) = setting.paused_for {
            lines.push(text(
                lang,
                "notify.paused",
                &[("left", locale::duration_in(lang, left))],
            ));
        }
    } else {
        lines.push(text(lang, "notify.off", &[]));
    }
    Reply {
        content: lines.join("\n"),
        ephemeral: true,
        ..Reply::default()
    }
}

/// The direct message to the member to move: the last move (when the turn just came to them)
/// or the half-time warning, the time left, the link to the game's channel, and the board.
/// It pings nobody: a DM tells its reader anyway.
pub fn your_move_dm(turn: &TurnNotice, names: Names<'_>) -> Reply {
    let lang = turn.lang;
    let game = &turn.game;
    let link = channel_link(game.guild, game.channel);
    let left = locale::duration_in(lang, game.time_left.unwrap_or_default());
    let mut lines = Vec::new();
    if turn.half_time {
        lines.push(text(
            lang,
            "dm.half_time",
            &[("link", link), ("left", left)],
        ));
    } else {
        if let Some(last) = &game.last_move {
            lines.push(text(
                lang,
                "game.move_played",
                &[
                    ("user", user(last.player.user)),
                    ("chain", chain_text(&last.chain)),
                ],
            ));
        }
        lines.push(text(
            lang,
            "dm.your_move",
            &[
                ("variant", game.variant.name().to_string()),
                ("link", link),
                ("left", left),
            ],
        ));
    }
    Reply {
        content: lines.join("\n"),
        files: vec![board_file(game, names)],
        ..Reply::default()
    }
}
