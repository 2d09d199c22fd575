//! The `replay_gifs` table: replay GIFs drawn by any process, and the holds of those being
//! drawn.

use super::Db;
use crate::model::GameId;
use std::time::Duration;

/// What the fleet knows of one replay.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SharedReplay {
    /// This process holds it now: it draws it.
    Ours,
    /// Another process draws it, and still holds it.
    Theirs,
    /// It is drawn: the GIF and its frames.
    Drawn {
        /// The GIF.
        gif: Vec<u8>,
        /// Its frames.
        frames: usize,
    },
}

impl Db {
    /// The replay kept as `key`, or the hold to draw it for `hold` when nobody has it (no
    /// row, or a hold that ran out).
    #[tracing::instrument(skip(self))]
    pub async fn claim_replay(
        &self,
        key: &str,
        game: GameId,
        plies: usize,
        hold: Duration,
    ) -> Result<SharedReplay, sqlx::Error> {
        let plies = i32::try_from(plies).unwrap_or(i32::MAX);
        // One statement: the hold, taken if free; else the row as it is (its snapshot is the
        // one before the insert, so a row just taken is not seen in it).
        let row = sqlx::query!(
            r#"WITH taken AS (
                   INSERT INTO replay_gifs (key, game_id, plies, held_until)
                   VALUES ($1, $2, $3, now() + make_interval(secs => $4))
                   ON CONFLICT (key) DO UPDATE SET held_until = EXCLUDED.held_until
                   WHERE replay_gifs.gif IS NULL AND replay_gifs.held_until < now()
                   RETURNING key
               ), seen AS (
                   UPDATE replay_gifs SET used_at = now()
                   WHERE key = $1 AND gif IS NOT NULL
                   RETURNING gif, frames
               )
               SELECT EXISTS (SELECT 1 FROM taken) AS "ours!",
                      (SELECT gif FROM seen) AS gif,
                      (SELECT frames FROM seen) AS frames"#,
            key,
            game.0,
            plies,
            hold.as_secs_f64(),
        )
        .fetch_one(&self.pool)
        .await?;
        Ok(match (row.ours, row.gif, row.frames) {
            (true, _, _) => SharedReplay::Ours,
            (false, Some(gif), Some(frames)) => SharedReplay::Drawn {
                gif,
                frames: usize::try_from(frames).unwrap_or(0),
            },
            _ => SharedReplay::Theirs,
        })
    }

    /// Keeps the replay drawn as `key` for every process, and forgets the same game's replays
    /// at older plies.
    #[tracing::instrument(skip(self, gif))]
    pub async fn keep_replay(
        &self,
        key: &str,
        game: GameId,
        plies: usize,
        gif: &[u8],
        frames: usize,
    ) -> Result<(), sqlx::Error> {
        let plies = i32::try_from(plies).unwrap_or(i32::MAX);
        let frames = i32::try_from(frames).unwrap_or(i32::MAX);
        let mut tx = self.pool.begin().await?;
        sqlx::query!(
            "INSERT INTO replay_gifs (key, game_id, plies, held_until, gif, frames)
             VALUES ($1, $2, $3, now(), $4, $5)
             ON CONFLICT (key) DO UPDATE
                SET gif = EXCLUDED.gif, frames = EXCLUDED.frames, used_at = now()",
            key,
            game.0,
            plies,
            gif,
            frames,
        )
        .execute(&mut *tx)
        .await?;
        sqlx::query!(
            "DELETE FROM replay_gifs WHERE game_id = $1 AND plies < $2",
            game.0,
            plies
        )
        .execute(&mut *tx)
        .await?;
        tx.commit().await
    }

    /// Lets go of the hold on `key` when drawing it failed, for the next request to try.
    #[tracing::instrument(skip(self))]
    pub async fn release_replay(&self, key: &str) -> Result<(), sqlx::Error> {
        sqlx::query!(
            "DELETE FROM replay_gifs WHERE key = $1 AND gif IS NULL",
            key
        )
        .execute(&self.pool)
        .await?;
        Ok(())
    }

    /// Forgets the least recently used replays until at most `entries` of them, of at most
    /// `bytes` in all, are kept, and the holds that ran out long ago.
    #[tracing::instrument(skip(self))]
    pub async fn forget_old_replays(&self, entries: i64, bytes: i64) -> Result<u64, sqlx::Error> {
        let done = sqlx::query!(
            "DELETE FROM replay_gifs WHERE key IN (
                 SELECT key FROM (
                     SELECT key, gif, held_until,
                            row_number() OVER newest AS place,
                            sum(coalesce(octet_length(gif), 0)) OVER newest AS kept
                     FROM replay_gifs
                     WINDOW newest AS (ORDER BY used_at DESC, key)
                 ) ranked
                 WHERE (gif IS NOT NULL AND (place > $1 OR kept > $2))
                    OR (gif IS NULL AND held_until < now() - interval '10 minutes')
             )",
            entries,
            bytes,
        )
        .execute(&self.pool)
        .await?;
        Ok(done.rows_affected())
    }
}
