//! Swiss pairing, rule by rule, on fields small enough to check by hand.

mod common;

use std::collections::HashSet;

use common::{field, play};
use halma_pairing::{
    default_rounds, pair_round, quality, Game, Outcome, Pair, Pairings, Player, PlayerId, Round,
    TournamentError,
};

fn game(opponent: PlayerId, moved_first: bool, outcome: Outcome) -> Round {
    Round::Played(Game {
        opponent,
        moved_first,
        outcome,
    })
}

fn pair(first: PlayerId, second: PlayerId) -> Pair {
    Pair { first, second }
}

fn pairs(players: &[Player], withdrawn: &[PlayerId]) -> Pairings {
    let withdrawn: HashSet<PlayerId> = withdrawn.iter().copied().collect();
    pair_round(players, &withdrawn).expect("a valid field")
}

/// Players 1..=4 who each played two games against players 5..=8, now withdrawn.
fn four_with_past(rounds: [[Round; 2]; 4]) -> Vec<Player> {
    let mut players = field(8);
    for (p, [r1, r2]) in players.iter_mut().zip(rounds) {
        p.rounds = vec![r1, r2];
    }
    players
}

#[test]
fn round_one_pairs_the_top_half_with_the_bottom_half() {
    let round = pairs(&field(8), &[]);
    // Board 1: 1 v 5, the higher-ranked player moving first; then alternating.
    assert_eq!(
        round.pairs,
        [pair(1, 5), pair(6, 2), pair(3, 7), pair(8, 4)]
    );
    assert_eq!(round.bye, None);
}

#[test]
fn winners_meet_winners_and_a_lone_winner_floats_to_the_next_group() {
    let mut players = field(6);
    // Round one was 1 v 4, 5 v 2, 3 v 6; 3 loses to 6.
    play(&mut players, pair(1, 4), Outcome::Win);
    play(&mut players, pair(5, 2), Outcome::Loss);
    play(&mut players, pair(3, 6), Outcome::Loss);
    // One point: 1, 2, 6. Nothing: 3, 4, 5. Player 6, the last of the winners, floats
    // down and meets 5 (6 has played 3; against 4 both would want to move first); 1 and
    // 2 meet, 2 moving first after moving second; 4 moves first against 3 likewise.
    let round = pairs(&players, &[]);
    assert_eq!(round.pairs, [pair(2, 1), pair(6, 5), pair(4, 3)]);
}

#[test]
fn a_floater_drops_one_score_group_not_two() {
    use Outcome::*;
    let players = four_with_past([
        [game(5, true, Win), game(6, false, Win)],  // 1: two points
        [game(7, false, Win), game(8, true, Loss)], // 2: one point
        [game(8, true, Win), game(5, false, Loss)], // 3: one point
        [game(6, false, Loss), game(7, true, Loss)], // 4: nothing
    ]);
    let round = pairs(&players, &[5, 6, 7, 8]);
    // 1 v 2 and 3 v 4, not 1 v 4 and 2 v 3: two gaps of one point, not one of two.
    let met: Vec<(PlayerId, PlayerId)> = round
        .pairs
        .iter()
        .map(|p| (p.first.min(p.second), p.first.max(p.second)))
        .collect();
    assert_eq!(met, [(1, 2), (3, 4)]);
}

#[test]
fn nobody_moves_first_three_times_in_a_row_when_avoidable() {
    use Outcome::Draw;
    let players = four_with_past([
        [game(5, true, Draw), game(6, true, Draw)],
        [game(6, true, Draw), game(5, true, Draw)],
        [game(7, false, Draw), game(8, false, Draw)],
        [game(8, false, Draw), game(7, false, Draw)],
    ]);
    // Without the rule 1 v 3 and 2 v 4 is the Dutch shape anyway; the rule decides
    // who moves first.
    let round = pairs(&players, &[5, 6, 7, 8]);
    assert_eq!(round.pairs, [pair(3, 1), pair(4, 2)]);
}

#[test]
fn the_first_move_rules_beat_the_dutch_shape() {
    use Outcome::Draw;
    // 1 and 3 both moved first twice: pairing them (the usual shape) would make one of
    // them move first a third time.
    let players = four_with_past([
        [game(5, true, Draw), game(6, true, Draw)],
        [game(6, false, Draw), game(5, false, Draw)],
        [game(7, true, Draw), game(8, true, Draw)],
        [game(8, false, Draw), game(7, false, Draw)],
    ]);
    let round = pairs(&players, &[5, 6, 7, 8]);
    for p in &round.pairs {
        assert!([2, 4].contains(&p.first), "{p:?}");
    }
}

