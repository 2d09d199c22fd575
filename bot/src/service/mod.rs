//! The game flow: challenges, moves, draws, timers, ratings and the questions players ask.
//!
//! No Discord types appear here. Every function takes plain ids (`u64` guild, channel and user
//! snowflakes) and values, reads the time from the [`Clock`], and returns a plain reply (see
//! [`reply`]) or an [`Error`]: [`Error::User`] for refusals, which never change anything.
//!
//! Games are written for any number of seats (up to four); challenges host the two-player
//! variants. Every change of a game is one transaction that checks the version it read, so of
//! two concurrent changes one applies and the other is refused with
//! [`UserError::PositionChanged`].

mod challenge;
mod play;
mod queries;
mod rating;
pub mod reply;
mod timers;

pub use challenge::{ChallengeRequest, CHALLENGE_LIFETIME};
pub use play::parse_move;
pub use queries::MAX_CHOICES;
pub use reply::*;
pub use timers::{parse_turn_timeout, DEFAULT_TURN_TIMEOUT, MAX_TURN_TIMEOUT, MIN_TURN_TIMEOUT};

use crate::clock::Clock;
use crate::db::games::GameRow;
use crate::db::moves::MoveRow;
use crate::db::{from_db, to_db, Db};
use crate::error::{Error, Result, UserError};
use chrono::{DateTime, DurationRound, TimeDelta, Utc};
use halma::{MoveText, Options, Position, Seat, Variant};
use std::sync::Arc;

/// The variants players can challenge each other to.
pub const HOSTED_VARIANTS: [Variant; 3] = [Variant::Standard, Variant::Ig10, Variant::Small];

/// The names of [`HOSTED_VARIANTS`].
pub fn hosted_variant_names() -> Vec<&'static str> {
    HOSTED_VARIANTS.iter().map(|v| v.name()).collect()
}

/// The service: the database, a clock, and the game flow on top.
#[derive(Clone)]
pub struct Service {
    db: Db,
    clock: Arc<dyn Clock>,
}

impl Service {
    /// A service over `db` reading the time from `clock`.
    pub fn new(db: Db, clock: Arc<dyn Clock>) -> Service {
        Service { db, clock }
    }

    /// The database.
    pub fn db(&self) -> &Db {
        &self.db
    }

    /// Now, to the microsecond PostgreSQL stores.
    fn now(&self) -> DateTime<Utc> {
        let now = self.clock.now();
        now.duration_trunc(TimeDelta::microseconds(1))
            .unwrap_or(now)
    }
}

/// A game row with its parsed parts and players.
#[derive(Clone, Debug)]
struct Loaded {
    row: GameRow,
    variant: Variant,
    options: Options,
    position: Position,
    status: GameStatus,
    players: Vec<Player>,
}

impl Loaded {
    fn player_of(&self, user: u64) -> Option<Player> {
        self.players.iter().copied().find(|p| p.user == user)
    }

    fn player_at(&self, seat: Seat) -> Result<Player> {
        self.players
            .iter()
            .copied()
            .find(|p| p.seat == seat)
            .ok_or_else(|| corrupt(format!("game {} has nobody at seat {seat}", self.row.id)))
    }

    /// The player to move in an active game.
    fn to_move(&self) -> Result<Option<Player>> {
        if self.status != GameStatus::Active {
            return Ok(None);
        }
        self.player_at(self.position.to_move()).map(Some)
    }

    /// The players named by a string of seat letters.
    fn players_in(&self, letters: &str) -> Result<Vec<Player>> {
        letters
            .chars()
            .map(|c| {
                let seat =
                    Seat::from_letter(c).ok_or_else(|| corrupt(format!("bad seat '{c}'")))?;
                self.player_at(seat)
            })
            .collect()
    }

    fn result(&self) -> Result<Option<GameResult>> {
        if self.status != GameStatus::Finished {
            return Ok(None);
        }
        let reason: EndReason = self
            .row
            .end_reason
            .as_deref()
            .unwrap_or_default()
            .parse()
            .map_err(corrupt)?;
        Ok(Some(match &self.row.winners {
            Some(letters) => GameResult::Win {
                winners: self.players_in(letters)?,
                reason,
            },
            None => GameResult::Draw { reason },
        }))
    }

