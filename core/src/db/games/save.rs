//! Saving a move: the game's row, the move's row and what the move announces, in one statement
//! (one round trip) that writes nothing unless the game is still at the version it was read at.

use super::AfterMove;
use crate::db::moves::MoveRecord;
use crate::db::outbox::NewNotice;
use crate::db::{letters, violates, Db, DbTx};

impl Db {
    /// Saves a move in one statement (one round trip, its own transaction): the game's row as
    /// [`super::GameRecord::after_move`] says, the move's row, if given its announcement, and
    /// if given `dm`, the direct message to the player to move next, written only when they
    /// want one and are not paused (see [`DbTx::insert_dm_notice`]; a move whose next player
    /// has DMs off costs nothing more). Unless the game changed since `version` (or is over):
    /// then nothing is written and the answer is `false`.
    #[tracing::instrument(skip_all)]
    pub async fn save_move(
        &self,
        version: i32,
        after: &AfterMove<'_>,
        played: &MoveRecord,
        notice: Option<&NewNotice>,
        dm: Option<&NewNotice>,
    ) -> Result<bool, sqlx::Error> {
        save_move(&self.pool, version, after, played, notice, dm).await
    }
}

impl DbTx {
    /// [`Db::save_move`] within this transaction, for a move whose consequences (a game's
    /// end and the ratings) are written with it: nobody is to move after it, so no DM.
    #[tracing::instrument(skip_all)]
    pub async fn save_move(
        &mut self,
        version: i32,
        after: &AfterMove<'_>,
        played: &MoveRecord,
        notice: Option<&NewNotice>,
    ) -> Result<bool, sqlx::Error> {
        save_move(&mut *self.tx, version, after, played, notice, None).await
    }
}

/// The statement of [`Db::save_move`]: the game's update, then the inserts of the move, the
/// announcement and the DM, which take place only when the update found the game at
/// `version`.
async fn save_move<'e>(
    db: impl sqlx::PgExecutor<'e>,
    version: i32,
    after: &AfterMove<'_>,
    played: &MoveRecord,
    notice: Option<&NewNotice>,
    dm: Option<&NewNotice>,
) -> Result<bool, sqlx::Error> {
    let end = after.end;
    let snapshot = after.snapshot;
    let saved = sqlx::query_scalar!(
        r#"WITH updated AS (
               UPDATE games SET position = $3, ply = $4, turns = $5, balance_pending = $6,
                      turn_deadline = $7, half_time_ping_sent = FALSE, draw_offers = '',
                      version = version + 1, status = COALESCE($8, status), winners = $9,
                      end_reason = $10, finished_at = $11
                WHERE id = $1 AND version = $2 AND status = 'active'
                RETURNING id
           ), moved AS (
               INSERT INTO moves (game_id, ply, seat, chain, played_at)
               SELECT id, $4, $12::text, $13::text, $14::timestamptz FROM updated
           ), announced AS (
               INSERT INTO outbox
                      (channel_id, game_id, ply, kind, body, created_at, due_at, answer_token)
               SELECT $15::bigint, $16::bigint, $17::integer, $18::text, $19::text::jsonb,
                      $20::timestamptz, $21::timestamptz, $22::text
                 FROM updated
                WHERE $18::text IS NOT NULL
           ), messaged AS (
               INSERT INTO outbox
                      (channel_id, game_id, ply, kind, body, created_at, due_at, user_id)
               SELECT $23::bigint, $24::bigint, $25::integer, $26::text, $27::text::jsonb,
                      $28::timestamptz, $29::timestamptz, n.user_id
                 FROM updated JOIN notify_settings n ON n.user_id = $30::bigint
                WHERE n.dm AND (n.paused_until IS NULL OR n.paused_until <= $28::timestamptz)
               ON CONFLICT DO NOTHING
           )
           SELECT id AS "id!" FROM updated"#,
        played.game.0,
        version,
        snapshot.position.to_string(),
        after.ply as i32,
        snapshot.plies as i32,
        snapshot.balance_pending.map(|s| s.letter().to_string()),
        after.turn_deadline,
        end.map(|e| e.status.as_str()),
        end.map(|e| letters(&e.winners)).filter(|w| !w.is_empty()),
        end.map(|e| e.reason.as_str()),
        end.map(|e| e.at),
        played.seat.letter().to_string(),
        played.chain.to_string(),
        played.played_at,
        notice.map(|n| n.channel),
        notice.and_then(|n| n.game),
        notice.and_then(|n| n.ply),
        notice.map(|n| n.kind),
        notice.map(|n| n.body.as_str()),
        notice.map(|n| n.created_at),
        notice.map(|n| n.due_at),
        notice.and_then(|n| n.answer_token.as_deref()),
        dm.map(|n| n.channel),
        dm.and_then(|n| n.game),
        dm.and_then(|n| n.ply),
        dm.map(|n| n.kind),
        dm.map(|n| n.body.as_str()),
        dm.map(|n| n.created_at),
        dm.map(|n| n.due_at),
        dm.and_then(|n| n.user),
    )
    .fetch_optional(db)
    .await;
    match saved {
        Ok(saved) => Ok(saved.is_some()),
        // Another move of this ply got in first (only possible if the version did not tell).
        Err(e) if violates(&e, "moves_pkey") => Ok(false),
        Err(e) => Err(e),
    }
}
