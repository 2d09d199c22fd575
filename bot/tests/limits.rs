//! Every message the bot builds fits Discord: text at most 2,000 characters, button labels at
//! most 80 and custom ids at most 100, with worst-case inputs (the largest ids, long user
//! texts, long lists), in both languages.

use chrono::{TimeDelta, TimeZone, Utc};
use halma::{IllegalMove, Options, ParseSquareError, Ply, Position, Seat, Square, Variant};
use halma_core::locale::Lang;
use halma_core::present::{self, Reply, BUTTON_LABEL_LIMIT, CUSTOM_ID_LIMIT, MESSAGE_LIMIT};
use halma_core::service::{
    Abort, Challenge, ChallengeId, ChallengeStatus, DrawOffer, EndReason, FirstMover, GameEnded,
    GameId, GameResult, GameStarted, GameStatus, GameView, History, HistoryPly, LastMove,
    Leaderboard, LeaderboardEntry, MovePlayed, Player, PlayerLeft, RatingChange, Record, Reminder,
    ReplayData, Stats, VariantStats,
};
use halma_core::UserError;

const BIG: u64 = u64::MAX;
const LANGS: [Lang; 8] = Lang::ALL;

fn check(what: &str, reply: &Reply) {
    let chars = reply.content.chars().count();
    assert!(chars <= MESSAGE_LIMIT, "{what}: {chars} characters");
    for b in &reply.buttons {
        assert!(
            b.label.chars().count() <= BUTTON_LABEL_LIMIT,
            "{what}: {}",
            b.label
        );
        let id = b.action.custom_id();
        assert!(id.chars().count() <= CUSTOM_ID_LIMIT, "{what}: {id}");
    }
    assert!(
        reply.buttons.len() <= 5,
        "{what}: one row holds five buttons"
    );
}

fn players() -> Vec<Player> {
    vec![
        Player {
            seat: Seat::A,
            user: BIG,
        },
        Player {
            seat: Seat::B,
            user: BIG - 1,
        },
    ]
}

fn sq(s: &str) -> Square {
    s.parse().unwrap()
}

/// A long chain on the standard board.
fn long_chain() -> Vec<Square> {
    (0..60u8)
        .map(|i| Square::new(i % 16, (i / 16) * 2).unwrap())
        .collect()
}

fn game(result: Option<GameResult>) -> GameView {
    let variant = Variant::Standard;
    let status = if result.is_some() {
        GameStatus::Finished
    } else {
        GameStatus::Active
    };
    GameView {
        id: GameId(i64::MAX),
        guild: BIG,
        channel: BIG,
        variant,
        options: Options::for_variant(variant),
        players: players(),
        position: Position::start(variant),
        ply: u32::MAX,
        to_move: result.is_none().then(|| players()[0]),
        last_move: Some(LastMove {
            player: players()[1],
            chain: long_chain(),
        }),
        turn_timeout: TimeDelta::days(7),
        turn_deadline: None,
        time_left: Some(TimeDelta::days(7) - TimeDelta::seconds(1)),
        draw_offers: players(),
        status,
        result,
        created_at: Utc.with_ymd_and_hms(2025, 1, 1, 0, 0, 0).unwrap(),
        left: Vec::new(),
        bots: Vec::new(),
        web_token: "token".into(),
    }
}

fn win(reason: EndReason) -> Option<GameResult> {
    Some(GameResult::Win {
        winners: vec![players()[0]],
        reason,
    })
}

fn ratings() -> Vec<RatingChange> {
    players()
        .into_iter()
        .map(|player| RatingChange {
            player,
            before: 99_999.0,
            after: -99_999.0,
            deviation: 99_999.0,
        })
        .collect()
}

fn challenge(status: ChallengeStatus) -> Challenge {
    Challenge {
        id: ChallengeId(i64::MAX),
        guild: BIG,
        channel: BIG,
        challenger: BIG,
        variant: Variant::Standard,
        first: FirstMover::Random,
        anti_spoiling: true,
        no_parking: true,
        turn_timeout: TimeDelta::seconds(604_799),
        message: Some(BIG),
        status,
        game: Some(GameId(i64::MAX)),
        expires_at: Utc.with_ymd_and_hms(2025, 1, 1, 0, 0, 0).unwrap(),
        created_at: Utc.with_ymd_and_hms(2025, 1, 1, 0, 0, 0).unwrap(),
    }
}

/// A challenge of two: `BIG` asks `BIG - 1`.
fn of_two(status: ChallengeStatus) -> halma_core::service::Invitation {
    use halma_core::service::{Invitation, Invitee};
    Invitation {
        challenge: challenge(status),
        players: [BIG, BIG - 1]
            .into_iter()
            .map(|user| Invitee {
                user,
                accepted: user == BIG,
                ai_level: None,
            })
            .collect(),
    }
}

