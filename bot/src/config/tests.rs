//! The settings' checks: every variable read, refused with one line naming it, and listed.

use super::*;
use std::collections::HashMap;

fn config(vars: &[(&str, &str)]) -> Result<Config, ConfigError> {
    let map: HashMap<String, String> = vars
        .iter()
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect();
    Config::from_lookup(|name| map.get(name).cloned())
}

#[test]
fn passwords_never_reach_the_logs() {
    for (url, shown) in [
        ("postgres://u:secret@db/halma", "postgres://u:***@db/halma"),
        (
            "postgres://u@db/halma?password=secret&sslmode=require",
            "postgres://u@db/halma?password=***&sslmode=require",
        ),
        (
            "postgres://u:a@b@db/halma?sslmode=disable&PASSWORD=x",
            "postgres://u:***@db/halma?sslmode=disable&PASSWORD=***",
        ),
        ("postgres://db/halma?user=u", "postgres://db/halma?user=u"),
    ] {
        assert_eq!(redact_password(url), shown);
    }
    let c = config(&[("DATABASE_URL", "postgres://u@h/db?password=hunter2")]).unwrap();
    assert!(!format!("{c:?}").contains("hunter2"));
}

#[test]
fn minimal_settings_are_enough() {
    let c = config(&[("DATABASE_URL", "postgres://u:secret@localhost/halma")]).unwrap();
    assert!(c.discord_token.is_none());
    assert_eq!(c.guild_id, None);
    let shown = format!("{c:?}");
    assert!(!shown.contains("secret"), "{shown}");
}

#[test]
fn each_bad_setting_is_named() {
    let db = ("DATABASE_URL", "postgres://localhost/halma");
    assert_eq!(config(&[]).unwrap_err().variable, "DATABASE_URL");
    assert_eq!(
        config(&[("DATABASE_URL", "mysql://x")])
            .unwrap_err()
            .variable,
        "DATABASE_URL"
    );
    let e = config(&[db, ("DISCORD_GUILD_ID", "my-server")]).unwrap_err();
    assert_eq!(e.variable, "DISCORD_GUILD_ID");
    assert!(e.to_string().starts_with("DISCORD_GUILD_ID: 'my-server'"));
    let e = config(&[db, ("DISCORD_PROXY_URL", "localhost:3000")]).unwrap_err();
    assert_eq!(e.variable, "DISCORD_PROXY_URL");
    let e = config(&[db, ("DISCORD_TOKEN", "Bot abc")]).unwrap_err();
    assert_eq!(e.variable, "DISCORD_TOKEN");
    let e = config(&[db, ("METRICS_ADDR", "localhost:9100")]).unwrap_err();
    assert_eq!(e.variable, "METRICS_ADDR");
    for bad in ["0", "101", "ten"] {
        let e = config(&[db, ("DATABASE_POOL_SIZE", bad)]).unwrap_err();
        assert_eq!(e.variable, "DATABASE_POOL_SIZE");
    }
    assert_eq!(config(&[db]).unwrap().database_pool_size, DEFAULT_POOL_SIZE);
    assert_eq!(
        config(&[db, ("DATABASE_POOL_SIZE", "2")])
            .unwrap()
            .database_pool_size,
        2
    );
    let e = config(&[db, ("LOG_FORMAT", "xml")]).unwrap_err();
    assert_eq!(e.to_string(), "LOG_FORMAT: 'xml' is neither text nor json");
    assert!(config(&[db, ("LOG_FORMAT", "JSON")]).unwrap().log_json);
    let c = config(&[db, ("METRICS_ADDR", "0.0.0.0:9100")]).unwrap();
    assert_eq!(c.metrics_addr, Some(([0, 0, 0, 0], 9100).into()));
    let e = config(&[db, ("WEB_ADDR", "localhost:8080")]).unwrap_err();
    assert_eq!(e.variable, "WEB_ADDR");
    let e = config(&[db, ("PUBLIC_URL", "halma.example.org")]).unwrap_err();
    assert_eq!(e.variable, "PUBLIC_URL");
    let c = config(&[
        db,
        ("WEB_ADDR", "127.0.0.1:8080"),
        ("PUBLIC_URL", "https://halma.example.org/"),
    ])
    .unwrap();
    assert_eq!(c.web_addr, Some(([127, 0, 0, 1], 8080).into()));
    assert_eq!(c.public_url.as_deref(), Some("https://halma.example.org"));
}

