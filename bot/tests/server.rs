//! The move picker, the server's settings and its list of games through the service, against a
//! real PostgreSQL.

mod common;

use chrono::TimeDelta;
use common::*;
use halma::{Position, Square, Variant};
use halma_core::locale::Lang;
use halma_core::service::{FirstMover, MessageLanguage, PickerStamp, PickerStep, SettingsChange};
use halma_core::UserError;
use sqlx::PgPool;

fn sq(name: &str) -> Square {
    name.parse().unwrap()
}

#[sqlx::test(migrations = "../migrations")]
async fn the_picker_plays_through_the_move_path_and_refuses_stale_steps(pool: PgPool) {
    let (svc, _clock) = service(&pool);
    let started = start(&svc, "small", FirstMover::Challenger).await;
    let id = started.game.id;

    // Only the player to move opens it.
    for (user, want) in [
        (CAROL, UserError::NotAPlayer),
        (BOB, UserError::NotYourTurn { to_move: ALICE }),
    ] {
        let refused = svc.open_picker(at(user), id).await.unwrap_err();
        assert_eq!(refused.user(), Some(&want));
    }
    let picker = svc.open_picker(at(ALICE), id).await.unwrap();
    let start = Position::start(Variant::Small);
    let mut movable = Vec::new();
    start.for_each_destination(&started.game.options, |from, dests| {
        movable.push((from, dests.count()));
    });
    movable.sort();
    let mut offered: Vec<(Square, u32)> = picker
        .pieces
        .iter()
        .map(|p| (p.from, p.destinations))
        .collect();
    offered.sort();
    assert_eq!(offered, movable);
    let stamp = picker.stamp;
    assert_eq!(stamp, PickerStamp { game: id, ply: 0 });

    // A piece's destinations, nearest to the target camp first, with shortest chains.
    let PickerStep::Destinations(dests) = svc.pick_piece(at(ALICE), stamp, sq("f2")).await.unwrap()
    else {
        panic!("destinations of f2");
    };
    let mut want: Vec<Square> = start
        .destinations(sq("f2"), &started.game.options)
        .squares()
        .collect();
    want.sort();
    let mut got: Vec<Square> = dests.destinations.iter().map(|d| d.to).collect();
    got.sort();
    assert_eq!(got, want);
    for d in &dests.destinations {
        assert_eq!(d.chain.first(), Some(&sq("f2")));
        assert_eq!(d.chain.last(), Some(&d.to));
    }

    // The destination plays the move like /halma move.
    let to = dests.destinations[0].to;
    let PickerStep::Played(played) = svc
        .pick_destination(at(ALICE), stamp, sq("f2"), to)
        .await
        .unwrap()
    else {
        panic!("the move is played");
    };
    assert_eq!(played.game.ply, 1);
    assert_eq!(played.game.to_move.map(|p| p.user), Some(BOB));
    let moves: i64 = sqlx::query_scalar("SELECT count(*) FROM moves")
        .fetch_one(&pool)
        .await
        .unwrap();
    assert_eq!(moves, 1);

    // The same picker again: stale, and no fresh one (it is Bob's turn); nothing is written.
    let before = snapshot(&pool).await;
    let again = svc
        .pick_destination(at(ALICE), stamp, sq("g2"), sq("f3"))
        .await
        .unwrap();
    assert_eq!(again, PickerStep::Stale(None));
    assert_eq!(
        snapshot(&pool).await,
        before,
        "a stale pick changes nothing"
    );

    // Bob moves; Alice's old picker is stale but offers a fresh one at ply 2.
    let bob = svc.open_picker(at(BOB), id).await.unwrap();
    let piece = bob.pieces[0].from;
    let PickerStep::Destinations(d) = svc.pick_piece(at(BOB), bob.stamp, piece).await.unwrap()
    else {
        panic!("bob's destinations");
    };
    let to = d.destinations[0].to;
    svc.pick_destination(at(BOB), bob.stamp, piece, to)
        .await
        .unwrap();
    let PickerStep::Stale(Some(fresh)) = svc.picker_back(at(ALICE), stamp).await.unwrap() else {
        panic!("a fresh picker");
    };
    assert_eq!(fresh.stamp, PickerStamp { game: id, ply: 2 });
    let PickerStep::Pieces(back) = svc.picker_back(at(ALICE), fresh.stamp).await.unwrap() else {
        panic!("Back on the current position lists the pieces");
    };
    assert_eq!(back.pieces, fresh.pieces);

    // A button of an earlier game opens nothing.
    let refused = svc
        .open_picker(at(ALICE), halma_core::model::GameId(id.0 + 1))
        .await
        .unwrap_err();
    assert_eq!(refused.user(), Some(&UserError::OldButton));
}

