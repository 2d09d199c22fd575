//! A real load balancer for tests: Debian's nginx, started by the test as an unprivileged
//! process with a prefix directory of its own, in front of several bot processes.
//!
//! The harness writes the whole configuration: nginx listens on a loopback port and passes
//! every request to one of the upstreams (round robin, or least connections), the body and
//! the headers untouched, so that an interaction's Ed25519 signature still verifies behind
//! it. An upstream that refuses the connection (dead, or not listening yet), times out, or
//! answers 502 or 503 (starting, stopping) is skipped for the next one, POSTs included: the
//! bot answers 503 only for an interaction it did not touch. Its access log (with the
//! upstream that answered), error log and pid file are in [`Nginx::dir`]. [`Nginx::reload`]
//! swaps the upstreams without a restart; dropping the value stops nginx (SIGQUIT, then
//! waiting for it).
//!
//! When nginx is not installed and the test runs as root, Debian's `nginx` package is
//! installed with apt-get (as `scripts/postgres.sh` does for PostgreSQL); otherwise starting
//! fails with a message naming the package. As root, nginx runs as `nobody`.

use std::net::{SocketAddr, TcpListener};
use std::os::unix::fs::MetadataExt as _;
use std::os::unix::process::CommandExt as _;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::OnceLock;
use std::time::{Duration, Instant};

use anyhow::{anyhow, bail, Context as _};

/// The path nginx answers itself with the configuration's generation, to tell when a
/// (re)configuration is serving; requests to it never reach an upstream.
pub const GENERATION_PATH: &str = "/.bot-harness/nginx-generation";

/// How long nginx may take to start or reload.
const START_TIMEOUT: Duration = Duration::from_secs(20);
/// How long nginx may take to stop gracefully before it is killed.
const STOP_TIMEOUT: Duration = Duration::from_secs(10);

/// How nginx picks the upstream for a request.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Balance {
    /// Each in turn (nginx's default).
    RoundRobin,
    /// The one with the fewest active connections (`least_conn`).
    LeastConn,
}

/// The settings of one nginx: its upstreams and how it treats them.
#[derive(Clone, Debug)]
pub struct BalancerConfig {
    /// The upstreams (bot processes), at least one; loopback addresses in tests.
    pub upstreams: Vec<SocketAddr>,
    /// How an upstream is chosen.
    pub balance: Balance,
    /// `proxy_connect_timeout`: a connection not made by then counts as a failed upstream.
    pub connect_timeout: Duration,
    /// `proxy_read_timeout` and `proxy_send_timeout`: longer than any answer the bot gives,
    /// as a request that timed out is sent to the next upstream.
    pub read_timeout: Duration,
    /// `fail_timeout`: an upstream that failed once is left out this long.
    pub fail_timeout: Duration,
}

impl BalancerConfig {
    /// Round robin over these upstreams, a 1 s connect timeout, 30 s to answer, and a failed
    /// upstream left out for 1 s.
    pub fn new(upstreams: &[SocketAddr]) -> BalancerConfig {
        BalancerConfig {
            upstreams: upstreams.to_vec(),
            balance: Balance::RoundRobin,
            connect_timeout: Duration::from_secs(1),
            read_timeout: Duration::from_secs(30),
            fail_timeout: Duration::from_secs(1),
        }
    }

    /// The same settings choosing the upstream with the fewest connections.
    pub fn least_conn(mut self) -> BalancerConfig {
        self.balance = Balance::LeastConn;
        self
    }
}

/// A running nginx; stopped when dropped.
pub struct Nginx {
    dir: tempfile::TempDir,
    addr: SocketAddr,
    config: BalancerConfig,
    generation: u32,
    child: Child,
}

impl std::fmt::Debug for Nginx {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Nginx")
            .field("addr", &self.addr)
            .field("dir", &self.dir.path())
            .field("upstreams", &self.config.upstreams)
            .finish_non_exhaustive()
    }
}

impl Nginx {
    /// Starts nginx round robin over these upstreams, with the default settings
    /// ([`BalancerConfig::new`]), and waits until it serves.
    pub async fn start(upstreams: &[SocketAddr]) -> anyhow::Result<Nginx> {
        Self::start_with(BalancerConfig::new(upstreams)).await
    }

