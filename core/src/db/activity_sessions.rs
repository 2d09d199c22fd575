//! The `activity_sessions` table: the Activity's sessions, shared by every process.

use super::{from_db, to_db, Db};
use std::time::Duration;

/// A stored Activity session: who it speaks for, where, and what it was granted with.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ActivitySessionRecord {
    /// The member.
    pub user: u64,
    /// The server of the Activity's channel.
    pub guild: u64,
    /// The Activity's channel.
    pub channel: u64,
    /// The member's name.
    pub name: String,
    /// Their language's code.
    pub lang: String,
    /// The others in the Activity when it was joined.
    pub members: Vec<u64>,
    /// The member's access token, to check the session with Discord again.
    pub token: String,
    /// The Activity instance.
    pub instance: String,
    /// How long ago it was made.
    pub age: Duration,
}

impl Db {
    /// Keeps session `key_hash`; the member's oldest go past `per_member`.
    #[tracing::instrument(skip_all)]
    pub async fn keep_activity_session(
        &self,
        key_hash: &[u8],
        session: &ActivitySessionRecord,
        per_member: i64,
    ) -> Result<(), sqlx::Error> {
        let members: Vec<i64> = session.members.iter().map(|&m| to_db(m)).collect();
        let mut tx = self.pool.begin().await?;
        sqlx::query!(
            "INSERT INTO activity_sessions
                (key_hash, user_id, guild_id, channel_id, name, lang, members, token, instance)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)",
            key_hash,
            to_db(session.user),
            to_db(session.guild),
            to_db(session.channel),
            session.name,
            session.lang,
            &members,
            session.token,
            session.instance,
        )
        .execute(&mut *tx)
        .await?;
        sqlx::query!(
            "DELETE FROM activity_sessions WHERE key_hash IN (
                SELECT key_hash FROM activity_sessions WHERE user_id = $1
                ORDER BY made_at DESC OFFSET $2)",
            to_db(session.user),
            per_member,
        )
        .execute(&mut *tx)
        .await?;
        tx.commit().await
    }

    /// Session `key_hash`, unless it is unknown or older than `lifetime`.
    #[tracing::instrument(skip_all)]
    pub async fn activity_session(
        &self,
        key_hash: &[u8],
        lifetime: Duration,
    ) -> Result<Option<ActivitySessionRecord>, sqlx::Error> {
        let row = sqlx::query!(
            r#"SELECT user_id, guild_id, channel_id, name, lang, members, token, instance,
                      EXTRACT(EPOCH FROM now() - made_at)::float8 AS "age!"
               FROM activity_sessions
               WHERE key_hash = $1 AND made_at > now() - make_interval(secs => $2)"#,
            key_hash,
            lifetime.as_secs_f64(),
        )
        .fetch_optional(&self.pool)
        .await?;
        Ok(row.map(|r| ActivitySessionRecord {
            user: from_db(r.user_id),
            guild: from_db(r.guild_id),
            channel: from_db(r.channel_id),
            name: r.name,
            lang: r.lang,
            members: r.members.into_iter().map(from_db).collect(),
            token: r.token,
            instance: r.instance,
            age: Duration::from_secs_f64(r.age.max(0.0)),
        }))
    }

    /// Drops session `key_hash` (its tickets with it).
    #[tracing::instrument(skip_all)]
    pub async fn drop_activity_session(&self, key_hash: &[u8]) -> Result<(), sqlx::Error> {
        sqlx::query!(
            "DELETE FROM activity_sessions WHERE key_hash = $1",
            key_hash
        )
        .execute(&self.pool)
        .await?;
        Ok(())
    }

    /// Drops the sessions older than `lifetime`; returns how many.
    #[tracing::instrument(skip_all)]
    pub async fn forget_activity_sessions(&self, lifetime: Duration) -> Result<u64, sqlx::Error> {
        let done = sqlx::query!(
            "DELETE FROM activity_sessions WHERE made_at < now() - make_interval(secs => $1)",
            lifetime.as_secs_f64()
        )
        .execute(&self.pool)
        .await?;
        Ok(done.rows_affected())
    }
}
