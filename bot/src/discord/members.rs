//! Members' names, in and out. In: the names an interaction shows (the member's own, and those
//! of the members its options name, such as the players a challenge invites), each as they go
//! by in the server: the server nickname, else the global name, else the username. They reach
//! the service as the interaction is first read (`tracking::Tracked`). Out: the names on the
//! boards drawn in answer, and the ones to read again afterwards ([`Unread`]).

use super::Data;
use crate::names::SeenName;
use poise::serenity_prelude as serenity;
use std::cell::RefCell;

impl Data {
    /// Takes in the names `event` shows, if it is a command or a click in a server: shown so
    /// from now on. Returns the names to keep ([`Data::keep`]). Autocomplete (someone typing)
    /// shows none; other bots are left out.
    pub(super) fn saw(&self, event: &serenity::FullEvent) -> Vec<SeenName> {
        let serenity::FullEvent::InteractionCreate { interaction } = event else {
            return Vec::new();
        };
        let (guild, member, resolved) = match interaction {
            serenity::Interaction::Command(command) => (
                command.guild_id,
                command.member.as_deref(),
                Some(&command.data.resolved),
            ),
            serenity::Interaction::Component(click) => {
                (click.guild_id, click.member.as_ref(), None)
            }
            _ => return Vec::new(),
        };
        let Some(guild) = guild.map(serenity::GuildId::get) else {
            return Vec::new();
        };
        let mut shown: Vec<(&serenity::User, &str)> = Vec::new();
        if let Some(member) = member {
            shown.push((&member.user, member.display_name()));
        }
        if let Some(resolved) = resolved {
            for (id, user) in &resolved.users {
                let nick = resolved.members.get(id).and_then(|m| m.nick.as_deref());
                shown.push((user, nick.unwrap_or_else(|| user.display_name())));
            }
        }
        let mut keep = Vec::new();
        for (user, name) in shown.into_iter().filter(|(user, _)| !user.bot) {
            self.remember(user);
            keep.extend(self.service.saw_name(guild, user.id.get(), name));
        }
        keep
    }

    /// Keeps `seen` in the database for the members who played or were invited; a failure is
    /// only logged: a name is not worth refusing anything for.
    pub(super) async fn keep(&self, seen: Vec<SeenName>) {
        if seen.is_empty() {
            return;
        }
        if let Err(error) = self.service.keep_names(&seen).await {
            tracing::warn!(%error, "could not keep members' names");
        }
    }
}

/// A member of a server (server, user), and the name a drawing showed for them.
type Shown = ((u64, u64), Option<String>);

/// The members a drawing named whom this process knew not at all or not lately, with the
/// name it showed for each.
#[derive(Default)]
pub(super) struct Unread(RefCell<Vec<Shown>>);

impl Unread {
    /// The name to draw for member `user` of `guild` (see [`Data::shown_name`]), noting the
    /// member when their name is to be read again.
    pub(super) fn note(&self, data: &Data, guild: u64, user: u64) -> Option<String> {
        let name = data.shown_name(guild, user);
        if data.service.known_name(guild, user).wants_reading() {
            let mut unread = self.0.borrow_mut();
            if !unread.iter().any(|(m, _)| *m == (guild, user)) {
                unread.push(((guild, user), name.clone()));
            }
        }
        name
    }

    /// Reads the noted members' names; whether any of them would be drawn otherwise now. A
    /// failed read changes nothing (it is logged).
    pub(super) async fn changed_after_reading(self, data: &Data) -> bool {
        let unread = self.0.into_inner();
        if unread.is_empty() {
            return false;
        }
        let members: Vec<(u64, u64)> = unread.iter().map(|(m, _)| *m).collect();
        if let Err(error) = data.service.read_names(&members).await {
            tracing::warn!(%error, "could not read members' names; boards show those known");
            return false;
        }
        unread
            .iter()
            .any(|((guild, user), shown)| data.shown_name(*guild, *user) != *shown)
    }
}
