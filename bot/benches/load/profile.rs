//! The profile: `perf record` on the bot while moves run, summed by category.

use std::fmt::Write as _;
use std::process::{Command, Stdio};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use anyhow::{bail, Context as _};
use bot_harness::World;

use crate::settings::Settings;
use crate::step::{run_step, Step};
use bot_harness::lanes::Lane;
use bot_harness::procfs::{Pids, TICKS_PER_SEC};
use bot_harness::random_moves::Rng;

/// Whether `perf` can sample here (hardware counters often cannot; the cpu-clock timer can).
pub fn perf_works() -> bool {
    Command::new("perf")
        .args(["stat", "-e", "cpu-clock", "true"])
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|s| s.success())
}

/// Categories of sampled symbols, first match wins: a name, then parts of symbol names.
pub const CATEGORIES: &[(&str, &str)] = &[
    (
        "board render + PNG encoding",
        "halma_render png:: zlib_rs fdeflate miniz flate2::mem::Compress crc32fast adler ab_glyph \
         ttf_parser",
    ),
    ("sqlx / PostgreSQL client", "sqlx postgres"),
    ("rules (replay, move checks)", "halma::"),
    ("JSON (serde)", "serde_json serde::"),
    ("gateway websocket", "tungstenite Decompress inflate"),
    (
        "HTTP client (reqwest/hyper, multipart)",
        "hyper reqwest h2:: http:: mime multipart url:: rustls",
    ),
    ("serenity / poise", "serenity poise"),
    ("tracing", "tracing"),
    ("tokio runtime", "tokio mio::"),
    (
        "allocation / memset / memcpy (libc)",
        "malloc free realloc calloc memcpy memmove memset _int_ memcmp unlink_chunk",
    ),
    ("formatting", "fmt::"),
];

/// Where a sampled symbol's time goes.
pub fn category(dso: &str, symbol: &str) -> &'static str {
    if dso.starts_with("[kernel") {
        return "kernel (syscalls, network, scheduling)";
    }
    CATEGORIES
        .iter()
        .find(|(_, needles)| needles.split_whitespace().any(|n| symbol.contains(n)))
        .map_or("other", |(name, _)| name)
}

/// Samples the bot with `perf record` while moves run at `rate`; returns the report.
pub async fn profile(
    e: &Arc<World>,
    lanes: &[Arc<Mutex<Lane>>],
    settings: &Settings,
    rng: &mut Rng,
    pids: Pids,
) -> anyhow::Result<(Step, String)> {
    let data = match &settings.perf_data {
        Some(path) => std::path::PathBuf::from(path),
        None => std::env::temp_dir().join(format!("halma-load-{}.perf", std::process::id())),
    };
    let secs = settings.profile_secs;
    let mut perf = tokio::process::Command::new("perf")
        .args(["record", "-e", "cpu-clock", "-F", "499", "-p"])
        .arg(pids.bot.to_string())
        .arg("-o")
        .arg(&data)
        .args(["--", "sleep"])
        .arg(format!("{secs}"))
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .context("starting perf record")?;
    // Give perf a moment to attach before the moves start.
    tokio::time::sleep(Duration::from_millis(300)).await;
    let count = ((secs - 0.6).max(1.0) * settings.profile_rate) as usize;
    let step = run_step("profile", e, lanes, settings.profile_rate, count, rng, pids).await;
    let status = perf.wait().await.context("waiting for perf")?;
    if !status.success() {
        bail!("perf record failed: {status}");
    }
    let report = Command::new("perf")
        .args([
            "report",
            "--stdio",
            "--no-children",
            "--sort",
            "dso,sym",
            "-i",
        ])
        .arg(&data)
        .stderr(Stdio::null())
        .output()
        .context("running perf report")?;
    if settings.perf_data.is_none() {
        let _ = std::fs::remove_file(&data);
    }
    let text = String::from_utf8_lossy(&report.stdout);
    let mut by_category: Vec<(&'static str, f64)> = Vec::new();
    let mut top = Vec::new();
    let mut total_samples = String::new();
    for line in text.lines() {
        if line.starts_with("# Samples:") {
            total_samples = line.trim_start_matches("# ").to_string();
        }
        let line = line.trim();
        let Some((pct, rest)) = line.split_once('%') else {
            continue;
        };
        let Ok(pct) = pct.trim().parse::<f64>() else {
            continue;
        };
        let mut parts = rest.split_whitespace();
        let dso = parts.next().unwrap_or("");
        let symbol = parts.collect::<Vec<_>>().join(" ");
        let cat = category(dso, &symbol);
        match by_category.iter_mut().find(|(c, _)| *c == cat) {
            Some((_, sum)) => *sum += pct,
            None => by_category.push((cat, pct)),
        }
        if top.len() < 25 {
            let shown: String = symbol.chars().take(110).collect();
            top.push(format!("  {pct:>6.2}%  {dso:<16} {shown}"));
        }
    }
    by_category.sort_by(|a, b| b.1.total_cmp(&a.1));
    let (before, after) = step.cpu;
    let bot_ms = after.bot.saturating_sub(before.bot) as f64 * 1000.0
        / TICKS_PER_SEC
        / step.played.max(1) as f64;
    let mut out = String::new();
    let _ = writeln!(
        out,
        "perf record -e cpu-clock -F 499 on the bot ({total_samples}) at {} moves/s; the bot \
         used {bot_ms:.2} ms of CPU per move; by category (% of samples, ms per move):",
        settings.profile_rate
    );
    for (cat, pct) in &by_category {
        let _ = writeln!(
            out,
            "  {pct:>6.2}%  {:>5.2} ms  {cat}",
            bot_ms * pct / 100.0
        );
    }
    let _ = writeln!(out, "top symbols:");
    for line in top {
        let _ = writeln!(out, "{line}");
    }
    Ok((step, out))
}
