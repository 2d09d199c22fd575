//! The message that starts a game, whether a challenge or a lobby started it: the board, who
//! holds which seat and colour (and team), and a ping of the first mover.

use super::{board_file, colour_key, page_links, say_turn, user, Names, Reply};
use crate::locale::{text, Lang};
use crate::service::{GameStarted, Player};

/// The line of one seat: `A (orange): <@1>`, with the level for the bot.
fn seat_line(lang: Lang, started: &GameStarted, p: &Player) -> String {
    let seat = p.seat.letter().to_ascii_uppercase().to_string();
    let colour = text(lang, colour_key(p.seat), &[]);
    match started.bots.iter().find(|(bot, _)| bot == p) {
        Some((_, level)) => text(
            lang,
            "start.seat_bot",
            &[
                ("seat", seat),
                ("colour", colour),
                ("user", user(p.user)),
                ("level", level.name().to_string()),
            ],
        ),
        None => text(
            lang,
            "start.seat",
            &[("seat", seat), ("colour", colour), ("user", user(p.user))],
        ),
    }
}

/// A game has started: the seats (by team in a team game), whether it is rated, and the first
/// mover pinged (or, when the bot moves first, that it is thinking), with the board.
pub fn game_started(lang: Lang, started: &GameStarted, names: Names<'_>) -> Reply {
    let game = &started.game;
    let mut players = game.players.clone();
    players.sort_by_key(|p| p.seat);
    let mut lines = vec![text(
        lang,
        "start.header",
        &[("variant", game.variant.name().to_string())],
    )];
    let has_teams = players
        .first()
        .is_some_and(|p| game.variant.partner(p.seat).is_some());
    if has_teams {
        // Seats a+b play against c+d (the rule book's partners).
        for (team, pair) in (1..).zip(players.chunks(2)) {
            let seats: Vec<String> = pair.iter().map(|p| seat_line(lang, started, p)).collect();
            lines.push(text(
                lang,
                "start.team",
                &[("team", format!("{team}")), ("seats", seats.join("; "))],
            ));
        }
    } else {
        lines.extend(players.iter().map(|p| seat_line(lang, started, p)));
    }
    if !started.bots.is_empty() {
        lines.push(text(lang, "start.not_rated", &[]));
    }
    let mut pings = Vec::new();
    let mut buttons = Vec::new();
    if let Some(first) = game.to_move {
        if game.bots.contains(&first) {
            lines.push(text(lang, "ai.thinking", &[("bot", user(first.user))]));
        } else {
            lines.push(text(lang, "start.first", &[("user", user(first.user))]));
            // The first mover can pick the move instead of typing it.
            say_turn(lang, game, &mut lines, &mut pings, &mut buttons);
        }
    }
    Reply {
        content: lines.join("\n"),
        files: vec![board_file(game, names)],
        links: page_links(lang, game),
        pings,
        buttons,
        ..Reply::default()
    }
}
