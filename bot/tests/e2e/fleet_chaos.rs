//! Chaos across a fleet: three `halma-bot` processes in endpoint mode behind nginx play games
//! (people against each other, with conflicting commands, and a game against the bot) while
//! processes are killed with SIGKILL one at a time — between moves and with a move in flight —
//! or stopped as a rolling deploy does (SIGTERM), and started again, and the database is
//! restarted once. Afterwards, from the database and the channels: every
//! interaction sent while a process was up was answered, every stored move was shown exactly
//! once, the bot made each of its moves once, and every game replays.
//!
//! The default is a short smoke run; `FLEET_CHAOS_ROUNDS=<n>` runs longer (`CHAOS_SEED` picks
//! the faults), a new game starting in a new channel wherever one ends, so that the traffic
//! never dries up. The run prints its figures.

use std::time::{Duration, Instant};

use bot_harness::Fleet;
use fake_discord::FakeDiscord;
use halma::MoveText;

use crate::ai::{challenge_bot, small_table};
use crate::chaos::{env_number, move_in_flight, moves_shown, wait_outbox_empty, Dice};
use crate::support::{game_row, moves_of, Cluster, E2e, Table, TestDb};

/// Rounds of the smoke run (a move per table each, then maybe a fault).
const SMOKE_ROUNDS: u64 = 6;
/// The processes.
const SIZE: usize = 3;
/// How long the bot's move may take after its process died while thinking: its hold runs
/// out and another process's sweep takes the game up.
const BOT_MOVE_TIMEOUT: Duration = Duration::from_secs(60);

/// Figures of a run.
#[derive(Default, Debug)]
struct Figures {
    moves: u32,
    bot_moves: u32,
    kills: u32,
    kills_in_flight: u32,
    moves_committed_in_flight: u32,
    answered_while_database_down: u32,
    rolling_stops: u32,
    conflicts: u32,
}

/// Plays the greedy move at `table` and mirrors it; the answer must come.
async fn move_at(e: &E2e, fleet: &Fleet, table: &mut Table, figures: &mut Figures) {
    let mv = table.next_move();
    let answer = e
        .send_move(table, mv)
        .await
        .unwrap_or_else(|err| panic!("the move got no answer: {err}\n{}", fleet.logs()));
    assert!(!answer.ephemeral, "the move was refused: {answer:?}");
    table.game.play(&MoveText::from(mv)).expect("mirrored");
    figures.moves += 1;
}

