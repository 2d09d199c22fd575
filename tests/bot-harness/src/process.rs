//! The `halma-bot` process: where its binary is, starting it with exactly the environment
//! given, its log file, and reading that log.

use std::fs::OpenOptions;
use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// The `halma-bot` binary under test and a scratch folder for its logs and working directory.
#[derive(Clone, Debug)]
pub struct Binary {
    /// The executable: `env!("CARGO_BIN_EXE_halma-bot")` in the bot's tests and benches.
    pub exe: PathBuf,
    /// A folder with no `.env` file above it (`env!("CARGO_TARGET_TMPDIR")`): the bot runs
    /// there, and logs go to its `e2e-logs` subfolder.
    pub scratch: PathBuf,
}

impl Binary {
    /// The binary at `exe`, run in `scratch`.
    pub fn new(exe: impl Into<PathBuf>, scratch: impl Into<PathBuf>) -> Binary {
        Binary {
            exe: exe.into(),
            scratch: scratch.into(),
        }
    }

    /// Where a run's log goes: a fresh file named for `label` and this process.
    pub fn log_path(&self, label: &str) -> PathBuf {
        let dir = self.scratch.join("e2e-logs");
        std::fs::create_dir_all(&dir).expect("create the e2e log directory");
        let path = dir.join(format!("{label}-{}.log", std::process::id()));
        let _ = std::fs::remove_file(&path);
        path
    }

    /// Spawns the bot with exactly `env` (nothing inherited, no `.env` file in reach), its
    /// output appended to `log`.
    pub fn spawn(&self, env: &[(String, String)], log: &Path) -> Bot {
        let mut file = OpenOptions::new()
            .create(true)
            .append(true)
            .open(log)
            .expect("open the bot log");
        let _ = writeln!(file, "===== halma-bot starts =====");
        let stderr = file.try_clone().expect("clone the log handle");
        let child = Command::new(&self.exe)
            .env_clear()
            .envs(env.iter().map(|(k, v)| (k.as_str(), v.as_str())))
            .current_dir(&self.scratch)
            .stdin(Stdio::null())
            .stdout(Stdio::from(file))
            .stderr(Stdio::from(stderr))
            .spawn()
            .unwrap_or_else(|e| panic!("spawn {}: {e}", self.exe.display()));
        Bot { child }
    }
}

/// One run of the `halma-bot` binary, killed (SIGKILL) when dropped.
pub struct Bot {
    child: Child,
}

impl Bot {
    /// The process id.
    pub fn id(&self) -> u32 {
        self.child.id()
    }

    /// Whether the process has exited, and how.
    pub fn exited(&mut self) -> Option<std::process::ExitStatus> {
        self.child.try_wait().ok().flatten()
    }

    /// Kills the process at once (SIGKILL: no clean shutdown) and reaps it.
    pub fn kill(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }

    /// Waits (bounded) for the process to exit by itself.
    pub fn wait_exit(&mut self, timeout: Duration) -> Option<std::process::ExitStatus> {
        let deadline = Instant::now() + timeout;
        loop {
            if let Some(status) = self.exited() {
                return Some(status);
            }
            if Instant::now() >= deadline {
                return None;
            }
            std::thread::sleep(Duration::from_millis(50));
        }
    }
}

impl Drop for Bot {
    fn drop(&mut self) {
        self.kill();
    }
}

/// The last line of a log that is not blank (a bot's last words before it exits).
pub fn last_line(text: &str) -> &str {
    text.lines()
        .rev()
        .find(|l| !l.trim().is_empty())
        .unwrap_or_default()
}

/// Reads a log file (empty when missing).
pub fn read_log(path: &Path) -> String {
    std::fs::read(path)
        .map(|b| String::from_utf8_lossy(&b).into_owned())
        .unwrap_or_default()
}