#[test]
fn shards_and_shard_ranges() {
    let db = ("DATABASE_URL", "postgres://localhost/halma");
    assert_eq!(config(&[db]).unwrap().shards, None);
    let all = config(&[db, ("SHARDS", "4")]).unwrap().shards;
    assert_eq!(all.map(|s| s.ids()), Some(0..=3));
    let some = config(&[db, ("SHARDS", "16"), ("SHARD_RANGE", "4-7")]).unwrap();
    let some = some.shards.unwrap();
    assert_eq!((some.total, some.ids()), (16, 4..=7));
    let one = config(&[db, ("SHARDS", "16"), ("SHARD_RANGE", "15")]).unwrap();
    assert_eq!(one.shards.map(|s| s.ids()), Some(15..=15));
    for (vars, variable, message) in [
        (
            vec![("SHARD_RANGE", "0-3")],
            "SHARD_RANGE",
            "SHARD_RANGE: needs SHARDS",
        ),
        (
            vec![("SHARDS", "0")],
            "SHARDS",
            "SHARDS: '0' is not a number",
        ),
        (vec![("SHARDS", "many")], "SHARDS", "SHARDS: 'many' is not"),
        (
            vec![("SHARDS", "4"), ("SHARD_RANGE", "0..3")],
            "SHARD_RANGE",
            "SHARD_RANGE: '0..3' is not FIRST-LAST",
        ),
        (
            vec![("SHARDS", "4"), ("SHARD_RANGE", "3-1")],
            "SHARD_RANGE",
            "SHARD_RANGE: '3-1' starts after it ends",
        ),
        (
            vec![("SHARDS", "4"), ("SHARD_RANGE", "2-4")],
            "SHARD_RANGE",
            "SHARD_RANGE: '2-4' goes past the last shard, 3",
        ),
    ] {
        let mut vars = vars;
        vars.push(db);
        let e = config(&vars).unwrap_err();
        assert_eq!(e.variable, variable);
        assert!(e.to_string().starts_with(message), "{e}");
    }
}

#[test]
fn env_example_lists_exactly_the_variables_read() {
    let example = include_str!("../../../.env.example");
    let mut listed: Vec<&str> = example
        .lines()
        .map(|line| line.trim_start_matches('#').trim())
        .filter_map(|line| line.split_once('=').map(|(name, _)| name))
        .filter(|name| {
            !name.is_empty()
                && name
                    .chars()
                    .all(|c| c.is_ascii_uppercase() || c.is_ascii_digit() || c == '_')
        })
        .collect();
    listed.dedup();
    let read: Vec<&str> = VARIABLES.iter().map(|v| v.name).collect();
    assert_eq!(listed, read, "the variables of .env.example, in order");
    // Every variable from_lookup asks for is in the table.
    let asked = std::cell::RefCell::new(Vec::new());
    let _ = Config::from_lookup(|name| {
        asked.borrow_mut().push(name.to_string());
        match name {
            "DATABASE_URL" => Some("postgres://localhost/halma".into()),
            "SHARDS" => Some("2".into()),
            _ => None,
        }
    });
    for name in asked.into_inner() {
        assert!(read.contains(&name.as_str()), "{name} is not in VARIABLES");
    }
}

#[test]
fn the_token_never_shows_in_debug_output() {
    let c = config(&[
        ("DATABASE_URL", "postgres://localhost/halma"),
        ("DISCORD_TOKEN", "very.secret.token"),
        ("DISCORD_PROXY_URL", "http://127.0.0.1:9000/"),
    ])
    .unwrap();
    assert!(!format!("{c:?}").contains("very.secret.token"));
    assert_eq!(c.proxy_url.as_deref(), Some("http://127.0.0.1:9000"));
}
