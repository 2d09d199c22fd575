//! Messages about challenges: the invitation with its buttons, and its end.

use super::{user, Button, ButtonStyle, Reply};
use crate::clicks::Action;
use crate::locale::{self, text, Lang};
use crate::service::{ChallengeStatus, Invitation};

/// The new challenge of two players, with Accept, Decline and Withdraw buttons.
pub fn challenge_sent(lang: Lang, inv: &Invitation) -> Reply {
    let c = &inv.challenge;
    let opponent = inv.opponent();
    let mut content = text(
        lang,
        "challenge.sent",
        &[
            ("challenger", user(c.challenger)),
            ("opponent", user(opponent)),
            ("variant", c.variant.name().to_string()),
            ("timeout", locale::duration_in(lang, c.turn_timeout)),
        ],
    );
    for note in option_notes(lang, c.variant, c.anti_spoiling, c.no_parking) {
        content.push(' ');
        content.push_str(&note);
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
        pings: vec![opponent],
        ..Reply::default()
    }
}

/// A challenge that was declined, withdrawn or expired: the message loses its buttons.
pub fn challenge_closed(lang: Lang, inv: &Invitation) -> Reply {
    let c = &inv.challenge;
    if c.variant.players() > 2 {
        let (key, who) = match c.status {
            ChallengeStatus::Withdrawn => ("invite.withdrawn", c.challenger),
            ChallengeStatus::Declined => ("invite.declined", inv.opponent()),
            _ => ("invite.expired", c.challenger),
        };
        return Reply::text(text(
            lang,
            key,
            &[
                ("user", user(who)),
                ("variant", c.variant.name().to_string()),
            ],
        ));
    }
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
            ("opponent", user(inv.opponent())),
            ("variant", c.variant.name().to_string()),
            ("timeout", locale::duration_in(lang, c.turn_timeout)),
        ],
    ))
}

/// Mentions joined into one phrase: `<@1>`, `<@1> and <@2>`, `<@1>, <@2> and <@3>`.
pub(super) fn mentions(lang: Lang, users: &[u64]) -> String {
    listed(lang, users.iter().map(|&u| format!("<@{u}>")).collect())
}

/// Words joined into one phrase: `a`, `a and b`, `a, b and c`.
pub(super) fn listed(lang: Lang, all: Vec<String>) -> String {
    match all.split_last() {
        None => String::new(),
        Some((last, [])) => last.clone(),
        Some((last, rest)) => format!("{}{}{last}", rest.join(", "), text(lang, "invite.and", &[])),
    }
}

/// A challenge as its message shows it, with Accept, Decline and Withdraw buttons: for two
/// players as [`challenge_sent`]; for three or more, everyone invited, who has accepted so far
/// and who is still awaited (and pinged).
pub fn invitation(lang: Lang, inv: &Invitation) -> Reply {
    let c = &inv.challenge;
    if inv.players.len() <= 2 {
        return challenge_sent(lang, inv);
    }
    let invited: Vec<u64> = inv.players.iter().skip(1).map(|p| p.user).collect();
    let accepted: Vec<u64> = inv
        .players
        .iter()
        .filter(|p| p.accepted)
        .map(|p| p.user)
        .collect();
    let waiting: Vec<u64> = inv
        .players
        .iter()
        .filter(|p| !p.accepted)
        .map(|p| p.user)
        .collect();
    let mut lines = vec![text(
        lang,
        "invite.sent",
        &[
            ("challenger", user(c.challenger)),
            ("invitees", mentions(lang, &invited)),
            ("variant", c.variant.name().to_string()),
            ("timeout", locale::duration_in(lang, c.turn_timeout)),
        ],
    )];
    lines.extend(option_notes(lang, c.variant, c.anti_spoiling, c.no_parking));
    lines.push(text(
        lang,
        "invite.accepted",
        &[("users", mentions(lang, &accepted))],
    ));
    if !waiting.is_empty() {
        lines.push(text(
            lang,
            "invite.waiting",
            &[("users", mentions(lang, &waiting))],
        ));
    }
    let mut reply = challenge_sent(lang, inv);
    reply.content = lines.join("\n");
    reply.pings = waiting;
    reply
}

/// A challenge that `by` declined: the message loses its buttons.
pub fn challenge_declined(lang: Lang, inv: &Invitation, by: u64) -> Reply {
    let c = &inv.challenge;
    if c.variant.players() <= 2 {
        return challenge_closed(lang, inv);
    }
    Reply::text(text(
        lang,
        "invite.declined",
        &[
            ("user", user(by)),
            ("variant", c.variant.name().to_string()),
        ],
    ))
}

/// The notes on the options a game is asked with, a line each: that anti-spoiling is on, in
/// the words of the variant's board (a target camp on the square boards, a target point on
/// the star), and that the star's `no_parking` is.
pub(super) fn option_notes(
    lang: Lang,
    variant: halma::Variant,
    anti_spoiling: bool,
    no_parking: bool,
) -> Vec<String> {
    let mut notes = Vec::new();
    if anti_spoiling {
        let key = if variant.is_star() {
            "challenge.anti_spoiling_star"
        } else {
            "challenge.anti_spoiling"
        };
        notes.push(text(lang, key, &[]));
    }
    if no_parking {
        notes.push(text(lang, "challenge.no_parking", &[]));
    }
    notes
}
