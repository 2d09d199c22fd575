//! Local mode as a player uses it: typed lines, two local users, a whole game of `small` from
//! the challenge to the announced win, with board images written to a folder.

mod common;

use halma::{Options, Variant};
use halma_bot::local::Session;
use halma_core::service::{Place, Service};
use sqlx::PgPool;
use std::collections::HashSet;
use std::path::Path;

/// The one guild and channel of local mode.
const HERE: Place = Place::new(1, 1);

/// Types `line` as the current user; returns what the session printed.
async fn say(session: &mut Session, line: &str) -> String {
    let mut out = Vec::new();
    let go_on = session.handle(line, &mut out).await.expect("handle a line");
    assert!(go_on, "{line} ended the session");
    String::from_utf8(out).expect("the session prints UTF-8")
}

/// Plays the channel's game to its end with the greedy player of the service tests, each move
/// typed by the member in its seat (`names`, by seat; `/as` switches from `current`). Every
/// move must be accepted and announced. Returns the last move's output and the plies played.
async fn play_to_the_end(
    session: &mut Session,
    service: &halma_core::Service,
    names: &[&str],
    options: &Options,
    mut current: &str,
    max_plies: usize,
) -> (String, usize) {
    use halma_core::service::GameStatus;
    let mut seen = HashSet::new();
    let mut plies = 0;
    loop {
        assert!(
            plies < max_plies,
            "the game did not end in {max_plies} plies"
        );
        let view = service.board(HERE).await.expect("the board");
        let seat = view.to_move.expect("someone is to move").seat;
        let name = names[seat.index()];
        if name != current {
            say(session, &format!("/as {name}")).await;
            current = name;
        }
        seen.insert(view.position.clone());
        let mv = common::greedy(&view.position, options, &seen);
        let out = say(session, &format!("/halma move {} {}", mv.from, mv.to)).await;
        plies += 1;
        assert!(
            !out.starts_with("(only you)"),
            "move {plies} refused:\n{out}"
        );
        assert!(
            out.contains(&format!("@{name} played {}", mv.from)),
            "{out}"
        );
        if service.board(HERE).await.expect("the board").status != GameStatus::Active {
            return (out, plies);
        }
    }
}

/// The PNG files in `dir`, sorted.
fn pngs(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .map(|entries| {
            entries
                .map(|e| {
                    e.expect("a folder entry")
                        .file_name()
                        .to_string_lossy()
                        .into_owned()
                })
                .filter(|n| n.ends_with(".png"))
                .collect()
        })
        .unwrap_or_default();
    names.sort();
    names
}

fn assert_text_board(out: &str) {
    assert!(
        out.contains("\n 8 ") || out.starts_with(" 8 "),
        "no text board in:\n{out}"
    );
    assert!(
        out.contains("   a b c d e f g h\n"),
        "no file letters in:\n{out}"
    );
}

/// The number typed after `prefix` in `out`, such as the id in `/click accept 3`.
fn number_after(out: &str, prefix: &str) -> i64 {
    out.split(prefix)
        .nth(1)
        .and_then(|rest| rest.split(|c: char| !c.is_ascii_digit()).next())
        .and_then(|digits| digits.parse::<i64>().ok())
        .unwrap_or_else(|| panic!("no number after {prefix:?} in:\n{out}"))
}

