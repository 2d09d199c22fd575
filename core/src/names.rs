//! The display names the bot shows. Members' names per server live in the database (the
//! `member_names` table, see [`crate::service::Service::saw_name`]); a [`NameBook`] keeps the
//! recently used ones in front of it, so that an unchanged name costs no query and a board
//! needs none. [`KnownNames`] keeps the global names this process saw lately, for the list of
//! who is in an Activity and the bot's own name.

use std::sync::Mutex;
use std::time::{Duration, Instant};

/// The most characters of a name kept (Discord's names have at most 32).
pub const NAME_CHARS: usize = 64;

/// A name as Discord gave it, made fit to show: control characters dropped, spaces trimmed,
/// at most [`NAME_CHARS`] characters. `None` when nothing is left.
///
/// ```
/// use halma_core::names::clean_name;
/// assert_eq!(clean_name("  Ana\u{7}\n ").as_deref(), Some("Ana"));
/// assert_eq!(clean_name(" \t "), None);
/// assert_eq!(clean_name(&"x".repeat(100)).map(|n| n.chars().count()), Some(64));
/// ```
pub fn clean_name(name: &str) -> Option<String> {
    let kept: String = name.chars().filter(|c| !c.is_control()).collect();
    let kept: String = kept.trim().chars().take(NAME_CHARS).collect();
    let kept = kept.trim_end();
    (!kept.is_empty()).then(|| kept.to_owned())
}

/// A name a member of a server was seen going by, to be kept.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeenName {
    /// The server.
    pub guild: u64,
    /// The member's user id.
    pub user: u64,
    /// The name, cleaned (see [`clean_name`]).
    pub name: String,
}

/// Names by user id, the most recently seen kept. Shared behind an `Arc`.
pub struct KnownNames {
    names: Mutex<hashlink::LruCache<u64, String>>,
}

impl KnownNames {
    /// Keeps at most `capacity` names.
    ///
    /// ```
    /// use halma_core::names::KnownNames;
    /// let names = KnownNames::new(2);
    /// names.remember(1, "Ana".into());
    /// assert_eq!(names.get(1).as_deref(), Some("Ana"));
    /// assert_eq!(names.get(2), None);
    /// ```
    pub fn new(capacity: usize) -> KnownNames {
        KnownNames {
            names: Mutex::new(hashlink::LruCache::new(capacity.max(1))),
        }
    }

    /// Remembers `name` for `user`.
    pub fn remember(&self, user: u64, name: String) {
        if let Ok(mut names) = self.names.lock() {
            names.insert(user, name);
        }
    }

    /// The name seen last for `user`, if it is still kept.
    pub fn get(&self, user: u64) -> Option<String> {
        self.names.lock().ok()?.get(&user).cloned()
    }
}

/// What a [`NameBook`] knows of a member's name.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Lookup {
    /// Read from the table or seen within the book's lifetime: the name, or that they have
    /// none kept.
    Fresh(Option<String>),
    /// Known, but longer ago than the book's lifetime: another process may have kept a newer
    /// name since. Good enough to show while it is read again.
    Stale(Option<String>),
    /// Never read or seen here (or forgotten for newer ones).
    Unknown,
}

impl Lookup {
    /// The name known, old or not.
    pub fn name(&self) -> Option<&str> {
        match self {
            Lookup::Fresh(name) | Lookup::Stale(name) => name.as_deref(),
            Lookup::Unknown => None,
        }
    }

    /// Whether the table should be read for this member.
    pub fn wants_reading(&self) -> bool {
        !matches!(self, Lookup::Fresh(_))
    }
}

/// Whether the table holds the name a [`NameBook`] entry has.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kept {
    /// Not known: the next time the name is seen it is written.
    Unknown,
    /// The table has this name.
    Yes,
    /// The member had neither played nor been invited when this name was written; a game
    /// that seats them keeps it then (see [`NameBook::names`]), and after the book's lifetime
    /// it is written again when seen.
    NotPlayer,
}

/// One member's entry.
#[derive(Clone, Debug)]
struct Entry {
    name: Option<String>,
    /// When the name was last read from the table, seen or written.
    checked: Instant,
    kept: Kept,
}

