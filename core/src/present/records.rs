//! Messages about what was played and who plays well: history, replay, leaderboard, stats and
//! the rules.

use super::{chain_text, fit_rows, seat_names, user, File, Names, Reply, MESSAGE_LIMIT};
use crate::locale::{count, text, Lang};
use crate::service::{History, Leaderboard, Record, ReplayData, Stats};
use halma::Ply;
use halma::Variant;
use halma_render::{Replay, ReplayOptions, MAX_REPLAY_BYTES};

/// The numbered plies and the position string; sent as a file when too long for a message.
pub fn history(lang: Lang, history: &History) -> Reply {
    let mut body = String::new();
    let mut departures = history.departures.iter().peekable();
    let mut write_departures = |body: &mut String, plies: u32| {
        while let Some((_, p)) = departures.next_if(|(after, _)| *after <= plies) {
            let seat = p.seat.letter().to_string();
            body.push_str(&text(lang, "history.left", &[("seat", seat)]));
            body.push('\n');
        }
    };
    write_departures(&mut body, 0);
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
        write_departures(&mut body, ply.number);
    }
    let position = history.game.position.to_string();
    let mut header = text(
        lang,
        "history.header",
        &[
            ("variant", history.game.variant.name().to_string()),
            ("moves", count(lang, "moves", history.plies.len() as u64)),
        ],
    );
    if let Some(hints) = super::ai::hints_line(lang, &history.hints) {
        header = format!("{hints}\n{header}");
    }
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

/// How to draw `data`'s replay: the players' names, who left and when, and at most
/// `max_bytes` of GIF (frames are dropped for a long game; see [`halma_render::replay`]), on
/// one thread: a replay takes one core at most, the others stay for boards.
pub fn replay_options(data: &ReplayData, names: Names<'_>, max_bytes: usize) -> ReplayOptions {
    ReplayOptions {
        names: seat_names(&data.game, names),
        removed: data.game.left.iter().map(|p| p.seat).collect(),
        departures: data
            .departures
            .iter()
            .map(|&(plies, seat)| (plies as usize, seat))
            .collect(),
        max_bytes,
        one_thread: true,
        ..ReplayOptions::default()
    }
}

/// The message carrying `data`'s drawn replay; it says so when the game was too long for a
/// frame per move.
pub fn replay_message(lang: Lang, data: &ReplayData, drawn: &Replay) -> Reply {
    let mut content = text(
        lang,
        "replay.header",
        &[
            ("variant", data.game.variant.name().to_string()),
            ("moves", count(lang, "moves", data.plies.len() as u64)),
        ],
    );
    if !drawn.is_complete() {
        content.push('\n');
        content.push_str(&text(
            lang,
            "replay.sampled",
            &[("frames", drawn.frames.to_string())],
        ));
    }
    Reply {
        content,
        files: vec![File {
            name: format!("halma-{}.gif", data.game.id),
            bytes: drawn.gif.clone(),
        }],
        ..Reply::default()
    }
}

/// The game as an animated GIF, drawn right here (local mode draws one replay at a time; the
/// Discord bot draws them on [`crate::replays::Replays`]' own thread).
pub fn replay(lang: Lang, data: &ReplayData, names: Names<'_>) -> Reply {
    let options = replay_options(data, names, MAX_REPLAY_BYTES);
    let drawn = halma_render::replay(&data.start, &data.plies, &options);
    replay_message(lang, data, &drawn)
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
    let head = vec![text(
        lang,
        "leaderboard.header",
        &[("variant", board.variant.name().to_string())],
    )];
    let rows = board
        .entries
        .iter()
        .map(|e| {
            let mut args = record_args(lang, &e.record);
            args.extend([("rank", e.rank.to_string()), ("user", user(e.user))]);
            text(lang, "leaderboard.row", &args)
        })
        .collect();
    Reply::text(fit_rows(lang, head, rows))
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
    lines.extend(super::ai::ai_record_lines(lang, &stats.ai_records));
    if stats.tournaments.played > 0 {
        lines.push(match stats.tournaments.best_place {
            Some(place) => text(
                lang,
                "stats.tournaments",
                &[
                    ("played", stats.tournaments.played.to_string()),
                    ("place", place.to_string()),
                ],
            ),
            None => text(
                lang,
                "stats.tournaments_unplaced",
                &[("played", stats.tournaments.played.to_string())],
            ),
        });
    }
    let games = stats
        .current_games
        .iter()
        .map(|g| {
            text(
                lang,
                "stats.current_game",
                &[
                    ("channel", g.channel.to_string()),
                    ("variant", g.variant.name().to_string()),
                ],
            )
        })
        .collect();
    Reply::text(fit_rows(lang, lines, games))
}

/// A short rules summary and the variants.
pub fn rules(lang: Lang) -> Reply {
    let variants: Vec<String> = Variant::ALL
        .iter()
        .map(|v| {
            text(
                lang,
                if v.is_star() {
                    "rules.variant_star"
                } else {
                    "rules.variant"
                },
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
            "{}\n{}\n{}",
            text(lang, "rules.summary", &[]),
            variants.join("\n"),
            text(lang, "rules.star", &[])
        ),
        ephemeral: true,
        ..Reply::default()
    }
}
