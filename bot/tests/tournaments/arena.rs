//! Arenas against a real PostgreSQL, on a clock the tests move: free players paired once they
//! have waited, and not with their last opponent while another is free (even one who has not
//! waited yet), a pause and a return,
//! no new game in the last call, wins in a row counting double, games running at the end
//! counted before the arena finishes, and two passes at once pairing each player once.

use super::*;
use chrono::{DateTime, Utc};
use halma_core::clock::Clock;
use halma_core::service::{ArenaPass, ArenaSettings, Pairing, StandingExtras, StandingRow};

/// How long a free player waits before being paired (the bot's default).
fn wait() -> TimeDelta {
    ArenaSettings::default().wait
}

/// An hour's arena in `channel`, made by the organiser.
fn arena_in(channel: u64) -> TournamentRequest {
    TournamentRequest {
        name: "Arena hour".into(),
        format: TournamentFormat::Arena,
        rounds: None,
        duration: Some(TimeDelta::hours(1)),
        // The clock jumps here, and no game is to be lost on time meanwhile.
        turn_timeout: Some(TimeDelta::days(1)),
        ..create_in(channel, Variant::Small)
    }
}

/// An arena in `channel` with `players`, started at the clock's time, and its first games
/// opened.
async fn running_arena(
    svc: &Service,
    channel: u64,
    players: &[u64],
    thread: &mut u64,
) -> (TournamentId, RoundView) {
    let id = enter(svc, &arena_in(channel), players).await;
    let started = start(svc, channel).await;
    assert_eq!(started.tournament.format, TournamentFormat::Arena);
    assert_eq!(started.tournament.rounds, None);
    let first = open_round(svc, id, 1, thread).await;
    assert_eq!(
        first.pairings.len(),
        players.len() / 2,
        "everyone is paired at the start"
    );
    (id, first)
}

/// The arena's latest wave of games, opened.
async fn latest_wave(svc: &Service, id: TournamentId, thread: &mut u64) -> RoundView {
    let wave = svc
        .tournaments()
        .round_view(id, 0)
        .await
        .unwrap()
        .expect("the arena")
        .tournament
        .current_round;
    open_round(svc, id, wave, thread).await
}

/// The game of `wave` that `user` plays.
fn game_of(wave: &RoundView, user: u64) -> Pairing {
    wave.pairings
        .iter()
        .find(|p| p.first == user || p.second == Some(user))
        .unwrap_or_else(|| panic!("{user} has no game in {wave:?}"))
        .clone()
}

/// The two players of a pairing, lower id first.
fn players_of(pairing: &Pairing) -> [u64; 2] {
    let second = pairing.second.expect("a game");
    [pairing.first.min(second), pairing.first.max(second)]
}

/// `loser` resigns their game of `wave`; the winner is returned.
async fn lose(svc: &Service, wave: &RoundView, loser: u64) -> u64 {
    let game = game_of(wave, loser);
    resign_in(svc, game.thread.expect("opened"), loser)
        .await
        .expect("a resignation");
    if game.first == loser {
        game.second.expect("a game")
    } else {
        game.first
    }
}

/// The line of `user` in the channel's standings.
async fn line(svc: &Service, channel: u64, user: u64) -> StandingRow {
    let table = svc
        .tournaments()
        .standings(Place::new(GUILD, channel))
        .await
        .unwrap();
    table
        .rows
        .into_iter()
        .find(|r| r.user == user)
        .expect("a line")
}

/// A pass of the arena worker at `now`.
async fn pass_at(svc: &Service, now: DateTime<Utc>) -> ArenaPass {
    svc.tournaments().pair_at(now).await.expect("a pass")
}

/// How many games a pass paired in all.
fn paired(pass: &ArenaPass) -> u32 {
    pass.paired.iter().map(|(_, games)| games).sum()
}

