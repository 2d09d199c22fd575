//! Puzzle messages: a member's puzzle as it stands (what to do, the progress against the par,
//! how it ended, the rating and streak), shown only to them with the board and a Move button;
//! the day's leaderboard; and the daily puzzle's announcement in the game channel.

use super::{chain_text, colour_key, fit_rows, picture, user, Button, ButtonStyle, File, Reply};
use crate::clicks::Action;
use crate::locale::{count, text, Lang};
use crate::model::AttemptStatus;
use crate::service::{DailyBoard, DailyNotice, DailyRow, PuzzleAnswer, PuzzleView};
use halma_puzzles::{Finish, PuzzleKind};
use halma_render::BoardOptions;

/// The answer to a puzzle command or a move in a puzzle: only its member sees it (the day's
/// leaderboard is for everyone).
pub fn puzzle_answer(lang: Lang, answer: &PuzzleAnswer) -> Reply {
    match answer {
        PuzzleAnswer::Started(view) | PuzzleAnswer::Shown(view) => puzzle_message(lang, view, None),
        PuzzleAnswer::Moved(view) => {
            let played = view
                .last_move
                .as_deref()
                .map(chain_text)
                .unwrap_or_default();
            let line = text(lang, "puzzle.moved", &[("chain", played)]);
            puzzle_message(lang, view, Some(line))
        }
        PuzzleAnswer::GaveUp(view) => puzzle_message(lang, view, None),
        PuzzleAnswer::Leaderboard(board) => daily_leaderboard(lang, board),
    }
}

/// A member's puzzle: what it is, then `first` (the move just played), then where it
/// stands or how it ended, with the board and, while it is open, the Move button.
fn puzzle_message(lang: Lang, view: &PuzzleView, first: Option<String>) -> Reply {
    let mut lines = vec![title(lang, view)];
    lines.extend(first);
    lines.extend(status_lines(lang, view));
    let buttons = if view.is_open() {
        vec![Button {
            action: Action::PuzzleMove(view.attempt),
            label: text(lang, "button.move", &[]),
            style: ButtonStyle::Success,
        }]
    } else {
        Vec::new()
    };
    Reply {
        content: lines.join("\n"),
        files: vec![puzzle_board(view, Vec::new())],
        buttons,
        ephemeral: true,
        ..Reply::default()
    }
}

/// "🧩 Your puzzle: a crossing on small." and what to do.
pub(super) fn title(lang: Lang, view: &PuzzleView) -> String {
    let variant = view.variant.name().to_string();
    let day = view.day.map(|d| d.format("%Y-%m-%d").to_string());
    let head = match (view.kind, day) {
        (PuzzleKind::Crossing, None) => {
            text(lang, "puzzle.title_crossing", &[("variant", variant)])
        }
        (PuzzleKind::Chain, None) => text(lang, "puzzle.title_chain", &[("variant", variant)]),
        (PuzzleKind::Crossing, Some(day)) => text(
            lang,
            "puzzle.title_daily_crossing",
            &[("variant", variant), ("day", day)],
        ),
        (PuzzleKind::Chain, Some(day)) => text(
            lang,
            "puzzle.title_daily_chain",
            &[("variant", variant), ("day", day)],
        ),
    };
    let colour = text(lang, colour_key(view.seat), &[]);
    let goal = match view.kind {
        PuzzleKind::Crossing => text(
            lang,
            "puzzle.goal_crossing",
            &[
                ("colour", colour),
                (
                    "par",
                    count(lang, "moves", u64::from(view.par.unwrap_or(0))),
                ),
            ],
        ),
        PuzzleKind::Chain => text(lang, "puzzle.goal_chain", &[("colour", colour)]),
    };
    format!("{head}\n{goal}")
}

/// Where an open puzzle stands and how to go on, or how a finished one went.
pub(super) fn status_lines(lang: Lang, view: &PuzzleView) -> Vec<String> {
    let Some(outcome) = &view.outcome else {
        let mut lines: Vec<String> = progress_line(lang, view).into_iter().collect();
        lines.push(text(lang, "puzzle.how", &[]));
        return lines;
    };
    let mut lines = vec![match (outcome.finish, view.status) {
        (Finish::Crossing(score), _) => {
            let moves = count(lang, "moves", score.moves as u64);
            let by = count(lang, "moves", score.over_par().unsigned_abs());
            let par = count(lang, "moves", score.par as u64);
            match score.over_par() {
                0 => text(lang, "puzzle.crossed_at_par", &[("moves", moves)]),
                n if n < 0 => text(
                    lang,
                    "puzzle.crossed_under_par",
                    &[("moves", moves), ("by", by), ("par", par)],
                ),
                _ => text(
                    lang,
                    "puzzle.crossed_over_par",
                    &[("moves", moves), ("by", by), ("par", par)],
                ),
            }
        }
        (Finish::Chain { solved }, _) => {
            let best = outcome.best.as_deref().map(chain_text).unwrap_or_default();
            let (gain, played) = outcome.gains.unwrap_or_default();
            if solved {
                text(
                    lang,
                    "puzzle.chain_solved",
                    &[("chain", best), ("gain", gain.to_string())],
                )
            } else {
                text(
                    lang,
                    "puzzle.chain_wrong",
                    &[
                        ("chain", best),
                        ("gain", gain.to_string()),
                        ("played", played.to_string()),
                    ],
                )
            }
        }
        (Finish::GaveUp, AttemptStatus::Failed) => text(
            lang,
            "puzzle.out_of_moves",
            &[("moves", count(lang, "moves", u64::from(view.moves)))],
        ),
        (Finish::GaveUp, _) => match (view.kind, &outcome.best) {
            (PuzzleKind::Chain, Some(best)) => {
                text(lang, "puzzle.gave_up_chain", &[("chain", chain_text(best))])
            }
            _ => text(
                lang,
                "puzzle.gave_up_crossing",
                &[(
                    "par",
                    count(lang, "moves", u64::from(view.par.unwrap_or(0))),
                )],
            ),
        },
    }];
    lines.push(text(
        lang,
        "puzzle.rating",
        &[
            ("before", rating(outcome.rating_before)),
            ("after", rating(outcome.rating_after)),
        ],
    ));
    if let Some(streaks) = outcome.streaks {
        lines.push(text(
            lang,
            "puzzle.streak",
            &[
                ("current", count(lang, "days", u64::from(streaks.current))),
                ("longest", count(lang, "days", u64::from(streaks.longest))),
            ],
        ));
    }
    if view.day.is_some() {
        lines.push(text(lang, "puzzle.daily_done", &[]));
    }
    lines
}

