//! "Your move, wherever you are": a member who turned it on (`/halma notify dm:on`) gets a
//! direct message when it becomes their move in a game with an hour or more per move, and again
//! at half time. Each DM is an outbox row written in the transaction of the move (or the
//! reminder, or the game's start, or a departure that hands them the turn), only while they
//! want it, at most once per game, ply, kind and member; a member whose DMs Discord refuses
//! is paused for [`DM_PAUSE`] and keeps the channel's ping.

use super::{GameView, NoticeView, Service, Settings};
use crate::db::games::GameRecord;
use crate::db::notify_settings::NotifySettings;
use crate::db::outbox::{Announcement, NewNotice};
use crate::db::DbTx;
use crate::error::{Result, UserError};
use crate::locale::Lang;
use chrono::{DateTime, TimeDelta, Utc};

/// The shortest move time for which DMs are sent: shorter games are played at the table.
pub const DM_MIN_TURN_TIMEOUT: TimeDelta = TimeDelta::hours(1);

/// How long no DM is tried after Discord refused one (the member's DMs are closed).
pub const DM_PAUSE: TimeDelta = TimeDelta::hours(24);

/// Reads the `dm` option of `/halma notify`: `on` or `off`, in any case.
///
/// ```
/// use halma_core::service::parse_dm_switch;
/// assert_eq!(parse_dm_switch(" ON "), Ok(true));
/// assert_eq!(parse_dm_switch("off"), Ok(false));
/// assert!(parse_dm_switch("maybe").is_err());
/// ```
pub fn parse_dm_switch(text: &str) -> Result<bool, UserError> {
    match text.trim().to_ascii_lowercase().as_str() {
        "on" => Ok(true),
        "off" => Ok(false),
        _ => Err(UserError::BadDmSwitch {
            text: text.trim().to_string(),
        }),
    }
}

/// A member's DM setting, as `/halma notify` shows it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NotifySetting {
    /// Whether they get a DM when it is their move.
    pub dm: bool,
    /// How much longer DMs to them are paused (Discord refused the last one), if they are.
    pub paused_for: Option<TimeDelta>,
}

/// A direct message to the member to move: the game as it stands, and why now.
#[derive(Clone, Debug, PartialEq)]
pub struct TurnNotice {
    /// The game (its channel is the one the DM links to; its board is the DM's picture).
    pub game: GameView,
    /// The member.
    pub user: u64,
    /// Whether half their time is gone (else the turn just came to them).
    pub half_time: bool,
    /// The member's language.
    pub lang: Lang,
}

impl Settings<'_> {
    /// Shows `user`'s DM setting, or turns their DMs on or off (`dm`), to be written in
    /// `lang` from now on. Turning them on lifts a pause.
    #[tracing::instrument(skip_all)]
    pub async fn notify(self, user: u64, dm: Option<bool>, lang: Lang) -> Result<NotifySetting> {
        let now = self.service.now();
        let settings = match dm {
            Some(dm) => Some(self.service.db.set_dm(user, dm, lang.code(), now).await?),
            None => self.service.db.notify_settings(user).await?,
        };
        let paused_for = settings
            .as_ref()
            .and_then(|s| s.paused_until)
            .map(|until| until - now)
            .filter(|left| *left > TimeDelta::zero());
        Ok(NotifySetting {
            dm: settings.is_some_and(|s| s.dm),
            paused_for,
        })
    }

    /// Discord refused a DM to `user` (their DMs are closed): none is tried for [`DM_PAUSE`].
    /// Returns until when.
    #[tracing::instrument(skip_all)]
    pub async fn dms_refused(self, user: u64) -> Result<DateTime<Utc>> {
        let until = self.service.now() + DM_PAUSE;
        self.service.db.pause_dms(user, until).await?;
        Ok(until)
    }
}

/// The turn notices the game flow writes and the outbox reads.
impl Service {
    /// The DM row telling the member to move in `game` (as it stands after a change) that it
    /// is their move, or half time: `None` when nobody is to move, the bot is, or the game's
    /// move time is too short. Whether the member wants it is for the database to see when it
    /// writes the row, so that a change costs no read for it.
    pub(super) fn turn_dm(
        &self,
        game: &GameRecord,
        half_time: bool,
        now: DateTime<Utc>,
    ) -> Result<Option<NewNotice>> {
        if game.turn_timeout < DM_MIN_TURN_TIMEOUT {
            return Ok(None);
        }
        let Some(player) = game.to_move()? else {
            return Ok(None);
        };
        if game.bots.contains(&player.seat) {
            return Ok(None);
        }
        let announcement = Announcement::YourMove {
            game: game.id,
            ply: game.ply,
            user: player.user,
            half_time,
        };
        Ok(Some(NewNotice::new(
            game.channel,
            &announcement,
            now,
            now,
            None,
        )?))
    }

    /// Writes [`Service::turn_dm`]'s row in `tx`, when there is one and its member wants it.
    pub(super) async fn announce_turn_dm(
        &self,
        tx: &mut DbTx,
        game: &GameRecord,
        half_time: bool,
        now: DateTime<Utc>,
    ) -> Result<()> {
        // The sender finds it within its poll once the transaction commits.
        if let Some(dm) = self.turn_dm(game, half_time, now)? {
            tx.insert_dm_notice(&dm).await?;
        }
        Ok(())
    }

    /// What a DM row says now; `None` when it became moot: the member turned DMs off or is
    /// paused, or the game went on (another move, another player to move, its end).
    pub(super) async fn turn_notice_view(
        &self,
        game: crate::model::GameId,
        ply: u32,
        user: u64,
        half_time: bool,
        now: DateTime<Utc>,
    ) -> Result<Option<NoticeView>> {
        let Some(settings) = self.db.notify_settings(user).await? else {
            return Ok(None);
        };
        if !wants_dm(&settings, now) {
            return Ok(None);
        }
        let Some(record) = self.db.game(game).await? else {
            return Ok(None);
        };
        let to_move = record.to_move()?.map(|p| p.user);
        if record.ply != ply || to_move != Some(user) {
            return Ok(None);
        }
        Ok(Some(NoticeView::YourMove(Box::new(TurnNotice {
            game: self.view_of(&record, now).await?,
            user,
            half_time,
            lang: Lang::from_code(&settings.language).unwrap_or(Lang::En),
        }))))
    }
}

/// Whether a DM may go to the member of `settings` at `now`.
fn wants_dm(settings: &NotifySettings, now: DateTime<Utc>) -> bool {
    settings.dm && settings.paused_until.is_none_or(|until| until <= now)
}
