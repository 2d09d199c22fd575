//! What the benches that run the real bot share: a check for the database, and the runtime.

/// Runs `run` on a multi-threaded runtime once `DATABASE_URL` names a PostgreSQL server (the
/// bench makes its own database there); says how to start one when it does not.
pub fn run_with_database<F>(name: &str, run: F) -> anyhow::Result<()>
where
    F: std::future::Future<Output = anyhow::Result<()>>,
{
    if std::env::var("DATABASE_URL").map_or(true, |u| u.trim().is_empty()) {
        anyhow::bail!(
            "DATABASE_URL is not set: start a server with `scripts/postgres.sh start /tmp/{name}-pg` \
             and export the DATABASE_URL it prints"
        );
    }
    tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()?
        .block_on(run)
}
