//! A Swiss tournament's players and what happened to them so far: the input of pairing and
//! standings, checked once and indexed for both.

use std::cmp::Reverse;
use std::collections::{HashMap, HashSet};
use std::fmt;

use crate::score::{Outcome, PlayerId, Points};

/// One entrant of a Swiss tournament and their rounds so far.
///
/// ```
/// use halma_pairing::{Game, Outcome, Player, Round};
/// let alice = Player::new(1, 1600).with_round(Round::Played(Game {
///     opponent: 2,
///     moved_first: true,
///     outcome: Outcome::Win,
/// }));
/// assert_eq!(alice.rounds.len(), 1);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Player {
    /// Who this is.
    pub id: PlayerId,
    /// The rating at the start, which sets the initial ranking: higher first, then lower id.
    pub rating: i32,
    /// Each round played so far, in order: a game or a bye.
    pub rounds: Vec<Round>,
}

impl Player {
    /// A player who has played no round yet.
    pub fn new(id: PlayerId, rating: i32) -> Player {
        Player {
            id,
            rating,
            rounds: Vec::new(),
        }
    }

    /// The same player with one more round.
    pub fn with_round(mut self, round: Round) -> Player {
        self.rounds.push(round);
        self
    }

    /// Points so far: a win or a bye is worth one, a draw a half.
    ///
    /// ```
    /// use halma_pairing::{Player, Points, Round};
    /// assert_eq!(Player::new(1, 1500).with_round(Round::Bye).points(), Points::ONE);
    /// ```
    pub fn points(&self) -> Points {
        self.rounds.iter().map(|r| r.points()).sum()
    }

    /// The games actually played, byes left out.
    pub fn games(&self) -> impl Iterator<Item = &Game> {
        self.rounds.iter().filter_map(|r| match r {
            Round::Played(game) => Some(game),
            Round::Bye => None,
        })
    }

    /// Whether this player has had a bye.
    pub fn had_bye(&self) -> bool {
        self.rounds.contains(&Round::Bye)
    }
}

/// What one round was for one player.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Round {
    /// A game against an opponent.
    Played(Game),
    /// No opponent this round (an odd number of players); worth a win.
    Bye,
}

impl Round {
    /// What this round is worth.
    pub fn points(&self) -> Points {
        match self {
            Round::Played(game) => game.outcome.swiss_points(),
            Round::Bye => Points::ONE,
        }
    }
}

/// One game, seen from one of its players.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Game {
    /// The other player.
    pub opponent: PlayerId,
    /// Whether this player made the first move.
    pub moved_first: bool,
    /// How it ended for this player.
    pub outcome: Outcome,
}

/// Why a tournament's players cannot be paired or ranked.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TournamentError {
    /// Two players share this id.
    DuplicatePlayer(PlayerId),
    /// A player's game names an opponent who is not in the tournament.
    UnknownOpponent {
        /// Whose game it is.
        player: PlayerId,
        /// The id that is not in the tournament.
        opponent: PlayerId,
    },
    /// A player's game names the player themself as the opponent.
    PlayedSelf(PlayerId),
    /// A pairing handed to `quality` leaves this active player out, places them twice,
    /// or places a player who is withdrawn or not in the tournament.
    Misplaced(PlayerId),
    /// The field is too large for the pairing weights (thousands of players).
    TooLarge,
}

impl fmt::Display for TournamentError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TournamentError::DuplicatePlayer(id) => write!(f, "player {id} is listed twice"),
            TournamentError::UnknownOpponent { player, opponent } => write!(
                f,
                "player {player} played {opponent}, who is not in the tournament"
            ),
            TournamentError::PlayedSelf(id) => write!(f, "player {id} is their own opponent"),
            TournamentError::Misplaced(id) => {
                write!(f, "player {id} is not placed exactly once in the pairing")
            }
            TournamentError::TooLarge => f.write_str("too many players to pair"),
        }
    }
}

impl std::error::Error for TournamentError {}

/// The players checked and indexed: positions in the input slice, scores, who met whom.
pub(crate) struct Field<'a> {
    pub players: &'a [Player],
    pub index: HashMap<PlayerId, usize>,
    pub points: Vec<Points>,
    met: HashSet<(usize, usize)>,
}

impl<'a> Field<'a> {
    /// Checks the players: unique ids, opponents who exist and are not the player.
    pub fn new(players: &'a [Player]) -> Result<Field<'a>, TournamentError> {
        let mut index = HashMap::with_capacity(players.len());
        for (i, p) in players.iter().enumerate() {
            if index.insert(p.id, i).is_some() {
                return Err(TournamentError::DuplicatePlayer(p.id));
            }
        }
        let mut met = HashSet::new();
        for (i, p) in players.iter().enumerate() {
            for game in p.games() {
                if game.opponent == p.id {
                    return Err(TournamentError::PlayedSelf(p.id));
                }
                let j = *index
                    .get(&game.opponent)
                    .ok_or(TournamentError::UnknownOpponent {
                        player: p.id,
                        opponent: game.opponent,
                    })?;
                met.insert((i.min(j), i.max(j)));
            }
        }
        let points = players.iter().map(Player::points).collect();
        Ok(Field {
            players,
            index,
            points,
            met,
        })
    }

    /// Whether the players at these positions have played each other.
    pub fn met(&self, a: usize, b: usize) -> bool {
        self.met.contains(&(a.min(b), a.max(b)))
    }

    /// The initial ranking's order between two positions: higher rating, then lower id.
    pub fn initial_key(&self, i: usize) -> (Reverse<i32>, PlayerId) {
        (Reverse(self.players[i].rating), self.players[i].id)
    }

    /// The current ranking's order: more points, then the initial ranking.
    pub fn ranking_key(&self, i: usize) -> (Reverse<Points>, Reverse<i32>, PlayerId) {
        let (rating, id) = self.initial_key(i);
        (Reverse(self.points[i]), rating, id)
    }
}
