//! Helpers shared by the service tests: a service over the test database with a hand-set
//! clock, a greedy move picker to play whole games, and a snapshot of every table.

#![allow(dead_code)]

use chrono::{DateTime, TimeDelta, TimeZone, Utc};
use halma::{Game, Move, Options, Position, Variant};
use halma_core::clock::ManualClock;
use halma_core::service::{
    parse_move, Actor, ChallengeRequest, FirstMover, GameStarted, LobbyRequest, MovePlayed,
};
pub use halma_core::service::{Opponent, Place};
use halma_core::{Db, Error, Service};

use sqlx::PgPool;
use std::collections::HashSet;
use std::sync::Arc;

/// The guild every test plays in.
pub const GUILD: u64 = 900_000_000_000_000_001;
/// The channel every test plays in (above i64::MAX, to check the BIGINT round trip).
pub const CHANNEL: u64 = 18_000_000_000_000_000_002;
/// The challenger.
pub const ALICE: u64 = 111_111_111_111_111_111;
/// The challenged player.
pub const BOB: u64 = 222_222_222_222_222_222;
/// Someone watching.
pub const CAROL: u64 = 333_333_333_333_333_333;
/// A fourth player (games of three and four seat Alice, Bob, Carol and Dave).
pub const DAVE: u64 = 444_444_444_444_444_444;
/// Someone watching a game of three or four.
pub const ERIN: u64 = 555_555_555_555_555_555;

/// A fixed start time.
pub fn t0() -> DateTime<Utc> {
    Utc.with_ymd_and_hms(2025, 3, 1, 12, 0, 0).unwrap()
}

/// A service over the test database, with a clock standing at [`t0`].
pub fn service(pool: &PgPool) -> (Service, Arc<ManualClock>) {
    let clock = Arc::new(ManualClock::new(t0()));
    (Service::new(Db::new(pool.clone()), clock.clone()), clock)
}

/// The test channel of the test guild.
pub const HERE: Place = Place::new(GUILD, CHANNEL);

/// `user` acting in the test channel.
pub const fn at(user: u64) -> Actor {
    HERE.member(user)
}

/// A variant by name, for tests that name variants as players type them.
pub fn variant_of(name: &str) -> Variant {
    name.parse().expect("a variant's name")
}

/// A time per move as a player types it (`2h`, `1m 30s`).
pub fn timeout(text: &str) -> TimeDelta {
    halma_core::service::parse_turn_timeout(text).expect("a time per move")
}

/// `req` with `others` named after its opponents (a game of three or more).
pub fn also(req: &ChallengeRequest, others: &[Opponent]) -> ChallengeRequest {
    let mut req = req.clone();
    req.opponents.extend_from_slice(others);
    req
}

/// This bot itself, named as an opponent: it plays, and accepts at once.
pub fn this_bot(user: u64) -> Opponent {
    Opponent {
        user,
        is_bot: true,
        is_me: true,
    }
}

/// A person (not a bot) named as an opponent, as in `opponent2` or `opponent3`.
pub fn person(user: u64) -> Opponent {
    Opponent {
        user,
        is_bot: false,
        is_me: false,
    }
}

/// A challenge from Alice to Bob in the test channel.
pub fn request(name: &str, first: FirstMover) -> ChallengeRequest {
    ChallengeRequest {
        challenger: at(ALICE),
        opponents: vec![person(BOB)],
        level: None,
        variant: Some(variant_of(name)),
        first,
        anti_spoiling: false,
        no_parking: false,
        turn_timeout: None,
    }
}

/// Alice opens a lobby for `variant` in the test channel (AI seats at `easy`).
pub fn lobby_request(name: &str) -> LobbyRequest {
    LobbyRequest {
        host: at(ALICE),
        variant: Some(variant_of(name)),
        turn_timeout: None,
        anti_spoiling: false,
        no_parking: false,
        random_seats: false,
        level: Some(halma_engine::Level::Easy),
    }
}

/// Alice challenges Bob and Bob accepts; Alice moves first (seat a) unless `first` says else.
pub async fn start(svc: &Service, variant: &str, first: FirstMover) -> GameStarted {
    let challenge = svc
        .invitations()
        .challenge(&request(variant, first))
        .await
        .expect("challenge");
    svc.invitations()
        .accept(challenge.id, BOB)
        .await
        .expect("accept")
        .started()
        .expect("two players start at once")
}

/// `user` plays `mv` in the test channel.
pub async fn play_move(svc: &Service, user: u64, mv: Move) -> Result<MovePlayed, Error> {
    svc.play(at(user), &mv.into()).await
}

/// `at` types `/halma move from:FROM to:TO`: the text read as a front end reads it, then
/// played.
pub async fn play_text(
    svc: &Service,
    at: Actor,
    from: &str,
    to: &str,
) -> Result<MovePlayed, Error> {
    let text = parse_move(from, to)?;
    svc.play(at, &text).await
}

