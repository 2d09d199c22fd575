//! Messages about a game in play: its start, each move, its end, draw offers, the board and
//! the half-time reminder.

use super::{
    board_file, chain_text, line_up, move_button, page_links, say_turn, user, Button, ButtonStyle,
    Names, Reply,
};
use crate::clicks::Action;
use crate::locale::{self, text, Lang};
use crate::service::{
    Abort, DrawOffer, EndReason, GameEnded, GameResult, GameView, MovePlayed, Player, PlayerLeft,
    RatingChange, Reminder, Resignation,
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

/// What a resignation led to: the game's end, or a player leaving a game of three or more.
pub fn resignation(lang: Lang, resignation: &Resignation, names: Names<'_>) -> Reply {
    match resignation {
        Resignation::Ended(ended) => game_ended(lang, ended, names),
        Resignation::Left(left) => player_left(lang, left, names),
    }
}

/// A player left a game of three or more (resigned, or ran out of time): who and why, passes
/// that followed, and the next player's ping, or the result when one player is left.
pub fn player_left(lang: Lang, left: &PlayerLeft, names: Names<'_>) -> Reply {
    let key = match left.reason {
        EndReason::Timeout => "game.left.timeout",
        _ => "game.left.resigned",
    };
    let mut lines = vec![text(lang, key, &[("user", user(left.player.user))])];
    for p in &left.passed {
        lines.push(text(lang, "game.passed", &[("user", user(p.user))]));
    }
    finish(lang, &left.game, &left.ratings, lines, names)
}

/// "1. <@a> · 2. <@c> · 3. <@b>": the places of a game of more than two players (partners
/// share theirs).
fn ranking_line(lang: Lang, game: &GameView) -> String {
    let places: Vec<String> = game
        .ranking()
        .iter()
        .enumerate()
        .map(|(i, place)| {
            let players: Vec<String> = place.iter().map(|p| mention(p.user)).collect();
            text(
                lang,
                "game.ranking.place",
                &[
                    ("place", (i + 1).to_string()),
                    ("players", players.join(" & ")),
                ],
            )
        })
        .collect();
    text(lang, "game.ranking", &[("places", places.join(" · "))])
}

/// `<@id>`, a mention in a text where a placeholder cannot add the brackets.
fn mention(id: u64) -> String {
    format!("<@{}>", user(id))
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
            if game.players.len() > 2 {
                lines.push(ranking_line(lang, game));
            }
            if !crate::model::everyone_has_moved(game.ply, game.players.len()) {
                lines.push(text(lang, "game.unrated_early", &[]));
            }
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
        None => say_turn(lang, game, &mut lines, &mut pings, &mut buttons),
    }
    Reply {
        content: lines.join("\n"),
        files: vec![board_file(game, names)],
        links: page_links(lang, game),
        buttons,
        pings,
        ..Reply::default()
    }
}

