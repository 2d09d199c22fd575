//! No input makes the bot panic: generated texts (empty, 6,000 characters, control characters,
//! any Unicode, huge numbers) in every option of every service call and in local mode's typed
//! lines get a normal answer or a short refusal. Each call runs in its own task, so that a
//! panic is reported with the input that caused it.

mod common;

use common::*;
use halma::Variant;
use halma_bot::local::Session;
use halma_core::clicks::Action;
use halma_core::locale::Lang;
use halma_core::present;
use halma_core::service::{
    optional, parse_level, parse_move, parse_puzzle_kind, parse_turn_timeout, parse_variant,
    ChallengeId, ChallengeRequest, DailyPuzzles, FirstMover, GameId, Opponent, Place,
    PuzzleCommand, PuzzleKind, PuzzleSettings,
};
use halma_core::Error;
use proptest::prelude::*;
use proptest::strategy::ValueTree;
use proptest::test_runner::{Config, TestRng, TestRunner};
use sqlx::PgPool;
use std::future::Future;

/// How many generated inputs each test tries.
const CASES: usize = 300;

/// The longest refusal any input may produce, in characters.
const SHORT: usize = 400;

/// Texts users might type, and texts nobody would.
fn any_text() -> BoxedStrategy<String> {
    prop_oneof![
        Just(String::new()),
        any::<String>(),
        "\\PC{0,12}",
        "[a-p]{0,3}[0-9]{0,25}[ ,-]{0,3}[a-p]?[0-9]{0,3}",
        "[0-9]{1,40} ?[smhdw]{0,3}( [0-9]{0,30}[a-z]{0,4}){0,3}",
        "[\\x00-\\x1f\\x7f]{0,40}",
        "(halma:)?(accept|decline|withdraw|draw|rematch|x)?:?-?[0-9]{0,25}(:[0-9]*)?",
        "(standard|ig10|small|four|three|STANDARD| small )",
        "\\PC{6000}",
        "[\u{202e}\u{200b}\u{fffd}\u{1f600}ž@`*_~|]{0,3000}",
    ]
    .boxed()
}

/// Draws `n` values from `strategy` with a fixed seed (a failure is reproducible).
fn draw<T: std::fmt::Debug>(strategy: impl Strategy<Value = T>, n: usize) -> Vec<T> {
    let config = Config::default();
    let mut runner =
        TestRunner::new_with_rng(config, TestRng::deterministic_rng(Default::default()));
    (0..n)
        .map(|_| strategy.new_tree(&mut runner).expect("a value").current())
        .collect()
}

/// Runs `call` in its own task; a panic fails the test naming `input`. A refusal must be short.
async fn answers<T: Send + 'static>(
    input: &str,
    call: impl Future<Output = Result<T, Error>> + Send + 'static,
) {
    match tokio::spawn(call).await {
        Err(e) if e.is_panic() => panic!("panicked on {input:?}"),
        Err(e) => panic!("task failed on {input:?}: {e}"),
        Ok(Err(Error::User(refusal))) => {
            for lang in Lang::ALL {
                let words = present::refusal_text(lang, &refusal);
                assert!(
                    words.chars().count() <= SHORT,
                    "{input:?} gave a long refusal: {words}"
                );
            }
        }
        Ok(Err(other)) => panic!("{input:?} gave an internal error: {other}"),
        Ok(Ok(_)) => {}
    }
}

#[test]
fn the_parsers_never_panic() {
    for text in draw(any_text(), CASES * 4) {
        let _ = Action::parse(&text);
        if let Err(e) = parse_turn_timeout(&text) {
            assert!(present::refusal_text(Lang::En, &e).chars().count() <= SHORT);
        }
        if let Err(e) = parse_move(&text, &text) {
            assert!(present::refusal_text(Lang::Hr, &e).chars().count() <= SHORT);
        }
        let _ = FirstMover::from_choice(&text);
    }
}

