//! End-to-end tests: the real `halma-bot` binary against a fake Discord (REST and gateway on
//! loopback, `tests/fake-discord`) and a real PostgreSQL.
//!
//! Every test creates its own database on the server named by `DATABASE_URL` (./test starts
//! one), spawns the bot with its output in `target/tmp/e2e-logs/`, and acts as Discord users:
//! slash commands, autocomplete, button clicks. Expected positions come from the rules crate.
//! A failing test prints the bot's log.

#[path = "../common/mod.rs"]
mod common;
mod support;

mod abuse;
mod activity;
mod activity_doors;
mod activity_keys;
mod ai;
mod arena;
mod chaos;
mod delivery;
mod doors;
mod faults;
mod fleet;
mod fleet_chaos;
mod game;
mod history;
mod languages;
mod lobby;
mod multiplayer;
mod names;
mod notify;
mod outbox;
mod pages_private;
mod picker;
mod puzzles;
mod refusals;
mod restart;
mod server;
mod shards;
mod star;
mod startup;
mod tournament;
mod web;
