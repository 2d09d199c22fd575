//! The `member_pace` table: each member's pace, shared by every process (a GCRA per bucket).

use super::{to_db, Db};
use std::time::Duration;

impl Db {
    /// Counts one action of `user` in `bucket` (`action` or `step`) if their pace allows it:
    /// each costs `interval`, and the next may come while the member is at most `allowance`
    /// ahead (a burst of `allowance / interval + 1`). True when allowed (and counted).
    #[tracing::instrument(skip(self))]
    pub async fn pace_allows(
        &self,
        user: u64,
        bucket: &str,
        interval: Duration,
        allowance: Duration,
    ) -> Result<bool, sqlx::Error> {
        let counted = sqlx::query_scalar!(
            "INSERT INTO member_pace AS p (user_id, bucket, due_at)
             VALUES ($1, $2, now() + make_interval(secs => $3))
             ON CONFLICT (user_id, bucket) DO UPDATE
                SET due_at = GREATEST(p.due_at, now()) + make_interval(secs => $3)
             WHERE p.due_at <= now() + make_interval(secs => $4)
             RETURNING due_at",
            to_db(user),
            bucket,
            interval.as_secs_f64(),
            allowance.as_secs_f64(),
        )
        .fetch_optional(&self.pool)
        .await?;
        Ok(counted.is_some())
    }

    /// Drops the paces that say nothing any more (their time has passed); returns how many.
    #[tracing::instrument(skip(self))]
    pub async fn forget_idle_paces(&self) -> Result<u64, sqlx::Error> {
        let done = sqlx::query!("DELETE FROM member_pace WHERE due_at < now()")
            .execute(&self.pool)
            .await?;
        Ok(done.rows_affected())
    }
}
