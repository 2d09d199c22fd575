//! Turns the service's replies into messages: text in the user's language, a board image, and
//! buttons. Nothing here knows Discord's types, so the Discord layer and local mode show the
//! same messages.

use crate::error::UserError;
use crate::locale::{self, count, text, Lang};
use crate::service::{
    ChallengeStatus, ChallengeView, DrawReply, EndReason, GameEnded, GameResult, GameStarted,
    GameStatus, GameView, History, Leaderboard, MovePlayed, Player, RatingChange, Record, Reminder,
    ReplayData, Stats,
};
use halma::{MoveText, Ply, Seat, Square, Variant};
use halma_render::{BoardOptions, ReplayOptions};

/// A button's look.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ButtonStyle {
    /// The main action (green).
    Success,
    /// Refusing (red).
    Danger,
    /// Anything else (grey).
    Secondary,
}

/// A button: what it says and what its click means. The id carries everything needed to act
/// on the click after a restart (see [`Action`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Button {
    /// What a click does.
    pub action: Action,
    /// The label.
    pub label: String,
    /// The look.
    pub style: ButtonStyle,
}

/// What a button click asks for, written into the button's id as `halma:<verb>:<id>`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Action {
    /// Accept challenge N.
    Accept(i64),
    /// Decline challenge N.
    Decline(i64),
    /// Withdraw challenge N.
    Withdraw(i64),
    /// Accept the draw offered in game N (by offering one too).
    AcceptDraw(i64),
    /// Challenge the same players again after game N, colours swapped.
    Rematch(i64),
}

impl Action {
    /// The id written into the button.
    pub fn custom_id(self) -> String {
        let (verb, id) = match self {
            Action::Accept(id) => ("accept", id),
            Action::Decline(id) => ("decline", id),
            Action::Withdraw(id) => ("withdraw", id),
            Action::AcceptDraw(id) => ("draw", id),
            Action::Rematch(id) => ("rematch", id),
        };
        format!("halma:{verb}:{id}")
    }

    /// Reads a button id; `None` for ids this bot did not write.
    ///
    /// ```
    /// use halma_bot::present::Action;
    /// assert_eq!(Action::parse("halma:accept:42"), Some(Action::Accept(42)));
    /// assert_eq!(Action::parse(&Action::Rematch(7).custom_id()), Some(Action::Rematch(7)));
    /// assert_eq!(Action::parse("halma:accept:x"), None);
    /// ```
    pub fn parse(custom_id: &str) -> Option<Action> {
        let mut parts = custom_id.split(':');
        if parts.next()? != "halma" {
            return None;
        }
        let verb = parts.next()?;
        let id: i64 = parts.next()?.parse().ok()?;
        if parts.next().is_some() {
            return None;
        }
        Some(match verb {
            "accept" => Action::Accept(id),
            "decline" => Action::Decline(id),
            "withdraw" => Action::Withdraw(id),
            "draw" => Action::AcceptDraw(id),
            "rematch" => Action::Rematch(id),
            _ => return None,
        })
    }
}

/// A file sent with a message.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct File {
    /// The file name, such as `board.png`.
    pub name: String,
    /// The contents.
    pub bytes: Vec<u8>,
}

/// A message to show.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Reply {
    /// The text (Discord markdown; `<@id>` mentions a user).
    pub content: String,
    /// Attached files (a board PNG, a replay GIF, a long history).
    pub files: Vec<File>,
    /// Buttons under the message.
    pub buttons: Vec<Button>,
    /// Shown only to the user who asked.
    pub ephemeral: bool,
    /// Users the message pings (everyone else mentioned is shown, not pinged).
    pub pings: Vec<u64>,
}

impl Reply {
    fn text(content: String) -> Reply {
        Reply {
            content,
            ..Reply::default()
        }
    }
}

/// How to name players in pictures: their display name, or `None` when unknown.
pub type Names<'a> = &'a dyn Fn(u64) -> Option<String>;

/// The refusal for a user error: ephemeral, in the user's language.
pub fn refusal(lang: Lang, error: &UserError) -> Reply {
    Reply {
        content: error.message(lang),
        ephemeral: true,
        ..Reply::default()
    }
}

