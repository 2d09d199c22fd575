//! Messages about challenges: the invitation with its buttons, and its end.

use super::{user, Action, Button, ButtonStyle, Reply};
use crate::locale::{self, text, Lang};
use crate::service::{Challenge, ChallengeStatus};

/// The new challenge, with Accept, Decline and Withdraw buttons.
pub fn challenge_sent(lang: Lang, c: &Challenge) -> Reply {
    let mut content = text(
        lang,
        "challenge.sent",
        &[
            ("challenger", user(c.challenger)),
            ("opponent", user(c.opponent)),
            ("variant", c.variant.name().to_string()),
            ("timeout", locale::duration(c.turn_timeout)),
        ],
    );
    if c.anti_spoiling {
        content.push(' ');
        content.push_str(&text(lang, "challenge.anti_spoiling", &[]));
    }
    Reply {
        content,
        buttons: vec![
            Button {
                action: Action::Accept(c.id),
                label: text(lang, "button.accept", &[]),
                style: ButtonStyle::Success,
            },
            Button {
                action: Action::Decline(c.id),
                label: text(lang, "button.decline", &[]),
                style: ButtonStyle::Danger,
            },
            Button {
                action: Action::Withdraw(c.id),
                label: text(lang, "button.withdraw", &[]),
                style: ButtonStyle::Secondary,
            },
        ],
        pings: vec![c.opponent],
        ..Reply::default()
    }
}

/// A challenge that was declined, withdrawn or expired: the message loses its buttons.
pub fn challenge_closed(lang: Lang, c: &Challenge) -> Reply {
    let key = match c.status {
        ChallengeStatus::Declined => "challenge.declined",
        ChallengeStatus::Withdrawn => "challenge.withdrawn",
        ChallengeStatus::Expired => "challenge.expired",
        ChallengeStatus::Accepted => "challenge.accepted",
        ChallengeStatus::Pending => "challenge.sent",
    };
    Reply::text(text(
        lang,
        key,
        &[
            ("challenger", user(c.challenger)),
            ("opponent", user(c.opponent)),
            ("variant", c.variant.name().to_string()),
            ("timeout", locale::duration(c.turn_timeout)),
        ],
    ))
}
