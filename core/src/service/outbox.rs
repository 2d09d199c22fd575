//! Announcements that must reach a channel: written into the outbox in the transaction of the
//! change they announce, taken by a sender, presented from the game's rows, and deleted once
//! sent. The answer to an interaction (a move, a resignation, ...) writes one too, held back
//! while the interaction is answered: delivered, the answer deletes it; failed, it hands it to
//! the sender, so a saved change is shown once, and never zero times.

use super::answer::NoticeKey;
use super::NoticeView;
use super::{
    GameEnded, GameView, MovePlayed, PlayerLeft, RatingChange, Reminder, Resignation, Service,
};
use crate::db::games::GameRecord;
use crate::db::outbox::{Announcement, NewNotice, Notice, NoticeId, SeatRating};
use crate::db::DbTx;
use crate::error::Result;
use crate::model::{ChallengeStatus, EndReason, GameStatus};
use chrono::{DateTime, TimeDelta, Utc};

/// How long an interaction's answer has to be delivered before a sender posts its
/// announcement to the channel instead (the bot died between the commit and the answer).
/// Discord wants an answer within three seconds; this leaves room for a slow one.
pub const ANSWER_HOLD: TimeDelta = TimeDelta::seconds(20);

/// How long a sender holds the rows it took: another process takes them after that, as if
/// the sender had died.
pub const SEND_LEASE: TimeDelta = TimeDelta::seconds(60);

/// After this many failed sends an announcement is given up (logged as an error).
pub const MAX_ATTEMPTS: u32 = 30;

/// Who shows a change first.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Delivery<'a> {
    /// The answer to the user's interaction, with its token when the front end has one; the
    /// outbox row waits [`ANSWER_HOLD`] for it and keeps the token (see
    /// [`Outgoing::answer_token`]).
    Answer(Option<&'a str>),
    /// Nobody asked (the timer, the bot's own move): the outbox row is due at once.
    Channel,
}

impl MovePlayed {
    /// The outbox row written with this move.
    pub fn notice(&self) -> NoticeKey {
        NoticeKey::Move {
            game: self.game.id,
            ply: self.game.ply,
        }
    }
}

impl GameEnded {
    /// The outbox row written with this end.
    pub fn notice(&self) -> NoticeKey {
        NoticeKey::Ended { game: self.game.id }
    }
}

impl PlayerLeft {
    /// The outbox row written with this departure.
    pub fn notice(&self) -> NoticeKey {
        NoticeKey::Left {
            game: self.game.id,
            ply: self.game.ply,
            seat: self.player.seat,
        }
    }
}

impl Resignation {
    /// The outbox row written with this resignation.
    pub fn notice(&self) -> NoticeKey {
        match self {
            Resignation::Ended(ended) => ended.notice(),
            Resignation::Left(left) => left.notice(),
        }
    }
}

impl super::DrawOffer {
    /// The outbox row written with this offer: only one that ended the game has one.
    pub fn notice(&self) -> Option<NoticeKey> {
        match self {
            super::DrawOffer::Standing { .. } => None,
            super::DrawOffer::Agreed(ended) | super::DrawOffer::LostOnTime(ended) => {
                Some(ended.notice())
            }
            super::DrawOffer::PlayerLeft(left) => Some(left.notice()),
        }
    }
}

impl super::Abort {
    /// The outbox row written with this abort: only a game that ended on time instead has one.
    pub fn notice(&self) -> Option<NoticeKey> {
        match self {
            super::Abort::Aborted(_) => None,
            super::Abort::LostOnTime(ended) => Some(ended.notice()),
            super::Abort::PlayerLeft(left) => Some(left.notice()),
        }
    }
}

/// An announcement taken from the outbox.
#[derive(Clone, Debug, PartialEq)]
pub struct Outgoing {
    /// Its row, to confirm with [`Service::notice_sent`] or put back with
    /// [`Service::notice_failed`].
    pub id: NoticeId,
    /// The channel it goes to.
    pub channel: u64,
    /// Times it was taken, this time included.
    pub attempts: u32,
    /// What to say; `None` when it became moot (the reminded player moved, the challenge's
    /// message is unknown): confirm it without sending anything.
    pub view: Option<NoticeView>,
    /// The token of the interaction whose answer was to show it: when Discord has that
    /// answer, the announcement was shown and must not be posted again.
    pub answer_token: Option<String>,
}

/// The rating changes as an announcement keeps them.
pub(super) fn seat_ratings(ratings: &[RatingChange]) -> Vec<SeatRating> {
    ratings
        .iter()
        .map(|r| SeatRating {
            seat: r.player.seat,
            before: r.before,
            after: r.after,
            deviation: r.deviation,
        })
        .collect()
}

fn rating_changes(game: &GameRecord, ratings: &[SeatRating]) -> Result<Vec<RatingChange>> {
    ratings
        .iter()
        .map(|r| {
            Ok(RatingChange {
                player: game.player_at(r.seat)?,
                before: r.before,
                after: r.after,
                deviation: r.deviation,
            })
        })
        .collect()
}

