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

/// A bench's settings as (name, value) pairs, later ones winning: `<PREFIX>_NAME=value` from the
/// environment (as `name`, `_` read as `-`), then `--name value` or `--name=value` from the
/// command line. `cargo bench` passes `--bench`, and a filter word is of no use here: both
/// are skipped.
pub fn setting_pairs(prefix: &str) -> anyhow::Result<Vec<(String, String)>> {
    use anyhow::Context as _;
    let mut values: Vec<(String, String)> = std::env::vars()
        .filter_map(|(key, value)| {
            let name = key.strip_prefix(prefix)?.strip_prefix('_')?;
            Some((name.to_ascii_lowercase().replace('_', "-"), value))
        })
        .collect();
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        if arg == "--bench" || !arg.starts_with("--") {
            continue;
        }
        let flag = &arg[2..];
        let (name, value) = match flag.split_once('=') {
            Some((name, value)) => (name.to_string(), value.to_string()),
            None => {
                let value = args
                    .next()
                    .with_context(|| format!("--{flag} needs a value"))?;
                (flag.to_string(), value)
            }
        };
        values.push((name, value));
    }
    Ok(values)
}
