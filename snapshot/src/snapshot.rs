//! What the game page draws from: a game's board, players, every ply with the position after
//! it, whose turn it is, the clock and the result. Plain data, filled by the bot.

use crate::geometry::Board;
use halma::{DrawReason, Game, Outcome, Ply, Position, Seat, WinReason};
use serde::Serialize;

/// The seats' colours, `a`–`f`: the Okabe–Ito colours the PNG boards use
/// (`render/src/theme.rs`, `SEAT_COLOURS`), so the page matches the pictures.
pub const SEAT_COLOURS: [&str; 6] = [
    "#e69f00", "#0072b2", "#009e73", "#cc79a7", "#f0e442", "#d55e00",
];

/// The colour of `seat`'s pieces, as `#rrggbb`.
pub fn seat_colour(seat: Seat) -> &'static str {
    SEAT_COLOURS[seat.index() % SEAT_COLOURS.len()]
}

/// One player of a game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Player {
    /// The seat's letter, `a`–`f`.
    pub seat: char,
    /// The name to show: any text at all (the page escapes it); `None` when the front end
    /// knows none, and the page names the player in its own language (the bot, or `Player A`).
    pub name: Option<String>,
    /// The colour of the seat's pieces, `#rrggbb`.
    pub colour: String,
    /// Whether the bot plays this seat.
    pub bot: bool,
    /// Whether the player has left the game (resigned or ran out of time in a game of three
    /// or more, whose pieces were taken off the board).
    pub left: bool,
}

impl Player {
    /// A human player in `seat`, still playing, in the seat's colour.
    ///
    /// ```
    /// use halma::Seat;
    /// use halma_snapshot::Player;
    /// let p = Player::new(Seat::B, "Ana");
    /// assert_eq!((p.seat, p.colour.as_str(), p.bot), ('b', "#0072b2", false));
    /// ```
    pub fn new(seat: Seat, name: impl Into<String>) -> Player {
        Player {
            name: Some(name.into()),
            ..Player::unnamed(seat)
        }
    }

    /// A human player in `seat` whose name the front end does not know: the page calls them
    /// by their seat (`Player A`) in its language.
    pub fn unnamed(seat: Seat) -> Player {
        Player {
            seat: seat.letter(),
            name: None,
            colour: seat_colour(seat).to_string(),
            bot: false,
            left: false,
        }
    }

    /// The bot, playing `seat`, with the name the page shows for it.
    pub fn bot(seat: Seat, name: impl Into<String>) -> Player {
        Player {
            bot: true,
            ..Player::new(seat, name)
        }
    }

    /// The bot, playing `seat`, named by the page in its language (`Halma bot`).
    pub fn the_bot(seat: Seat) -> Player {
        Player {
            bot: true,
            ..Player::unnamed(seat)
        }
    }
}

/// One ply of the game: a move or a pass.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PlyView {
    /// Who played it.
    pub seat: char,
    /// The move as the path of its squares, start first (`["e12", "g10", "g8"]`); empty for
    /// a pass.
    pub path: Vec<String>,
    /// The position string after the ply.
    pub position: String,
}

impl PlyView {
    /// The view of `ply`, which led to `after`.
    pub fn new(ply: &Ply, after: &Position) -> PlyView {
        let path = match ply {
            Ply::Move { chain, .. } => chain.iter().map(|sq| sq.to_string()).collect(),
            Ply::Pass { .. } => Vec::new(),
        };
        PlyView {
            seat: ply.seat().letter(),
            path,
            position: after.to_string(),
        }
    }
}

/// Where a game stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum State {
    /// Still being played.
    Playing,
    /// Won by the seats in [`Status::winners`].
    Won,
    /// Drawn.
    Drawn,
    /// Stopped without a result.
    Aborted,
}