/// Members' names per server as this process knows them: the ones it saw in interactions
/// and the ones it read from the table, at most so many (the least recently used go first),
/// each trusted for a lifetime before it is read again (other processes may keep names too).
/// Time is passed in, so that it is plain to test.
pub struct NameBook {
    entries: Mutex<hashlink::LruCache<(u64, u64), Entry>>,
    lifetime: Duration,
}

impl NameBook {
    /// A book of at most `capacity` members, each name trusted for `lifetime`.
    pub fn new(capacity: usize, lifetime: Duration) -> NameBook {
        NameBook {
            entries: Mutex::new(hashlink::LruCache::new(capacity.max(1))),
            lifetime,
        }
    }

    /// `user` of `guild` was seen going by `name` at `now`: the name to show from now on.
    /// True when the table must be told: the name is not the one last written for them.
    ///
    /// ```
    /// use halma_core::names::{Lookup, NameBook};
    /// use std::time::{Duration, Instant};
    /// let book = NameBook::new(10, Duration::from_secs(60));
    /// let now = Instant::now();
    /// assert!(book.seen(1, 7, "Ana", now));
    /// book.written(1, 7, "Ana", true, now);
    /// assert!(!book.seen(1, 7, "Ana", now), "an unchanged name costs nothing");
    /// assert!(book.seen(1, 7, "Ana B.", now), "a new name is written");
    /// assert_eq!(book.get(1, 7, now), Lookup::Fresh(Some("Ana B.".into())));
    /// assert_eq!(book.get(2, 7, now), Lookup::Unknown, "another server's name is not shown");
    /// ```
    pub fn seen(&self, guild: u64, user: u64, name: &str, now: Instant) -> bool {
        let Ok(mut entries) = self.entries.lock() else {
            return true;
        };
        if let Some(entry) = entries.get_mut(&(guild, user)) {
            let fresh = now.saturating_duration_since(entry.checked) < self.lifetime;
            let kept = match entry.kept {
                Kept::Yes => true,
                // Asked again after a while: a game may have seated them in another process.
                Kept::NotPlayer => fresh,
                Kept::Unknown => false,
            };
            if entry.name.as_deref() == Some(name) && kept {
                return false;
            }
            entry.name = Some(name.to_owned());
            entry.checked = now;
            entry.kept = Kept::Unknown;
            return true;
        }
        entries.insert(
            (guild, user),
            Entry {
                name: Some(name.to_owned()),
                checked: now,
                kept: Kept::Unknown,
            },
        );
        true
    }

    /// `name` was written for `user` of `guild` at `now`: kept when `played` (they played or
    /// were invited), else not (they will be written again once seated, see
    /// [`NameBook::names`]).
    pub fn written(&self, guild: u64, user: u64, name: &str, played: bool, now: Instant) {
        let Ok(mut entries) = self.entries.lock() else {
            return;
        };
        let kept = if played { Kept::Yes } else { Kept::NotPlayer };
        match entries.get_mut(&(guild, user)) {
            Some(entry) if entry.name.as_deref() == Some(name) => {
                entry.checked = now;
                entry.kept = kept;
            }
            // A newer name was seen meanwhile: it is still to be written.
            Some(_) => {}
            None => {
                entries.insert(
                    (guild, user),
                    Entry {
                        name: Some(name.to_owned()),
                        checked: now,
                        kept,
                    },
                );
            }
        }
    }

    /// What is known of the name of `user` of `guild` at `now`.
    pub fn get(&self, guild: u64, user: u64, now: Instant) -> Lookup {
        let Ok(mut entries) = self.entries.lock() else {
            return Lookup::Unknown;
        };
        match entries.get(&(guild, user)) {
            Some(entry) if now.saturating_duration_since(entry.checked) < self.lifetime => {
                Lookup::Fresh(entry.name.clone())
            }
            Some(entry) => Lookup::Stale(entry.name.clone()),
            None => Lookup::Unknown,
        }
    }

