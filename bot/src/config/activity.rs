//! The Activity's settings: the application's OAuth2 client, and whether the page may use the
//! Embedded App SDK's mock (only against a Discord on this machine, never the real one).

use super::ConfigError;
use std::fmt;
use std::time::Duration;

/// Where the Activity's sign-in and instance calls go unless `ACTIVITY_DISCORD_URL` says.
pub const DISCORD_ORIGIN: &str = "https://discord.com";

/// How the Activity (the board inside Discord, at `PUBLIC_URL/activity`) is served.
#[derive(Clone, PartialEq, Eq)]
pub struct ActivityConfig {
    /// The application's OAuth2 client id (`DISCORD_CLIENT_ID`), which the page's SDK needs.
    pub client_id: String,
    /// The application's OAuth2 client secret (`DISCORD_CLIENT_SECRET`): the bot exchanges
    /// the page's codes with it. Never logged.
    pub client_secret: String,
    /// Whether the page runs the SDK's mock instead of talking to a Discord client
    /// (`ACTIVITY_SDK_MOCK=on`): for tests and local trials only.
    pub sdk_mock: bool,
    /// Where the OAuth2 and Activity instance calls go (`ACTIVITY_DISCORD_URL`, without a
    /// trailing `/`): Discord itself, never `DISCORD_PROXY_URL`, as REST proxies serve only the
    /// bot's own calls.
    pub discord_url: String,
    /// How often a session in use is checked against Discord again (`ACTIVITY_RECHECK_SECS`).
    pub recheck: Duration,
    /// Sign-in requests one client address may make a minute (`ACTIVITY_SIGN_INS_PER_MINUTE`).
    pub sign_ins_per_minute: u32,
}

impl fmt::Debug for ActivityConfig {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("ActivityConfig")
            .field("client_id", &self.client_id)
            .field("client_secret", &"<set>")
            .field("sdk_mock", &self.sdk_mock)
            .field("discord_url", &self.discord_url)
            .field("recheck", &self.recheck)
            .field("sign_ins_per_minute", &self.sign_ins_per_minute)
            .finish()
    }
}

/// Whether `url` names this machine: the SDK's mock is allowed only against such a Discord.
fn is_loopback(url: &str) -> bool {
    let rest = url
        .strip_prefix("http://")
        .or_else(|| url.strip_prefix("https://"))
        .unwrap_or("");
    let host = rest.split('/').next().unwrap_or("");
    let host = match host.strip_prefix('[') {
        Some(v6) => v6.split(']').next().unwrap_or(""),
        None => host.split(':').next().unwrap_or(""),
    };
    host == "localhost"
        || host
            .parse::<std::net::IpAddr>()
            .is_ok_and(|ip| ip.is_loopback())
}

