//! Members' names per server, for the pages, the board pictures and the Activity. A front end
//! says which name a member went by in each interaction ([`Service::saw_name`]); the name is
//! kept in the `member_names` table for those who played or were invited in that server
//! ([`Service::keep_names`]), and written only when it changed. A game that starts keeps the
//! names seen of its players (`start_game`): the challenger's was seen before the challenge
//! existed. Pages read the names of the players they show
//! ([`Service::names_in`]); front ends that draw on a blocking thread take what is known
//! ([`Service::known_name`]) and read the rest afterwards ([`Service::read_names`]).
//!
//! Per server, because a server nickname belongs to its server: showing it on another
//! server's page would tell that server what the member is called elsewhere.

use super::Service;
use crate::db::member_names::MemberName;
use crate::error::Result;
use crate::names::{clean_name, Lookup, SeenName};
use std::collections::HashMap;
use std::time::{Duration, Instant};

/// Members whose names the service keeps in memory at most: those of everyone playing now,
/// many times over. A name no longer kept is read from the table again when needed.
pub const NAMES_KEPT: usize = 50_000;

/// How long a name read from the table is trusted before it is read again: another process
/// (a page's, the Activity's) may have kept a newer one since.
pub const NAME_LIFETIME: Duration = Duration::from_secs(60);

impl Service {
    /// `user` of `guild` went by `name` (as Discord shows them there) in an interaction just
    /// now: from now on they are shown so. Returns the name to keep when it is not the one
    /// seen last; pass it to [`Service::keep_names`] (the answer to the interaction need not
    /// wait for it).
    pub fn saw_name(&self, guild: u64, user: u64, name: &str) -> Option<SeenName> {
        let name = clean_name(name)?;
        self.names
            .seen(guild, user, &name, Instant::now())
            .then_some(SeenName { guild, user, name })
    }

    /// Keeps the names `seen` of the members who played or were invited in their server (the
    /// others' are not written); a name kept already is not written again.
    #[tracing::instrument(skip_all)]
    pub async fn keep_names(&self, seen: &[SeenName]) -> Result<()> {
        let mut guilds: Vec<u64> = seen.iter().map(|s| s.guild).collect();
        guilds.sort_unstable();
        guilds.dedup();
        for guild in guilds {
            let names: Vec<MemberName> = seen
                .iter()
                .filter(|s| s.guild == guild)
                .map(|s| MemberName {
                    user: s.user,
                    name: s.name.clone(),
                })
                .collect();
            let players = self.db.keep_member_names(guild, &names, self.now()).await?;
            let now = Instant::now();
            for n in &names {
                let played = players.contains(&n.user);
                self.names.written(guild, n.user, &n.name, played, now);
            }
        }
        Ok(())
    }

    /// `user` of `guild` goes by `name` in their account (a global name, not an interaction in
    /// the server, which would give their server nickname): kept as [`Service::saw_name`]
    /// does, but only while no name is known for them there. A failure is logged.
    #[tracing::instrument(skip_all)]
    pub async fn saw_account_name(&self, guild: u64, user: u64, name: &str) {
        if self.names_in(guild, &[user]).await.contains_key(&user) {
            return;
        }
        let Some(seen) = self.saw_name(guild, user, name) else {
            return;
        };
        if let Err(error) = self.keep_names(&[seen]).await {
            tracing::warn!(%error, "could not keep a member's name");
        }
    }

    /// What this process knows of the name of `user` of `guild`, without asking the database:
    /// for drawing on a blocking thread. Read the members it did not know well enough with
    /// [`Service::read_names`].
    pub fn known_name(&self, guild: u64, user: u64) -> Lookup {
        self.names.get(guild, user, Instant::now())
    }

    /// Reads the kept names of `members` (server, user) from the table.
    #[tracing::instrument(skip_all)]
    pub async fn read_names(&self, members: &[(u64, u64)]) -> Result<()> {
        let mut guilds: Vec<u64> = members.iter().map(|&(guild, _)| guild).collect();
        guilds.sort_unstable();
        guilds.dedup();
        for guild in guilds {
            let mut users: Vec<u64> = members
                .iter()
                .filter(|&&(g, _)| g == guild)
                .map(|&(_, user)| user)
                .collect();
            users.sort_unstable();
            users.dedup();
            let found = self.db.member_names(guild, &users).await?;
            let found: Vec<(u64, String)> = found.into_iter().map(|n| (n.user, n.name)).collect();
            self.names.read(guild, &users, &found, Instant::now());
        }
        Ok(())
    }

    /// The names of those of `users` of `guild` who have one, read from the table for those
    /// this process does not know lately. When the table cannot be read, what is known here.
    #[tracing::instrument(skip_all)]
    pub async fn names_in(&self, guild: u64, users: &[u64]) -> HashMap<u64, String> {
        let now = Instant::now();
        let unread: Vec<(u64, u64)> = users
            .iter()
            .filter(|&&user| self.names.get(guild, user, now).wants_reading())
            .map(|&user| (guild, user))
            .collect();
        if !unread.is_empty() {
            if let Err(error) = self.read_names(&unread).await {
                tracing::warn!(%error, "could not read members' names; showing those known");
            }
        }
        users
            .iter()
            .filter_map(|&user| {
                let name = self.known_name(guild, user).name()?.to_owned();
                Some((user, name))
            })
            .collect()
    }

    /// The names known for `users` of `guild`: what a game that seats them keeps (see
    /// `start_game`).
    pub(super) fn names_to_keep(&self, guild: u64, users: &[u64]) -> Vec<MemberName> {
        self.names
            .names(guild, users)
            .into_iter()
            .map(|(user, name)| MemberName { user, name })
            .collect()
    }
}