    /// The table was read at `now` for `asked` of `guild` and had `found`. A member it has no
    /// name for keeps the name seen here, if any (it is written once they play).
    ///
    /// ```
    /// use halma_core::names::{Lookup, NameBook};
    /// use std::time::{Duration, Instant};
    /// let book = NameBook::new(10, Duration::from_secs(60));
    /// let now = Instant::now();
    /// book.read(1, &[7, 8], &[(7, "Ana".to_string())], now);
    /// assert_eq!(book.get(1, 7, now), Lookup::Fresh(Some("Ana".into())));
    /// assert_eq!(book.get(1, 8, now), Lookup::Fresh(None), "no name: not asked again");
    /// let later = now + Duration::from_secs(61);
    /// assert_eq!(book.get(1, 7, later), Lookup::Stale(Some("Ana".into())));
    /// assert!(!book.seen(1, 7, "Ana", later), "the table has it");
    /// ```
    pub fn read(&self, guild: u64, asked: &[u64], found: &[(u64, String)], now: Instant) {
        let Ok(mut entries) = self.entries.lock() else {
            return;
        };
        for &user in asked {
            let name = found.iter().find(|(u, _)| *u == user).map(|(_, n)| n);
            match (entries.get_mut(&(guild, user)), name) {
                (Some(entry), Some(name)) => {
                    if entry.name.as_ref() == Some(name) || entry.kept == Kept::Yes {
                        entry.name = Some(name.clone());
                        entry.kept = Kept::Yes;
                    } else {
                        // The name seen here was not written; they have a name kept, so they
                        // play now: it is written the next time it is seen.
                        entry.kept = Kept::Unknown;
                    }
                    entry.checked = now;
                }
                (Some(entry), None) => {
                    // Only players are asked for: a name seen here is written when next seen.
                    entry.kept = Kept::Unknown;
                    entry.checked = now;
                }
                (None, name) => {
                    entries.insert(
                        (guild, user),
                        Entry {
                            name: name.cloned(),
                            checked: now,
                            kept: if name.is_some() {
                                Kept::Yes
                            } else {
                                Kept::Unknown
                            },
                        },
                    );
                }
            }
        }
    }

    /// The names known for `users` of `guild`, old or not: what a game that seats them keeps.
    pub fn names(&self, guild: u64, users: &[u64]) -> Vec<(u64, String)> {
        let Ok(mut entries) = self.entries.lock() else {
            return Vec::new();
        };
        users
            .iter()
            .filter_map(|&user| {
                let name = entries.get(&(guild, user))?.name.clone()?;
                Some((user, name))
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const MINUTE: Duration = Duration::from_secs(60);

    #[test]
    fn the_book_keeps_at_most_its_capacity() {
        let book = NameBook::new(2, MINUTE);
        let now = Instant::now();
        for user in 1..=3 {
            book.seen(1, user, "Someone", now);
        }
        assert_eq!(
            book.get(1, 1, now),
            Lookup::Unknown,
            "the oldest went first"
        );
        assert_eq!(book.get(1, 3, now), Lookup::Fresh(Some("Someone".into())));
    }

    #[test]
    fn a_member_who_does_not_play_is_asked_about_again_only_after_a_while() {
        let book = NameBook::new(10, MINUTE);
        let now = Instant::now();
        assert!(book.seen(1, 7, "Ana", now));
        book.written(1, 7, "Ana", false, now);
        assert!(!book.seen(1, 7, "Ana", now + MINUTE / 2));
        assert!(
            book.seen(1, 7, "Ana", now + MINUTE * 2),
            "a game may seat them"
        );
        // Shown here all along, and kept for a game that seats them.
        assert_eq!(book.names(1, &[7, 8]), [(7, "Ana".to_string())]);
    }

    #[test]
    fn a_read_keeps_a_newer_name_seen_here() {
        let book = NameBook::new(10, MINUTE);
        let now = Instant::now();
        book.seen(1, 7, "Ana", now);
        book.written(1, 7, "Ana", true, now);
        // A new nickname, being written while a page reads the old one.
        assert!(book.seen(1, 7, "Queen Ana", now));
        book.read(1, &[7], &[(7, "Ana".into())], now);
        assert_eq!(book.get(1, 7, now).name(), Some("Queen Ana"));
        book.written(1, 7, "Queen Ana", true, now);
        assert!(!book.seen(1, 7, "Queen Ana", now));
        // Another process kept a newer one: the table wins over what was written here.
        book.read(1, &[7], &[(7, "Ana II".into())], now + MINUTE * 2);
        assert_eq!(book.get(1, 7, now + MINUTE * 2).name(), Some("Ana II"));
    }
}
