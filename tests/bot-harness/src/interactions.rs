//! Acting as Discord users on a [`World`]: slash commands, challenges, button clicks.

use std::time::Duration;

use fake_discord::{Answer, TestChannel, TestUser};
use serde_json::{json, Value};

use crate::world::World;

/// How long the bot may take to answer one interaction. Generous: two cores run several bots,
/// their board renders and PostgreSQL at once, and a failure shows what was waited for.
pub const ANSWER_TIMEOUT: Duration = Duration::from_secs(20);
/// The English apology for an internal error; a refusal must never be this.
pub const APOLOGY: &str = "Something went wrong on our side";

impl World {
    /// `/halma <sub> <options>` as `user` in `channel`; the complete answer.
    pub async fn halma(
        &self,
        user: &TestUser,
        channel: &TestChannel,
        sub: &str,
        options: &[(&str, Value)],
    ) -> Answer {
        self.fake
            .slash(user, channel, "halma", sub, options)
            .await
            .unwrap_or_else(|e| panic!("/halma {sub} by {}: {e}", user.name))
    }

    /// `/halma move from to` as `user` in `channel`.
    pub async fn move_(
        &self,
        user: &TestUser,
        channel: &TestChannel,
        from: &str,
        to: &str,
    ) -> Answer {
        self.halma(
            user,
            channel,
            "move",
            &[("from", json!(from)), ("to", json!(to))],
        )
        .await
    }

    /// `challenger` challenges `opponent` in `channel` to `variant`, moving first. A challenge
    /// that was made is returned once the bot has also recorded its message id (it does so
    /// right after answering), so later snapshots of the database do not race with that write.
    pub async fn challenge(
        &self,
        challenger: &TestUser,
        opponent: &TestUser,
        channel: &TestChannel,
        variant: &str,
    ) -> Answer {
        let answer = self
            .halma(
                challenger,
                channel,
                "challenge",
                &[
                    ("opponent", opponent.option_value()),
                    ("variant", json!(variant)),
                    ("first", json!("me")),
                ],
            )
            .await;
        if let (false, Some(message)) = (answer.ephemeral, answer.message_id) {
            self.wait_challenge_recorded(message).await;
        }
        answer
    }

    /// Waits (bounded) until a challenge in the database names `message` as its message.
    pub async fn wait_challenge_recorded(&self, message: u64) {
        let recorded = async {
            loop {
                let found: Option<i64> =
                    sqlx::query_scalar("SELECT id FROM challenges WHERE message_id = $1")
                        .bind(message as i64)
                        .fetch_optional(&self.db.pool)
                        .await
                        .expect("read the challenges");
                if found.is_some() {
                    return;
                }
                tokio::time::sleep(Duration::from_millis(20)).await;
            }
        };
        tokio::time::timeout(ANSWER_TIMEOUT, recorded)
            .await
            .unwrap_or_else(|_| {
                panic!("the bot never recorded message {message} as a challenge's")
            });
    }

    /// Clicks the button labelled `label` on `message` as `user`.
    pub async fn click(&self, user: &TestUser, message: &Answer, label: &str) -> Answer {
        self.fake
            .click(user, message, label)
            .await
            .unwrap_or_else(|e| panic!("{} clicks {label}: {e}", user.name))
    }
}
