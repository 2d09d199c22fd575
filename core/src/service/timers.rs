//! Move timers: parsing a move time, and the periodic tick that sends half-time reminders,
//! ends games lost on time and expires challenges. Deadlines live in the database, so a
//! restarted bot picks them up.

use super::outbox::Delivery;
use super::play::{others_win, players_leave, TimeLoss};
use super::{Change, EndReason, GameId, GameResult, Reminder, Service, TickReport};
use crate::db::games::GameRecord;
use crate::db::outbox::Announcement;
use crate::error::{Error, Result, UserError};
use chrono::{DateTime, TimeDelta, Utc};

/// The move time when none is given.
pub const DEFAULT_TURN_TIMEOUT: TimeDelta = TimeDelta::hours(24);
/// The shortest move time.
pub const MIN_TURN_TIMEOUT: TimeDelta = TimeDelta::minutes(1);
/// The longest move time.
pub const MAX_TURN_TIMEOUT: TimeDelta = TimeDelta::days(7);

/// Reads a span of time: numbers with units `s`, `m`/`min`, `h`, `d` or `w`, like `10m`,
/// `1h30m` or `1d 12h`, in seconds; `None` when it is not written so. A span too long to count
/// is `i64::MAX` seconds, beyond every range.
///
/// ```
/// use halma_core::service::parse_span;
/// assert_eq!(parse_span("1h30m"), Some(5400));
/// assert_eq!(parse_span(" 45 s "), Some(45));
/// assert_eq!(parse_span("soon"), None);
/// ```
pub fn parse_span(text: &str) -> Option<i64> {
    let lower = text.trim().to_ascii_lowercase();
    let mut rest = lower.as_str();
    let mut total: i64 = 0;
    let mut parts = 0;
    while !rest.trim_start().is_empty() {
        rest = rest.trim_start();
        let digits = rest.bytes().take_while(u8::is_ascii_digit).count();
        if digits == 0 {
            return None;
        }
        // Digits beyond what an i64 holds are a span too long to count.
        let number: i64 = rest[..digits].parse().unwrap_or(i64::MAX);
        rest = rest[digits..].trim_start();
        let letters = rest.bytes().take_while(u8::is_ascii_alphabetic).count();
        let unit = match &rest[..letters] {
            "s" | "sec" => 1,
            "m" | "min" => 60,
            "h" => 3600,
            "d" => 86_400,
            "w" => 604_800,
            _ => return None,
        };
        rest = &rest[letters..];
        total = number
            .checked_mul(unit)
            .and_then(|n| total.checked_add(n))
            .unwrap_or(i64::MAX);
        parts += 1;
    }
    (parts > 0).then_some(total)
}

/// Reads a move time (see [`parse_span`]) between one minute and seven days.
///
/// ```
/// use chrono::TimeDelta;
/// use halma_core::service::parse_turn_timeout;
/// assert_eq!(parse_turn_timeout("12h"), Ok(TimeDelta::hours(12)));
/// assert_eq!(parse_turn_timeout("1h30m"), Ok(TimeDelta::minutes(90)));
/// assert!(parse_turn_timeout("30s").is_err());
/// assert!(parse_turn_timeout("soon").is_err());
/// ```
pub fn parse_turn_timeout(text: &str) -> Result<TimeDelta, UserError> {
    let total = parse_span(text).ok_or_else(|| UserError::BadTimeout {
        text: text.trim().to_string(),
    })?;
    // Compared as seconds: a TimeDelta of trillions of days would not exist (chrono panics).
    if total < MIN_TURN_TIMEOUT.num_seconds() || total > MAX_TURN_TIMEOUT.num_seconds() {
        return Err(UserError::TimeoutOutOfRange {
            text: text.trim().to_string(),
        });
    }
    Ok(TimeDelta::seconds(total))
}

/// A time per move a front end holds typed, checked against [`MIN_TURN_TIMEOUT`] and
/// [`MAX_TURN_TIMEOUT`] (text is checked as it is read, by [`parse_turn_timeout`]).
pub fn check_turn_timeout(asked: TimeDelta) -> Result<TimeDelta, UserError> {
    if (MIN_TURN_TIMEOUT..=MAX_TURN_TIMEOUT).contains(&asked) {
        Ok(asked)
    } else {
        Err(UserError::TimeoutOutOfRange {
            text: format!("{}s", asked.num_seconds()),
        })
    }
}

/// One game's trouble must not stop the timer for every other game: inconsistent data or a
/// failed database call is logged with the game and skipped (the next tick tries it again;
/// nothing of it was saved, and what was saved is announced through the outbox).
fn skip_failed<T>(game: GameId, job: &str, result: Result<Option<T>>) -> Option<T> {
    match result {
        Ok(value) => value,
        Err(Error::Corrupt(what)) => {
            tracing::error!(%game, job, %what, "skipping a game with inconsistent data");
            None
        }
        Err(error) => {
            tracing::error!(%game, job, %error, "skipping a game this tick: a database call failed");
            None
        }
    }
}

impl Service {
    /// Tells the database a bot is running its timer. When the last beat is older than `grace`
    /// (no bot ran in between), every active deadline, and with it its half-time reminder,
    /// moves forward by that outage, so nobody loses on time for our downtime; the outage is
    /// returned. Call it before each [`Service::tick`], with a grace well above the interval
    /// between ticks; a restart that takes less than the grace changes nothing.
    #[tracing::instrument(skip_all)]
    pub async fn beat(&self, grace: TimeDelta) -> Result<Option<TimeDelta>> {
        let now = self.now();
        let mut tx = self.db.begin().await?;
        let outage = tx
            .beat(now)
            .await?
            .map(|last| now - last)
            .filter(|gap| *gap > grace);
        if let Some(outage) = outage {
            let games = tx.postpone_deadlines(outage).await?;
            tracing::warn!(
                outage_secs = outage.num_seconds(),
                games,
                "no bot ran its timer for a while: deadlines moved forward by that time"
            );
        }
        tx.commit().await?;
        Ok(outage)
    }

