//! What the puzzles' service calls answer: a member's attempt as it stands ([`PuzzleView`]),
//! what a command did with it ([`PuzzleAnswer`]), the steps of its move picker
//! ([`PuzzleStep`]), the day's leaderboard ([`DailyBoard`]) and the daily puzzle's
//! announcement ([`DailyNotice`]). Plain data for the presentation; no Discord types.

use super::{DestinationChoice, PieceChoice};
use crate::model::{AttemptId, AttemptStatus, PuzzleId};
use chrono::NaiveDate;
use halma::{Options, Position, Seat, Square, Variant};
use halma_puzzles::{Finish, PuzzleKind, Streaks};

/// What a member asks of the puzzles (`/halma puzzle …`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PuzzleCommand {
    /// `/halma puzzle start [kind] [variant]`: a puzzle of their own.
    Start {
        /// Crossing or chain; `None`: a crossing.
        kind: Option<PuzzleKind>,
        /// The board; `None`: the star with 10 pieces.
        variant: Option<Variant>,
    },
    /// `/halma puzzle daily`: the server's puzzle of the day (started, or shown again).
    Daily,
    /// `/halma puzzle board`: the open puzzle again.
    Board,
    /// `/halma puzzle giveup`: the open puzzle given up.
    GiveUp,
    /// `/halma puzzle leaderboard`: the day's results in the server.
    Leaderboard,
}

/// How a finished attempt went.
#[derive(Clone, Debug, PartialEq)]
pub struct PuzzleOutcome {
    /// Solved (and how), not solved, or given up.
    pub finish: Finish,
    /// The member's puzzle rating before it.
    pub rating_before: f64,
    /// And after it.
    pub rating_after: f64,
    /// A chain puzzle's answer, a shortest chain, shown once it is over.
    pub best: Option<Vec<Square>>,
    /// What the answer gains, and what the move played gained.
    pub gains: Option<(i32, i32)>,
    /// A daily puzzle's member's streaks of days solved, after it.
    pub streaks: Option<Streaks>,
}

/// A member's attempt at a puzzle as it stands.
#[derive(Clone, Debug, PartialEq)]
pub struct PuzzleView {
    /// The attempt.
    pub attempt: AttemptId,
    /// Its puzzle.
    pub puzzle: PuzzleId,
    /// Crossing or chain.
    pub kind: PuzzleKind,
    /// The board.
    pub variant: Variant,
    /// A daily puzzle's day.
    pub day: Option<NaiveDate>,
    /// The member.
    pub user: u64,
    /// The position now (after the move played, once a chain puzzle is answered).
    pub position: Position,
    /// The rules moves are checked by.
    pub options: Options,
    /// The side the member plays.
    pub seat: Seat,
    /// The last move's chain, to draw.
    pub last_move: Option<Vec<Square>>,
    /// Moves played.
    pub moves: u32,
    /// A crossing's par.
    pub par: Option<u32>,
    /// Pieces in the target camp, of how many (a crossing's progress).
    pub home: (u32, u32),
    /// Where it stands.
    pub status: AttemptStatus,
    /// How it went, once finished.
    pub outcome: Option<PuzzleOutcome>,
}

impl PuzzleView {
    /// Whether it is still being played.
    pub fn is_open(&self) -> bool {
        self.status == AttemptStatus::Open
    }
}

/// What a puzzle command (or a move) did.
#[derive(Clone, Debug, PartialEq)]
pub enum PuzzleAnswer {
    /// A puzzle was started.
    Started(PuzzleView),
    /// The member's puzzle, shown again (open, or today's daily finished).
    Shown(PuzzleView),
    /// A move was played in it (the view says whether that finished it).
    Moved(PuzzleView),
    /// It was given up.
    GaveUp(PuzzleView),
    /// The day's leaderboard.
    Leaderboard(DailyBoard),
}

/// The position a puzzle's picker was shown for: the attempt and its moves then.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PuzzleStamp {
    /// The attempt.
    pub attempt: AttemptId,
    /// Moves played in it when the picker was shown.
    pub ply: u32,
}

/// The picker's first step in a puzzle: the pieces that can move.
#[derive(Clone, Debug, PartialEq)]
pub struct PuzzlePieces {
    /// The attempt as it stands.
    pub view: PuzzleView,
    /// The position the list is for.
    pub stamp: PuzzleStamp,
    /// The pieces that can move, in board order; empty once the puzzle is over.
    pub pieces: Vec<PieceChoice>,
}

/// The picker's second step: where one piece can go.
#[derive(Clone, Debug, PartialEq)]
pub struct PuzzleDestinations {
    /// The attempt as it stands.
    pub view: PuzzleView,
    /// The position the list is for.
    pub stamp: PuzzleStamp,
    /// The piece's square.
    pub from: Square,
    /// Its destinations, each with a shortest chain, most progress first.
    pub destinations: Vec<DestinationChoice>,
}

/// What a step of a puzzle's picker led to.
#[derive(Clone, Debug, PartialEq)]
pub enum PuzzleStep {
    /// The pieces (the picker opened, or Back).
    Pieces(PuzzlePieces),
    /// A piece's destinations.
    Destinations(PuzzleDestinations),
    /// A move was played: the puzzle after it, with the next pieces while it is open.
    Played(PuzzlePieces),
    /// The picker was for another position; the pieces now while the puzzle is open.
    Stale(Option<PuzzlePieces>),
}

/// One member's result on the day's leaderboard.
#[derive(Clone, Debug, PartialEq)]
pub struct DailyRow {
    /// The member.
    pub user: u64,
    /// Solved, failed or given up.
    pub status: AttemptStatus,
    /// Moves played.
    pub moves: u32,
    /// Their puzzle rating now.
    pub rating: f64,
    /// Their current streak of days solved.
    pub streak: u32,
}

/// The day's daily puzzle in a server and how its members did.
#[derive(Clone, Debug, PartialEq)]
pub struct DailyBoard {
    /// The day.
    pub day: NaiveDate,
    /// The puzzle's kind, board and par, once it was made.
    pub puzzle: Option<(PuzzleKind, Variant, Option<u32>)>,
    /// Finished attempts, solved first (fewest moves, then soonest).
    pub rows: Vec<DailyRow>,
}

/// The announcement of a server's daily puzzle, posted once in its game channel.
#[derive(Clone, Debug, PartialEq)]
pub struct DailyNotice {
    /// The puzzle.
    pub puzzle: PuzzleId,
    /// The server.
    pub guild: u64,
    /// The day.
    pub day: NaiveDate,
    /// Crossing or chain.
    pub kind: PuzzleKind,
    /// The board.
    pub variant: Variant,
    /// A crossing's par.
    pub par: Option<u32>,
}