#[sqlx::test(migrations = "../migrations")]
async fn free_players_are_paired_after_the_wait_and_not_again_with_their_last_opponent(
    pool: PgPool,
) {
    let (svc, clock) = service(&pool);
    let mut thread = FIRST_THREAD;
    let (id, first) = running_arena(&svc, CHANNEL, &PLAYERS[..4], &mut thread).await;
    let [a, b] = [first.pairings[0].clone(), first.pairings[1].clone()];
    clock.advance(TimeDelta::minutes(3));
    let ended = clock.now();
    let winner_a = lose(&svc, &first, a.second.unwrap()).await;
    // Two are free, but not for long enough.
    let early = pass_at(&svc, ended + wait() - TimeDelta::seconds(1)).await;
    assert_eq!(paired(&early), 0, "{early:?}");
    clock.advance(TimeDelta::seconds(2));
    let winner_b = lose(&svc, &first, b.first).await;
    // The first two have waited, but they just met and two others are free now: they wait
    // until those have waited too.
    let held = pass_at(&svc, ended + wait()).await;
    assert_eq!(paired(&held), 0, "{held:?}");
    assert_eq!(held.next, Some(clock.now() + wait()));
    let pass = pass_at(&svc, clock.now() + wait()).await;
    assert_eq!(pass.paired, [(id, 2)]);
    let second = latest_wave(&svc, id, &mut thread).await;
    assert_eq!(second.round, 2);
    for game in &second.pairings {
        assert_ne!(
            players_of(game),
            players_of(&a),
            "no rematch while others are free"
        );
        assert_ne!(
            players_of(game),
            players_of(&b),
            "no rematch while others are free"
        );
    }
    // The nearest scores meet: the two winners.
    let mut winners = [winner_a, winner_b];
    winners.sort_unstable();
    assert!(second.pairings.iter().any(|p| players_of(p) == winners));
    // A second pass finds nobody free.
    let later = clock.now() + wait() * 3;
    assert_eq!(paired(&pass_at(&svc, later).await), 0);

    // With nobody else free, the two who just met play again.
    clock.advance(TimeDelta::minutes(1));
    let again = game_of(&second, winner_a);
    lose(&svc, &second, winner_a).await;
    let pass = pass_at(&svc, clock.now() + wait()).await;
    assert_eq!(paired(&pass), 1);
    let third = latest_wave(&svc, id, &mut thread).await;
    assert_eq!(third.pairings.len(), 1);
    assert_eq!(players_of(&third.pairings[0]), players_of(&again));
}

