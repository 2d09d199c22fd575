//! What the bot wrote to the database, read back: games, moves, seats, and the history text.

use fake_discord::TestChannel;
use sqlx::{PgPool, Row as _};

/// A stored Discord id as the snowflake it is.
pub fn id_of(stored: i64) -> u64 {
    stored as u64
}

/// The channel's latest game: id, status, position string, ply and winners.
pub async fn game_row(pool: &PgPool, channel: &TestChannel) -> GameRow {
    let row = sqlx::query(
        "SELECT id, status, position, start_position, ply, winners, end_reason \
         FROM games WHERE channel_id = $1 ORDER BY id DESC LIMIT 1",
    )
    .bind(channel.id as i64)
    .fetch_one(pool)
    .await
    .unwrap_or_else(|e| panic!("the game in #{}: {e}", channel.name));
    GameRow {
        id: row.get("id"),
        status: row.get("status"),
        position: row.get("position"),
        start_position: row.get("start_position"),
        ply: row.get("ply"),
        winners: row.get("winners"),
        end_reason: row.get("end_reason"),
    }
}

/// What a test reads from a `games` row.
#[derive(Clone, Debug)]
pub struct GameRow {
    /// The game id.
    pub id: i64,
    /// active, finished or aborted.
    pub status: String,
    /// The position string now.
    pub position: String,
    /// The position string it started from.
    pub start_position: String,
    /// Moves played.
    pub ply: i32,
    /// Winning seats.
    pub winners: Option<String>,
    /// Why it ended.
    pub end_reason: Option<String>,
}

/// The game's moves as stored: (ply, seat, chain).
pub async fn moves_of(pool: &PgPool, game: i64) -> Vec<(i32, String, String)> {
    sqlx::query("SELECT ply, seat, chain FROM moves WHERE game_id = $1 ORDER BY ply")
        .bind(game)
        .fetch_all(pool)
        .await
        .expect("read the moves")
        .iter()
        .map(|r| (r.get("ply"), r.get("seat"), r.get("chain")))
        .collect()
}

/// The user at each seat of a game, as stored.
pub async fn seats_of(pool: &PgPool, game: i64) -> Vec<(String, u64)> {
    sqlx::query("SELECT seat, user_id FROM game_seats WHERE game_id = $1 ORDER BY seat")
        .bind(game)
        .fetch_all(pool)
        .await
        .expect("read the seats")
        .iter()
        .map(|r| (r.get("seat"), id_of(r.get("user_id"))))
        .collect()
}

/// The plies of the history answer's code block and its position string.
pub fn parse_history(content: &str) -> (Vec<String>, String) {
    let start = content
        .find("```")
        .unwrap_or_else(|| panic!("no code block in the history: {content:?}"));
    let rest = &content[start + 3..];
    let end = rest
        .find("```")
        .unwrap_or_else(|| panic!("the history's code block is not closed: {content:?}"));
    let lines: Vec<String> = rest[..end]
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .map(str::to_string)
        .collect();
    let (position, plies) = lines
        .split_last()
        .unwrap_or_else(|| panic!("an empty code block in the history: {content:?}"));
    (plies.to_vec(), position.clone())
}
