//! The types a test sees: users, channels, answers, stored messages and errors.

use std::fmt;
use std::time::Duration;

use serde_json::{json, Value};

/// Discord's `MANAGE_MESSAGES` permission bit.
pub const MANAGE_MESSAGES: u64 = 1 << 13;
/// Discord's `MANAGE_GUILD` ("Manage Server") permission bit.
pub const MANAGE_GUILD: u64 = 1 << 5;
/// Discord's `ADMINISTRATOR` permission bit.
pub const ADMINISTRATOR: u64 = 1 << 3;

/// What an ordinary member may do: view, send, embed, attach, read history, react and use
/// application commands.
pub const MEMBER_PERMISSIONS: u64 = (1 << 6) // ADD_REACTIONS
    | (1 << 10) // VIEW_CHANNEL
    | (1 << 11) // SEND_MESSAGES
    | (1 << 14) // EMBED_LINKS
    | (1 << 15) // ATTACH_FILES
    | (1 << 16) // READ_MESSAGE_HISTORY
    | (1 << 31); // USE_APPLICATION_COMMANDS

/// The permissions the bot itself has in every channel (`app_permissions` in interactions).
pub const BOT_PERMISSIONS: u64 = MEMBER_PERMISSIONS | MANAGE_MESSAGES | (1 << 38); // SEND_MESSAGES_IN_THREADS

/// A Discord user as the fake knows it: someone who can run commands and click buttons.
///
/// Ids are stable: the same name always gives the same snowflake, in every `FakeDiscord`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TestUser {
    /// The user's snowflake id.
    pub id: u64,
    /// The user name (`username`, also used as `global_name`).
    pub name: String,
    /// The client locale sent in interactions, e.g. `"en-US"` or `"hr"`.
    pub locale: String,
    /// The member's permission bits in the guild, sent as `member.permissions`.
    pub permissions: u64,
    /// Whether this is a bot account.
    pub bot: bool,
    /// The member's nickname in the guilds (`member.nick`), if they set one.
    pub nick: Option<String>,
}

impl TestUser {
    /// A user with the default locale `en-US` and ordinary member permissions.
    pub fn new(name: &str) -> Self {
        Self {
            id: stable_id("user", name),
            name: name.to_owned(),
            locale: "en-US".to_owned(),
            permissions: MEMBER_PERMISSIONS,
            bot: false,
            nick: None,
        }
    }

    /// The same user with a server nickname, sent as `member.nick` in interactions (register
    /// it with [`FakeDiscord::add_user`](crate::FakeDiscord::add_user) for the options that
    /// name the user too).
    pub fn with_nick(mut self, nick: &str) -> Self {
        self.nick = Some(nick.to_owned());
        self
    }

    /// The same user with another client locale (`"en-US"`, `"hr"`, ...).
    pub fn with_locale(mut self, locale: &str) -> Self {
        self.locale = locale.to_owned();
        self
    }

    /// The same user with exactly these member permission bits.
    pub fn with_permissions(mut self, permissions: u64) -> Self {
        self.permissions = permissions;
        self
    }

    /// The same user with Manage Server added: someone who may change the server's settings.
    pub fn with_manage_guild(mut self) -> Self {
        self.permissions |= MANAGE_GUILD;
        self
    }

    /// The same user with Manage Messages added: a moderator.
    pub fn with_manage_messages(mut self) -> Self {
        self.permissions |= MANAGE_MESSAGES;
        self
    }

    /// `<@id>`, as the bot would write a ping of this user.
    pub fn mention(&self) -> String {
        format!("<@{}>", self.id)
    }

    /// The value to pass for a user option of a slash command (the id as a string).
    pub fn option_value(&self) -> Value {
        Value::String(self.id.to_string())
    }

    /// The Discord user object.
    pub fn json(&self) -> Value {
        json!({
            "id": self.id.to_string(),
            "username": self.name,
            "discriminator": "0",
            "global_name": self.name,
            "avatar": null,
            "bot": self.bot,
            "public_flags": 0,
        })
    }
}

/// A text channel (in a guild) or a direct-message channel.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TestChannel {
    /// The channel's snowflake id.
    pub id: u64,
    /// The guild the channel is in; `None` for a DM channel.
    pub guild_id: Option<u64>,
    /// The channel name (for a DM, the other user's name).
    pub name: String,
}

