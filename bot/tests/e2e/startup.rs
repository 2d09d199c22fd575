//! Start-up: the command tree the bot registers, and the one-line failures of a bot that
//! cannot start.

use std::collections::BTreeMap;
use std::time::Duration;

use fake_discord::Scope;
use serde_json::Value;

use crate::support::{last_line, log_path, read_log, spawn_bot, E2e, TestDb};

mod groups;

/// Discord's option types.
const SUB_COMMAND: u64 = 1;
const STRING: u64 = 3;
const INTEGER: u64 = 4;
const BOOLEAN: u64 = 5;
const USER: u64 = 6;
const CHANNEL: u64 = 7;
const ROLE: u64 = 8;

fn name(v: &Value) -> &str {
    v["name"].as_str().unwrap_or_default()
}

fn options(v: &Value) -> Vec<Value> {
    v["options"].as_array().cloned().unwrap_or_default()
}

/// The locales the bot registers names and descriptions in besides English.
const LOCALES: [&str; 7] = ["hr", "de", "fr", "es-ES", "pt-BR", "pl", "ru"];

/// Checks that `v` has an English description and, in every other language, a name that
/// Discord takes (lower case, no spaces, at most 32 characters) and a description of at most
/// 100 characters.
fn assert_described(v: &Value, what: &str) {
    let en = v["description"].as_str().unwrap_or_default();
    assert!(!en.trim().is_empty(), "{what} has no description: {v}");
    for locale in LOCALES {
        let described = v
            .pointer(&format!("/description_localizations/{locale}"))
            .and_then(Value::as_str)
            .unwrap_or_default();
        assert!(
            !described.trim().is_empty() && described.chars().count() <= 100,
            "{what} has no {locale} description (description_localizations.{locale}): {v}"
        );
        let named = v
            .pointer(&format!("/name_localizations/{locale}"))
            .and_then(Value::as_str)
            .unwrap_or_default();
        assert!(
            (1..=32).contains(&named.chars().count())
                && named
                    .chars()
                    .all(|c| (c.is_alphanumeric() || c == '-' || c == '_') && !c.is_uppercase()),
            "{what} has no valid {locale} name (name_localizations.{locale}): {v}"
        );
    }
}

/// Checks that every choice of `option` carries a name in every other language.
fn assert_choices_localized(option: &Value, what: &str) {
    for choice in option["choices"].as_array().into_iter().flatten() {
        for locale in LOCALES {
            let named = choice
                .pointer(&format!("/name_localizations/{locale}"))
                .and_then(Value::as_str)
                .unwrap_or_default();
            assert!(
                (1..=100).contains(&named.chars().count()),
                "{what}'s choice has no {locale} name: {choice}"
            );
        }
    }
}

/// Checks an option's type and choices. poise registers `#[choices(...)]` as an integer
/// option whose choices carry the names, a plain one as a string option; users see the same
/// names either way (DISCORD.md), so both are accepted.
fn assert_choices(option: &Value, want: &Expected, what: &str) {
    let kind = option["type"].as_u64();
    let choices = option["choices"].as_array().cloned().unwrap_or_default();
    let names: Vec<&str> = choices.iter().map(name).collect();
    assert_eq!(names, want.choices, "{what}'s choices: {option}");
    if want.choices.is_empty() {
        assert_eq!(kind, Some(want.kind), "{what}'s type: {option}");
        return;
    }
    let values: Vec<Value> = choices.iter().map(|c| c["value"].clone()).collect();
    let expected: Vec<Value> = match kind {
        Some(STRING) => want.choices.iter().map(|c| Value::from(*c)).collect(),
        Some(INTEGER) => (0..want.choices.len()).map(Value::from).collect(),
        _ => panic!("{what} is a string or integer option with choices: {option}"),
    };
    assert_eq!(values, expected, "{what}'s choice values: {option}");
}

/// What one option should look like: type, required, autocomplete, choice values.
struct Expected {
    kind: u64,
    required: bool,
    autocomplete: bool,
    choices: &'static [&'static str],
}

const fn opt(kind: u64, required: bool) -> Expected {
    Expected {
        kind,
        required,
        autocomplete: false,
        choices: &[],
    }
}

const VARIANTS: &[&str] = &[
    "standard",
    "three",
    "four",
    "four-teams",
    "ig10",
    "small",
    "star2",
    "star3",
    "star4",
    "star6",
];

