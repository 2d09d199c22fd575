//! The `activity_tickets` table: one-time tickets that open an Activity event stream on any
//! process.

use super::Db;
use std::time::Duration;

impl Db {
    /// Keeps ticket `ticket_hash` for the session whose key is `key` (hashed `key_hash`).
    #[tracing::instrument(skip_all)]
    pub async fn keep_activity_ticket(
        &self,
        ticket_hash: &[u8],
        key: &str,
        key_hash: &[u8],
    ) -> Result<(), sqlx::Error> {
        sqlx::query!(
            "INSERT INTO activity_tickets (ticket_hash, session_key, key_hash) VALUES ($1, $2, $3)",
            ticket_hash,
            key,
            key_hash,
        )
        .execute(&self.pool)
        .await?;
        Ok(())
    }

    /// The session key of ticket `ticket_hash`, once, if it is younger than `lifetime`: the
    /// ticket is used up either way.
    #[tracing::instrument(skip_all)]
    pub async fn redeem_activity_ticket(
        &self,
        ticket_hash: &[u8],
        lifetime: Duration,
    ) -> Result<Option<String>, sqlx::Error> {
        let row = sqlx::query!(
            r#"DELETE FROM activity_tickets WHERE ticket_hash = $1
               RETURNING session_key, made_at > now() - make_interval(secs => $2) AS "fresh!""#,
            ticket_hash,
            lifetime.as_secs_f64(),
        )
        .fetch_optional(&self.pool)
        .await?;
        Ok(row.filter(|r| r.fresh).map(|r| r.session_key))
    }

    /// Drops the tickets older than `lifetime`; returns how many.
    #[tracing::instrument(skip_all)]
    pub async fn forget_activity_tickets(&self, lifetime: Duration) -> Result<u64, sqlx::Error> {
        let done = sqlx::query!(
            "DELETE FROM activity_tickets WHERE made_at < now() - make_interval(secs => $1)",
            lifetime.as_secs_f64()
        )
        .execute(&self.pool)
        .await?;
        Ok(done.rows_affected())
    }
}
