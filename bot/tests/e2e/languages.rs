//! Languages: each member is answered in the language of their own Discord client, whatever
//! language the message they act on was written in.

use halma::{MoveText, Seat};

use crate::support::{assert_refusal, E2e};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_german_and_a_russian_member_are_answered_in_their_languages() {
    let e = E2e::start("languages").await;
    let mut table = e.small_game("sprachen").await;
    let alice = table.at(Seat::A).clone().with_locale("de");
    let bob = table.at(Seat::B).clone().with_locale("ru");

    // Bob moves out of turn: refused in Russian.
    let refused = e.move_(&bob, &table.channel, "b6", "b5").await;
    assert_refusal(&refused, "");
    assert!(
        refused.content.starts_with("Сейчас не твой ход"),
        "{}",
        refused.content
    );

    // Alice moves: the public answer and its Move button are in German.
    let mv = table.next_move();
    let chain = table.chain_text(mv);
    let moved = e
        .move_(
            &alice,
            &table.channel,
            &mv.from.to_string(),
            &table.typed_to(mv),
        )
        .await;
    table.game.play(&MoveText::from(mv)).expect("mirrored");
    assert!(!moved.ephemeral, "{moved:?}");
    assert!(
        moved.content.contains(&format!("hat {chain} gezogen")),
        "{}",
        moved.content
    );
    assert_eq!(moved.button_labels(), ["Ziehen"]);

    // Bob opens the move picker from Alice's German message: it speaks Russian to him.
    let picker = e
        .fake
        .click(&bob, &moved, "Ziehen")
        .await
        .expect("the picker opens");
    assert!(picker.ephemeral, "{picker:?}");
    assert!(
        picker
            .content
            .starts_with("Выбери фишку для хода; отмеченные фишки могут ходить."),
        "{}",
        picker.content
    );
}
