//! INTERACTION_CREATE payloads, with option types taken from the registered command tree.

use serde_json::{json, Map, Value};

use crate::model::{FakeError, Scope, TestChannel, TestUser, ADMINISTRATOR, BOT_PERMISSIONS};
use crate::state::{id_of, timestamp, State};

/// Discord's default upload limit, sent as `attachment_size_limit`.
const ATTACHMENT_SIZE_LIMIT: u64 = 25 << 20;

/// A guild member object for this user (with `permissions`, as in interactions).
pub(crate) fn member_json(user: &TestUser) -> Value {
    json!({
        "user": user.json(),
        "nick": user.nick,
        "avatar": null,
        "banner": null,
        "roles": [],
        "joined_at": timestamp(),
        "premium_since": null,
        "deaf": false,
        "mute": false,
        "flags": 0,
        "pending": false,
        "permissions": user.permissions.to_string(),
        "communication_disabled_until": null,
    })
}

/// The common top-level keys of every interaction.
///
/// Serenity silently drops an interaction that lacks any required key (it becomes an `Unknown`
/// event), so this sends all of them: `locale`, `entitlements`, `attachment_size_limit`,
/// `app_permissions` (poise's permission checks expect it) and `member.permissions`.
pub(crate) fn envelope(
    st: &State,
    id: u64,
    token: &str,
    kind: u8,
    user: &TestUser,
    channel: &TestChannel,
) -> Value {
    let mut interaction = json!({
        "id": id.to_string(),
        "application_id": st.bot.id.to_string(),
        "type": kind,
        "token": token,
        "version": 1,
        "channel_id": channel.id.to_string(),
        "app_permissions": BOT_PERMISSIONS.to_string(),
        "locale": user.locale,
        "entitlements": [],
        "attachment_size_limit": ATTACHMENT_SIZE_LIMIT,
    });
    match channel.guild_id {
        Some(guild) => {
            interaction["guild_id"] = json!(guild.to_string());
            interaction["guild_locale"] = json!("en-US");
            interaction["member"] = member_json(user);
            interaction["context"] = json!(0);
            interaction["authorizing_integration_owners"] = json!({ "0": guild.to_string() });
            interaction["channel"] = match st.threads.get(&channel.id) {
                Some(parent) => {
                    let mut thread = crate::rest::thread_json(
                        channel.id,
                        guild,
                        *parent,
                        &channel.name,
                        st.bot.id,
                    );
                    thread["permissions"] = json!(user.permissions.to_string());
                    thread
                }
                None => json!({
                    "id": channel.id.to_string(),
                    "type": 0,
                    "name": channel.name,
                    "guild_id": guild.to_string(),
                    "permissions": user.permissions.to_string(),
                }),
            };
        }
        None => {
            interaction["user"] = user.json();
            interaction["context"] = json!(1);
            interaction["authorizing_integration_owners"] = json!({ "0": "0" });
            interaction["channel"] = json!({
                "id": channel.id.to_string(),
                "type": 1,
                "recipients": [user.json()],
            });
        }
    }
    interaction
}

/// What the test asked to invoke.
pub(crate) struct Invocation<'a> {
    pub(crate) command: &'a str,
    /// Subcommand group and/or subcommand names, outermost first.
    pub(crate) path: Vec<&'a str>,
    pub(crate) options: &'a [(&'a str, Value)],
    /// The option being typed in, for autocomplete.
    pub(crate) focused: Option<&'a str>,
}

impl<'a> Invocation<'a> {
    /// `command` with its `subcommand` (`""`, `"move"` or `"group sub"`) and `options`, the
    /// option `focused` being typed in for autocomplete.
    pub(crate) fn new(
        command: &'a str,
        subcommand: &'a str,
        options: &'a [(&'a str, Value)],
        focused: Option<&'a str>,
    ) -> Invocation<'a> {
        Invocation {
            command,
            path: subcommand.split_whitespace().collect(),
            options,
            focused,
        }
    }

    /// `/halma move`, for messages.
    pub(crate) fn label(&self) -> String {
        let mut label = format!("/{}", self.command);
        for part in &self.path {
            label.push(' ');
            label.push_str(part);
        }
        label
    }
}

