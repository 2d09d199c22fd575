//! The `tournament_players` table: who joined a tournament, in joining order, with the name
//! they had then, their rating at the start, whether they withdrew, their bye and their final
//! place; in an arena, since when they wait for a game and whether they paused. Changed only
//! under the tournament's lock ([`DbTx::lock_tournament`]).

use super::{from_db, to_db, Db, DbTx};
use crate::model::TournamentId;
use chrono::{DateTime, Utc};

/// A player of a tournament.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entrant {
    /// The Discord user.
    pub user: u64,
    /// Their display name when they joined.
    pub name: String,
    /// Their rating in the variant at the start (`None` before it).
    pub rating: Option<i32>,
    /// Whether they withdrew.
    pub withdrawn: bool,
    /// The round of their bye, if they had one.
    pub bye_round: Option<u32>,
    /// Their final place, once the tournament finished.
    pub place: Option<u32>,
    /// In a running arena: since when they wait for a game; `None` while they play.
    pub ready_at: Option<DateTime<Utc>>,
    /// In an arena: whether they keep out of the queue for now.
    pub paused: bool,
}

struct EntrantRow {
    user_id: i64,
    name: String,
    rating: Option<i32>,
    withdrawn_at: Option<DateTime<Utc>>,
    bye_round: Option<i32>,
    place: Option<i32>,
    ready_at: Option<DateTime<Utc>>,
    paused_at: Option<DateTime<Utc>>,
}

impl From<EntrantRow> for Entrant {
    fn from(row: EntrantRow) -> Entrant {
        Entrant {
            user: from_db(row.user_id),
            name: row.name,
            rating: row.rating,
            withdrawn: row.withdrawn_at.is_some(),
            bye_round: row.bye_round.map(|r| r.max(0) as u32),
            place: row.place.map(|p| p.max(0) as u32),
            ready_at: row.ready_at,
            paused: row.paused_at.is_some(),
        }
    }
}

/// A member's tournaments in a server, for `/halma stats`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct TournamentRecord {
    /// Finished tournaments they played in.
    pub played: u32,
    /// Their best final place among them.
    pub best_place: Option<u32>,
}

impl DbTx {
    /// The players of a tournament in joining order.
    #[tracing::instrument(skip_all)]
    pub async fn entrants(&mut self, id: TournamentId) -> Result<Vec<Entrant>, sqlx::Error> {
        Ok(sqlx::query_as!(
            EntrantRow,
            "SELECT user_id, name, rating, withdrawn_at, bye_round, place, ready_at, paused_at
             FROM tournament_players WHERE tournament_id = $1 ORDER BY seq",
            id.0
        )
        .fetch_all(&mut *self.tx)
        .await?
        .into_iter()
        .map(Entrant::from)
        .collect())
    }

    /// Adds a player at the end; `false` when they are in already.
    #[tracing::instrument(skip_all)]
    pub async fn add_entrant(
        &mut self,
        id: TournamentId,
        user: u64,
        name: &str,
        now: DateTime<Utc>,
    ) -> Result<bool, sqlx::Error> {
        let done = sqlx::query!(
            "INSERT INTO tournament_players (tournament_id, user_id, name, joined_at)
             VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING",
            id.0,
            to_db(user),
            name,
            now
        )
        .execute(&mut *self.tx)
        .await?;
        Ok(done.rows_affected() == 1)
    }

    /// Takes a player out before the start; `false` when they were not in.
    #[tracing::instrument(skip_all)]
    pub async fn remove_entrant(
        &mut self,
        id: TournamentId,
        user: u64,
    ) -> Result<bool, sqlx::Error> {
        let done = sqlx::query!(
            "DELETE FROM tournament_players WHERE tournament_id = $1 AND user_id = $2",
            id.0,
            to_db(user)
        )
        .execute(&mut *self.tx)
        .await?;
        Ok(done.rows_affected() == 1)
    }