/// How a game ended, as a code the page words in its language (`page.reason.<code>`); in
/// JSON, the code in kebab case (`anti-spoiling`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Reason {
    /// Every piece reached its target camp.
    Completed,
    /// A full target camp holding the winner's pieces (the anti-spoiling rule).
    AntiSpoiling,
    /// A player resigned.
    Resigned,
    /// A player ran out of time.
    Timeout,
    /// Both players completed (the balance rule): a draw.
    Balance,
    /// The move limit was reached: a draw.
    PlyLimit,
    /// Nobody could move: a draw.
    NoMoves,
    /// The players agreed to a draw.
    Agreement,
    /// The game was aborted.
    Aborted,
    /// Everyone else left: the last player wins.
    LastPlayer,
    /// Only the bot's seats were left: a draw.
    NoPeopleLeft,
}

impl Reason {
    /// Every reason.
    pub const ALL: [Reason; 11] = [
        Reason::Completed,
        Reason::AntiSpoiling,
        Reason::Resigned,
        Reason::Timeout,
        Reason::Balance,
        Reason::PlyLimit,
        Reason::NoMoves,
        Reason::Agreement,
        Reason::Aborted,
        Reason::LastPlayer,
        Reason::NoPeopleLeft,
    ];

    /// The key of the reason's words, `page.reason.<code>`.
    pub fn key(self) -> &'static str {
        match self {
            Reason::Completed => "page.reason.completed",
            Reason::AntiSpoiling => "page.reason.anti_spoiling",
            Reason::Resigned => "page.reason.resigned",
            Reason::Timeout => "page.reason.timeout",
            Reason::Balance => "page.reason.balance",
            Reason::PlyLimit => "page.reason.ply_limit",
            Reason::NoMoves => "page.reason.no_moves",
            Reason::Agreement => "page.reason.agreement",
            Reason::Aborted => "page.reason.aborted",
            Reason::LastPlayer => "page.reason.last_player",
            Reason::NoPeopleLeft => "page.reason.no_people_left",
        }
    }
}

/// The game's state, and how it ended: the page words both.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Status {
    /// Playing, won, drawn or aborted.
    pub state: State,
    /// The winning seats (two for a team), empty unless won.
    pub winners: Vec<char>,
    /// How it ended, if the bot says.
    pub reason: Option<Reason>,
}

impl Status {
    /// A game in progress.
    pub fn playing() -> Status {
        Status {
            state: State::Playing,
            winners: Vec::new(),
            reason: None,
        }
    }

    /// An aborted game, with why if known.
    pub fn aborted(reason: Option<Reason>) -> Status {
        Status {
            state: State::Aborted,
            winners: Vec::new(),
            reason,
        }
    }

    /// The status the rules decided.
    pub fn of(outcome: &Outcome) -> Status {
        match outcome {
            Outcome::Ongoing => Status::playing(),
            Outcome::Win { winners, reason } => Status {
                state: State::Won,
                winners: winners.iter().map(|s| s.letter()).collect(),
                reason: Some(match reason {
                    WinReason::Completed => Reason::Completed,
                    WinReason::AntiSpoiling => Reason::AntiSpoiling,
                    WinReason::LastPlayer => Reason::LastPlayer,
                }),
            },
            Outcome::Draw { reason } => Status {
                state: State::Drawn,
                winners: Vec::new(),
                reason: Some(match reason {
                    DrawReason::Balance => Reason::Balance,
                    DrawReason::PlyLimit => Reason::PlyLimit,
                    DrawReason::NoMoves => Reason::NoMoves,
                }),
            },
        }
    }

    /// Whether the game is over.
    pub fn is_over(&self) -> bool {
        self.state != State::Playing
    }
}

