//! A puzzle's move picker: the same select menus as a game's (pieces, then a piece's
//! destinations, a Back button, "more…" past 100), with ids of their own
//! ([`PuzzlePickerId`]); a played move edits the picker into the puzzle after it, with the
//! next pieces, so a whole crossing is played in one message only its member sees.

use super::chain_text;
use super::picker::{destination_label, menus_with_ids, Menu, MenuOption, Panel, PickerButton};
use super::picker::{MENUS_PER_PANEL, MENU_OPTIONS};
use super::puzzle::{progress_line, puzzle_board, status_lines, title};
use crate::clicks::{PuzzlePickerId, MORE_PREFIX};
use crate::locale::{count, text, Lang};
use crate::service::{PuzzleDestinations, PuzzlePieces, PuzzleStep};

/// The picker after `step`.
pub fn puzzle_step(lang: Lang, step: &PuzzleStep) -> Panel {
    match step {
        PuzzleStep::Pieces(pieces) => pieces_panel(lang, pieces, None),
        PuzzleStep::Destinations(picker) => puzzle_destinations(lang, picker, 0),
        PuzzleStep::Played(pieces) => {
            let played = pieces
                .view
                .last_move
                .as_deref()
                .map(chain_text)
                .unwrap_or_default();
            let line = text(lang, "puzzle.moved", &[("chain", played)]);
            pieces_panel(lang, pieces, Some(line))
        }
        PuzzleStep::Stale(Some(pieces)) => {
            pieces_panel(lang, pieces, Some(text(lang, "picker.stale_fresh", &[])))
        }
        PuzzleStep::Stale(None) => Panel {
            content: text(lang, "error.puzzle_over", &[]),
            ..Panel::default()
        },
    }
}

/// The puzzle with the pieces that can move (none once it is over: then how it ended), after
/// `first` (the move just played, or why the picker was renewed).
fn pieces_panel(lang: Lang, pieces: &PuzzlePieces, first: Option<String>) -> Panel {
    let view = &pieces.view;
    let mut lines = vec![title(lang, view)];
    lines.extend(first);
    if view.is_open() {
        lines.extend(progress_line(lang, view));
        lines.push(text(lang, "picker.pieces", &[]));
    } else {
        lines.extend(status_lines(lang, view));
    }
    let stamp = pieces.stamp;
    let options = pieces
        .pieces
        .iter()
        .map(|p| MenuOption {
            label: text(
                lang,
                "picker.piece_option",
                &[
                    ("square", p.from.to_string()),
                    (
                        "destinations",
                        count(lang, "destinations", u64::from(p.destinations)),
                    ),
                ],
            ),
            value: p.from.to_string(),
        })
        .take(MENU_OPTIONS * MENUS_PER_PANEL)
        .collect();
    let highlights = pieces.pieces.iter().map(|p| p.from).collect();
    Panel {
        content: lines.join("\n"),
        files: vec![puzzle_board(view, highlights)],
        menus: menus_with_ids(
            options,
            &text(lang, "picker.placeholder_piece", &[]),
            |menu| PuzzlePickerId::Piece { stamp, menu }.custom_id(),
        ),
        buttons: Vec::new(),
    }
}

/// The destinations of one piece from `offset` on, with the board showing them, and a Back
/// button; past what fits, the last option is "more…".
pub fn puzzle_destinations(lang: Lang, picker: &PuzzleDestinations, offset: usize) -> Panel {
    let (stamp, from) = (picker.stamp, picker.from);
    let room = MENU_OPTIONS * MENUS_PER_PANEL;
    let offset = offset.min(picker.destinations.len().saturating_sub(1));
    let rest = &picker.destinations[offset..];
    let (shown, more) = if rest.len() > room {
        (&rest[..room - 1], Some(offset + room - 1))
    } else {
        (rest, None)
    };
    let mut options: Vec<MenuOption> = shown
        .iter()
        .map(|d| MenuOption {
            label: destination_label(&d.chain),
            value: d.to.to_string(),
        })
        .collect();
    if let Some(next) = more {
        options.push(MenuOption {
            label: text(
                lang,
                "picker.more",
                &[("count", (picker.destinations.len() - next).to_string())],
            ),
            value: format!("{MORE_PREFIX}{next}"),
        });
    }
    let highlights = picker.destinations.iter().map(|d| d.to).collect();
    let menus: Vec<Menu> = menus_with_ids(
        options,
        &text(lang, "picker.placeholder_destination", &[]),
        |menu| PuzzlePickerId::Destination { stamp, from, menu }.custom_id(),
    );
    Panel {
        content: text(
            lang,
            "picker.destinations",
            &[
                ("square", from.to_string()),
                (
                    "destinations",
                    count(lang, "destinations", picker.destinations.len() as u64),
                ),
            ],
        ),
        files: vec![puzzle_board(&picker.view, highlights)],
        menus,
        buttons: vec![PickerButton {
            custom_id: PuzzlePickerId::Back(stamp).custom_id(),
            label: text(lang, "button.back", &[]),
        }],
    }
}
