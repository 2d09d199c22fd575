//! The ids of the move picker's components and options: which step a menu or button is for,
//! and the position it was shown for, written into the id so that a step taken after the
//! position changed is recognised, also after a restart.

use crate::model::GameId;
use crate::service::PickerStamp;
use halma::Square;

/// The value of the "more…" option that opens the destinations from `offset` on.
pub(crate) const MORE_PREFIX: &str = "more:";

/// What a picker component's id says: which step, for which position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PickerId {
    /// Menu number `menu` of the pieces that can move.
    Piece {
        /// The position shown.
        stamp: PickerStamp,
        /// Which of the panel's menus (ids must differ).
        menu: u8,
    },
    /// Menu number `menu` of the destinations of the piece on `from`.
    Destination {
        /// The position shown.
        stamp: PickerStamp,
        /// The piece's square.
        from: Square,
        /// Which of the panel's menus.
        menu: u8,
    },
    /// The Back button: from the destinations to the pieces.
    Back(PickerStamp),
}

impl PickerId {
    /// The component's custom id: `halma:pick:<game>:<ply>:<menu>`,
    /// `halma:to:<game>:<ply>:<from>:<menu>` or `halma:back:<game>:<ply>`.
    pub fn custom_id(self) -> String {
        match self {
            PickerId::Piece { stamp, menu } => {
                format!("halma:pick:{}:{}:{menu}", stamp.game.0, stamp.ply)
            }
            PickerId::Destination { stamp, from, menu } => {
                format!("halma:to:{}:{}:{from}:{menu}", stamp.game.0, stamp.ply)
            }
            PickerId::Back(stamp) => format!("halma:back:{}:{}", stamp.game.0, stamp.ply),
        }
    }

    /// Reads a picker component's id; `None` for any other id.
    ///
    /// ```
    /// use halma_core::model::GameId;
    /// use halma_core::clicks::PickerId;
    /// use halma_core::service::PickerStamp;
    /// let stamp = PickerStamp { game: GameId(7), ply: 12 };
    /// let id = PickerId::Destination { stamp, from: "m3".parse().unwrap(), menu: 1 };
    /// assert_eq!(id.custom_id(), "halma:to:7:12:m3:1");
    /// assert_eq!(PickerId::parse(&id.custom_id()), Some(id));
    /// assert_eq!(PickerId::parse("halma:accept:3"), None);
    /// ```
    pub fn parse(custom_id: &str) -> Option<PickerId> {
        let parts: Vec<&str> = custom_id.split(':').collect();
        let stamp = |game: &str, ply: &str| {
            Some(PickerStamp {
                game: GameId(game.parse().ok()?),
                ply: ply.parse().ok()?,
            })
        };
        match parts.as_slice() {
            ["halma", "pick", game, ply, menu] => Some(PickerId::Piece {
                stamp: stamp(game, ply)?,
                menu: menu.parse().ok()?,
            }),
            ["halma", "to", game, ply, from, menu] => Some(PickerId::Destination {
                stamp: stamp(game, ply)?,
                from: from.parse().ok()?,
                menu: menu.parse().ok()?,
            }),
            ["halma", "back", game, ply] => Some(PickerId::Back(stamp(game, ply)?)),
            _ => None,
        }
    }

    /// The metrics name of the component: `picker piece`, `picker destination` or
    /// `picker back`.
    pub fn metrics_name(self) -> &'static str {
        match self {
            PickerId::Piece { .. } => "picker piece",
            PickerId::Destination { .. } => "picker destination",
            PickerId::Back(_) => "picker back",
        }
    }
}

/// What a user picked in a menu of destinations.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Picked {
    /// A square.
    Square(Square),
    /// "more…": the destinations from this offset on.
    More(usize),
}

impl Picked {
    /// Reads a picked option's value; `None` for a value no menu of this bot holds.
    ///
    /// ```
    /// use halma_core::clicks::Picked;
    /// assert_eq!(Picked::parse("k5"), Some(Picked::Square("k5".parse().unwrap())));
    /// assert_eq!(Picked::parse("more:99"), Some(Picked::More(99)));
    /// assert_eq!(Picked::parse("nonsense"), None);
    /// ```
    pub fn parse(value: &str) -> Option<Picked> {
        match value.strip_prefix(MORE_PREFIX) {
            Some(offset) => offset.parse().ok().map(Picked::More),
            None => value.parse().ok().map(Picked::Square),
        }
    }
}