#[sqlx::test(migrations = "../migrations")]
async fn a_whole_small_game_typed_in_local_mode(pool: PgPool) {
    let (service, _clock) = common::service(&pool);
    let boards = tempfile::tempdir().expect("a temporary folder");
    let mut session = Session::new(service.clone(), boards.path().to_path_buf());
    assert_eq!(session.prompt(), "alice> ");

    let out = say(&mut session, "/halma challenge @bob small first:me").await;
    assert!(out.contains("@alice") && out.contains("@bob"), "{out}");
    assert!(out.contains("\nButtons: Accept: /click accept "), "{out}");
    let id = number_after(&out, "/click accept ");
    assert!(pngs(boards.path()).is_empty());

    // Alice cannot accept her own challenge; Bob can.
    let out = say(&mut session, &format!("/click accept {id}")).await;
    assert!(out.starts_with("(only you) "), "{out}");
    say(&mut session, "/as @Bob").await;
    assert_eq!(session.prompt(), "bob> ");
    let out = say(&mut session, &format!("/click accept {id}")).await;
    assert_text_board(&out);
    assert_eq!(pngs(boards.path()).len(), 1, "{out}");

    // Bob may not move first: Alice (seat a) was named first.
    let out = say(&mut session, "/halma move a1 a2").await;
    assert!(out.starts_with("(only you) "), "{out}");

    let variant = Variant::Small;
    let options = Options::for_variant(variant);
    let mut seen = HashSet::new();
    let mut current = "bob";
    let mut plies = 0;
    let last = loop {
        assert!(plies < 400, "the game did not end in 400 plies");
        let view = service.board(HERE).await.expect("the board");
        let seat = view.to_move.expect("someone is to move").seat;
        let name = if seat == halma::Seat::A {
            "alice"
        } else {
            "bob"
        };
        if name != current {
            let out = say(&mut session, &format!("/as {name}")).await;
            assert_eq!(out, format!("You are now {name}.\n"));
            current = name;
        }
        seen.insert(view.position.clone());
        let mv = common::greedy(&view.position, &options, &seen);
        let out = say(&mut session, &format!("/halma move {} {}", mv.from, mv.to)).await;
        plies += 1;
        assert!(
            !out.starts_with("(only you)"),
            "move {plies} refused:\n{out}"
        );
        assert_text_board(&out);
        assert!(out.contains(".png]"), "{out}");
        if service
            .board(HERE)
            .await
            .expect("the board")
            .to_move
            .is_none()
        {
            break (name, out);
        }
    };
    let (winner, out) = last;
    assert!(
        out.contains(&format!("@{winner} has brought every piece home and wins!")),
        "{out}"
    );
    let game = number_after(&out, "Rematch: /click rematch ");

    let files = pngs(boards.path());
    assert_eq!(files.len(), plies + 1, "one board per move and the start");
    for name in &files {
        let bytes = std::fs::read(boards.path().join(name)).expect("read a board");
        assert!(
            bytes.starts_with(b"\x89PNG\r\n\x1a\n"),
            "{name} is not a PNG"
        );
    }

    // The history and the leaderboard read as plain text, without Discord's markup.
    let out = say(&mut session, "/halma history").await;
    let position = service.board(HERE).await.unwrap().position;
    assert!(out.contains(&format!("\n{position}\n")), "{out}");
    let out = format!(
        "{out}{}",
        say(&mut session, "/halma leaderboard small").await
    );
    assert!(!out.contains("```") && !out.contains("**"), "{out}");
    assert!(out.contains(&format!("1. @{winner} ")), "{out}");

    // The game is over: another move is refused, the board still shows.
    let out = say(&mut session, "/halma move a1 a2").await;
    assert!(out.starts_with("(only you) "), "{out}");
    let out = say(&mut session, "/halma board").await;
    assert_text_board(&out);

    // Either player may ask for a rematch, colours swapped: alice had seat a, so bob starts.
    say(&mut session, "/as carol").await;
    let out = say(&mut session, &format!("/click rematch {game}")).await;
    assert!(out.starts_with("(only you) You are not playing"), "{out}");
    say(&mut session, &format!("/as {winner}")).await;
    let out = say(&mut session, &format!("/click rematch {game}")).await;
    let loser = if winner == "alice" { "bob" } else { "alice" };
    assert!(out.contains(&format!("@{loser}")), "{out}");
    let rematch = number_after(&out, "/click accept ");
    assert_ne!(rematch, id, "a new challenge");
    say(&mut session, &format!("/as {loser}")).await;
    let out = say(&mut session, &format!("/click accept {rematch}")).await;
    assert!(out.contains("@bob, your move"), "{out}");
    assert_text_board(&out);

    let mut out = Vec::new();
    assert!(!session.handle("/quit", &mut out).await.unwrap());
}

