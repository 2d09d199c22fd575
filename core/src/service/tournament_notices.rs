//! What a tournament's outbox rows say when a sender takes them: each reads the tournament as
//! it is then, so a row written before later changes still shows the latest state.

use super::NoticeView;
use super::{GameStarted, Tournaments};
use crate::db::outbox::Announcement;
use crate::error::Result;
use crate::model::TournamentStatus;
use chrono::{DateTime, Utc};

impl Tournaments<'_> {
    /// What a tournament's row (or a game's start it wrote) says now; `None` when moot.
    pub(super) async fn tournament_notice(
        self,
        announcement: &Announcement,
        now: DateTime<Utc>,
    ) -> Result<Option<NoticeView>> {
        Ok(match announcement {
            Announcement::Started { game } => match self.service.db.game(*game).await? {
                Some(record) => Some(NoticeView::Started(GameStarted {
                    game: self.service.view_of(&record, now).await?,
                    bots: Vec::new(),
                })),
                None => None,
            },
            Announcement::TournamentAnnounced { tournament } => self
                .tournament_view(*tournament)
                .await?
                .map(NoticeView::Tournament),
            Announcement::TournamentRound { tournament, round } => self
                .round_view(*tournament, *round)
                .await?
                // A round of a tournament called off since is not opened.
                .filter(|r| r.tournament.status != TournamentStatus::Cancelled)
                .map(NoticeView::TournamentRound),
            Announcement::TournamentStandings { tournament } => {
                match self.service.db.tournament(*tournament).await? {
                    Some(t) => Some(NoticeView::TournamentStandings(self.standings_of(t).await?)),
                    None => None,
                }
            }
            Announcement::TournamentEnded { tournament } => {
                match self.service.db.tournament(*tournament).await? {
                    Some(t) => Some(NoticeView::TournamentEnded(self.standings_of(t).await?)),
                    None => None,
                }
            }
            _ => None,
        })
    }
}
