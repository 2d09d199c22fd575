//! The `heartbeat` table: one row, the time a bot process last ran its turn timer.

use super::DbTx;
use chrono::{DateTime, Utc};

impl DbTx {
    /// Records a beat at `now` and returns the one before it (`None` the very first time). The
    /// row stays locked until the transaction ends, so processes beat one at a time, and the
    /// stored time never goes back.
    #[tracing::instrument(skip_all)]
    pub async fn beat(&mut self, now: DateTime<Utc>) -> Result<Option<DateTime<Utc>>, sqlx::Error> {
        let last = sqlx::query_scalar!("SELECT beat_at FROM heartbeat FOR UPDATE")
            .fetch_optional(&mut *self.tx)
            .await?;
        sqlx::query!(
            "INSERT INTO heartbeat (id, beat_at) VALUES (TRUE, $1)
             ON CONFLICT (id) DO UPDATE SET beat_at = GREATEST(heartbeat.beat_at, EXCLUDED.beat_at)",
            now
        )
        .execute(&mut *self.tx)
        .await?;
        Ok(last)
    }
}
