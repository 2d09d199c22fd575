//! A database of its own for each test or bench run, on the server named by `DATABASE_URL`.

use std::sync::atomic::{AtomicU32, Ordering};
use std::time::Duration;

use sqlx::postgres::PgPoolOptions;
use sqlx::{Connection as _, Executor as _, PgConnection, PgPool};

/// The server every test creates its database on.
pub fn server_url() -> String {
    match std::env::var("DATABASE_URL") {
        Ok(url) if !url.trim().is_empty() => url,
        _ => panic!(
            "DATABASE_URL is not set: the end-to-end tests need a PostgreSQL server to create \
             their databases on. Run ./test (it starts a throwaway server), or start one with \
             `scripts/postgres.sh start /tmp/halma-pg` and export the DATABASE_URL it prints."
        ),
    }
}

/// `url` with its database name replaced by `database` (any `?query` kept).
pub fn with_database(url: &str, database: &str) -> String {
    let (base, query) = match url.split_once('?') {
        Some((base, query)) => (base, Some(query)),
        None => (url, None),
    };
    let authority_start = base.find("://").map_or(0, |i| i + 3);
    let path_start = base[authority_start..]
        .find('/')
        .map_or(base.len(), |i| authority_start + i);
    let mut out = format!("{}/{database}", &base[..path_start]);
    if let Some(query) = query {
        out.push('?');
        out.push_str(query);
    }
    out
}

/// A database of its own for one test, dropped (with any open connections) at the end.
pub struct TestDb {
    server: String,
    /// The database's name.
    pub name: String,
    /// Its URL, for the bot.
    pub url: String,
    /// A pool for the test's own queries.
    pub pool: PgPool,
}

impl TestDb {
    /// Creates `e2e_<label>_<pid>_<n>` on the `DATABASE_URL` server.
    pub async fn create(label: &str) -> TestDb {
        Self::create_on(&server_url(), label).await
    }

    /// Creates a fresh database on the server at `server`.
    pub async fn create_on(server: &str, label: &str) -> TestDb {
        static NEXT: AtomicU32 = AtomicU32::new(0);
        let label: String = label
            .chars()
            .map(|c| {
                if c.is_ascii_alphanumeric() {
                    c.to_ascii_lowercase()
                } else {
                    '_'
                }
            })
            .take(30)
            .collect();
        let name = format!(
            "e2e_{label}_{}_{}",
            std::process::id(),
            NEXT.fetch_add(1, Ordering::Relaxed)
        );
        let mut admin = PgConnection::connect(server)
            .await
            .unwrap_or_else(|e| panic!("cannot connect to the test server {server}: {e}"));
        admin
            .execute(format!(r#"DROP DATABASE IF EXISTS "{name}" WITH (FORCE)"#).as_str())
            .await
            .expect("drop a leftover test database");
        admin
            .execute(format!(r#"CREATE DATABASE "{name}""#).as_str())
            .await
            .unwrap_or_else(|e| panic!("cannot create database {name}: {e}"));
        let _ = admin.close().await;
        let url = with_database(server, &name);
        let pool = PgPoolOptions::new()
            .max_connections(4)
            .acquire_timeout(Duration::from_secs(10))
            .connect(&url)
            .await
            .unwrap_or_else(|e| panic!("cannot connect to {url}: {e}"));
        TestDb {
            server: server.to_string(),
            name,
            url,
            pool,
        }
    }
}

impl Drop for TestDb {
    fn drop(&mut self) {
        let server = self.server.clone();
        let name = self.name.clone();
        // Drop may run inside the test's runtime, which cannot block on itself: use a thread.
        let dropped = std::thread::spawn(move || -> Result<(), String> {
            let runtime = tokio::runtime::Builder::new_current_thread()
                .enable_all()
                .build()
                .map_err(|e| e.to_string())?;
            runtime.block_on(async {
                let mut admin = PgConnection::connect(&server)
                    .await
                    .map_err(|e| e.to_string())?;
                admin
                    .execute(format!(r#"DROP DATABASE IF EXISTS "{name}" WITH (FORCE)"#).as_str())
                    .await
                    .map_err(|e| e.to_string())?;
                let _ = admin.close().await;
                Ok(())
            })
        })
        .join();
        match dropped {
            Ok(Ok(())) => {}
            Ok(Err(e)) => eprintln!("could not drop test database {}: {e}", self.name),
            Err(_) => eprintln!("dropping test database {} panicked", self.name),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::with_database;

    #[test]
    fn the_database_name_is_replaced_and_the_rest_kept() {
        assert_eq!(
            with_database(
                "postgres://u:p@host:5432/halma?sslmode=disable",
                "e2e_x_1_0"
            ),
            "postgres://u:p@host:5432/e2e_x_1_0?sslmode=disable"
        );
        assert_eq!(
            with_database("postgres://postgres@127.0.0.1:54329", "e2e_y"),
            "postgres://postgres@127.0.0.1:54329/e2e_y"
        );
    }
}
