//! What the web crate's integration tests share: an in-memory source, sample games of
//! every variant, the router served on a loopback port from a thread of its own, a fake of
//! the bot's Activity API (`activity_api`), and DevTools commands for the browser (a phone's
//! screen, a dark system theme).

#![allow(dead_code)]

pub mod activity_api;

use halma::{Game, Options, Position, Seat, Variant};
use halma_web::{
    ActiveGame, GameSnapshot, Hub, Leaderboard, ListedTournament, Player, Ranked, ServerSnapshot,
    Source, TournamentRow, TournamentSnapshot,
};
use std::collections::HashMap;
use std::net::SocketAddr;
use std::sync::{Arc, Mutex};

/// Games, servers and tournaments kept in memory, standing in for the bot's database; clones
/// share them.
#[derive(Clone, Default)]
pub struct Memory {
    pub games: Arc<Mutex<HashMap<String, GameSnapshot>>>,
    pub servers: Arc<Mutex<HashMap<String, ServerSnapshot>>>,
    pub tournaments: Arc<Mutex<HashMap<String, TournamentSnapshot>>>,
}

impl Memory {
    /// Adds or replaces the game `token`.
    pub fn with_game(&self, token: &str, game: GameSnapshot) {
        self.games
            .lock()
            .expect("games")
            .insert(token.to_string(), game);
    }
}

impl Source for Memory {
    async fn game(&self, token: &str) -> Option<GameSnapshot> {
        self.games.lock().expect("games").get(token).cloned()
    }

    async fn server(&self, key: &str) -> Option<ServerSnapshot> {
        self.servers.lock().expect("servers").get(key).cloned()
    }

    async fn tournament(&self, token: &str) -> Option<TournamentSnapshot> {
        self.tournaments
            .lock()
            .expect("tournaments")
            .get(token)
            .cloned()
    }
}

/// The players of `variant`, named after their seats; the last one is the bot.
pub fn players(variant: Variant) -> Vec<Player> {
    let n = variant.players();
    variant
        .seats()
        .map(|seat| {
            let name = format!("Player {}", seat.letter().to_ascii_uppercase());
            if seat.index() + 1 == n {
                Player::bot(seat, "Halma bot")
            } else {
                Player::new(seat, name)
            }
        })
        .collect()
}

/// The rules' game of `variant` after `moves`.
pub fn play(variant: Variant, moves: &[&str]) -> Game {
    let mut game = Game::new(Position::start(variant), Options::for_variant(variant));
    for m in moves {
        let text = m.parse().expect("move text");
        game.play(&text)
            .unwrap_or_else(|e| panic!("{variant} {m}: {e}"));
    }
    game
}

/// A snapshot of `variant` after `moves`, with sample players.
pub fn snapshot(variant: Variant, moves: &[&str]) -> GameSnapshot {
    let title = format!("A game of {variant}");
    GameSnapshot::from_game(title, players(variant), &play(variant, moves))
}

/// Five plies of the standard game, a hop and a chain among them.
pub const STANDARD_MOVES: [&str; 5] = ["l2-l3", "e15-e14", "m3-k3", "d14-f14", "o5-m3"];

/// A round of `star6`: one move of each seat.
pub const STAR6_MOVES: [&str; 6] = ["j4-j5", "h5-i5", "d10-e10", "e14-e13", "j13-i13", "n8-m8"];

/// A round of `four`.
pub const FOUR_MOVES: [&str; 4] = ["m2-l3", "d2-e3", "d15-e14", "m15-l14"];

/// A server page with a leaderboard (Ana, and a member the bot cannot name) and one game
/// (Ana against the bot).
pub fn server(name: &str, token: &str) -> ServerSnapshot {
    ServerSnapshot {
        name: name.to_string(),
        leaderboards: vec![Leaderboard {
            variant: "standard".into(),
            rows: vec![
                Ranked {
                    rank: 1,
                    name: Some("Ana".into()),
                    rating: 1612.4,
                    games: 12,
                },
                Ranked {
                    rank: 2,
                    name: None,
                    rating: 1498.6,
                    games: 7,
                },
            ],
        }],
        games: vec![ActiveGame {
            variant: "standard".into(),
            players: vec![Player::new(Seat::A, "Ana"), Player::the_bot(Seat::B)],
            token: token.into(),
        }],
        tournaments: vec![ListedTournament {
            name: "Friday <Swiss>".into(),
            format: "swiss".into(),
            variant: "small".into(),
            token: "fri".into(),
        }],
    }
}

/// The router served on 127.0.0.1 from a thread with its own runtime, so that stopping it
/// closes every connection, as a restart of the bot would.
pub struct Server {
    pub addr: SocketAddr,
    stop: Option<tokio::sync::oneshot::Sender<()>>,
    thread: Option<std::thread::JoinHandle<()>>,
}

impl Server {
    /// Serves `hub` on `port` (0: any free port).
    pub fn start(hub: Hub, port: u16) -> Server {
        Server::serve(move || halma_web::router(hub), port)
    }