#[sqlx::test(migrations = "../migrations")]
async fn settings_are_for_managers_and_shape_challenges(pool: PgPool) {
    let (svc, _clock) = service(&pool);
    let show = SettingsChange::default();
    let refused = svc.settings().apply(GUILD, false, &show).await.unwrap_err();
    assert_eq!(refused.user(), Some(&UserError::NeedsManageServer));
    let shown = svc.settings().apply(GUILD, true, &show).await.unwrap();
    assert_eq!(shown.variant, Variant::Standard);
    assert!(!shown.variant_set && shown.channels.is_none());
    let rows: i64 = sqlx::query_scalar("SELECT count(*) FROM guild_settings")
        .fetch_one(&pool)
        .await
        .unwrap();
    assert_eq!(rows, 0, "showing stores nothing");

    let games_channel = CHANNEL + 1;
    let set = svc
        .settings()
        .apply(
            GUILD,
            true,
            &SettingsChange {
                variant: Some(variant_of("ig10")),
                turn_timeout: Some(timeout("2h")),
                allow_channel: Some(games_channel),
                language: Some(MessageLanguage::Chosen(Lang::Hr)),
                ..SettingsChange::default()
            },
        )
        .await
        .unwrap();
    assert_eq!(set.variant, Variant::Ig10);
    assert_eq!(set.channels, Some(vec![games_channel]));
    assert_eq!(set.message_lang, Lang::Hr);
    assert_eq!(svc.settings().message_lang(GUILD).await.unwrap(), Lang::Hr);
    assert_eq!(
        svc.settings().message_lang(GUILD + 1).await.unwrap(),
        Lang::En
    );
    // Every language the bot speaks can be chosen, and the database keeps each code.
    for lang in Lang::ALL {
        let change = SettingsChange {
            // As typed: the code reads back as its language.
            language: Some(MessageLanguage::parse(lang.code()).unwrap()),
            ..SettingsChange::default()
        };
        let set = svc
            .settings()
            .apply(GUILD + 2, true, &change)
            .await
            .unwrap();
        assert_eq!(set.message_lang, lang);
        assert_eq!(svc.settings().message_lang(GUILD + 2).await.unwrap(), lang);
    }

    // A bad value is refused and changes nothing.
    let before = snapshot(&pool).await;
    let bad = svc
        .settings()
        .apply(
            GUILD,
            true,
            &SettingsChange {
                variant: Some(variant_of("small")),
                turn_timeout: Some(TimeDelta::days(30)),
                ..SettingsChange::default()
            },
        )
        .await
        .unwrap_err();
    assert!(
        matches!(bad.user(), Some(UserError::TimeoutOutOfRange { .. })),
        "{bad:?}"
    );
    assert_eq!(snapshot(&pool).await, before);
    let kept = svc.settings().apply(GUILD, true, &show).await.unwrap();
    assert_eq!(
        kept.variant,
        Variant::Ig10,
        "the refused change left the variant"
    );

    // The house rules: refused outside the game channels, the defaults inside.
    let refused = svc.settings().house_rules(HERE).await.unwrap_err();
    assert_eq!(
        refused.user(),
        Some(&UserError::ChannelNotAllowed {
            channels: vec![games_channel]
        })
    );
    let house = svc
        .settings()
        .house_rules(Place::new(GUILD, games_channel))
        .await
        .unwrap();
    assert_eq!(house.variant, Some(Variant::Ig10));
    assert_eq!(house.turn_timeout, Some(chrono::TimeDelta::hours(2)));
    // A thread of a game channel (or a forum post in one) hosts games; one elsewhere does not.
    let thread = games_channel + 1000;
    svc.settings()
        .house_rules(Place::new(GUILD, thread).in_thread_of(Some(games_channel)))
        .await
        .expect("a thread of a game channel");
    let stray = svc
        .settings()
        .house_rules(Place::new(GUILD, thread).in_thread_of(Some(CHANNEL)))
        .await
        .unwrap_err();
    assert!(
        matches!(stray.user(), Some(UserError::ChannelNotAllowed { .. })),
        "{stray:?}"
    );
    assert_eq!(
        svc.settings()
            .house_rules(Place::new(GUILD + 1, CHANNEL))
            .await
            .unwrap(),
        Default::default(),
        "another server has its own (no) settings"
    );

    // The server's Discord locale decides once the language follows the server again.
    svc.settings()
        .apply(
            GUILD,
            true,
            &SettingsChange {
                language: Some(MessageLanguage::Server),
                all_channels: true,
                ..SettingsChange::default()
            },
        )
        .await
        .unwrap();
    assert_eq!(svc.settings().message_lang(GUILD).await.unwrap(), Lang::En);
    svc.settings().note_guild_locale(GUILD, "hr").await.unwrap();
    assert_eq!(svc.settings().message_lang(GUILD).await.unwrap(), Lang::Hr);
    svc.settings()
        .house_rules(HERE)
        .await
        .expect("every channel again");
}

