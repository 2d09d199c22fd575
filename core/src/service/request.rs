//! What a front end asks of the service, in typed values: the [`Place`] a command came from,
//! the [`Actor`] who asks, and the values a member typed, parsed once where the text came in
//! (Discord's choices arrive typed; local mode reads words with the parsers here).

use super::{parse_move, Service};
use crate::error::{Error, Result, UserError};
use halma::{MoveText, ParseSquareError, Variant};
use halma_engine::Level;

/// A server's channel where a command was typed or a button clicked.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Place {
    /// The server.
    pub guild: u64,
    /// The channel (or thread).
    pub channel: u64,
    /// The channel `channel` belongs to when it is a thread: a server's game channels admit
    /// a thread of theirs. Only starting a game reads it.
    pub parent: Option<u64>,
}

impl Place {
    /// `channel` of `guild`, not a thread (or a thread whose parent does not matter).
    pub const fn new(guild: u64, channel: u64) -> Place {
        Place {
            guild,
            channel,
            parent: None,
        }
    }

    /// This place as a thread of `parent` (when there is one).
    pub const fn in_thread_of(self, parent: Option<u64>) -> Place {
        Place { parent, ..self }
    }

    /// `user` acting here.
    pub const fn member(self, user: u64) -> Actor {
        Actor { place: self, user }
    }
}

/// A member asking something at a place.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Actor {
    /// Where they ask.
    pub place: Place,
    /// Who asks.
    pub user: u64,
}

impl Actor {
    /// The server they ask in.
    pub const fn guild(&self) -> u64 {
        self.place.guild
    }

    /// The channel they ask in.
    pub const fn channel(&self) -> u64 {
        self.place.channel
    }
}

/// An optional value as typed, read by `parse`: `None` when it was left out or blank.
pub fn optional<T>(
    text: Option<&str>,
    parse: impl FnOnce(&str) -> Result<T, UserError>,
) -> Result<Option<T>, UserError> {
    match text.map(str::trim).filter(|t| !t.is_empty()) {
        Some(text) => parse(text).map(Some),
        None => Ok(None),
    }
}

/// A variant's name as typed (`standard`, `star6`, …); blank is refused like any unknown name.
pub fn parse_variant(text: &str) -> Result<Variant, UserError> {
    let text = text.trim();
    text.parse().map_err(|_| UserError::UnknownVariant {
        text: text.to_string(),
    })
}

/// The bot's level as typed (`easy`, `medium`, `hard`).
pub fn parse_level(text: &str) -> Result<Level, UserError> {
    let text = text.trim();
    text.parse().map_err(|_| UserError::UnknownLevel {
        text: text.to_string(),
    })
}

/// The rank (0 = rank 1) of `text` when it names a cell of the star's 17×17 grid, files
/// `a`–`q` and ranks `1`–`17`, written as squares are (`Q6`, `a17`).
fn grid_rank(text: &str) -> Option<u8> {
    let mut chars = text.chars();
    let file = chars.next()?.to_ascii_lowercase();
    let digits = chars.as_str();
    if !('a'..='q').contains(&file) || digits.starts_with('0') {
        return None;
    }
    let rank: u8 = digits.parse().ok()?;
    (1..=17).contains(&rank).then_some(rank - 1)
}

impl Service {
    /// Reads a move typed at `at` as [`parse_move`] does. A name that lies on the star's
    /// grid but is a square of no board (`q6`, `a17`: past the end of its rank, on the star as
    /// on the square boards) is refused in the words of the channel's board, with what that
    /// board has (see [`UserError::OffBoard`]); in a channel without a game, as any name that
    /// is no square.
    #[tracing::instrument(skip_all)]
    pub async fn read_move(&self, at: Place, from: &str, to: &str) -> Result<MoveText> {
        let unread = match parse_move(from, to) {
            Ok(text) => return Ok(text),
            Err(unread) => unread,
        };
        let UserError::BadSquare {
            error: ParseSquareError::BadFile(text) | ParseSquareError::BadRank(text),
        } = &unread
        else {
            return Err(unread.into());
        };
        let name = text.trim().to_lowercase();
        let Some(rank) = grid_rank(&name) else {
            return Err(unread.into());
        };
        match self.current_or_last(at).await {
            Ok(game) => Err(UserError::OffBoard {
                name,
                rank,
                variant: game.variant,
            }
            .into()),
            Err(Error::User(_)) => Err(unread.into()),
            Err(other) => Err(other),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn grid_names_read_their_rank() {
        assert_eq!(grid_rank("q6"), Some(5));
        assert_eq!(grid_rank("a17"), Some(16));
        assert_eq!(grid_rank("e1"), Some(0));
        for not_on_the_grid in ["r5", "a18", "a0", "a06", "q", "", "é1", "a1x"] {
            assert_eq!(grid_rank(not_on_the_grid), None, "{not_on_the_grid}");
        }
    }

    #[test]
    fn names_parse_and_unknown_ones_are_named_back() {
        assert_eq!(parse_variant(" small "), Ok(Variant::Small));
        assert_eq!(
            parse_variant("chess"),
            Err(UserError::UnknownVariant {
                text: "chess".into()
            })
        );
        assert_eq!(parse_level("hard"), Ok(Level::Hard));
        assert_eq!(
            parse_level("expert"),
            Err(UserError::UnknownLevel {
                text: "expert".into()
            })
        );
        let here = Place::new(1, 2).in_thread_of(Some(3)).member(4);
        assert_eq!((here.guild(), here.channel(), here.user), (1, 2, 4));
        assert_eq!(here.place.parent, Some(3));
    }
}
