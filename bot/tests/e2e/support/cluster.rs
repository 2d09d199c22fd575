//! A PostgreSQL cluster of a test's own, to stop and start while the bot runs.

use std::path::{Path, PathBuf};

/// A PostgreSQL cluster of the test's own (scripts/postgres.sh), so stopping it disturbs no
/// other test. Stopped and deleted when dropped.
pub struct Cluster {
    dir: PathBuf,
    /// The server's URL, to create databases on ([`super::TestDb::create_on`]).
    pub url: String,
}

fn postgres_sh(action: &str, dir: &Path) -> String {
    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/../scripts/postgres.sh");
    let out = std::process::Command::new("bash")
        .arg(script)
        .arg(action)
        .arg(dir)
        .output()
        .expect("run scripts/postgres.sh");
    assert!(
        out.status.success(),
        "scripts/postgres.sh {action} failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout).into_owned()
}

impl Cluster {
    /// Starts a cluster in a folder named for `label` and this test process.
    pub async fn start(label: &str) -> Cluster {
        let dir = PathBuf::from(format!("/tmp/halma-e2e-pg-{label}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let out = {
            let dir = dir.clone();
            tokio::task::spawn_blocking(move || postgres_sh("start", &dir))
                .await
                .expect("start the cluster")
        };
        let url = out
            .lines()
            .find_map(|l| l.strip_prefix("DATABASE_URL="))
            .unwrap_or_else(|| panic!("scripts/postgres.sh printed no DATABASE_URL: {out}"))
            .to_string();
        Cluster { dir, url }
    }

    /// Runs `scripts/postgres.sh <action>` on it: `stop`, `start`.
    pub async fn run(&self, action: &'static str) {
        let dir = self.dir.clone();
        tokio::task::spawn_blocking(move || postgres_sh(action, &dir))
            .await
            .expect("scripts/postgres.sh");
    }
}

impl Drop for Cluster {
    fn drop(&mut self) {
        let script = concat!(env!("CARGO_MANIFEST_DIR"), "/../scripts/postgres.sh");
        let _ = std::process::Command::new("bash")
            .arg(script)
            .arg("stop")
            .arg(&self.dir)
            .output();
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}