fn record() -> Record {
    Record {
        rating: 99_999.0,
        deviation: 99_999.0,
        games: u32::MAX,
        wins: u32::MAX,
        losses: u32::MAX,
        draws: u32::MAX,
    }
}

/// Every user error, with 6,000-character texts where it carries one.
fn user_errors() -> Vec<UserError> {
    let long: String = "ž\u{202e}\n`@everyone".repeat(600);
    let mut errors = vec![
        UserError::ChallengeYourself,
        UserError::ChallengeBot,
        UserError::ChannelBusy,
        UserError::UnknownVariant { text: long.clone() },
        UserError::BadTimeout { text: long.clone() },
        UserError::TimeoutOutOfRange { text: long.clone() },
        UserError::NoSuchChallenge,
        UserError::NotChallenged { opponent: BIG },
        UserError::NotChallenger { challenger: BIG },
        UserError::ChallengeExpired,
        UserError::ChallengeAccepted,
        UserError::ChallengeDeclined,
        UserError::ChallengeWithdrawn,
        UserError::NoGame,
        UserError::NotAPlayer,
        UserError::NotYourTurn { to_move: BIG },
        UserError::GameOver,
        UserError::TimeUp,
        UserError::BadSquare {
            error: ParseSquareError::Empty,
        },
        UserError::BadSquare {
            error: ParseSquareError::BadFile(long.clone()),
        },
        UserError::BadSquare {
            error: ParseSquareError::BadRank(long.clone()),
        },
        UserError::MissingDestination,
        UserError::PositionChanged,
        UserError::AbortTooLate,
        UserError::DrawAlreadyOffered { players: 4 },
        UserError::UnknownButton,
        UserError::OldButton,
        UserError::ChallengePending { opponent: BIG },
        UserError::ChallengeInChannel { challenger: BIG },
        UserError::LeftGame,
        UserError::NeedsManageServer,
        UserError::ChannelNotAllowed {
            channels: vec![BIG; halma_core::service::MAX_GAME_CHANNELS],
        },
        UserError::TooManyGameChannels {
            limit: halma_core::service::MAX_GAME_CHANNELS as u32,
        },
        UserError::UnknownLanguage { text: long.clone() },
        UserError::BadDmSwitch { text: long.clone() },
        UserError::WrongOpponentCount {
            variant: Variant::FourTeams,
            needed: 3,
        },
        UserError::WrongOpponentCount {
            variant: Variant::Standard,
            needed: 1,
        },
        UserError::DuplicateOpponent { user: BIG },
        UserError::NotInvited,
        UserError::AlreadyAccepted,
        UserError::NoSuchLobby,
        UserError::LobbyStarted,
        UserError::LobbyClosed,
        UserError::LobbyOpen { host: BIG },
        UserError::AlreadyInLobby,
        UserError::NotInLobby,
        UserError::LobbyFull,
        UserError::NotHost { host: BIG },
        UserError::LobbyNotFull {
            variant: Variant::FourTeams,
            joined: 3,
        },
        UserError::AiNeedsSeveralPlayers,
    ];
    let illegal = [
        IllegalMove::OffBoard(sq("p16")),
        IllegalMove::NotYourPiece {
            square: sq("p16"),
            owner: Seat::D,
        },
        IllegalMove::NothingToHopOver {
            from: sq("p16"),
            over: sq("o15"),
        },
        IllegalMove::Unreachable {
            from: sq("p16"),
            to: sq("a1"),
        },
    ];
    for variant in [Variant::Standard, Variant::Star6] {
        errors.extend(illegal.iter().map(|error| UserError::Illegal {
            error: error.clone(),
            variant,
        }));
        errors.push(UserError::OffBoard {
            name: "q17".into(),
            rank: 16,
            variant,
        });
    }
    errors
}

#[test]
fn refusals_fit_and_repeat_at_most_a_hundred_characters_of_the_users_text() {
    for lang in LANGS {
        for e in user_errors() {
            let reply = present::refusal(lang, &e);
            check(&format!("{e:?}"), &reply);
            assert!(reply.ephemeral);
            assert!(reply.pings.is_empty(), "a refusal pings nobody");
            // The longest template is well under 300 characters.
            assert!(
                reply.content.chars().count() < 400,
                "{}: {}",
                present::refusal_key(&e),
                reply.content
            );
            assert!(!reply.content.contains('\n'), "{}", reply.content);
        }
        check("apology", &present::apology(lang));
    }
}

