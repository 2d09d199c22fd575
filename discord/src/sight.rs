//! Which channels are public, from serenity's cache of the servers (the `GUILDS` intent brings
//! their channels, roles and active threads): a channel is public when `@everyone` may view it,
//! after the channel's overwrite for `@everyone`; a thread when it is not private and its
//! parent is public. What the cache does not know is not public.

use halma_core::sight::ChannelSight;
use poise::serenity_prelude as serenity;
use serenity::{ChannelType, PermissionOverwriteType, Permissions};
use std::sync::Arc;

/// The cache's answer.
pub(super) struct CachedSight(pub(super) Arc<serenity::Cache>);

impl ChannelSight for CachedSight {
    fn is_public(&self, guild: u64, channel: u64) -> bool {
        let (Some(guild_id), Some(channel_id)) = (
            std::num::NonZeroU64::new(guild).map(|g| serenity::GuildId::new(g.get())),
            std::num::NonZeroU64::new(channel).map(|c| serenity::ChannelId::new(c.get())),
        ) else {
            return false;
        };
        let Some(guild) = self.0.guild(guild_id) else {
            return false;
        };
        // The @everyone role has the guild's id.
        let everyone = serenity::RoleId::new(guild_id.get());
        let Some(base) = guild.roles.get(&everyone).map(|r| r.permissions) else {
            return false;
        };
        let target = match guild.channels.get(&channel_id) {
            Some(found) => found,
            None => {
                let Some(thread) = guild.threads.iter().find(|t| t.id == channel_id) else {
                    return false;
                };
                if thread.kind == ChannelType::PrivateThread {
                    return false;
                }
                match thread.parent_id.and_then(|p| guild.channels.get(&p)) {
                    Some(parent) => parent,
                    None => return false,
                }
            }
        };
        let mut allowed = base;
        for overwrite in &target.permission_overwrites {
            if overwrite.kind == PermissionOverwriteType::Role(everyone) {
                allowed = (allowed & !overwrite.deny) | overwrite.allow;
            }
        }
        allowed.contains(Permissions::ADMINISTRATOR) || allowed.contains(Permissions::VIEW_CHANNEL)
    }
}
