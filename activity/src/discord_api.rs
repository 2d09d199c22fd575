//! The Discord calls the Activity makes over plain HTTPS: the OAuth2 code exchange, who an
//! access token belongs to (and for which application), and where an Activity instance runs.
//!
//! Careful with Discord's patience: Discord bans an address that collects too many 401, 403
//! and 429 answers, and then every call of the bot fails. So a token Discord refused is not
//! sent again for a while ([`TokenMemory`]); a token is checked with one call before a second
//! is made for it, and before any call with the bot's own token; a few calls run at once and a
//! request waits a short while for one, never long; and after a 429 no call is made until
//! Discord's `retry_after` has passed.

use super::tokens::TokenMemory;
use serde::Deserialize;
use std::sync::{Arc, Mutex, PoisonError};
use std::time::{Duration, Instant};
use tokio::sync::Semaphore;

/// Calls to Discord under way at once, for every page together; more wait their turn.
const CALLS_AT_ONCE: usize = 16;

/// How long a request waits for a call to be free before it is told to try again.
const SLOT_WAIT: Duration = Duration::from_secs(2);

/// How long one call may take.
const CALL_TIMEOUT: Duration = Duration::from_secs(10);

/// The longest pause a 429 can ask for that is honoured as it is (a longer one is cut to it,
/// so that a mistaken answer cannot stop sign-ins for hours).
const LONGEST_PAUSE: Duration = Duration::from_secs(10 * 60);

/// The OAuth2 scope every token must carry: the page asks for it, and it names the user.
const IDENTIFY: &str = "identify";

/// Why Discord did not give what was asked.
#[derive(Debug, thiserror::Error)]
pub enum ApiError {
    /// Discord refused: a bad or used code, a token that is not (or no longer) valid, an
    /// instance that does not exist.
    #[error("Discord refused: HTTP {0}")]
    Refused(u16),
    /// Discord could not be reached or answered nonsense; worth trying again later.
    #[error("Discord could not be asked: {0}")]
    Unavailable(String),
}

/// A Discord user, as an access token with the `identify` scope shows them.
#[derive(Clone, Debug, Deserialize, PartialEq, Eq)]
pub struct DiscordUser {
    /// The user's id.
    #[serde(deserialize_with = "snowflake")]
    pub id: u64,
    /// The user name.
    pub username: String,
    /// The display name, when the user set one.
    #[serde(default)]
    pub global_name: Option<String>,
    /// The language of the user's Discord client, like `de` or `en-US`.
    #[serde(default)]
    pub locale: Option<String>,
}

impl DiscordUser {
    /// The name to show.
    pub fn shown_name(&self) -> &str {
        self.global_name.as_deref().unwrap_or(&self.username)
    }
}

/// Where an Activity instance runs, and who is in it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Instance {
    /// The guild; `None` outside a server (a direct message), where there are no games.
    pub guild: Option<u64>,
    /// The channel.
    pub channel: u64,
    /// The users connected to it.
    pub users: Vec<u64>,
}

fn snowflake<'de, D: serde::Deserializer<'de>>(d: D) -> Result<u64, D::Error> {
    let text = String::deserialize(d)?;
    text.parse().map_err(serde::de::Error::custom)
}

#[derive(Deserialize)]
struct TokenAnswer {
    access_token: String,
    #[serde(default)]
    scope: String,
}

#[derive(Deserialize)]
struct Authorization {
    application: Application,
    #[serde(default)]
    scopes: Vec<String>,
}

/// A 429's body: how long to wait, in seconds.
#[derive(Deserialize)]
struct RateLimited {
    retry_after: f64,
}

#[derive(Deserialize)]
struct Application {
    #[serde(deserialize_with = "snowflake")]
    id: u64,
}

#[derive(Deserialize)]
struct InstanceAnswer {
    location: Location,
    users: Vec<String>,
}

#[derive(Deserialize)]
struct Location {
    channel_id: String,
    #[serde(default)]
    guild_id: Option<String>,
}