/// The apology for an internal error (the details go to the log).
pub fn apology(lang: Lang) -> Reply {
    Reply {
        content: text(lang, "error.internal", &[]),
        ephemeral: true,
        ..Reply::default()
    }
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
        ..BoardOptions::default()
    };
    halma_render::board_png(&game.position, &options)
}

fn seat_names(game: &GameView, names: Names<'_>) -> Vec<String> {
    game.variant
        .seats()
        .map(|seat| {
            game.players
                .iter()
                .find(|p| p.seat == seat)
                .and_then(|p| names(p.user))
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
        _ => "colour.d",
    }
}

/// "<@1> (orange, A) vs <@2> (blue, B)".
fn line_up(lang: Lang, game: &GameView) -> String {
    let mut players = game.players.clone();
    players.sort_by_key(|p| p.seat);
    players
        .iter()
        .map(|p| {
            text(
                lang,
                "game.seat",
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

/// The new challenge, with Accept, Decline and Withdraw buttons.
pub fn challenge_sent(lang: Lang, c: &ChallengeView) -> Reply {
    let mut content = text(
        lang,
        "challenge.sent",
        &[
            ("challenger", user(c.challenger)),
            ("opponent", user(c.opponent)),
            ("variant", c.variant.name().to_string()),
            ("timeout", locale::duration(c.turn_timeout)),
        ],
    );
    if c.anti_spoiling {
        content.push(' ');
        content.push_str(&text(lang, "challenge.anti_spoiling", &[]));
    }
    Reply {
        content,
        buttons: vec![
            Button {
                action: Action::Accept(c.id),
                label: text(lang, "button.accept", &[]),
                style: ButtonStyle::Success,
            },
            Button {
                action: Action::Decline(c.id),
                label: text(lang, "button.decline", &[]),
                style: ButtonStyle::Danger,
            },
            Button {
                action: Action::Withdraw(c.id),
                label: text(lang, "button.withdraw", &[]),
                style: ButtonStyle::Secondary,
            },
        ],
        pings: vec![c.opponent],
        ..Reply::default()
    }
}

/// A challenge that was declined, withdrawn or expired: the message loses its buttons.
pub fn challenge_closed(lang: Lang, c: &ChallengeView) -> Reply {
    let key = match c.status {
        ChallengeStatus::Declined => "challenge.declined",
        ChallengeStatus::Withdrawn => "challenge.withdrawn",
        ChallengeStatus::Expired => "challenge.expired",
        ChallengeStatus::Accepted => "challenge.accepted",
        ChallengeStatus::Pending => "challenge.sent",
    };
    Reply::text(text(
        lang,
        key,
        &[
            ("challenger", user(c.challenger)),
            ("opponent", user(c.opponent)),
            ("variant", c.variant.name().to_string()),
            ("timeout", locale::duration(c.turn_timeout)),
        ],
    ))
}

fn your_move(lang: Lang, game: &GameView) -> Option<(String, u64)> {
    let next = game.to_move?;
    let mut line = text(lang, "game.your_move", &[("user", user(next.user))]);
    if let Some(left) = game.time_left {
        line.push(' ');
        line.push_str(&text(
            lang,
            "game.time_left",
            &[("left", locale::duration(left))],
        ));
    }
    Some((line, next.user))
}

/// The accepted challenge: who plays which colour, the board, and a ping of the first mover.
pub fn game_started(lang: Lang, started: &GameStarted, names: Names<'_>) -> Reply {
    let game = &started.game;
    let lines = vec![
        text(
            lang,
            "challenge.accepted",
            &[("opponent", user(started.challenge.opponent))],
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
    // A new game has no result, so this adds the first mover's ping and the board.
    finish(lang, game, &[], lines, names)
}

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
pub fn draw(lang: Lang, reply: &DrawReply, names: Names<'_>) -> Reply {
    match reply {
        DrawReply::Offered {
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
        DrawReply::Agreed(ended) => game_ended(lang, ended, names),
    }
}

/// An aborted game (not rated).
pub fn aborted(lang: Lang, by: u64) -> Reply {
    Reply::text(text(lang, "game.aborted", &[("user", user(by))]))
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

/// Discord's limit on a message's text.
const MESSAGE_LIMIT: usize = 2000;

/// The numbered plies and the position string; sent as a file when too long for a message.
pub fn history(lang: Lang, history: &History) -> Reply {
    let mut body = String::new();
    for ply in &history.plies {
        let written = match &ply.ply {
            Ply::Move { chain, .. } => chain_text(chain),
            Ply::Pass { .. } => "pass".to_string(),
        };
        body.push_str(&format!(
            "{}. {} {}\n",
            ply.number,
            ply.player.seat.letter(),
            written
        ));
    }
    let position = history.game.position.to_string();
    let header = text(
        lang,
        "history.header",
        &[
            ("variant", history.game.variant.name().to_string()),
            ("moves", count(lang, "moves", history.plies.len() as u64)),
        ],
    );
    let inline = format!("{header}\n```\n{body}{position}\n```");
    if inline.chars().count() <= MESSAGE_LIMIT {
        return Reply::text(inline);
    }
    Reply {
        content: format!("{header}\n```\n{position}\n```"),
        files: vec![File {
            name: format!("halma-{}-history.txt", history.game.id),
            bytes: format!("{body}{position}\n").into_bytes(),
        }],
        ..Reply::default()
    }
}

/// The game as an animated GIF.
pub fn replay(lang: Lang, data: &ReplayData, names: Names<'_>) -> Reply {
    let options = ReplayOptions {
        names: seat_names(&data.game, names),
        ..ReplayOptions::default()
    };
    let gif = halma_render::replay_gif(&data.start, &data.plies, &options);
    Reply {
        content: text(
            lang,
            "replay.header",
            &[
                ("variant", data.game.variant.name().to_string()),
                ("moves", count(lang, "moves", data.plies.len() as u64)),
            ],
        ),
        files: vec![File {
            name: format!("halma-{}.gif", data.game.id),
            bytes: gif,
        }],
        ..Reply::default()
    }
}

/// The server's top players for a variant.
pub fn leaderboard(lang: Lang, board: &Leaderboard) -> Reply {
    if board.entries.is_empty() {
        return Reply::text(text(
            lang,
            "leaderboard.empty",
            &[("variant", board.variant.name().to_string())],
        ));
    }
    let mut lines = vec![text(
        lang,
        "leaderboard.header",
        &[("variant", board.variant.name().to_string())],
    )];
    for e in &board.entries {
        let mut args = record_args(lang, &e.record);
        args.extend([("rank", e.rank.to_string()), ("user", user(e.user))]);
        lines.push(text(lang, "leaderboard.row", &args));
    }
    Reply::text(lines.join("\n"))
}

/// The placeholders of a rating record.
fn record_args(lang: Lang, r: &Record) -> Vec<(&'static str, String)> {
    vec![
        ("rating", format!("{:.0}", r.rating)),
        ("games", count(lang, "games", u64::from(r.games))),
        ("wins", r.wins.to_string()),
        ("losses", r.losses.to_string()),
        ("draws", r.draws.to_string()),
    ]
}

/// A member's ratings, record and current games.
pub fn stats(lang: Lang, stats: &Stats) -> Reply {
    let mut lines = vec![text(lang, "stats.header", &[("user", user(stats.user))])];
    if stats.variants.is_empty() {
        lines.push(text(lang, "stats.no_games", &[]));
    }
    for v in &stats.variants {
        let mut args = record_args(lang, &v.record);
        args.extend([
            ("variant", v.variant.name().to_string()),
            ("rank", v.rank.to_string()),
        ]);
        lines.push(text(lang, "stats.row", &args));
    }
    for g in &stats.current_games {
        lines.push(text(
            lang,
            "stats.current_game",
            &[
                ("channel", g.channel.to_string()),
                ("variant", g.variant.name().to_string()),
            ],
        ));
    }
    Reply::text(lines.join("\n"))
}

/// A short rules summary and the variants.
pub fn rules(lang: Lang) -> Reply {
    let variants: Vec<String> = Variant::ALL
        .iter()
        .map(|v| {
            text(
                lang,
                "rules.variant",
                &[
                    ("name", v.name().to_string()),
                    ("side", v.side().to_string()),
                    ("players", v.players().to_string()),
                    ("pieces", v.pieces_per_player().to_string()),
                ],
            )
        })
        .collect();
    Reply {
        content: format!(
            "{}\n{}",
            text(lang, "rules.summary", &[]),
            variants.join("\n")
        ),
        ephemeral: true,
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
