//! The JSON body of an outbox row: an [`Announcement`] in plain numbers and letters, and back.

use super::{Announcement, SeatRating};
use crate::db::seat;
use crate::model::{ChallengeId, GameId, LobbyId, PuzzleId, TournamentId};
use serde::{Deserialize, Serialize};

/// The JSON form of an [`Announcement`]: plain numbers and letters.
#[derive(Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub(super) enum Body {
    Move {
        game: i64,
        ply: u32,
        version: i32,
        seat: String,
        chain: String,
        passed: String,
        ratings: Vec<RatingBody>,
    },
    Ended {
        game: i64,
        ratings: Vec<RatingBody>,
    },
    Left {
        game: i64,
        ply: u32,
        seat: String,
        resigned: bool,
        passed: String,
        ratings: Vec<RatingBody>,
    },
    Reminder {
        game: i64,
        ply: u32,
    },
    ChallengeExpired {
        challenge: i64,
    },
    LobbyExpired {
        lobby: i64,
    },
    YourMove {
        game: i64,
        ply: u32,
        user: u64,
        half_time: bool,
    },
    Started {
        game: i64,
    },
    Tournament {
        tournament: i64,
    },
    TournamentRound {
        tournament: i64,
        round: u32,
    },
    TournamentStandings {
        tournament: i64,
    },
    TournamentEnded {
        tournament: i64,
    },
    PuzzleDaily {
        puzzle: i64,
    },
}

#[derive(Serialize, Deserialize)]
pub(super) struct RatingBody {
    seat: String,
    before: f64,
    after: f64,
    deviation: f64,
}

fn rating_body(ratings: &[SeatRating]) -> Vec<RatingBody> {
    ratings
        .iter()
        .map(|r| RatingBody {
            seat: r.seat.letter().to_string(),
            before: r.before,
            after: r.after,
            deviation: r.deviation,
        })
        .collect()
}

fn seat_ratings(ratings: Vec<RatingBody>) -> Result<Vec<SeatRating>, sqlx::Error> {
    ratings
        .into_iter()
        .map(|r| {
            Ok(SeatRating {
                seat: seat(&r.seat)?,
                before: r.before,
                after: r.after,
                deviation: r.deviation,
            })
        })
        .collect()
}

impl From<&Announcement> for Body {
    fn from(announcement: &Announcement) -> Body {
        match announcement {
            Announcement::Move {
                game,
                ply,
                version,
                seat,
                chain,
                passed,
                ratings,
            } => Body::Move {
                game: game.0,
                ply: *ply,
                version: *version,
                seat: seat.letter().to_string(),
                chain: chain.to_string(),
                // In order, not sorted as `letters` would: a seat may pass twice.
                passed: passed.iter().map(|s| s.letter()).collect(),
                ratings: rating_body(ratings),
            },
            Announcement::Ended { game, ratings } => Body::Ended {
                game: game.0,
                ratings: rating_body(ratings),
            },
            Announcement::Left {
                game,
                ply,
                seat,
                resigned,
                passed,
                ratings,
            } => Body::Left {
                game: game.0,
                ply: *ply,
                seat: seat.letter().to_string(),
                resigned: *resigned,
                passed: passed.iter().map(|s| s.letter()).collect(),
                ratings: rating_body(ratings),
            },
            Announcement::Reminder { game, ply } => Body::Reminder {
                game: game.0,
                ply: *ply,
            },
            Announcement::ChallengeExpired { challenge } => Body::ChallengeExpired {
                challenge: challenge.0,
            },
            Announcement::LobbyExpired { lobby } => Body::LobbyExpired { lobby: lobby.0 },
            Announcement::YourMove {
                game,
                ply,
                user,
                half_time,
            } => Body::YourMove {
                game: game.0,
                ply: *ply,
                user: *user,
                half_time: *half_time,
            },
            Announcement::Started { game } => Body::Started { game: game.0 },
            Announcement::TournamentAnnounced { tournament } => Body::Tournament {
                tournament: tournament.0,
            },
            Announcement::TournamentRound { tournament, round } => Body::TournamentRound {
                tournament: tournament.0,
                round: *round,
            },
            Announcement::TournamentStandings { tournament } => Body::TournamentStandings {
                tournament: tournament.0,
            },
            Announcement::TournamentEnded { tournament } => Body::TournamentEnded {
                tournament: tournament.0,
            },
            Announcement::PuzzleDaily { puzzle } => Body::PuzzleDaily { puzzle: puzzle.0 },
        }
    }
}

impl TryFrom<Body> for Announcement {
    type Error = sqlx::Error;

    fn try_from(body: Body) -> Result<Announcement, sqlx::Error> {
        Ok(match body {
            Body::Move {
                game,
                ply,
                version,
                seat: mover,
                chain,
                passed,
                ratings,
            } => Announcement::Move {
                game: GameId(game),
                ply,
                version,
                seat: seat(&mover)?,
                chain: crate::db::parse("announced chain", &chain)?,
                passed: passed
                    .chars()
                    .map(|c| seat(&c.to_string()))
                    .collect::<Result<_, _>>()?,
                ratings: seat_ratings(ratings)?,
            },
            Body::Ended { game, ratings } => Announcement::Ended {
                game: GameId(game),
                ratings: seat_ratings(ratings)?,
            },
            Body::Left {
                game,
                ply,
                seat: leaver,
                resigned,
                passed,
                ratings,
            } => Announcement::Left {
                game: GameId(game),
                ply,
                seat: seat(&leaver)?,
                resigned,
                passed: passed
                    .chars()
                    .map(|c| seat(&c.to_string()))
                    .collect::<Result<_, _>>()?,
                ratings: seat_ratings(ratings)?,
            },
            Body::Reminder { game, ply } => Announcement::Reminder {
                game: GameId(game),
                ply,
            },
            Body::ChallengeExpired { challenge } => Announcement::ChallengeExpired {
                challenge: ChallengeId(challenge),
            },
            Body::LobbyExpired { lobby } => Announcement::LobbyExpired {
                lobby: LobbyId(lobby),
            },
            Body::YourMove {
                game,
                ply,
                user,
                half_time,
            } => Announcement::YourMove {
                game: GameId(game),
                ply,
                user,
                half_time,
            },
            Body::Started { game } => Announcement::Started { game: GameId(game) },
            Body::Tournament { tournament } => Announcement::TournamentAnnounced {
                tournament: TournamentId(tournament),
            },
            Body::TournamentRound { tournament, round } => Announcement::TournamentRound {
                tournament: TournamentId(tournament),
                round,
            },
            Body::TournamentStandings { tournament } => Announcement::TournamentStandings {
                tournament: TournamentId(tournament),
            },
            Body::TournamentEnded { tournament } => Announcement::TournamentEnded {
                tournament: TournamentId(tournament),
            },
            Body::PuzzleDaily { puzzle } => Announcement::PuzzleDaily {
                puzzle: PuzzleId(puzzle),
            },
        })
    }
}
