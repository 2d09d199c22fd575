//! A game's row as the service sees it ([`GameRecord`], with its players), read from the
//! table's columns, and what the writes of a game take.

use crate::db::{corrupt, from_db, parse, seat, seats};
use crate::model::{EndReason, GameId, GameStatus, Player};
use chrono::{DateTime, TimeDelta, Utc};
use halma::{Options, Position, Seat, Snapshot, Variant};

/// A game as stored, with its players.
#[derive(Clone, Debug, PartialEq)]
pub struct GameRecord {
    /// The game's id.
    pub id: GameId,
    /// The guild it is played in.
    pub guild: u64,
    /// The channel it is played in.
    pub channel: u64,
    /// The variant.
    pub variant: Variant,
    /// The rules it is played with.
    pub options: Options,
    /// The position it started from.
    pub start: Position,
    /// The current position.
    pub position: Position,
    /// Moves played (rows in `moves`; passes are not stored).
    pub ply: u32,
    /// Plies played with passes included; `None` for a game stored before this was kept, whose
    /// moves must be replayed once.
    pub turns: Option<u32>,
    /// In a balanced game, the seat that completed first and waits for the other's extra turn.
    pub balance_pending: Option<Seat>,
    /// Bumped by every change that depends on what was read before it.
    pub version: i32,
    /// Where the game stands.
    pub status: GameStatus,
    /// The winners' seats of a won game.
    pub winners: Vec<Seat>,
    /// Why the game ended.
    pub end_reason: Option<EndReason>,
    /// Time each player has for a move.
    pub turn_timeout: TimeDelta,
    /// When the player to move loses on time (active games only).
    pub turn_deadline: Option<DateTime<Utc>>,
    /// Whether the player to move was reminded at half time.
    pub half_time_ping_sent: bool,
    /// Seats offering a draw.
    pub draw_offers: Vec<Seat>,
    /// When the game started.
    pub created_at: DateTime<Utc>,
    /// When it ended.
    pub finished_at: Option<DateTime<Utc>>,
    /// The players in seat order.
    pub players: Vec<Player>,
    /// Players who left a game of three or more (resigned or ran out of time), in the order
    /// they left.
    pub departures: Vec<Departure>,
    /// The seats the bot plays.
    pub bots: Vec<Seat>,
    /// The unguessable token of the game's web page (`/game/<token>`).
    pub web_token: String,
}

/// A player who left a game of three or more, and when.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Departure {
    /// The seat that left.
    pub seat: Seat,
    /// Moves played (rows in `moves`) when it left.
    pub after_ply: u32,
}

impl GameRecord {
    /// The game as [`Db::save_move`] leaves it after a move, worked out without reading the
    /// row back: the answer to a move is built from this before the move is saved, so that a
    /// saved move is never reported as failed.
    pub fn after_move(&self, after: &AfterMove<'_>) -> GameRecord {
        let end = after.end;
        GameRecord {
            position: after.snapshot.position.clone(),
            ply: after.ply,
            turns: Some(after.snapshot.plies),
            balance_pending: after.snapshot.balance_pending,
            version: self.version + 1,
            status: end.map_or(self.status, |e| e.status),
            winners: end.map(|e| e.winners.clone()).unwrap_or_default(),
            end_reason: end.map(|e| e.reason),
            turn_deadline: after.turn_deadline,
            half_time_ping_sent: false,
            draw_offers: Vec::new(),
            finished_at: end.map(|e| e.at),
            ..self.clone()
        }
    }

    /// What the rules need to go on from the stored position without replaying the moves;
    /// `None` for a game stored before snapshots were kept.
    pub fn snapshot(&self) -> Option<Snapshot> {
        Some(Snapshot {
            position: self.position.clone(),
            first_mover: self.start.to_move(),
            plies: self.turns?,
            balance_pending: self.balance_pending,
        })
    }
}

/// The columns of `games`, as stored, with the seats' users.
pub(super) struct GameRow {
    pub(super) id: i64,
    pub(super) guild_id: i64,
    pub(super) channel_id: i64,
    pub(super) variant: String,
    pub(super) camp_rule: bool,
    pub(super) balance: bool,
    pub(super) anti_spoiling: bool,
    pub(super) no_parking: bool,
    pub(super) ply_limit: Option<i32>,
    pub(super) start_position: String,
    pub(super) position: String,
    pub(super) ply: i32,
    pub(super) version: i32,
    pub(super) status: String,
    pub(super) winners: Option<String>,
    pub(super) end_reason: Option<String>,
    pub(super) turn_timeout_secs: i64,
    pub(super) turn_deadline: Option<DateTime<Utc>>,
    pub(super) half_time_ping_sent: bool,
    pub(super) draw_offers: String,
    pub(super) created_at: DateTime<Utc>,
    pub(super) finished_at: Option<DateTime<Utc>>,
    pub(super) turns: Option<i32>,
    pub(super) balance_pending: Option<String>,
    pub(super) left_seats: String,
    pub(super) left_after: Vec<i32>,
    pub(super) users: Vec<i64>,
    pub(super) bots: String,
    pub(super) web_token: String,
}