#[sqlx::test(migrations = "../migrations")]
async fn a_paused_player_gets_no_game_until_they_come_back(pool: PgPool) {
    let (svc, clock) = service(&pool);
    // Refused before the start, in a Swiss tournament, and for a member not in the arena;
    // each refusal changes nothing.
    let id = enter(&svc, &arena_in(CHANNEL), &PLAYERS[..4]).await;
    let refused = |result: Result<TournamentAnswer, Error>, expected: UserError| {
        assert!(
            matches!(&result, Err(Error::User(e)) if *e == expected),
            "expected {expected:?}, got {result:?}"
        );
    };
    let before = snapshot(&pool).await;
    let pause = TournamentCommand::Pause;
    refused(
        svc.tournaments().answer(at(PLAYERS[0]), &pause).await,
        UserError::TournamentNotStarted,
    );
    assert_eq!(snapshot(&pool).await, before);
    gather(&svc, CHANNEL + 1, &PLAYERS[..2]).await;
    let before = snapshot(&pool).await;
    let swiss = in_channel(CHANNEL + 1, PLAYERS[0]);
    refused(
        svc.tournaments().answer(swiss, &pause).await,
        UserError::ArenaOnly,
    );
    assert_eq!(snapshot(&pool).await, before);
    start(&svc, CHANNEL).await;
    let before = snapshot(&pool).await;
    refused(
        svc.tournaments().answer(at(ALICE), &pause).await,
        UserError::NotInTournament,
    );
    assert_eq!(snapshot(&pool).await, before);

    let mut thread = FIRST_THREAD;
    let first = open_round(&svc, id, 1, &mut thread).await;
    // A player pauses during their game: it goes on.
    let resting = first.pairings[0].first;
    let paused = svc
        .tournaments()
        .answer(at(resting), &TournamentCommand::Pause)
        .await
        .unwrap();
    assert!(matches!(paused, TournamentAnswer::Paused(_)), "{paused:?}");
    assert!(matches!(
        line(&svc, CHANNEL, resting).await.extras,
        StandingExtras::Arena { paused: true, .. }
    ));
    clock.advance(TimeDelta::minutes(2));
    lose(&svc, &first, resting).await;
    lose(&svc, &first, first.pairings[1].first).await;
    let ended = clock.now();
    // Three are free and unpaused: one game, one of them waits.
    let pass = pass_at(&svc, ended + wait()).await;
    assert_eq!(paired(&pass), 1);
    let second = latest_wave(&svc, id, &mut thread).await;
    assert!(second
        .pairings
        .iter()
        .all(|p| p.first != resting && p.second != Some(resting)));
    let waiting = PLAYERS[..4]
        .iter()
        .copied()
        .find(|u| *u != resting && second.pairings.iter().all(|p| !players_of(p).contains(u)))
        .expect("one left waiting");

    // Back after a while: paired with the one waiting, after the wait.
    clock.advance(TimeDelta::seconds(30));
    let back = svc
        .tournaments()
        .answer(at(resting), &TournamentCommand::Pause)
        .await
        .unwrap();
    assert!(matches!(back, TournamentAnswer::Resumed(_)), "{back:?}");
    let returned = clock.now();
    let soon = pass_at(&svc, returned + wait() - TimeDelta::seconds(1)).await;
    assert_eq!(paired(&soon), 0, "the one who came back waits too");
    assert_eq!(paired(&pass_at(&svc, returned + wait()).await), 1);
    let third = latest_wave(&svc, id, &mut thread).await;
    let mut expected = [resting, waiting];
    expected.sort_unstable();
    assert_eq!(players_of(&third.pairings[0]), expected);
}

#[sqlx::test(migrations = "../migrations")]
async fn no_game_starts_in_the_last_call_and_the_arena_ends_on_time(pool: PgPool) {
    let (svc, clock) = service(&pool);
    let mut thread = FIRST_THREAD;
    let started_at = clock.now();
    let (id, first) = running_arena(&svc, CHANNEL, &PLAYERS[..4], &mut thread).await;
    let ends = started_at + TimeDelta::hours(1);
    let last_call = ends - ArenaSettings::default().last_call;
    // Just before the last call: paired.
    clock.set(last_call - wait() - TimeDelta::seconds(5));
    for game in &first.pairings {
        lose(&svc, &first, game.first).await;
    }
    let pass = pass_at(&svc, last_call - TimeDelta::seconds(1)).await;
    assert_eq!(paired(&pass), 2);
    assert_eq!(pass.next, Some(ends), "then only the end is due");
    // In the last call: nobody is paired, however long they wait.
    let second = latest_wave(&svc, id, &mut thread).await;
    clock.set(last_call);
    for game in &second.pairings {
        lose(&svc, &second, game.second.unwrap()).await;
    }
    let pass = pass_at(&svc, ends - TimeDelta::seconds(1)).await;
    assert_eq!(paired(&pass), 0);
    let t = svc
        .tournaments()
        .round_view(id, 0)
        .await
        .unwrap()
        .unwrap()
        .tournament;
    assert_eq!((t.status, t.current_round), (TournamentStatus::Running, 2));
    // Time is up and no game runs: the arena finishes, with its podium.
    let pass = pass_at(&svc, ends).await;
    assert_eq!(pass.finished, [id]);
    let table = svc.tournaments().standings(HERE).await.unwrap();
    assert_eq!(table.tournament.status, TournamentStatus::Finished);
    assert!(table.rows.iter().all(|r| r.games == 2));
    let podiums: i64 =
        sqlx::query_scalar("SELECT count(*) FROM outbox WHERE kind = 'tournament_ended'")
            .fetch_one(&pool)
            .await
            .unwrap();
    assert_eq!(podiums, 1);
    assert!(pass_at(&svc, ends + TimeDelta::minutes(1))
        .await
        .finished
        .is_empty());
}

