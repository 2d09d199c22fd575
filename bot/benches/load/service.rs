//! The parts of a move, timed directly through the library against the same PostgreSQL.

use std::fmt::Write as _;
use std::sync::Arc;
use std::time::Duration;

use anyhow::Context as _;
use bot_harness::TestDb;
use halma::{Game, MoveText};
use halma_core::clock::SystemClock;
use halma_core::locale::Lang;
use halma_core::service::{parse_move, ChallengeRequest, FirstMover, Opponent, Place};
use halma_core::{present, Db, Service};
use tokio::task::JoinSet;
use tokio::time::Instant;

use crate::settings::Settings;
use crate::step::{ms, percentile};
use bot_harness::random_moves::{random_move, standard_game, Rng};

pub fn median_ms(mut v: Vec<Duration>) -> String {
    v.sort();
    format!(
        "p50 {} ms, p90 {} ms, p99 {} ms (n={})",
        ms(percentile(&v, 0.5)),
        ms(percentile(&v, 0.9)),
        ms(percentile(&v, 0.99)),
        v.len()
    )
}

/// A game played through the service directly.
pub struct ServiceGame {
    pub channel: u64,
    pub users: [u64; 2],
    pub game: Game,
}

pub const GUILD: u64 = 910_000_000_000_000_001;

pub async fn service_game(service: &Service, index: u64) -> anyhow::Result<ServiceGame> {
    let channel = 920_000_000_000_000_000 + index;
    let users = [
        930_000_000_000_000_000 + 2 * index,
        930_000_000_000_000_001 + 2 * index,
    ];
    let challenge = service
        .invitations()
        .challenge(&ChallengeRequest {
            challenger: Place::new(GUILD, channel).member(users[0]),
            opponents: vec![Opponent {
                user: users[1],
                is_bot: false,
                is_me: false,
            }],
            level: None,
            variant: Some(halma::Variant::Standard),
            first: FirstMover::Challenger,
            anti_spoiling: false,
            no_parking: false,
            turn_timeout: None,
        })
        .await
        .map_err(|e| anyhow::anyhow!("challenge: {e}"))?;
    service
        .invitations()
        .accept(challenge.id, users[1])
        .await
        .map_err(|e| anyhow::anyhow!("accept: {e}"))?;
    Ok(ServiceGame {
        channel,
        users,
        game: standard_game(),
    })
}

/// Plays one random move of `g` through the service; the service call's time and the result.
pub async fn service_move(
    service: &Service,
    g: &mut ServiceGame,
    rng: &mut Rng,
) -> anyhow::Result<(Duration, halma_core::service::MovePlayed)> {
    let (mv, from, to) = random_move(&g.game, rng).context("no legal move")?;
    let user = g.users[g.game.position().to_move().index()];
    let t = Instant::now();
    // Read as the Discord layer reads `/halma move`, then played.
    let text = parse_move(&from, &to).map_err(|e| anyhow::anyhow!("parse {from} {to}: {e}"))?;
    let played = service
        .play(Place::new(GUILD, g.channel).member(user), &text)
        .await
        .map_err(|e| anyhow::anyhow!("play {from} {to}: {e}"))?;
    let took = t.elapsed();
    g.game
        .play(&MoveText::from(mv))
        .map_err(|e| anyhow::anyhow!("mirror: {e}"))?;
    Ok((took, played))
}

