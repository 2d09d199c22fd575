//! The `tournament_games` table: each round's pairings, the game each became (in its own
//! thread) and its result once counted. Pairings are written under the tournament's lock; a
//! result is counted once (`WHERE result IS NULL`), in the transaction that ends the game.

use super::{from_db, parse, to_db, DbTx};
use crate::db::Db;
use crate::model::{GameId, PairingId, PairingResult, TournamentId};
use chrono::{DateTime, Utc};

/// One pairing of a round: a game between two players, or a bye.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Pairing {
    /// Its id.
    pub id: PairingId,
    /// The tournament.
    pub tournament: TournamentId,
    /// The round.
    pub round: u32,
    /// The board number in the round, from 1 (best-ranked first).
    pub board: u32,
    /// Who moves first (or has the bye).
    pub first: u64,
    /// The opponent; `None` for a bye.
    pub second: Option<u64>,
    /// The game, once the front end made its thread.
    pub game: Option<GameId>,
    /// The game's thread.
    pub thread: Option<u64>,
    /// The result, once counted (a bye at once, as a win of `first`).
    pub result: Option<PairingResult>,
}

impl Pairing {
    /// Whether this is a bye.
    pub fn is_bye(&self) -> bool {
        self.second.is_none()
    }
}

struct PairingRow {
    id: i64,
    tournament_id: i64,
    round: i32,
    board: i32,
    first_id: i64,
    second_id: Option<i64>,
    game_id: Option<i64>,
    thread_id: Option<i64>,
    result: Option<String>,
}

impl TryFrom<PairingRow> for Pairing {
    type Error = sqlx::Error;

    fn try_from(row: PairingRow) -> Result<Pairing, sqlx::Error> {
        let what = format!("pairing {} result", row.id);
        Ok(Pairing {
            id: PairingId(row.id),
            tournament: TournamentId(row.tournament_id),
            round: row.round.max(0) as u32,
            board: row.board.max(0) as u32,
            first: from_db(row.first_id),
            second: row.second_id.map(from_db),
            game: row.game_id.map(GameId),
            thread: row.thread_id.map(from_db),
            result: row.result.as_deref().map(|r| parse(&what, r)).transpose()?,
        })
    }
}

/// A pairing about to be written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NewPairing {
    /// The round.
    pub round: u32,
    /// The board number.
    pub board: u32,
    /// Who moves first (or has the bye).
    pub first: u64,
    /// The opponent; `None` for a bye, which is counted at once.
    pub second: Option<u64>,
}

impl DbTx {
    /// Writes a pairing of `tournament` (a bye counted as a win at `now`).
    #[tracing::instrument(skip_all)]
    pub async fn insert_pairing(
        &mut self,
        tournament: TournamentId,
        new: &NewPairing,
        now: DateTime<Utc>,
    ) -> Result<PairingId, sqlx::Error> {
        let bye = new.second.is_none();
        let id = sqlx::query_scalar!(
            "INSERT INTO tournament_games
                 (tournament_id, round, board, first_id, second_id, bye, result, counted_at)
             VALUES ($1, $2, $3, $4, $5, $6, CASE WHEN $6 THEN 'first' END,
                     CASE WHEN $6 THEN $7::timestamptz END)
             RETURNING id",
            tournament.0,
            new.round as i32,
            new.board as i32,
            to_db(new.first),
            new.second.map(to_db),
            bye,
            now
        )
        .fetch_one(&mut *self.tx)
        .await?;
        Ok(PairingId(id))
    }

    /// Every pairing of a tournament, by round and board.
    #[tracing::instrument(skip_all)]
    pub async fn pairings(&mut self, id: TournamentId) -> Result<Vec<Pairing>, sqlx::Error> {
        sqlx::query_as!(
            PairingRow,
            "SELECT id, tournament_id, round, board, first_id, second_id, game_id, thread_id,
                    result
             FROM tournament_games WHERE tournament_id = $1 ORDER BY round, board",
            id.0
        )
        .fetch_all(&mut *self.tx)
        .await?
        .into_iter()
        .map(Pairing::try_from)
        .collect()
    }

