//! What the live web pages show, built from the stored games: a game's snapshot by its page's
//! token (every ply replayed from the stored moves, with the players who left taken out where
//! they left), and a server's page. Plain data for the `halma-web` crate; no HTTP here.
//!
//! Players are named as they go by in the game's server (see [`super::names`]); a player
//! with no name kept, and the bot, go to the page without a name, for the page to word in its
//! reader's language (`Player A`, `Halma bot`), as it words how the game ended (a [`Reason`]).

use super::{corrupt, GameStatus, Web};
use crate::db::games::GameRecord;
use crate::db::moves::MoveRecord;
use crate::error::Result;
use crate::model::EndReason;
use halma::Variant;
use halma::{Ply, Position};
use halma_snapshot::{
    ActiveGame, GameSnapshot, Leaderboard, ListedTournament, Player as PagePlayer, Ranked, Reason,
    ServerSnapshot, State, Status,
};
use std::collections::HashMap;

/// Names by user id, of one server's members.
type Names = HashMap<u64, String>;

/// Whether everyone in the server can see a channel (by its id): only such channels' games are
/// listed on the server's public page.
pub type IsPublic<'a> = &'a (dyn Fn(u64) -> bool + Send + Sync);

/// Rows of each leaderboard on a server's page.
pub const SERVER_PAGE_RANKS: u32 = 20;

/// Games in progress a server's page lists at most.
pub const SERVER_PAGE_GAMES: u32 = 50;

impl Web<'_> {
    /// The page of the game whose token is `token`: every ply with the position after it, the
    /// players (named as they go by in the game's server), whose turn it is, the deadline and
    /// the result. `None` when no game has that token.
    #[tracing::instrument(skip_all)]
    pub async fn game_page(self, token: &str) -> Result<Option<GameSnapshot>> {
        let Some(game) = self.service.db.game_by_token(token).await? else {
            return Ok(None);
        };
        let moves = self.service.db.moves(game.id, game.ply).await?;
        let names = self.service.names_in(game.guild, &people(&game)).await;
        game_snapshot(&game, &moves, &names).map(Some)
    }
}

impl Web<'_> {
    /// The page of the server `guild`: a leaderboard per variant with rated games (at most
    /// [`SERVER_PAGE_RANKS`] rows each) and the games being played (at most
    /// [`SERVER_PAGE_GAMES`], each linked by its token) and the live tournaments (at most
    /// [`SERVER_PAGE_TOURNAMENTS`](super::SERVER_PAGE_TOURNAMENTS)) in the
    /// channels that `public` says everyone can see: a game in a private channel or thread is
    /// not listed, nor is a tournament there. `None` unless the
    /// server turned its page on (`/halma settings web:on`). Members with no name kept have
    /// none on the page (which says `A member`), never their ids.
    #[tracing::instrument(skip_all)]
    pub async fn server_page(
        self,
        guild: u64,
        public: IsPublic<'_>,
    ) -> Result<Option<ServerSnapshot>> {
        if !self.service.settings().web_pages_on(guild).await? {
            return Ok(None);
        }
        let mut boards = Vec::new();
        for variant in Variant::ALL {
            let board = self
                .service
                .leaderboard(guild, variant, SERVER_PAGE_RANKS)
                .await?;
            if !board.entries.is_empty() {
                boards.push((variant, board));
            }
        }
        let listed = self
            .service
            .db
            .active_games_of_guild(guild, SERVER_PAGE_GAMES)
            .await?;
        let mut shown = Vec::with_capacity(listed.games.len());
        for (id, _) in listed.games {
            let Some(game) = self.service.db.game(id).await? else {
                continue;
            };
            if public(game.channel) {
                shown.push(game);
            }
        }
        let mut named: Vec<u64> = boards
            .iter()
            .flat_map(|(_, board)| board.entries.iter().map(|e| e.user))
            .chain(shown.iter().flat_map(people))
            .collect();
        named.sort_unstable();
        named.dedup();
        let names = self.service.names_in(guild, &named).await;
        let mut leaderboards = Vec::new();
        for (variant, board) in boards {
            let rows = board
                .entries
                .iter()
                .map(|e| Ranked {
                    rank: e.rank,
                    name: names.get(&e.user).cloned(),
                    rating: e.record.rating,
                    games: e.record.games,
                })
                .collect();
            leaderboards.push(Leaderboard {
                variant: variant.name().to_string(),
                rows,
            });
        }
        let tournaments = self
            .service
            .db
            .live_tournaments_of_guild(guild, super::tournament_page::SERVER_PAGE_TOURNAMENTS)
            .await?
            .into_iter()
            .filter(|t| public(t.channel))
            .map(|t| ListedTournament {
                name: t.name,
                format: t.format.as_str().to_string(),
                variant: t.variant.name().to_string(),
                token: t.web_token,
            })
            .collect();
        let mut games = Vec::with_capacity(shown.len());
        for game in shown {
            games.push(ActiveGame {
                variant: game.variant.name().to_string(),
                players: page_players(&game, &names),
                token: game.web_token,
            });
        }
        Ok(Some(ServerSnapshot {
            name: "Halma".to_string(),
            leaderboards,
            games,
            tournaments,
        }))
    }
}