/// Where a set of application commands is registered.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Scope {
    /// `PUT /applications/{app}/commands`.
    Global,
    /// `PUT /applications/{app}/guilds/{guild}/commands`.
    Guild(u64),
}

/// A button found in a message's components.
#[derive(Clone, Debug, PartialEq)]
pub struct Button {
    /// The label shown on the button, if any.
    pub label: Option<String>,
    /// The custom id sent back on a click (absent for link buttons).
    pub custom_id: Option<String>,
    /// The style: 1 primary, 2 secondary, 3 success, 4 danger, 5 link.
    pub style: u64,
    /// Whether the button is greyed out.
    pub disabled: bool,
    /// The URL of a link button.
    pub url: Option<String>,
    /// The emoji object, if any.
    pub emoji: Option<Value>,
}

/// A string select menu (component type 3) found in a message's components.
#[derive(Clone, Debug, PartialEq)]
pub struct SelectMenu {
    /// The custom id sent back when the user picks.
    pub custom_id: String,
    /// The grey text shown while nothing is picked, if any.
    pub placeholder: Option<String>,
    /// The options, in order.
    pub options: Vec<SelectOption>,
    /// The fewest options a user must pick (default 1).
    pub min_values: u64,
    /// The most options a user may pick (default 1).
    pub max_values: u64,
    /// Whether the menu is greyed out.
    pub disabled: bool,
}

impl SelectMenu {
    /// The values of the options, in order.
    pub fn values(&self) -> Vec<String> {
        self.options.iter().map(|o| o.value.clone()).collect()
    }

    /// The labels of the options, in order.
    pub fn labels(&self) -> Vec<String> {
        self.options.iter().map(|o| o.label.clone()).collect()
    }
}

/// One option of a string select menu.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SelectOption {
    /// What the user sees.
    pub label: String,
    /// What the bot receives when the user picks it.
    pub value: String,
    /// The smaller second line, if any.
    pub description: Option<String>,
}

/// A file attached to a message.
#[derive(Clone, PartialEq, Eq)]
pub struct Attachment {
    /// The attachment's snowflake id.
    pub id: u64,
    /// The file name, e.g. `board.png`.
    pub filename: String,
    /// The MIME type the bot sent, if any.
    pub content_type: Option<String>,
    /// The description (alt text), if any.
    pub description: Option<String>,
    /// The file's bytes exactly as uploaded.
    pub bytes: Vec<u8>,
}

impl fmt::Debug for Attachment {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Attachment")
            .field("id", &self.id)
            .field("filename", &self.filename)
            .field("content_type", &self.content_type)
            .field("description", &self.description)
            .field("len", &self.bytes.len())
            .finish()
    }
}

/// One autocomplete suggestion (callback type 8).
#[derive(Clone, Debug, PartialEq)]
pub struct Choice {
    /// What the user sees.
    pub name: String,
    /// What gets filled in (a string, integer or number).
    pub value: Value,
}

/// A message as the fake currently stores it (edits applied).
#[derive(Clone, Debug)]
pub struct Message {
    /// The message id the fake assigned.
    pub id: u64,
    /// The channel it is in.
    pub channel_id: u64,
    /// The text content.
    pub content: String,
    /// The embeds, as Discord would return them.
    pub embeds: Vec<Value>,
    /// Every button, row by row.
    pub buttons: Vec<Button>,
    /// Every string select menu, row by row.
    pub selects: Vec<SelectMenu>,
    /// The raw component rows.
    pub components: Vec<Value>,
    /// Only the invoking user sees it (`flags & 64`).
    pub ephemeral: bool,
    /// A deferred answer's "thinking…" placeholder that nothing has filled yet.
    pub loading: bool,
    /// The attached files.
    pub files: Vec<Attachment>,
    /// The interaction whose answer (original or followup) this is, if any.
    pub interaction_id: Option<u64>,
    /// How often it was edited.
    pub edit_count: u32,
    /// Deleted by the bot (still kept by the fake for inspection).
    pub deleted: bool,
    /// The full Discord message object as the fake serves it.
    pub json: Value,
}

impl Message {
    /// The select menu with this custom id.
    pub fn select(&self, custom_id: &str) -> Option<&SelectMenu> {
        self.selects.iter().find(|s| s.custom_id == custom_id)
    }

