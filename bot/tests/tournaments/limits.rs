//! A tournament's limits and refusals, each checked to change nothing, and the tables' own
//! guards: one live tournament per channel, each result counted once.

use super::*;
use halma_core::service::{LIVE_TOURNAMENTS_PER_SERVER, MAX_TOURNAMENT_PLAYERS};
/// `result` is the refusal `expected`, and the database is as it was.
async fn refused<T: std::fmt::Debug>(
    pool: &PgPool,
    before: &str,
    result: Result<T, Error>,
    expected: UserError,
) {
    match result {
        Err(Error::User(e)) => assert_eq!(e, expected),
        other => panic!("expected {expected:?}, got {other:?}"),
    }
    assert_eq!(snapshot(pool).await, before, "a refusal changed nothing");
}

#[sqlx::test(migrations = "../migrations")]
async fn limits_and_refusals_change_nothing(pool: PgPool) {
    let (svc, _clock) = service(&pool);
    let before = snapshot(&pool).await;
    let mut req = create_in(CHANNEL, Variant::Small);
    req.may_organize = false;
    refused(
        &pool,
        &before,
        svc.tournaments().create(&req).await,
        UserError::NotOrganizer,
    )
    .await;
    let mut req = create_in(CHANNEL, Variant::Small);
    req.organizer.place = req.organizer.place.in_thread_of(Some(CHANNEL + 9));
    refused(
        &pool,
        &before,
        svc.tournaments().create(&req).await,
        UserError::TournamentInThread,
    )
    .await;
    // Each format refuses the other's option, and an arena's length is bounded.
    let mut req = create_in(CHANNEL, Variant::Small);
    req.format = TournamentFormat::Arena;
    req.rounds = Some(3);
    refused(
        &pool,
        &before,
        svc.tournaments().create(&req).await,
        UserError::ArenaRounds,
    )
    .await;
    let mut req = create_in(CHANNEL, Variant::Small);
    req.duration = Some(TimeDelta::minutes(30));
    refused(
        &pool,
        &before,
        svc.tournaments().create(&req).await,
        UserError::SwissDuration,
    )
    .await;
    for minutes in [9, 24 * 60 + 1] {
        let mut req = create_in(CHANNEL, Variant::Small);
        req.format = TournamentFormat::Arena;
        req.duration = Some(TimeDelta::minutes(minutes));
        refused(
            &pool,
            &before,
            svc.tournaments().create(&req).await,
            UserError::DurationOutOfRange {
                min: TimeDelta::minutes(10),
                max: TimeDelta::hours(24),
            },
        )
        .await;
    }
    let mut req = create_in(CHANNEL, Variant::Small);
    req.name = " ".into();
    refused(
        &pool,
        &before,
        svc.tournaments().create(&req).await,
        UserError::BadTournamentName { limit: 100 },
    )
    .await;
    let req = create_in(CHANNEL, Variant::Four);
    refused(
        &pool,
        &before,
        svc.tournaments().create(&req).await,
        UserError::TournamentVariant {
            variant: Variant::Four,
        },
    )
    .await;
    for rounds in [0, 21] {
        let mut req = create_in(CHANNEL, Variant::Small);
        req.rounds = Some(rounds);
        refused(
            &pool,
            &before,
            svc.tournaments().create(&req).await,
            UserError::BadRounds { max: 20 },
        )
        .await;
    }
    for command in [
        TournamentCommand::Join {
            tournament: None,
            name: "x".into(),
        },
        TournamentCommand::Withdraw,
        TournamentCommand::Standings,
    ] {
        refused(
            &pool,
            &before,
            svc.tournaments().answer(at(ALICE), &command).await,
            UserError::NoTournament,
        )
        .await;
    }

    // One live tournament per channel, three per server.
    for i in 0..u64::from(LIVE_TOURNAMENTS_PER_SERVER) {
        svc.tournaments()
            .create(&create_in(CHANNEL + i, Variant::Small))
            .await
            .unwrap();
    }
    let before = snapshot(&pool).await;
    refused(
        &pool,
        &before,
        svc.tournaments()
            .create(&create_in(CHANNEL, Variant::Small))
            .await,
        UserError::ServerTournamentsFull { limit: 3 },
    )
    .await;
    let here = TournamentCommand::Cancel { may_manage: false };
    svc.tournaments()
        .answer(in_channel(CHANNEL + 2, ORGANIZER), &here)
        .await
        .unwrap();
    let before = snapshot(&pool).await;
    refused(
        &pool,
        &before,
        svc.tournaments()
            .create(&create_in(CHANNEL, Variant::Small))
            .await,
        UserError::TournamentInChannel,
    )
    .await;

    // Joining and leaving.
    let join = |name: &str| TournamentCommand::Join {
        tournament: None,
        name: name.into(),
    };
    svc.tournaments()
        .answer(at(ALICE), &join("alice"))
        .await
        .unwrap();
    let before = snapshot(&pool).await;
    refused(
        &pool,
        &before,
        svc.tournaments().answer(at(ALICE), &join("alice")).await,
        UserError::AlreadyInTournament,
    )
    .await;
    refused(
        &pool,
        &before,
        svc.tournaments()
            .answer(at(BOB), &TournamentCommand::Leave { tournament: None })
            .await,
        UserError::NotInTournament,
    )
    .await;
    refused(
        &pool,
        &before,
        svc.tournaments()
            .answer(at(ALICE), &TournamentCommand::Withdraw)
            .await,
        UserError::TournamentNotStarted,
    )
    .await;
    let start = TournamentCommand::Start { may_manage: false };
    refused(
        &pool,
        &before,
        svc.tournaments().answer(at(ALICE), &start).await,
        UserError::NotTournamentOrganizer {
            organizer: ORGANIZER,
        },
    )
    .await;
    refused(
        &pool,
        &before,
        svc.tournaments().answer(at(ORGANIZER), &start).await,
        UserError::TooFewPlayers { joined: 1 },
    )
    .await;
    // A button of another channel's tournament does nothing here.
    let elsewhere = tournament_of(&svc, CHANNEL + 1).await;
    let click = TournamentCommand::Join {
        tournament: Some(elsewhere),
        name: "bob".into(),
    };
    refused(
        &pool,
        &before,
        svc.tournaments().answer(at(BOB), &click).await,
        UserError::UnknownButton,
    )
    .await;

    // 256 players at most.
    for user in 1..MAX_TOURNAMENT_PLAYERS as u64 {
        svc.tournaments()
            .answer(at(user), &join("someone"))
            .await
            .unwrap();
    }
    let before = snapshot(&pool).await;
    refused(
        &pool,
        &before,
        svc.tournaments().answer(at(BOB), &join("bob")).await,
        UserError::TournamentFull { limit: 256 },
    )
    .await;

    // After the start: joining is closed, a player cannot abort their game.
    svc.tournaments()
        .answer(
            at(ORGANIZER),
            &TournamentCommand::Start { may_manage: false },
        )
        .await
        .unwrap();
    let id = tournament_of(&svc, CHANNEL).await;
    let mut thread = FIRST_THREAD;
    let round = svc.tournaments().round_view(id, 1).await.unwrap().unwrap();
    let first = round
        .pairings
        .iter()
        .find(|p| p.second.is_some())
        .unwrap()
        .clone();
    thread += 1;
    svc.tournaments()
        .open_pairing(first.id, thread)
        .await
        .unwrap()
        .unwrap();
    let before = snapshot(&pool).await;
    refused(
        &pool,
        &before,
        svc.tournaments().answer(at(BOB), &join("bob")).await,
        UserError::TournamentStarted,
    )
    .await;
    refused(
        &pool,
        &before,
        svc.tournaments()
            .answer(at(ALICE), &TournamentCommand::Leave { tournament: None })
            .await,
        UserError::TournamentStarted,
    )
    .await;
    let player = Place::new(GUILD, thread).member(first.first);
    refused(
        &pool,
        &before,
        svc.abort(player, false).await,
        UserError::TournamentGameAbort,
    )
    .await;
    // A moderator may call it off: a draw for the tournament.
    svc.abort(player, true).await.unwrap();
    let counted = svc.tournaments().round_view(id, 1).await.unwrap().unwrap();
    let pairing = counted.pairings.iter().find(|p| p.id == first.id).unwrap();
    assert_eq!(pairing.result, Some(PairingResult::Draw));
}

