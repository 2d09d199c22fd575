//! One message to the pages of a game: a snapshot or a ply, serialised once for all of them.

use std::sync::Arc;

/// What a message to the pages carries.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MessageKind {
    /// The whole [`GameSnapshot`].
    Snapshot,
    /// One [`PlyUpdate`].
    Move,
}

impl MessageKind {
    /// The server-sent event's name: `snapshot` or `move`.
    pub fn name(self) -> &'static str {
        match self {
            MessageKind::Snapshot => "snapshot",
            MessageKind::Move => "move",
        }
    }
}

/// One message to the pages of a game, serialised once for all of them.
#[derive(Debug)]
pub struct Message {
    /// The game's version after it: rises with every change, across all games of the hub.
    pub seq: u64,
    /// What `data` holds.
    pub kind: MessageKind,
    /// The JSON.
    pub data: Arc<str>,
}
