//! Games against the bot: starting one, the bot's moves, and hints. Searches wait their turn in
//! a bounded queue served by plain threads of their own ([`super::searches`]).

use super::searches::{NoResult, Owner, SearchQueue};
use super::start::{Seated, Terms};
use super::{
    challenge, corrupt, Actor, GameId, GameStarted, GameView, Invitations, MovePlayed, UserError,
};
use crate::error::{Error, Result};
use chrono::{DateTime, Utc};
use halma::{Options, Position, Square};
use halma_engine::{Config, Level, Limits, SearchResult};
use std::time::Duration;

pub use super::searches::{SearchLimits, SearchStats};
pub use crate::db::game_seats::AiRecord;

/// How many hints each player may take in a game.
pub const HINTS_PER_GAME: u32 = 3;

/// The level of a game against the bot that names none.
pub const DEFAULT_LEVEL: Level = Level::Medium;

/// How much longer than two of its longest searches a process holds a game's search: the
/// queue's usual wait and the move's saving. A search that waits longer may be taken up by
/// another process too; the move's versioned save keeps one of the two.
const SEARCH_HOLD_MARGIN: Duration = Duration::from_secs(5);

/// The strength hints are searched at: quick, and good enough to learn from.
const HINT_LEVEL: Level = Level::Medium;

/// How the bot's levels search: the levels of the engine, with the hard level's time budget
/// configurable, and (for tests) a node budget instead of any clock.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AiSettings {
    /// The hard level's time per move.
    pub hard_time: Duration,
    /// A node budget that replaces every time budget: the bot's choices no longer depend on
    /// the machine's speed (tests).
    pub node_budget: Option<u64>,
    /// How many searches may wait or run at once.
    pub limits: SearchLimits,
}

impl Default for AiSettings {
    fn default() -> AiSettings {
        AiSettings {
            hard_time: Level::Hard.limits().time.unwrap_or(Duration::from_secs(1)),
            node_budget: None,
            limits: SearchLimits::default(),
        }
    }
}

impl AiSettings {
    /// Settings with `budget` nodes per search and no clock: deterministic.
    pub fn deterministic(budget: u64) -> AiSettings {
        AiSettings {
            node_budget: Some(budget),
            ..AiSettings::default()
        }
    }

    /// How `level` searches with these settings, seeded with `seed`.
    pub fn config(&self, level: Level, seed: u64) -> Config {
        let mut config = level.config();
        config.seed = seed;
        if level == Level::Hard {
            config.limits.time = Some(self.hard_time);
        }
        if let Some(nodes) = self.node_budget {
            config.limits = Limits {
                time: None,
                nodes: Some(config.limits.nodes.map_or(nodes, |n| n.min(nodes))),
                depth: config.limits.depth,
            };
        }
        config
    }
}

/// The bot's side of the service: its settings and its search queue.
pub(super) struct Ai {
    settings: AiSettings,
    pub(super) searches: SearchQueue,
}

impl Ai {
    pub(super) fn new(settings: AiSettings) -> Ai {
        Ai {
            settings,
            searches: SearchQueue::new(settings.limits),
        }
    }

    /// Searches for `owner`, as [`SearchQueue::search`]; a full queue is a polite refusal, a
    /// cancelled search means the position changed.
    async fn search(
        &self,
        owner: Owner,
        pos: Position,
        rules: Options,
        config: Config,
    ) -> Result<SearchResult> {
        self.searches
            .search(owner, pos, rules, config)
            .await
            .map_err(|why| match why {
                NoResult::Busy => UserError::BotBusy.into(),
                NoResult::Cancelled => UserError::PositionChanged.into(),
                NoResult::Closed => Error::Search("the search threads stopped".into()),
            })
    }
}

/// A suggested move for the player to move.
#[derive(Clone, Debug, PartialEq)]
pub struct Hint {
    /// The game as it stands.
    pub game: GameView,
    /// The suggested move: its start, then every landing square.
    pub chain: Vec<Square>,
    /// Hints the player may still take in this game.
    pub hints_left: u32,
}

