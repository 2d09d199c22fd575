//! What an Activity needs of Discord: the OAuth2 code exchange, the user and the
//! authorization behind an access token, the application's Activity instances, and the Entry
//! Point command that enabling Activities creates (a bulk overwrite may not drop it).

use std::collections::HashMap;

use serde_json::{json, Value};

use crate::model::TestUser;
use crate::rest::Reply;
use crate::state::State;

/// The client secret the fake's application has unless a test sets another.
pub const CLIENT_SECRET: &str = "fake-client-secret";

/// Discord's code for a bulk overwrite that leaves out the Entry Point command.
pub const ENTRY_POINT_REQUIRED: u32 = 50240;

/// An Activity instance: where it runs and who is in it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TestInstance {
    /// The instance's id (`discordSdk.instanceId`).
    pub id: String,
    /// The guild it runs in.
    pub guild: u64,
    /// The channel it runs in.
    pub channel: u64,
    /// The users connected to it.
    pub users: Vec<u64>,
}

/// One access token: its user, the application it was issued to and its scopes.
#[derive(Clone, Debug)]
struct Grant {
    user: u64,
    application: u64,
    scope: String,
}

/// The OAuth2 and Activity side of the fake.
#[derive(Debug)]
pub(crate) struct OAuth {
    /// The application's client secret.
    pub(crate) client_secret: String,
    /// Codes not yet exchanged: code → user and scope.
    codes: HashMap<String, (u64, String)>,
    /// Issued access tokens.
    tokens: HashMap<String, Grant>,
    /// Activity instances by id.
    instances: HashMap<String, TestInstance>,
    /// Whether Activities are on: then the global commands hold an Entry Point command.
    pub(crate) activities: bool,
    /// OAuth2 and instance calls still to be answered 429, and the `retry_after` they carry.
    rate_limited: (u32, f64),
    next: u64,
}

impl Default for OAuth {
    fn default() -> OAuth {
        OAuth {
            client_secret: CLIENT_SECRET.to_owned(),
            codes: HashMap::new(),
            tokens: HashMap::new(),
            instances: HashMap::new(),
            activities: false,
            rate_limited: (0, 0.0),
            next: 0,
        }
    }
}

impl OAuth {
    /// A code that `user` gets from the SDK's `authorize`.
    pub(crate) fn add_code(&mut self, code: &str, user: u64, scope: &str) {
        self.codes.insert(code.to_owned(), (user, scope.to_owned()));
    }

    /// An access token for `user` issued to another application (`application`), as a page
    /// of someone else's Activity would hold.
    pub(crate) fn foreign_token(&mut self, user: u64, application: u64) -> String {
        self.issue(Grant {
            user,
            application,
            scope: "identify".to_owned(),
        })
    }

    pub(crate) fn add_instance(&mut self, instance: TestInstance) {
        self.instances.insert(instance.id.clone(), instance);
    }

    fn issue(&mut self, grant: Grant) -> String {
        self.next += 1;
        let token = format!("fake-access-{}-{}", grant.user, self.next);
        self.tokens.insert(token.clone(), grant);
        token
    }
}

/// The Entry Point command Discord makes when Activities are turned on.
pub(crate) fn entry_point_command() -> Value {
    json!({
        "name": "launch",
        "type": 4,
        "description": "",
        "handler": 2,
        "integration_types": [0, 1],
        "contexts": [0, 1, 2],
    })
}

/// An OAuth2-style error (`{"error": ...}`), as `/oauth2/token` answers.
fn oauth_error(status: u16, error: &str) -> Reply {
    Reply::Json(status, json!({ "error": error }))
}

fn unauthorized() -> Reply {
    Reply::Json(401, json!({ "message": "401: Unauthorized", "code": 0 }))
}

/// The grant behind `Authorization: Bearer <token>`.
fn bearer<'a>(st: &'a State, auth: Option<&str>) -> Option<(&'a Grant, &'a TestUser)> {
    let token = auth?.strip_prefix("Bearer ")?;
    let grant = st.oauth.tokens.get(token)?;
    let user = st.users.get(&grant.user)?;
    Some((grant, user))
}