/// A greedy player: the move that brings the mover's pieces closest to the corner of their
/// target camp (sum of file and rank distances, which a full triangular camp minimises; on the
/// star, steps to the tip of the target point, which a full point minimises), avoiding
/// positions already seen.
pub fn greedy(position: &Position, options: &Options, seen: &HashSet<Position>) -> Move {
    let seat = position.to_move();
    let variant = position.variant();
    let side = variant.side() - 1;
    let target = variant.target_camp(seat);
    let corner = if variant.is_star() {
        // The tip: the hole of the point farthest from the centre.
        let centre: halma::Square = "i9".parse().expect("the centre");
        target
            .squares()
            .max_by_key(|&sq| variant.distance(sq, centre))
            .expect("a point has holes")
    } else {
        target
            .squares()
            .find(|sq| {
                (sq.file() == 0 || sq.file() == side) && (sq.rank() == 0 || sq.rank() == side)
            })
            .expect("a camp holds its corner")
    };
    let spread = |pos: &Position| -> u32 {
        pos.pieces(seat)
            .squares()
            .map(|sq| {
                if variant.is_star() {
                    variant.distance(sq, corner) as u32
                } else {
                    (sq.file().abs_diff(corner.file()) + sq.rank().abs_diff(corner.rank())) as u32
                }
            })
            .sum()
    };
    let moves = position.legal_moves(options);
    let score = |mv: &Move| {
        let after = position.play_unchecked(*mv);
        (seen.contains(&after), spread(&after))
    };
    *moves
        .iter()
        .min_by_key(|mv| score(mv))
        .expect("the player to move has a move")
}

/// The moves of a whole greedy game from the start of `variant` (as move texts), checked with
/// the rules crate to end within `max_plies`.
pub fn greedy_game(position: Position, options: Options, max_plies: usize) -> Vec<Move> {
    let mut game = Game::new(position, options);
    let mut seen = HashSet::new();
    let mut moves = Vec::new();
    while !game.outcome().is_over() {
        assert!(
            moves.len() < max_plies,
            "greedy game did not end in {max_plies} plies"
        );
        let pos = game.position().clone();
        seen.insert(pos.clone());
        let mv = greedy(&pos, game.options(), &seen);
        game.play(&mv.into()).expect("greedy moves are legal");
        moves.push(mv);
    }
    moves
}

/// Every table's rows as JSON, to check that a refusal changed nothing.
pub async fn snapshot(pool: &PgPool) -> String {
    let mut out = String::new();
    for (table, order) in [
        ("challenges", "id"),
        ("challenge_players", "challenge_id, place"),
        ("lobbies", "id"),
        ("lobby_members", "id"),
        ("games", "id"),
        ("game_seats", "game_id, seat"),
        ("moves", "game_id, ply"),
        ("ratings", "guild_id, variant, user_id"),
        ("outbox", "id"),
        ("member_names", "guild_id, user_id"),
        ("tournaments", "id"),
        ("tournament_players", "tournament_id, seq"),
        ("tournament_games", "id"),
        ("crossing_pars", "variant, camp_rule"),
        ("puzzles", "id"),
        ("puzzle_attempts", "id"),
        ("puzzle_ratings", "guild_id, user_id"),
    ] {
        let rows: Option<String> = sqlx::query_scalar(&format!(
            "SELECT json_agg(t ORDER BY {order})::text FROM {table} t"
        ))
        .fetch_one(pool)
        .await
        .expect("snapshot");
        out.push_str(&format!("{table}: {}\n", rows.unwrap_or_default()));
    }
    out
}

/// Seats `users` (in seat order, one per seat of the position's variant) at a game in the test
/// channel starting from `start`, with `turn_timeout` per move, written straight through the
/// database layer at [`t0`] (the public start of games of three and four is built elsewhere).
pub async fn start_multi_from(
    pool: &PgPool,
    start: &Position,
    users: &[u64],
    turn_timeout: TimeDelta,
) -> halma_core::service::GameView {
    use halma_core::db::games::NewGame;
    use halma_core::service::Player;
    let variant = start.variant();
    assert_eq!(users.len(), variant.players(), "one user per seat");
    let players: Vec<Player> = variant
        .seats()
        .zip(users)
        .map(|(seat, &user)| Player { seat, user })
        .collect();
    let rules = Game::new(start.clone(), Options::for_variant(variant));
    let db = Db::new(pool.clone());
    let mut tx = db.begin().await.expect("begin");
    let game = tx
        .insert_game(&NewGame {
            guild: GUILD,
            channel: CHANNEL,
            options: *rules.options(),
            start: rules.start(),
            turns: rules.ply_count(),
            players: &players,
            turn_timeout,
            turn_deadline: t0() + turn_timeout,
            created_at: t0(),
        })
        .await
        .expect("insert game")
        .expect("the test channel is free");
    tx.commit().await.expect("commit");
    assert_eq!(game.players, players);
    let svc = Service::new(db, Arc::new(ManualClock::new(t0())));
    svc.board(HERE).await.expect("the new game's board")
}

/// [`start_multi_from`] the start of `variant`, with a day per move.
pub async fn start_multi(
    pool: &PgPool,
    variant: Variant,
    users: &[u64],
) -> halma_core::service::GameView {
    start_multi_from(pool, &Position::start(variant), users, TimeDelta::hours(24)).await
}

/// Takes everything due in the outbox and confirms it, as a sender would, returning what was
/// taken.
pub async fn drain(svc: &Service) -> Vec<halma_core::service::Outgoing> {
    let mut all = Vec::new();
    loop {
        let batch = svc.take_notices(10).await.unwrap();
        if batch.is_empty() {
            return all;
        }
        for outgoing in &batch {
            svc.notice_sent(outgoing.id).await.unwrap();
        }
        all.extend(batch);
    }
}
