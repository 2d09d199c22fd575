//! Turns what the service returns into messages: text in the user's language, a board image,
//! and buttons. Nothing here knows Discord's types, so the Discord layer and local mode show the
//! same messages. [`message`] is the model of a message; the other files build them, one file
//! per subject.

mod ai;
mod arena;
mod challenge;
mod game;
mod games;
mod lobby;
mod message;
mod notify;
mod picker;
mod puzzle;
mod puzzle_picker;
mod records;
mod refusal;
mod settings;
mod start;
mod tournament;
mod tournament_lines;

pub use ai::hint;
pub use challenge::{challenge_closed, challenge_declined, challenge_sent, invitation};
pub use game::{abort, board, draw, game_ended, move_played, reminder};
pub use game::{player_left, resignation};
pub use games::{server_games, thread_opened};
pub use lobby::{lobby, lobby_closed, lobby_update};
pub use message::{Button, ButtonStyle, File, LinkButton, Names, Page, Reply};
pub use notify::{channel_link, notify_setting, your_move_dm};
pub use picker::{
    destination_panel, picker_step, piece_panel, played_panel, stale_panel, Menu, MenuOption,
    Panel, PickerButton, MENUS_PER_PANEL, MENU_OPTIONS, MENU_TEXT_LIMIT,
};
pub use puzzle::{daily_leaderboard, daily_puzzle_announcement, puzzle_answer};
pub use puzzle_picker::{puzzle_destinations, puzzle_step};
pub use records::{history, leaderboard, replay, replay_message, replay_options, rules, stats};
pub use refusal::{apology, refusal, refusal_key, refusal_text};
pub use settings::settings;
pub use start::game_started;
pub use tournament::{
    tournament_announcement, tournament_answer, tournament_podium, tournament_round,
    tournament_standings,
};

use crate::clicks::Action;
use crate::locale::{self, text, Lang};

/// Discord's limit on a message's text.
pub const MESSAGE_LIMIT: usize = 2000;

/// Discord's limit on a button's label.
pub const BUTTON_LABEL_LIMIT: usize = 80;

/// Discord's limit on a button's custom id.
pub const CUSTOM_ID_LIMIT: usize = 100;

/// The most characters of a user's own text that a message repeats.
pub const ECHO_LIMIT: usize = 100;

/// A user's text as a message repeats it: control characters (line breaks included) become
/// spaces, and text longer than [`ECHO_LIMIT`] characters is cut with an ellipsis, so that a
/// 6,000-character option still gets an answer that fits Discord.
///
/// ```
/// use halma_core::present::echo;
/// assert_eq!(echo("g1\n0"), "g1 0");
/// assert_eq!(echo(&"x".repeat(500)).chars().count(), 100);
/// ```
pub fn echo(text: &str) -> String {
    let clean = |c: char| if c.is_control() { ' ' } else { c };
    if text.chars().count() <= ECHO_LIMIT {
        return text.chars().map(clean).collect();
    }
    let mut out: String = text.chars().take(ECHO_LIMIT - 1).map(clean).collect();
    out.push('…');
    out
}

/// `head` followed by as many of `rows` as fit in one message; when some are left out, a last
/// line says how many.
fn fit_rows(lang: Lang, head: Vec<String>, rows: Vec<String>) -> String {
    let mut content = head.join("\n");
    // Room for the "and N more" line, whatever N is.
    let reserve = text(lang, "list.more", &[("count", u64::MAX.to_string())])
        .chars()
        .count()
        + 1;
    let mut used = content.chars().count();
    let total = rows.len();
    for (shown, row) in rows.into_iter().enumerate() {
        let len = row.chars().count() + usize::from(!content.is_empty());
        let last = shown + 1 == total;
        let budget = if last {
            MESSAGE_LIMIT
        } else {
            MESSAGE_LIMIT - reserve
        };
        if used + len > budget {
            let more = text(lang, "list.more", &[("count", (total - shown).to_string())]);
            content.push('\n');
            content.push_str(&more);
            return content;
        }
        if !content.is_empty() {
            content.push('\n');
        }
        content.push_str(&row);
        used += len;
    }
    content
}

use crate::service::{GameStatus, GameView};
use halma::{MoveText, Position, Seat, Square};
use halma_render::{BoardOptions, KeptBands};
use std::sync::LazyLock;

/// The compressed bands of the bot's recent board pictures: one value for every board it
/// draws, on whichever thread of the blocking pool, so that the ranks a move did not touch
/// are not compressed again.
static BANDS: LazyLock<KeptBands> = LazyLock::new(KeptBands::new);

/// Draws `position` as a PNG with the bot's kept bands.
fn picture(position: &Position, options: &BoardOptions) -> Vec<u8> {
    halma_render::board_png(position, options, &BANDS)
}