#[sqlx::test(migrations = "../migrations")]
async fn wins_in_a_row_count_double_until_a_game_is_not_won(pool: PgPool) {
    let (svc, clock) = service(&pool);
    let mut thread = FIRST_THREAD;
    let [hero, other] = [PLAYERS[0], PLAYERS[1]];
    let (id, mut wave) = running_arena(&svc, CHANNEL, &[hero, other], &mut thread).await;
    // Win, win, win (on fire: 4), draw (1, the fire out), win: 2 + 2 + 4 + 1 + 2.
    let expected = [
        (2, 1, false),
        (4, 2, true),
        (8, 3, true),
        (9, 0, false),
        (11, 1, false),
    ];
    for (n, (points, streak, fire)) in expected.into_iter().enumerate() {
        clock.advance(TimeDelta::minutes(2));
        if n == 3 {
            let here = Place::new(GUILD, game_of(&wave, hero).thread.unwrap());
            svc.offer_draw(here.member(hero)).await.unwrap();
            svc.offer_draw(here.member(other)).await.unwrap();
        } else {
            assert_eq!(lose(&svc, &wave, other).await, hero);
        }
        let row = line(&svc, CHANNEL, hero).await;
        assert_eq!(
            row.points.to_string(),
            points.to_string(),
            "after game {}",
            n + 1
        );
        assert_eq!(row.games, n as u32 + 1);
        assert_eq!(row.on_fire(), fire, "after game {}", n + 1);
        assert!(matches!(row.extras, StandingExtras::Arena { streak: s, .. } if s == streak));
        assert_eq!(row.place, 1);
        // Nobody else is free: the two meet again after the wait.
        assert_eq!(paired(&pass_at(&svc, clock.now() + wait()).await), 1);
        wave = latest_wave(&svc, id, &mut thread).await;
    }
    assert_eq!(line(&svc, CHANNEL, other).await.points.to_string(), "1");
    // Who moves first takes turns.
    let all: Vec<u64> = sqlx::query_scalar::<_, i64>(
        "SELECT first_id FROM tournament_games WHERE tournament_id = $1 ORDER BY round",
    )
    .bind(id.0)
    .fetch_all(&pool)
    .await
    .unwrap()
    .into_iter()
    .map(|u| u as u64)
    .collect();
    assert_eq!(all.len(), 6);
    assert!(all.windows(2).all(|w| w[0] != w[1]), "{all:?}");
}

#[sqlx::test(migrations = "../migrations")]
async fn games_running_when_time_is_up_finish_and_count(pool: PgPool) {
    let (svc, clock) = service(&pool);
    let mut thread = FIRST_THREAD;
    let started_at = clock.now();
    let (id, first) = running_arena(&svc, CHANNEL, &PLAYERS[..4], &mut thread).await;
    let [done, late] = [first.pairings[0].clone(), first.pairings[1].clone()];
    clock.advance(TimeDelta::minutes(30));
    lose(&svc, &first, done.second.unwrap()).await;
    // Time is up while one game runs: nothing is paired, nothing finishes.
    let after = started_at + TimeDelta::hours(1) + TimeDelta::minutes(1);
    clock.set(after);
    let pass = pass_at(&svc, after).await;
    assert_eq!((paired(&pass), pass.finished.len()), (0, 0));
    assert_eq!(
        svc.tournaments()
            .standings(HERE)
            .await
            .unwrap()
            .tournament
            .status,
        TournamentStatus::Running
    );
    // Its end counts, and finishes the arena in the same transaction.
    clock.advance(TimeDelta::minutes(1));
    lose(&svc, &first, late.first).await;
    let table = svc.tournaments().standings(HERE).await.unwrap();
    assert_eq!(table.tournament.status, TournamentStatus::Finished);
    let winners = [done.first, late.second.unwrap()];
    for row in &table.rows {
        let points = if winners.contains(&row.user) {
            "2"
        } else {
            "0"
        };
        assert_eq!(
            (row.points.to_string().as_str(), row.games),
            (points, 1),
            "{row:?}"
        );
    }
    let stats = svc.stats(GUILD, table.rows[0].user).await.unwrap();
    assert_eq!(
        (stats.tournaments.played, stats.tournaments.best_place),
        (1, Some(1))
    );
    let games: i64 =
        sqlx::query_scalar("SELECT count(*) FROM tournament_games WHERE tournament_id = $1")
            .bind(id.0)
            .fetch_one(&pool)
            .await
            .unwrap();
    assert_eq!(games, 2, "nothing paired after the end");
}