fn expected_tree() -> BTreeMap<&'static str, Vec<(&'static str, Expected)>> {
    let choice = |choices| Expected {
        kind: STRING,
        required: false,
        autocomplete: false,
        choices,
    };
    let square = || Expected {
        kind: STRING,
        required: true,
        autocomplete: true,
        choices: &[],
    };
    BTreeMap::from([
        (
            "challenge",
            vec![
                ("opponent", opt(USER, true)),
                ("variant", choice(VARIANTS)),
                ("first", choice(&["me", "opponent", "random"])),
                ("anti_spoiling", opt(BOOLEAN, false)),
                ("no_parking", opt(BOOLEAN, false)),
                ("turn_timeout", opt(STRING, false)),
                ("level", choice(&["easy", "medium", "hard"])),
                ("opponent2", opt(USER, false)),
                ("opponent3", opt(USER, false)),
                ("opponent4", opt(USER, false)),
                ("opponent5", opt(USER, false)),
                ("thread", opt(BOOLEAN, false)),
            ],
        ),
        ("move", vec![("from", square()), ("to", square())]),
        ("board", vec![]),
        ("resign", vec![]),
        ("draw", vec![]),
        ("history", vec![]),
        ("leaderboard", vec![("variant", choice(VARIANTS))]),
        ("stats", vec![("player", opt(USER, false))]),
        ("replay", vec![]),
        ("rules", vec![]),
        ("abort", vec![]),
        ("hint", vec![]),
        ("games", vec![]),
        (
            "notify",
            vec![(
                "dm",
                Expected {
                    kind: STRING,
                    required: false,
                    autocomplete: true,
                    choices: &[],
                },
            )],
        ),
        (
            "open",
            vec![
                ("variant", choice(VARIANTS)),
                ("turn_timeout", opt(STRING, false)),
                ("anti_spoiling", opt(BOOLEAN, false)),
                ("no_parking", opt(BOOLEAN, false)),
                ("seats", choice(&["join-order", "random"])),
                ("level", choice(&["easy", "medium", "hard"])),
            ],
        ),
        (
            "settings",
            vec![
                ("variant", choice(VARIANTS)),
                ("turn_timeout", opt(STRING, false)),
                ("allow_channel", opt(CHANNEL, false)),
                ("remove_channel", opt(CHANNEL, false)),
                ("all_channels", opt(BOOLEAN, false)),
                (
                    "language",
                    choice(&[
                        "English",
                        "Hrvatski",
                        "Deutsch",
                        "Français",
                        "Español (España)",
                        "Português (Brasil)",
                        "Polski",
                        "Русский",
                        "auto (the server’s language)",
                    ]),
                ),
                ("web", choice(&["on", "off"])),
                ("tournament_role", opt(ROLE, false)),
            ],
        ),
    ])
}

