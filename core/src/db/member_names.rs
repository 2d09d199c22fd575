//! The `member_names` table: the name each member goes by in a server, as Discord last gave it,
//! kept only for members who played or were invited there, for the pages, the board pictures
//! and the Activity.

use super::{from_db, to_db, Db, DbTx};
use chrono::{DateTime, Utc};

/// A member's name in a server, as Discord gave it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MemberName {
    /// The member's user id.
    pub user: u64,
    /// The name.
    pub name: String,
}

impl Db {
    /// Keeps the names in `names` for the members of `guild` who played or were invited there
    /// (a seat in one of its games, a place in one of its challenges or lobbies); a name that
    /// is kept already is not written again. Returns the members who played or were invited,
    /// whose names are kept now; the others' are not written. A member named twice is kept
    /// once, with the last of their names.
    #[tracing::instrument(skip_all)]
    pub async fn keep_member_names(
        &self,
        guild: u64,
        names: &[MemberName],
        now: DateTime<Utc>,
    ) -> Result<Vec<u64>, sqlx::Error> {
        keep(&self.pool, guild, names, now).await
    }

    /// The kept names of those of `users` in `guild` who have one.
    #[tracing::instrument(skip_all)]
    pub async fn member_names(
        &self,
        guild: u64,
        users: &[u64],
    ) -> Result<Vec<MemberName>, sqlx::Error> {
        let users: Vec<i64> = users.iter().map(|&u| to_db(u)).collect();
        let rows = sqlx::query!(
            "SELECT user_id, name FROM member_names WHERE guild_id = $1 AND user_id = ANY($2)",
            to_db(guild),
            &users
        )
        .fetch_all(&self.pool)
        .await?;
        Ok(rows
            .into_iter()
            .map(|r| MemberName {
                user: from_db(r.user_id),
                name: r.name,
            })
            .collect())
    }
}

impl DbTx {
    /// [`Db::keep_member_names`] in this transaction: it sees the seats and places the
    /// transaction made.
    #[tracing::instrument(skip_all)]
    pub async fn keep_member_names(
        &mut self,
        guild: u64,
        names: &[MemberName],
        now: DateTime<Utc>,
    ) -> Result<Vec<u64>, sqlx::Error> {
        keep(&mut *self.tx, guild, names, now).await
    }
}

/// The statement of [`Db::keep_member_names`] and [`DbTx::keep_member_names`].
async fn keep<'e>(
    db: impl sqlx::PgExecutor<'e>,
    guild: u64,
    names: &[MemberName],
    now: DateTime<Utc>,
) -> Result<Vec<u64>, sqlx::Error> {
    // One row per member: an insert cannot change a row twice. In user order, so that two
    // transactions keeping the same members lock their rows in the same order.
    let mut last: Vec<&MemberName> = Vec::with_capacity(names.len());
    for name in names.iter().rev() {
        if !last.iter().any(|n| n.user == name.user) {
            last.push(name);
        }
    }
    last.sort_by_key(|n| n.user);
    if last.is_empty() {
        return Ok(Vec::new());
    }
    let users: Vec<i64> = last.iter().map(|n| to_db(n.user)).collect();
    let texts: Vec<String> = last.iter().map(|n| n.name.clone()).collect();
    let players = sqlx::query_scalar!(
        r#"WITH seen AS (
               SELECT * FROM UNNEST($2::BIGINT[], $3::TEXT[]) AS s (user_id, name)
           ), players AS (
               -- Each list starts from the users' own rows (by the user indexes), never from
               -- all of the server's.
               SELECT s.user_id, s.name FROM seen s
                WHERE s.user_id IN (SELECT gs.user_id FROM game_seats gs
                                      JOIN games g ON g.id = gs.game_id
                                     WHERE gs.user_id = ANY($2) AND g.guild_id = $1)
                   OR s.user_id IN (SELECT cp.user_id FROM challenge_players cp
                                      JOIN challenges c ON c.id = cp.challenge_id
                                     WHERE cp.user_id = ANY($2) AND c.guild_id = $1)
                   OR s.user_id IN (SELECT lm.user_id FROM lobby_members lm
                                      JOIN lobbies l ON l.id = lm.lobby_id
                                     WHERE lm.user_id = ANY($2) AND l.guild_id = $1)
           ), kept AS (
               INSERT INTO member_names (guild_id, user_id, name, updated_at)
               SELECT $1, user_id, name, $4 FROM players
               ON CONFLICT (guild_id, user_id) DO UPDATE
                   SET name = EXCLUDED.name, updated_at = EXCLUDED.updated_at
                   WHERE member_names.name <> EXCLUDED.name
           )
           SELECT user_id AS "user_id!" FROM players"#,
        to_db(guild),
        &users,
        &texts,
        now
    )
    .fetch_all(db)
    .await?;
    Ok(players.into_iter().map(from_db).collect())
}
