//! What a front end asks of the service, in typed values: the [`Place`] a command came from,
//! the [`Actor`] who asks, and the values a member typed, parsed once where the text came in
//! (Discord's choices arrive typed; local mode reads words with the parsers here).

use crate::error::UserError;
use halma::Variant;
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

#[cfg(test)]
mod tests {
    use super::*;

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