/// Everything the game page shows, at one moment of the game.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct GameSnapshot {
    /// The page's heading, like `Ana vs Bo, #halma`; empty, the page names the players
    /// joined in its language (`Ana vs Bo`, `Ana gegen Bo`).
    pub title: String,
    /// The variant's name, like `standard` or `star6`.
    pub variant: String,
    /// The board's squares, their drawing coordinates and the camps.
    pub board: Board,
    /// The players in seat order.
    pub players: Vec<Player>,
    /// The position string the game started from.
    pub start: String,
    /// Every ply so far, oldest first; ply `n` (from 1) is `plies[n - 1]`.
    pub plies: Vec<PlyView>,
    /// The seat to move, while the game is on.
    pub to_move: Option<char>,
    /// When the player to move runs out of time, in milliseconds since the Unix epoch.
    pub deadline_ms: Option<i64>,
    /// Playing, won, drawn or aborted.
    pub status: Status,
}

/// How an update's ply fits a snapshot.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Fit {
    /// It was the next ply, and is now the last one.
    Appended,
    /// The snapshot already had it.
    AlreadyHad,
    /// Plies between the snapshot and the update are missing.
    Gap,
}

impl GameSnapshot {
    /// A game at its start: no plies yet, `start`'s seat to move.
    ///
    /// ```
    /// use halma::{Position, Seat, Variant};
    /// use halma_snapshot::{GameSnapshot, Player};
    /// let players = vec![Player::new(Seat::A, "Ana"), Player::bot(Seat::B, "Halma bot")];
    /// let game = GameSnapshot::new("Ana vs Halma bot", &Position::start(Variant::Small), players);
    /// assert_eq!(game.board.cells.len(), 64);
    /// assert_eq!(game.to_move, Some('a'));
    /// ```
    pub fn new(title: impl Into<String>, start: &Position, players: Vec<Player>) -> GameSnapshot {
        GameSnapshot {
            title: title.into(),
            variant: start.variant().name().to_string(),
            board: Board::of(start.variant()),
            players,
            start: start.to_string(),
            plies: Vec::new(),
            to_move: Some(start.to_move().letter()),
            deadline_ms: None,
            status: Status::playing(),
        }
    }

    /// The whole of `game`: its start, each ply with the position after it, and its outcome.
    ///
    /// The positions are replayed from the game's start with the rules crate. A player who
    /// left mid-game is not a ply; their removal shows from the next ply that
    /// [`push`](GameSnapshot::push) records with its real position, and here in the last
    /// position, which is always the game's own.
    pub fn from_game(title: impl Into<String>, players: Vec<Player>, game: &Game) -> GameSnapshot {
        let mut snapshot = GameSnapshot::new(title, game.start(), players);
        let mut position = game.start().clone();
        for ply in game.plies() {
            position = match ply.as_move() {
                Some(mv) => position.play_unchecked(mv),
                None => position.passed(),
            };
            snapshot.plies.push(PlyView::new(ply, &position));
        }
        if let Some(last) = snapshot.plies.last_mut() {
            last.position = game.position().to_string();
        }
        snapshot.set_status(Status::of(game.outcome()), game.position());
        snapshot
    }

    /// Records `ply`, after which the game stands at `after`; the turn goes to `after`'s
    /// seat to move.
    pub fn push(&mut self, ply: &Ply, after: &Position) {
        self.plies.push(PlyView::new(ply, after));
        if !self.status.is_over() {
            self.to_move = Some(after.to_move().letter());
        }
    }

    /// Sets the status; a finished game has nobody to move and no deadline.
    pub fn set_status(&mut self, status: Status, position: &Position) {
        if status.is_over() {
            self.to_move = None;
            self.deadline_ms = None;
        } else {
            self.to_move = Some(position.to_move().letter());
        }
        self.status = status;
    }

    /// The same snapshot with a move deadline (milliseconds since the Unix epoch).
    pub fn with_deadline(mut self, deadline_ms: Option<i64>) -> GameSnapshot {
        self.deadline_ms = deadline_ms;
        self
    }

