//! Members' names, in and out. In: the names an interaction shows (the member's own, and those
//! of the members its options name, such as the players a challenge invites), each as they go
//! by in the server: the server nickname, else the global name, else the username. They reach
//! the service as the interaction is first read (`tracking::Tracked`). Out: the names on the
//! boards drawn in answer ([`halma_core::front::draw`]).

use super::Data;
use halma_core::names::SeenName;
use poise::serenity_prelude as serenity;

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