    /// The first button with this label.
    pub fn button(&self, label: &str) -> Option<&Button> {
        self.buttons
            .iter()
            .find(|b| b.label.as_deref() == Some(label))
    }

    /// The labels of all buttons, in order.
    pub fn button_labels(&self) -> Vec<String> {
        self.buttons
            .iter()
            .filter_map(|b| b.label.clone())
            .collect()
    }
}

/// The bot's complete answer to one interaction.
///
/// For a message answer (callback types 4, 5, 6, 7) the message fields describe the message the
/// answer produced or changed, as it was when the answer completed. For autocomplete (type 8)
/// `choices` is filled instead.
#[derive(Clone, Debug)]
pub struct Answer {
    /// The interaction callback type: 4 message, 5 deferred message, 6 deferred update,
    /// 7 update message, 8 autocomplete, 9 modal.
    pub callback_type: u8,
    /// The interaction this answers.
    pub interaction_id: u64,
    /// The gateway shard whose connection received the interaction: the guild's shard,
    /// `(guild_id >> 22) % shard_count`, or 0 in a DM; 0 for an interaction POSTed to the
    /// Interactions Endpoint.
    pub shard: u32,
    /// The message the answer created or changed.
    pub message_id: Option<u64>,
    /// The message's content.
    pub content: String,
    /// The message's embeds.
    pub embeds: Vec<Value>,
    /// The message's buttons.
    pub buttons: Vec<Button>,
    /// The message's string select menus.
    pub selects: Vec<SelectMenu>,
    /// The message's raw component rows.
    pub components: Vec<Value>,
    /// Only the invoking user sees the message.
    pub ephemeral: bool,
    /// The message's files.
    pub files: Vec<Attachment>,
    /// Autocomplete choices (type 8).
    pub choices: Vec<Choice>,
    /// The JSON body of the request that completed the answer: the callback, or for a deferred
    /// answer the followup / edit that filled it in.
    pub raw: Value,
    /// The full message object, when there is one.
    pub message: Option<Message>,
}

impl Answer {
    /// The select menu with this custom id.
    pub fn select(&self, custom_id: &str) -> Option<&SelectMenu> {
        self.selects.iter().find(|s| s.custom_id == custom_id)
    }

    /// The first button with this label.
    pub fn button(&self, label: &str) -> Option<&Button> {
        self.buttons
            .iter()
            .find(|b| b.label.as_deref() == Some(label))
    }

    /// The labels of all buttons, in order.
    pub fn button_labels(&self) -> Vec<String> {
        self.buttons
            .iter()
            .filter_map(|b| b.label.clone())
            .collect()
    }

    /// Whether the answer was deferred first (callback type 5 or 6).
    pub fn deferred(&self) -> bool {
        matches!(self.callback_type, 5 | 6)
    }
}

/// Anything that names a stored message: an [`Answer`], a [`Message`], or a message id.
pub trait MessageRef {
    /// The id of the message meant, if there is one.
    fn message_id(&self) -> Option<u64>;
}

impl MessageRef for Answer {
    fn message_id(&self) -> Option<u64> {
        self.message_id
    }
}

impl MessageRef for Message {
    fn message_id(&self) -> Option<u64> {
        Some(self.id)
    }
}

impl MessageRef for u64 {
    fn message_id(&self) -> Option<u64> {
        Some(*self)
    }
}

impl<T: MessageRef + ?Sized> MessageRef for &T {
    fn message_id(&self) -> Option<u64> {
        (**self).message_id()
    }
}

/// One REST request the bot made, as recorded by the fake.
#[derive(Clone, Debug)]
pub struct RecordedRequest {
    /// `GET`, `POST`, `PATCH`, `PUT` or `DELETE`.
    pub method: String,
    /// The path, e.g. `/api/v10/interactions/1/abc/callback` (without the query).
    pub path: String,
    /// The query string, if any.
    pub query: Option<String>,
    /// The status the fake answered with.
    pub status: u16,
    /// The JSON body (for multipart: the `payload_json` part); `Null` when there was none.
    pub body: Value,
    /// The JSON the fake answered with (a Discord error object for refusals); `Null` for none.
    pub response: Value,
    /// Not a request of the bot but its HTTP response to an interaction the fake POSTed to the
    /// Interactions Endpoint, recorded as the `POST .../callback` it stands for (same path, its
    /// body as `body`), so that checks of callbacks hold in both modes.
    pub in_http_response: bool,
}