/// The people who play `game` (not the bot's seats).
fn people(game: &GameRecord) -> Vec<u64> {
    game.players
        .iter()
        .filter(|p| !game.bots.contains(&p.seat))
        .map(|p| p.user)
        .collect()
}

/// The players as the page shows them, in seat order.
fn page_players(game: &GameRecord, names: &Names) -> Vec<PagePlayer> {
    game.players
        .iter()
        .map(|p| {
            let mut player = if game.bots.contains(&p.seat) {
                PagePlayer::the_bot(p.seat)
            } else {
                match names.get(&p.user) {
                    Some(name) => PagePlayer::new(p.seat, name.clone()),
                    None => PagePlayer::unnamed(p.seat),
                }
            };
            player.left = game.departures.iter().any(|d| d.seat == p.seat);
            player
        })
        .collect()
}

/// The position after `ply`, played from `before`.
fn after(before: &Position, ply: &Ply) -> Position {
    match ply.as_move() {
        Some(mv) => before.play_unchecked(mv),
        None => before.passed(),
    }
}

/// The snapshot of `game`, whose stored moves are `moves`: the plies are replayed from the
/// start as [`super::replay_stored`] does, each departure taken out after the moves it
/// followed, so that every ply's position is the one players saw.
pub(super) fn game_snapshot(
    game: &GameRecord,
    moves: &[MoveRecord],
    names: &Names,
) -> Result<GameSnapshot> {
    // No title: the page names the players, joined in its language.
    let players = page_players(game, names);
    let mut snapshot = GameSnapshot::new("", &game.start, players);
    let mut rules = halma::Game::new(game.start.clone(), game.options);
    let mut position = game.start.clone();
    let mut seen = 0;
    let mut departures = game.departures.iter().peekable();
    for i in 0..=moves.len() {
        while let Some(d) = departures.next_if(|d| d.after_ply as usize == i) {
            rules.remove_player(d.seat).map_err(|e| {
                corrupt(format!(
                    "game {}: seat {} cannot leave: {e}",
                    game.id, d.seat
                ))
            })?;
            position = position.without(d.seat).unwrap_or_else(|| position.clone());
        }
        if let Some(m) = moves.get(i) {
            rules
                .play(&m.chain)
                .map_err(|e| corrupt(format!("game {} move {}: {e}", game.id, i + 1)))?;
        }
        for ply in &rules.plies()[seen..] {
            position = after(&position, ply);
            snapshot.push(ply, &position);
        }
        seen = rules.plies().len();
    }
    // The last position is the game's own: it shows a departure after the last ply too.
    if let Some(last) = snapshot.plies.last_mut() {
        last.position = game.position.to_string();
    }
    snapshot.set_status(status(game), &game.position);
    let deadline = game
        .turn_deadline
        .filter(|_| game.status == GameStatus::Active)
        .map(|d| d.timestamp_millis());
    Ok(snapshot.with_deadline(deadline))
}

/// Where the stored game stands, for the page to word.
fn status(game: &GameRecord) -> Status {
    let reason = game.end_reason.map(page_reason);
    match game.status {
        GameStatus::Active => Status::playing(),
        // "Aborted" says it all: no "(aborted)" after it.
        GameStatus::Aborted => Status::aborted(reason.filter(|r| *r != Reason::Aborted)),
        GameStatus::Finished => Status {
            state: if game.winners.is_empty() {
                State::Drawn
            } else {
                State::Won
            },
            winners: game.winners.iter().map(|s| s.letter()).collect(),
            reason,
        },
    }
}

/// How a game ended, as the page's code for it.
fn page_reason(reason: EndReason) -> Reason {
    match reason {
        EndReason::Completed => Reason::Completed,
        EndReason::AntiSpoiling => Reason::AntiSpoiling,
        EndReason::Resigned => Reason::Resigned,
        EndReason::Timeout => Reason::Timeout,
        EndReason::Balance => Reason::Balance,
        EndReason::PlyLimit => Reason::PlyLimit,
        EndReason::NoMoves => Reason::NoMoves,
        EndReason::Agreement => Reason::Agreement,
        EndReason::Aborted => Reason::Aborted,
        EndReason::LastPlayer => Reason::LastPlayer,
        EndReason::NoPeopleLeft => Reason::NoPeopleLeft,
    }
}