fn result_line(lang: Lang, game: &GameView, result: &GameResult) -> String {
    let reason = result.reason();
    let (winners, losers): (Vec<Player>, Vec<Player>) = match result {
        GameResult::Win { winners, .. } => (
            winners.clone(),
            game.players
                .iter()
                .copied()
                .filter(|p| !winners.contains(p))
                .collect(),
        ),
        GameResult::Draw { .. } => (Vec::new(), Vec::new()),
    };
    // A team won: both partners are named, and both of the losing team.
    let team = winners.len() == 2;
    let key = match (reason, team) {
        (EndReason::Completed, false) => "game.end.completed",
        (EndReason::Completed, true) => "game.end.completed_team",
        (EndReason::AntiSpoiling, false) if game.variant.is_star() => "game.end.anti_spoiling_star",
        (EndReason::AntiSpoiling, false) => "game.end.anti_spoiling",
        (EndReason::AntiSpoiling, true) => "game.end.anti_spoiling_team",
        (EndReason::Resigned, false) => "game.end.resigned",
        (EndReason::Resigned, true) => "game.end.resigned_team",
        (EndReason::Timeout, false) => "game.end.timeout",
        (EndReason::Timeout, true) => "game.end.timeout_team",
        (EndReason::Balance, _) => "game.end.balance",
        (EndReason::PlyLimit, _) => "game.end.ply_limit",
        (EndReason::NoMoves, _) => "game.end.no_moves",
        (EndReason::LastPlayer, _) => "game.end.last_player",
        (EndReason::NoPeopleLeft, _) => "game.end.no_people_left",
        (EndReason::Agreement, _) => "game.end.agreement",
        (EndReason::Aborted, _) => "game.aborted",
    };
    let nth =
        |players: &[Player], i: usize| players.get(i).map(|p| user(p.user)).unwrap_or_default();
    text(
        lang,
        key,
        &[
            ("winner", nth(&winners, 0)),
            ("partner", nth(&winners, 1)),
            ("loser", nth(&losers, 0)),
            ("loser_partner", nth(&losers, 1)),
            ("user", nth(&losers, 0)),
        ],
    )
}

/// A draw offer (with a button for the players who have not offered yet) or an agreed draw.
pub fn draw(lang: Lang, offer: &DrawOffer, names: Names<'_>) -> Reply {
    match offer {
        DrawOffer::Standing {
            game,
            by,
            waiting_for,
        } => Reply {
            // With three or more players, the offer stands until everyone still in has made one.
            content: if waiting_for.len() > 1 {
                text(
                    lang,
                    "draw.offered_all",
                    &[
                        ("user", user(by.user)),
                        (
                            "users",
                            super::challenge::mentions(
                                lang,
                                &waiting_for.iter().map(|p| p.user).collect::<Vec<_>>(),
                            ),
                        ),
                    ],
                )
            } else {
                text(lang, "draw.offered", &[("user", user(by.user))])
            },
            buttons: vec![Button {
                action: Action::AcceptDraw(game.id),
                label: text(lang, "button.accept_draw", &[]),
                style: ButtonStyle::Success,
            }],
            pings: waiting_for.iter().map(|p| p.user).collect(),
            ..Reply::default()
        },
        DrawOffer::Agreed(ended) | DrawOffer::LostOnTime(ended) => game_ended(lang, ended, names),
        DrawOffer::PlayerLeft(left) => player_left(lang, left, names),
    }
}

/// What `by`'s abort led to: the game called off (not rated), or ended on time when the
/// player to move had already run out of it.
pub fn abort(lang: Lang, by: u64, abort: &Abort, names: Names<'_>) -> Reply {
    match abort {
        Abort::Aborted(_) => Reply::text(text(lang, "game.aborted", &[("user", user(by))])),
        Abort::LostOnTime(ended) => game_ended(lang, ended, names),
        Abort::PlayerLeft(left) => player_left(lang, left, names),
    }
}

/// The current board: whose turn, the last move and the time left.
pub fn board(lang: Lang, game: &GameView, names: Names<'_>) -> Reply {
    let mut buttons = Vec::new();
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
            if !game.bots.contains(&next) {
                buttons.push(move_button(lang, game));
            }
            lines.push(text(lang, "board.to_move", &[("user", user(next.user))]));
            if let Some(left) = game.time_left {
                lines.push(text(
                    lang,
                    "game.time_left",
                    &[("left", locale::duration_in(lang, left))],
                ));
            }
        }
        (None, None) => lines.push(text(lang, "game.aborted_short", &[])),
    }
    Reply {
        content: lines.join("\n"),
        files: vec![board_file(game, names)],
        links: page_links(lang, game),
        buttons,
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
                ("left", locale::duration_in(lang, r.time_left)),
            ],
        ),
        pings: vec![r.player.user],
        buttons: vec![move_button(lang, &r.game)],
        ..Reply::default()
    }
}