#[test]
fn game_messages_fit_with_the_largest_values() {
    let names = |_: u64, _: u64| Some("W".repeat(32));
    for lang in LANGS {
        let active = game(None);
        let started = GameStarted {
            game: active.clone(),
            bots: vec![(players()[1], halma_engine::Level::Hard)],
        };
        check(
            "game started",
            &present::game_started(lang, &started, &names),
        );
        for reason in EndReason::ALL {
            let result = match reason {
                EndReason::Balance
                | EndReason::PlyLimit
                | EndReason::NoMoves
                | EndReason::Agreement => Some(GameResult::Draw { reason: *reason }),
                _ => win(*reason),
            };
            let ended = GameEnded {
                game: game(result),
                ratings: ratings(),
            };
            // Drawing boards is slow in debug builds: the text is what is checked, and a
            // move that ends the game says the most.
            let played = MovePlayed {
                game: ended.game.clone(),
                mover: players()[1],
                chain: long_chain(),
                passed: players(),
                ratings: ratings(),
            };
            check("move played", &present::move_played(lang, &played, &names));
            if *reason == EndReason::Timeout {
                check(
                    "lost on time",
                    &present::abort(
                        lang,
                        BIG,
                        &Abort::LostOnTime(Box::new(ended.clone())),
                        &names,
                    ),
                );
                check(
                    "draw on time",
                    &present::draw(lang, &DrawOffer::LostOnTime(ended.clone()), &names),
                );
                check("board", &present::board(lang, &ended.game, &names));
                check("game ended", &present::game_ended(lang, &ended, &names));
                let left = PlayerLeft {
                    game: ended.game.clone(),
                    player: players()[0],
                    reason: EndReason::Timeout,
                    passed: players(),
                    ratings: ratings(),
                };
                check("player left", &present::player_left(lang, &left, &names));
            }
        }
        let played = MovePlayed {
            game: active.clone(),
            mover: players()[1],
            chain: long_chain(),
            passed: players(),
            ratings: Vec::new(),
        };
        let reply = present::move_played(lang, &played, &names);
        check("move played", &reply);
        assert_eq!(reply.pings, [BIG], "a move pings the next player only");
        check("board", &present::board(lang, &active, &names));
        let offer = DrawOffer::Standing {
            game: active.clone(),
            by: players()[0],
            waiting_for: vec![players()[1]],
        };
        let reply = present::draw(lang, &offer, &names);
        check("draw offer", &reply);
        assert_eq!(
            reply.pings,
            [BIG - 1],
            "an offer pings the one who may accept"
        );
        check(
            "aborted",
            &present::abort(lang, BIG, &Abort::Aborted(GameId(i64::MAX)), &names),
        );
        let reminder = Reminder {
            game: active.clone(),
            player: players()[0],
            time_left: TimeDelta::days(7),
        };
        let reply = present::reminder(lang, &reminder);
        check("reminder", &reply);
        assert_eq!(reply.pings, [BIG]);
    }
}

#[test]
fn challenge_messages_fit_and_ping_the_challenged_player_only() {
    for lang in LANGS {
        let sent = present::challenge_sent(lang, &of_two(ChallengeStatus::Pending));
        check("challenge sent", &sent);
        assert_eq!(sent.pings, [BIG - 1]);
        for status in ChallengeStatus::ALL {
            let closed = present::challenge_closed(lang, &of_two(*status));
            check("challenge closed", &closed);
            assert!(closed.pings.is_empty());
        }
    }
}

#[test]
fn long_lists_are_cut_and_say_how_many_were_left_out() {
    for lang in LANGS {
        for n in [0, 1, 10, 100, 10_000] {
            let board = Leaderboard {
                variant: Variant::Standard,
                entries: (0..n)
                    .map(|i| LeaderboardEntry {
                        rank: u32::MAX,
                        user: BIG - i,
                        record: record(),
                    })
                    .collect(),
            };
            let reply = present::leaderboard(lang, &board);
            check("leaderboard", &reply);
            let shown = reply.content.lines().count() - 1;
            if n > 10 {
                let last = reply.content.lines().last().unwrap();
                assert!(shown < n as usize, "{n}");
                let left_out = (n as usize - (shown - 1)).to_string();
                assert!(last.contains(&left_out), "{last} (of {n})");
            }
            let stats = Stats {
                user: BIG,
                variants: [Variant::Standard, Variant::Ig10, Variant::Small]
                    .into_iter()
                    .map(|variant| VariantStats {
                        variant,
                        rank: u32::MAX,
                        record: record(),
                    })
                    .collect(),
                current_games: (0..n).map(|_| game(None)).collect(),
                ai_records: halma_engine::Level::ALL
                    .iter()
                    .map(|&level| halma_core::db::game_seats::AiRecord {
                        level,
                        wins: u32::MAX,
                        losses: u32::MAX,
                        draws: u32::MAX,
                    })
                    .collect(),
                tournaments: halma_core::db::tournament_players::TournamentRecord {
                    played: u32::MAX,
                    best_place: Some(u32::MAX),
                },
            };
            check("stats", &present::stats(lang, &stats));
        }
        check("rules", &present::rules(lang));
    }
}