    /// Does what is due at the clock's time: half-time reminders (marked as sent, so each is
    /// returned once), time losses (the player to move loses, or leaves a game of three or more;
    /// ratings are updated when a game ends) and expired challenges. Call it every few seconds;
    /// missed ticks catch up. Each is announced through the outbox, written in the transaction
    /// of its change; a game whose change fails is logged and left for the next tick without
    /// holding up the others.
    #[tracing::instrument(skip_all)]
    pub async fn tick(&self) -> Result<TickReport> {
        let now = self.now();
        let mut report = TickReport::default();
        // Each game is read on its own, so that one game's inconsistent row is skipped
        // without hiding the others.
        for id in self.db.games_past_deadline(now).await? {
            let ended = async {
                match self.db.game(id).await? {
                    Some(game) => self.lose_on_time(&game, now, Delivery::Channel).await,
                    None => Ok(None),
                }
            };
            match skip_failed(id, "time loss", ended.await) {
                Some(TimeLoss::Ended(ended)) => report.timeouts.push(ended),
                Some(TimeLoss::Left(left)) => report.departures.push(left),
                None => {}
            }
        }
        for id in self.db.games_due_for_reminder(now).await? {
            let reminder = async {
                match self.db.game(id).await? {
                    Some(game) => self.remind(game, now).await,
                    None => Ok(None),
                }
            };
            if let Some(reminder) = skip_failed(id, "reminder", reminder.await) {
                report.reminders.push(reminder);
            }
        }
        report.expired_challenges = self.invitations().expire_challenges().await?;
        report.expired_lobbies = self.invitations().expire_lobbies().await?;
        // Tournaments whose start time has come (their announcements wake the sender).
        self.tournaments().start_due_tournaments().await?;
        // Nobody answers the timer: its announcements are due now, and a player who ran out
        // of time in a game that goes on may have handed the turn to the bot.
        for left in &report.departures {
            if let Some(game) = left.aftermath().bot_turn {
                self.wake_bot(game);
            }
        }
        let announced = report.reminders.len() + report.timeouts.len() + report.departures.len();
        let closed = report.expired_challenges.len() + report.expired_lobbies.len();
        if announced + closed > 0 {
            self.wake_outbox();
        }
        Ok(report)
    }

    /// Marks the half-time reminder of `game` as sent and returns it; `None` if the game
    /// changed meanwhile (the player moved).
    async fn remind(&self, game: GameRecord, now: DateTime<Utc>) -> Result<Option<Reminder>> {
        let Some(player) = game.to_move()? else {
            return Ok(None);
        };
        let last = self.db.last_move(game.id, game.ply).await?;
        let mut tx = self.db.begin().await?;
        let Some(reminded) = tx.mark_reminded(game.id, game.version).await? else {
            return Ok(None);
        };
        let announcement = Announcement::Reminder {
            game: game.id,
            ply: reminded.ply,
        };
        self.announce(
            &mut tx,
            reminded.channel,
            &announcement,
            Delivery::Channel,
            now,
        )
        .await?;
        self.announce_turn_dm(&mut tx, &reminded, true, now).await?;
        let view = reminded.view(last.as_ref(), now)?;
        tx.commit().await?;
        Ok(Some(Reminder {
            time_left: view.time_left.unwrap_or_default(),
            game: view,
            player,
        }))
    }

    /// Settles `game`'s time loss: the player to move loses the game, with their team in a
    /// team game, or leaves a game of three or more (which goes on, or is won by the last
    /// player), announced by `delivery`. `None` if the game changed meanwhile (a move beat the
    /// timer).
    pub(super) async fn lose_on_time(
        &self,
        game: &GameRecord,
        now: DateTime<Utc>,
        delivery: Delivery<'_>,
    ) -> Result<Option<TimeLoss>> {
        let Some(loser) = game.to_move()? else {
            return Ok(None);
        };
        if players_leave(game.variant) {
            let left = self
                .leave(game, loser, EndReason::Timeout, now, delivery)
                .await?;
            return Ok(left.map(TimeLoss::Left));
        }
        let result = GameResult::Win {
            winners: others_win(game, loser),
            reason: EndReason::Timeout,
        };
        let ended = self.end_without_move(game, result, now, delivery).await?;
        Ok(ended.map(TimeLoss::Ended))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn move_times_parse_within_bounds() {
        assert_eq!(parse_turn_timeout("10m"), Ok(TimeDelta::minutes(10)));
        assert_eq!(parse_turn_timeout(" 3D "), Ok(TimeDelta::days(3)));
        assert_eq!(parse_turn_timeout("1d 12h"), Ok(TimeDelta::hours(36)));
        assert_eq!(parse_turn_timeout("1w"), Ok(TimeDelta::days(7)));
        assert_eq!(parse_turn_timeout("1 min"), Ok(TimeDelta::minutes(1)));
        for bad in ["", "10", "m", "10x", "ten minutes", "-5m", "1.5h"] {
            assert!(
                matches!(parse_turn_timeout(bad), Err(UserError::BadTimeout { .. })),
                "{bad}"
            );
        }
        for out in [
            "59s",
            "8d",
            "7d 1m",
            "99999999999999d",
            "99999999999999999d",
        ] {
            assert!(
                matches!(
                    parse_turn_timeout(out),
                    Err(UserError::TimeoutOutOfRange { .. })
                ),
                "{out}"
            );
        }
    }
}