/// Discord's REST API for the Activity, as this application.
#[derive(Clone)]
pub struct DiscordApi {
    client: reqwest::Client,
    /// `https://discord.com/api/v10`, or the test double's.
    base: String,
    client_id: u64,
    client_secret: String,
    bot_token: String,
    calls: Arc<Semaphore>,
    /// No call before this instant: Discord answered 429 and said how long to wait.
    paused_until: Arc<Mutex<Option<Instant>>>,
    tokens: Arc<TokenMemory>,
}

impl DiscordApi {
    /// The API under `origin` (`https://discord.com`, or `ACTIVITY_DISCORD_URL`: never a
    /// REST proxy, which serves the bot's own calls only), for the application `client_id`
    /// with its secret, and its bot's token for the instances.
    pub fn new(
        origin: &str,
        client_id: u64,
        client_secret: String,
        bot_token: String,
    ) -> anyhow::Result<DiscordApi> {
        let client = reqwest::Client::builder()
            .timeout(CALL_TIMEOUT)
            .user_agent("halma-bot (activity)")
            .build()?;
        Ok(DiscordApi {
            client,
            base: format!("{}/api/v10", origin.trim_end_matches('/')),
            client_id,
            client_secret,
            bot_token,
            calls: Arc::new(Semaphore::new(CALLS_AT_ONCE)),
            paused_until: Arc::new(Mutex::new(None)),
            tokens: Arc::new(TokenMemory::default()),
        })
    }

    /// The application's id.
    pub fn client_id(&self) -> u64 {
        self.client_id
    }

    /// Whether a 429 still holds every call back.
    fn paused(&self) -> bool {
        let mut until = self
            .paused_until
            .lock()
            .unwrap_or_else(PoisonError::into_inner);
        match *until {
            Some(instant) if instant > Instant::now() => true,
            Some(_) => {
                *until = None;
                false
            }
            None => false,
        }
    }

    /// Holds every call back for `wait` (at most [`LONGEST_PAUSE`]).
    fn pause(&self, wait: Duration) {
        let until = Instant::now() + wait.min(LONGEST_PAUSE);
        let mut paused = self
            .paused_until
            .lock()
            .unwrap_or_else(PoisonError::into_inner);
        if paused.is_none_or(|p| p < until) {
            *paused = Some(until);
        }
    }

    /// Sends `request` when a call is free (waiting [`SLOT_WAIT`] at most), unless a 429
    /// holds calls back, and reads its JSON answer.
    async fn call<T: serde::de::DeserializeOwned>(
        &self,
        request: reqwest::RequestBuilder,
    ) -> Result<T, ApiError> {
        if self.paused() {
            return Err(ApiError::Unavailable("Discord asked to wait".into()));
        }
        let _turn = match tokio::time::timeout(SLOT_WAIT, self.calls.acquire()).await {
            Ok(Ok(turn)) => turn,
            Ok(Err(e)) => return Err(ApiError::Unavailable(e.to_string())),
            Err(_) => {
                return Err(ApiError::Unavailable(
                    "every call to Discord is busy".into(),
                ))
            }
        };
        // Another request may have met a 429 while this one waited.
        if self.paused() {
            return Err(ApiError::Unavailable("Discord asked to wait".into()));
        }
        let response = request
            .send()
            .await
            .map_err(|e| ApiError::Unavailable(e.to_string()))?;
        let status = response.status();
        if status.as_u16() == 429 {
            let header = response
                .headers()
                .get(reqwest::header::RETRY_AFTER)
                .and_then(|v| v.to_str().ok())
                .and_then(|v| v.parse::<f64>().ok());
            let body = response
                .json::<RateLimited>()
                .await
                .ok()
                .map(|r| r.retry_after);
            let wait = body.or(header).filter(|s| s.is_finite() && *s >= 0.0);
            let wait =
                Duration::from_secs_f64(wait.unwrap_or(5.0).min(LONGEST_PAUSE.as_secs_f64()));
            tracing::warn!(
                ?wait,
                "Discord rate-limits the Activity's calls; pausing them"
            );
            self.pause(wait);
            return Err(ApiError::Unavailable("Discord asked to wait".into()));
        }
        if status.is_client_error() {
            return Err(ApiError::Refused(status.as_u16()));
        }
        if !status.is_success() {
            return Err(ApiError::Unavailable(format!("HTTP {status}")));
        }
        response
            .json()
            .await
            .map_err(|e| ApiError::Unavailable(format!("unreadable answer: {e}")))
    }