    /// Starts nginx with these settings on a free loopback port and waits until it serves.
    pub async fn start_with(config: BalancerConfig) -> anyhow::Result<Nginx> {
        check(&config)?;
        let binary = tokio::task::spawn_blocking(find_or_install)
            .await
            .context("looking for nginx")?
            .map_err(|why| anyhow!(why))?;
        let dir = tempfile::Builder::new()
            .prefix("halma-nginx-")
            .tempdir()
            .context("a directory for nginx")?;
        let owner = run_as()?;
        if let Some((uid, gid)) = owner {
            std::os::unix::fs::chown(dir.path(), Some(uid), Some(gid))
                .context("giving nginx's directory to nobody")?;
        }
        // The port is chosen before nginx binds it; another process may take it in between,
        // so a start that finds it taken tries another.
        let mut tries = 0;
        loop {
            tries += 1;
            let addr = SocketAddr::from(([127, 0, 0, 1], free_port()?));
            write_config(dir.path(), addr, &config, 1, owner)?;
            let mut child = spawn(&binary, dir.path(), owner)?;
            match wait_generation(&mut child, addr, 1, dir.path()).await {
                Ok(()) => {
                    return Ok(Nginx {
                        dir,
                        addr,
                        config,
                        generation: 1,
                        child,
                    })
                }
                Err(why) => {
                    stop(&mut child);
                    let log = crate::process::read_log(&dir.path().join("error.log"));
                    if tries >= 5 || !log.contains("Address already in use") {
                        return Err(why);
                    }
                }
            }
        }
    }

    /// `http://127.0.0.1:PORT`: where to send requests.
    pub fn url(&self) -> String {
        format!("http://{}", self.addr)
    }

    /// The loopback address nginx listens on.
    pub fn addr(&self) -> SocketAddr {
        self.addr
    }

    /// The upstreams it balances over now.
    pub fn upstreams(&self) -> &[SocketAddr] {
        &self.config.upstreams
    }

    /// nginx's prefix directory: `nginx.conf`, `access.log`, `error.log`, `nginx.pid`.
    pub fn dir(&self) -> &Path {
        self.dir.path()
    }

    /// The process id of nginx's master process.
    pub fn pid(&self) -> u32 {
        self.child.id()
    }

    /// The access log so far: one line per request, with the upstream(s) tried and their
    /// statuses (`upstream=127.0.0.1:1, 127.0.0.1:2 upstream_status=502, 200`).
    pub fn access_log(&self) -> String {
        crate::process::read_log(&self.dir.path().join("access.log"))
    }

    /// The error log so far (start, reloads, upstreams that failed).
    pub fn error_log(&self) -> String {
        crate::process::read_log(&self.dir.path().join("error.log"))
    }

