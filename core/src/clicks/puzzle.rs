//! The ids of a puzzle's move picker: which step a menu or button is for and the position it
//! was shown for (the attempt and its moves then), written into the id so that a step taken
//! after the position changed is recognised, also after a restart. They start `halma:z`, apart
//! from a game's picker (`halma:pick`, `halma:to`, `halma:back`).

use crate::model::AttemptId;
use crate::service::PuzzleStamp;
use halma::Square;

/// What a puzzle picker component's id says: which step, for which position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PuzzlePickerId {
    /// Menu number `menu` of the pieces that can move.
    Piece {
        /// The position shown.
        stamp: PuzzleStamp,
        /// Which of the panel's menus (ids must differ).
        menu: u8,
    },
    /// Menu number `menu` of the destinations of the piece on `from`.
    Destination {
        /// The position shown.
        stamp: PuzzleStamp,
        /// The piece's square.
        from: Square,
        /// Which of the panel's menus.
        menu: u8,
    },
    /// The Back button: from the destinations to the pieces.
    Back(PuzzleStamp),
}

impl PuzzlePickerId {
    /// The component's custom id: `halma:zp:<attempt>:<ply>:<menu>`,
    /// `halma:zt:<attempt>:<ply>:<from>:<menu>` or `halma:zb:<attempt>:<ply>`: at most 56
    /// characters, well within Discord's 100.
    pub fn custom_id(self) -> String {
        match self {
            PuzzlePickerId::Piece { stamp, menu } => {
                format!("halma:zp:{}:{}:{menu}", stamp.attempt.0, stamp.ply)
            }
            PuzzlePickerId::Destination { stamp, from, menu } => {
                format!("halma:zt:{}:{}:{from}:{menu}", stamp.attempt.0, stamp.ply)
            }
            PuzzlePickerId::Back(stamp) => format!("halma:zb:{}:{}", stamp.attempt.0, stamp.ply),
        }
    }

    /// Reads a puzzle picker component's id; `None` for any other id.
    ///
    /// ```
    /// use halma_core::clicks::PuzzlePickerId;
    /// use halma_core::service::{AttemptId, PuzzleStamp};
    /// let stamp = PuzzleStamp { attempt: AttemptId(7), ply: 12 };
    /// let id = PuzzlePickerId::Destination { stamp, from: "g3".parse().unwrap(), menu: 1 };
    /// assert_eq!(id.custom_id(), "halma:zt:7:12:g3:1");
    /// assert_eq!(PuzzlePickerId::parse(&id.custom_id()), Some(id));
    /// assert_eq!(PuzzlePickerId::parse("halma:to:7:12:g3:1"), None);
    /// ```
    pub fn parse(custom_id: &str) -> Option<PuzzlePickerId> {
        let parts: Vec<&str> = custom_id.split(':').collect();
        let stamp = |attempt: &str, ply: &str| {
            Some(PuzzleStamp {
                attempt: AttemptId(attempt.parse().ok()?),
                ply: ply.parse().ok()?,
            })
        };
        match parts.as_slice() {
            ["halma", "zp", attempt, ply, menu] => Some(PuzzlePickerId::Piece {
                stamp: stamp(attempt, ply)?,
                menu: menu.parse().ok()?,
            }),
            ["halma", "zt", attempt, ply, from, menu] => Some(PuzzlePickerId::Destination {
                stamp: stamp(attempt, ply)?,
                from: from.parse().ok()?,
                menu: menu.parse().ok()?,
            }),
            ["halma", "zb", attempt, ply] => Some(PuzzlePickerId::Back(stamp(attempt, ply)?)),
            _ => None,
        }
    }

    /// The metrics name of the component: `puzzle picker piece`, `… destination` or
    /// `… back`.
    pub fn metrics_name(self) -> &'static str {
        match self {
            PuzzlePickerId::Piece { .. } => "puzzle picker piece",
            PuzzlePickerId::Destination { .. } => "puzzle picker destination",
            PuzzlePickerId::Back(_) => "puzzle picker back",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_longest_ids_fit_discord_and_read_back() {
        let stamp = PuzzleStamp {
            attempt: AttemptId(i64::MAX),
            ply: u32::MAX,
        };
        let from: Square = "p16".parse().unwrap();
        for id in [
            PuzzlePickerId::Piece { stamp, menu: 3 },
            PuzzlePickerId::Destination {
                stamp,
                from,
                menu: u8::MAX,
            },
            PuzzlePickerId::Back(stamp),
        ] {
            let text = id.custom_id();
            assert!(text.len() <= 100, "{text}");
            assert_eq!(PuzzlePickerId::parse(&text), Some(id));
            assert_eq!(crate::clicks::PickerId::parse(&text), None);
        }
    }
}
