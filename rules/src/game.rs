//! A game from its start: the moves played, passes, and how it ends.

use crate::{IllegalMove, Move, MoveText, Options, Position, Seat, Square};
use std::fmt;

/// Why a game was won.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum WinReason {
    /// Every piece (of the winner, or of both partners) is in its target camp.
    Completed,
    /// The target camp is full and holds some of the winner's pieces.
    AntiSpoiling,
    /// Every other player was removed (resigned or ran out of time) from `three`, `four`,
    /// `star3`, `star4` or `star6`.
    LastPlayer,
}

/// Why a game was drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum DrawReason {
    /// The second player also completed in the balancing extra turn.
    Balance,
    /// The ply limit was reached.
    PlyLimit,
    /// Nobody can move.
    NoMoves,
}

/// The state of a game.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// Still being played.
    Ongoing,
    /// Won by one seat, or by a team of two.
    Win {
        /// The winning seat(s) in seat order.
        winners: Vec<Seat>,
        /// How.
        reason: WinReason,
    },
    /// Drawn.
    Draw {
        /// How.
        reason: DrawReason,
    },
}

impl Outcome {
    /// Whether the game has ended.
    pub fn is_over(&self) -> bool {
        !matches!(self, Outcome::Ongoing)
    }
}

impl fmt::Display for Outcome {
    /// `ongoing`, `winner a` (a team: `winner a b`), or `draw`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Outcome::Ongoing => f.write_str("ongoing"),
            Outcome::Win { winners, .. } => {
                f.write_str("winner")?;
                for seat in winners {
                    write!(f, " {seat}")?;
                }
                Ok(())
            }
            Outcome::Draw { .. } => f.write_str("draw"),
        }
    }
}

/// One turn of a game.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Ply {
    /// A piece moved along `chain` (start, then each landing square).
    Move {
        /// Who moved.
        seat: Seat,
        /// The path, at least two squares.
        chain: Vec<Square>,
    },
    /// The seat had no legal move.
    Pass {
        /// Who passed.
        seat: Seat,
    },
}

impl Ply {
    /// The seat that played the ply.
    pub fn seat(&self) -> Seat {
        match self {
            Ply::Move { seat, .. } | Ply::Pass { seat } => *seat,
        }
    }

    /// The move's start and end, for a move.
    pub fn as_move(&self) -> Option<Move> {
        match self {
            Ply::Move { chain, .. } => Some(Move {
                from: chain[0],
                to: chain[chain.len() - 1],
            }),
            Ply::Pass { .. } => None,
        }
    }
}

impl fmt::Display for Ply {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Ply::Move { chain, .. } => {
                let text = MoveText::from_squares(chain.clone()).ok_or(fmt::Error)?;
                write!(f, "{text}")
            }
            Ply::Pass { .. } => f.write_str("pass"),
        }
    }
}

/// A game: options, the start position, every ply since, and the outcome.
///
/// Players who cannot move pass automatically, so the player to move in an
/// ongoing game always has a move.
///
/// ```
/// use halma::{Game, Options, Position, Variant};
/// let mut game = Game::new(Position::start(Variant::Small), Options::for_variant(Variant::Small));
/// game.play(&"g3-g4".parse().unwrap()).unwrap();
/// assert_eq!(game.plies().len(), 1);
/// assert!(!game.outcome().is_over());
/// // Now it is b's turn, and g4 holds a's piece.
/// assert!(game.play(&"g4-g5".parse().unwrap()).is_err());
/// ```
#[derive(Clone, Debug)]
pub struct Game {
    options: Options,
    start: Position,
    position: Position,
    plies: Vec<Ply>,
    outcome: Outcome,
    /// In a balanced game, the first mover who completed and waits for the
    /// other player's extra turn.
    balance_pending: Option<Seat>,
    /// Who moved first in the whole game (the balance rule favours them).
    first_mover: Seat,
    /// Plies played before `start` when the game was resumed from a
    /// [`Snapshot`]; 0 for a game played from its start.
    plies_before: u32,
}

/// What a game in progress needs to go on without its earlier moves: the
/// position, who moved first, how many plies (passes included) were played,
/// and whether a balancing extra turn is under way. Storing it lets a game
/// be resumed at a cost that does not grow with its length.
///
/// ```
/// use halma::{Game, Options, Position, Variant};
/// let opts = Options::for_variant(Variant::Small);
/// let mut game = Game::new(Position::start(Variant::Small), opts);
/// game.play(&"g3-g4".parse().unwrap()).unwrap();
/// let mut resumed = Game::resume(game.snapshot(), opts);
/// game.play(&"b6-b5".parse().unwrap()).unwrap();
/// resumed.play(&"b6-b5".parse().unwrap()).unwrap();
/// assert_eq!(resumed.position(), game.position());
/// assert_eq!(resumed.snapshot(), game.snapshot());
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Snapshot {
    /// The current position.
    pub position: Position,
    /// The seat that moved first in the game.
    pub first_mover: Seat,
    /// Plies played so far, passes included.
    pub plies: u32,
    /// In a balanced game, the first mover who completed and waits for the
    /// other player's extra turn.
    pub balance_pending: Option<Seat>,
}