/// The wait before the next try after `attempts` failed sends: 1 s, doubling, at most 5 min.
pub fn backoff(attempts: u32) -> TimeDelta {
    let secs = 1i64 << attempts.saturating_sub(1).min(9);
    TimeDelta::seconds(secs.min(300))
}

impl Service {
    /// `announcement` for `channel` as its outbox row, due at once or held for an answer.
    pub(super) fn notice(
        &self,
        channel: u64,
        announcement: &Announcement,
        delivery: Delivery<'_>,
        now: DateTime<Utc>,
    ) -> Result<NewNotice> {
        let (due, token) = match delivery {
            Delivery::Answer(token) => (now + ANSWER_HOLD, token.map(str::to_owned)),
            Delivery::Channel => (now, None),
        };
        Ok(NewNotice::new(channel, announcement, now, due, token)?)
    }

    /// Writes `announcement` for `channel` in `tx`, due at once or held for an answer.
    pub(super) async fn announce(
        &self,
        tx: &mut DbTx,
        channel: u64,
        announcement: &Announcement,
        delivery: Delivery<'_>,
        now: DateTime<Utc>,
    ) -> Result<()> {
        let notice = self.notice(channel, announcement, delivery, now)?;
        tx.insert_notice(&notice).await?;
        Ok(())
    }

    /// Writes each of `announcements` (a channel and what to say there) in `tx`, due at once:
    /// what the timer found, with nobody's interaction to answer.
    pub(super) async fn announce_each(
        &self,
        tx: &mut DbTx,
        announcements: Vec<(u64, Announcement)>,
        now: DateTime<Utc>,
    ) -> Result<()> {
        for (channel, announcement) in announcements {
            self.announce(tx, channel, &announcement, Delivery::Channel, now)
                .await?;
        }
        Ok(())
    }

    /// Takes up to `limit` announcements that are due, oldest first, for this sender alone
    /// (for [`SEND_LEASE`]). One that cannot be read or presented is logged and put back for
    /// later, without holding up the others.
    #[tracing::instrument(skip_all)]
    pub async fn take_notices(&self, limit: u32) -> Result<Vec<Outgoing>> {
        let now = self.now();
        let taken = self.db.take_notices(now, now + SEND_LEASE, limit).await?;
        let mut out = Vec::with_capacity(taken.len());
        for notice in taken {
            let notice = match notice {
                Ok(notice) => notice,
                Err((id, error)) => {
                    tracing::error!(notice = %id, %error, "an outbox row does not read; left for later");
                    continue;
                }
            };
            match self.notice_view(&notice, now).await {
                Ok(view) => out.push(Outgoing {
                    id: notice.id,
                    channel: notice.channel,
                    attempts: notice.attempts,
                    view,
                    answer_token: notice.answer_token,
                }),
                Err(error) => {
                    tracing::error!(
                        notice = %notice.id,
                        announcement = ?notice.announcement,
                        %error,
                        "cannot present an announcement; trying again later"
                    );
                    self.notice_failed(notice.id, notice.attempts).await?;
                }
            }
        }
        moot_repeats(&mut out);
        Ok(out)
    }

    /// The announcement is in its channel (or moot): its row goes.
    #[tracing::instrument(skip_all, fields(notice = %id))]
    pub async fn notice_sent(&self, id: NoticeId) -> Result<()> {
        self.db.delete_notice(id).await?;
        Ok(())
    }

    /// Sending failed for the `attempts`-th time: the row is taken again after a backoff, or
    /// given up after [`MAX_ATTEMPTS`]. Returns when it is due again (`None`: given up).
    #[tracing::instrument(skip_all, fields(notice = %id))]
    pub async fn notice_failed(
        &self,
        id: NoticeId,
        attempts: u32,
    ) -> Result<Option<DateTime<Utc>>> {
        if attempts >= MAX_ATTEMPTS {
            tracing::error!(notice = %id, attempts, "giving up an announcement that could not be sent");
            self.db.delete_notice(id).await?;
            return Ok(None);
        }
        let due = self.now() + backoff(attempts);
        self.db.put_back_notice(id, due).await?;
        Ok(Some(due))
    }

    /// The answer to an interaction was delivered: its held announcement goes. `false` when
    /// there was none left (a sender had already posted it).
    #[tracing::instrument(skip_all)]
    pub async fn answer_delivered(&self, key: NoticeKey) -> Result<bool> {
        let (game, kind, ply, seat) = key.parts();
        Ok(self.db.delete_notice_of(game, kind, ply, seat).await?)
    }

    /// The answer to an interaction could not be delivered: its held announcement is due now,
    /// for a sender to post in the channel. `false` when there was none.
    #[tracing::instrument(skip_all)]
    pub async fn answer_failed(&self, key: NoticeKey) -> Result<bool> {
        let (game, kind, ply, seat) = key.parts();
        Ok(self
            .db
            .hand_over_notice_of(game, kind, ply, seat, self.now())
            .await?)
    }

    /// How many announcements wait to be sent.
    pub async fn notices_waiting(&self) -> Result<u64> {
        Ok(self.db.notices_waiting().await?)
    }