/// The user as `/users/@me` shows it to an OAuth2 token with the `identify` scope.
fn user_json(user: &TestUser) -> Value {
    let mut json = user.json();
    json["locale"] = json!(user.locale);
    json
}

/// Whether a request is one this module owns: the OAuth2 routes, `/users/@me` with a bearer
/// token, and the Activity instances.
fn owned(method: &str, segments: &[&str], auth: Option<&str>) -> bool {
    matches!(
        (method, segments),
        ("POST", ["oauth2", "token"])
            | ("GET", ["oauth2", "@me"])
            | ("GET", ["applications", _, "activity-instances", _])
    ) || (method == "GET"
        && segments == ["users", "@me"]
        && auth.is_some_and(|a| a.starts_with("Bearer ")))
}

/// Answers the requests this module owns; `None` for any other.
pub(crate) fn route(
    st: &mut State,
    method: &str,
    segments: &[&str],
    auth: Option<&str>,
    body: &Value,
) -> Option<Reply> {
    if !owned(method, segments, auth) {
        return None;
    }
    if st.oauth.rate_limited.0 > 0 {
        st.oauth.rate_limited.0 -= 1;
        let retry_after = st.oauth.rate_limited.1;
        return Some(Reply::Json(
            429,
            json!({ "message": "You are being rate limited.", "retry_after": retry_after, "global": false }),
        ));
    }
    Some(match (method, segments) {
        ("POST", ["oauth2", "token"]) => exchange(st, body),
        ("GET", ["users", "@me"]) if auth.is_some_and(|a| a.starts_with("Bearer ")) => {
            match bearer(st, auth) {
                Some((_, user)) => Reply::Json(200, user_json(user)),
                None => unauthorized(),
            }
        }
        ("GET", ["oauth2", "@me"]) => match bearer(st, auth) {
            Some((grant, user)) => Reply::Json(
                200,
                json!({
                    "application": { "id": grant.application.to_string(), "name": "app" },
                    "scopes": grant.scope.split(' ').collect::<Vec<_>>(),
                    "expires": "2100-01-01T00:00:00+00:00",
                    "user": user_json(user),
                }),
            ),
            None => unauthorized(),
        },
        ("GET", ["applications", app, "activity-instances", id]) => {
            let is_bot = auth.is_some_and(|a| a.starts_with("Bot "));
            if !is_bot || app.parse::<u64>().ok() != Some(st.bot.id) {
                return Some(unauthorized());
            }
            match st.oauth.instances.get(*id) {
                Some(instance) => Reply::Json(
                    200,
                    json!({
                        "application_id": st.bot.id.to_string(),
                        "instance_id": instance.id,
                        "launch_id": "1",
                        "location": {
                            "id": format!("gc-{}-{}", instance.guild, instance.channel),
                            "kind": "gc",
                            "channel_id": instance.channel.to_string(),
                            "guild_id": instance.guild.to_string(),
                        },
                        "users": instance.users.iter().map(u64::to_string).collect::<Vec<_>>(),
                    }),
                ),
                None => Reply::Json(
                    404,
                    json!({ "message": "Unknown Activity Instance", "code": 10070 }),
                ),
            }
        }
        _ => return None,
    })
}

/// `POST /oauth2/token`: a code from `authorize` for an access token of this application.
fn exchange(st: &mut State, body: &Value) -> Reply {
    let field = |name: &str| body.get(name).and_then(Value::as_str).unwrap_or("");
    if field("client_id").parse::<u64>().ok() != Some(st.bot.id)
        || field("client_secret") != st.oauth.client_secret
    {
        return oauth_error(401, "invalid_client");
    }
    if field("grant_type") != "authorization_code" {
        return oauth_error(400, "unsupported_grant_type");
    }
    // A code is good for one exchange.
    let Some((user, scope)) = st.oauth.codes.remove(field("code")) else {
        return oauth_error(400, "invalid_grant");
    };
    let application = st.bot.id;
    let token = st.oauth.issue(Grant {
        user,
        application,
        scope: scope.clone(),
    });
    Reply::Json(
        200,
        json!({
            "access_token": token,
            "token_type": "Bearer",
            "expires_in": 604800,
            "refresh_token": format!("refresh-{token}"),
            "scope": scope,
        }),
    )
}