impl TryFrom<GameRow> for GameRecord {
    type Error = sqlx::Error;

    fn try_from(row: GameRow) -> Result<GameRecord, sqlx::Error> {
        let what = |field: &str| format!("game {} {field}", row.id);
        let variant: Variant = parse(&what("variant"), &row.variant)?;
        let seats_of_variant: Vec<Seat> = variant.seats().collect();
        // A game is stored with every seat of its variant filled; users come in seat order.
        if row.users.len() != seats_of_variant.len() {
            return Err(corrupt(format!(
                "game {} has {} players for {}",
                row.id,
                row.users.len(),
                variant.name()
            )));
        }
        let players = seats_of_variant
            .into_iter()
            .zip(&row.users)
            .map(|(seat, &user)| Player {
                seat,
                user: from_db(user),
            })
            .collect();
        let left = seats(&row.left_seats)?;
        if left.len() != row.left_after.len() {
            return Err(corrupt(what("departures")));
        }
        let departures = left
            .into_iter()
            .zip(&row.left_after)
            .map(|(seat, &after)| Departure {
                seat,
                after_ply: after as u32,
            })
            .collect();
        Ok(GameRecord {
            id: GameId(row.id),
            guild: from_db(row.guild_id),
            channel: from_db(row.channel_id),
            variant,
            options: Options {
                camp_rule: row.camp_rule,
                balance: row.balance,
                anti_spoiling: row.anti_spoiling,
                no_parking: row.no_parking,
                ply_limit: row.ply_limit.map(|n| n as u32),
            },
            start: parse(&what("start position"), &row.start_position)?,
            position: parse(&what("position"), &row.position)?,
            ply: row.ply as u32,
            turns: row.turns.map(|n| n as u32),
            balance_pending: row.balance_pending.as_deref().map(seat).transpose()?,
            version: row.version,
            status: parse(&what("status"), &row.status)?,
            winners: seats(row.winners.as_deref().unwrap_or_default())?,
            end_reason: row
                .end_reason
                .as_deref()
                .map(|r| parse(&what("end reason"), r))
                .transpose()?,
            turn_timeout: TimeDelta::seconds(row.turn_timeout_secs),
            turn_deadline: row.turn_deadline,
            half_time_ping_sent: row.half_time_ping_sent,
            draw_offers: seats(&row.draw_offers)?,
            created_at: row.created_at,
            finished_at: row.finished_at,
            players,
            departures,
            bots: seats(&row.bots)?,
            web_token: row.web_token,
        })
    }
}

/// Converts fetched rows.
pub(super) fn records(rows: Vec<GameRow>) -> Result<Vec<GameRecord>, sqlx::Error> {
    rows.into_iter().map(GameRecord::try_from).collect()
}

/// What a new game is made of.
#[derive(Clone, Debug)]
pub struct NewGame<'a> {
    /// Guild.
    pub guild: u64,
    /// Channel.
    pub channel: u64,
    /// The rules it is played with.
    pub options: Options,
    /// Where it starts (the current position too).
    pub start: &'a Position,
    /// Plies the start already holds (passes of players who cannot move at the start).
    pub turns: u32,
    /// The players in seat order.
    pub players: &'a [Player],
    /// Time per move.
    pub turn_timeout: TimeDelta,
    /// The first move's deadline.
    pub turn_deadline: DateTime<Utc>,
    /// Now.
    pub created_at: DateTime<Utc>,
}

/// The state a game is left in by a move.
#[derive(Clone, Debug)]
pub struct AfterMove<'a> {
    /// What the rules need to go on from here.
    pub snapshot: &'a Snapshot,
    /// Moves played, this one included.
    pub ply: u32,
    /// The next deadline, or `None` when the move ended the game.
    pub turn_deadline: Option<DateTime<Utc>>,
    /// How the game ended, when it did.
    pub end: Option<&'a GameEnd>,
}

/// How a game ended.
#[derive(Clone, Debug)]
pub struct GameEnd {
    /// [`GameStatus::Finished`] or [`GameStatus::Aborted`].
    pub status: GameStatus,
    /// The winners' seats, for a win.
    pub winners: Vec<Seat>,
    /// Why it ended.
    pub reason: EndReason,
    /// When.
    pub at: DateTime<Utc>,
}

/// The state a game is left in when a player leaves it (a game of three or more goes on
/// without them).
#[derive(Clone, Debug)]
pub struct AfterDeparture<'a> {
    /// Who left, and after how many moves.
    pub departure: Departure,
    /// What the rules need to go on from here.
    pub snapshot: &'a Snapshot,
    /// The deadline of the player to move now, or `None` when the game ended.
    pub turn_deadline: Option<DateTime<Utc>>,
    /// Whether the half-time reminder of the player to move was sent (false when the turn
    /// passed to another player).
    pub half_time_ping_sent: bool,
    /// How the game ended, when only one player is left.
    pub end: Option<&'a GameEnd>,
}
