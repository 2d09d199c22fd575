//! The move picker's messages checked against Discord's limits and the position they were
//! shown for; its helpers serve the puzzle picker's tests too.

use super::*;
use crate::clicks::Picked;
use crate::model::GameId;
use crate::model::{GameStatus, Player};
use crate::service::PickerStamp;
use crate::service::{DestinationChoice, PieceChoice};
use chrono::{TimeDelta, Utc};
use halma::{Options, Position, Seat, Variant};

fn game(variant: Variant) -> GameView {
    GameView {
        id: GameId(3),
        guild: 1,
        channel: 2,
        variant,
        options: Options::for_variant(variant),
        players: vec![
            Player {
                seat: Seat::from_letter('a').unwrap(),
                user: 10,
            },
            Player {
                seat: Seat::from_letter('b').unwrap(),
                user: 11,
            },
        ],
        position: Position::start(variant),
        ply: 4,
        to_move: None,
        last_move: None,
        turn_timeout: TimeDelta::hours(1),
        turn_deadline: None,
        left: Vec::new(),
        bots: Vec::new(),
        web_token: "token".into(),
        time_left: Some(TimeDelta::minutes(30)),
        draw_offers: Vec::new(),
        status: GameStatus::Active,
        result: None,
        created_at: Utc::now(),
    }
}

const STAMP: PickerStamp = PickerStamp {
    game: GameId(3),
    ply: 4,
};

/// Every limit Discord puts on a picker message.
pub(in crate::present) fn assert_within_limits(panel: &Panel) {
    assert!(panel.content.chars().count() <= super::super::MESSAGE_LIMIT);
    assert!(!panel.menus.is_empty() || !panel.content.is_empty());
    assert!(
        panel.menus.len() <= MENUS_PER_PANEL,
        "{}",
        panel.menus.len()
    );
    let mut ids = std::collections::HashSet::new();
    for menu in &panel.menus {
        assert!((1..=MENU_OPTIONS).contains(&menu.options.len()));
        assert!(menu.custom_id.chars().count() <= super::super::CUSTOM_ID_LIMIT);
        assert!(menu.placeholder.chars().count() <= 150);
        assert!(ids.insert(menu.custom_id.clone()), "{}", menu.custom_id);
        let mut values = std::collections::HashSet::new();
        for option in &menu.options {
            for t in [&option.label, &option.value] {
                assert!((1..=MENU_TEXT_LIMIT).contains(&t.chars().count()), "{t:?}");
            }
            assert!(values.insert(option.value.clone()));
        }
    }
    assert!(panel.buttons.len() <= 5);
    for button in &panel.buttons {
        assert!(button.label.chars().count() <= super::super::BUTTON_LABEL_LIMIT);
        assert!(ids.insert(button.custom_id.clone()));
    }
}

#[test]
fn the_piece_menu_lists_squares_first_and_stays_within_limits() {
    let names = |_, _| None;
    for lang in [Lang::En, Lang::Hr] {
        let picker = PiecePicker {
            game: game(Variant::Standard),
            stamp: STAMP,
            pieces: (0..19)
                .map(|i| PieceChoice {
                    from: Square::new(i % 16, i / 16).unwrap(),
                    destinations: u32::from(i) + 1,
                })
                .collect(),
        };
        let panel = piece_panel(lang, &picker, &names);
        assert_within_limits(&panel);
        assert_eq!(panel.menus.len(), 1);
        let first = &panel.menus[0].options[0];
        assert!(first.label.starts_with("a1"), "{first:?}");
        assert_eq!(first.value, "a1");
        assert_eq!(
            PickerId::parse(&panel.menus[0].custom_id),
            Some(PickerId::Piece {
                stamp: STAMP,
                menu: 0
            })
        );
        assert_eq!(panel.files.len(), 1, "the board with the pieces marked");
    }
    let en = piece_panel(
        Lang::En,
        &PiecePicker {
            game: game(Variant::Small),
            stamp: STAMP,
            pieces: vec![PieceChoice {
                from: "b2".parse().unwrap(),
                destinations: 7,
            }],
        },
        &names,
    );
    assert_eq!(en.menus[0].options[0].label, "b2 · 7 destinations");
}

fn destinations(n: usize) -> DestinationPicker {
    // Long chains, to test the label's limit; squares repeat, as only values must differ.
    let from: Square = "a1".parse().unwrap();
    let all: Vec<Square> = (0..=255u8).map(Square::from_index).collect();
    DestinationPicker {
        game: game(Variant::Standard),
        stamp: STAMP,
        from,
        destinations: all[1..=n]
            .iter()
            .map(|&to| DestinationChoice {
                to,
                chain: std::iter::once(from)
                    .chain(all[100..140].iter().copied())
                    .chain(std::iter::once(to))
                    .collect(),
            })
            .collect(),
    }
}

#[test]
fn destination_menus_split_at_25_and_page_past_100() {
    let names = |_, _| None;
    for n in [1, 25, 26, 60, 100, 101, 230] {
        let picker = destinations(n);
        let mut offset = 0;
        let mut seen = Vec::new();
        loop {
            let panel = destination_panel(Lang::Hr, &picker, offset, &names);
            assert_within_limits(&panel);
            assert_eq!(panel.button_labels(), ["Natrag"]);
            let values: Vec<String> = panel
                .menus
                .iter()
                .flat_map(|m| m.options.iter().map(|o| o.value.clone()))
                .collect();
            let mut next = None;
            for value in values {
                match Picked::parse(&value) {
                    Some(Picked::Square(sq)) => seen.push(sq),
                    Some(Picked::More(at)) => next = Some(at),
                    None => panic!("{value}"),
                }
            }
            match next {
                Some(at) => offset = at,
                None => break,
            }
        }
        let want: Vec<Square> = picker.destinations.iter().map(|d| d.to).collect();
        assert_eq!(seen, want, "every destination once, in order, for {n}");
    }
    let label = &destination_panel(Lang::En, &destinations(1), 0, &names).menus[0].options[0].label;
    assert!(label.starts_with("b1 (via "), "{label}");
}

impl Panel {
    fn button_labels(&self) -> Vec<&str> {
        self.buttons.iter().map(|b| b.label.as_str()).collect()
    }
}

#[test]
fn stale_and_closed_panels_have_no_menus() {
    let names = |_, _| None;
    let panel = stale_panel(Lang::En, None, &names);
    assert!(panel.menus.is_empty() && panel.buttons.is_empty());
    assert!(panel.content.contains("position has changed"), "{panel:?}");
    let fresh = PiecePicker {
        game: game(Variant::Small),
        stamp: STAMP,
        pieces: vec![PieceChoice {
            from: "b2".parse().unwrap(),
            destinations: 1,
        }],
    };
    let panel = stale_panel(Lang::En, Some(&fresh), &names);
    assert!(panel.content.contains("position has changed"), "{panel:?}");
    assert_eq!(panel.menus.len(), 1);
    assert_within_limits(&panel);
}
