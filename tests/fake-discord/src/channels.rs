//! The guild's channels as the gateway shows them: every GUILD_CREATE carries the `@everyone`
//! role, the guild's text channels and its threads, and a channel or thread made later
//! arrives as CHANNEL_CREATE or THREAD_CREATE, so that the bot's cache knows each of them. A
//! channel made private denies `@everyone` the View Channel permission, as a server does for
//! a staff channel.

use serde_json::{json, Value};

use crate::model::TestChannel;
use crate::state::State;

/// View Channel, in Discord's permission bits.
const VIEW_CHANNEL: u64 = 1 << 10;

/// What `@everyone` may do in the fake's guilds: view channels, send messages, read history,
/// use application commands and threads (a plain server's defaults, more or less).
const EVERYONE: u64 = VIEW_CHANNEL | (1 << 11) | (1 << 16) | (1 << 31) | (1 << 35) | (1 << 38);

/// The guild's `@everyone` role (its id is the guild's).
pub(crate) fn everyone_role(guild: u64) -> Value {
    json!({
        "id": guild.to_string(),
        "name": "@everyone",
        "color": 0,
        "colors": { "primary_color": 0, "secondary_color": null, "tertiary_color": null },
        "hoist": false,
        "icon": null,
        "unicode_emoji": null,
        "position": 0,
        "permissions": EVERYONE.to_string(),
        "managed": false,
        "mentionable": false,
        "flags": 0,
    })
}

/// A guild text channel, private or not.
pub(crate) fn text_channel_json(channel: &TestChannel, private: bool) -> Value {
    let guild = channel.guild_id.unwrap_or_default();
    let overwrites = if private {
        json!([{ "id": guild.to_string(), "type": 0, "allow": "0", "deny": VIEW_CHANNEL.to_string() }])
    } else {
        json!([])
    };
    json!({
        "id": channel.id.to_string(),
        "type": 0,
        "guild_id": guild.to_string(),
        "name": channel.name,
        "position": 0,
        "permission_overwrites": overwrites,
        "parent_id": null,
        "topic": null,
        "nsfw": false,
        "last_message_id": null,
        "rate_limit_per_user": 0,
    })
}

/// The guild's text channels and threads, for its GUILD_CREATE.
pub(crate) fn of_guild(st: &State, guild: u64) -> (Vec<Value>, Vec<Value>) {
    let mut channels = Vec::new();
    let mut threads = Vec::new();
    for channel in st.channels.values().filter(|c| c.guild_id == Some(guild)) {
        match st.threads.get(&channel.id) {
            Some(&parent) => threads.push(crate::rest::thread_json(
                channel.id,
                guild,
                parent,
                &channel.name,
                st.bot.id,
            )),
            None => channels.push(text_channel_json(
                channel,
                st.private_channels.contains(&channel.id),
            )),
        }
    }
    (channels, threads)
}

/// Tells the bot about a guild channel made after its GUILD_CREATE (nothing when no shard of
/// that guild is connected: its next GUILD_CREATE lists the channel).
pub(crate) fn announce(st: &mut State, channel: &TestChannel) {
    let Some(guild) = channel.guild_id else {
        return;
    };
    let (event, payload) = match st.threads.get(&channel.id) {
        Some(&parent) => (
            "THREAD_CREATE",
            crate::rest::thread_json(channel.id, guild, parent, &channel.name, st.bot.id),
        ),
        None => (
            "CHANNEL_CREATE",
            text_channel_json(channel, st.private_channels.contains(&channel.id)),
        ),
    };
    st.dispatch(event, payload);
}

impl crate::FakeDiscord {
    /// A text channel of the main guild that `@everyone` cannot see (its overwrite denies View
    /// Channel), created on first use and announced to the bot.
    pub fn private_channel(&self, name: &str) -> TestChannel {
        self.shared.update(|st| {
            let guild = st.default_guild;
            let channel = st.channel_named(guild, name);
            if st.private_channels.insert(channel.id) {
                announce(st, &channel);
            }
            channel
        })
    }
}
