//! The `guild_settings` table: a server's defaults for challenges, the channels that may host
//! games, and the language of the messages no interaction triggers.

use super::{from_db, parse, to_db, Db, DbTx};
use chrono::{DateTime, TimeDelta, Utc};
use halma::Variant;

/// A server's settings as stored; `None` fields are not set.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct GuildSettings {
    /// The guild.
    pub guild: u64,
    /// The variant of challenges that name none.
    pub variant: Option<Variant>,
    /// The move time of challenges that name none.
    pub turn_timeout: Option<TimeDelta>,
    /// The channels that may host games; `None` for every channel.
    pub channels: Option<Vec<u64>>,
    /// The language code (`en`, `hr`) of messages that no interaction triggers.
    pub language: Option<String>,
    /// The server's Discord locale, as last seen.
    pub guild_locale: Option<String>,
    /// Whether the server's public web page is shown (`/halma settings web:on`).
    pub web_pages: bool,
    /// The role whose members may organise tournaments (besides those who may manage the
    /// server).
    pub tournament_role: Option<u64>,
}

struct SettingsRow {
    guild_id: i64,
    variant: Option<String>,
    turn_timeout_secs: Option<i64>,
    channels: Option<Vec<i64>>,
    language: Option<String>,
    guild_locale: Option<String>,
    web_pages: bool,
    tournament_role: Option<i64>,
}

impl TryFrom<SettingsRow> for GuildSettings {
    type Error = sqlx::Error;

    fn try_from(row: SettingsRow) -> Result<GuildSettings, sqlx::Error> {
        let what = format!("guild {} settings variant", row.guild_id);
        Ok(GuildSettings {
            guild: from_db(row.guild_id),
            variant: row
                .variant
                .as_deref()
                .map(|v| parse(&what, v))
                .transpose()?,
            turn_timeout: row.turn_timeout_secs.map(TimeDelta::seconds),
            channels: row
                .channels
                .map(|list| list.into_iter().map(from_db).collect()),
            language: row.language,
            guild_locale: row.guild_locale,
            web_pages: row.web_pages,
            tournament_role: row.tournament_role.map(from_db),
        })
    }
}

impl Db {
    /// The guild's settings; `None` when it never had any.
    #[tracing::instrument(skip_all)]
    pub async fn guild_settings(&self, guild: u64) -> Result<Option<GuildSettings>, sqlx::Error> {
        sqlx::query_as!(
            SettingsRow,
            "SELECT guild_id, variant, turn_timeout_secs, channels, language, guild_locale,
                 web_pages, tournament_role
             FROM guild_settings WHERE guild_id = $1",
            to_db(guild)
        )
        .fetch_optional(&self.pool)
        .await?
        .map(GuildSettings::try_from)
        .transpose()
    }

    /// Remembers the guild's Discord locale (written only when it changed).
    #[tracing::instrument(skip_all)]
    pub async fn note_guild_locale(
        &self,
        guild: u64,
        locale: &str,
        now: DateTime<Utc>,
    ) -> Result<(), sqlx::Error> {
        sqlx::query!(
            "INSERT INTO guild_settings (guild_id, guild_locale, updated_at) VALUES ($1, $2, $3)
             ON CONFLICT (guild_id) DO UPDATE SET guild_locale = EXCLUDED.guild_locale
             WHERE guild_settings.guild_locale IS DISTINCT FROM EXCLUDED.guild_locale",
            to_db(guild),
            locale,
            now
        )
        .execute(&self.pool)
        .await?;
        Ok(())
    }
}

impl DbTx {
    /// The guild's settings, locked until the transaction ends so that two changes of them
    /// apply one after the other; `None` when it never had any.
    #[tracing::instrument(skip_all)]
    pub async fn guild_settings_for_update(
        &mut self,
        guild: u64,
    ) -> Result<Option<GuildSettings>, sqlx::Error> {
        sqlx::query_as!(
            SettingsRow,
            "SELECT guild_id, variant, turn_timeout_secs, channels, language, guild_locale,
                 web_pages, tournament_role
             FROM guild_settings WHERE guild_id = $1 FOR UPDATE",
            to_db(guild)
        )
        .fetch_optional(&mut *self.tx)
        .await?
        .map(GuildSettings::try_from)
        .transpose()
    }

    /// Stores the guild's settings (all of them) and returns them as stored.
    #[tracing::instrument(skip_all)]
    pub async fn save_guild_settings(
        &mut self,
        settings: &GuildSettings,
        now: DateTime<Utc>,
    ) -> Result<GuildSettings, sqlx::Error> {
        let channels: Option<Vec<i64>> = settings
            .channels
            .as_ref()
            .map(|list| list.iter().copied().map(to_db).collect());
        sqlx::query_as!(
            SettingsRow,
            "INSERT INTO guild_settings
                 (guild_id, variant, turn_timeout_secs, channels, language, guild_locale,
                  web_pages, tournament_role, updated_at)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
             ON CONFLICT (guild_id) DO UPDATE SET variant = EXCLUDED.variant,
                 turn_timeout_secs = EXCLUDED.turn_timeout_secs, channels = EXCLUDED.channels,
                 language = EXCLUDED.language, guild_locale = EXCLUDED.guild_locale,
                 web_pages = EXCLUDED.web_pages, tournament_role = EXCLUDED.tournament_role,
                 updated_at = EXCLUDED.updated_at
             RETURNING guild_id, variant, turn_timeout_secs, channels, language, guild_locale,
                 web_pages, tournament_role",
            to_db(settings.guild),
            settings.variant.map(|v| v.name()),
            settings.turn_timeout.map(|t| t.num_seconds()),
            channels.as_deref(),
            settings.language.as_deref(),
            settings.guild_locale.as_deref(),
            settings.web_pages,
            settings.tournament_role.map(to_db),
            now
        )
        .fetch_one(&mut *self.tx)
        .await?
        .try_into()
    }
}
