//! A server's settings: the defaults of its challenges (variant, move time), the channels that
//! may host games, and the language of the messages no interaction triggers (reminders, time
//! losses, expired challenges). Only members who may manage the server see and change them;
//! every challenge honours them.

use super::timers::check_turn_timeout;
use super::{Place, Settings, DEFAULT_TURN_TIMEOUT, DEFAULT_VARIANT};
use crate::db::guild_settings::GuildSettings;
use crate::error::{Result, UserError};
use crate::locale::Lang;
use chrono::TimeDelta;
use halma::Variant;

/// The most channels an allow-list holds (so that a refusal listing them stays short).
pub const MAX_GAME_CHANNELS: usize = 10;

/// What `/halma settings` asks to change; all `None` (and `all_channels` false) only shows.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SettingsChange {
    /// The default variant.
    pub variant: Option<Variant>,
    /// The default move time.
    pub turn_timeout: Option<TimeDelta>,
    /// A channel to add to the channels that may host games.
    pub allow_channel: Option<u64>,
    /// A channel to take off that list.
    pub remove_channel: Option<u64>,
    /// Every channel may host games again.
    pub all_channels: bool,
    /// The language of the messages no interaction triggers.
    pub language: Option<MessageLanguage>,
    /// Show the server's public web page (`true`) or not.
    pub web_pages: Option<bool>,
    /// The role whose members may organise tournaments.
    pub tournament_role: Option<u64>,
}

/// The language a server chooses for the messages no interaction triggers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MessageLanguage {
    /// The server's Discord locale (`auto`).
    Server,
    /// This language.
    Chosen(Lang),
}

impl MessageLanguage {
    /// A language as typed: a code the bot speaks (`en`, `hr`, `pt-BR`, …) or `auto`.
    pub fn parse(text: &str) -> std::result::Result<MessageLanguage, UserError> {
        match text.trim() {
            "auto" => Ok(MessageLanguage::Server),
            code => Lang::from_code(code)
                .map(MessageLanguage::Chosen)
                .ok_or_else(|| UserError::UnknownLanguage {
                    text: code.to_string(),
                }),
        }
    }
}

/// A server's settings as they apply.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ServerSettings {
    /// The variant of challenges that name none.
    pub variant: Variant,
    /// Whether the server chose it (else it is the bot's default).
    pub variant_set: bool,
    /// The move time of challenges that name none.
    pub turn_timeout: TimeDelta,
    /// Whether the server chose it.
    pub turn_timeout_set: bool,
    /// The channels that may host games; `None` for every channel.
    pub channels: Option<Vec<u64>>,
    /// The language chosen for messages no interaction triggers; `None` follows the server.
    pub language: Option<Lang>,
    /// The language those messages are written in now.
    pub message_lang: Lang,
    /// The guild, whose id is its web page's key.
    pub guild: u64,
    /// Whether the server's public web page is shown.
    pub web_pages: bool,
    /// The role whose members may organise tournaments (besides those who may manage the
    /// server).
    pub tournament_role: Option<u64>,
}

/// What a new game in an allowed channel takes from the server's settings where its request
/// names nothing.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct HouseRules {
    /// The variant, when the server chose one.
    pub variant: Option<Variant>,
    /// The time per move, when the server chose one.
    pub turn_timeout: Option<TimeDelta>,
}

fn lang_code(lang: Lang) -> &'static str {
    lang.code()
}

fn lang_of_code(code: &str) -> Option<Lang> {
    Lang::from_code(code)
}

/// The language of messages no interaction triggers: the chosen one, else the server's Discord
/// locale, else English.
fn message_lang(settings: &GuildSettings) -> Lang {
    settings
        .language
        .as_deref()
        .and_then(lang_of_code)
        .or_else(|| settings.guild_locale.as_deref().map(Lang::from_locale))
        .unwrap_or(Lang::En)
}

