//! Swiss standings on tournaments worked out by hand; each test writes its sums out so a
//! reader can check them.

mod common;

use common::play;
use halma_pairing::{standings, Outcome, Pair, Player, PlayerId, Points, Round, Standing};
use Outcome::{Draw, Loss, Win};

fn pts(quarters: u32) -> Points {
    Points::from_quarters(quarters)
}

/// Players with these ids and ratings; then each game `(first, second, first's outcome)`.
fn tournament(
    entrants: &[(PlayerId, i32)],
    games: &[(PlayerId, PlayerId, Outcome)],
) -> Vec<Player> {
    let mut players: Vec<Player> = entrants.iter().map(|&(id, r)| Player::new(id, r)).collect();
    for &(first, second, outcome) in games {
        play(&mut players, Pair { first, second }, outcome);
    }
    players
}

/// (id, place, points, Buchholz, Sonneborn–Berger, direct encounter), in quarter points.
fn rows(table: &[Standing]) -> Vec<(PlayerId, usize, u32, u32, u32, u32)> {
    table
        .iter()
        .map(|s| {
            (
                s.id,
                s.place,
                s.points.quarters(),
                s.buchholz.quarters(),
                s.sonneborn_berger.quarters(),
                s.direct_encounter.quarters(),
            )
        })
        .collect()
}

#[test]
fn a_round_robin_of_four_is_settled_by_sonneborn_berger() {
    // A=1, B=2, C=3, D=4, rated in that order.
    // Round 1: A beats B, C draws D.  Round 2: A draws C, B beats D.
    // Round 3: D beats A, B beats C.
    let players = tournament(
        &[(1, 1800), (2, 1700), (3, 1600), (4, 1500)],
        &[
            (1, 2, Win),
            (3, 4, Draw),
            (1, 3, Draw),
            (2, 4, Win),
            (4, 1, Win),
            (2, 3, Win),
        ],
    );
    // Points: A 1+½+0 = 1½, B 0+1+1 = 2, C ½+½+0 = 1, D ½+0+1 = 1½.
    // Buchholz (everyone met everyone, so 6 minus one's own points):
    //   A: B 2 + C 1 + D 1½ = 4½;  B: 1½ + 1½ + 1 = 4;  C: 1½ + 1½ + 2 = 5;  D: 1 + 2 + 1½ = 4½.
    // Sonneborn–Berger:
    //   A: beat B (2) + drew C (½ of 1) = 2½;  D: drew C (½) + beat A (1½) = 2;
    //   B: beat D (1½) + beat C (1) = 2½;     C: drew D (¾) + drew A (¾) = 1½.
    // A and D are level on points and Buchholz; A's 2½ beats D's 2.
    assert_eq!(
        rows(&standings(&players).unwrap()),
        [
            (2, 1, 8, 16, 10, 0),
            (1, 2, 6, 18, 10, 0),
            (4, 3, 6, 18, 8, 0),
            (3, 4, 4, 20, 6, 0),
        ]
    );
}

#[test]
fn the_direct_encounter_settles_what_the_sums_cannot() {
    // Six players, two rounds. A=3 is rated below B=2.
    //   Round 1: A beats B, Z=1 beats X=4, Y=5 beats W=6.
    //   Round 2: X beats A, B beats Y, Z draws W.
    let players = tournament(
        &[
            (1, 1900),
            (2, 1800),
            (3, 1700),
            (4, 1600),
            (5, 1500),
            (6, 1400),
        ],
        &[
            (3, 2, Win),
            (1, 4, Win),
            (5, 6, Win),
            (4, 3, Win),
            (2, 5, Win),
            (1, 6, Draw),
        ],
    );
    // Points: Z 1½; A, B, X, Y 1; W ½.
    // Buchholz: Z: X 1 + W ½ = 1½;  X: Z 1½ + A 1 = 2½;  A: B 1 + X 1 = 2;  B: A 1 + Y 1 = 2;
    //           Y: W ½ + B 1 = 1½;  W: Y 1 + Z 1½ = 2½.
    // Sonneborn–Berger: Z: beat X 1 + drew W ¼ = 1¼;  X: beat A 1;  A: beat B 1;
    //                   B: beat Y 1;  Y: beat W ½;  W: drew Z ¾.
    // A and B are level on points (1), Buchholz (2) and Sonneborn–Berger (1), and have met:
    // A won that game, so A (1 point against B) is above B (0), rating notwithstanding.
    assert_eq!(
        rows(&standings(&players).unwrap()),
        [
            (1, 1, 6, 6, 5, 0),
            (4, 2, 4, 10, 4, 0),
            (3, 3, 4, 8, 4, 4),
            (2, 4, 4, 8, 4, 0),
            (5, 5, 4, 6, 2, 0),
            (6, 6, 2, 10, 3, 0),
        ]
    );
}

