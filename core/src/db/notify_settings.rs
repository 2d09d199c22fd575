//! The `notify_settings` table: whether a member wants a direct message when it is their move
//! (`/halma notify`), in which language, and until when DMs to them are paused because Discord
//! refused one. The DMs themselves go through the outbox (see [`super::outbox`]).

use super::{from_db, to_db, Db};
use chrono::{DateTime, Utc};

/// A member's notification settings as stored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NotifySettings {
    /// The Discord user.
    pub user: u64,
    /// Whether they want a DM when it is their move.
    pub dm: bool,
    /// The language code their DMs are written in (their language when they set it).
    pub language: String,
    /// No DM is tried before this time (Discord refused the last one).
    pub paused_until: Option<DateTime<Utc>>,
}

struct SettingsRow {
    user_id: i64,
    dm: bool,
    language: String,
    paused_until: Option<DateTime<Utc>>,
}

impl From<SettingsRow> for NotifySettings {
    fn from(row: SettingsRow) -> NotifySettings {
        NotifySettings {
            user: from_db(row.user_id),
            dm: row.dm,
            language: row.language,
            paused_until: row.paused_until,
        }
    }
}

impl Db {
    /// The member's settings; `None` when they never set any (DMs off).
    #[tracing::instrument(skip_all)]
    pub async fn notify_settings(&self, user: u64) -> Result<Option<NotifySettings>, sqlx::Error> {
        let row = sqlx::query_as!(
            SettingsRow,
            "SELECT user_id, dm, language, paused_until FROM notify_settings WHERE user_id = $1",
            to_db(user)
        )
        .fetch_optional(&self.pool)
        .await?;
        Ok(row.map(NotifySettings::from))
    }

    /// Turns the member's DMs on or off, written in `language` from now on. Turning them on
    /// lifts a pause: the member says they can be reached again.
    #[tracing::instrument(skip_all)]
    pub async fn set_dm(
        &self,
        user: u64,
        dm: bool,
        language: &str,
        now: DateTime<Utc>,
    ) -> Result<NotifySettings, sqlx::Error> {
        let row = sqlx::query_as!(
            SettingsRow,
            "INSERT INTO notify_settings (user_id, dm, language, paused_until, updated_at)
             VALUES ($1, $2, $3, NULL, $4)
             ON CONFLICT (user_id) DO UPDATE SET dm = EXCLUDED.dm,
                 language = EXCLUDED.language, updated_at = EXCLUDED.updated_at,
                 paused_until = CASE WHEN EXCLUDED.dm THEN NULL
                                     ELSE notify_settings.paused_until END
             RETURNING user_id, dm, language, paused_until",
            to_db(user),
            dm,
            language,
            now
        )
        .fetch_one(&self.pool)
        .await?;
        Ok(row.into())
    }

    /// Pauses DMs to the member until `until` (Discord refused one); `false` when they have
    /// no settings (then no DM was meant for them).
    #[tracing::instrument(skip_all)]
    pub async fn pause_dms(&self, user: u64, until: DateTime<Utc>) -> Result<bool, sqlx::Error> {
        let done = sqlx::query!(
            "UPDATE notify_settings SET paused_until = $2 WHERE user_id = $1",
            to_db(user),
            until
        )
        .execute(&self.pool)
        .await?;
        Ok(done.rows_affected() == 1)
    }
}
