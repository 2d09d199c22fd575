//! Swiss tournaments against a real PostgreSQL: a whole small tournament from its
//! announcement to its podium, rounds paired exactly once when their last games end at the
//! same moment, withdrawals, the timer's start, the limits, and every refusal (each checked to
//! change nothing; those in limits.rs). Arenas are in arena.rs.

mod arena;
#[path = "../common/mod.rs"]
mod common;
mod limits;
mod page;

use chrono::TimeDelta;
use common::*;
use halma::Variant;
use halma_core::service::{
    Actor, PairingResult, Place, RoundView, Service, TournamentAnswer, TournamentCommand,
    TournamentFormat, TournamentId, TournamentRequest, TournamentStatus, TournamentView,
};
use halma_core::{Error, UserError};
use sqlx::PgPool;
use std::collections::HashMap;

/// The organiser (who does not play).
const ORGANIZER: u64 = 700_000_000_000_000_001;
/// The players, in joining order.
const PLAYERS: [u64; 6] = [
    710_000_000_000_000_001,
    720_000_000_000_000_002,
    730_000_000_000_000_003,
    740_000_000_000_000_004,
    750_000_000_000_000_005,
    760_000_000_000_000_006,
];

/// The first thread id handed out for a pairing's game.
const FIRST_THREAD: u64 = 17_000_000_000_000_000_000;

/// A tournament request in `channel` by the organiser, who may organise.
fn create_in(channel: u64, variant: Variant) -> TournamentRequest {
    TournamentRequest {
        organizer: Place::new(GUILD, channel).member(ORGANIZER),
        may_organize: true,
        name: "Friday Swiss".into(),
        format: TournamentFormat::Swiss,
        variant: Some(variant),
        turn_timeout: Some(TimeDelta::minutes(5)),
        rounds: None,
        duration: None,
        starts_in: Some(TimeDelta::hours(1)),
    }
}

fn in_channel(channel: u64, user: u64) -> Actor {
    Place::new(GUILD, channel).member(user)
}

/// Makes a tournament in `channel` and has `players` join it.
async fn gather(svc: &Service, channel: u64, players: &[u64]) -> TournamentId {
    enter(svc, &create_in(channel, Variant::Small), players).await
}

/// Makes the tournament `request` asks for and has `players` join it.
async fn enter(svc: &Service, request: &TournamentRequest, players: &[u64]) -> TournamentId {
    let channel = request.organizer.place.channel;
    let made = svc
        .tournaments()
        .create(request)
        .await
        .expect("a tournament is made");
    for (i, &user) in players.iter().enumerate() {
        let command = TournamentCommand::Join {
            tournament: None,
            name: format!("player{i}"),
        };
        let joined = svc
            .tournaments()
            .answer(in_channel(channel, user), &command)
            .await
            .expect("joins");
        assert!(matches!(joined, TournamentAnswer::Joined(ref v) if v.players.len() == i + 1));
    }
    made.tournament.id
}

/// The organiser starts the tournament of `channel`.
async fn start(svc: &Service, channel: u64) -> TournamentView {
    let command = TournamentCommand::Start { may_manage: false };
    match svc
        .tournaments()
        .answer(in_channel(channel, ORGANIZER), &command)
        .await
    {
        Ok(TournamentAnswer::Started(view)) => view,
        other => panic!("the start: {other:?}"),
    }
}

/// Opens every pairing of the round as the front end does, each in a thread of its own.
async fn open_round(
    svc: &Service,
    id: TournamentId,
    round: u32,
    next_thread: &mut u64,
) -> RoundView {
    let view = svc
        .tournaments()
        .round_view(id, round)
        .await
        .unwrap()
        .expect("the round");
    for pairing in view.unopened() {
        *next_thread += 1;
        let started = svc
            .tournaments()
            .open_pairing(pairing.id, *next_thread)
            .await
            .expect("opened")
            .expect("a game");
        assert_eq!(started.game.channel, *next_thread);
        assert_eq!(
            started.game.players[0].user, pairing.first,
            "the pairing's first moves first"
        );
        // A second thread for the same pairing is not used.
        assert!(svc
            .tournaments()
            .open_pairing(pairing.id, *next_thread + 1000)
            .await
            .unwrap()
            .is_none());
    }
    svc.tournaments()
        .round_view(id, round)
        .await
        .unwrap()
        .expect("the round")
}

/// The tournament of `channel` (its live one, else its last).
async fn tournament_of(svc: &Service, channel: u64) -> TournamentId {
    svc.tournaments()
        .standings(Place::new(GUILD, channel))
        .await
        .expect("a tournament")
        .tournament
        .id
}

/// `user` resigns the game in `thread`.
async fn resign_in(svc: &Service, thread: u64, user: u64) -> Result<(), Error> {
    svc.resign(Place::new(GUILD, thread).member(user))
        .await
        .map(drop)
}