/// An open crossing's progress: moves so far and pieces home; `None` for a chain puzzle.
pub(super) fn progress_line(lang: Lang, view: &PuzzleView) -> Option<String> {
    (view.kind == PuzzleKind::Crossing).then(|| {
        text(
            lang,
            "puzzle.progress",
            &[
                ("moves", count(lang, "moves", u64::from(view.moves))),
                ("home", view.home.0.to_string()),
                ("total", view.home.1.to_string()),
            ],
        )
    })
}

/// A rating as shown: rounded to a whole number.
fn rating(value: f64) -> String {
    format!("{}", value.round() as i64)
}

/// The puzzle's board: the position now with the last move, and `highlights` (a chain
/// puzzle's answer once it is over, the squares a picker offers).
pub(super) fn puzzle_board(view: &PuzzleView, mut highlights: Vec<halma::Square>) -> File {
    if let (Some(outcome), true) = (&view.outcome, highlights.is_empty()) {
        if let Some(best) = &outcome.best {
            highlights = best.clone();
        }
    }
    let options = BoardOptions {
        last_move: view.last_move.clone().unwrap_or_default(),
        highlights,
        hide_turn: !view.is_open(),
        ..BoardOptions::default()
    };
    File {
        name: format!("halma-puzzle-{}-{}.png", view.attempt, view.moves),
        bytes: picture(&view.position, &options),
    }
}

/// The day's leaderboard: the daily puzzle, then its members' results, solved first, each
/// with their puzzle rating and streak. Public: it shows no moves.
pub fn daily_leaderboard(lang: Lang, board: &DailyBoard) -> Reply {
    let day = board.day.format("%Y-%m-%d").to_string();
    let Some((kind, variant, par)) = board.puzzle else {
        return Reply::text(text(lang, "puzzle.board_none", &[("day", day)]));
    };
    let variant = variant.name().to_string();
    let head = match kind {
        PuzzleKind::Crossing => text(
            lang,
            "puzzle.board_crossing",
            &[
                ("day", day),
                ("variant", variant),
                ("par", count(lang, "moves", u64::from(par.unwrap_or(0)))),
            ],
        ),
        PuzzleKind::Chain => text(
            lang,
            "puzzle.board_chain",
            &[("day", day), ("variant", variant)],
        ),
    };
    if board.rows.is_empty() {
        return Reply::text(format!("{head}\n{}", text(lang, "puzzle.board_empty", &[])));
    }
    let rows = board
        .rows
        .iter()
        .enumerate()
        .map(|(i, row)| board_row(lang, kind, i + 1, row))
        .collect();
    Reply::text(fit_rows(lang, vec![head], rows))
}

/// One member's line on the day's leaderboard.
fn board_row(lang: Lang, kind: PuzzleKind, place: usize, row: &DailyRow) -> String {
    let args = |result: String| {
        vec![
            ("place", place.to_string()),
            ("user", user(row.user)),
            ("result", result),
            ("rating", rating(row.rating)),
            ("streak", count(lang, "days", u64::from(row.streak))),
        ]
    };
    let result = match (row.status, kind) {
        (AttemptStatus::Solved, PuzzleKind::Crossing) => count(lang, "moves", u64::from(row.moves)),
        (AttemptStatus::Solved, PuzzleKind::Chain) => text(lang, "puzzle.result_solved", &[]),
        (AttemptStatus::GaveUp, _) => text(lang, "puzzle.result_gave_up", &[]),
        _ => text(lang, "puzzle.result_failed", &[]),
    };
    text(lang, "puzzle.board_row", &args(result))
}

/// The announcement of a server's daily puzzle in its game channel.
pub fn daily_puzzle_announcement(lang: Lang, daily: &DailyNotice) -> Reply {
    let day = daily.day.format("%Y-%m-%d").to_string();
    let variant = daily.variant.name().to_string();
    Reply::text(match daily.kind {
        PuzzleKind::Crossing => text(
            lang,
            "puzzle.announce_crossing",
            &[
                ("day", day),
                ("variant", variant),
                (
                    "par",
                    count(lang, "moves", u64::from(daily.par.unwrap_or(0))),
                ),
            ],
        ),
        PuzzleKind::Chain => text(
            lang,
            "puzzle.announce_chain",
            &[("day", day), ("variant", variant)],
        ),
    })
}
