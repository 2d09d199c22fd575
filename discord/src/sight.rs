//! Which channels are public: a channel is public when `@everyone` may view it, after the
//! channel's overwrite for `@everyone`; a thread when it is not private and its parent is
//! public. On the gateway, serenity's cache of the servers knows (the `GUILDS` intent brings
//! their channels, roles and active threads); through the Interactions Endpoint there is no
//! cache, and Discord's REST API is asked instead, a channel at a time, off the page's request
//! ([`AskedSight`]). What is not known (yet) is not public.

use halma_core::sight::ChannelSight;
use poise::serenity_prelude as serenity;
use serenity::{ChannelType, PermissionOverwrite, PermissionOverwriteType, Permissions};
use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use tokio::sync::Semaphore;

/// Whether `@everyone` (role `everyone`, whose permissions are `base`) may view a channel with
/// these overwrites.
fn everyone_sees(
    base: Permissions,
    everyone: serenity::RoleId,
    overwrites: &[PermissionOverwrite],
) -> bool {
    let mut allowed = base;
    for overwrite in overwrites {
        if overwrite.kind == PermissionOverwriteType::Role(everyone) {
            allowed = (allowed & !overwrite.deny) | overwrite.allow;
        }
    }
    allowed.contains(Permissions::ADMINISTRATOR) || allowed.contains(Permissions::VIEW_CHANNEL)
}

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
        everyone_sees(base, everyone, &target.permission_overwrites)
    }
}

/// How long an answer of Discord's is believed: a channel made private shows on the server
/// page at most this long after.
const ASKED_FOR: Duration = Duration::from_secs(10 * 60);

/// Channels whose answer is kept at most: the channels with games, many times over.
const ASKED_KEPT: usize = 10_000;

/// Questions to Discord under way at once.
const ASKING_AT_ONCE: usize = 4;

/// What is known of one channel.
#[derive(Clone, Copy)]
enum Known {
    /// Discord said so at this time.
    Said(bool, Instant),
    /// A question is under way.
    Asking,
}

/// The REST API's answer, for a process with no gateway cache: the first look at a channel
/// says "not public" and asks Discord on a task of its own; the answer holds for
/// [`ASKED_FOR`]. Bounded in the channels kept and the questions under way.
pub(super) struct AskedSight {
    http: Arc<serenity::Http>,
    runtime: tokio::runtime::Handle,
    known: Arc<Mutex<HashMap<(u64, u64), Known>>>,
    asking: Arc<Semaphore>,
}

impl AskedSight {
    /// Asks through `http`, on the runtime this is made on.
    pub(super) fn new(http: Arc<serenity::Http>) -> AskedSight {
        AskedSight {
            http,
            runtime: tokio::runtime::Handle::current(),
            known: Arc::default(),
            asking: Arc::new(Semaphore::new(ASKING_AT_ONCE)),
        }
    }
}

impl ChannelSight for AskedSight {
    fn is_public(&self, guild: u64, channel: u64) -> bool {
        let mut known = self.known.lock().unwrap_or_else(|e| e.into_inner());
        match known.get(&(guild, channel)) {
            Some(Known::Said(public, at)) if at.elapsed() < ASKED_FOR => return *public,
            Some(Known::Asking) => return false,
            _ => {}
        }
        // Busy: asked again at the next look.
        let Ok(permit) = self.asking.clone().try_acquire_owned() else {
            return false;
        };
        if known.len() >= ASKED_KEPT {
            known.retain(|_, k| matches!(k, Known::Said(_, at) if at.elapsed() < ASKED_FOR));
            if known.len() >= ASKED_KEPT {
                return false;
            }
        }
        known.insert((guild, channel), Known::Asking);
        let (http, kept) = (self.http.clone(), self.known.clone());
        self.runtime.spawn(async move {
            let public = match ask(&http, guild, channel).await {
                Ok(public) => public,
                Err(error) => {
                    tracing::warn!(guild, channel, %error, "cannot ask Discord whether a channel is public");
                    false
                }
            };
            kept.lock()
                .unwrap_or_else(|e| e.into_inner())
                .insert((guild, channel), Known::Said(public, Instant::now()));
            drop(permit);
        });
        false
    }
}

/// Asks Discord whether everyone in `guild` can see `channel` (for a thread: a public thread
/// of a channel everyone can see).
async fn ask(http: &serenity::Http, guild: u64, channel: u64) -> serenity::Result<bool> {
    let (Some(guild_id), Some(channel_id)) = (
        std::num::NonZeroU64::new(guild).map(|g| serenity::GuildId::new(g.get())),
        std::num::NonZeroU64::new(channel).map(|c| serenity::ChannelId::new(c.get())),
    ) else {
        return Ok(false);
    };
    let everyone = serenity::RoleId::new(guild_id.get());
    let roles = http.get_guild_roles(guild_id).await?;
    let Some(base) = roles
        .iter()
        .find(|r| r.id == everyone)
        .map(|r| r.permissions)
    else {
        return Ok(false);
    };
    let serenity::Channel::Guild(mut target) = http.get_channel(channel_id).await? else {
        return Ok(false);
    };
    if target.guild_id != guild_id {
        return Ok(false);
    }
    match target.kind {
        ChannelType::PrivateThread => return Ok(false),
        ChannelType::PublicThread | ChannelType::NewsThread => {
            let Some(parent) = target.parent_id else {
                return Ok(false);
            };
            let serenity::Channel::Guild(parent) = http.get_channel(parent).await? else {
                return Ok(false);
            };
            target = parent;
        }
        _ => {}
    }
    Ok(everyone_sees(base, everyone, &target.permission_overwrites))
}