    /// The update that tells pages about the last ply, if there is one.
    pub fn last_ply_update(&self) -> Option<PlyUpdate> {
        let ply = self.plies.last()?.clone();
        Some(PlyUpdate {
            number: self.plies.len(),
            ply,
            to_move: self.to_move,
            deadline_ms: self.deadline_ms,
            status: self.status.clone(),
        })
    }

    /// Adds `update`'s ply if it is the next one, and takes its turn, clock and status.
    pub fn apply(&mut self, update: &PlyUpdate) -> Fit {
        let have = self.plies.len();
        if update.number <= have {
            return Fit::AlreadyHad;
        }
        if update.number > have + 1 {
            return Fit::Gap;
        }
        self.plies.push(update.ply.clone());
        self.to_move = update.to_move;
        self.deadline_ms = update.deadline_ms;
        self.status = update.status.clone();
        Fit::Appended
    }
}

/// A ply just played, as sent to open pages: smaller than a whole snapshot.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PlyUpdate {
    /// The ply's number from 1: the game has this many plies with it.
    pub number: usize,
    /// The ply.
    pub ply: PlyView,
    /// The seat to move after it, while the game is on.
    pub to_move: Option<char>,
    /// The next move's deadline, in milliseconds since the Unix epoch.
    pub deadline_ms: Option<i64>,
    /// The game's status after it.
    pub status: Status,
}

#[cfg(test)]
mod tests {
    use super::*;
    use halma::{Options, Variant};

    fn small_game(moves: &[&str]) -> Game {
        let variant = Variant::Small;
        let mut game = Game::new(Position::start(variant), Options::for_variant(variant));
        for m in moves {
            game.play(&m.parse().expect("move text")).expect("legal");
        }
        game
    }

    fn players() -> Vec<Player> {
        vec![Player::new(Seat::A, "Ana"), Player::bot(Seat::B, "Bot")]
    }

    #[test]
    fn from_game_records_each_position() {
        let game = small_game(&["g3-g4", "b6-b5"]);
        let snap = GameSnapshot::from_game("t", players(), &game);
        assert_eq!(snap.plies.len(), 2);
        assert_eq!(snap.plies[0].path, ["g3", "g4"]);
        assert_eq!(snap.plies[1].seat, 'b');
        assert_eq!(snap.plies[1].position, game.position().to_string());
        assert_eq!(snap.to_move, Some('a'));
        assert_eq!(snap.status, Status::playing());
    }

    #[test]
    fn updates_apply_in_order_only() {
        let before = GameSnapshot::from_game("t", players(), &small_game(&["g3-g4"]));
        let after = GameSnapshot::from_game("t", players(), &small_game(&["g3-g4", "b6-b5"]));
        let update = after.last_ply_update().expect("a ply");
        let mut snap = before.clone();
        assert_eq!(snap.apply(&update), Fit::Appended);
        assert_eq!(snap, after);
        assert_eq!(snap.apply(&update), Fit::AlreadyHad);
        let mut fresh = GameSnapshot::new("t", &Position::start(Variant::Small), players());
        assert_eq!(fresh.apply(&update), Fit::Gap);
    }

    #[test]
    fn reasons_go_to_the_page_as_codes_it_words() {
        let status = Status::aborted(Some(Reason::NoPeopleLeft));
        let json = serde_json::to_value(&status).expect("json");
        assert_eq!(json["reason"], "no-people-left");
        for reason in Reason::ALL {
            let code = serde_json::to_value(reason).expect("json");
            let code = code.as_str().expect("a string").replace('-', "_");
            assert_eq!(reason.key(), format!("page.reason.{code}"));
        }
    }

    #[test]
    fn a_finished_game_has_nobody_to_move() {
        let mut snap = GameSnapshot::from_game("t", players(), &small_game(&[]));
        let pos = Position::start(Variant::Small);
        snap.set_status(Status::aborted(Some(Reason::Aborted)), &pos);
        assert_eq!((snap.to_move, snap.status.state), (None, State::Aborted));
    }
}
