//! What a tournament's live page shows, built from its stored rows: the terms, where it
//! stands, and the same table as the standings message (one computation,
//! [`tournament_table::standings`](super::tournament_table)). Plain data for `halma-web`.

use super::tournament_table::StandingExtras;
use super::tournament_terms::StandingsView;
use super::Web;
use crate::error::Result;
use chrono::{DateTime, SecondsFormat, Utc};
use halma_snapshot::{TournamentRow, TournamentSnapshot};

/// Tournaments a server's page lists at most.
pub const SERVER_PAGE_TOURNAMENTS: u32 = 10;

impl Web<'_> {
    /// The page of the tournament whose token is `token`: its terms, where it stands and its
    /// table. `None` when no tournament has that token.
    #[tracing::instrument(skip_all)]
    pub async fn tournament_page(self, token: &str) -> Result<Option<TournamentSnapshot>> {
        let Some(tournament) = self.service.db.tournament_by_token(token).await? else {
            return Ok(None);
        };
        let table = self.service.tournaments().standings_of(tournament).await?;
        Ok(Some(tournament_snapshot(&table)))
    }
}

fn utc(at: DateTime<Utc>) -> String {
    at.to_rfc3339_opts(SecondsFormat::Secs, true)
}

/// The page's snapshot of a tournament's standings.
pub(super) fn tournament_snapshot(table: &StandingsView) -> TournamentSnapshot {
    let t = &table.tournament;
    let ends_at = match (t.started_at, t.duration) {
        (Some(start), Some(length)) => Some(utc(start + length)),
        _ => None,
    };
    TournamentSnapshot {
        name: t.name.clone(),
        format: t.format.as_str().to_string(),
        variant: t.variant.name().to_string(),
        status: t.status.as_str().to_string(),
        round: t.current_round,
        rounds: table.rounds,
        starts_at: utc(t.started_at.unwrap_or(t.starts_at)),
        ends_at,
        rows: table
            .rows
            .iter()
            .map(|r| {
                let (tiebreaks, streak) = match r.extras {
                    StandingExtras::Swiss {
                        buchholz,
                        sonneborn_berger,
                    } => (vec![buchholz.to_string(), sonneborn_berger.to_string()], 0),
                    // The performance breaks an arena's ties, unshown as in its message.
                    StandingExtras::Arena { streak, .. } => (Vec::new(), streak),
                };
                TournamentRow {
                    place: r.place,
                    name: r.name.clone(),
                    points: r.points.to_string(),
                    tiebreaks,
                    games: r.games,
                    streak,
                    withdrawn: r.withdrawn,
                }
            })
            .collect(),
    }
}