/// The registered slash command with this name visible in the channel (guild commands first).
pub(crate) fn find_command(st: &State, channel: &TestChannel, name: &str) -> Option<Value> {
    let scopes = channel
        .guild_id
        .map(Scope::Guild)
        .into_iter()
        .chain([Scope::Global]);
    for scope in scopes {
        let found = st.commands.get(&scope).and_then(|list| {
            list.iter().find(|c| {
                c.get("name").and_then(Value::as_str) == Some(name)
                    && c.get("type").and_then(Value::as_u64).unwrap_or(1) == 1
            })
        });
        if let Some(command) = found {
            return Some(command.clone());
        }
    }
    None
}

pub(crate) fn registered_names(st: &State) -> String {
    let mut names: Vec<String> = st
        .commands
        .values()
        .flatten()
        .filter_map(|c| c.get("name").and_then(Value::as_str))
        .map(|n| format!("/{n}"))
        .collect();
    names.sort();
    names.dedup();
    if names.is_empty() {
        "none".to_owned()
    } else {
        names.join(", ")
    }
}

/// The command names registered in one scope, for messages.
pub(crate) fn names_in(st: &State, scope: Scope) -> String {
    names_of(st.commands.get(&scope).map_or(&[], Vec::as_slice))
}

fn reject(why: String) -> FakeError {
    FakeError::Rejected(why)
}

/// Builds `data` for a slash command or autocomplete interaction.
pub(crate) fn command_data(
    st: &State,
    user: &TestUser,
    channel: &TestChannel,
    invocation: &Invocation<'_>,
) -> Result<Value, FakeError> {
    let label = invocation.label();
    let command = find_command(st, channel, invocation.command).ok_or_else(|| {
        reject(format!(
            "no slash command /{} is registered for this channel (registered: {})",
            invocation.command,
            registered_names(st)
        ))
    })?;
    check_visible(&command, user, channel, &label)?;

    // Walk down to the subcommand the test names.
    let mut definitions: Vec<Value> = list(&command, "options").to_vec();
    let mut chain: Vec<(String, u64)> = Vec::new();
    for part in &invocation.path {
        let found = definitions
            .iter()
            .find(|o| {
                o.get("name").and_then(Value::as_str) == Some(part)
                    && matches!(o.get("type").and_then(Value::as_u64), Some(1 | 2))
            })
            .cloned()
            .ok_or_else(|| {
                reject(format!(
                    "{label}: /{} has no subcommand {part:?} here (has: {})",
                    invocation.command,
                    names_of(&definitions)
                ))
            })?;
        let kind = found.get("type").and_then(Value::as_u64).unwrap_or(1);
        chain.push(((*part).to_owned(), kind));
        definitions = list(&found, "options").to_vec();
    }
    if definitions
        .iter()
        .any(|o| matches!(o.get("type").and_then(Value::as_u64), Some(1 | 2)))
    {
        return Err(reject(format!(
            "{label} needs a subcommand: one of {}",
            names_of(&definitions)
        )));
    }

    let mut resolved = Resolved::default();
    let mut options = Vec::new();
    for (name, given) in invocation.options {
        let definition = definitions
            .iter()
            .find(|o| o.get("name").and_then(Value::as_str) == Some(name))
            .ok_or_else(|| {
                reject(format!(
                    "{label} has no option {name:?} (has: {})",
                    names_of(&definitions)
                ))
            })?;
        let kind = definition.get("type").and_then(Value::as_u64).unwrap_or(3);
        let focused = invocation.focused == Some(name);
        let value = if focused {
            // What the user has typed so far is always text.
            match given {
                Value::String(s) => Value::String(s.clone()),
                other => Value::String(other.to_string()),
            }
        } else {
            typed_value(st, channel, definition, kind, given, &mut resolved)
                .map_err(|why| reject(format!("{label}: option {name:?}: {why}")))?
        };
        let mut option = json!({ "name": name, "type": kind, "value": value });
        if focused {
            option["focused"] = json!(true);
        }
        options.push(option);
    }
    if let Some(focused) = invocation.focused {
        if !invocation.options.iter().any(|(name, _)| *name == focused) {
            return Err(reject(format!(
                "{label}: the focused option {focused:?} must be among the options given"
            )));
        }
        let autocompletes = definitions.iter().any(|o| {
            o.get("name").and_then(Value::as_str) == Some(focused)
                && o.get("autocomplete").and_then(Value::as_bool) == Some(true)
        });
        if !autocompletes {
            return Err(reject(format!(
                "{label}: option {focused:?} is not registered with autocomplete"
            )));
        }
    } else {
        for definition in &definitions {
            let required = definition
                .get("required")
                .and_then(Value::as_bool)
                .unwrap_or(false);
            let name = definition.get("name").and_then(Value::as_str).unwrap_or("");
            if required && !invocation.options.iter().any(|(given, _)| *given == name) {
                return Err(reject(format!(
                    "{label}: the required option {name:?} is missing"
                )));
            }
        }
    }

    // Wrap the options in their subcommand (and group), innermost first.
    for (name, kind) in chain.into_iter().rev() {
        options = vec![json!({ "name": name, "type": kind, "options": options })];
    }
    let mut data = json!({
        "id": command.get("id").cloned().unwrap_or(Value::Null),
        "name": invocation.command,
        "type": 1,
        "options": options,
    });
    if let Some(guild) = command.get("guild_id").filter(|g| !g.is_null()) {
        data["guild_id"] = guild.clone();
    }
    if !resolved.is_empty() {
        data["resolved"] = resolved.into_json();
    }
    Ok(data)
}