#[sqlx::test(migrations = "../migrations")]
async fn typing_mistakes_are_answered_not_fatal(pool: PgPool) {
    let service = Service::new(
        halma_core::Db::new(pool),
        std::sync::Arc::new(halma_core::clock::SystemClock),
    );
    let boards = tempfile::tempdir().expect("a temporary folder");
    let mut session = Session::new(service, boards.path().to_path_buf());
    for (line, expected) in [
        ("", ""),
        ("hello", "Unknown command 'hello'"),
        ("/halma", "Unknown command '/halma'"),
        ("/halma dance", "(only you) Unknown subcommand 'dance'"),
        ("/halma move", "(only you) Usage: /halma move FROM TO"),
        (
            "/halma challenge",
            "(only you) Usage: /halma challenge opponent:@NAME",
        ),
        ("/halma challenge @bob chess", "(only you) "),
        (
            "/halma challenge @bob small first:later",
            "(only you) Usage: first:me",
        ),
        (
            "/halma challenge @bob small turn_timeout:soon",
            "(only you) ",
        ),
        (
            "/halma challenge @bob small timeout:1h",
            "(only you) Usage: 'timeout' is not an option of /halma challenge",
        ),
        (
            "/halma challenge @bob variant:small variant:ig10",
            "(only you) Usage: variant is given twice",
        ),
        (
            "/halma challenge @bob small anti_spoiling:maybe",
            "(only you) Usage: anti_spoiling:true or anti_spoiling:false",
        ),
        (
            "/halma challenge @bob star2 no_parking:maybe",
            "(only you) Usage: no_parking:true or no_parking:false",
        ),
        (
            "/halma open four no_parking:true",
            "(only you) `no_parking` is an option of the star",
        ),
        (
            "/halma leaderboard small extra",
            "(only you) Usage: 'extra' is not an option of /halma leaderboard",
        ),
        ("/click accept x", "Unknown command '/click accept x'"),
        ("/click accept 99", "(only you) "),
        ("/click draw 1", "(only you) "),
        ("/click rematch 1", "(only you) No game is being played"),
        ("/halma board", "(only you) "),
        (
            "/help",
            "Commands (as on Discord, typed here; options as name:value",
        ),
    ] {
        let out = say(&mut session, line).await;
        assert!(out.starts_with(expected), "{line:?} gave:\n{out}");
    }
    assert!(pngs(boards.path()).is_empty());
}

#[sqlx::test(migrations = "../migrations")]
async fn local_mode_answers_in_the_language_chosen_with_lang(pool: PgPool) {
    let (service, _clock) = common::service(&pool);
    let boards = tempfile::tempdir().expect("a temporary folder");
    let mut session = Session::new(service, boards.path().to_path_buf());
    for (line, expected) in [
        (
            "/lang",
            "Language: en. Type /lang and one of: en, hr, de, fr, es-ES, pt-BR, pl, ru.",
        ),
        ("/lang de", "Language: de."),
        (
            "/halma board",
            "(only you) In diesem Kanal läuft keine Partie.",
        ),
        ("/halma rules", "(only you) Halma. Bring alle deine Steine"),
        ("/lang RU", "Language: ru."),
        (
            "/halma board",
            "(only you) В этом канале не идёт ни одной партии.",
        ),
        (
            "/lang klingon",
            "No language 'klingon'. Type /lang and one of: en,",
        ),
        ("/halma board", "(only you) В этом канале"),
    ] {
        let out = say(&mut session, line).await;
        assert!(out.starts_with(expected), "{line:?} gave:\n{out}");
    }
}

#[sqlx::test(migrations = "../migrations")]
async fn no_parking_is_typed_in_local_mode_and_the_game_plays_with_it(pool: PgPool) {
    let (service, _clock) = common::service(&pool);
    let boards = tempfile::tempdir().expect("a temporary folder");
    let mut session = Session::new(service.clone(), boards.path().to_path_buf());
    let out = say(
        &mut session,
        "/halma challenge @bob star2 first:me no_parking:true",
    )
    .await;
    assert!(out.contains("No parking is on"), "{out}");
    let id = number_after(&out, "/click accept ");
    say(&mut session, "/as bob").await;
    say(&mut session, &format!("/click accept {id}")).await;
    let view = service.board(HERE).await.expect("the board");
    assert!(view.options.no_parking);
}

