//! Processes: memory and CPU time from /proc.

/// Linux reports process CPU time in ticks of this many per second (`getconf CLK_TCK`).
pub const TICKS_PER_SEC: f64 = 100.0;

/// A field of `/proc/<pid>/status` in kB (`VmRSS`, `VmHWM`).
pub fn status_kb(pid: u32, field: &str) -> Option<u64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    status.lines().find_map(|line| {
        let rest = line.strip_prefix(field)?.strip_prefix(':')?;
        rest.trim().trim_end_matches("kB").trim().parse().ok()
    })
}

/// Kilobytes as megabytes with one decimal, `n/a` when unknown.
pub fn mb(kb: Option<u64>) -> String {
    kb.map_or("n/a".to_string(), |kb| format!("{:.1}", kb as f64 / 1024.0))
}

/// The fields of `/proc/<pid>/stat` after the command name: state, ppid, ...
pub fn stat_fields(pid: u32) -> Option<Vec<u64>> {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    let after = &stat[stat.rfind(')')? + 1..];
    // Field 3 (the state) is a letter; keep positions by mapping it to 0.
    Some(
        after
            .split_whitespace()
            .map(|f| f.parse().unwrap_or(0))
            .collect(),
    )
}

/// CPU ticks (user + system) of a process; with its reaped children's when `children`.
pub fn cpu_ticks(pid: u32, children: bool) -> Option<u64> {
    let f = stat_fields(pid)?;
    // utime, stime, cutime, cstime are fields 14-17, here 11-14.
    let own = f.get(11)? + f.get(12)?;
    Some(if children {
        own + f.get(13)? + f.get(14)?
    } else {
        own
    })
}

/// Every process id under `/proc`.
pub fn all_pids() -> Vec<u32> {
    std::fs::read_dir("/proc")
        .map(|dir| {
            dir.filter_map(|e| e.ok()?.file_name().to_str()?.parse().ok())
                .collect()
        })
        .unwrap_or_default()
}

/// The processes whose parent is `parent`.
pub fn children_of(parent: u32) -> Vec<u32> {
    all_pids()
        .into_iter()
        .filter(|&pid| stat_fields(pid).and_then(|f| f.get(1).copied()) == Some(u64::from(parent)))
        .collect()
}

/// The processes whose CPU time a phase reports.
#[derive(Clone, Copy)]
pub struct Pids {
    /// The bot.
    pub bot: u32,
    /// This process: the load generator and the fake Discord.
    pub bench: u32,
    /// The postmaster: its backends are its children.
    pub postgres: Option<u32>,
}

/// CPU ticks of the bot, this process (load generator and fake Discord) and PostgreSQL.
#[derive(Clone, Copy, Default)]
pub struct Cpu {
    /// The bot's.
    pub bot: u64,
    /// This process's.
    pub bench: u64,
    /// PostgreSQL's, when its postmaster is known.
    pub postgres: Option<u64>,
}

impl Pids {
    /// The CPU ticks each has used so far.
    pub fn cpu(&self) -> Cpu {
        let postgres = self.postgres.and_then(|pm| {
            let own = cpu_ticks(pm, true)?;
            Some(
                own + children_of(pm)
                    .into_iter()
                    .filter_map(|c| cpu_ticks(c, false))
                    .sum::<u64>(),
            )
        });
        Cpu {
            bot: cpu_ticks(self.bot, false).unwrap_or(0),
            bench: cpu_ticks(self.bench, false).unwrap_or(0),
            postgres,
        }
    }
}

/// The postmaster of the server at `url` (from its data directory), when this user may read it.
pub async fn postmaster_pid(pool: &sqlx::PgPool) -> Option<u32> {
    let dir: String = sqlx::query_scalar("SELECT current_setting('data_directory')")
        .fetch_one(pool)
        .await
        .ok()?;
    let pidfile = std::fs::read_to_string(format!("{dir}/postmaster.pid")).ok()?;
    pidfile.lines().next()?.trim().parse().ok()
}

/// The load averages of the last 1, 5 and 15 minutes, as `/proc/loadavg` says them.
pub fn load_average() -> String {
    std::fs::read_to_string("/proc/loadavg")
        .map(|l| l.split_whitespace().take(3).collect::<Vec<_>>().join(" "))
        .unwrap_or_else(|_| "n/a".to_string())
}