/// Refuses what the Discord client would hide: commands the member lacks the permissions for,
/// and guild-only commands in DMs.
fn check_visible(
    command: &Value,
    user: &TestUser,
    channel: &TestChannel,
    label: &str,
) -> Result<(), FakeError> {
    if channel.guild_id.is_none() {
        let dm_forbidden = command.get("dm_permission").and_then(Value::as_bool) == Some(false);
        let contexts_exclude_dm = command
            .get("contexts")
            .and_then(Value::as_array)
            .is_some_and(|c| !c.iter().any(|v| v.as_u64() == Some(1)));
        if dm_forbidden || contexts_exclude_dm {
            return Err(reject(format!("{label} is not available in DMs")));
        }
        return Ok(());
    }
    let Some(required) = id_of(command.get("default_member_permissions")) else {
        return Ok(());
    };
    let admin = user.permissions & ADMINISTRATOR != 0;
    // "0" means: nobody but administrators.
    let allowed = admin || (required != 0 && user.permissions & required == required);
    if !allowed {
        return Err(reject(format!(
            "{label} needs permissions {required} (default_member_permissions); {} has {}",
            user.name, user.permissions
        )));
    }
    Ok(())
}

/// A given value converted to the option's registered type.
fn typed_value(
    st: &State,
    channel: &TestChannel,
    definition: &Value,
    kind: u64,
    given: &Value,
    resolved: &mut Resolved,
) -> Result<Value, String> {
    let value = match kind {
        3 => match given {
            Value::String(s) => Value::String(s.clone()),
            Value::Number(n) => Value::String(n.to_string()),
            Value::Bool(b) => Value::String(b.to_string()),
            other => return Err(format!("expected a string, got {other}")),
        },
        4 => match given {
            Value::Number(n) if n.as_i64().is_some() => given.clone(),
            Value::String(s) if s.parse::<i64>().is_ok() => json!(s.parse::<i64>().unwrap_or(0)),
            Value::String(s) => choice_by_name(definition, s)
                .ok_or_else(|| format!("expected an integer, got {s:?}"))?,
            other => return Err(format!("expected an integer, got {other}")),
        },
        5 => match given {
            Value::Bool(_) => given.clone(),
            Value::String(s) if s == "true" || s == "false" => json!(s == "true"),
            other => return Err(format!("expected a boolean, got {other}")),
        },
        10 => match given {
            Value::Number(_) => given.clone(),
            Value::String(s) => match s.parse::<f64>() {
                Ok(x) => json!(x),
                Err(_) => choice_by_name(definition, s)
                    .ok_or_else(|| format!("expected a number, got {s:?}"))?,
            },
            other => return Err(format!("expected a number, got {other}")),
        },
        6 | 9 => {
            let user = user_for(st, given)
                .ok_or_else(|| format!("{given} is neither a known user's id nor name"))?;
            resolved.users.insert(user.id.to_string(), user.json());
            if channel.guild_id.is_some() {
                let mut member = member_json(&user);
                if let Some(map) = member.as_object_mut() {
                    map.remove("user");
                }
                resolved.members.insert(user.id.to_string(), member);
            }
            json!(user.id.to_string())
        }
        7 => {
            let target = id_of(Some(given))
                .and_then(|id| st.channels.get(&id))
                .or_else(|| {
                    given
                        .as_str()
                        .and_then(|name| st.channels.values().find(|c| c.name == name))
                })
                .ok_or_else(|| format!("{given} is neither a known channel's id nor name"))?;
            resolved.channels.insert(
                target.id.to_string(),
                json!({
                    "id": target.id.to_string(),
                    "name": target.name,
                    "type": if target.guild_id.is_some() { 0 } else { 1 },
                    "permissions": BOT_PERMISSIONS.to_string(),
                }),
            );
            json!(target.id.to_string())
        }
        other => return Err(format!("option type {other} is not supported by the fake")),
    };
    let choices = list(definition, "choices");
    if !choices.is_empty() && matches!(kind, 3 | 4 | 10) {
        if choices.iter().any(|c| same_value(c.get("value"), &value)) {
            return Ok(value);
        }
        // A test may name a choice by what the user sees.
        if let Some(by_name) = given.as_str().and_then(|s| choice_by_name(definition, s)) {
            return Ok(by_name);
        }
        let names: Vec<&str> = choices
            .iter()
            .filter_map(|c| c.get("name").and_then(Value::as_str))
            .collect();
        return Err(format!("{given} is not one of the choices {names:?}"));
    }
    Ok(value)
}

