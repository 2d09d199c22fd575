//! The move picker: a whole game on the 8×8 board played only with the Move button and the
//! select menus, and the picker's refusals (a click by someone else, a picker left open while
//! the position changed).

use std::collections::BTreeSet;

use fake_discord::{Answer, Message, SelectMenu, TestUser};
use halma::{Move, MoveText, Outcome, Square, Variant};
use serde_json::Value;

use crate::support::{assert_refusal, game_row, moves_of, E2e, Table, ANSWER_TIMEOUT};

/// Longest game the test plays before it calls the greedy players stuck.
const MAX_PLIES: usize = 400;

/// The menu of a picker message whose id starts with `prefix` (`halma:pick:` or `halma:to:`).
fn menus_with<'a>(selects: &'a [SelectMenu], prefix: &str) -> Vec<&'a SelectMenu> {
    selects
        .iter()
        .filter(|m| m.custom_id.starts_with(prefix))
        .collect()
}

/// Every option value of the menus whose id starts with `prefix`.
fn values_of(answer: &Answer, prefix: &str) -> BTreeSet<String> {
    menus_with(&answer.selects, prefix)
        .iter()
        .flat_map(|m| m.values())
        .collect()
}

/// The user ids a message's creating request allowed to be pinged.
fn pinged(e: &E2e, message: &Message) -> Vec<u64> {
    let id = message.id.to_string();
    e.fake
        .requests()
        .iter()
        .find(|r| r.response.get("id").and_then(Value::as_str) == Some(id.as_str()))
        .and_then(|r| r.body.pointer("/allowed_mentions/users").cloned())
        .and_then(|users| users.as_array().cloned())
        .unwrap_or_default()
        .iter()
        .filter_map(|u| u.as_str().and_then(|s| s.parse().ok()))
        .collect()
}

/// Clicks Move on `message` as `user` and checks that the picker of pieces opened: ephemeral,
/// one menu holding exactly the squares of the pieces that can move, and the board.
pub(crate) async fn open_picker(e: &E2e, table: &Table, user: &TestUser, message: u64) -> Answer {
    let picker = e
        .fake
        .click(user, message, "Move")
        .await
        .unwrap_or_else(|err| panic!("{} clicks Move: {err}", user.name));
    assert!(
        picker.ephemeral,
        "the picker is only for the player: {picker:?}"
    );
    assert_eq!(picker.callback_type, 4, "a new message: {picker:?}");
    let position = table.game.position();
    let mut movable = BTreeSet::new();
    position.for_each_destination(table.game.options(), |from, _| {
        movable.insert(from.to_string());
    });
    assert_eq!(
        values_of(&picker, "halma:pick:"),
        movable,
        "the pieces offered in {position}"
    );
    for menu in &picker.selects {
        for option in &menu.options {
            assert!(
                option.label.starts_with(&option.value),
                "a piece's label starts with its square: {option:?}"
            );
        }
    }
    assert_eq!(
        picker.files.len(),
        1,
        "the picker shows the board: {picker:?}"
    );
    picker
}

/// Picks the piece on `from` in a picker of pieces and checks its destinations are offered,
/// square first, most progress first.
pub(crate) async fn pick_piece(
    e: &E2e,
    table: &Table,
    user: &TestUser,
    picker: &Answer,
    from: Square,
) -> Answer {
    let menu = menus_with(&picker.selects, "halma:pick:")
        .into_iter()
        .find(|m| m.values().contains(&from.to_string()))
        .unwrap_or_else(|| panic!("{from} is offered: {picker:?}"))
        .custom_id
        .clone();
    let answer = e
        .fake
        .select(user, picker, &menu, &[&from.to_string()])
        .await
        .unwrap_or_else(|err| panic!("{} picks {from}: {err}", user.name));
    assert_eq!(
        answer.callback_type, 7,
        "the pick edits the picker: {answer:?}"
    );
    assert!(answer.ephemeral, "{answer:?}");
    let want: BTreeSet<String> = table
        .game
        .position()
        .destinations(from, table.game.options())
        .squares()
        .map(|s| s.to_string())
        .collect();
    let offered: BTreeSet<String> = values_of(&answer, "halma:to:")
        .into_iter()
        .filter(|v| !v.starts_with("more:"))
        .collect();
    assert_eq!(offered, want, "the destinations of {from}");
    for menu in &answer.selects {
        assert!(menu.options.len() <= 25, "{menu:?}");
        for option in &menu.options {
            assert!(option.label.starts_with(&option.value), "{option:?}");
        }
    }
    assert_eq!(answer.button_labels(), ["Back"], "{answer:?}");
    assert_eq!(
        answer.files.len(),
        1,
        "the board with the destinations: {answer:?}"
    );
    answer
}

