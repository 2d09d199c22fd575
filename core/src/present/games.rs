//! The server's games (`/halma games`): one line per game with its channel, variant, players,
//! whose turn it is, the time left and a link to its latest board; the rest counted.

use super::{fit_rows, user, Reply};
use crate::locale::{self, text, Lang};
use crate::service::{ListedGame, ServerGames};

/// A link to a message, as Discord writes them.
fn message_link(guild: u64, channel: u64, message: u64) -> String {
    format!("https://discord.com/channels/{guild}/{channel}/{message}")
}

fn row(lang: Lang, listed: &ListedGame) -> String {
    let game = &listed.game;
    let mut players = game.players.clone();
    players.sort_by_key(|p| p.seat);
    let players = players
        .iter()
        .map(|p| user(p.user))
        .map(|id| format!("<@{id}>"))
        .collect::<Vec<_>>()
        .join(&text(lang, "game.versus", &[]));
    let turn = match (game.to_move, game.time_left) {
        (Some(next), Some(left)) => text(
            lang,
            "games.turn_left",
            &[
                ("user", user(next.user)),
                ("left", locale::duration_in(lang, left)),
            ],
        ),
        (Some(next), None) => text(lang, "games.turn", &[("user", user(next.user))]),
        (None, _) => String::new(),
    };
    let mut line = text(
        lang,
        "games.row",
        &[
            ("channel", game.channel.to_string()),
            ("variant", game.variant.name().to_string()),
            ("players", players),
            ("turn", turn),
        ],
    );
    if let Some(message) = listed.board_message {
        line.push_str(&text(
            lang,
            "games.board_link",
            &[("link", message_link(game.guild, game.channel, message))],
        ));
    }
    line
}

/// The list of the server's games; nobody is pinged by it.
pub fn server_games(lang: Lang, games: &ServerGames) -> Reply {
    if games.games.is_empty() {
        return Reply::text(text(lang, "games.none", &[]));
    }
    let head = vec![text(
        lang,
        "games.header",
        &[("count", locale::count(lang, "games", games.total))],
    )];
    let mut rows: Vec<String> = games.games.iter().map(|g| row(lang, g)).collect();
    let unlisted = games.total.saturating_sub(games.games.len() as u64);
    if unlisted > 0 {
        rows.push(text(lang, "list.more", &[("count", unlisted.to_string())]));
    }
    Reply::text(fit_rows(lang, head, rows))
}

/// The answer to a challenge made in a new thread: where to find it.
pub fn thread_opened(lang: Lang, thread: u64) -> Reply {
    Reply::text(text(
        lang,
        "thread.opened",
        &[("thread", thread.to_string())],
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{GameId, GameStatus, Player};
    use crate::service::GameView;
    use chrono::{TimeDelta, Utc};
    use halma::{Options, Position, Seat, Variant};

    fn listed(id: i64) -> ListedGame {
        let seat = |c| Seat::from_letter(c).unwrap();
        let players = vec![
            Player {
                seat: seat('a'),
                user: 10 + id as u64,
            },
            Player {
                seat: seat('b'),
                user: 20_000_000_000_000_000,
            },
        ];
        ListedGame {
            game: GameView {
                id: GameId(id),
                guild: 5,
                channel: 1_000_000_000_000_000_000 + id as u64,
                variant: Variant::Small,
                options: Options::for_variant(Variant::Small),
                to_move: Some(players[0]),
                players,
                position: Position::start(Variant::Small),
                ply: 0,
                last_move: None,
                turn_timeout: TimeDelta::hours(24),
                turn_deadline: Some(Utc::now()),
                time_left: Some(TimeDelta::minutes(90)),
                draw_offers: Vec::new(),
                status: GameStatus::Active,
                result: None,
                created_at: Utc::now(),
                left: Vec::new(),
                bots: Vec::new(),
                web_token: "token".into(),
            },
            board_message: Some(77),
        }
    }

    #[test]
    fn each_game_shows_channel_variant_players_turn_and_board_link() {
        let games = ServerGames {
            games: vec![listed(1), listed(2)],
            total: 14,
        };
        for lang in [Lang::En, Lang::Hr] {
            let reply = server_games(lang, &games);
            assert!(reply.pings.is_empty(), "a list pings nobody");
            let lines: Vec<&str> = reply.content.lines().collect();
            assert_eq!(lines.len(), 4, "{}", reply.content);
            assert!(lines[1].contains("<#1000000000000000001>"), "{}", lines[1]);
            assert!(lines[1].contains("small") && lines[1].contains("<@11>"));
            assert!(lines[1].contains("1h 30m"), "{}", lines[1]);
            assert!(
                lines[1].contains("https://discord.com/channels/5/1000000000000000001/77"),
                "{}",
                lines[1]
            );
            assert!(
                lines[3].contains("12"),
                "the rest are counted: {}",
                lines[3]
            );
            assert!(reply.content.chars().count() <= super::super::MESSAGE_LIMIT);
        }
        let none = server_games(
            Lang::En,
            &ServerGames {
                games: Vec::new(),
                total: 0,
            },
        );
        assert!(none.content.contains("No games"), "{}", none.content);
    }
}