pub async fn service_bench(settings: &Settings, rng: &mut Rng) -> anyhow::Result<String> {
    let mut out = String::new();
    let test_db = TestDb::create("load_service").await;
    let db = Db::connect(&test_db.url, 10).await?;
    db.migrate().await?;
    let service = Service::new(db.clone(), Arc::new(SystemClock));
    let names = |_: u64, _: u64| Some("player".to_string());

    // Sequential moves over 10 games: the reads the service makes, the whole call, the reply.
    let mut games = Vec::new();
    for i in 0..10 {
        games.push(service_game(&service, i).await?);
    }
    let (mut reads, mut plays, mut replies, mut sizes) = (vec![], vec![], vec![], 0usize);
    for i in 0..settings.service_moves {
        let g = &mut games[i % 10];
        let t = Instant::now();
        let game = db
            .current_or_last_game(g.channel)
            .await?
            .context("the game row")?;
        db.last_move(game.id, game.ply).await?;
        reads.push(t.elapsed());
        let (took, played) = service_move(&service, g, rng).await?;
        plays.push(took);
        let t = Instant::now();
        let reply = present::move_played(Lang::En, &played, &names);
        replies.push(t.elapsed());
        sizes += reply.files.iter().map(|f| f.bytes.len()).sum::<usize>();
    }
    let n = settings.service_moves.max(1);
    let _ = writeln!(
        out,
        "one at a time ({n} moves over 10 games, plies 0-{}):",
        n / 10
    );
    let _ = writeln!(
        out,
        "  Service::play (reads + resume + write transaction): {}",
        median_ms(plays)
    );
    let _ = writeln!(
        out,
        "  the reads alone (game with players, last move):      {}",
        median_ms(reads)
    );
    let _ = writeln!(
        out,
        "  present::move_played (text + board PNG):             {}  ({} B per PNG)",
        median_ms(replies),
        sizes / n
    );

    // The same, eight games at once (the bot's pool has 10 connections).
    for with_reply in [false, true] {
        let per_task = (settings.service_moves / 8).max(1);
        let started = Instant::now();
        let mut set = JoinSet::new();
        for k in 0..8 {
            let service = service.clone();
            let mut g = service_game(&service, 100 + k + if with_reply { 10 } else { 0 }).await?;
            let mut rng = Rng(rng.next_u64());
            set.spawn(async move {
                let mut times = Vec::new();
                for _ in 0..per_task {
                    let t = Instant::now();
                    let (_, played) = service_move(&service, &mut g, &mut rng).await?;
                    if with_reply {
                        let names = |_: u64, _: u64| Some("player".to_string());
                        std::hint::black_box(present::move_played(Lang::En, &played, &names));
                    }
                    times.push(t.elapsed());
                }
                anyhow::Ok(times)
            });
        }
        let mut times = Vec::new();
        while let Some(joined) = set.join_next().await {
            times.extend(joined??);
        }
        let rate = times.len() as f64 / started.elapsed().as_secs_f64();
        let _ = writeln!(
            out,
            "8 games at once, {}: {rate:.0} moves/s, {}",
            if with_reply {
                "Service::play + move_played on the async workers"
            } else {
                "Service::play only"
            },
            median_ms(times)
        );
    }

    // Whether the call grows with the game (it should not: moves resume from the snapshot).
    if settings.long_plies > 0 {
        let mut g = service_game(&service, 500).await?;
        let mut per_ply = Vec::new();
        for _ in 0..settings.long_plies {
            if g.game.outcome().is_over() {
                break;
            }
            per_ply.push(service_move(&service, &mut g, rng).await?.0);
        }
        let bucket = (per_ply.len() / 4).max(1);
        let _ = write!(out, "Service::play by ply (one game):");
        let mut medians = Vec::new();
        for (i, chunk) in per_ply.chunks(bucket).enumerate() {
            let mut c = chunk.to_vec();
            c.sort();
            let median = percentile(&c, 0.5).as_secs_f64() * 1000.0;
            medians.push(median);
            let _ = write!(
                out,
                "  plies {}-{}: p50 {median:.2} ms",
                i * bucket + 1,
                i * bucket + c.len(),
            );
        }
        if let (Some(first), Some(last)) = (medians.first(), medians.last()) {
            let _ = write!(out, "  (last quarter / first: {:.2}x)", last / first);
        }
        let _ = writeln!(out);
    }

    // The board alone, on positions of a random game.
    let mut game = standard_game();
    let mut renders = Vec::new();
    let mut bytes = 0;
    // Kept across the game's pictures, as the bot keeps its own.
    let bands = halma_render::KeptBands::new();
    for _ in 0..200 {
        let Some((mv, _, _)) = random_move(&game, rng) else {
            break;
        };
        let chain = game
            .play(&MoveText::from(mv))
            .map_err(|e| anyhow::anyhow!("{e}"))?;
        let options = halma_render::BoardOptions {
            last_move: chain,
            names: vec!["alice".into(), "bob".into()],
            ..halma_render::BoardOptions::default()
        };
        let t = Instant::now();
        let png = halma_render::board_png(game.position(), &options, &bands);
        renders.push(t.elapsed());
        bytes += png.len();
    }
    let _ = writeln!(
        out,
        "halma_render::board_png alone (standard): {}  ({} B)",
        median_ms(renders.clone()),
        bytes / renders.len().max(1)
    );
    drop(test_db);
    Ok(out)
}