/// Why a test-facing call failed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FakeError {
    /// The bot did not do what was waited for in time.
    Timeout {
        /// What was being waited for, and what had happened so far.
        what: String,
        /// How long the wait lasted.
        after: Duration,
    },
    /// The test asked for something a Discord client would not let a user do (unknown command
    /// or option, missing required option, disabled or missing button, ...).
    Rejected(String),
    /// The interaction's callback was failed on purpose
    /// ([`FakeDiscord::fail_callbacks`](crate::FakeDiscord::fail_callbacks)).
    CallbackFailed(String),
    /// In endpoint mode, the bot's HTTP response gave no usable answer: no response at all, a
    /// status other than 2xx, a body that is not an interaction response, or one the fake
    /// refused. Discord shows "This interaction failed"; the fake keeps it in
    /// [`FakeDiscord::endpoint_failures`](crate::FakeDiscord::endpoint_failures).
    InteractionFailed(String),
}

impl fmt::Display for FakeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Timeout { what, after } => {
                write!(
                    f,
                    "fake Discord: timed out after {after:?} waiting for {what}"
                )
            }
            Self::Rejected(why) => write!(f, "fake Discord: {why}"),
            Self::CallbackFailed(why) | Self::InteractionFailed(why) => {
                write!(f, "fake Discord: {why}")
            }
        }
    }
}

impl std::error::Error for FakeError {}

/// A stable snowflake for a named thing: the same kind and name give the same id every time.
pub(crate) fn stable_id(kind: &str, name: &str) -> u64 {
    // FNV-1a, so ids do not depend on the order in which a test asks for things.
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for byte in kind.bytes().chain([b':']).chain(name.bytes()) {
        hash ^= u64::from(byte);
        hash = hash.wrapping_mul(0x0100_0000_01b3);
    }
    // 19 decimal digits like a real snowflake, and below i64::MAX.
    (1 << 60) | (hash >> 4)
}

/// Decodes the string select menus out of component rows.
pub(crate) fn selects_of(components: &[Value]) -> Vec<SelectMenu> {
    let text = |v: &Value, key: &str| v.get(key).and_then(Value::as_str).map(str::to_owned);
    let mut menus = Vec::new();
    for row in components {
        let Some(items) = row.get("components").and_then(Value::as_array) else {
            continue;
        };
        for item in items {
            if item.get("type").and_then(Value::as_u64) != Some(3) {
                continue;
            }
            let options = item
                .get("options")
                .and_then(Value::as_array)
                .map(|list| {
                    list.iter()
                        .map(|o| SelectOption {
                            label: text(o, "label").unwrap_or_default(),
                            value: text(o, "value").unwrap_or_default(),
                            description: text(o, "description"),
                        })
                        .collect()
                })
                .unwrap_or_default();
            menus.push(SelectMenu {
                custom_id: text(item, "custom_id").unwrap_or_default(),
                placeholder: text(item, "placeholder"),
                options,
                min_values: item.get("min_values").and_then(Value::as_u64).unwrap_or(1),
                max_values: item.get("max_values").and_then(Value::as_u64).unwrap_or(1),
                disabled: item
                    .get("disabled")
                    .and_then(Value::as_bool)
                    .unwrap_or(false),
            });
        }
    }
    menus
}

/// Decodes the buttons out of component rows.
pub(crate) fn buttons_of(components: &[Value]) -> Vec<Button> {
    let mut buttons = Vec::new();
    for row in components {
        let Some(items) = row.get("components").and_then(Value::as_array) else {
            continue;
        };
        for item in items {
            if item.get("type").and_then(Value::as_u64) != Some(2) {
                continue;
            }
            buttons.push(Button {
                label: item.get("label").and_then(Value::as_str).map(str::to_owned),
                custom_id: item
                    .get("custom_id")
                    .and_then(Value::as_str)
                    .map(str::to_owned),
                style: item.get("style").and_then(Value::as_u64).unwrap_or(0),
                disabled: item
                    .get("disabled")
                    .and_then(Value::as_bool)
                    .unwrap_or(false),
                url: item.get("url").and_then(Value::as_str).map(str::to_owned),
                emoji: item.get("emoji").cloned().filter(|e| !e.is_null()),
            });
        }
    }
    buttons
}