/// Points in half points per player, counted from the results a test made.
#[derive(Default)]
struct Tally(HashMap<u64, u32>);

impl Tally {
    fn win(&mut self, user: u64) {
        *self.0.entry(user).or_default() += 2;
    }
    fn draw(&mut self, a: u64, b: u64) {
        *self.0.entry(a).or_default() += 1;
        *self.0.entry(b).or_default() += 1;
    }
    fn halves(&self, user: u64) -> u32 {
        self.0.get(&user).copied().unwrap_or(0)
    }
}

#[sqlx::test(migrations = "../migrations")]
async fn a_small_swiss_runs_from_its_announcement_to_its_podium(pool: PgPool) {
    let (svc, _clock) = service(&pool);
    let players = &PLAYERS[..5];
    let id = gather(&svc, CHANNEL, players).await;
    let started = start(&svc, CHANNEL).await;
    assert_eq!(started.tournament.status, TournamentStatus::Running);
    assert_eq!(started.tournament.rounds, Some(3), "⌈log2 5⌉ = 3");
    let mut tally = Tally::default();
    let mut thread = FIRST_THREAD;
    let mut byes = Vec::new();
    for round in 1..=3 {
        let view = open_round(&svc, id, round, &mut thread).await;
        assert_eq!(view.pairings.len(), 3, "two games and a bye among five");
        for pairing in &view.pairings {
            let Some(second) = pairing.second else {
                assert_eq!(
                    pairing.result,
                    Some(PairingResult::First),
                    "a bye counts at once"
                );
                byes.push(pairing.first);
                tally.win(pairing.first);
                continue;
            };
            let thread = pairing.thread.expect("a thread");
            if pairing.board == 1 && round == 2 {
                // A draw by agreement.
                let here = Place::new(GUILD, thread);
                svc.offer_draw(here.member(pairing.first)).await.unwrap();
                svc.offer_draw(here.member(second)).await.unwrap();
                tally.draw(pairing.first, second);
            } else {
                // The second player resigns: the first wins.
                resign_in(&svc, thread, second).await.unwrap();
                tally.win(pairing.first);
            }
        }
        // The round is complete: the next one is paired (or the tournament is over).
        let t = svc.tournaments().standings(HERE).await.unwrap().tournament;
        if round < 3 {
            assert_eq!(t.current_round, round + 1);
        } else {
            assert_eq!(t.status, TournamentStatus::Finished);
        }
    }
    let mut unique = byes.clone();
    unique.sort_unstable();
    unique.dedup();
    assert_eq!(unique.len(), 3, "nobody gets a second bye: {byes:?}");
    let table = svc.tournaments().standings(HERE).await.unwrap();
    assert_eq!(table.rows.len(), 5);
    for row in &table.rows {
        assert_eq!(row.points.halves(), tally.halves(row.user), "{row:?}");
        assert_eq!(row.games, 3);
    }
    for pair in table.rows.windows(2) {
        assert!(pair[0].points >= pair[1].points, "best first: {table:?}");
    }
    // The winner's stats name the tournament.
    let best = table.rows[0].user;
    let stats = svc.stats(GUILD, best).await.unwrap();
    assert_eq!(stats.tournaments.played, 1);
    assert_eq!(stats.tournaments.best_place, Some(1));
    // Everything was announced through the outbox: the announcement, three rounds, the
    // standings, the podium, and each game's start in its thread.
    let kinds: Vec<(String, i64)> = sqlx::query_as(
        "SELECT kind, count(*) FROM outbox WHERE kind LIKE 'tournament%' OR kind = 'started'
         GROUP BY kind ORDER BY kind",
    )
    .fetch_all(&pool)
    .await
    .unwrap();
    let count = |kind: &str| kinds.iter().find(|(k, _)| k == kind).map_or(0, |(_, n)| *n);
    assert_eq!(count("tournament_round"), 3);
    assert_eq!(count("tournament_ended"), 1);
    assert_eq!(count("started"), 6);
    assert!(count("tournament_standings") >= 7, "{kinds:?}");
    // A finished tournament refuses everything but its standings.
    let late = svc
        .tournaments()
        .answer(
            at(PLAYERS[5]),
            &TournamentCommand::Join {
                tournament: Some(id),
                name: "late".into(),
            },
        )
        .await;
    assert!(
        matches!(late, Err(Error::User(UserError::TournamentOver))),
        "{late:?}"
    );
}