#[sqlx::test(migrations = "../migrations")]
async fn service_calls_answer_every_generated_input(pool: PgPool) {
    let (svc, _clock) = service(&pool);
    let svc = svc.with_puzzle_settings(PuzzleSettings {
        par_nodes: 200_000,
        daily: DailyPuzzles::Both,
    });
    start(&svc, "small", FirstMover::Challenger).await;
    // Dave has a crossing open, for the generated moves to reach.
    let stop = halma_engine::Stop::new();
    assert!(svc
        .puzzles()
        .compute_par(Variant::Small, &stop)
        .await
        .unwrap());
    let crossing = PuzzleCommand::Start {
        kind: Some(PuzzleKind::Crossing),
        variant: Some(Variant::Small),
    };
    svc.puzzles().run(at(DAVE), &crossing).await.unwrap();
    let inputs = draw(
        (
            any_text(),
            any_text(),
            any::<u64>(),
            any::<i64>(),
            any::<u32>(),
            any::<bool>(),
        ),
        CASES,
    );
    for (a, b, user, id, limit, flag) in inputs {
        let input = format!("{a:?} {b:?} {user} {id} {limit} {flag}");
        let s = svc.clone();
        let (va, vb) = (a.clone(), b.clone());
        answers(&input, async move {
            // The texts read as a front end reads them, then the request.
            let level = optional(Some(&va), parse_level)?;
            let variant = optional(Some(&va), parse_variant)?;
            let turn_timeout = optional(Some(&vb), parse_turn_timeout)?;
            s.invitations()
                .challenge(&ChallengeRequest {
                    challenger: Place::new(GUILD, if flag { CHANNEL } else { 5 }).member(ALICE),
                    opponents: vec![Opponent {
                        user,
                        is_bot: false,
                        is_me: flag,
                    }],
                    level,
                    variant,
                    first: FirstMover::from_choice(&vb).unwrap_or(FirstMover::Random),
                    anti_spoiling: flag,
                    no_parking: flag,
                    turn_timeout,
                })
                .await
        })
        .await;
        // The player to move types the texts, so that they reach the move parser.
        let mover = svc
            .board(HERE)
            .await
            .ok()
            .and_then(|g| g.to_move)
            .map_or(ALICE, |p| p.user);
        let (s, va, vb) = (svc.clone(), a.clone(), b.clone());
        answers(
            &input,
            async move { play_text(&s, at(mover), &va, &vb).await },
        )
        .await;
        let (s, va, vb) = (svc.clone(), a.clone(), b.clone());
        answers(
            &input,
            async move { s.complete_to(at(mover), &va, &vb).await },
        )
        .await;
        let (s, va) = (svc.clone(), a.clone());
        answers(&input, async move { s.complete_from(at(mover), &va).await }).await;
        let (s, vb) = (svc.clone(), b.clone());
        answers(&input, async move {
            s.leaderboard(GUILD, parse_variant(&vb)?, limit).await
        })
        .await;
        let s = svc.clone();
        answers(&input, async move {
            s.invitations().accept(ChallengeId(id), user).await
        })
        .await;
        let s = svc.clone();
        answers(&input, async move {
            s.invitations().withdraw(ChallengeId(id), user).await
        })
        .await;
        let s = svc.clone();
        answers(
            &input,
            async move { s.accept_draw(at(user), GameId(id)).await },
        )
        .await;
        let s = svc.clone();
        answers(&input, async move {
            s.invitations()
                .rematch(Place::new(GUILD, user).member(user), GameId(id))
                .await
        })
        .await;
        let s = svc.clone();
        answers(&input, async move { s.stats(GUILD, user).await }).await;
        // Puzzles: a start as typed in local mode, the daily one, a move in Dave's crossing.
        let (s, va, vb) = (svc.clone(), a.clone(), b.clone());
        answers(&input, async move {
            let kind = optional(Some(&va), parse_puzzle_kind)?;
            let variant = optional(Some(&vb), parse_variant)?;
            let start = PuzzleCommand::Start { kind, variant };
            s.puzzles().run(at(user), &start).await
        })
        .await;
        let s = svc.clone();
        answers(&input, async move {
            s.puzzles().run(at(user), &PuzzleCommand::Daily).await
        })
        .await;
        let (s, va, vb) = (svc.clone(), a.clone(), b.clone());
        answers(&input, async move {
            s.puzzles().play(at(DAVE), &parse_move(&va, &vb)?).await
        })
        .await;
    }
    svc.verify(svc.board(HERE).await.unwrap().id).await.unwrap();
}

/// Lines a local-mode user might type: known commands with generated arguments, or anything.
fn any_line() -> BoxedStrategy<String> {
    let command = prop_oneof![
        Just("/halma challenge "),
        Just("/halma challenge opponent:@bob variant:"),
        Just("/halma challenge @bob small first:"),
        Just("/halma challenge @bob small me false turn_timeout:"),
        Just("/halma move "),
        Just("/halma move from:"),
        Just("/halma leaderboard "),
        Just("/halma stats "),
        Just("/halma board "),
        Just("/halma draw "),
        Just("/click accept "),
        Just("/click draw "),
        Just("/click rematch "),
        Just("/as "),
        Just(""),
    ];
    prop_oneof![
        (command, any_text()).prop_map(|(c, t)| format!("{c}{t}")),
        any_text(),
    ]
    .boxed()
}

#[sqlx::test(migrations = "../migrations")]
async fn local_mode_answers_every_generated_line(pool: PgPool) {
    let (svc, _clock) = service(&pool);
    let boards = tempfile::tempdir().expect("a temporary folder");
    let mut session = Session::new(svc, boards.path().to_path_buf());
    for line in [
        "/as alice",
        "/halma challenge @bob small me",
        "/as bob",
        "/click accept 1",
    ] {
        session.handle(line, &mut Vec::new()).await.unwrap();
    }
    for line in draw(any_line(), CASES * 2) {
        let mut out = Vec::new();
        // A line may switch users or quit; neither is an error.
        session
            .handle(&line, &mut out)
            .await
            .unwrap_or_else(|e| panic!("{line:?} failed: {e:#}"));
        let out = String::from_utf8(out).expect("UTF-8");
        for printed in out.lines() {
            if printed.starts_with("(only you)") || printed.starts_with("Unknown command") {
                assert!(
                    printed.chars().count() <= SHORT,
                    "{line:?} gave a long refusal: {printed}"
                );
            }
        }
    }
}
