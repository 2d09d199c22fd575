//! The database: a [`Db`] wrapping the connection pool, with one file per table.
//!
//! Every method takes and returns the bot's own types ([`crate::model`], the rules crate's
//! `Variant`, `Position` and `Seat`): rows are read into private structs of raw columns and
//! converted here, so no other layer sees a stored string or a signed id. A row that does not
//! convert (a position that does not parse, an unknown status) is a
//! [`sqlx::Error::Decode`], which the service reports as inconsistent data.
//!
//! Reads go through [`Db`] (any pooled connection). Changes that belong together go through a
//! [`DbTx`], so the service decides what is one transaction; a few single-row updates that
//! stand alone (a challenge's message id, a reminder's flag) run on the pool. Writes return
//! the row as the database left it (`RETURNING`), so the service never patches a copy.

pub mod activity_sessions;
pub mod activity_tickets;
pub mod board_messages;
pub mod challenge_players;
pub mod challenges;
pub mod changes;
pub mod crossing_pars;
pub mod game_searches;
pub mod game_seats;
pub mod game_threads;
pub mod games;
pub mod guild_settings;
pub mod heartbeat;
pub mod interaction_claims;
pub mod lobbies;
pub mod locks;
pub mod member_names;
pub mod member_pace;
pub mod moves;
pub mod notify_settings;
pub mod outbox;
pub mod puzzle_attempts;
pub mod puzzle_ratings;
pub mod puzzles;
pub mod ratings;
pub mod replay_gifs;
pub mod tournament_games;
pub mod tournament_players;
pub mod tournaments;

use halma::Seat;
use sqlx::migrate::{MigrateError, Migrator};
use sqlx::postgres::{PgPool, PgPoolOptions};
use sqlx::{Postgres, Transaction};

/// The migrations in `migrations/`, built into the binary and applied at start-up.
pub static MIGRATOR: Migrator = sqlx::migrate!("../migrations");

/// A Discord id as stored: the snowflake's 64 bits read as a signed number.
fn to_db(id: u64) -> i64 {
    id as i64
}

/// A stored id back as the Discord snowflake it was.
fn from_db(id: i64) -> u64 {
    id as u64
}

/// The error for a stored value that does not convert to its type.
fn corrupt(what: impl Into<String>) -> sqlx::Error {
    sqlx::Error::Decode(what.into().into())
}

/// Parses a stored value with `FromStr`, naming what it was on failure.
fn parse<T: std::str::FromStr>(what: &str, text: &str) -> Result<T, sqlx::Error>
where
    T::Err: std::fmt::Display,
{
    text.parse()
        .map_err(|e| corrupt(format!("{what} '{text}': {e}")))
}

/// A stored seat letter.
fn seat(text: &str) -> Result<Seat, sqlx::Error> {
    let mut chars = text.chars();
    match (chars.next().and_then(Seat::from_letter), chars.next()) {
        (Some(seat), None) => Ok(seat),
        _ => Err(corrupt(format!("seat '{text}'"))),
    }
}

/// Stored seat letters, like `ab`.
fn seats(text: &str) -> Result<Vec<Seat>, sqlx::Error> {
    text.chars()
        .map(|c| Seat::from_letter(c).ok_or_else(|| corrupt(format!("seat '{c}' in '{text}'"))))
        .collect()
}

/// Seats as stored: their letters in seat order.
fn letters(seats: &[Seat]) -> String {
    let mut seats = seats.to_vec();
    seats.sort();
    seats.iter().map(|s| s.letter()).collect()
}

/// The bot's database: a pool of connections to PostgreSQL.
#[derive(Clone, Debug)]
pub struct Db {
    pool: PgPool,
}

impl Db {
    /// Wraps an existing pool (tests get theirs from `#[sqlx::test]`).
    pub fn new(pool: PgPool) -> Db {
        Db { pool }
    }

    /// Connects to `url` with a pool of up to `max_connections` connections.
    #[tracing::instrument(skip_all)]
    pub async fn connect(url: &str, max_connections: u32) -> Result<Db, sqlx::Error> {
        // Discord gives an interaction 3 s for its answer: when the database is down, fail
        // fast enough that the user still gets the "try again" reply in time.
        let pool = PgPoolOptions::new()
            .max_connections(max_connections)
            .acquire_timeout(std::time::Duration::from_secs(2))
            .connect(url)
            .await?;
        Ok(Db { pool })
    }

    /// Applies the migrations that have not been applied yet.
    #[tracing::instrument(skip_all)]
    pub async fn migrate(&self) -> Result<(), MigrateError> {
        MIGRATOR.run(&self.pool).await
    }

    /// Checks that the database answers.
    #[tracing::instrument(skip_all)]
    pub async fn ping(&self) -> Result<(), sqlx::Error> {
        sqlx::query_scalar!(r#"SELECT 1 AS "one!""#)
            .fetch_one(&self.pool)
            .await?;
        Ok(())
    }

    /// The underlying pool.
    pub fn pool(&self) -> &PgPool {
        &self.pool
    }

    /// Closes every connection, waiting for those in use to be given back.
    pub async fn close(&self) {
        self.pool.close().await;
    }

    /// Starts a transaction; it rolls back unless [`DbTx::commit`] is called.
    #[tracing::instrument(skip_all)]
    pub async fn begin(&self) -> Result<DbTx, sqlx::Error> {
        Ok(DbTx {
            tx: self.pool.begin().await?,
        })
    }
}

/// A transaction: every write of the database layer happens in one.
#[derive(Debug)]
pub struct DbTx {
    tx: Transaction<'static, Postgres>,
}

impl DbTx {
    /// Locks `channel`'s gatherings until the transaction ends. A channel has at most one
    /// pending challenge or open lobby at a time; whoever opens one takes this lock, then looks
    /// for the other kind (and its own) and inserts, so two openers in one channel go one
    /// after the other and the second sees the first. No row stands for a channel, so it is an
    /// advisory lock keyed by a hash of the channel id: another channel with the same hash
    /// only waits a moment longer.
    #[tracing::instrument(skip_all)]
    pub async fn lock_gatherings(&mut self, channel: u64) -> Result<(), sqlx::Error> {
        sqlx::query!(
            "SELECT 1 AS locked FROM pg_advisory_xact_lock(hashtextextended('halma gatherings', $1))",
            to_db(channel)
        )
        .fetch_one(&mut *self.tx)
        .await?;
        Ok(())
    }

    /// Makes the transaction's changes permanent.
    #[tracing::instrument(skip_all)]
    pub async fn commit(self) -> Result<(), sqlx::Error> {
        self.tx.commit().await
    }
}

/// Whether `err` is a violation of the constraint or unique index named `constraint`.
fn violates(err: &sqlx::Error, constraint: &str) -> bool {
    matches!(err, sqlx::Error::Database(e) if e.constraint() == Some(constraint))
}