fn view(settings: &GuildSettings) -> ServerSettings {
    ServerSettings {
        variant: settings.variant.unwrap_or(DEFAULT_VARIANT),
        variant_set: settings.variant.is_some(),
        turn_timeout: settings.turn_timeout.unwrap_or(DEFAULT_TURN_TIMEOUT),
        turn_timeout_set: settings.turn_timeout.is_some(),
        channels: settings.channels.clone(),
        language: settings.language.as_deref().and_then(lang_of_code),
        message_lang: message_lang(settings),
        guild: settings.guild,
        web_pages: settings.web_pages,
        tournament_role: settings.tournament_role,
    }
}

/// `settings` with `change` applied, or the refusal for a value that is not allowed.
fn apply(mut settings: GuildSettings, change: &SettingsChange) -> Result<GuildSettings> {
    if let Some(variant) = change.variant {
        settings.variant = Some(variant);
    }
    if let Some(asked) = change.turn_timeout {
        settings.turn_timeout = Some(check_turn_timeout(asked)?);
    }
    if change.all_channels {
        settings.channels = None;
    }
    if let Some(channel) = change.allow_channel {
        let list = settings.channels.get_or_insert_with(Vec::new);
        if !list.contains(&channel) {
            if list.len() >= MAX_GAME_CHANNELS {
                return Err(UserError::TooManyGameChannels {
                    limit: MAX_GAME_CHANNELS as u32,
                }
                .into());
            }
            list.push(channel);
        }
    }
    if let Some(channel) = change.remove_channel {
        if let Some(list) = settings.channels.as_mut() {
            list.retain(|c| *c != channel);
            // An empty list would forbid every game: it means every channel again.
            if list.is_empty() {
                settings.channels = None;
            }
        }
    }
    if let Some(language) = change.language {
        settings.language = match language {
            MessageLanguage::Server => None,
            MessageLanguage::Chosen(lang) => Some(lang_code(lang).to_string()),
        };
    }
    if let Some(on) = change.web_pages {
        settings.web_pages = on;
    }
    if let Some(role) = change.tournament_role {
        settings.tournament_role = Some(role);
    }
    Ok(settings)
}