    /// Exchanges a code from the SDK's `authorize` for an access token.
    pub async fn exchange(&self, code: &str) -> Result<String, ApiError> {
        let client_id = self.client_id.to_string();
        let form = [
            ("client_id", client_id.as_str()),
            ("client_secret", self.client_secret.as_str()),
            ("grant_type", "authorization_code"),
            ("code", code),
        ];
        let request = self
            .client
            .post(format!("{}/oauth2/token", self.base))
            .form(&form);
        let answer: TokenAnswer = self.call(request).await?;
        // The page asks for `identify`: a token without it cannot name its user.
        if !answer.scope.split(' ').any(|s| s == IDENTIFY) {
            return Err(ApiError::Refused(403));
        }
        Ok(answer.access_token)
    }

    /// The user an access token belongs to, when Discord issued it to this application with
    /// the `identify` scope; any other token is refused like an invalid one. A token refused
    /// lately is refused without asking Discord; one accepted within a minute is believed.
    pub async fn user(&self, access_token: &str) -> Result<DiscordUser, ApiError> {
        if let Some(user) = self.tokens.user(access_token) {
            return Ok(user);
        }
        self.check(access_token).await
    }

    /// Asks Discord afresh who `access_token` belongs to (see [`DiscordApi::user`]): one call
    /// for the token's grant, and only for a good grant a second for the user.
    pub async fn check(&self, access_token: &str) -> Result<DiscordUser, ApiError> {
        if self.tokens.refused(access_token) {
            return Err(ApiError::Refused(401));
        }
        let checked = self.ask_user(access_token).await;
        match &checked {
            Ok(user) => self.tokens.accept(access_token, user),
            Err(ApiError::Refused(_)) => self.tokens.refuse(access_token),
            Err(ApiError::Unavailable(_)) => {}
        }
        checked
    }

    async fn ask_user(&self, access_token: &str) -> Result<DiscordUser, ApiError> {
        let bearer = format!("Bearer {access_token}");
        let authorization: Authorization = self
            .call(
                self.client
                    .get(format!("{}/oauth2/@me", self.base))
                    .header(reqwest::header::AUTHORIZATION, &bearer),
            )
            .await?;
        if authorization.application.id != self.client_id
            || !authorization.scopes.iter().any(|s| s == IDENTIFY)
        {
            return Err(ApiError::Refused(401));
        }
        self.call(
            self.client
                .get(format!("{}/users/@me", self.base))
                .header(reqwest::header::AUTHORIZATION, &bearer),
        )
        .await
    }

    /// Where the Activity instance `id` of this application runs and who is in it.
    pub async fn instance(&self, id: &str) -> Result<Instance, ApiError> {
        let request = self
            .client
            .get(format!(
                "{}/applications/{}/activity-instances/{id}",
                self.base, self.client_id
            ))
            .header(
                reqwest::header::AUTHORIZATION,
                format!("Bot {}", self.bot_token),
            );
        let answer: InstanceAnswer = self.call(request).await?;
        let channel = answer
            .location
            .channel_id
            .parse()
            .map_err(|_| ApiError::Unavailable("an instance without a channel".into()))?;
        Ok(Instance {
            guild: answer.location.guild_id.and_then(|g| g.parse().ok()),
            channel,
            users: answer.users.iter().filter_map(|u| u.parse().ok()).collect(),
        })
    }
}