/// Checks the options of a subcommand `what` against `want`.
fn assert_options(sub: &Value, want: &[(&str, Expected)], what: &str) {
    let got = options(sub);
    let got_names: Vec<&str> = got.iter().map(name).collect();
    let want_names: Vec<&str> = want.iter().map(|(n, _)| *n).collect();
    assert_eq!(got_names, want_names, "the options of {what}");
    for (option, (option_name, want)) in got.iter().zip(want) {
        let what = format!("{what} {option_name}");
        assert_choices(option, want, &what);
        assert_eq!(
            option["required"].as_bool().unwrap_or(false),
            want.required,
            "{what} required: {option}"
        );
        assert_eq!(
            option["autocomplete"].as_bool().unwrap_or(false),
            want.autocomplete,
            "{what} autocomplete: {option}"
        );
        assert_described(option, &what);
        assert_choices_localized(option, &what);
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn registers_the_halma_command_tree_once_in_the_guild() {
    let e = E2e::start("startup_tree").await;
    let guild = e.fake.guild_id();

    // Something to do after READY, so a late second registration would be seen.
    let someone = e.user("alice");
    let rules = e.halma(&someone, &e.channel("lobby"), "rules", &[]).await;
    assert!(!rules.content.is_empty(), "the rules say something");

    assert_eq!(
        e.fake.registration_count(),
        1,
        "commands are registered once"
    );
    let puts = e.fake.command_puts();
    assert_eq!(puts.len(), 1, "one PUT of the command set: {puts:?}");
    assert!(
        puts[0].path.ends_with(&format!("/guilds/{guild}/commands")),
        "registered in DISCORD_GUILD_ID's guild: {}",
        puts[0].path
    );
    assert_eq!(
        e.fake.registered_commands(Scope::Global),
        Value::Array(vec![]),
        "nothing registered globally when a guild is configured"
    );

    let commands = e.fake.registered_commands(Scope::Guild(guild));
    let commands = commands.as_array().expect("a list of commands");
    assert_eq!(commands.len(), 1, "one command: {commands:?}");
    let halma = &commands[0];
    assert_eq!(name(halma), "halma");
    assert_eq!(halma["type"].as_u64().unwrap_or(1), 1, "a slash command");
    assert_described(halma, "/halma");

    let expected = expected_tree();
    let subs = options(halma);
    let mut names: Vec<&str> = subs.iter().map(name).collect();
    names.sort_unstable();
    let mut wanted: Vec<&str> = expected.keys().copied().collect();
    wanted.extend(groups::GROUPS);
    wanted.sort_unstable();
    assert_eq!(names, wanted, "the subcommands of /halma");

    for sub in &subs {
        let sub_name = name(sub);
        if groups::GROUPS.contains(&sub_name) {
            groups::check_group(sub);
            continue;
        }
        assert_eq!(
            sub["type"].as_u64(),
            Some(SUB_COMMAND),
            "{sub_name} is a subcommand"
        );
        assert_described(sub, &format!("/halma {sub_name}"));
        assert_options(sub, &expected[sub_name], &format!("/halma {sub_name}"));
    }

    // What a German and a Russian member see: the subcommand and its option in their language.
    let shown = |pointer: &str| {
        halma
            .pointer(pointer)
            .and_then(Value::as_str)
            .map(str::to_owned)
    };
    let subs_of_halma = options(halma);
    let move_at = subs_of_halma
        .iter()
        .position(|s| name(s) == "move")
        .expect("a move subcommand");
    assert_eq!(
        shown(&format!("/options/{move_at}/name_localizations/de")).as_deref(),
        Some("zug")
    );
    assert_eq!(
        shown(&format!("/options/{move_at}/name_localizations/ru")).as_deref(),
        Some("ход")
    );
    assert_eq!(
        shown(&format!(
            "/options/{move_at}/options/0/name_localizations/de"
        ))
        .as_deref(),
        Some("von")
    );

    let log = e.log_text();
    assert!(
        log.lines().any(|l| l.to_lowercase().contains("ready")),
        "the bot logs a ready line:\n{log}"
    );
}

/// Runs the bot with `env` and expects it to exit by itself with a failure, its last line
/// saying why (containing `needle`).
async fn assert_fails_to_start(label: &str, env: Vec<(String, String)>, needle: &str) {
    let log = log_path(label);
    let mut bot = spawn_bot(&env, &log);
    let status = tokio::task::spawn_blocking(move || {
        let status = bot.wait_exit(Duration::from_secs(30));
        (bot, status)
    })
    .await
    .expect("wait for the bot");
    let text = read_log(&log);
    let status = status.1.unwrap_or_else(|| {
        panic!("halma-bot did not exit within 30 s ({label}); its log:\n{text}")
    });
    assert!(
        !status.success(),
        "halma-bot exits with a failure ({label}):\n{text}"
    );
    let last = last_line(&text);
    assert!(
        last.starts_with("halma-bot: ") && last.contains(needle),
        "the last line says why halma-bot stopped ({needle:?}): {last:?}\nwhole log:\n{text}"
    );
    let _ = std::fs::remove_file(&log);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn bad_config_and_unreachable_discord_stop_the_bot_with_a_reason() {
    let db = TestDb::create("startup_fail").await;
    let closed_port = {
        let listener = std::net::TcpListener::bind("127.0.0.1:0").expect("bind a port");
        listener.local_addr().expect("its address").port()
    };
    let base = |timer: &str, proxy: String| -> Vec<(String, String)> {
        vec![
            ("DISCORD_TOKEN".into(), "e2e.fake.token".into()),
            ("DATABASE_URL".into(), db.url.clone()),
            ("DISCORD_GUILD_ID".into(), "1".into()),
            ("DISCORD_PROXY_URL".into(), proxy),
            ("TIMER_INTERVAL_SECS".into(), timer.into()),
            ("RUST_LOG".into(), "info".into()),
        ]
    };
    assert_fails_to_start(
        "startup_bad_timer",
        base("0", format!("http://127.0.0.1:{closed_port}")),
        "TIMER_INTERVAL_SECS",
    )
    .await;
    // Nothing listens on the proxy's port: reading the application fails, and so does start-up.
    let env = base("5", format!("http://127.0.0.1:{closed_port}"));
    assert_fails_to_start("startup_no_discord", env, "onnection refused").await;
}

/// Runs the binary with `args` and nothing in its environment; exit code, stdout, stderr.
fn run_bare(args: &[&str]) -> (Option<i32>, String, String) {
    let output = std::process::Command::new(env!("CARGO_BIN_EXE_halma-bot"))
        .args(args)
        .env_clear()
        .current_dir(env!("CARGO_TARGET_TMPDIR"))
        .stdin(std::process::Stdio::null())
        .output()
        .expect("run halma-bot");
    (
        output.status.code(),
        String::from_utf8_lossy(&output.stdout).into_owned(),
        String::from_utf8_lossy(&output.stderr).into_owned(),
    )
}

#[test]
fn help_and_version_answer_without_a_database() {
    for flag in ["--help", "-h"] {
        let (code, out, err) = run_bare(&[flag]);
        assert_eq!(code, Some(0), "{flag}: {err}");
        assert!(
            out.contains(".env.example"),
            "{flag} points to .env.example:\n{out}"
        );
        for variable in halma_bot::config::VARIABLES {
            let line = out
                .lines()
                .find(|l| l.trim_start().starts_with(variable.name))
                .unwrap_or_else(|| panic!("{flag} does not list {}:\n{out}", variable.name));
            assert!(
                line.contains(variable.meaning) && line.contains(variable.default),
                "{flag}: {line:?}"
            );
        }
    }
    for flag in ["--version", "-V"] {
        let (code, out, err) = run_bare(&[flag]);
        assert_eq!(code, Some(0), "{flag}: {err}");
        assert_eq!(out, format!("halma-bot {}\n", env!("CARGO_PKG_VERSION")));
    }
    let (code, out, err) = run_bare(&["--database", "x"]);
    assert_eq!(code, Some(2), "an unknown argument: {out}{err}");
    assert!(err.contains("--database"), "{err}");
}