#[sqlx::test(migrations = "../migrations")]
async fn two_passes_at_once_pair_each_free_player_once(pool: PgPool) {
    let (svc, clock) = service(&pool);
    let mut thread = FIRST_THREAD;
    for attempt in 0..6u64 {
        let channel = CHANNEL + 100 + attempt;
        let (id, first) = running_arena(&svc, channel, &PLAYERS, &mut thread).await;
        clock.advance(TimeDelta::minutes(1));
        for game in &first.pairings {
            lose(&svc, &first, game.second.unwrap()).await;
        }
        let due: DateTime<Utc> = clock.now() + wait();
        let (one, two) = tokio::join!(
            svc.tournaments().pair_at(due),
            svc.tournaments().pair_at(due)
        );
        let games = paired(&one.unwrap()) + paired(&two.unwrap());
        assert_eq!(games, 3, "three games, paired once (attempt {attempt})");
        let rows: Vec<(i32, i64)> = sqlx::query_as(
            "SELECT round, count(*) FROM tournament_games WHERE tournament_id = $1
             GROUP BY round ORDER BY round",
        )
        .bind(id.0)
        .fetch_all(&pool)
        .await
        .unwrap();
        assert_eq!(rows, [(1, 3), (2, 3)], "attempt {attempt}");
        let waves: i64 = sqlx::query_scalar(
            "SELECT count(*) FROM outbox WHERE kind = 'tournament_round' AND body->>'tournament' = $1",
        )
        .bind(id.0.to_string())
        .fetch_one(&pool)
        .await
        .unwrap();
        assert_eq!(waves, 2, "each wave announced once");
        let playing: Vec<(i64, i64)> = sqlx::query_as(
            "SELECT p.user_id, count(g.id) FROM tournament_players p
             JOIN tournament_games g ON g.tournament_id = p.tournament_id AND g.result IS NULL
                  AND p.user_id IN (g.first_id, g.second_id)
             WHERE p.tournament_id = $1 AND p.ready_at IS NULL GROUP BY p.user_id",
        )
        .bind(id.0)
        .fetch_all(&pool)
        .await
        .unwrap();
        assert_eq!(playing.len(), PLAYERS.len(), "everyone plays: {playing:?}");
        assert!(playing.iter().all(|(_, games)| *games == 1), "{playing:?}");
        // Called off, to keep within the server's three live tournaments.
        let cancel = TournamentCommand::Cancel { may_manage: true };
        svc.tournaments()
            .answer(in_channel(channel, ALICE), &cancel)
            .await
            .unwrap();
    }
}

#[sqlx::test(migrations = "../migrations")]
async fn an_arena_lasts_an_hour_with_a_minute_a_move_unless_told_otherwise(pool: PgPool) {
    let (svc, _clock) = service(&pool);
    let request = TournamentRequest {
        duration: None,
        turn_timeout: None,
        ..arena_in(CHANNEL)
    };
    let made = svc.tournaments().create(&request).await.unwrap().tournament;
    assert_eq!(made.duration, Some(TimeDelta::hours(1)));
    assert_eq!(made.turn_timeout, TimeDelta::minutes(1));
    assert_eq!(made.rounds, None);
    assert_eq!(made.ends_at(), None, "its end is set by its start");
}