    /// Balances over these upstreams from now on: rewrites the configuration and reloads it
    /// (SIGHUP), then waits until the new configuration serves and the old worker processes
    /// have finished their requests and exited, so every request after this goes to the new
    /// upstreams.
    pub async fn reload(&mut self, upstreams: &[SocketAddr]) -> anyhow::Result<()> {
        let mut config = self.config.clone();
        config.upstreams = upstreams.to_vec();
        check(&config)?;
        let owner = run_as()?;
        write_config(
            self.dir.path(),
            self.addr,
            &config,
            self.generation + 1,
            owner,
        )?;
        self.generation += 1;
        self.config = config;
        let master = self.child.id();
        let old_workers = crate::procfs::children_of(master);
        signal("HUP", &master.to_string())?;
        wait_generation(&mut self.child, self.addr, self.generation, self.dir.path()).await?;
        // Until an old worker takes its signal to quit, it still accepts connections.
        let deadline = Instant::now() + START_TIMEOUT;
        loop {
            let left: Vec<u32> = crate::procfs::children_of(master)
                .into_iter()
                .filter(|pid| old_workers.contains(pid))
                .collect();
            if left.is_empty() {
                return Ok(());
            }
            if Instant::now() >= deadline {
                bail!("nginx's old workers {left:?} did not exit within {START_TIMEOUT:?}");
            }
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    }

    /// Stops nginx: SIGQUIT (finish the requests in flight, then exit), waiting for it, and
    /// SIGKILL to its whole process group if it does not exit in time. Also done on drop.
    pub fn stop(&mut self) {
        stop(&mut self.child);
    }
}

impl Drop for Nginx {
    fn drop(&mut self) {
        self.stop();
    }
}

/// Stops the nginx master process `child` (see [`Nginx::stop`]) and reaps it.
fn stop(child: &mut Child) {
    if matches!(child.try_wait(), Ok(Some(_))) {
        return;
    }
    let pid = child.id().to_string();
    if signal("QUIT", &pid).is_ok() {
        let deadline = Instant::now() + STOP_TIMEOUT;
        while Instant::now() < deadline {
            if matches!(child.try_wait(), Ok(Some(_))) {
                return;
            }
            std::thread::sleep(Duration::from_millis(20));
        }
    }
    eprintln!("nginx {pid} did not stop on SIGQUIT; killing its process group");
    // nginx leads its own process group (see `spawn`): this reaches its workers too.
    let _ = signal("KILL", &format!("-{pid}"));
    let _ = child.kill();
    let _ = child.wait();
}

/// Waits until the nginx at `addr` answers [`GENERATION_PATH`] with `generation`: the
/// configuration last written is the one serving.
async fn wait_generation(
    child: &mut Child,
    addr: SocketAddr,
    generation: u32,
    dir: &Path,
) -> anyhow::Result<()> {
    let client = reqwest::Client::builder()
        .no_proxy()
        .pool_max_idle_per_host(0)
        .timeout(Duration::from_secs(2))
        .build()?;
    let url = format!("http://{addr}{GENERATION_PATH}");
    let want = generation.to_string();
    let error_log = || crate::process::read_log(&dir.join("error.log"));
    let deadline = Instant::now() + START_TIMEOUT;
    loop {
        if let Ok(Some(status)) = child.try_wait() {
            bail!(
                "nginx exited with {status} (generation {want}); its error log:\n{}",
                error_log()
            );
        }
        if let Ok(response) = client.get(&url).send().await {
            if response.text().await.is_ok_and(|t| t.trim() == want) {
                return Ok(());
            }
        }
        if Instant::now() >= deadline {
            bail!(
                "nginx did not serve generation {want} within {START_TIMEOUT:?}; its error \
                 log:\n{}",
                error_log()
            );
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

/// Refuses settings nginx would refuse, with a clearer message.
fn check(config: &BalancerConfig) -> anyhow::Result<()> {
    if config.upstreams.is_empty() {
        bail!("nginx needs at least one upstream");
    }
    Ok(())
}

/// Whole seconds or milliseconds, as nginx writes a time.
fn nginx_time(d: Duration) -> String {
    if d.subsec_millis() == 0 {
        format!("{}s", d.as_secs())
    } else {
        format!("{}ms", d.as_millis())
    }
}

/// The configuration of one generation.
fn config_text(dir: &Path, addr: SocketAddr, config: &BalancerConfig, generation: u32) -> String {
    let dir = dir.display();
    let balance = match config.balance {
        Balance::RoundRobin => "",
        Balance::LeastConn => "        least_conn;\n",
    };
    let fail_timeout = nginx_time(config.fail_timeout);
    let servers: String = config
        .upstreams
        .iter()
        .map(|u| format!("        server {u} max_fails=1 fail_timeout={fail_timeout};\n"))
        .collect();
    let connect = nginx_time(config.connect_timeout);
    let read = nginx_time(config.read_timeout);
    format!(
        r#"# Written by bot-harness (tests/bot-harness/src/nginx.rs); generation {generation}.
daemon off;
master_process on;
worker_processes 1;
pid {dir}/nginx.pid;
error_log {dir}/error.log notice;

events {{
    worker_connections 1024;
}}

http {{
    log_format upstreams '$remote_addr [$time_local] "$request" $status '
                         'upstream=$upstream_addr upstream_status=$upstream_status '
                         'time=$request_time';
    access_log {dir}/access.log upstreams;
    client_body_temp_path {dir}/client_body_temp;
    proxy_temp_path {dir}/proxy_temp;
    fastcgi_temp_path {dir}/fastcgi_temp;
    uwsgi_temp_path {dir}/uwsgi_temp;
    scgi_temp_path {dir}/scgi_temp;
    client_max_body_size 32m;
    # Pass every request header on as it came.
    underscores_in_headers on;
    ignore_invalid_headers off;

    upstream bots {{
{balance}{servers}    }}

    server {{
        listen {addr};

        location = {GENERATION_PATH} {{
            default_type text/plain;
            return 200 "{generation}\n";
        }}

        location / {{
            proxy_pass http://bots;
            proxy_http_version 1.1;
            proxy_set_header Connection "";
            proxy_set_header Host $http_host;
            proxy_connect_timeout {connect};
            proxy_send_timeout {read};
            proxy_read_timeout {read};
            # A dead, starting or stopping upstream is skipped, for POSTs too (the bot
            # answers 502 or 503 only for a request it did not act on).
            proxy_next_upstream error timeout http_502 http_503 non_idempotent;
            proxy_next_upstream_tries 0;
        }}
    }}
}}
"#
    )
}

/// Writes `nginx.conf` (owned by nginx's user).
fn write_config(
    dir: &Path,
    addr: SocketAddr,
    config: &BalancerConfig,
    generation: u32,
    owner: Option<(u32, u32)>,
) -> anyhow::Result<()> {
    let path = dir.join("nginx.conf");
    std::fs::write(&path, config_text(dir, addr, config, generation))
        .with_context(|| format!("writing {}", path.display()))?;
    if let Some((uid, gid)) = owner {
        std::os::unix::fs::chown(&path, Some(uid), Some(gid))
            .with_context(|| format!("giving {} to nobody", path.display()))?;
    }
    Ok(())
}

/// Starts the master process in the foreground (`daemon off`), leading a process group of its
/// own, as `owner` when given.
fn spawn(binary: &Path, dir: &Path, owner: Option<(u32, u32)>) -> anyhow::Result<Child> {
    let mut command = Command::new(binary);
    command
        .arg("-p")
        .arg(dir)
        .arg("-c")
        .arg(dir.join("nginx.conf"))
        // Before it reads the configuration nginx logs to its built-in error log path,
        // which an unprivileged user cannot open.
        .arg("-e")
        .arg(dir.join("error.log"))
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .process_group(0);
    if let Some((uid, gid)) = owner {
        command.uid(uid).gid(gid);
    }
    command
        .spawn()
        .with_context(|| format!("starting {}", binary.display()))
}

/// Sends a signal with kill(1) (to `-PGID` for a process group).
pub(crate) fn signal(name: &str, target: &str) -> anyhow::Result<()> {
    let status = Command::new("kill")
        .args(["-s", name, "--", target])
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .context("running kill")?;
    if !status.success() {
        bail!("kill -s {name} {target} failed: {status}");
    }
    Ok(())
}

/// A port on 127.0.0.1 that is free right now.
fn free_port() -> anyhow::Result<u16> {
    let listener = TcpListener::bind("127.0.0.1:0").context("binding a loopback port")?;
    Ok(listener.local_addr()?.port())
}

/// The user and group nginx runs as: `nobody` when the test runs as root, else the test's own
/// user (`None`).
fn run_as() -> anyhow::Result<Option<(u32, u32)>> {
    // /proc/self belongs to the process's effective user.
    let euid = std::fs::metadata("/proc/self")
        .context("reading /proc/self")?
        .uid();
    if euid != 0 {
        return Ok(None);
    }
    let passwd = std::fs::read_to_string("/etc/passwd").context("reading /etc/passwd")?;
    let nobody = passwd
        .lines()
        .map(|line| line.split(':').collect::<Vec<_>>())
        .find(|fields| fields.first() == Some(&"nobody") && fields.len() > 3)
        .ok_or_else(|| anyhow!("running as root, and there is no user nobody to run nginx as"))?;
    let uid = nobody[2].parse().context("nobody's uid")?;
    let gid = nobody[3].parse().context("nobody's gid")?;
    Ok(Some((uid, gid)))
}

/// The nginx binary: on the PATH or in the sbin directories (which a user's PATH may lack);
/// installed with apt-get when missing and running as root. Looked up once per process.
fn find_or_install() -> Result<PathBuf, String> {
    static FOUND: OnceLock<Result<PathBuf, String>> = OnceLock::new();
    FOUND
        .get_or_init(|| {
            if let Some(found) = find() {
                return Ok(found);
            }
            let root = std::fs::metadata("/proc/self").is_ok_and(|m| m.uid() == 0);
            if !root {
                return Err("nginx is missing: install Debian's `nginx` package \
                            (apt-get install -y nginx, as root)"
                    .to_owned());
            }
            eprintln!("bot-harness: installing Debian's nginx package with apt-get");
            for args in [
                &["update", "-qq"][..],
                &["install", "-y", "-qq", "nginx"][..],
            ] {
                let status = Command::new("apt-get")
                    .args(args)
                    .env("DEBIAN_FRONTEND", "noninteractive")
                    .stdin(Stdio::null())
                    .stdout(Stdio::null())
                    .status()
                    .map_err(|e| format!("nginx is missing and apt-get could not run: {e}"))?;
                if !status.success() {
                    return Err(format!(
                        "nginx is missing and `apt-get {}` failed ({status}); install Debian's \
                         `nginx` package",
                        args.join(" ")
                    ));
                }
            }
            find().ok_or_else(|| "apt-get installed nginx, but no nginx binary was found".into())
        })
        .clone()
}

/// nginx on the PATH, or in an sbin directory.
fn find() -> Option<PathBuf> {
    let path = std::env::var_os("PATH").unwrap_or_default();
    std::env::split_paths(&path)
        .chain(["/usr/sbin", "/usr/local/sbin", "/sbin"].map(PathBuf::from))
        .map(|dir| dir.join("nginx"))
        .find(|candidate| candidate.is_file())
}