/// Refuses a global bulk overwrite without the Entry Point command while Activities are on,
/// as Discord does.
pub(crate) fn check_overwrite(st: &State, commands: &[Value]) -> Option<Reply> {
    let keeps_it = commands
        .iter()
        .any(|c| c.get("type").and_then(Value::as_u64) == Some(4));
    (st.oauth.activities && !keeps_it).then(|| {
        Reply::Json(
            400,
            json!({
                "message": "You cannot remove this app's Entry Point command in a bulk update \
                            operation. Please include the Entry Point command in your update \
                            request or delete it separately.",
                "code": ENTRY_POINT_REQUIRED,
            }),
        )
    })
}

impl crate::FakeDiscord {
    /// Turns Activities on for the application, as the Developer Portal does: the global
    /// commands gain the Entry Point command, and a bulk overwrite that leaves it out is refused
    /// (HTTP 400, code [`ENTRY_POINT_REQUIRED`]).
    pub fn enable_activities(&self) {
        self.shared.update(|st| {
            st.oauth.activities = true;
            let mut command = entry_point_command();
            command["id"] = json!(st.next_id().to_string());
            command["application_id"] = json!(st.bot.id.to_string());
            command["version"] = json!(st.next_id().to_string());
            let global = st.commands.entry(crate::Scope::Global).or_default();
            global.retain(|c| c.get("type").and_then(Value::as_u64) != Some(4));
            global.push(command);
        });
    }

    /// The application's OAuth2 client secret (the bot's `DISCORD_CLIENT_SECRET`).
    pub fn client_secret(&self) -> String {
        self.shared.read(|st| st.oauth.client_secret.clone())
    }

    /// Makes `code` the one the SDK's `authorize` gives `user`: one exchange at
    /// `/oauth2/token` turns it into an access token for the user.
    pub fn add_oauth_code(&self, code: &str, user: &TestUser) {
        self.add_oauth_code_with_scope(code, user, "identify");
    }

    /// As [`FakeDiscord::add_oauth_code`], for a token with `scope` (space-separated scopes,
    /// as Discord writes them).
    pub fn add_oauth_code_with_scope(&self, code: &str, user: &TestUser, scope: &str) {
        self.add_user(user);
        self.shared
            .update(|st| st.oauth.add_code(code, user.id, scope));
    }

    /// Revokes an access token, as a user who deauthorizes the application does: Discord
    /// answers 401 to it from then on.
    pub fn revoke_access_token(&self, token: &str) {
        self.shared.update(|st| {
            st.oauth.tokens.remove(token);
        });
    }

    /// Takes `user` out of the Activity instance `id` (they left, or were kicked).
    pub fn leave_activity_instance(&self, id: &str, user: &TestUser) {
        self.shared.update(|st| {
            if let Some(instance) = st.oauth.instances.get_mut(id) {
                instance.users.retain(|&u| u != user.id);
            }
        });
    }

    /// Answers the next `calls` OAuth2 and Activity instance calls with 429 and
    /// `retry_after` seconds, as Discord does when an application calls too fast.
    pub fn rate_limit_oauth(&self, calls: u32, retry_after: f64) {
        self.shared
            .update(|st| st.oauth.rate_limited = (calls, retry_after));
    }

    /// How many OAuth2, `/users/@me` and Activity instance calls the fake has answered.
    pub fn oauth_calls(&self) -> usize {
        self.shared.read(|st| {
            st.requests
                .iter()
                .filter(|r| {
                    let api = r.path.split("/api/v10/").nth(1).unwrap_or("");
                    api.starts_with("oauth2/")
                        || api == "users/@me"
                        || api.contains("/activity-instances/")
                })
                .count()
        })
    }

    /// An access token of `user` that Discord issued to another application.
    pub fn foreign_access_token(&self, user: &TestUser, application: u64) -> String {
        self.add_user(user);
        self.shared
            .update(|st| st.oauth.foreign_token(user.id, application))
    }

    /// Starts an Activity instance (its users must be known to the fake).
    pub fn add_activity_instance(&self, instance: TestInstance) {
        self.shared.update(|st| st.oauth.add_instance(instance));
    }
}
