//! The move picker's messages: select menus of pieces and of destinations, written into
//! component ids that carry the position they were shown for ([`PickerId`]), so that a step
//! taken after the position changed is recognised, also after a restart.
//!
//! Every menu keeps to Discord's limits: at most [`MENU_OPTIONS`] options, labels and values of
//! at most [`MENU_TEXT_LIMIT`] characters, at most [`MENUS_PER_PANEL`] menus (one action row
//! each) plus one row of buttons. A piece with more destinations than fit gets a "more…"
//! option that opens the next page.

use super::{seat_names, File, Names};
use crate::clicks::PickerId;
use crate::clicks::MORE_PREFIX;
use crate::locale::{self, count, text, Lang};
use crate::service::{
    via_name, DestinationChoice, DestinationPicker, GameView, PickerStep, PieceChoice, PiecePicker,
};
use halma::{MoveText, Square};
use halma_render::BoardOptions;

/// Discord's limit on the options of one select menu.
pub const MENU_OPTIONS: usize = 25;

/// Discord's limit on an option's label and value, in characters.
pub const MENU_TEXT_LIMIT: usize = 100;

/// Menus in one picker message: Discord allows five action rows, the last holds the buttons.
pub const MENUS_PER_PANEL: usize = 4;

/// One option of a select menu.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MenuOption {
    /// What the user sees (at most [`MENU_TEXT_LIMIT`] characters).
    pub label: String,
    /// What comes back when it is picked (at most [`MENU_TEXT_LIMIT`] characters).
    pub value: String,
}

/// A string select menu.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Menu {
    /// The component id (a [`PickerId`]).
    pub custom_id: String,
    /// The grey text shown before anything is picked.
    pub placeholder: String,
    /// 1 to [`MENU_OPTIONS`] options.
    pub options: Vec<MenuOption>,
}

/// A button of a picker message (its id is a [`PickerId`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PickerButton {
    /// The component id.
    pub custom_id: String,
    /// The label.
    pub label: String,
}

/// A picker message: shown only to the player, edited in place by each step.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Panel {
    /// The text.
    pub content: String,
    /// The board with the squares that matter highlighted, if any.
    pub files: Vec<File>,
    /// Select menus, one per action row.
    pub menus: Vec<Menu>,
    /// Buttons, in one action row under the menus.
    pub buttons: Vec<PickerButton>,
}

/// The board of a picker step, with `highlights` marked.
fn picker_board(game: &GameView, highlights: Vec<Square>, names: Names<'_>) -> File {
    let options = BoardOptions {
        last_move: game
            .last_move
            .as_ref()
            .map(|m| m.chain.clone())
            .unwrap_or_default(),
        highlights,
        names: seat_names(game, names),
        ..BoardOptions::default()
    };
    File {
        name: format!("halma-{}-{}-picker.png", game.id, game.ply),
        bytes: super::picture(&game.position, &options),
    }
}

/// `options` cut into menus of at most [`MENU_OPTIONS`], the `n`th with the custom id
/// `id(n)`.
fn menus_with_ids(
    options: Vec<MenuOption>,
    placeholder: &str,
    id: impl Fn(u8) -> String,
) -> Vec<Menu> {
    options
        .chunks(MENU_OPTIONS)
        .enumerate()
        .map(|(n, chunk)| Menu {
            custom_id: id(n as u8),
            placeholder: placeholder.to_owned(),
            options: chunk.to_vec(),
        })
        .collect()
}

/// The menus of the pieces that can move, each option a square with its number of
/// destinations, the `n`th menu with the id `id(n)`: a game's picker and a puzzle's.
pub(super) fn piece_menus(
    lang: Lang,
    pieces: &[PieceChoice],
    id: impl Fn(u8) -> String,
) -> Vec<Menu> {
    let options = pieces
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
        // A player has at most 19 pieces, so this never cuts; it keeps the limit by itself.
        .take(MENU_OPTIONS * MENUS_PER_PANEL)
        .collect();
    menus_with_ids(options, &text(lang, "picker.placeholder_piece", &[]), id)
}

