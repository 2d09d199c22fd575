//! A fleet: several `halma-bot` processes in endpoint mode (`INTERACTIONS_ADDR`), one
//! database, and a real nginx in front of them, whose URL is the fake Discord's Interactions
//! Endpoint URL. Each process has its own interactions address, ops endpoint (`/healthz`
//! tells when its door is open), pages' address and log; each can be killed and started
//! again.

use std::net::SocketAddr;
use std::path::PathBuf;
use std::time::{Duration, Instant};

use crate::nginx::{BalancerConfig, Nginx};
use crate::process::{read_log, Bot};
use crate::world::{World, READY_TIMEOUT};

/// One process of the fleet.
pub struct Member {
    /// Its name in logs and messages (`p0`, `p1`, …).
    pub name: String,
    /// The running process, if it runs.
    pub bot: Option<Bot>,
    /// Where it serves `POST /interactions`.
    pub interactions: SocketAddr,
    /// Where it serves `/healthz` and `/metrics`.
    pub ops: SocketAddr,
    /// Where it serves the live pages and the Activity (`WEB_ADDR`).
    pub web: SocketAddr,
    /// Its log (every run appends).
    pub log: PathBuf,
    env: Vec<(String, String)>,
}

/// The processes and their load balancer.
pub struct Fleet {
    /// The processes, in order.
    pub members: Vec<Member>,
    /// nginx, round robin over their interactions addresses.
    pub nginx: Nginx,
}

/// A loopback address nothing listens on now.
pub fn free_addr() -> SocketAddr {
    let probe = std::net::TcpListener::bind("127.0.0.1:0").expect("a free port");
    probe.local_addr().expect("its address")
}

impl Fleet {
    /// Starts `size` processes with `world`'s environment (its fake Discord and database)
    /// and `extra`, waits until each is healthy, puts nginx in front of them and points the
    /// fake's Interactions Endpoint URL at it.
    pub async fn start(world: &World, size: usize, extra: &[(&str, &str)]) -> Fleet {
        let key = world.fake.public_key_hex();
        let mut members = Vec::new();
        for i in 0..size {
            let (interactions, ops, web) = (free_addr(), free_addr(), free_addr());
            let mut env = world.env.clone();
            let own = [
                ("INTERACTIONS_ADDR", interactions.to_string()),
                ("DISCORD_PUBLIC_KEY", key.clone()),
                ("METRICS_ADDR", ops.to_string()),
                ("WEB_ADDR", web.to_string()),
            ];
            let extra = extra.iter().map(|(k, v)| (*k, v.to_string()));
            for (name, value) in own.into_iter().chain(extra) {
                env.retain(|(k, _)| k != name);
                env.push((name.to_owned(), value));
            }
            let name = format!("p{i}");
            let log = world.binary.log_path(&format!("fleet-{name}"));
            members.push(Member {
                name,
                bot: None,
                interactions,
                ops,
                web,
                log,
                env,
            });
        }
        for member in &mut members {
            member.bot = Some(world.binary.spawn(&member.env, &member.log));
        }
        for member in &mut members {
            member.wait_healthy().await;
        }
        let upstreams: Vec<SocketAddr> = members.iter().map(|m| m.interactions).collect();
        let nginx = Nginx::start_with(BalancerConfig::new(&upstreams))
            .await
            .expect("start nginx in front of the fleet");
        world
            .fake
            .set_interactions_endpoint(Some(&format!("{}/interactions", nginx.url())));
        Fleet { members, nginx }
    }

    /// Kills process `i` with SIGKILL, as a crash would.
    pub fn kill(&mut self, i: usize) {
        if let Some(mut bot) = self.members[i].bot.take() {
            bot.kill();
        }
    }

    /// Stops process `i` as a deploy does: SIGTERM, then waits (bounded) for it to exit by
    /// itself. Returns its exit status (`None`: it had to be killed).
    pub fn stop(&mut self, i: usize) -> Option<std::process::ExitStatus> {
        let mut bot = self.members[i].bot.take()?;
        let terminated = crate::nginx::signal("TERM", &bot.id().to_string()).is_ok();
        let status = if terminated {
            bot.wait_exit(Duration::from_secs(20))
        } else {
            None
        };
        if status.is_none() {
            bot.kill();
        }
        status
    }

    /// Starts process `i` again (killed or stopped) with `binary`, and waits until it is
    /// healthy.
    pub async fn start_again(&mut self, world: &World, i: usize) {
        let member = &mut self.members[i];
        assert!(member.bot.is_none(), "{} runs already", member.name);
        member.bot = Some(world.binary.spawn(&member.env, &member.log));
        member.wait_healthy().await;
    }

    /// Every process's log, each under its name: for a failed test's message.
    pub fn logs(&self) -> String {
        self.members
            .iter()
            .map(|m| format!("----- {} -----\n{}\n", m.name, read_log(&m.log)))
            .collect()
    }
}

impl Member {
    /// Waits until `/healthz` says 200 (the door is open); fails with the log when the
    /// process exits first or is not ready within [`READY_TIMEOUT`].
    pub async fn wait_healthy(&mut self) {
        let client = reqwest::Client::builder()
            .no_proxy()
            .timeout(Duration::from_secs(2))
            .build()
            .expect("an HTTP client");
        let url = format!("http://{}/healthz", self.ops);
        let started = Instant::now();
        loop {
            if let Ok(response) = client.get(&url).send().await {
                if response.status().as_u16() == 200 {
                    return;
                }
            }
            if let Some(status) = self.bot.as_mut().and_then(Bot::exited) {
                panic!(
                    "{} exited ({status}) before it was healthy; its log:\n{}",
                    self.name,
                    read_log(&self.log)
                );
            }
            assert!(
                started.elapsed() < READY_TIMEOUT,
                "{} was not healthy within {READY_TIMEOUT:?}; its log:\n{}",
                self.name,
                read_log(&self.log)
            );
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    }
}

impl Drop for Fleet {
    fn drop(&mut self) {
        for i in 0..self.members.len() {
            self.kill(i);
        }
        if std::thread::panicking() {
            eprintln!("{}", self.logs());
        } else {
            for member in &self.members {
                let _ = std::fs::remove_file(&member.log);
            }
        }
    }
}