#[sqlx::test(migrations = "../migrations")]
async fn discord_option_names_work_in_local_mode(pool: PgPool) {
    let (service, _clock) = common::service(&pool);
    let boards = tempfile::tempdir().expect("a temporary folder");
    let mut session = Session::new(service.clone(), boards.path().to_path_buf());

    let out = say(
        &mut session,
        "/halma challenge opponent:@bob variant:ig10 first:opponent anti_spoiling:true turn_timeout:1h30m",
    )
    .await;
    assert!(!out.starts_with("(only you)"), "{out}");
    assert!(out.contains("ig10") && out.contains("1h 30m"), "{out}");
    let id = number_after(&out, "/click accept ");
    say(&mut session, "/as bob").await;
    say(&mut session, &format!("/click accept {id}")).await;
    let view = service.board(HERE).await.expect("the board");
    assert_eq!(view.variant, Variant::Ig10);
    assert!(view.options.anti_spoiling);
    assert_eq!(view.turn_timeout, chrono::TimeDelta::minutes(90));
    // Bob was named first: he holds seat a, and moves by option names.
    let bob = view.to_move.expect("bob to move");
    assert_eq!(bob.seat, halma::Seat::A);
    let mv = view.position.legal_moves(&view.options)[0];
    let out = say(
        &mut session,
        &format!("/halma move from:{} to:{}", mv.from, mv.to),
    )
    .await;
    assert!(!out.starts_with("(only you)"), "{out}");
    assert_eq!(service.board(HERE).await.unwrap().ply, 1);

    // Named options of the other commands; nothing of Discord's markup is printed.
    let out = say(&mut session, "/halma leaderboard variant:small").await;
    assert!(!out.starts_with("(only you)"), "{out}");
    let out = say(&mut session, "/halma stats player:@alice").await;
    assert!(!out.starts_with("(only you)"), "{out}");
    assert!(out.contains("this channel"), "{out}");
    assert!(!out.contains("<#") && !out.contains("<@"), "{out}");
}

#[sqlx::test(migrations = "../migrations")]
async fn a_small_game_against_the_bot_in_local_mode(pool: PgPool) {
    use halma_core::service::{AiSettings, GameStatus};
    let (service, _clock) = common::service(&pool);
    let service = service.with_ai_settings(AiSettings::deterministic(2_000));
    let boards = tempfile::tempdir().expect("a temporary folder");
    let mut session = Session::new(service.clone(), boards.path().to_path_buf());
    let out = say(
        &mut session,
        "/halma challenge opponent:@bot variant:small first:me level:easy",
    )
    .await;
    assert!(out.contains("@bot, level easy"), "{out}");
    assert!(out.contains("@alice, your move"), "{out}");
    let hint = say(&mut session, "/halma hint").await;
    assert!(hint.starts_with("(only you) Hint: "), "{hint}");
    let options = Options::for_variant(Variant::Small);
    let mut seen = HashSet::new();
    let mut bot_moves = 0;
    for _ in 0..400 {
        let game = service.board(HERE).await.expect("the game");
        if game.status != GameStatus::Active {
            break;
        }
        // The bot answers every move at once: it is always Alice's turn here.
        assert_eq!(game.to_move.map(|p| p.seat), Some(halma::Seat::A));
        seen.insert(game.position.clone());
        let mv = common::greedy(&game.position, &options, &seen);
        let out = say(&mut session, &format!("/halma move {} {}", mv.from, mv.to)).await;
        assert!(out.contains(&format!("@alice played {}", mv.from)), "{out}");
        assert!(
            !out.contains("@bot, your move"),
            "nobody asks the bot: {out}"
        );
        if service.board(HERE).await.unwrap().status == GameStatus::Active {
            assert!(out.contains("@bot played "), "the bot answers: {out}");
            bot_moves += 1;
        }
    }
    let game = service.board(HERE).await.unwrap();
    assert_eq!(game.status, GameStatus::Finished, "the game ended");
    assert!(bot_moves > 5);
    let stats = say(&mut session, "/halma stats").await;
    assert!(stats.contains("Against the bot (easy)"), "{stats}");
    let history = say(&mut session, "/halma history").await;
    assert!(history.contains("Hints taken: @alice 1"), "{history}");
}