/// The pieces that can move: a menu (or several) of their squares, each with its number of
/// destinations, and the board with those pieces marked.
pub fn piece_panel(lang: Lang, picker: &PiecePicker, names: Names<'_>) -> Panel {
    let stamp = picker.stamp;
    let mut lines = vec![text(lang, "picker.pieces", &[])];
    if let Some(left) = picker.game.time_left {
        lines.push(text(
            lang,
            "game.time_left",
            &[("left", locale::duration_in(lang, left))],
        ));
    }
    let highlights = picker.pieces.iter().map(|p| p.from).collect();
    Panel {
        content: lines.join("\n"),
        files: vec![picker_board(&picker.game, highlights, names)],
        menus: piece_menus(lang, &picker.pieces, |menu| {
            PickerId::Piece { stamp, menu }.custom_id()
        }),
        buttons: Vec::new(),
    }
}

/// A destination's label: the square first, then the chain's landing squares in between
/// (`k5 (via m5)`), shortened to fit.
fn destination_label(chain: &[Square]) -> String {
    let to = chain[chain.len() - 1];
    let via: Vec<String> = chain[1..chain.len() - 1]
        .iter()
        .map(Square::to_string)
        .collect();
    via_name(to, &via)
}

/// A panel of the destinations of the piece on `from` from `offset` on, without its board:
/// what it says, its menus (the `n`th with the id `id(n)`; when more are left than fit, the
/// last option is "more…") and the Back button with the id `back`. A game's picker and a
/// puzzle's.
pub(super) fn destinations_panel(
    lang: Lang,
    from: Square,
    destinations: &[DestinationChoice],
    offset: usize,
    id: impl Fn(u8) -> String,
    back: String,
) -> Panel {
    let room = MENU_OPTIONS * MENUS_PER_PANEL;
    let offset = offset.min(destinations.len().saturating_sub(1));
    let rest = &destinations[offset..];
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
                &[("count", (destinations.len() - next).to_string())],
            ),
            value: format!("{MORE_PREFIX}{next}"),
        });
    }
    Panel {
        content: text(
            lang,
            "picker.destinations",
            &[
                ("square", from.to_string()),
                (
                    "destinations",
                    count(lang, "destinations", destinations.len() as u64),
                ),
            ],
        ),
        files: Vec::new(),
        menus: menus_with_ids(
            options,
            &text(lang, "picker.placeholder_destination", &[]),
            id,
        ),
        buttons: vec![PickerButton {
            custom_id: back,
            label: text(lang, "button.back", &[]),
        }],
    }
}

/// The destinations of one piece from `offset` on, with the board showing them, and a Back
/// button. When more are left than fit, the last option is "more…".
pub fn destination_panel(
    lang: Lang,
    picker: &DestinationPicker,
    offset: usize,
    names: Names<'_>,
) -> Panel {
    let (stamp, from) = (picker.stamp, picker.from);
    let mut panel = destinations_panel(
        lang,
        from,
        &picker.destinations,
        offset,
        |menu| PickerId::Destination { stamp, from, menu }.custom_id(),
        PickerId::Back(stamp).custom_id(),
    );
    let highlights = picker.destinations.iter().map(|d| d.to).collect();
    panel.files = vec![picker_board(&picker.game, highlights, names)];
    panel
}

/// A step taken on a position that has changed: says so, with a fresh list of pieces when
/// the user may still move.
pub fn stale_panel(lang: Lang, fresh: Option<&PiecePicker>, names: Names<'_>) -> Panel {
    match fresh {
        Some(picker) => {
            let mut panel = piece_panel(lang, picker, names);
            panel.content = format!(
                "{}\n{}",
                text(lang, "picker.stale_fresh", &[]),
                panel.content
            );
            panel
        }
        None => Panel {
            content: text(lang, "picker.stale", &[]),
            ..Panel::default()
        },
    }
}

/// The picker message after `step` (a played move's message is [`played_panel`]).
pub fn picker_step(lang: Lang, step: &PickerStep, names: Names<'_>) -> Panel {
    match step {
        PickerStep::Pieces(picker) => piece_panel(lang, picker, names),
        PickerStep::Destinations(picker) => destination_panel(lang, picker, 0, names),
        PickerStep::Stale(fresh) => stale_panel(lang, fresh.as_ref(), names),
        PickerStep::Played(played) => played_panel(lang, &played.chain),
    }
}

/// The picker message once the move `chain` is played: it closes, and the move's public
/// answer is the channel's ([`super::move_played`]).
pub fn played_panel(lang: Lang, chain: &[halma::Square]) -> Panel {
    let chain = MoveText::from_squares(chain.to_vec())
        .map(|t| t.to_string())
        .unwrap_or_default();
    Panel {
        content: text(lang, "picker.played", &[("chain", chain)]),
        ..Panel::default()
    }
}

#[cfg(test)]
#[path = "picker_tests.rs"]
pub(super) mod tests;