    /// The pairing whose game is `game`, if it is a tournament game.
    #[tracing::instrument(skip_all)]
    pub async fn pairing_of_game(&mut self, game: GameId) -> Result<Option<Pairing>, sqlx::Error> {
        sqlx::query_as!(
            PairingRow,
            "SELECT id, tournament_id, round, board, first_id, second_id, game_id, thread_id,
                    result
             FROM tournament_games WHERE game_id = $1",
            game.0
        )
        .fetch_optional(&mut *self.tx)
        .await?
        .map(Pairing::try_from)
        .transpose()
    }

    /// The pairing with this id, its row locked until the transaction ends.
    #[tracing::instrument(skip_all)]
    pub async fn lock_pairing(&mut self, id: PairingId) -> Result<Option<Pairing>, sqlx::Error> {
        sqlx::query_as!(
            PairingRow,
            "SELECT id, tournament_id, round, board, first_id, second_id, game_id, thread_id,
                    result
             FROM tournament_games WHERE id = $1 FOR UPDATE",
            id.0
        )
        .fetch_optional(&mut *self.tx)
        .await?
        .map(Pairing::try_from)
        .transpose()
    }

    /// Links a pairing to the game made for it in `thread`.
    #[tracing::instrument(skip_all)]
    pub async fn set_pairing_game(
        &mut self,
        id: PairingId,
        game: GameId,
        thread: u64,
    ) -> Result<(), sqlx::Error> {
        sqlx::query!(
            "UPDATE tournament_games SET game_id = $2, thread_id = $3 WHERE id = $1",
            id.0,
            game.0,
            to_db(thread)
        )
        .execute(&mut *self.tx)
        .await?;
        Ok(())
    }

    /// Counts a pairing's result at `now`; `false` when it was counted already.
    #[tracing::instrument(skip_all)]
    pub async fn count_result(
        &mut self,
        id: PairingId,
        result: PairingResult,
        now: DateTime<Utc>,
    ) -> Result<bool, sqlx::Error> {
        let done = sqlx::query!(
            "UPDATE tournament_games SET result = $2, counted_at = $3
             WHERE id = $1 AND result IS NULL",
            id.0,
            result.as_str(),
            now
        )
        .execute(&mut *self.tx)
        .await?;
        Ok(done.rows_affected() == 1)
    }

    /// How many pairings of the round wait for their result (read under the tournament's
    /// lock, after counting one: zero means the round is over).
    #[tracing::instrument(skip_all)]
    pub async fn results_missing(
        &mut self,
        id: TournamentId,
        round: u32,
    ) -> Result<u32, sqlx::Error> {
        let n = sqlx::query_scalar!(
            r#"SELECT count(*) AS "n!" FROM tournament_games
               WHERE tournament_id = $1 AND round = $2 AND result IS NULL"#,
            id.0,
            round as i32
        )
        .fetch_one(&mut *self.tx)
        .await?;
        Ok(n.max(0) as u32)
    }

    /// How many pairings of the tournament, of any round, wait for their result: an arena
    /// whose time is up finishes when none does.
    #[tracing::instrument(skip_all)]
    pub async fn unfinished_pairings(&mut self, id: TournamentId) -> Result<u32, sqlx::Error> {
        let n = sqlx::query_scalar!(
            r#"SELECT count(*) AS "n!" FROM tournament_games
               WHERE tournament_id = $1 AND result IS NULL"#,
            id.0
        )
        .fetch_one(&mut *self.tx)
        .await?;
        Ok(n.max(0) as u32)
    }
}

impl Db {
    /// Every pairing of a tournament, by round and board.
    #[tracing::instrument(skip_all)]
    pub async fn pairings(&self, id: TournamentId) -> Result<Vec<Pairing>, sqlx::Error> {
        sqlx::query_as!(
            PairingRow,
            "SELECT id, tournament_id, round, board, first_id, second_id, game_id, thread_id,
                    result
             FROM tournament_games WHERE tournament_id = $1 ORDER BY round, board",
            id.0
        )
        .fetch_all(&self.pool)
        .await?
        .into_iter()
        .map(Pairing::try_from)
        .collect()
    }

    /// Whether `game` is a tournament's game.
    #[tracing::instrument(skip_all)]
    pub async fn is_tournament_game(&self, game: GameId) -> Result<bool, sqlx::Error> {
        let found = sqlx::query_scalar!(
            r#"SELECT EXISTS (SELECT 1 FROM tournament_games WHERE game_id = $1) AS "found!""#,
            game.0
        )
        .fetch_one(&self.pool)
        .await?;
        Ok(found)
    }
}