#[test]
fn a_bye_is_a_point_but_adds_nothing_to_the_tiebreaks() {
    // Three players. Round 1: 1 beats 2, 3 has the bye. Round 2: 3 beats 1, 2 has the bye.
    let mut players = tournament(&[(1, 1500), (2, 1500), (3, 1500)], &[(1, 2, Win)]);
    players[2].rounds.push(Round::Bye);
    play(
        &mut players,
        Pair {
            first: 3,
            second: 1,
        },
        Win,
    );
    players[1].rounds.push(Round::Bye);
    // Points: 3: bye 1 + win 1 = 2;  1: 1;  2: bye 1.
    // Buchholz: 1: 2's 1 + 3's 2 = 3;  2: 1's 1 (the bye adds nothing) = 1;  3: 1's 1 = 1.
    // Sonneborn–Berger: 1: beat 2, 1;  2: 0;  3: beat 1, 1.
    assert_eq!(
        rows(&standings(&players).unwrap()),
        [(3, 1, 8, 4, 4, 0), (1, 2, 4, 12, 4, 0), (2, 3, 4, 4, 0, 0)]
    );
}

#[test]
fn players_level_on_everything_share_a_place() {
    // One round: 1 beats 3, 2 beats 4. 1 and 2 have one point, no Buchholz or
    // Sonneborn–Berger (their opponents scored nothing) and have not met, so the direct
    // encounter is not applied: they share first place; 3 and 4 share third.
    let players = tournament(
        &[(1, 1500), (2, 1400), (3, 1300), (4, 1200)],
        &[(1, 3, Win), (2, 4, Win)],
    );
    let table = standings(&players).unwrap();
    let places: Vec<(PlayerId, usize)> = table.iter().map(|s| (s.id, s.place)).collect();
    assert_eq!(places, [(1, 1), (2, 1), (3, 3), (4, 3)]);
    assert_eq!(table[0].points, pts(4));
}

#[test]
fn a_three_way_tie_uses_the_games_between_all_three() {
    // 1, 2, 3 each beat one of the others (a cycle) and each lost to 4; 4 beat all three.
    let players = tournament(
        &[(1, 1500), (2, 1500), (3, 1500), (4, 1500)],
        &[
            (1, 2, Win),
            (2, 3, Win),
            (3, 1, Win),
            (4, 1, Win),
            (4, 2, Win),
            (4, 3, Win),
        ],
    );
    // 1, 2, 3: one point each, Buchholz 1 + 1 + 3 = 5, Sonneborn–Berger 1; against each
    // other, one point each: still level, so they share second place.
    let table = standings(&players).unwrap();
    assert_eq!(
        rows(&table),
        [
            (4, 1, 12, 12, 12, 0),
            (1, 2, 4, 20, 4, 4),
            (2, 2, 4, 20, 4, 4),
            (3, 2, 4, 20, 4, 4),
        ]
    );
}

#[test]
fn draws_count_half_and_display_as_fractions() {
    let players = tournament(&[(1, 1500), (2, 1500)], &[(1, 2, Draw), (2, 1, Loss)]);
    // 1: draw + win = 1½; 2: ½. Sonneborn–Berger of 1: drew 2 (¼) + beat 2 (½) = ¾.
    // Buchholz of 2 counts 1's 1½ once per game: 3.
    let table = standings(&players).unwrap();
    assert_eq!(table[0].points.to_string(), "1½");
    assert_eq!(table[0].sonneborn_berger.to_string(), "¾");
    assert_eq!(table[1].buchholz, pts(12));
}