#[sqlx::test(migrations = "../migrations")]
async fn the_move_picker_takes_numbers_in_local_mode(pool: PgPool) {
    let (service, _clock) = common::service(&pool);
    let boards = tempfile::tempdir().expect("a temporary folder");
    let mut session = Session::new(service.clone(), boards.path().to_path_buf());
    let out = say(&mut session, "/halma challenge @bob small first:me").await;
    let id = number_after(&out, "/click accept ");
    say(&mut session, "/as bob").await;
    let out = say(&mut session, &format!("/click accept {id}")).await;
    assert!(
        out.contains("Move: /click move "),
        "the start offers the picker:\n{out}"
    );
    let game = number_after(&out, "/click move ");

    // Bob is not to move: refused, and no picker is open.
    let out = say(&mut session, &format!("/click move {game}")).await;
    assert!(out.starts_with("(only you) It is not your turn"), "{out}");
    let out = say(&mut session, "1").await;
    assert!(out.contains("No move picker is open"), "{out}");

    say(&mut session, "/as alice").await;
    let out = say(&mut session, &format!("/click move {game}")).await;
    assert!(
        out.contains("  1. ") && out.contains("destination"),
        "pieces listed:\n{out}"
    );
    let out = say(&mut session, "99").await;
    assert!(out.contains("There is no option 99"), "{out}");
    let out = say(&mut session, "1").await;
    assert!(
        out.contains("  0. Back") && out.contains("  1. "),
        "destinations:\n{out}"
    );
    let out = say(&mut session, "0").await;
    assert!(out.contains("Pick the piece"), "back to the pieces:\n{out}");
    say(&mut session, "1").await;
    let out = say(&mut session, "1").await;
    assert!(out.contains("You played "), "{out}");
    assert!(
        out.contains("@bob, your move"),
        "the public answer follows:\n{out}"
    );
    let board = service.board(HERE).await.expect("the game");
    assert_eq!(board.ply, 1, "one move was played");
}

#[sqlx::test(migrations = "../migrations")]
async fn a_whole_four_teams_game_typed_as_four_local_users(pool: PgPool) {
    use halma_core::service::GameStatus;
    let (service, _clock) = common::service(&pool);
    let boards = tempfile::tempdir().expect("a temporary folder");
    let mut session = Session::new(service.clone(), boards.path().to_path_buf());

    // A lobby first: Bob joins and leaves, an early Start is refused; then Alice closes it.
    let out = say(&mut session, "/halma open four-teams").await;
    assert!(out.contains("Buttons: Join: /click join "), "{out}");
    let lobby = number_after(&out, "/click join ");
    say(&mut session, "/as bob").await;
    let out = say(&mut session, &format!("/click join {lobby}")).await;
    assert!(out.contains("(2/4)"), "{out}");
    let out = say(&mut session, &format!("/click start {lobby}")).await;
    assert!(out.starts_with("(only you) Only @alice"), "{out}");
    say(&mut session, "/as alice").await;
    let out = say(&mut session, &format!("/click start {lobby}")).await;
    assert!(
        out.starts_with("(only you) A game of four-teams needs 4"),
        "{out}"
    );
    let out = say(&mut session, &format!("/click leave {lobby}")).await;
    assert!(out.contains("@alice closed the lobby"), "{out}");

    // Then an invitation: Alice and Bob against Carol and Dave.
    let out = say(
        &mut session,
        "/halma challenge @bob four-teams first:me opponent2:@carol opponent3:@dave",
    )
    .await;
    assert!(out.contains("Waiting for: @bob, @carol and @dave"), "{out}");
    let id = number_after(&out, "/click accept ");
    for name in ["carol", "bob"] {
        say(&mut session, &format!("/as {name}")).await;
        let out = say(&mut session, &format!("/click accept {id}")).await;
        assert!(out.contains("Accepted: @alice"), "{out}");
    }
    say(&mut session, "/as dave").await;
    let out = say(&mut session, &format!("/click accept {id}")).await;
    assert!(
        out.contains("Team 1: A (orange): @alice; B (blue): @bob"),
        "{out}"
    );
    assert!(
        out.contains("Team 2: C (green): @carol; D (purple): @dave"),
        "{out}"
    );
    assert!(out.contains("@alice, your move"), "{out}");

    let names = ["alice", "bob", "carol", "dave"];
    let options = Options::for_variant(Variant::FourTeams);
    let (out, plies) =
        play_to_the_end(&mut session, &service, &names, &options, "dave", 3000).await;
    let game = service.board(HERE).await.unwrap();
    assert_eq!(game.status, GameStatus::Finished, "{out}");
    let winners = game.result.expect("a result").winner_seats();
    assert!(
        winners == [halma::Seat::A, halma::Seat::B] || winners == [halma::Seat::C, halma::Seat::D],
        "a team wins: {winners:?}"
    );
    assert!(out.contains("Rematch: /click rematch "), "{out}");
    eprintln!("the four-teams game took {plies} plies");
}

