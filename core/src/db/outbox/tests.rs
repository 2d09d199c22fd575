//! The outbox's announcements through their JSON bodies and back.

use super::*;

#[test]
fn announcements_survive_their_json() {
    let a = Announcement::Move {
        game: GameId(7),
        ply: 12,
        version: 14,
        seat: Seat::B,
        chain: "e12-g10-g12".parse().unwrap(),
        passed: vec![Seat::A, Seat::A],
        ratings: vec![SeatRating {
            seat: Seat::A,
            before: 1500.0,
            after: 1512.5,
            deviation: 300.0,
        }],
    };
    for announcement in [
        a,
        Announcement::Ended {
            game: GameId(1),
            ratings: Vec::new(),
        },
        Announcement::Reminder {
            game: GameId(2),
            ply: 0,
        },
        Announcement::ChallengeExpired {
            challenge: ChallengeId(3),
        },
        Announcement::YourMove {
            game: GameId(4),
            ply: 9,
            user: u64::MAX,
            half_time: true,
        },
        Announcement::Started { game: GameId(4) },
        Announcement::TournamentAnnounced {
            tournament: TournamentId(5),
        },
        Announcement::TournamentRound {
            tournament: TournamentId(5),
            round: 2,
        },
        Announcement::TournamentStandings {
            tournament: TournamentId(5),
        },
        Announcement::TournamentEnded {
            tournament: TournamentId(5),
        },
    ] {
        let json = serde_json::to_string(&Body::from(&announcement)).unwrap();
        let back: Body = serde_json::from_str(&json).unwrap();
        assert_eq!(
            Announcement::try_from(back).unwrap(),
            announcement,
            "{json}"
        );
    }
}