/// Reads the Activity's settings: `None` unless `DISCORD_CLIENT_ID` is set. `web` says
/// whether `WEB_ADDR` is set.
pub(super) fn activity(
    get: &dyn Fn(&str) -> Option<String>,
    web: bool,
) -> Result<Option<ActivityConfig>, ConfigError> {
    let discord_url = match get("ACTIVITY_DISCORD_URL") {
        None => DISCORD_ORIGIN.to_owned(),
        Some(v) if v.starts_with("http://") || v.starts_with("https://") => {
            v.trim_end_matches('/').to_owned()
        }
        Some(v) => {
            return Err(ConfigError {
                variable: "ACTIVITY_DISCORD_URL",
                problem: format!("'{v}' is not an http:// or https:// URL"),
            })
        }
    };
    let recheck = match get("ACTIVITY_RECHECK_SECS") {
        None => Duration::from_secs(300),
        Some(v) => v
            .parse::<u64>()
            .ok()
            .filter(|s| (1..=3600).contains(s))
            .map(Duration::from_secs)
            .ok_or(ConfigError {
                variable: "ACTIVITY_RECHECK_SECS",
                problem: format!("'{v}' is not a number of seconds from 1 to 3600"),
            })?,
    };
    let mock = match get("ACTIVITY_SDK_MOCK").as_deref() {
        None | Some("off") => false,
        Some("on") => true,
        Some(other) => {
            return Err(ConfigError {
                variable: "ACTIVITY_SDK_MOCK",
                problem: format!("'{other}' is neither on nor off"),
            })
        }
    };
    let sign_ins_per_minute = match get("ACTIVITY_SIGN_INS_PER_MINUTE") {
        None => 40,
        Some(v) => v
            .parse::<u32>()
            .ok()
            .filter(|n| (1..=100_000).contains(n))
            .ok_or(ConfigError {
                variable: "ACTIVITY_SIGN_INS_PER_MINUTE",
                problem: format!("'{v}' is not a number from 1 to 100000"),
            })?,
    };
    let Some(client_id) = get("DISCORD_CLIENT_ID") else {
        if mock {
            return Err(ConfigError {
                variable: "ACTIVITY_SDK_MOCK",
                problem: "needs DISCORD_CLIENT_ID: there is no Activity without it".into(),
            });
        }
        return Ok(None);
    };
    if client_id.parse::<u64>().map_or(true, |id| id == 0) {
        return Err(ConfigError {
            variable: "DISCORD_CLIENT_ID",
            problem: format!("'{client_id}' is not a Discord id (a positive number)"),
        });
    }
    let client_secret = get("DISCORD_CLIENT_SECRET").ok_or(ConfigError {
        variable: "DISCORD_CLIENT_SECRET",
        problem: "missing: the Activity needs the application's OAuth2 client secret".into(),
    })?;
    if !web {
        return Err(ConfigError {
            variable: "DISCORD_CLIENT_ID",
            problem: "the Activity is served on WEB_ADDR: set it too".into(),
        });
    }
    if mock && !halma_web::HAS_SDK_MOCK {
        return Err(ConfigError {
            variable: "ACTIVITY_SDK_MOCK",
            problem: "this is a release build: it carries no SDK mock (tests use debug builds)"
                .into(),
        });
    }
    if mock && !is_loopback(&discord_url) {
        return Err(ConfigError {
            variable: "ACTIVITY_SDK_MOCK",
            problem: "the SDK's mock lets a page say who it is: it is only allowed with \
                      ACTIVITY_DISCORD_URL on this machine (a test Discord), never with Discord"
                .into(),
        });
    }
    Ok(Some(ActivityConfig {
        client_id,
        client_secret,
        sdk_mock: mock,
        discord_url,
        recheck,
        sign_ins_per_minute,
    }))
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashMap;

    /// The Activity's settings from `vars`, with `ACTIVITY_DISCORD_URL` set to `discord`.
    fn read(
        vars: &[(&str, &str)],
        discord: Option<&str>,
        web: bool,
    ) -> Result<Option<ActivityConfig>, ConfigError> {
        let mut map: HashMap<String, String> = vars
            .iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect();
        if let Some(url) = discord {
            map.insert("ACTIVITY_DISCORD_URL".into(), url.into());
        }
        activity(&|name| map.get(name).cloned(), web)
    }

    const APP: [(&str, &str); 2] = [
        ("DISCORD_CLIENT_ID", "1234"),
        ("DISCORD_CLIENT_SECRET", "s3cret"),
    ];

    #[test]
    fn no_client_id_no_activity() {
        assert_eq!(read(&[], None, true), Ok(None));
    }

    #[test]
    fn a_client_needs_its_secret_and_the_web_address() {
        let config = read(&APP, None, true).expect("valid").expect("an activity");
        assert_eq!(
            (config.client_id.as_str(), config.sdk_mock),
            ("1234", false)
        );
        assert!(!format!("{config:?}").contains("s3cret"));
        let no_secret = read(&APP[..1], None, true).expect_err("needs the secret");
        assert_eq!(no_secret.variable, "DISCORD_CLIENT_SECRET");
        let no_web = read(&APP, None, false).expect_err("needs WEB_ADDR");
        assert!(no_web.problem.contains("WEB_ADDR"));
        let bad = read(&[("DISCORD_CLIENT_ID", "abc")], None, true).expect_err("not an id");
        assert_eq!(bad.variable, "DISCORD_CLIENT_ID");
    }

    #[test]
    fn the_activity_asks_discord_itself_and_checks_sessions_every_few_minutes() {
        let config = read(&APP, None, true).expect("valid").expect("an activity");
        assert_eq!(config.discord_url, DISCORD_ORIGIN);
        assert_eq!(config.recheck, Duration::from_secs(300));
        let local = read(&APP, Some("http://127.0.0.1:4000/"), true).expect("valid");
        assert_eq!(
            local.map(|c| c.discord_url).as_deref(),
            Some("http://127.0.0.1:4000")
        );
        let bad = read(&APP, Some("discord.com"), true).expect_err("not a URL");
        assert_eq!(bad.variable, "ACTIVITY_DISCORD_URL");
        let often = [APP[0], APP[1], ("ACTIVITY_RECHECK_SECS", "2")];
        let config = read(&often, None, true)
            .expect("valid")
            .expect("an activity");
        assert_eq!(config.recheck, Duration::from_secs(2));
        for wrong in ["0", "3601", "soon"] {
            let rechecks = [APP[0], APP[1], ("ACTIVITY_RECHECK_SECS", wrong)];
            let refused = read(&rechecks, None, true).expect_err("out of range");
            assert_eq!(refused.variable, "ACTIVITY_RECHECK_SECS");
        }
    }

    #[test]
    fn a_production_configuration_refuses_the_sdk_mock() {
        let with_mock = [APP[0], APP[1], ("ACTIVITY_SDK_MOCK", "on")];
        // The real Discord, or any address that is not this machine: refused.
        for proxy in [
            None,
            Some("https://discord.com"),
            Some("http://10.0.0.5:8000"),
        ] {
            let refused = read(&with_mock, proxy, true).expect_err("the mock is refused");
            assert_eq!(refused.variable, "ACTIVITY_SDK_MOCK", "{proxy:?}");
        }
        for proxy in [
            "http://127.0.0.1:4000",
            "http://localhost:4000",
            "http://[::1]:4000",
        ] {
            let config = read(&with_mock, Some(proxy), true).expect("a test Discord");
            assert!(config.is_some_and(|c| c.sdk_mock), "{proxy}");
        }
        let typo = read(&[("ACTIVITY_SDK_MOCK", "yes")], None, true).expect_err("on or off");
        assert_eq!(typo.variable, "ACTIVITY_SDK_MOCK");
    }
}
