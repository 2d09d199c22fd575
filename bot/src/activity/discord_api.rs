//! The Discord calls the Activity makes over plain HTTPS: the OAuth2 code exchange, who an
//! access token belongs to (and for which application), and where an Activity instance runs.
//! Bounded: a few calls at once, each with a deadline.

use serde::Deserialize;
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::Semaphore;

/// Calls to Discord under way at once, for every page together; more wait their turn.
const CALLS_AT_ONCE: usize = 16;

/// How long one call may take.
const CALL_TIMEOUT: Duration = Duration::from_secs(10);

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
}

#[derive(Deserialize)]
struct Authorization {
    application: Application,
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
}

impl DiscordApi {
    /// The API under `origin` (`https://discord.com`, or `DISCORD_PROXY_URL`), for the
    /// application `client_id` with its secret, and its bot's token for the instances.
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
        })
    }

    /// The application's id.
    pub fn client_id(&self) -> u64 {
        self.client_id
    }

    /// Sends `request` when a call is free, and reads its JSON answer.
    async fn call<T: serde::de::DeserializeOwned>(
        &self,
        request: reqwest::RequestBuilder,
    ) -> Result<T, ApiError> {
        let _turn = self
            .calls
            .acquire()
            .await
            .map_err(|e| ApiError::Unavailable(e.to_string()))?;
        let response = request
            .send()
            .await
            .map_err(|e| ApiError::Unavailable(e.to_string()))?;
        let status = response.status();
        if status.is_client_error() && status.as_u16() != 429 {
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
        Ok(answer.access_token)
    }

    /// The user an access token belongs to, when Discord issued it to this application; a
    /// token of another application is refused like an invalid one.
    pub async fn user(&self, access_token: &str) -> Result<DiscordUser, ApiError> {
        let bearer = format!("Bearer {access_token}");
        let authorization = self.call::<Authorization>(
            self.client
                .get(format!("{}/oauth2/@me", self.base))
                .header(reqwest::header::AUTHORIZATION, &bearer),
        );
        let user = self.call::<DiscordUser>(
            self.client
                .get(format!("{}/users/@me", self.base))
                .header(reqwest::header::AUTHORIZATION, &bearer),
        );
        let (authorization, user) = tokio::try_join!(authorization, user)?;
        if authorization.application.id != self.client_id {
            return Err(ApiError::Refused(401));
        }
        Ok(user)
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
