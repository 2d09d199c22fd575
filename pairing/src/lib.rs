//! Tournament pairing for two-player games: Swiss rounds, their standings, and arenas.
//!
//! Pure computation: no I/O, no clock, no randomness, nothing about Discord or the
//! database. The caller (the bot, later) keeps the tournament's state, asks this crate for
//! a round's pairings or a table, and stores the answer.
//!
//! - [`pair_round`] pairs a Swiss round in the spirit of the FIDE Dutch system, as one
//!   maximum-weight matching whose weights rank the criteria ([`Quality`]'s fields, in
//!   order); [`quality`] measures any pairing by the same criteria; [`default_rounds`].
//! - [`standings`] ranks a Swiss tournament: points, Buchholz, Sonneborn–Berger, direct
//!   encounter.
//! - [`pair_arena`], [`ArenaScore`] and [`arena_standings`] run an arena: free players
//!   paired by nearest score, wins worth double on a streak.
//!
//! ```
//! use std::collections::HashSet;
//! use halma_pairing::{pair_round, standings, Game, Outcome, Player, Round};
//! let mut players: Vec<Player> = (1..=4).map(|id| Player::new(id, 1500)).collect();
//! let round = pair_round(&players, &HashSet::new()).unwrap();
//! // Every game of the round is won by the first mover; record it on both sides.
//! for pair in &round.pairs {
//!     let (f, s) = (pair.first, pair.second);
//!     let record = |opponent, moved_first, outcome| Round::Played(Game { opponent, moved_first, outcome });
//!     players.iter_mut().find(|p| p.id == f).unwrap().rounds.push(record(s, true, Outcome::Win));
//!     players.iter_mut().find(|p| p.id == s).unwrap().rounds.push(record(f, false, Outcome::Loss));
//! }
//! let table = standings(&players).unwrap();
//! assert_eq!(table[0].points.to_string(), "1");
//! // The two winners meet in round two.
//! let next = pair_round(&players, &HashSet::new()).unwrap();
//! let winners: Vec<u64> = round.pairs.iter().map(|p| p.first).collect();
//! assert!(winners.contains(&next.pairs[0].first) && winners.contains(&next.pairs[0].second));
//! ```

mod arena;
mod first_move;
mod matching;
mod score;
mod standings;
mod swiss;
mod tournament;

pub use arena::{
    arena_standings, pair_arena, performance, ArenaEntry, ArenaGame, ArenaScore, ArenaStanding,
    Waiting,
};
pub use first_move::FirstMoveWish;
pub use score::{Outcome, PlayerId, Points};
pub use standings::{standings, Standing};
pub use swiss::{default_rounds, pair_round, quality, Pair, Pairings, Quality};
pub use tournament::{Game, Player, Round, TournamentError};