#[sqlx::test(migrations = "../migrations")]
async fn a_whole_star2_game_typed_in_local_mode_with_the_star_drawn(pool: PgPool) {
    use halma_core::service::GameStatus;
    let (service, _clock) = common::service(&pool);
    let boards = tempfile::tempdir().expect("a temporary folder");
    let mut session = Session::new(service.clone(), boards.path().to_path_buf());

    let out = say(&mut session, "/halma challenge @bob star2 first:me").await;
    assert!(out.contains("star2"), "{out}");
    let id = number_after(&out, "/click accept ");
    say(&mut session, "/as bob").await;
    let out = say(&mut session, &format!("/click accept {id}")).await;
    assert!(out.contains("@alice, your move"), "{out}");
    // The star as the rule book draws it: a's point at the bottom, b's at the top, each line
    // naming its files.
    assert!(
        out.contains("\n17              b               e\n"),
        "{out}"
    );
    assert!(
        out.contains("\n13  . . . . . . . . . . . . .   a-m\n"),
        "{out}"
    );
    assert!(
        out.contains("\n 4           a a a a            j-m\n"),
        "{out}"
    );
    assert!(
        out.contains("\n 1              a               m\n"),
        "{out}"
    );

    let names = ["alice", "bob"];
    let options = Options::for_variant(Variant::Star2);
    let (out, _) = play_to_the_end(&mut session, &service, &names, &options, "bob", 400).await;
    let game = service.board(HERE).await.unwrap();
    assert_eq!(game.status, GameStatus::Finished, "{out}");
    assert_eq!(game.result.expect("a result").winner_seats().len(), 1);
    assert!(out.contains("Rematch: /click rematch "), "{out}");
    // The two-player star is rated with Glicko-2 like every game of two.
    let board = say(&mut session, "/halma leaderboard variant:star2").await;
    assert!(
        board.contains("@alice") && board.contains("@bob"),
        "{board}"
    );
    assert!(!pngs(boards.path()).is_empty(), "board images are written");
}

#[sqlx::test(migrations = "../migrations")]
async fn with_pages_every_board_prints_its_live_page(pool: PgPool) {
    let (service, _clock) = common::service(&pool);
    let boards = tempfile::tempdir().expect("a folder for boards");
    let mut session = Session::new(service.clone(), boards.path().to_path_buf())
        .with_pages("http://127.0.0.1:8080/".into());
    let started = say(&mut session, "/halma challenge @bot variant:small first:me").await;
    let token = service.board(HERE).await.expect("the game").web_token;
    assert!(
        started.contains(&format!(
            "Watch: http://127.0.0.1:8080/game/{token}?lang=en\n"
        )),
        "no page for the new game in:\n{started}"
    );
    // A refusal shows no board, so no page either.
    let refused = say(&mut session, "/halma move x1 x2").await;
    assert!(!refused.contains("/game/"), "{refused}");
}