#[sqlx::test(migrations = "../migrations")]
async fn the_last_two_games_ending_at_once_pair_the_next_round_once(pool: PgPool) {
    let (svc, _clock) = service(&pool);
    let mut thread = FIRST_THREAD;
    for attempt in 0..6u64 {
        let channel = CHANNEL + 100 + attempt;
        let id = gather(&svc, channel, &PLAYERS[..4]).await;
        start(&svc, channel).await;
        let view = open_round(&svc, id, 1, &mut thread).await;
        let [a, b] = [&view.pairings[0], &view.pairings[1]];
        let (ra, rb) = tokio::join!(
            resign_in(&svc, a.thread.unwrap(), a.second.unwrap()),
            resign_in(&svc, b.thread.unwrap(), b.second.unwrap()),
        );
        ra.unwrap();
        rb.unwrap();
        let rows: Vec<(i32, i64)> = sqlx::query_as(
            "SELECT round, count(*) FROM tournament_games WHERE tournament_id = $1
             GROUP BY round ORDER BY round",
        )
        .bind(id.0)
        .fetch_all(&pool)
        .await
        .unwrap();
        assert_eq!(
            rows,
            [(1, 2), (2, 2)],
            "round two paired once (attempt {attempt})"
        );
        let announced: i64 = sqlx::query_scalar(
            "SELECT count(*) FROM outbox WHERE kind = 'tournament_round' AND body->>'tournament' = $1",
        )
        .bind(id.0.to_string())
        .fetch_one(&pool)
        .await
        .unwrap();
        assert_eq!(announced, 2, "each round announced once");
        // The winners of round one meet in round two.
        let next = svc.tournaments().round_view(id, 2).await.unwrap().unwrap();
        let winners = [a.first, b.first];
        assert!(next
            .pairings
            .iter()
            .any(|p| winners.contains(&p.first) && p.second.is_some_and(|s| winners.contains(&s))));
        // Called off, to keep within the server's three live tournaments.
        let cancel = TournamentCommand::Cancel { may_manage: true };
        svc.tournaments()
            .answer(in_channel(channel, ALICE), &cancel)
            .await
            .unwrap();
    }
}

#[sqlx::test(migrations = "../migrations")]
async fn a_withdrawn_player_loses_their_game_and_is_paired_no_more(pool: PgPool) {
    let (svc, _clock) = service(&pool);
    let id = gather(&svc, CHANNEL, &PLAYERS[..4]).await;
    start(&svc, CHANNEL).await;
    let mut thread = FIRST_THREAD;
    let view = open_round(&svc, id, 1, &mut thread).await;
    let quitter = view.pairings[0].second.unwrap();
    let withdrawn = svc
        .tournaments()
        .answer(at(quitter), &TournamentCommand::Withdraw)
        .await
        .unwrap();
    assert!(matches!(withdrawn, TournamentAnswer::Withdrawn(_)));
    let again = svc
        .tournaments()
        .answer(at(quitter), &TournamentCommand::Withdraw)
        .await;
    assert!(
        matches!(again, Err(Error::User(UserError::AlreadyWithdrawn))),
        "{again:?}"
    );
    let after = svc.tournaments().round_view(id, 1).await.unwrap().unwrap();
    assert_eq!(
        after.pairings[0].result,
        Some(PairingResult::First),
        "the game is lost"
    );
    // The other game ends; round two leaves the quitter out (three left: one bye).
    let other = &after.pairings[1];
    resign_in(&svc, other.thread.unwrap(), other.first)
        .await
        .unwrap();
    let round2 = svc.tournaments().round_view(id, 2).await.unwrap().unwrap();
    assert_eq!(round2.pairings.len(), 2);
    assert!(round2
        .pairings
        .iter()
        .all(|p| p.first != quitter && p.second != Some(quitter)));
    let table = svc.tournaments().standings(HERE).await.unwrap();
    let row = table.rows.iter().find(|r| r.user == quitter).unwrap();
    assert!(row.withdrawn);
    assert_eq!(row.points.halves(), 0);
}

#[sqlx::test(migrations = "../migrations")]
async fn the_timer_starts_due_tournaments_and_calls_off_empty_ones(pool: PgPool) {
    let (svc, clock) = service(&pool);
    let full = gather(&svc, CHANNEL, &PLAYERS[..2]).await;
    let lonely = gather(&svc, CHANNEL + 1, &PLAYERS[2..3]).await;
    // Not due yet.
    svc.tick().await.unwrap();
    assert!(svc
        .tournaments()
        .round_view(full, 1)
        .await
        .unwrap()
        .unwrap()
        .pairings
        .is_empty());
    clock.advance(TimeDelta::hours(1));
    svc.tick().await.unwrap();
    let round = svc
        .tournaments()
        .round_view(full, 1)
        .await
        .unwrap()
        .unwrap();
    assert_eq!(round.tournament.status, TournamentStatus::Running);
    assert_eq!(round.pairings.len(), 1);
    let empty = svc
        .tournaments()
        .round_view(lonely, 1)
        .await
        .unwrap()
        .unwrap();
    assert_eq!(empty.tournament.status, TournamentStatus::Cancelled);
    // A second tick changes nothing.
    svc.tick().await.unwrap();
    let again: i64 = sqlx::query_scalar("SELECT count(*) FROM tournament_games")
        .fetch_one(&pool)
        .await
        .unwrap();
    assert_eq!(again, 1);
}
