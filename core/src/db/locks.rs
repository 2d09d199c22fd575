//! Session-level advisory locks (no table): a turn that one process at a time may take across
//! the fleet, held on a connection of its own.

use super::Db;
use sqlx::{Connection as _, PgConnection};

/// The advisory lock of the gateway's IDENTIFY turn (an arbitrary number of this bot's own).
const IDENTIFY_LOCK: i64 = 0x4841_4c4d_4149_4431; // "HALMAID1"

/// A turn held: the lock lives as long as its connection, which is closed (releasing it) by
/// [`Turn::release`], or by the server when the process dies.
pub struct Turn {
    connection: PgConnection,
}

impl Turn {
    /// Gives the turn to the next process.
    pub async fn release(self) -> Result<(), sqlx::Error> {
        // Closing the connection ends its session, and with it every lock it held.
        self.connection.close().await
    }
}

impl Db {
    /// Waits for the fleet's turn to IDENTIFY on the gateway, on a connection taken out of the
    /// pool for as long as the turn is held.
    #[tracing::instrument(skip_all)]
    pub async fn identify_turn(&self) -> Result<Turn, sqlx::Error> {
        let mut connection = self.pool.acquire().await?.detach();
        sqlx::query!("SELECT pg_advisory_lock($1)", IDENTIFY_LOCK)
            .execute(&mut connection)
            .await?;
        Ok(Turn { connection })
    }
}
