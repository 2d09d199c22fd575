//! What a tournament's live page shows: its terms, where it stands and its table. Plain data,
//! the same in every language: the page words it for each request.

use serde::Serialize;

/// One line of a tournament's table.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct TournamentRow {
    /// The place, from 1; shared by players level on points and every tiebreak.
    pub place: u32,
    /// The player's name (any text; the page escapes it).
    pub name: String,
    /// Points as the standings message writes them, like `2½` (digits, no words).
    pub points: String,
    /// Tiebreaks in the order the format ranks by (Swiss: Buchholz, then Sonneborn–Berger),
    /// written as the points are.
    pub tiebreaks: Vec<String>,
    /// Games counted (and byes).
    pub games: u32,
    /// Wins in a row that make the next win count double (arenas only; 0 elsewhere).
    pub streak: u32,
    /// Whether they withdrew.
    pub withdrawn: bool,
}

/// Everything a tournament's page shows.
///
/// ```
/// use halma_snapshot::TournamentSnapshot;
/// let t = TournamentSnapshot {
///     name: "Friday Swiss".into(),
///     format: "swiss".into(),
///     variant: "standard".into(),
///     status: "running".into(),
///     round: 2,
///     rounds: Some(3),
///     starts_at: "2026-12-07T18:00:00Z".into(),
///     ends_at: None,
///     rows: vec![],
/// };
/// assert_eq!(t.status, "running");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct TournamentSnapshot {
    /// Its name (any text; the page escapes it).
    pub name: String,
    /// `swiss` or `arena`.
    pub format: String,
    /// The variant of its games, like `standard`.
    pub variant: String,
    /// `open`, `running`, `finished` or `cancelled`.
    pub status: String,
    /// The round being played (0 before the start; arenas count none).
    pub round: u32,
    /// A Swiss tournament's rounds, once known.
    pub rounds: Option<u32>,
    /// When it starts or started, in UTC as RFC 3339 (`2026-12-07T18:00:00Z`).
    pub starts_at: String,
    /// When an arena ends (or ended), in UTC as RFC 3339.
    pub ends_at: Option<String>,
    /// The table, best first.
    pub rows: Vec<TournamentRow>,
}
