//! The `game_threads` table: a row for each thread the bot opened for a challenge, kept for
//! as long as it counts against its member's and server's limits.

use super::{to_db, DbTx};
use chrono::{DateTime, Utc};

/// Threads opened since a moment: by one member, and in their whole server.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ThreadsOpened {
    /// By the member.
    pub mine: u32,
    /// By anyone in the server, the member included.
    pub all: u32,
}

impl DbTx {
    /// Locks `guild`'s thread count until the transaction ends, forgets its rows from before
    /// `since` and counts those after: two members of one server who open threads at once
    /// count one after the other. An advisory lock, keyed by a hash of the server's id (no row
    /// stands for a server).
    #[tracing::instrument(skip_all)]
    pub async fn threads_opened_since(
        &mut self,
        guild: u64,
        member: u64,
        since: DateTime<Utc>,
    ) -> Result<ThreadsOpened, sqlx::Error> {
        sqlx::query!(
            "SELECT 1 AS locked FROM pg_advisory_xact_lock(hashtextextended('halma threads', $1))",
            to_db(guild)
        )
        .fetch_one(&mut *self.tx)
        .await?;
        sqlx::query!(
            "DELETE FROM game_threads WHERE guild_id = $1 AND opened_at < $2",
            to_db(guild),
            since
        )
        .execute(&mut *self.tx)
        .await?;
        let row = sqlx::query!(
            r#"SELECT COUNT(*) FILTER (WHERE member_id = $2) AS "mine!", COUNT(*) AS "all!"
               FROM game_threads WHERE guild_id = $1"#,
            to_db(guild),
            to_db(member)
        )
        .fetch_one(&mut *self.tx)
        .await?;
        Ok(ThreadsOpened {
            mine: row.mine as u32,
            all: row.all as u32,
        })
    }

    /// Counts a thread `member` of `guild` opens at `now`.
    #[tracing::instrument(skip_all)]
    pub async fn insert_game_thread(
        &mut self,
        guild: u64,
        member: u64,
        now: DateTime<Utc>,
    ) -> Result<(), sqlx::Error> {
        sqlx::query!(
            "INSERT INTO game_threads (guild_id, member_id, opened_at) VALUES ($1, $2, $3)",
            to_db(guild),
            to_db(member),
            now
        )
        .execute(&mut *self.tx)
        .await?;
        Ok(())
    }
}