    /// Serves the router that `app` makes (on the server's own runtime) on `port`.
    pub fn serve(app: impl FnOnce() -> axum::Router + Send + 'static, port: u16) -> Server {
        let (addr_tx, addr_rx) = std::sync::mpsc::channel();
        let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
        let thread = std::thread::spawn(move || {
            let runtime = tokio::runtime::Builder::new_multi_thread()
                .worker_threads(1)
                .enable_all()
                .build()
                .expect("a runtime");
            runtime.block_on(async move {
                let listener = tokio::net::TcpListener::bind(("127.0.0.1", port))
                    .await
                    .expect("bind");
                addr_tx
                    .send(listener.local_addr().expect("addr"))
                    .expect("send");
                let app = app();
                tokio::select! {
                    served = axum::serve(listener, app) => served.expect("serve"),
                    _ = stopped => {}
                }
            });
            // Drops every connection's task, open event streams included.
            runtime.shutdown_background();
        });
        let addr = addr_rx.recv().expect("the server's address");
        Server {
            addr,
            stop: Some(stop),
            thread: Some(thread),
        }
    }

    /// The URL of `path` on this server.
    pub fn url(&self, path: &str) -> String {
        format!("http://{}{}", self.addr, path)
    }

    /// Stops the server and closes its connections.
    pub fn stop(mut self) {
        self.halt();
    }

    fn halt(&mut self) {
        if let Some(stop) = self.stop.take() {
            let _ = stop.send(());
        }
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        self.halt();
    }
}

/// The seat letter of each piece in the rules' position: square name -> seat.
pub fn pieces(position: &Position) -> HashMap<String, char> {
    position
        .variant()
        .seats()
        .flat_map(|seat: Seat| {
            position
                .pieces(seat)
                .squares()
                .map(move |sq| (sq.to_string(), seat.letter()))
        })
        .collect()
}

/// The seats' colours as the game names them, `a`–`f`.
pub const COLOURS: [&str; 6] = ["orange", "blue", "green", "purple", "yellow", "red"];

/// What a screen reader should hear for each square of `position`'s board, in English:
/// `"e12, orange piece"` or `"e13, empty"`, then `mark(square)`'s words if it gives any
/// (`"can move"`, `"picked"`, `"destination"`).
pub fn square_names(
    position: &Position,
    mark: impl Fn(&str) -> Option<&'static str>,
) -> HashMap<String, String> {
    let on = pieces(position);
    halma_web::Board::of(position.variant())
        .cells
        .into_iter()
        .map(|cell| {
            let mut name = match on.get(&cell.name) {
                Some(&seat) => {
                    let colour = COLOURS[usize::from(seat as u8 - b'a')];
                    format!("{}, {colour} piece", cell.name)
                }
                None => format!("{}, empty", cell.name),
            };
            if let Some(words) = mark(&cell.name) {
                name = format!("{name}, {words}");
            }
            (cell.name, name)
        })
        .collect()
}

/// A command of Chromium's DevTools protocol, sent through chromedriver's
/// `goog/cdp/execute` endpoint.
#[derive(Debug)]
struct DevTools {
    method: &'static str,
    params: serde_json::Value,
}

impl browser_test::fantoccini::wd::WebDriverCompatibleCommand for DevTools {
    fn endpoint(
        &self,
        base: &reqwest::Url,
        session: Option<&str>,
    ) -> Result<reqwest::Url, <reqwest::Url as std::str::FromStr>::Err> {
        base.join(&format!(
            "session/{}/goog/cdp/execute",
            session.unwrap_or_default()
        ))
    }

    fn method_and_body(&self, _url: &reqwest::Url) -> (axum::http::Method, Option<String>) {
        let body = serde_json::json!({ "cmd": self.method, "params": self.params });
        (axum::http::Method::POST, Some(body.to_string()))
    }
}

/// Runs a DevTools command (`Domain.method` with its parameters) in the browser's page.
pub async fn devtools(
    browser: &browser_test::Browser,
    method: &'static str,
    params: serde_json::Value,
) {
    browser
        .client
        .issue_cmd(DevTools { method, params })
        .await
        .unwrap_or_else(|e| panic!("{method}: {e}"));
}

/// Makes the browser's page a phone's: `width` × `height` CSS pixels, a mobile viewport
/// and touch (a desktop window cannot be made narrower than about 500 pixels).
pub async fn emulate_phone(browser: &browser_test::Browser, width: u32, height: u32) {
    devtools(
        browser,
        "Emulation.setDeviceMetricsOverride",
        serde_json::json!({ "width": width, "height": height, "deviceScaleFactor": 1, "mobile": true }),
    )
    .await;
    devtools(
        browser,
        "Emulation.setTouchEmulationEnabled",
        serde_json::json!({ "enabled": true, "maxTouchPoints": 5 }),
    )
    .await;
}

/// A Swiss tournament of three players in round `round` of 3, the first named `leader`.
pub fn tournament(leader: &str, round: u32) -> TournamentSnapshot {
    let row = |place: u32, name: &str, points: &str| TournamentRow {
        place,
        name: name.to_string(),
        points: points.to_string(),
        tiebreaks: vec!["1".into(), "½".into()],
        games: round - 1,
        streak: 0,
        withdrawn: false,
    };
    TournamentSnapshot {
        name: "Friday <Swiss>".into(),
        format: "swiss".into(),
        variant: "small".into(),
        status: "running".into(),
        round,
        rounds: Some(3),
        starts_at: "2026-12-07T18:00:00Z".into(),
        ends_at: None,
        rows: vec![row(1, leader, "1"), row(2, "Bo", "½"), row(3, "Cy", "½")],
    }
}