impl Settings<'_> {
    /// Shows the guild's settings with `change` applied (stored in one transaction that holds
    /// the guild's row, so concurrent changes apply one after the other). Refused with
    /// [`UserError::NeedsManageServer`] for members who may not manage the server, and for
    /// values that are not allowed; a refusal changes nothing.
    #[tracing::instrument(skip_all)]
    pub async fn apply(
        self,
        guild: u64,
        can_manage_server: bool,
        change: &SettingsChange,
    ) -> Result<ServerSettings> {
        if !can_manage_server {
            return Err(UserError::NeedsManageServer.into());
        }
        let now = self.service.now();
        let mut tx = self.service.db.begin().await?;
        let stored = tx
            .guild_settings_for_update(guild)
            .await?
            .unwrap_or(GuildSettings {
                guild,
                ..GuildSettings::default()
            });
        if *change == SettingsChange::default() {
            return Ok(view(&stored));
        }
        let changed = apply(stored, change)?;
        let saved = tx.save_guild_settings(&changed, now).await?;
        tx.commit().await?;
        Ok(view(&saved))
    }

    /// The server's rules for a new game in `channel` (a challenge, a lobby, a rematch, a game
    /// against the bot): every way a game starts asks this. Refused with
    /// [`UserError::ChannelNotAllowed`] (naming the channels that may) when the guild keeps
    /// games to other channels; a thread (`parent` is the channel it belongs to) may host
    /// games when it or its parent is on the list.
    #[tracing::instrument(skip_all)]
    pub async fn house_rules(self, at: Place) -> Result<HouseRules> {
        let Some(settings) = self.service.db.guild_settings(at.guild).await? else {
            return Ok(HouseRules::default());
        };
        if let Some(channels) = &settings.channels {
            let listed = |c: u64| channels.contains(&c);
            if !listed(at.channel) && !at.parent.is_some_and(listed) {
                return Err(UserError::ChannelNotAllowed {
                    channels: channels.clone(),
                }
                .into());
            }
        }
        Ok(HouseRules {
            variant: settings.variant,
            turn_timeout: settings.turn_timeout,
        })
    }

    /// Remembers the guild's Discord locale (`guild_locale` of an interaction), the language
    /// of its timer messages unless the server chose one.
    #[tracing::instrument(skip_all)]
    pub async fn note_guild_locale(self, guild: u64, locale: &str) -> Result<()> {
        Ok(self
            .service
            .db
            .note_guild_locale(guild, locale, self.service.now())
            .await?)
    }

    /// Whether `guild` shows its public web page (`/halma settings web:on`).
    #[tracing::instrument(skip_all)]
    pub async fn web_pages_on(self, guild: u64) -> Result<bool> {
        Ok(self
            .service
            .db
            .guild_settings(guild)
            .await?
            .is_some_and(|s| s.web_pages))
    }

    /// The language of the messages no interaction triggers in `guild` (reminders, time
    /// losses, expiries): the server's choice, else its Discord locale, else English.
    #[tracing::instrument(skip_all)]
    pub async fn message_lang(self, guild: u64) -> Result<Lang> {
        Ok(self
            .service
            .db
            .guild_settings(guild)
            .await?
            .map_or(Lang::En, |s| message_lang(&s)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn changes_apply_and_bad_values_are_refused() {
        let base = GuildSettings {
            guild: 1,
            ..GuildSettings::default()
        };
        let change = SettingsChange {
            variant: Some(Variant::Small),
            turn_timeout: Some(TimeDelta::minutes(90)),
            allow_channel: Some(7),
            language: Some(MessageLanguage::Chosen(Lang::Hr)),
            ..SettingsChange::default()
        };
        let changed = apply(base.clone(), &change).unwrap();
        assert_eq!(changed.variant, Some(Variant::Small));
        assert_eq!(changed.turn_timeout, Some(TimeDelta::minutes(90)));
        assert_eq!(changed.channels, Some(vec![7]));
        assert_eq!(message_lang(&changed), Lang::Hr);
        let removed = apply(
            changed.clone(),
            &SettingsChange {
                remove_channel: Some(7),
                language: Some(MessageLanguage::Server),
                ..SettingsChange::default()
            },
        )
        .unwrap();
        assert_eq!(
            removed.channels, None,
            "no channel left means every channel"
        );
        assert_eq!(removed.language, None);
        // Every variant is hosted now, the star's too: only a time out of bounds is refused.
        let star = apply(
            base.clone(),
            &SettingsChange {
                variant: Some(Variant::Star6),
                ..SettingsChange::default()
            },
        )
        .unwrap();
        assert_eq!(star.variant, Some(Variant::Star6));
        let bad = SettingsChange {
            turn_timeout: Some(TimeDelta::seconds(5)),
            ..SettingsChange::default()
        };
        assert!(apply(base.clone(), &bad).is_err(), "{bad:?}");
        assert!(MessageLanguage::parse("eo").is_err());
        assert_eq!(
            MessageLanguage::parse(" auto "),
            Ok(MessageLanguage::Server)
        );
        let mut full = base.clone();
        full.channels = Some((0..MAX_GAME_CHANNELS as u64).collect());
        let over = SettingsChange {
            allow_channel: Some(999),
            ..SettingsChange::default()
        };
        assert!(apply(full, &over).is_err());
    }

    #[test]
    fn timer_messages_follow_the_choice_then_the_server_locale() {
        let mut settings = GuildSettings {
            guild: 1,
            guild_locale: Some("hr".into()),
            ..GuildSettings::default()
        };
        assert_eq!(message_lang(&settings), Lang::Hr);
        settings.language = Some("en".into());
        assert_eq!(message_lang(&settings), Lang::En);
        settings.language = None;
        settings.guild_locale = None;
        assert_eq!(message_lang(&settings), Lang::En);
    }
}