/// The live pages name local users as the session does, the bot's seat as the bot: in this
/// process, and in one that starts afresh on the same database (as after a restart).
#[sqlx::test(migrations = "../migrations")]
async fn the_pages_name_the_local_users(pool: PgPool) {
    let (service, _clock) = common::service(&pool);
    let boards = tempfile::tempdir().expect("a temporary folder");
    let mut session = Session::new(service.clone(), boards.path().to_path_buf());
    let out = say(
        &mut session,
        "/halma challenge @bob three opponent2:@bot first:me",
    )
    .await;
    let id = number_after(&out, "/click accept ");
    say(&mut session, "/as bob").await;
    let out = say(&mut session, &format!("/click accept {id}")).await;
    assert!(out.contains("The game of three begins!"), "{out}");
    let token: String = sqlx::query_scalar("SELECT web_token FROM games")
        .fetch_one(&pool)
        .await
        .expect("the game's token");
    let (restarted, _clock) = common::service(&pool);
    for (who, svc) in [("this process", &service), ("a new process", &restarted)] {
        let page = svc
            .web()
            .game_page(&token)
            .await
            .expect("loads")
            .expect("the game's page");
        let mut names: Vec<&str> = page
            .players
            .iter()
            .filter_map(|p| p.name.as_deref())
            .collect();
        names.sort_unstable();
        assert_eq!(names, ["alice", "bob"], "{who}");
        // The bot's seat goes without a name, for the page to word in its reader's language;
        // no member is left unnamed.
        assert!(
            page.players.iter().all(|p| p.bot == p.name.is_none()),
            "{who}: {:?}",
            page.players
        );
    }
}

#[sqlx::test(migrations = "../migrations")]
async fn a_dm_in_local_mode_is_printed_for_its_member(pool: PgPool) {
    let (service, _clock) = common::service(&pool);
    let boards = tempfile::tempdir().expect("a temporary folder");
    let mut session = Session::new(service.clone(), boards.path().to_path_buf());
    let out = say(&mut session, "/halma notify").await;
    assert!(out.starts_with("(only you) Direct messages: off."), "{out}");
    let out = say(&mut session, "/halma notify dm:maybe").await;
    assert!(
        out.starts_with("(only you) `dm` takes on or off, not 'maybe'"),
        "{out}"
    );
    say(&mut session, "/as bob").await;
    let out = say(&mut session, "/halma notify on").await;
    assert!(out.starts_with("(only you) Direct messages: on."), "{out}");
    assert!(out.contains("24 hours"), "the pause is named: {out}");

    say(&mut session, "/as alice").await;
    let out = say(&mut session, "/halma challenge @bob small first:me").await;
    let id = number_after(&out, "/click accept ");
    say(&mut session, "/as bob").await;
    let out = say(&mut session, &format!("/click accept {id}")).await;
    assert!(
        !out.contains("(DM to"),
        "Alice, to move, has DMs off: {out}"
    );
    say(&mut session, "/as alice").await;
    let view = service.board(HERE).await.expect("the board");
    let mv = common::greedy(
        &view.position,
        &Options::for_variant(Variant::Small),
        &HashSet::new(),
    );
    let out = say(&mut session, &format!("/halma move {} {}", mv.from, mv.to)).await;
    let dm = out
        .lines()
        .skip_while(|line| !line.starts_with("(DM to bob) "))
        .collect::<Vec<_>>()
        .join("\n");
    assert!(
        dm.contains(&format!("@alice played {}", mv.from))
            && dm.contains("It is your move in the game of small")
            && dm.contains("https://discord.com/channels/1/1"),
        "{out}"
    );
    assert_eq!(out.matches("(DM to").count(), 1, "{out}");
}