    /// What `notice` says now; `None` when it became moot.
    async fn notice_view(&self, notice: &Notice, now: DateTime<Utc>) -> Result<Option<NoticeView>> {
        Ok(match &notice.announcement {
            Announcement::Move {
                game,
                ply,
                version,
                seat,
                chain,
                passed,
                ratings,
            } => {
                let Some(record) = self.db.game(*game).await? else {
                    return Ok(None);
                };
                let view = self.view_after(&record, *ply, *version, now).await?;
                Some(NoticeView::Move(MovePlayed {
                    game: view,
                    mover: record.player_at(*seat)?,
                    chain: chain.squares().to_vec(),
                    passed: record.players_at(passed)?,
                    ratings: rating_changes(&record, ratings)?,
                }))
            }
            Announcement::Ended { game, ratings } => {
                let Some(record) = self.db.game(*game).await? else {
                    return Ok(None);
                };
                Some(NoticeView::Ended(GameEnded {
                    game: self.view_of(&record, now).await?,
                    ratings: rating_changes(&record, ratings)?,
                }))
            }
            Announcement::Left {
                game,
                seat,
                resigned,
                passed,
                ratings,
                ..
            } => {
                let Some(record) = self.db.game(*game).await? else {
                    return Ok(None);
                };
                Some(NoticeView::Left(PlayerLeft {
                    game: self.view_of(&record, now).await?,
                    player: record.player_at(*seat)?,
                    reason: if *resigned {
                        EndReason::Resigned
                    } else {
                        EndReason::Timeout
                    },
                    passed: record.players_at(passed)?,
                    ratings: rating_changes(&record, ratings)?,
                }))
            }
            Announcement::Reminder { game, ply } => {
                let Some(record) = self.db.game(*game).await? else {
                    return Ok(None);
                };
                // The player moved (or the game ended) since: nothing to remind of.
                let Some(player) = record.to_move()?.filter(|_| record.ply == *ply) else {
                    return Ok(None);
                };
                let view = self.view_of(&record, now).await?;
                Some(NoticeView::Reminder(Reminder {
                    time_left: view.time_left.unwrap_or_default(),
                    game: view,
                    player,
                }))
            }
            Announcement::ChallengeExpired { challenge } => match self
                .db
                .challenge(*challenge)
                .await?
                .filter(|c| c.status == ChallengeStatus::Expired && c.message.is_some())
            {
                Some(expired) => {
                    let players = self.db.challenge_players(expired.id).await?;
                    Some(NoticeView::ChallengeExpired(super::views::invitation(
                        expired, &players,
                    )))
                }
                None => None,
            },
            Announcement::LobbyExpired { lobby } => self
                .db
                .lobby(*lobby)
                .await?
                .filter(|l| l.status == crate::model::LobbyStatus::Expired && l.message.is_some())
                .map(NoticeView::LobbyExpired),
            Announcement::YourMove {
                game,
                ply,
                user,
                half_time,
            } => {
                self.turn_notice_view(*game, *ply, *user, *half_time, now)
                    .await?
            }
            Announcement::PuzzleDaily { puzzle } => self
                .puzzles()
                .daily_notice(*puzzle)
                .await?
                .map(NoticeView::PuzzleDaily),
            Announcement::Started { .. }
            | Announcement::TournamentAnnounced { .. }
            | Announcement::TournamentRound { .. }
            | Announcement::TournamentStandings { .. }
            | Announcement::TournamentEnded { .. } => {
                self.tournaments()
                    .tournament_notice(&notice.announcement, now)
                    .await?
            }
        })
    }

    /// The game as it stood right after its move `ply`, which left it at `version`: its row
    /// while that version stands, else replayed (the game went on, so it was active then), with
    /// the players who had left by then taken out.
    async fn view_after(
        &self,
        record: &GameRecord,
        ply: u32,
        version: i32,
        now: DateTime<Utc>,
    ) -> Result<GameView> {
        let last = self.db.last_move(record.id, ply).await?;
        if record.version == version {
            return record.view(last.as_ref(), now);
        }
        let replayed = self.replay_to(record, ply).await?;
        let mut then = record.clone();
        then.position = replayed.position().clone();
        then.ply = ply;
        then.status = GameStatus::Active;
        then.winners = Vec::new();
        then.end_reason = None;
        then.turn_deadline = None;
        then.draw_offers = Vec::new();
        then.departures.retain(|d| d.after_ply < ply);
        then.view(last.as_ref(), now)
    }
}

/// Makes every edit in `batch` moot (sent as nothing) when a later one edits the same
/// message ([`NoticeView::edited_message`]): a burst of joins edits a tournament's
/// announcement once.
fn moot_repeats(batch: &mut [Outgoing]) {
    let mut seen = std::collections::HashSet::new();
    for outgoing in batch.iter_mut().rev() {
        let Some(key) = outgoing.view.as_ref().and_then(NoticeView::edited_message) else {
            continue;
        };
        if !seen.insert(key) {
            outgoing.view = None;
        }
    }
}