/// A seed for the bot's noise that differs between games and moves.
fn seed_of(game: GameId, ply: u32) -> u64 {
    (game.0 as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ u64::from(ply)
}

impl super::Searches<'_> {
    /// What the bot's search queue has done since the start.
    pub fn stats(self) -> SearchStats {
        self.service.ai.searches.stats()
    }

    /// The active games the bot plays in: after a restart, each may be waiting for its move
    /// (see [`Service::ai_turn`]).
    #[tracing::instrument(skip_all)]
    pub async fn active_ai_games(self) -> Result<Vec<GameId>> {
        Ok(self.service.db.active_games_with_ai().await?)
    }

    /// Plays the bot's move in game `id` if the bot is to move there, through the same path as
    /// a player's move ([`Service::play`]); `None` when it is not the bot's turn (or the game
    /// is over). A concurrent change of the game refuses the move as for a player.
    #[tracing::instrument(skip_all, fields(game = %id))]
    pub async fn ai_turn(self, id: GameId) -> Result<Option<MovePlayed>> {
        let Some(game) = self.service.db.game(id).await? else {
            return Ok(None);
        };
        let Some(to_move) = game.to_move()? else {
            return Ok(None);
        };
        let seats = self.service.db.ai_seats(id).await?;
        let Some(&(_, level)) = seats.iter().find(|(seat, _)| *seat == to_move.seat) else {
            return Ok(None);
        };
        if game.turn_deadline.is_some_and(|d| d <= self.service.now()) {
            // The timer ends the game.
            return Ok(None);
        }
        let config = self
            .service
            .ai
            .settings
            .config(level, seed_of(id, game.ply));
        // The search is the people's at the table: their searches take turns with everyone's.
        let member = game
            .players
            .iter()
            .find(|p| seats.iter().all(|(bot, _)| *bot != p.seat))
            .map_or(to_move.user, |p| p.user);
        let owner = Owner {
            member,
            guild: game.guild,
            game: id,
        };
        // One process thinks for a game: another that holds it (or died holding it, until
        // the hold runs out and a sweep comes back) has this turn.
        let hold = self.service.ai.settings.hard_time * 2 + SEARCH_HOLD_MARGIN;
        if !self.service.db.hold_search(id, game.ply, hold).await? {
            tracing::debug!(%id, "another process thinks for this game");
            return Ok(None);
        }
        tracing::debug!(%id, %level, "the bot thinks");
        let played = self
            .search_and_play(id, &game, to_move, owner, config)
            .await;
        if let Err(error) = self.service.db.release_search(id, game.ply).await {
            tracing::warn!(%id, %error, "cannot let go of a game's search");
        }
        played.map(Some)
    }

    /// The bot's search at `game`'s position and the move it found, played.
    async fn search_and_play(
        self,
        id: GameId,
        game: &crate::db::games::GameRecord,
        to_move: crate::model::Player,
        owner: Owner,
        config: Config,
    ) -> Result<MovePlayed> {
        let found = self
            .service
            .ai
            .search(owner, game.position.clone(), game.options, config)
            .await?;
        tracing::debug!(
            depth = found.depth,
            nodes = found.nodes,
            score = found.score,
            "the bot searched"
        );
        let text = halma::MoveText::from_squares(found.chain.clone())
            .ok_or_else(|| corrupt(format!("game {id}: the bot is to move but found no move")))?;
        // Nobody waits for an answer: the outbox posts the move to the channel.
        let played = self
            .service
            .play_for(
                super::Place::new(game.guild, game.channel).member(to_move.user),
                &text,
                super::outbox::Delivery::Channel,
                None,
            )
            .await?;
        self.service.wake_outbox();
        Ok(played)
    }

    /// A suggested move for `user`, who is to move in the channel's game; at most
    /// [`HINTS_PER_GAME`] per player and game.
    #[tracing::instrument(skip_all)]
    pub async fn hint(self, at: Actor) -> Result<Hint> {
        let now: DateTime<Utc> = self.service.now();
        let (game, me) = self.service.game_on_turn(at, now).await?;
        let taken = self.service.db.hints_used(game.id).await?;
        let limit = HINTS_PER_GAME;
        if taken.iter().any(|&(seat, n)| seat == me.seat && n >= limit) {
            return Err(UserError::NoHintsLeft { limit }.into());
        }
        let owner = Owner {
            member: at.user,
            guild: at.guild(),
            game: game.id,
        };
        if !self.service.ai.searches.has_room(&owner) {
            return Err(UserError::BotBusy.into());
        }
        // Counted before its search, so that hints asked at once cannot search past the limit.
        let mut tx = self.service.db.begin().await?;
        let used = tx
            .use_hint(game.id, me.seat, limit)
            .await?
            .ok_or(UserError::NoHintsLeft { limit })?;
        tx.commit().await?;
        let config = self
            .service
            .ai
            .settings
            .config(HINT_LEVEL, seed_of(game.id, game.ply));
        let found = self
            .service
            .ai
            .search(owner, game.position.clone(), game.options, config)
            .await?;
        if found.chain.len() < 2 {
            return Err(corrupt(format!(
                "game {}: the player to move has no move",
                game.id
            )));
        }
        Ok(Hint {
            game: self.service.view_of(&game, now).await?,
            chain: found.chain,
            hints_left: limit.saturating_sub(used),
        })
    }
}

/// A game against the bot is an invitation answered at once.
impl Invitations<'_> {
    /// Starts a game against the bot (the one opponent of `req`, see
    /// [`challenge::ChallengeRequest::is_against_me`]) at once, at `req.level` (default
    /// [`DEFAULT_LEVEL`]); the bot moves first when it is to move (see [`Service::ai_turn`]).
    /// Not rated.
    #[tracing::instrument(skip_all)]
    pub async fn challenge_ai(self, req: &challenge::ChallengeRequest) -> Result<GameStarted> {
        let bot = match req.opponents[..] {
            [o] if o.is_me => o.user,
            _ => return Err(UserError::ChallengeBot.into()),
        };
        let level = req.level.unwrap_or(DEFAULT_LEVEL);
        let (variant, timeout) = self.terms(req).await?;
        if variant.players() != 2 {
            return Err(UserError::WrongOpponentCount {
                variant,
                needed: variant.players() - 1,
            }
            .into());
        }
        let players = challenge::seat_players(req.first, req.challenger.user, bot);
        let seated = players.map(|p| Seated {
            user: p.user,
            ai_level: (p.user == bot).then_some(level),
        });
        let terms = Terms {
            guild: req.challenger.guild(),
            channel: req.challenger.channel(),
            variant,
            anti_spoiling: req.anti_spoiling,
            no_parking: req.no_parking,
            turn_timeout: timeout,
        };
        self.service.start_at_once(&terms, &seated).await
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_node_budget_replaces_every_clock() {
        let settings = AiSettings::deterministic(3_000);
        for level in Level::ALL {
            let config = settings.config(level, 7);
            assert_eq!(config.limits.time, None, "{level}");
            assert!(config.limits.nodes.is_some_and(|n| n <= 3_000), "{level}");
            assert_eq!(config.seed, 7);
        }
        let hard = AiSettings {
            hard_time: Duration::from_millis(250),
            ..AiSettings::default()
        }
        .config(Level::Hard, 0);
        assert_eq!(hard.limits.time, Some(Duration::from_millis(250)));
    }
}
