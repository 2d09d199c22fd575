//! Running the real `halma-bot` binary for tests and benchmarks: a fresh database per run on
//! the server named by `DATABASE_URL` ([`database`]), the binary started with exactly the
//! environment given and its output in a log file ([`process`]), the fake Discord wired to it
//! ([`world`]), acting as Discord users ([`interactions`]), and as an abusive one ([`abuse`]).
//! For several bot processes in endpoint mode: a real nginx balancing over them ([`nginx`])
//! and the processes themselves ([`fleet`]).
//! For the benches: their start and settings ([`bench`]), games in channels with timed moves
//! ([`lanes`]), reproducible random moves ([`random_moves`]) and what `/proc` says about processes ([`procfs`]).
//!
//! The binary's path is only known inside `halma-bot`'s own tests and benches
//! (`env!("CARGO_BIN_EXE_halma-bot")`), so they hand it in as a [`Binary`].

pub mod abuse;
pub mod bench;
pub mod database;
pub mod fleet;
pub mod interactions;
pub mod lanes;
pub mod nginx;
pub mod process;
pub mod procfs;
pub mod random_moves;
pub mod world;

pub use database::{with_database, TestDb};
pub use fake_discord;
pub use fleet::{Fleet, Member};
pub use interactions::{ANSWER_TIMEOUT, APOLOGY};
pub use nginx::{Balance, BalancerConfig, Nginx};
pub use process::{last_line, read_log, Binary, Bot};
pub use world::{World, READY_TIMEOUT};
