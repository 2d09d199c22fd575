//! Games at a table: a game being played in a channel, mirrored with the rules crate, and the
//! moves that drive it through `/halma move`.

use std::collections::HashSet;

use fake_discord::{Answer, FakeError, TestChannel, TestUser};
use halma::{Game, Move, MoveText, Options, Position, Seat, Square, Variant};
use serde_json::json;

use super::answers::{assert_game_start, assert_move_answer};
use super::E2e;
use crate::common::greedy;

impl E2e {
    /// `first` challenges `second` to `variant` in `channel` (moving first) and `second`
    /// accepts; checks the challenge and the start, and returns the game to play on.
    pub async fn start_game(
        &self,
        channel: &TestChannel,
        first: &TestUser,
        second: &TestUser,
        variant: Variant,
    ) -> Table {
        let challenge = self.challenge(first, second, channel, variant.name()).await;
        assert!(
            !challenge.ephemeral,
            "the challenge is public: {challenge:?}"
        );
        assert_eq!(
            challenge.button_labels(),
            ["Accept", "Decline", "Withdraw"],
            "the challenge's buttons: {challenge:?}"
        );
        assert!(
            challenge.content.contains(&second.mention()),
            "the challenge names the opponent: {:?}",
            challenge.content
        );
        let started = self.click(second, &challenge, "Accept").await;
        assert_game_start(&started, first, variant);
        Table::new(channel, vec![first.clone(), second.clone()], variant)
    }

    /// Alice challenges Bob to a small game in `channel` and Bob accepts: Alice moves first.
    pub async fn small_game(&self, channel: &str) -> Table {
        let (alice, bob) = (self.user("alice"), self.user("bob"));
        self.start_game(&self.channel(channel), &alice, &bob, Variant::Small)
            .await
    }

    /// Plays the greedy move at `table` (see [`E2e::play`]).
    pub async fn play_greedy(&self, table: &mut Table) -> Answer {
        let mv = table.next_move();
        self.play(table, mv).await
    }

    /// Plays `mv` for the player to move at `table` through `/halma move`, giving the whole
    /// chain as `to` (so hop chains are typed out); checks the public answer and mirrors the
    /// move.
    pub async fn play(&self, table: &mut Table, mv: Move) -> Answer {
        let to = table.typed_to(mv);
        self.play_typed(table, mv, &to).await
    }

    /// Sends `mv` for the player to move at `table` as `/halma move` (the whole chain typed)
    /// and returns what the fake got back: the answer, or why none arrived (a callback the fake
    /// was told to fail, say). Neither checks the answer nor mirrors the move.
    pub async fn send_move(&self, table: &Table, mv: Move) -> Result<Answer, FakeError> {
        let options = [
            ("from", json!(mv.from.to_string())),
            ("to", json!(table.typed_to(mv))),
        ];
        let mover = table.to_move();
        self.fake
            .slash(mover, &table.channel, "halma", "move", &options)
            .await
    }

    /// Plays `mv` at `table` with `to` typed as given (its end square, or the rest of its
    /// chain); checks the public answer and mirrors the move.
    pub async fn play_typed(&self, table: &mut Table, mv: Move, to: &str) -> Answer {
        let mover = table.to_move().clone();
        let answer = self
            .move_(&mover, &table.channel, &mv.from.to_string(), to)
            .await;
        table
            .game
            .play(&MoveText::from(mv))
            .unwrap_or_else(|e| panic!("the mirrored move {mv} is illegal: {e}"));
        assert_move_answer(&answer, table);
        answer
    }
}

/// A game being played in a channel, mirrored with the rules crate.
pub struct Table {
    /// Where it is played.
    pub channel: TestChannel,
    /// The users by seat (`a` first).
    pub seats: Vec<TestUser>,
    /// The same game in the rules crate.
    pub game: Game,
    /// Positions seen so far, which the greedy players avoid repeating.
    pub seen: HashSet<Position>,
}

impl Table {
    /// A game of `variant` from its start in `channel`, with `seats` (`a` first).
    pub fn new(channel: &TestChannel, seats: Vec<TestUser>, variant: Variant) -> Table {
        Table {
            channel: channel.clone(),
            seats,
            game: Game::new(Position::start(variant), Options::for_variant(variant)),
            seen: HashSet::new(),
        }
    }

    /// The user at `seat`.
    pub fn at(&self, seat: Seat) -> &TestUser {
        &self.seats[seat.index()]
    }

    /// The user to move.
    pub fn to_move(&self) -> &TestUser {
        self.at(self.game.position().to_move())
    }

    /// The squares `mv` passes through at this position, its start first.
    pub fn chain(&self, mv: Move) -> Vec<Square> {
        let position = self.game.position();
        position
            .chain(mv, self.game.options())
            .unwrap_or_else(|| panic!("{mv} is not legal in {position}"))
    }

    /// The chain of `mv` as written in RULES.md (`g3-e3-e5`).
    pub fn chain_text(&self, mv: Move) -> String {
        MoveText::from_squares(self.chain(mv))
            .expect("a chain")
            .to_string()
    }

    /// What `/halma move` takes as `to` for `mv`: the rest of its chain, space-separated.
    pub fn typed_to(&self, mv: Move) -> String {
        let to: Vec<String> = self.chain(mv)[1..].iter().map(Square::to_string).collect();
        to.join(" ")
    }

    /// The greedy move for the player to move, remembering the position as seen.
    pub fn next_move(&mut self) -> Move {
        self.seen.insert(self.game.position().clone());
        greedy(self.game.position(), self.game.options(), &self.seen)
    }
}