impl Game {
    /// Starts a game from `start` (passing for whoever cannot move).
    pub fn new(start: Position, options: Options) -> Game {
        let mut game = Game {
            options,
            position: start.clone(),
            first_mover: start.to_move(),
            start,
            plies: Vec::new(),
            outcome: Outcome::Ongoing,
            balance_pending: None,
            plies_before: 0,
        };
        game.pass_while_stuck();
        game
    }

    /// Goes on with a game from a [`Snapshot`] of it. [`Game::start`] and
    /// [`Game::plies`] then describe only what is played from here on; the
    /// outcome is decided exactly as if every earlier ply had been replayed.
    /// A snapshot of a finished game resumes as ongoing: only snapshots of
    /// games in progress are meant to be stored.
    pub fn resume(snapshot: Snapshot, options: Options) -> Game {
        let mut game = Game {
            options,
            start: snapshot.position.clone(),
            position: snapshot.position,
            plies: Vec::new(),
            outcome: Outcome::Ongoing,
            balance_pending: snapshot.balance_pending,
            first_mover: snapshot.first_mover,
            plies_before: snapshot.plies,
        };
        game.pass_while_stuck();
        game
    }

    /// The state to store to [`resume`](Game::resume) the game later.
    pub fn snapshot(&self) -> Snapshot {
        Snapshot {
            position: self.position.clone(),
            first_mover: self.first_mover,
            plies: self.ply_count(),
            balance_pending: self.balance_pending,
        }
    }

    /// Plies played in the whole game, passes included (those before a
    /// resumption too).
    pub fn ply_count(&self) -> u32 {
        self.plies_before + self.plies.len() as u32
    }