    /// Records each player's rating in `variant` of `guild` at the start (the initial
    /// ranking), `unrated` for a player who has none yet.
    #[tracing::instrument(skip_all)]
    pub async fn set_entrant_ratings(
        &mut self,
        id: TournamentId,
        guild: u64,
        variant: halma::Variant,
        unrated: i32,
    ) -> Result<(), sqlx::Error> {
        sqlx::query!(
            "UPDATE tournament_players p SET rating = COALESCE(
                 (SELECT round(r.rating)::int FROM ratings r
                  WHERE r.guild_id = $2 AND r.variant = $3 AND r.user_id = p.user_id), $4)
             WHERE p.tournament_id = $1",
            id.0,
            to_db(guild),
            variant.name(),
            unrated
        )
        .execute(&mut *self.tx)
        .await?;
        Ok(())
    }

    /// Marks a player withdrawn at `now`; `false` when they were not in or had withdrawn.
    #[tracing::instrument(skip_all)]
    pub async fn withdraw_entrant(
        &mut self,
        id: TournamentId,
        user: u64,
        now: DateTime<Utc>,
    ) -> Result<bool, sqlx::Error> {
        let done = sqlx::query!(
            "UPDATE tournament_players SET withdrawn_at = $3
             WHERE tournament_id = $1 AND user_id = $2 AND withdrawn_at IS NULL",
            id.0,
            to_db(user),
            now
        )
        .execute(&mut *self.tx)
        .await?;
        Ok(done.rows_affected() == 1)
    }

    /// Records a player's bye in `round`.
    #[tracing::instrument(skip_all)]
    pub async fn set_bye_round(
        &mut self,
        id: TournamentId,
        user: u64,
        round: u32,
    ) -> Result<(), sqlx::Error> {
        sqlx::query!(
            "UPDATE tournament_players SET bye_round = $3 WHERE tournament_id = $1 AND user_id = $2",
            id.0,
            to_db(user),
            round as i32
        )
        .execute(&mut *self.tx)
        .await?;
        Ok(())
    }

    /// Records every player's final place.
    #[tracing::instrument(skip_all)]
    pub async fn set_places(
        &mut self,
        id: TournamentId,
        places: &[(u64, u32)],
    ) -> Result<(), sqlx::Error> {
        let users: Vec<i64> = places.iter().map(|(u, _)| to_db(*u)).collect();
        let values: Vec<i32> = places.iter().map(|(_, p)| *p as i32).collect();
        sqlx::query!(
            "UPDATE tournament_players p SET place = r.place
             FROM UNNEST($2::bigint[], $3::int[]) AS r(user_id, place)
             WHERE p.tournament_id = $1 AND p.user_id = r.user_id",
            id.0,
            &users,
            &values
        )
        .execute(&mut *self.tx)
        .await?;
        Ok(())
    }

    /// Sets since when `users` wait for an arena's game: `Some(now)` when they become free,
    /// `None` when they are paired.
    #[tracing::instrument(skip_all)]
    pub async fn set_ready(
        &mut self,
        id: TournamentId,
        users: &[u64],
        at: Option<DateTime<Utc>>,
    ) -> Result<(), sqlx::Error> {
        let users: Vec<i64> = users.iter().map(|u| to_db(*u)).collect();
        sqlx::query!(
            "UPDATE tournament_players SET ready_at = $3
             WHERE tournament_id = $1 AND user_id = ANY($2)",
            id.0,
            &users,
            at
        )
        .execute(&mut *self.tx)
        .await?;
        Ok(())
    }

    /// Pauses an arena's player from `at` on (`Some`), or brings them back (`None`).
    #[tracing::instrument(skip_all)]
    pub async fn set_paused(
        &mut self,
        id: TournamentId,
        user: u64,
        at: Option<DateTime<Utc>>,
    ) -> Result<(), sqlx::Error> {
        sqlx::query!(
            "UPDATE tournament_players SET paused_at = $3
             WHERE tournament_id = $1 AND user_id = $2",
            id.0,
            to_db(user),
            at
        )
        .execute(&mut *self.tx)
        .await?;
        Ok(())
    }
}

impl Db {
    /// The players of a tournament in joining order.
    #[tracing::instrument(skip_all)]
    pub async fn entrants(&self, id: TournamentId) -> Result<Vec<Entrant>, sqlx::Error> {
        Ok(sqlx::query_as!(
            EntrantRow,
            "SELECT user_id, name, rating, withdrawn_at, bye_round, place, ready_at, paused_at
             FROM tournament_players WHERE tournament_id = $1 ORDER BY seq",
            id.0
        )
        .fetch_all(&self.pool)
        .await?
        .into_iter()
        .map(Entrant::from)
        .collect())
    }

    /// The finished tournaments of `guild` that `user` played in, and their best place.
    #[tracing::instrument(skip_all)]
    pub async fn tournament_record(
        &self,
        guild: u64,
        user: u64,
    ) -> Result<TournamentRecord, sqlx::Error> {
        let row = sqlx::query!(
            r#"SELECT count(*) AS "played!", min(p.place) AS best
               FROM tournament_players p JOIN tournaments t ON t.id = p.tournament_id
               WHERE p.user_id = $2 AND t.guild_id = $1 AND t.status = 'finished'"#,
            to_db(guild),
            to_db(user)
        )
        .fetch_one(&self.pool)
        .await?;
        Ok(TournamentRecord {
            played: row.played.max(0) as u32,
            best_place: row.best.map(|p| p.max(0) as u32),
        })
    }
}