fn same_value(choice: Option<&Value>, value: &Value) -> bool {
    match (choice, value) {
        (Some(Value::Number(a)), Value::Number(b)) => a.as_f64() == b.as_f64(),
        (Some(a), b) => a == b,
        (None, _) => false,
    }
}

fn choice_by_name(definition: &Value, name: &str) -> Option<Value> {
    list(definition, "choices")
        .iter()
        .find(|c| c.get("name").and_then(Value::as_str) == Some(name))
        .and_then(|c| c.get("value").cloned())
}

fn user_for(st: &State, given: &Value) -> Option<TestUser> {
    if let Some(id) = id_of(Some(given)) {
        return st.users.get(&id).cloned();
    }
    let name = given.as_str()?;
    st.users.values().find(|u| u.name == name).cloned()
}

/// `data.resolved`.
#[derive(Default)]
struct Resolved {
    users: Map<String, Value>,
    members: Map<String, Value>,
    channels: Map<String, Value>,
}

impl Resolved {
    fn is_empty(&self) -> bool {
        self.users.is_empty() && self.members.is_empty() && self.channels.is_empty()
    }

    fn into_json(self) -> Value {
        let mut json = json!({});
        for (key, map) in [
            ("users", self.users),
            ("members", self.members),
            ("channels", self.channels),
        ] {
            if !map.is_empty() {
                json[key] = Value::Object(map);
            }
        }
        json
    }
}

fn list<'a>(value: &'a Value, key: &str) -> &'a [Value] {
    value
        .get(key)
        .and_then(Value::as_array)
        .map_or(&[], Vec::as_slice)
}

fn names_of(options: &[Value]) -> String {
    let names: Vec<&str> = options
        .iter()
        .filter_map(|o| o.get("name").and_then(Value::as_str))
        .collect();
    if names.is_empty() {
        "none".to_owned()
    } else {
        names.join(", ")
    }
}
