//! The database: a [`Db`] wrapping the connection pool, with one file per table.
//!
//! Reads go through [`Db`] (any pooled connection); every change goes through a [`DbTx`], so the
//! service decides what belongs in one transaction. Discord ids are `u64` snowflakes stored as
//! `BIGINT`: [`to_db`] and [`from_db`] are the only conversions between the two.

pub mod challenges;
pub mod game_seats;
pub mod games;
pub mod moves;
pub mod ratings;

use sqlx::migrate::{MigrateError, Migrator};
use sqlx::postgres::{PgPool, PgPoolOptions};
use sqlx::{Postgres, Transaction};

/// The migrations in `migrations/`, built into the binary and applied at start-up.
pub static MIGRATOR: Migrator = sqlx::migrate!("../migrations");

/// A Discord id as stored: the snowflake's 64 bits read as a signed number.
pub fn to_db(id: u64) -> i64 {
    id as i64
}

/// A stored id back as the Discord snowflake it was.
pub fn from_db(id: i64) -> u64 {
    id as u64
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