/// Waits until the bot has moved at `table` (the stored ply passed `ply`), and mirrors its
/// move from the database.
async fn bot_moved(e: &E2e, fleet: &Fleet, table: &mut Table, ply: i32) {
    let deadline = Instant::now() + BOT_MOVE_TIMEOUT;
    loop {
        let game = game_row(&e.db.pool, &table.channel).await;
        if game.ply > ply {
            let moves = moves_of(&e.db.pool, game.id).await;
            for (_, _, chain) in moves.iter().skip(ply as usize) {
                let text: MoveText = chain.parse().expect("a stored chain parses");
                table.game.play(&text).expect("the stored move is legal");
            }
            return;
        }
        assert!(
            Instant::now() < deadline,
            "the bot did not move within {BOT_MOVE_TIMEOUT:?}\n{}",
            fleet.logs()
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

/// The games of a run: those under way (people's, then the one against the bot), and those
/// that ended, kept for the checks at the end.
struct Games {
    tables: Vec<Table>,
    against_bot: Table,
    ended: Vec<Table>,
    /// Games started so far, which names their channels.
    started: usize,
}

impl Games {
    /// A game between Alice and Bob at each of `SIZE` tables, and one of Bob's against the bot.
    async fn start(e: &E2e) -> Games {
        let mut games = Games {
            tables: Vec::new(),
            against_bot: Games::against_bot(e, "fleet-chaos-bot").await,
            ended: Vec::new(),
            started: 1,
        };
        for _ in 0..SIZE {
            let table = games.people(e).await;
            games.tables.push(table);
        }
        games
    }

    /// A new game between Alice and Bob, in a channel of its own.
    async fn people(&mut self, e: &E2e) -> Table {
        self.started += 1;
        let channel = e.channel(&format!("fleet-chaos-{}", self.started));
        let (alice, bob) = (e.user("alice"), e.user("bob"));
        e.start_game(&channel, &alice, &bob, halma::Variant::Small)
            .await
    }

    /// A new game of Bob's against the bot in channel `name`.
    async fn against_bot(e: &E2e, name: &str) -> Table {
        let (bob, bot) = (e.user("bob"), e.fake.bot_user());
        let channel = e.channel(name);
        let started = challenge_bot(e, &bob, &channel, "easy", "me").await;
        assert!(!started.ephemeral, "{started:?}");
        small_table(&channel, &bob, &bot)
    }

    /// Where a game ended, a new one starts.
    async fn renew(&mut self, e: &E2e) {
        for i in 0..self.tables.len() {
            if self.tables[i].game.outcome().is_over() {
                let table = self.people(e).await;
                self.ended
                    .push(std::mem::replace(&mut self.tables[i], table));
            }
        }
        if self.against_bot.game.outcome().is_over() {
            self.started += 1;
            let name = format!("fleet-chaos-bot-{}", self.started);
            let table = Games::against_bot(e, &name).await;
            self.ended
                .push(std::mem::replace(&mut self.against_bot, table));
        }
    }

    /// Every game of the run.
    fn all(&self) -> impl Iterator<Item = &Table> {
        self.tables
            .iter()
            .chain([&self.against_bot])
            .chain(&self.ended)
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_fleet_loses_nothing_when_processes_and_the_database_go_down() {
    let rounds = env_number("FLEET_CHAOS_ROUNDS", SMOKE_ROUNDS);
    let mut dice = Dice(env_number("CHAOS_SEED", 0xf1ee7));
    let started = Instant::now();
    let cluster = Cluster::start("fleet").await;
    let db = TestDb::create_on(&cluster.url, "fleet_chaos").await;
    let e = E2e::prepare("fleet_chaos", FakeDiscord::start().await, db, &[]);
    let mut fleet = Fleet::start(&e, SIZE, &[]).await;
    let mut games = Games::start(&e).await;

    let mut figures = Figures::default();
    for round in 0..rounds {
        games.renew(&e).await;
        let Games {
            tables,
            against_bot,
            ..
        } = &mut games;
        // Conflicting commands: the same move sent twice at once (a double tap, two
        // processes): one applies, the other is refused.
        if let Some(table) = tables.iter_mut().find(|t| !t.game.outcome().is_over()) {
            let ply = game_row(&e.db.pool, &table.channel).await.ply;
            let (mv, first) = move_in_flight(&e, table);
            let (again, second) = move_in_flight(&e, table);
            assert_eq!(mv, again, "the greedy player picks the same move");
            let answers = [first.await, second.await].map(|a| {
                a.expect("the flight's task")
                    .unwrap_or_else(|err| panic!("a conflicting move got no answer: {err}"))
            });
            let applied = answers.iter().filter(|a| !a.ephemeral).count();
            assert_eq!(applied, 1, "one of two equal moves applies: {answers:?}");
            assert_eq!(game_row(&e.db.pool, &table.channel).await.ply, ply + 1);
            table.game.play(&MoveText::from(mv)).expect("mirrored");
            figures.conflicts += 1;
        }
        for table in tables.iter_mut() {
            if !table.game.outcome().is_over() {
                move_at(&e, &fleet, table, &mut figures).await;
            }
        }
        if !against_bot.game.outcome().is_over() {
            move_at(&e, &fleet, against_bot, &mut figures).await;
            if !against_bot.game.outcome().is_over() {
                let ply = against_bot.game.plies().len() as i32;
                bot_moved(&e, &fleet, against_bot, ply).await;
                figures.bot_moves += 1;
            }
        }
        let victim = dice.roll(SIZE as u64) as usize;
        match dice.roll(4) {
            // Killed between moves: the others answer meanwhile.
            0 => {
                figures.kills += 1;
                fleet.kill(victim);
                let table = &mut tables[dice.roll(SIZE as u64) as usize];
                if !table.game.outcome().is_over() {
                    move_at(&e, &fleet, table, &mut figures).await;
                }
                fleet.start_again(&e, victim).await;
            }
            // Killed with moves in flight: each is answered, by the process that had it or,
            // through nginx's retry, by another.
            1 => {
                figures.kills += 1;
                figures.kills_in_flight += 1;
                let mut flights = Vec::new();
                for table in tables.iter_mut().filter(|t| !t.game.outcome().is_over()) {
                    let ply = game_row(&e.db.pool, &table.channel).await.ply;
                    let (mv, flight) = move_in_flight(&e, table);
                    flights.push((table.channel.clone(), mv, ply, flight));
                }
                tokio::time::sleep(Duration::from_millis(dice.roll(40))).await;
                fleet.kill(victim);
                for (channel, mv, ply, flight) in flights {
                    let answer = flight.await.expect("the flight's task");
                    assert!(
                        answer.is_ok(),
                        "a move in flight was not answered: {answer:?}\n{}",
                        fleet.logs()
                    );
                    let table = tables
                        .iter_mut()
                        .find(|t| t.channel.id == channel.id)
                        .expect("its table");
                    if game_row(&e.db.pool, &channel).await.ply > ply {
                        figures.moves_committed_in_flight += 1;
                        table.game.play(&MoveText::from(mv)).expect("mirrored");
                    }
                }
                fleet.start_again(&e, victim).await;
            }
            // Stopped as a deploy does (SIGTERM: the door says 503, handlers finish) while
            // a move is on its way, and started again.
            2 => {
                figures.rolling_stops += 1;
                let table = tables.iter_mut().find(|t| !t.game.outcome().is_over());
                let flight = table.map(|table| (move_in_flight(&e, table), table));
                let status = fleet.stop(victim);
                assert!(
                    status.is_some_and(|s| s.success()),
                    "a process stops cleanly on SIGTERM: {status:?}\n{}",
                    fleet.logs()
                );
                if let Some(((mv, flight), table)) = flight {
                    let answer = flight.await.expect("the flight's task");
                    let answer = answer.unwrap_or_else(|err| {
                        panic!(
                            "a move during a rolling stop got no answer: {err}\n{}",
                            fleet.logs()
                        )
                    });
                    assert!(!answer.ephemeral, "{answer:?}");
                    table.game.play(&MoveText::from(mv)).expect("mirrored");
                }
                fleet.start_again(&e, victim).await;
            }
            _ => {}
        }
        // The database restarts once, halfway: what comes meanwhile is answered (with an
        // apology), and the fleet goes on after it.
        if round == rounds / 2 {
            cluster.run("stop").await;
            let table = &tables[0];
            let answer = e
                .fake
                .slash(&table.seats[0], &table.channel, "halma", "board", &[])
                .await;
            assert!(answer.is_ok(), "{answer:?}\n{}", fleet.logs());
            figures.answered_while_database_down += 1;
            cluster.run("start").await;
        }
    }

    // Everything held or failed reaches the channels.
    wait_outbox_empty(&e, &format!("\n{}", fleet.logs())).await;
    let mut stored = 0;
    for table in games.all() {
        let moves = moves_shown(&e, table).await;
        for m in &moves {
            assert_eq!(
                m.shown,
                m.same,
                "move {} ({}) in #{} is shown {} times\n{}",
                m.ply,
                m.chain,
                table.channel.name,
                m.shown,
                fleet.logs()
            );
        }
        stored += moves.len();
    }
    // A process killed after it answered a move but before nginx had its response leaves
    // nginx to send the request to another: which refuses it as answered already (409), or,
    // when the first had not marked it answered yet, runs it again, and Discord refuses the
    // second answer (the fake keeps the first). Either way the member saw one answer (every
    // flight above was answered), and nothing else failed.
    let twice = e.fake.answered_twice();
    let failures = e.fake.endpoint_failures();
    let retries = (figures.kills_in_flight as usize) * SIZE;
    assert!(twice.len() <= retries, "{twice:?}");
    assert!(failures.len() <= retries, "{failures:?}");
    for failure in &failures {
        assert_eq!(failure.status, Some(409), "{failure:?}\n{}", fleet.logs());
    }
    assert_eq!(e.fake.identify_count(), 0);
    let answers: Vec<bool> = e
        .fake
        .requests()
        .into_iter()
        .filter(|r| r.path.ends_with("/callback"))
        .map(|r| r.in_http_response)
        .collect();
    let in_responses = answers.iter().filter(|&&r| r).count();
    eprintln!(
        "fleet chaos: {in_responses} of {} initial answers in HTTP responses",
        answers.len()
    );
    eprintln!(
        "fleet chaos: {rounds} rounds, {SIZE} processes, {} games, {stored} moves stored, \
         {figures:?}, {} retries refused as answered, {} second answers refused, {} late \
         answers, {:.1} s",
        games.started,
        failures.len(),
        twice.len(),
        e.fake.late_answers().len(),
        started.elapsed().as_secs_f64()
    );
}
