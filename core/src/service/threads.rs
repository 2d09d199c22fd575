//! Threads for games: each `challenge thread:true` opens a new channel, so a member and a
//! server may open only so many in an hour, counted in the database before the thread is made.

use super::{Actor, Service};
use crate::error::{Result, UserError};
use chrono::TimeDelta;

/// Threads one member may open for challenges in [`THREAD_WINDOW`].
pub const THREADS_PER_MEMBER: u32 = 5;

/// Threads a server's members may open for challenges in [`THREAD_WINDOW`].
pub const THREADS_PER_SERVER: u32 = 30;

/// The while over which threads are counted.
pub const THREAD_WINDOW: TimeDelta = TimeDelta::hours(1);

impl Service {
    /// Counts a thread `member` of `guild` is about to open in `channel` for a challenge, or
    /// refuses it: when the server keeps games out of `channel` (see [`Service::house_rules`]),
    /// when the member could not challenge now anyway (see [`Service::may_challenge`]), or
    /// when they or their server opened as many threads in the last [`THREAD_WINDOW`] as
    /// [`THREADS_PER_MEMBER`] and [`THREADS_PER_SERVER`] allow. A thread counts from this
    /// call on, whether or not Discord makes it.
    #[tracing::instrument(skip_all)]
    pub async fn open_thread(&self, at: Actor) -> Result<()> {
        let (guild, member) = (at.guild(), at.user);
        self.settings().house_rules(at.place).await?;
        self.invitations().may_challenge(guild, member).await?;
        let now = self.now();
        let mut tx = self.db.begin().await?;
        let opened = tx
            .threads_opened_since(guild, member, now - THREAD_WINDOW)
            .await?;
        if opened.mine >= THREADS_PER_MEMBER {
            return Err(UserError::TooManyThreads {
                limit: THREADS_PER_MEMBER,
            }
            .into());
        }
        if opened.all >= THREADS_PER_SERVER {
            return Err(UserError::ServerThreadsFull {
                limit: THREADS_PER_SERVER,
            }
            .into());
        }
        tx.insert_game_thread(guild, member, now).await?;
        tx.commit().await?;
        Ok(())
    }
}