#[sqlx::test(migrations = "../migrations")]
async fn the_servers_games_are_listed_with_their_latest_board(pool: PgPool) {
    let (svc, _clock) = service(&pool);
    assert_eq!(svc.server_games(GUILD).await.unwrap().total, 0);
    let started = start(&svc, "small", FirstMover::Challenger).await;
    svc.set_board_message(started.game.id, 500).await.unwrap();
    svc.set_board_message(started.game.id, 400).await.unwrap();
    let listed = svc.server_games(GUILD).await.unwrap();
    assert_eq!(listed.total, 1);
    assert_eq!(listed.games[0].game.id, started.game.id);
    assert_eq!(
        listed.games[0].board_message,
        Some(500),
        "an older message never replaces a newer one"
    );
    assert_eq!(svc.server_games(GUILD + 1).await.unwrap().total, 0);
}

#[sqlx::test(migrations = "../migrations")]
async fn every_way_to_start_a_game_keeps_to_the_servers_channels_and_defaults(pool: PgPool) {
    use halma_core::service::{Accepted, ChallengeRequest};
    let (svc, _clock) = service(&pool);
    // A game in the test channel, finished, for a rematch once the channel is closed to games.
    let old = start(&svc, "small", FirstMover::Challenger).await;
    svc.resign(at(ALICE)).await.unwrap();
    let games_channel = CHANNEL + 1;
    let change = SettingsChange {
        variant: Some(variant_of("ig10")),
        turn_timeout: Some(timeout("2h")),
        allow_channel: Some(games_channel),
        ..SettingsChange::default()
    };
    svc.settings().apply(GUILD, true, &change).await.unwrap();
    let not_allowed = |e: halma_core::Error| {
        assert!(
            matches!(e.user(), Some(UserError::ChannelNotAllowed { .. })),
            "{e:?}"
        )
    };

    // Outside the game channels every way is refused, and nothing is written.
    let before = snapshot(&pool).await;
    let plain = ChallengeRequest {
        variant: None,
        ..request("small", FirstMover::Challenger)
    };
    not_allowed(svc.invitations().challenge(&plain).await.unwrap_err());
    let vs_bot = ChallengeRequest {
        opponents: vec![this_bot(CAROL)],
        ..plain.clone()
    };
    not_allowed(svc.invitations().challenge_ai(&vs_bot).await.unwrap_err());
    not_allowed(
        svc.invitations()
            .open_lobby(&lobby_request("four"))
            .await
            .unwrap_err(),
    );
    not_allowed(svc.open_thread(at(ALICE)).await.unwrap_err());
    not_allowed(
        svc.invitations()
            .rematch(at(ALICE), old.game.id)
            .await
            .unwrap_err(),
    );
    assert_eq!(snapshot(&pool).await, before);

    // In a game channel, or a thread of one, a request that names nothing takes the server's
    // variant and time per move; what it names wins.
    let here = ChallengeRequest {
        challenger: Place::new(GUILD, games_channel).member(ALICE),
        ..plain.clone()
    };
    let made = svc.invitations().challenge(&here).await.unwrap();
    assert_eq!(made.variant, Variant::Ig10);
    assert_eq!(made.turn_timeout, chrono::TimeDelta::hours(2));
    svc.invitations().withdraw(made.id, ALICE).await.unwrap();
    let in_thread = ChallengeRequest {
        challenger: Place::new(GUILD, games_channel + 1000)
            .in_thread_of(Some(games_channel))
            .member(ALICE),
        variant: Some(variant_of("small")),
        turn_timeout: Some(timeout("1h")),
        ..plain.clone()
    };
    let made = svc.invitations().challenge(&in_thread).await.unwrap();
    assert_eq!(made.variant, Variant::Small);
    assert_eq!(made.turn_timeout, chrono::TimeDelta::hours(1));
    let started = svc
        .invitations()
        .challenge_ai(&ChallengeRequest {
            challenger: Place::new(GUILD, games_channel + 2000)
                .in_thread_of(Some(games_channel))
                .member(ALICE),
            ..vs_bot.clone()
        })
        .await
        .unwrap();
    assert_eq!(started.game.variant, Variant::Ig10);
    assert_eq!(started.game.turn_timeout, chrono::TimeDelta::hours(2));
    let lobby = svc
        .invitations()
        .open_lobby(&halma_core::service::LobbyRequest {
            host: Place::new(GUILD, games_channel + 3000)
                .in_thread_of(Some(games_channel))
                .member(ALICE),
            ..lobby_request("four")
        })
        .await
        .unwrap();
    assert_eq!(lobby.lobby.turn_timeout, chrono::TimeDelta::hours(2));
    svc.open_thread(Place::new(GUILD, games_channel).member(ALICE))
        .await
        .unwrap();
    // Once the test channel hosts games again, the rematch is made there.
    let change = SettingsChange {
        all_channels: true,
        ..SettingsChange::default()
    };
    svc.settings().apply(GUILD, true, &change).await.unwrap();
    let rematch = svc
        .invitations()
        .rematch(at(ALICE), old.game.id)
        .await
        .unwrap();
    assert!(matches!(rematch, Accepted::Waiting(_)), "{rematch:?}");
}