/// Drops the bot's kept picture bands and spare compressors (up to a few MB), for a quiet
/// spell; later pictures are the same, only slower until bands are kept again.
pub fn forget_kept_bands() {
    BANDS.forget();
}

fn user(id: u64) -> String {
    id.to_string()
}

fn chain_text(chain: &[Square]) -> String {
    MoveText::from_squares(chain.to_vec())
        .map(|t| t.to_string())
        .unwrap_or_default()
}

/// Draws the game's board with its last move and the players' names.
pub fn board_png(game: &GameView, names: Names<'_>) -> Vec<u8> {
    let options = BoardOptions {
        last_move: game
            .last_move
            .as_ref()
            .map(|m| m.chain.clone())
            .unwrap_or_default(),
        names: seat_names(game, names),
        hide_turn: game.status != GameStatus::Active,
        removed: game.left.iter().map(|p| p.seat).collect(),
        ..BoardOptions::default()
    };
    picture(&game.position, &options)
}

fn seat_names(game: &GameView, names: Names<'_>) -> Vec<String> {
    game.variant
        .seats()
        .map(|seat| {
            game.players
                .iter()
                .find(|p| p.seat == seat)
                .and_then(|p| names(game.guild, p.user))
                .unwrap_or_default()
        })
        .collect()
}

fn board_file(game: &GameView, names: Names<'_>) -> File {
    File {
        name: format!("halma-{}-{}.png", game.id, game.ply),
        bytes: board_png(game, names),
    }
}

fn colour_key(seat: Seat) -> &'static str {
    match seat.index() {
        0 => "colour.a",
        1 => "colour.b",
        2 => "colour.c",
        3 => "colour.d",
        4 => "colour.e",
        _ => "colour.f",
    }
}

/// "<@1> (orange, A) vs <@2> (blue, B)".
fn line_up(lang: Lang, game: &GameView) -> String {
    let mut players = game.players.clone();
    players.sort_by_key(|p| p.seat);
    players
        .iter()
        .map(|p| {
            // A player who left a game of three or more is shown so.
            let key = if game.left.contains(p) {
                "game.seat_left"
            } else {
                "game.seat"
            };
            text(
                lang,
                key,
                &[
                    ("user", user(p.user)),
                    ("colour", text(lang, colour_key(p.seat), &[])),
                    ("seat", p.seat.letter().to_ascii_uppercase().to_string()),
                ],
            )
        })
        .collect::<Vec<_>>()
        .join(&text(lang, "game.versus", &[]))
}

/// Adds what a message about `game` says of the player to move, if anyone is: a person is
/// pinged to move and gets the Move button; of the bot's seat it says that it is thinking, so
/// that no message asks the bot itself to move.
fn say_turn(
    lang: Lang,
    game: &GameView,
    lines: &mut Vec<String>,
    pings: &mut Vec<u64>,
    buttons: &mut Vec<Button>,
) {
    let Some(next) = game.to_move else {
        return;
    };
    if game.bots.contains(&next) {
        lines.push(text(lang, "game.bot_thinking", &[("bot", user(next.user))]));
    } else if let Some((line, who)) = your_move(lang, game) {
        lines.push(line);
        pings.push(who);
        buttons.push(move_button(lang, game));
    }
}

fn your_move(lang: Lang, game: &GameView) -> Option<(String, u64)> {
    let next = game.to_move?;
    let mut line = text(lang, "game.your_move", &[("user", user(next.user))]);
    if let Some(left) = game.time_left {
        line.push(' ');
        line.push_str(&text(
            lang,
            "game.time_left",
            &[("left", locale::duration_in(lang, left))],
        ));
    }
    Some((line, next.user))
}

/// The Move button under a message that asks a player to move: it opens the move picker.
/// The pages a board links to: Watch (the game's live page) and Play in Discord (the
/// Activity).
fn page_links(lang: Lang, game: &GameView) -> Vec<LinkButton> {
    vec![
        LinkButton {
            label: text(lang, "button.watch", &[]),
            page: Page::Game(game.web_token.clone(), lang),
        },
        LinkButton {
            label: text(lang, "button.play_in_discord", &[]),
            page: Page::Activity,
        },
    ]
}

fn move_button(lang: Lang, game: &GameView) -> Button {
    Button {
        action: Action::Pick(game.id),
        label: text(lang, "button.move", &[]),
        style: ButtonStyle::Success,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::service::MAX_SEATS;

    #[test]
    fn every_seat_of_the_star_has_a_colour_of_its_own() {
        let keys: Vec<&str> = (0..MAX_SEATS as u8)
            .map(|i| colour_key(Seat::new(i).expect("a seat")))
            .collect();
        let mut distinct = keys.clone();
        distinct.sort();
        distinct.dedup();
        assert_eq!(distinct.len(), MAX_SEATS, "{keys:?}");
        assert_eq!(text(Lang::En, colour_key(Seat::F), &[]), "red");
    }
}