#[test]
fn the_bye_goes_to_the_lowest_ranked_player_without_one() {
    let mut players = field(5);
    play(&mut players, pair(1, 2), Outcome::Draw);
    play(&mut players, pair(3, 4), Outcome::Draw);
    players[4].rounds.push(Round::Bye);
    // 5 leads with the bye's point but has had it; 4 is the lowest of the rest.
    assert_eq!(pairs(&players, &[]).bye, Some(4));
}

#[test]
fn with_everyone_at_zero_the_bye_goes_to_the_lowest_rating() {
    assert_eq!(pairs(&field(7), &[]).bye, Some(7));
}

#[test]
fn withdrawn_players_are_not_paired() {
    let round = pairs(&field(5), &[2, 4]);
    assert_eq!(round.pairs, [pair(1, 3)]);
    assert_eq!(round.bye, Some(5));
}

#[test]
fn a_pair_meets_again_only_when_nothing_else_is_possible() {
    let mut players = field(4);
    play(&mut players, pair(1, 3), Outcome::Win);
    play(&mut players, pair(4, 2), Outcome::Win);
    play(&mut players, pair(1, 4), Outcome::Draw);
    play(&mut players, pair(2, 3), Outcome::Draw);
    // Round three has one repeat-free pairing left, whatever the scores say.
    let round = pairs(&players, &[]);
    let mut met: Vec<(PlayerId, PlayerId)> = round
        .pairs
        .iter()
        .map(|p| (p.first.min(p.second), p.first.max(p.second)))
        .collect();
    met.sort_unstable();
    assert_eq!(met, [(1, 2), (3, 4)]);
    // After three rounds all have met: round four repeats, rather than pairing nobody.
    for p in round.pairs {
        play(&mut players, p, Outcome::Draw);
    }
    assert_eq!(pairs(&players, &[]).pairs.len(), 2);
}

#[test]
fn a_lone_player_gets_the_bye_and_an_empty_field_nothing() {
    assert_eq!(pairs(&field(1), &[]).bye, Some(1));
    assert_eq!(pairs(&field(3), &[1, 2, 3]), Pairings::default());
}

#[test]
fn the_default_length_is_log2_of_the_field_and_at_least_three() {
    let lengths: Vec<u32> = [0, 1, 2, 4, 8, 9, 16, 17, 33, 64, 65]
        .map(default_rounds)
        .to_vec();
    assert_eq!(lengths, [3, 3, 3, 3, 3, 4, 4, 5, 6, 6, 7]);
}

#[test]
fn malformed_fields_are_refused() {
    let twice = [Player::new(1, 1500), Player::new(1, 1400)];
    assert_eq!(
        pair_round(&twice, &HashSet::new()),
        Err(TournamentError::DuplicatePlayer(1))
    );
    let ghost = [Player::new(1, 1500).with_round(game(9, true, Outcome::Win))];
    assert_eq!(
        pair_round(&ghost, &HashSet::new()),
        Err(TournamentError::UnknownOpponent {
            player: 1,
            opponent: 9
        })
    );
    let selfish = [Player::new(1, 1500).with_round(game(1, true, Outcome::Win))];
    assert_eq!(
        pair_round(&selfish, &HashSet::new()).map_err(|e| e.to_string()),
        Err("player 1 is their own opponent".to_string())
    );
}

#[test]
fn quality_refuses_a_pairing_that_misplaces_someone() {
    let players = field(4);
    // (withdrawn, the games, the player misplaced): 2 twice, 3 and 4 left out, 4 withdrawn.
    let cases: [(&[PlayerId], Vec<Pair>, PlayerId); 3] = [
        (&[], vec![pair(1, 2), pair(2, 3)], 2),
        (&[], vec![pair(1, 2)], 3),
        (&[4], vec![pair(1, 2), pair(3, 4)], 4),
    ];
    for (withdrawn, games, misplaced) in cases {
        let withdrawn: HashSet<PlayerId> = withdrawn.iter().copied().collect();
        let pairing = Pairings {
            pairs: games,
            bye: None,
        };
        assert_eq!(
            quality(&players, &withdrawn, &pairing),
            Err(TournamentError::Misplaced(misplaced))
        );
    }
}
