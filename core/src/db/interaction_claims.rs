//! The `interaction_claims` table: which interactions a process of the Interactions Endpoint
//! took, so that each runs once across the fleet.

use super::{to_db, Db};
use std::time::Duration;

impl Db {
    /// Claims interaction `id` for this process. True for a new one, and for one claimed less
    /// than `retry_within` ago that is not finished and has come fewer than `max_deliveries`
    /// times (a retry after the process that had it died); false otherwise (a replay).
    #[tracing::instrument(skip(self))]
    pub async fn claim_interaction(
        &self,
        id: u64,
        retry_within: Duration,
        max_deliveries: i16,
    ) -> Result<bool, sqlx::Error> {
        let claimed = sqlx::query_scalar!(
            "INSERT INTO interaction_claims (id) VALUES ($1)
             ON CONFLICT (id) DO UPDATE SET deliveries = interaction_claims.deliveries + 1
             WHERE NOT interaction_claims.finished
               AND interaction_claims.deliveries < $3
               AND interaction_claims.claimed_at > now() - make_interval(secs => $2)
             RETURNING deliveries",
            to_db(id),
            retry_within.as_secs_f64(),
            max_deliveries,
        )
        .fetch_optional(&self.pool)
        .await?;
        Ok(claimed.is_some())
    }

    /// Marks interaction `id` as answered: it is not taken again.
    #[tracing::instrument(skip(self))]
    pub async fn finish_interaction(&self, id: u64) -> Result<(), sqlx::Error> {
        sqlx::query!(
            "UPDATE interaction_claims SET finished = TRUE WHERE id = $1",
            to_db(id)
        )
        .execute(&self.pool)
        .await?;
        Ok(())
    }

    /// Drops the claims older than `age`; returns how many.
    #[tracing::instrument(skip(self))]
    pub async fn forget_interaction_claims(&self, age: Duration) -> Result<u64, sqlx::Error> {
        let done = sqlx::query!(
            "DELETE FROM interaction_claims WHERE claimed_at < now() - make_interval(secs => $1)",
            age.as_secs_f64()
        )
        .execute(&self.pool)
        .await?;
        Ok(done.rows_affected())
    }
}
