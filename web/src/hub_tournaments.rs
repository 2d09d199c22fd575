//! The hub's methods for tournament pages: a kept snapshot per tournament, loaded once per
//! change, and the holds of open pages on its changes (`tournaments.rs`).

use crate::hub::Hub;
use crate::tournaments::TournamentWatch;
use halma_snapshot::TournamentSnapshot;
use std::sync::Arc;

impl Hub {
    /// The tournament page's snapshot for `token`, loaded at most once per
    /// [`HubSettings::server_ttl`](crate::HubSettings::server_ttl) or change; an unknown
    /// token at most once per [`HubSettings::missing_ttl`](crate::HubSettings::missing_ttl).
    pub async fn tournament(&self, token: &str) -> Option<Arc<TournamentSnapshot>> {
        let pages = self.tournament_pages();
        if pages.missing.knows_missing(token) {
            return None;
        }
        let cell = pages.kept.cell(token);
        let page = cell
            .get_or_init(|| async { self.source().tournament(token).await.map(Arc::new) })
            .await
            .clone();
        if page.is_none() {
            pages.kept.forget(token, Some(&cell));
            pages.missing.insert(token);
        }
        page
    }

    /// Tells the hub that the tournament with page `token` changed: the next view loads it,
    /// and its open pages fetch their table again.
    pub fn tournament_changed(&self, token: &str) {
        self.tournament_pages().changed(token);
    }

    /// Tells the hub that any tournament may have changed, as after the change feed lost its
    /// connection: every open tournament page fetches its table again.
    pub fn tournaments_changed(&self) {
        self.tournament_pages().all_changed();
    }

    /// A hold on `token`'s changes for one open page, if fewer tournaments than allowed are
    /// watched.
    pub(crate) fn watch_tournament(&self, token: &str) -> Option<TournamentWatch> {
        self.tournament_pages().hold(token)
    }
}
