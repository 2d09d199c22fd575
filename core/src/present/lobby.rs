//! Messages about open lobbies: the lobby with its players and buttons (edited on every
//! change), its start, and its end.

use super::challenge::listed;
use super::{user, Button, ButtonStyle, Names, Reply};
use crate::clicks::Action;
use crate::locale::{self, text, Lang};
use crate::service::{Lobby, LobbyStatus, LobbyUpdate, LobbyView};

/// The players of a lobby in joining order, the bot with its level.
fn member_list(lang: Lang, view: &LobbyView) -> String {
    let names: Vec<String> = view
        .members
        .iter()
        .map(|m| match m.ai_level {
            Some(level) => text(
                lang,
                "lobby.bot",
                &[("user", user(m.user)), ("level", level.name().to_string())],
            ),
            None => format!("<@{}>", m.user),
        })
        .collect();
    listed(lang, names)
}

/// An open lobby: what it offers, who has joined, and Join, Leave, Start (and, for three or
/// four players, Add AI) buttons.
pub fn lobby(lang: Lang, view: &LobbyView) -> Reply {
    let l = &view.lobby;
    let players = l.variant.players();
    let mut lines = vec![text(
        lang,
        "lobby.open",
        &[
            ("host", user(l.host)),
            ("variant", l.variant.name().to_string()),
            ("timeout", locale::duration_in(lang, l.turn_timeout)),
            ("players", players.to_string()),
        ],
    )];
    lines.push(text(
        lang,
        if l.random_seats {
            "lobby.seats_random"
        } else {
            "lobby.seats_in_order"
        },
        &[],
    ));
    lines.extend(super::challenge::option_notes(
        lang,
        l.variant,
        l.anti_spoiling,
        l.no_parking,
    ));
    lines.push(text(
        lang,
        "lobby.members",
        &[
            ("joined", view.members.len().to_string()),
            ("players", players.to_string()),
            ("users", member_list(lang, view)),
        ],
    ));
    if view.members.len() >= players {
        lines.push(text(lang, "lobby.full", &[("host", user(l.host))]));
    }
    let mut buttons = vec![
        Button {
            action: Action::Join(l.id),
            label: text(lang, "button.join", &[]),
            style: ButtonStyle::Success,
        },
        Button {
            action: Action::Leave(l.id),
            label: text(lang, "button.leave", &[]),
            style: ButtonStyle::Danger,
        },
        Button {
            action: Action::Start(l.id),
            label: text(lang, "button.start", &[]),
            style: ButtonStyle::Secondary,
        },
    ];
    if players >= 3 {
        buttons.push(Button {
            action: Action::AddBot(l.id),
            label: text(
                lang,
                "button.add_ai",
                &[("level", l.ai_level.name().to_string())],
            ),
            style: ButtonStyle::Secondary,
        });
    }
    Reply {
        content: lines.join("\n"),
        buttons,
        ..Reply::default()
    }
}

/// A lobby that closed without a game (the host left, or it expired): no buttons.
pub fn lobby_closed(lang: Lang, l: &Lobby) -> Reply {
    let key = match l.status {
        LobbyStatus::Expired => "lobby.expired",
        _ => "lobby.closed",
    };
    Reply::text(text(
        lang,
        key,
        &[
            ("host", user(l.host)),
            ("variant", l.variant.name().to_string()),
        ],
    ))
}

/// What a click on a lobby shows in its message: the lobby as it now stands, the game that
/// started, or the closed lobby.
pub fn lobby_update(lang: Lang, update: &LobbyUpdate, names: Names<'_>) -> Reply {
    match update {
        LobbyUpdate::Open(view) => lobby(lang, view),
        LobbyUpdate::Started(started) => super::game_started(lang, started, names),
        LobbyUpdate::Closed(view) => lobby_closed(lang, &view.lobby),
    }
}

#[cfg(test)]
mod tests {
    use super::super::challenge::mentions;
    use super::*;

    #[test]
    fn mentions_join_with_commas_and_a_last_and() {
        assert_eq!(mentions(Lang::En, &[1]), "<@1>");
        assert_eq!(mentions(Lang::En, &[1, 2, 3]), "<@1>, <@2> and <@3>");
        assert_eq!(mentions(Lang::Hr, &[1, 2]), "<@1> i <@2>");
    }
}