    fn view(&self, last: Option<&MoveRow>, now: DateTime<Utc>) -> Result<GameView> {
        let last_move = match last {
            Some(m) => {
                let seat = seat_of_letter(&m.seat)?;
                let text: MoveText = m
                    .chain
                    .parse()
                    .map_err(|e| corrupt(format!("move {}: {e}", m.chain)))?;
                Some(LastMove {
                    player: self.player_at(seat)?,
                    chain: text.squares().to_vec(),
                })
            }
            None => None,
        };
        let time_left = self
            .row
            .turn_deadline
            .filter(|_| self.status == GameStatus::Active)
            .map(|d| (d - now).max(TimeDelta::zero()));
        Ok(GameView {
            id: self.row.id,
            guild: from_db(self.row.guild_id),
            channel: from_db(self.row.channel_id),
            variant: self.variant,
            options: self.options,
            players: self.players.clone(),
            position: self.position.clone(),
            ply: self.row.ply as u32,
            to_move: self.to_move()?,
            last_move,
            turn_timeout: TimeDelta::seconds(self.row.turn_timeout_secs),
            turn_deadline: self
                .row
                .turn_deadline
                .filter(|_| self.status == GameStatus::Active),
            time_left,
            draw_offers: self.players_in(&self.row.draw_offers)?,
            status: self.status,
            result: self.result()?,
            created_at: self.row.created_at,
        })
    }
}

fn corrupt(what: impl Into<String>) -> Error {
    Error::Corrupt(what.into())
}

fn seat_of_letter(text: &str) -> Result<Seat> {
    let mut chars = text.chars();
    match (chars.next().and_then(Seat::from_letter), chars.next()) {
        (Some(seat), None) => Ok(seat),
        _ => Err(corrupt(format!("bad seat '{text}'"))),
    }
}

/// The letters of `players`' seats, in seat order.
fn seat_letters(players: &[Player]) -> String {
    let mut seats: Vec<Seat> = players.iter().map(|p| p.seat).collect();
    seats.sort();
    seats.iter().map(|s| s.letter()).collect()
}

impl Service {
    /// Reads the seats of a game row and parses its parts.
    async fn load(&self, row: GameRow) -> Result<Loaded> {
        let variant: Variant = row
            .variant
            .parse()
            .map_err(|e| corrupt(format!("game {}: {e}", row.id)))?;
        let position: Position = row
            .position
            .parse()
            .map_err(|e| corrupt(format!("game {}: {e}", row.id)))?;
        let status: GameStatus = row.status.parse().map_err(corrupt)?;
        let options = Options {
            camp_rule: row.camp_rule,
            balance: row.balance,
            anti_spoiling: row.anti_spoiling,
            ply_limit: row.ply_limit.map(|n| n as u32),
        };
        let players = self
            .db
            .seats(row.id)
            .await?
            .into_iter()
            .map(|s| {
                Ok(Player {
                    seat: seat_of_letter(&s.seat)?,
                    user: from_db(s.user_id),
                })
            })
            .collect::<Result<Vec<_>>>()?;
        Ok(Loaded {
            row,
            variant,
            options,
            position,
            status,
            players,
        })
    }

    /// The channel's active game, or else its last one.
    async fn current_or_last(&self, guild: u64, channel: u64) -> Result<Loaded> {
        let row = self
            .db
            .current_or_last_game(to_db(channel))
            .await?
            .filter(|g| g.guild_id == to_db(guild))
            .ok_or(UserError::NoGame)?;
        self.load(row).await
    }

    /// The channel's active game for `user` to act in: refuses when there is none (or it is
    /// over) and when the user does not play in it.
    async fn active_for_player(
        &self,
        guild: u64,
        channel: u64,
        user: u64,
    ) -> Result<(Loaded, Player)> {
        let game = self.current_or_last(guild, channel).await?;
        let player = game.player_of(user).ok_or(UserError::NotAPlayer)?;
        if game.status != GameStatus::Active {
            return Err(UserError::GameOver.into());
        }
        Ok((game, player))
    }

    /// The view of a loaded game with its last move from the database.
    async fn view_of(&self, game: &Loaded, now: DateTime<Utc>) -> Result<GameView> {
        let last = self.db.last_move(game.row.id, game.row.ply).await?;
        game.view(last.as_ref(), now)
    }

    /// Replays the stored moves and checks they lead to the stored position.
    async fn replay(&self, game: &Loaded) -> Result<halma::Game> {
        let start: Position = game
            .row
            .start_position
            .parse()
            .map_err(|e| corrupt(format!("game {}: {e}", game.row.id)))?;
        let texts = self
            .db
            .moves(game.row.id, game.row.ply)
            .await?
            .iter()
            .map(|m| m.chain.parse::<MoveText>())
            .collect::<Result<Vec<_>, _>>()
            .map_err(|e| corrupt(format!("game {}: {e}", game.row.id)))?;
        let replayed = halma::Game::replay(start, game.options, &texts)
            .map_err(|(i, e)| corrupt(format!("game {} move {}: {e}", game.row.id, i + 1)))?;
        if replayed.position() != &game.position || texts.len() != game.row.ply as usize {
            return Err(corrupt(format!(
                "game {}: moves do not lead to the stored position",
                game.row.id
            )));
        }
        Ok(replayed)
    }
}
