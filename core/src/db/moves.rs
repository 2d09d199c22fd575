//! The `moves` table: every move of every game, numbered from 1 without gaps. A move is
//! written with its game's row, in one statement ([`super::Db::save_move`]).

use super::{parse, seat, Db};
use crate::model::GameId;
use chrono::{DateTime, Utc};
use halma::{MoveText, Position, Seat, Variant};

/// A stored move.
#[derive(Clone, Debug, PartialEq)]
pub struct MoveRecord {
    /// The game.
    pub game: GameId,
    /// The move's number in the game, from 1 (passes are not counted).
    pub ply: u32,
    /// The mover's seat.
    pub seat: Seat,
    /// The chain played, like `e12-g10-g12`.
    pub chain: MoveText,
    /// When it was played.
    pub played_at: DateTime<Utc>,
}

/// The columns of `moves`, as stored.
struct MoveRow {
    game_id: i64,
    ply: i32,
    seat: String,
    chain: String,
    played_at: DateTime<Utc>,
}

impl TryFrom<MoveRow> for MoveRecord {
    type Error = sqlx::Error;

    fn try_from(row: MoveRow) -> Result<MoveRecord, sqlx::Error> {
        Ok(MoveRecord {
            game: GameId(row.game_id),
            ply: row.ply as u32,
            seat: seat(&row.seat)?,
            chain: parse(
                &format!("game {} move {}", row.game_id, row.ply),
                &row.chain,
            )?,
            played_at: row.played_at,
        })
    }
}

impl Db {
    /// The moves of a game numbered up to `up_to` in order. Moves are only ever appended, so
    /// passing the `ply` of a game read earlier gives the moves that record describes, even
    /// if a move was added since.
    #[tracing::instrument(skip_all)]
    pub async fn moves(&self, game: GameId, up_to: u32) -> Result<Vec<MoveRecord>, sqlx::Error> {
        sqlx::query_as!(
            MoveRow,
            "SELECT * FROM moves WHERE game_id = $1 AND ply <= $2 ORDER BY ply",
            game.0,
            up_to as i32
        )
        .fetch_all(&self.pool)
        .await?
        .into_iter()
        .map(MoveRecord::try_from)
        .collect()
    }

    /// The last move of a game numbered up to `up_to` (see [`Db::moves`]).
    #[tracing::instrument(skip_all)]
    pub async fn last_move(
        &self,
        game: GameId,
        up_to: u32,
    ) -> Result<Option<MoveRecord>, sqlx::Error> {
        sqlx::query_as!(
            MoveRow,
            "SELECT * FROM moves WHERE game_id = $1 AND ply <= $2 ORDER BY ply DESC LIMIT 1",
            game.0,
            up_to as i32
        )
        .fetch_optional(&self.pool)
        .await?
        .map(MoveRecord::try_from)
        .transpose()
    }

    /// The start and the moves of the last `limit` finished games of `variant` in `guild`
    /// played under the camp rule, newest first, at most `max_plies` moves each: the games
    /// chain puzzles are taken from.
    #[tracing::instrument(skip_all)]
    pub async fn finished_games(
        &self,
        guild: u64,
        variant: Variant,
        limit: u32,
        max_plies: u32,
    ) -> Result<Vec<(Position, Vec<MoveText>)>, sqlx::Error> {
        let rows = sqlx::query!(
            r#"WITH last AS (
                   SELECT id, start_position FROM games
                   WHERE guild_id = $1 AND variant = $2 AND status = 'finished' AND camp_rule
                   ORDER BY id DESC LIMIT $3)
               SELECT last.id AS "id!", last.start_position AS "start!",
                      array_remove(array_agg(m.chain ORDER BY m.ply), NULL) AS "chains!"
               FROM last LEFT JOIN moves m ON m.game_id = last.id AND m.ply <= $4
               GROUP BY last.id, last.start_position ORDER BY last.id DESC"#,
            super::to_db(guild),
            variant.name(),
            i64::from(limit),
            max_plies.min(i32::MAX as u32) as i32
        )
        .fetch_all(&self.pool)
        .await?;
        rows.into_iter()
            .map(|row| {
                let what = format!("game {}", row.id);
                let start = parse(&what, &row.start)?;
                let moves = row
                    .chains
                    .iter()
                    .map(|c| parse(&what, c))
                    .collect::<Result<_, _>>()?;
                Ok((start, moves))
            })
            .collect()
    }
}