#[test]
fn long_histories_go_to_a_file_and_replays_fit() {
    let names = |_: u64, _: u64| Some("W".repeat(32));
    for lang in LANGS {
        let finished = game(win(EndReason::Completed));
        let plies: Vec<HistoryPly> = (0..2000)
            .map(|i| HistoryPly {
                number: i + 1,
                player: players()[(i % 2) as usize],
                ply: Ply::Move {
                    seat: Seat::A,
                    chain: long_chain(),
                },
            })
            .collect();
        let history = History {
            game: finished.clone(),
            plies,
            hints: players().into_iter().map(|p| (p, u32::MAX)).collect(),
            departures: vec![(u32::MAX, players()[0])],
        };
        check("history", &present::history(lang, &history));
        let data = ReplayData {
            game: finished.clone(),
            start: Position::start(Variant::Small),
            plies: Vec::new(),
            departures: Vec::new(),
        };
        check("replay", &present::replay(lang, &data, &names));
    }
}

/// Four players with the largest ids, the last one the bot.
fn four_players() -> Vec<Player> {
    Variant::FourTeams
        .seats()
        .zip(0..)
        .map(|(seat, i)| Player {
            seat,
            user: BIG - i,
        })
        .collect()
}

#[test]
fn messages_of_games_of_four_fit_and_ping_whom_they_should() {
    use halma_core::service::{
        Invitation, Invitee, Lobby, LobbyId, LobbyMember, LobbyStatus, LobbyUpdate, LobbyView,
    };
    use halma_engine::Level;
    for lang in LANGS {
        let mut pending = challenge(ChallengeStatus::Pending);
        pending.variant = Variant::FourTeams;
        let invitation = Invitation {
            challenge: pending.clone(),
            players: (0..4)
                .map(|i| Invitee {
                    user: BIG - i,
                    accepted: i % 2 == 0,
                    ai_level: None,
                })
                .collect(),
        };
        let sent = present::invitation(lang, &invitation);
        check("invitation", &sent);
        assert_eq!(sent.pings, [BIG - 1, BIG - 3], "those still awaited");
        assert_eq!(sent.buttons.len(), 3);
        let declined = present::challenge_declined(lang, &invitation, BIG - 2);
        check("declined", &declined);
        assert!(declined.content.contains(&format!("<@{}>", BIG - 2)));
        for status in ChallengeStatus::ALL {
            let mut closed = invitation.clone();
            closed.challenge.status = *status;
            check(
                "invitation closed",
                &present::challenge_closed(lang, &closed),
            );
        }

        let lobby = Lobby {
            id: LobbyId(i64::MAX),
            guild: BIG,
            channel: BIG,
            host: BIG,
            variant: Variant::FourTeams,
            anti_spoiling: true,
            no_parking: true,
            turn_timeout: TimeDelta::seconds(604_799),
            random_seats: true,
            ai_level: Level::Medium,
            message: Some(BIG),
            status: LobbyStatus::Open,
            game: None,
            expires_at: Utc.with_ymd_and_hms(2025, 1, 1, 0, 0, 0).unwrap(),
            created_at: Utc.with_ymd_and_hms(2025, 1, 1, 0, 0, 0).unwrap(),
        };
        let view = LobbyView {
            lobby: lobby.clone(),
            members: (0..4)
                .map(|i| LobbyMember {
                    user: BIG - i,
                    ai_level: (i == 3).then_some(Level::Medium),
                })
                .collect(),
        };
        let shown = present::lobby(lang, &view);
        check("lobby", &shown);
        assert_eq!(shown.buttons.len(), 4, "Join, Leave, Start, Add AI");
        assert!(shown.pings.is_empty());
        for status in [LobbyStatus::Closed, LobbyStatus::Expired] {
            let closed = Lobby {
                status,
                ..lobby.clone()
            };
            let reply = present::lobby_closed(lang, &closed);
            check("lobby closed", &reply);
            assert!(reply.buttons.is_empty());
        }

        let variant = Variant::FourTeams;
        let players = four_players();
        let started = GameStarted {
            game: GameView {
                variant,
                options: Options::for_variant(variant),
                position: Position::start(variant),
                players: players.clone(),
                to_move: Some(players[0]),
                draw_offers: Vec::new(),
                last_move: None,
                ..game(None)
            },
            bots: vec![(players[3], Level::Hard)],
        };
        let names = |_: u64, _: u64| Some("W".repeat(32));
        let reply = present::lobby_update(
            lang,
            &LobbyUpdate::Started(Box::new(started.clone())),
            &names,
        );
        check("game of four started", &reply);
        assert_eq!(reply.pings, [BIG], "the first mover");
        for p in &players {
            assert!(
                reply.content.contains(&format!("<@{}>", p.user)),
                "{}",
                reply.content
            );
        }
    }
}