#[sqlx::test(migrations = "../migrations")]
async fn the_tables_keep_one_live_tournament_per_channel_and_count_each_result_once(pool: PgPool) {
    use halma_core::db::tournament_games::NewPairing;
    use halma_core::db::tournaments::NewTournament;
    use halma_core::Db;
    let db = Db::new(pool.clone());
    let new = NewTournament {
        guild: GUILD,
        channel: CHANNEL,
        name: "Table test".into(),
        format: TournamentFormat::Swiss,
        variant: Variant::Small,
        turn_timeout: TimeDelta::minutes(5),
        rounds: Some(3),
        duration: None,
        starts_at: t0(),
        organizer: ORGANIZER,
        created_at: t0(),
    };
    let mut tx = db.begin().await.unwrap();
    let made = tx
        .insert_tournament(&new)
        .await
        .unwrap()
        .expect("the first");
    assert_eq!(
        made.channel, CHANNEL,
        "the snowflake above i64::MAX round-trips"
    );
    assert_eq!(tx.live_tournaments(GUILD).await.unwrap(), 1);
    tx.commit().await.unwrap();
    let mut tx = db.begin().await.unwrap();
    assert!(
        tx.insert_tournament(&new).await.unwrap().is_none(),
        "one live per channel"
    );
    drop(tx);

    let mut tx = db.begin().await.unwrap();
    for &user in &PLAYERS[..3] {
        assert!(tx.add_entrant(made.id, user, "p", t0()).await.unwrap());
    }
    assert!(
        !tx.add_entrant(made.id, PLAYERS[0], "p", t0())
            .await
            .unwrap(),
        "once each"
    );
    let game = NewPairing {
        round: 1,
        board: 1,
        first: PLAYERS[0],
        second: Some(PLAYERS[1]),
    };
    let pairing = tx.insert_pairing(made.id, &game, t0()).await.unwrap();
    let bye = NewPairing {
        round: 1,
        board: 2,
        first: PLAYERS[2],
        second: None,
    };
    tx.insert_pairing(made.id, &bye, t0()).await.unwrap();
    assert_eq!(
        tx.results_missing(made.id, 1).await.unwrap(),
        1,
        "a bye is counted at once"
    );
    assert!(tx
        .count_result(pairing, PairingResult::Second, t0())
        .await
        .unwrap());
    assert!(
        !tx.count_result(pairing, PairingResult::First, t0())
            .await
            .unwrap(),
        "counted once"
    );
    assert_eq!(tx.results_missing(made.id, 1).await.unwrap(), 0);
    tx.commit().await.unwrap();
    let pairings = db.pairings(made.id).await.unwrap();
    assert_eq!(pairings[0].result, Some(PairingResult::Second));

    // A player is paired once per round: the index refuses a second pairing.
    let mut tx = db.begin().await.unwrap();
    let again = NewPairing {
        round: 1,
        board: 3,
        first: PLAYERS[1],
        second: Some(PLAYERS[2]),
    };
    assert!(tx.insert_pairing(made.id, &again, t0()).await.is_err());
    drop(tx);

    // Ended, the channel is free; places feed the stats.
    let mut tx = db.begin().await.unwrap();
    tx.set_places(
        made.id,
        &[(PLAYERS[1], 1), (PLAYERS[2], 1), (PLAYERS[0], 3)],
    )
    .await
    .unwrap();
    // A tournament finishes only after it started (the table's check).
    tx.start_tournament(made.id, Some(3), t0()).await.unwrap();
    tx.end_tournament(made.id, TournamentStatus::Finished, t0())
        .await
        .unwrap();
    assert!(tx.insert_tournament(&new).await.unwrap().is_some());
    tx.commit().await.unwrap();
    let record = db.tournament_record(GUILD, PLAYERS[0]).await.unwrap();
    assert_eq!((record.played, record.best_place), (1, Some(3)));
}