/// Plays `mv` through the picker opened on `message` and returns the public answer, checked
/// like the answer to `/halma move`.
pub(crate) async fn play_by_picker(e: &E2e, table: &mut Table, message: u64, mv: Move) -> Message {
    let mover = table.to_move().clone();
    let picker = open_picker(e, table, &mover, message).await;
    let destinations = pick_piece(e, table, &mover, &picker, mv.from).await;
    let to = mv.to.to_string();
    let menu = menus_with(&destinations.selects, "halma:to:")
        .into_iter()
        .find(|m| m.values().contains(&to))
        .unwrap_or_else(|| panic!("{to} is offered: {destinations:?}"))
        .custom_id
        .clone();
    let before = e
        .fake
        .channel_messages(&table.channel)
        .iter()
        .map(|m| m.id)
        .max()
        .unwrap_or(0);
    let closed = e
        .fake
        .select(&mover, &destinations, &menu, &[&to])
        .await
        .unwrap_or_else(|err| panic!("{} picks {to}: {err}", mover.name));
    assert_eq!(closed.callback_type, 7, "{closed:?}");
    assert!(
        closed.selects.is_empty() && closed.buttons.is_empty() && closed.files.is_empty(),
        "a played move closes the picker: {closed:?}"
    );
    let public = e
        .fake
        .wait_for_channel_message(
            &table.channel,
            // Posted in the channel (with the announcement's nonce), after the pick.
            |m| m.interaction_id.is_none() && !m.ephemeral && m.id > before,
            ANSWER_TIMEOUT,
        )
        .await
        .unwrap_or_else(|err| panic!("the public answer to the move {mv}: {err}"));
    table
        .game
        .play(&MoveText::from(mv))
        .unwrap_or_else(|err| panic!("the mirrored move {mv} is illegal: {err}"));
    assert!(
        public.content.contains(&mover.mention()) && public.content.contains(&mv.from.to_string()),
        "the answer names the mover and the move: {:?}",
        public.content
    );
    assert_eq!(public.files.len(), 1, "the board: {public:?}");
    let png = image::load_from_memory(&public.files[0].bytes).expect("the board decodes");
    assert_eq!(
        (png.width(), png.height()),
        halma_render::image_size(Variant::Small)
    );
    if !table.game.outcome().is_over() {
        let next = table.to_move().clone();
        assert!(
            public.content.contains(&next.mention()),
            "{:?}",
            public.content
        );
        assert_eq!(
            pinged(e, &public),
            [next.id],
            "only the next player is pinged"
        );
        assert!(public.button("Move").is_some(), "{public:?}");
    }
    public
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_whole_game_played_with_the_picker_only() {
    let e = E2e::start("picker_game").await;
    let carol = e.user("carol");
    let mut table = e.small_game("picker").await;
    let start = e
        .fake
        .channel_messages(&table.channel)
        .into_iter()
        .rev()
        .find(|m| m.button("Move").is_some())
        .expect("the game's start carries a Move button");
    let (alice, bob) = (table.seats[0].clone(), table.seats[1].clone());

    // Anyone but the player to move is refused, and nothing opens.
    let refused = e
        .fake
        .click(&carol, start.id, "Move")
        .await
        .expect("carol clicks");
    assert_refusal(&refused, "not playing");
    assert!(refused.selects.is_empty());
    let refused = e
        .fake
        .click(&bob, start.id, "Move")
        .await
        .expect("bob clicks");
    assert_refusal(&refused, &alice.mention());

    // Back returns from a piece's destinations to the pieces.
    let picker = open_picker(&e, &table, &alice, start.id).await;
    let from = table.next_move().from;
    let destinations = pick_piece(&e, &table, &alice, &picker, from).await;
    let back = e
        .fake
        .click(&alice, &destinations, "Back")
        .await
        .expect("Back");
    assert_eq!(back.callback_type, 7);
    assert_eq!(
        values_of(&back, "halma:pick:"),
        values_of(&picker, "halma:pick:")
    );
    assert!(values_of(&back, "halma:to:").is_empty());

    // A picker opened now goes stale once Alice and Bob have moved.
    let old = open_picker(&e, &table, &alice, start.id).await;

    let mut last = start.id;
    let mut plies = 0;
    while !table.game.outcome().is_over() && plies < MAX_PLIES {
        let mv = table.next_move();
        last = play_by_picker(&e, &mut table, last, mv).await.id;
        plies += 1;
        if plies == 2 {
            // Alice's old picker: the position changed, so it refuses and offers a fresh one.
            let from = values_of(&old, "halma:pick:")
                .into_iter()
                .next()
                .expect("a piece");
            let menu = menus_with(&old.selects, "halma:pick:")[0].custom_id.clone();
            let stale = e
                .fake
                .select(&alice, &old, &menu, &[&from])
                .await
                .expect("pick in the old picker");
            assert!(
                stale.content.contains("position has changed"),
                "{:?}",
                stale.content
            );
            let mut movable = BTreeSet::new();
            table
                .game
                .position()
                .for_each_destination(table.game.options(), |from, _| {
                    movable.insert(from.to_string());
                });
            assert_eq!(values_of(&stale, "halma:pick:"), movable, "a fresh picker");
            assert_ne!(
                menus_with(&stale.selects, "halma:pick:")[0].custom_id,
                menu,
                "the fresh picker is for the new position"
            );
            let row = game_row(&e.db.pool, &table.channel).await;
            assert_eq!(row.ply, 2, "the stale pick played nothing");
        }
        if plies == 3 {
            // Bob's turn: Alice's Move button is refused, naming who is to move.
            let refused = e.fake.click(&alice, last, "Move").await.expect("click");
            assert_refusal(&refused, &bob.mention());
        }
    }

    let Outcome::Win { winners, .. } = table.game.outcome().clone() else {
        panic!(
            "no win within {MAX_PLIES} plies: {:?}",
            table.game.outcome()
        );
    };
    let winner = table.at(winners[0]).clone();
    let end = e.fake.message(last).expect("the last answer");
    assert!(
        end.content.contains("wins") && end.content.contains(&winner.mention()),
        "{:?}",
        end.content
    );
    assert!(
        end.button("Move").is_none(),
        "a finished game asks nobody to move"
    );
    let row = game_row(&e.db.pool, &table.channel).await;
    assert_eq!(row.status, "finished");
    assert_eq!(row.position, table.game.position().to_string());
    let moved = table
        .game
        .plies()
        .iter()
        .filter(|p| p.as_move().is_some())
        .count();
    assert_eq!(moved, plies, "every ply was a move");
    assert_eq!(moves_of(&e.db.pool, row.id).await.len(), plies);
    eprintln!("the picker game took {plies} moves");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_move_through_the_picker_is_one_action_in_the_pace() {
    // A slow pace: the burst of 8 actions and then one a minute, so that a test at test speed
    // plays everything inside the burst.
    let e = E2e::start_with("picker_pace", &[("MEMBER_ACTIONS_PER_MINUTE", "1")]).await;
    let mut table = e.small_game("picker_pace").await;
    let mut message = e
        .fake
        .channel_messages(&table.channel)
        .into_iter()
        .rev()
        .find(|m| m.button("Move").is_some())
        .expect("the game's start carries a Move button")
        .id;
    // Each player made one action to start the game (the challenge, the accept). Six moves
    // each through the picker are six more actions (the Move clicks); their twelve steps (a
    // piece, a destination) belong to them. Counted per tap, the third move would be slowed.
    for _ in 0..12 {
        let mv = table.next_move();
        message = play_by_picker(&e, &mut table, message, mv).await.id;
    }
    // A flood of commands is still slowed: the eighth action spends the burst.
    let alice = table.seats[0].clone();
    let answers = [
        e.halma(&alice, &table.channel, "board", &[]).await,
        e.halma(&alice, &table.channel, "board", &[]).await,
    ];
    assert!(
        !answers[0].content.starts_with("Slow down"),
        "{:?}",
        answers[0]
    );
    assert!(
        answers[1].ephemeral && answers[1].content.starts_with("Slow down a little"),
        "{:?}",
        answers[1]
    );
}
