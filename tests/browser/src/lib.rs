//! Test support: a real browser for the web crate's tests. [`Browser::start`] runs Debian's
//! `chromedriver` on a free loopback port and opens a WebDriver session in headless
//! Chromium; [`Browser::screenshot`] keeps a PNG under `target/screenshots/`; [`Browser::press`]
//! types keys as a keyboard does, and [`arrows`] says which take the focus across a square board.
//!
//! When Chromium or its driver is missing, starting fails with a message that says how to
//! install them: a browser test never passes without a browser.

use fantoccini::actions::{InputSource, KeyAction, KeyActions};
use fantoccini::key::Key;
use fantoccini::wd::Capabilities;
use fantoccini::{Client, ClientBuilder};
use hyper_util::client::legacy::connect::HttpConnector;
use serde_json::{json, Value};
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

pub use fantoccini;

/// How long chromedriver may take to listen.
const DRIVER_START: Duration = Duration::from_secs(20);

/// A headless Chromium driven through chromedriver; both stop when it is dropped.
pub struct Browser {
    /// The WebDriver session.
    pub client: Client,
    driver: Driver,
}

/// The chromedriver process, in a process group of its own so that the browsers it
/// started go with it.
struct Driver {
    child: Child,
}

impl Drop for Driver {
    fn drop(&mut self) {
        // The group's id is chromedriver's pid (it was started with `process_group(0)`).
        let group = format!("-{}", self.child.id());
        let _ = Command::new("kill")
            .args(["-KILL", "--", &group])
            .stderr(Stdio::null())
            .status();
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// The file that `env` names if it is set, else the first of `names` found on `PATH`.
fn find(env: &str, names: &[&str]) -> Option<PathBuf> {
    if let Some(path) = std::env::var_os(env) {
        return Some(PathBuf::from(path)).filter(|p| p.is_file());
    }
    let dirs = std::env::var_os("PATH")?;
    std::env::split_paths(&dirs)
        .flat_map(|dir| names.iter().map(move |name| dir.join(name)))
        .find(|path| path.is_file())
}

/// A loopback port nobody listens on now.
fn free_port() -> Result<u16, String> {
    let listener = std::net::TcpListener::bind(("127.0.0.1", 0))
        .map_err(|e| format!("no free port for chromedriver: {e}"))?;
    listener
        .local_addr()
        .map(|a| a.port())
        .map_err(|e| format!("no free port for chromedriver: {e}"))
}

impl Browser {
    /// Starts chromedriver and a headless Chromium with a window of `width` × `height`, in
    /// American English.
    ///
    /// `CHROMEDRIVER` and `CHROMIUM` name the programs if they are not `chromedriver` and
    /// `chromium` (or `chromium-browser`, `google-chrome`) on `PATH`.
    pub async fn start(width: u32, height: u32) -> Result<Browser, String> {
        Browser::start_speaking(width, height, "en-US").await
    }

    /// Like [`start`](Browser::start), with a browser whose languages are `languages`, most
    /// wanted first (`de-DE,de`): its interface speaks the first, and every request asks for
    /// them in its `Accept-Language` (Chromium adds the weights: `de-DE,de;q=0.9`).
    pub async fn start_speaking(
        width: u32,
        height: u32,
        languages: &str,
    ) -> Result<Browser, String> {
        let first = languages.split(',').next().unwrap_or("en-US").trim();
        const INSTALL: &str =
            "install Debian's packages: apt-get install -y chromium chromium-driver";
        let driver_path = find("CHROMEDRIVER", &["chromedriver"])
            .ok_or_else(|| format!("chromedriver was not found (CHROMEDRIVER, PATH): {INSTALL}"))?;
        let chromium = find(
            "CHROMIUM",
            &["chromium", "chromium-browser", "google-chrome"],
        )
        .ok_or_else(|| format!("chromium was not found (CHROMIUM, PATH): {INSTALL}"))?;
        let port = free_port()?;
        let child = {
            use std::os::unix::process::CommandExt;
            Command::new(&driver_path)
                .arg(format!("--port={port}"))
                .stdin(Stdio::null())
                .stdout(Stdio::null())
                .stderr(Stdio::null())
                .process_group(0)
                .spawn()
                .map_err(|e| format!("could not start {}: {e}", driver_path.display()))?
        };
        let driver = Driver { child };
        let started = Instant::now();
        while tokio::net::TcpStream::connect(("127.0.0.1", port))
            .await
            .is_err()
        {
            if started.elapsed() > DRIVER_START {
                return Err(format!(
                    "chromedriver did not listen on port {port} in time"
                ));
            }
            tokio::time::sleep(Duration::from_millis(25)).await;
        }
        let mut caps = Capabilities::new();
        caps.insert(
            "goog:chromeOptions".to_string(),
            json!({
                "binary": chromium,
                "args": [
                    "--headless=new",
                    // Tests run as root in CI, where Chromium's sandbox cannot start.
                    "--no-sandbox",
                    "--disable-gpu",
                    "--disable-dev-shm-usage",
                    "--hide-scrollbars",
                    "--force-color-profile=srgb",
                    "--force-device-scale-factor=1",
                    format!("--lang={first}"),
                    format!("--accept-lang={languages}"),
                    format!("--window-size={width},{height}"),
                ],
            }),
        );
        let client = ClientBuilder::new(HttpConnector::new())
            .capabilities(caps)
            .connect(&format!("http://127.0.0.1:{port}"))
            .await
            .map_err(|e| format!("no WebDriver session from chromedriver: {e}"))?;
        Ok(Browser { client, driver })
    }

    /// Runs `script` (a function body: `return …`) in the page and returns its value.
    pub async fn js(&self, script: &str) -> Result<Value, String> {
        self.client
            .execute(script, Vec::new())
            .await
            .map_err(|e| format!("script failed: {e}\n{script}"))
    }

    /// Polls `script` every 20 ms until it returns `true`, for at most `timeout`. Returns
    /// how long it took.
    pub async fn wait_for(&self, script: &str, timeout: Duration) -> Result<Duration, String> {
        let started = Instant::now();
        loop {
            if self.js(script).await? == Value::Bool(true) {
                return Ok(started.elapsed());
            }
            if started.elapsed() > timeout {
                return Err(format!("not true within {timeout:?}: {script}"));
            }
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    }

    /// Waits until a game page's board (`#board`) shows ply `ply` (its `data-ply`) with its
    /// squares drawn, for at most `timeout`; how long that took.
    pub async fn wait_ply(&self, ply: usize, timeout: Duration) -> Result<Duration, String> {
        let script = format!(
            "const b = document.getElementById('board'); \
             return !!b && b.getAttribute('data-ply') === '{ply}' && !!b.querySelector('[data-square]');"
        );
        self.wait_for(&script, timeout).await
    }

    /// What a game page's board shows, read through its test hooks: square (or hole) name ->
    /// the seat letter of the piece on it (`[data-square] [data-seat]`).
    pub async fn board_pieces(&self) -> Result<HashMap<String, char>, String> {
        let value = self
            .js(
                "const out = {}; \
                 for (const p of document.querySelectorAll('[data-square] [data-seat]')) \
                   out[p.closest('[data-square]').getAttribute('data-square')] = p.getAttribute('data-seat'); \
                 return out;",
            )
            .await?;
        let Value::Object(map) = value else {
            return Err(format!("pieces: {value}"));
        };
        Ok(map
            .into_iter()
            .filter_map(|(sq, seat)| Some((sq, seat.as_str()?.chars().next()?)))
            .collect())
    }

    /// The names of the board's squares (`[data-square]`) that also match `selector`, like
    /// `.dest` or `.movable`, in the page's order.
    pub async fn squares_matching(&self, selector: &str) -> Result<Vec<String>, String> {
        let script = format!(
            "return [...document.querySelectorAll('[data-square]{selector}')]\
             .map((g) => g.getAttribute('data-square'));"
        );
        let value = self.js(&script).await?;
        serde_json::from_value(value.clone()).map_err(|e| format!("square names: {e}: {value}"))
    }

    /// Clicks the board's square (or hole) `name`.
    pub async fn click_square(&self, name: &str) -> Result<(), String> {
        let css = format!("[data-square='{name}']");
        let square = self
            .client
            .find(fantoccini::Locator::Css(&css))
            .await
            .map_err(|e| format!("square {name}: {e}"))?;
        square
            .click()
            .await
            .map(drop)
            .map_err(|e| format!("a click on {name}: {e}"))
    }

    /// Presses each of `keys` in turn, and lets it go, on whatever has the focus: the
    /// keyboard's own path into the page (WebDriver's key actions), not an event a script makes.
    pub async fn press(&self, keys: &[Key]) -> Result<(), String> {
        self.press_held(None, keys).await
    }

    /// Presses `keys` in turn while `held` (Shift, Control) is down.
    pub async fn press_with(&self, held: Key, keys: &[Key]) -> Result<(), String> {
        self.press_held(Some(held), keys).await
    }

    async fn press_held(&self, held: Option<Key>, keys: &[Key]) -> Result<(), String> {
        let mut actions = KeyActions::new("keyboard".into());
        if let Some(held) = held {
            actions = actions.then(KeyAction::Down { value: held.into() });
        }
        for key in keys {
            actions = actions
                .then(KeyAction::Down {
                    value: (*key).into(),
                })
                .then(KeyAction::Up {
                    value: (*key).into(),
                });
        }
        if let Some(held) = held {
            actions = actions.then(KeyAction::Up { value: held.into() });
        }
        self.client
            .perform_actions(actions)
            .await
            .map_err(|e| format!("keys {keys:?}: {e}"))?;
        self.client
            .release_actions()
            .await
            .map_err(|e| format!("keys released: {e}"))
    }

    /// The board's square (or hole) that has the focus and its accessible name, if the focus
    /// is on one.
    pub async fn focused_square(&self) -> Result<Option<(String, String)>, String> {
        let value = self
            .js(
                "const e = document.activeElement;                  const sq = e && e.getAttribute && e.getAttribute('data-square');                  return sq ? [sq, e.getAttribute('aria-label')] : null;",
            )
            .await?;
        serde_json::from_value(value).map_err(|e| format!("the focused square: {e}"))
    }

    /// The accessible name of every square on the board: square name -> `aria-label`.
    pub async fn square_names(&self) -> Result<HashMap<String, String>, String> {
        let value = self
            .js(
                "const out = {};                  for (const g of document.querySelectorAll('[data-square]'))                    out[g.getAttribute('data-square')] = g.getAttribute('aria-label');                  return out;",
            )
            .await?;
        serde_json::from_value(value.clone()).map_err(|e| format!("square names: {e}: {value}"))
    }

    /// What the board's live log (`#announcements`) has announced, oldest first.
    pub async fn announcements(&self) -> Result<Vec<String>, String> {
        let value = self
            .js(
                "const log = document.getElementById('announcements');                  return log ? [...log.children].map((p) => p.textContent) : [];",
            )
            .await?;
        serde_json::from_value(value).map_err(|e| format!("announcements: {e}"))
    }

    /// Waits until the live log's last announcement is `text`.
    pub async fn wait_announced(&self, text: &str, timeout: Duration) -> Result<(), String> {
        let script = format!(
            "const log = document.getElementById('announcements');              return !!log && !!log.lastElementChild && log.lastElementChild.textContent === {};",
            Value::from(text)
        );
        match self.wait_for(&script, timeout).await {
            Ok(_) => Ok(()),
            Err(_) => Err(format!(
                "{text:?} was not announced: {:?}",
                self.announcements().await
            )),
        }
    }

    /// Saves a screenshot of the page as `target/screenshots/<name>.png` (under
    /// `CARGO_TARGET_DIR` if that is set) and returns its path.
    pub async fn screenshot(&self, name: &str) -> Result<PathBuf, String> {
        let png = self
            .client
            .screenshot()
            .await
            .map_err(|e| format!("no screenshot: {e}"))?;
        let dir = screenshot_dir();
        std::fs::create_dir_all(&dir).map_err(|e| format!("{}: {e}", dir.display()))?;
        let path = dir.join(format!("{name}.png"));
        std::fs::write(&path, png).map_err(|e| format!("{}: {e}", path.display()))?;
        Ok(path)
    }

    /// Ends the session and stops the browser and its driver.
    pub async fn close(self) {
        let Browser { client, driver } = self;
        let _ = client.close().await;
        drop(driver);
    }
}

/// Where screenshots go: the workspace's target folder, or `CARGO_TARGET_DIR`.
fn screenshot_dir() -> PathBuf {
    let target = std::env::var_os("CARGO_TARGET_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| Path::new(env!("CARGO_MANIFEST_DIR")).join("../../target"));
    target.join("screenshots")
}

/// The arrow keys that take the focus from square `from` to square `to` on a square board
/// (`e12` style names): up raises the rank, right the file.
///
/// ```
/// use browser_test::{arrows, fantoccini::key::Key};
/// let keys = arrows("b2", "a4");
/// assert_eq!(keys.len(), 3);
/// assert!(matches!(keys[..], [Key::Left, Key::Up, Key::Up]));
/// ```
pub fn arrows(from: &str, to: &str) -> Vec<Key> {
    let at = |name: &str| -> (i32, i32) {
        let file = i32::from(name.as_bytes().first().copied().unwrap_or(b'a')) - i32::from(b'a');
        let rank = name.get(1..).and_then(|r| r.parse().ok()).unwrap_or(1);
        (file, rank)
    };
    let ((f0, r0), (f1, r1)) = (at(from), at(to));
    let across = if f1 >= f0 { Key::Right } else { Key::Left };
    let up = if r1 >= r0 { Key::Up } else { Key::Down };
    let mut keys = vec![across; f0.abs_diff(f1) as usize];
    keys.extend(vec![up; r0.abs_diff(r1) as usize]);
    keys
}