    /// Replays `plies` written as move texts from `start`.
    pub fn replay<'a>(
        start: Position,
        options: Options,
        moves: impl IntoIterator<Item = &'a MoveText>,
    ) -> Result<Game, (usize, IllegalMove)> {
        let mut game = Game::new(start, options);
        for (i, text) in moves.into_iter().enumerate() {
            game.play(text).map_err(|e| (i, e))?;
        }
        Ok(game)
    }

    /// The options the game is played with.
    pub fn options(&self) -> &Options {
        &self.options
    }

    /// The position the game started from.
    pub fn start(&self) -> &Position {
        &self.start
    }

    /// The current position.
    pub fn position(&self) -> &Position {
        &self.position
    }

    /// Every ply played, passes included.
    pub fn plies(&self) -> &[Ply] {
        &self.plies
    }

    /// The outcome so far.
    pub fn outcome(&self) -> &Outcome {
        &self.outcome
    }

    /// The last move played (passes skipped), with its chain.
    pub fn last_move(&self) -> Option<(&Seat, &[Square])> {
        self.plies.iter().rev().find_map(|p| match p {
            Ply::Move { seat, chain } => Some((seat, chain.as_slice())),
            Ply::Pass { .. } => None,
        })
    }

    /// Plays a move written as text for the player to move; afterwards,
    /// players who cannot move pass. Returns the chain that was played.
    pub fn play(&mut self, text: &MoveText) -> Result<Vec<Square>, IllegalMove> {
        if self.outcome.is_over() {
            return Err(IllegalMove::GameOver);
        }
        let (mv, chain) = self.position.check_text(text, &self.options)?;
        let seat = self.position.to_move();
        self.position = self.position.play_unchecked(mv);
        self.plies.push(Ply::Move {
            seat,
            chain: chain.clone(),
        });
        self.settle(seat);
        self.pass_while_stuck();
        Ok(chain)
    }

    /// Takes `seat` out of a `three`, `four`, `star3`, `star4` or `star6` game (resigned, or
    /// out of time): its pieces
    /// leave the board, turn order skips it, and when one player is left, that player wins.
    /// Otherwise the game goes on (with passes for whoever cannot move, as after a move).
    /// Refused with [`IllegalMove::CannotRemove`] in other variants, for a seat no longer in
    /// play, and once the game is over.
    ///
    /// ```
    /// use halma::{Game, Options, Outcome, Position, Seat, Variant, WinReason};
    /// let mut game = Game::new(Position::start(Variant::Three), Options::for_variant(Variant::Three));
    /// game.remove_player(Seat::A).unwrap();
    /// assert_eq!(game.position().to_move(), Seat::B);
    /// game.remove_player(Seat::C).unwrap();
    /// assert_eq!(game.outcome(), &Outcome::Win { winners: vec![Seat::B], reason: WinReason::LastPlayer });
    /// ```
    pub fn remove_player(&mut self, seat: Seat) -> Result<(), IllegalMove> {
        if self.outcome.is_over() {
            return Err(IllegalMove::GameOver);
        }
        let position = self
            .position
            .without(seat)
            .ok_or(IllegalMove::CannotRemove(seat))?;
        self.position = position;
        let left: Vec<Seat> = self.position.seats_in_play().collect();
        if let [last] = left[..] {
            self.outcome = Outcome::Win {
                winners: vec![last],
                reason: WinReason::LastPlayer,
            };
            return Ok(());
        }
        self.pass_while_stuck();
        Ok(())
    }

    /// Plays a move for `seat`, refusing when it is not that seat's turn.
    pub fn play_as(&mut self, seat: Seat, text: &MoveText) -> Result<Vec<Square>, IllegalMove> {
        if self.outcome.is_over() {
            return Err(IllegalMove::GameOver);
        }
        let to_move = self.position.to_move();
        if seat != to_move {
            return Err(IllegalMove::NotYourTurn { seat, to_move });
        }
        self.play(text)
    }

    /// Whether `seat` has reached its goal: all pieces home, or (with
    /// anti-spoiling) a full target camp holding at least one of its pieces.
    fn is_done(&self, seat: Seat) -> bool {
        let pos = &self.position;
        if pos.has_completed(seat) {
            return true;
        }
        let target = pos.variant().target_camp(seat);
        self.options.anti_spoiling
            && target.is_subset(pos.occupied())
            && !(pos.pieces(seat) & target).is_empty()
    }

    fn reason(&self, seat: Seat) -> WinReason {
        if self.position.has_completed(seat) {
            WinReason::Completed
        } else {
            WinReason::AntiSpoiling
        }
    }

    /// Decides the outcome after `mover` played.
    fn settle(&mut self, mover: Seat) {
        let variant = self.position.variant();
        if let Some(first) = self.balance_pending.take() {
            // The extra turn is over: the second player drew by completing too.
            self.outcome = if self.is_done(mover) {
                Outcome::Draw {
                    reason: DrawReason::Balance,
                }
            } else {
                Outcome::Win {
                    winners: vec![first],
                    reason: self.reason(first),
                }
            };
            return;
        }
        let done: Vec<Seat> = std::iter::once(mover)
            .chain(variant.seats().filter(|&s| s != mover))
            .filter(|&s| self.is_done(s))
            .collect();
        if let Some(partner) = variant.partner(mover) {
            if done.contains(&mover) && self.is_done(partner) {
                let mut winners = vec![mover, partner];
                winners.sort();
                self.outcome = Outcome::Win {
                    winners,
                    reason: self.reason(mover),
                };
                return;
            }
        } else if let Some(&winner) = done.first() {
            if self.options.balance && variant.players() == 2 && winner == self.first_mover {
                self.balance_pending = Some(winner);
            } else {
                self.outcome = Outcome::Win {
                    winners: vec![winner],
                    reason: self.reason(winner),
                };
                return;
            }
        }
        if let Some(limit) = self.options.ply_limit {
            if self.ply_count() >= limit && self.balance_pending.is_none() {
                self.outcome = Outcome::Draw {
                    reason: DrawReason::PlyLimit,
                };
            }
        }
    }

    /// Passes for each player in turn who has no legal move; if nobody can
    /// move the game is drawn.
    fn pass_while_stuck(&mut self) {
        let players = self.position.variant().players();
        let mut passes = 0;
        while !self.outcome.is_over() && !self.position.has_moves(&self.options) {
            if passes == players {
                self.outcome = Outcome::Draw {
                    reason: DrawReason::NoMoves,
                };
                return;
            }
            let seat = self.position.to_move();
            self.plies.push(Ply::Pass { seat });
            self.position = self.position.passed();
            passes += 1;
            self.settle(seat);
        }
    }

    /// The seats from best to worst: the winner(s) first, then by pieces in
    /// the target camp (more is better), then by distance still to go; removed
    /// players last.
    pub fn standings(&self) -> Vec<Seat> {
        let pos = &self.position;
        let winners: &[Seat] = match &self.outcome {
            Outcome::Win { winners, .. } => winners,
            _ => &[],
        };
        let mut seats: Vec<Seat> = pos.variant().seats().collect();
        seats.sort_by_key(|&s| {
            (
                !winners.contains(&s),
                !pos.in_play(s),
                std::cmp::Reverse(pos.pieces_home(s)),
                pos.distance_to_go(s),
                s,
            )
        });
        seats
    }
}
