//! The nonce of a channel post that shows an announcement. Every post of one announcement
//! carries the same nonce, so Discord keeps the first and returns it for a repeat within a few
//! minutes (a post repeated after a crash, or by the outbox after a front end's post). Discord
//! takes at most 25 characters.

use crate::service::{NoticeKey, NoticeView, Outgoing};

/// The longest nonce Discord takes.
const NONCE_LEN: usize = 25;

/// The nonce of the post that shows the announcement `key` names.
pub fn of_key(key: NoticeKey) -> String {
    let (game, kind, ply, seat) = key.parts();
    // The kind's first letter, the ply and a seat take at most 13 characters; a game id too
    // long for the rest keeps its last digits, which still tell a channel's games apart.
    let seat = seat.map(|s| s.letter().to_string()).unwrap_or_default();
    let head = format!("{}{}{seat}-", &kind[..1], ply.unwrap_or(0));
    let game = game.0.to_string();
    let room = NONCE_LEN - head.len();
    format!("{head}{}", &game[game.len().saturating_sub(room)..])
}

/// The nonce of the post of an announcement taken from the outbox: its key's, or its row's
/// when it has no key (a reminder).
pub fn of_row(outgoing: &Outgoing) -> String {
    if let Some(nonce) = outgoing.view.as_ref().and_then(of_tournament) {
        return nonce;
    }
    match outgoing.view.as_ref().and_then(NoticeView::key) {
        Some(key) => of_key(key),
        None => format!("outbox-{}", outgoing.id),
    }
}

/// The nonce of a post of a tournament (and of a game's start it wrote) or of a daily
/// puzzle's announcement, the same for every
/// row that posts it: a message posted whose id was not kept (a crash between) is found again
/// instead of posted twice. Its edits carry none.
fn of_tournament(view: &NoticeView) -> Option<String> {
    let nonce = match view {
        NoticeView::Started(started) => format!("gs-{}", started.game.id),
        NoticeView::Tournament(t) => format!("ta-{}", t.tournament.id),
        NoticeView::TournamentStandings(t) => format!("ts-{}", t.tournament.id),
        NoticeView::TournamentRound(r) => format!("tr{}-{}", r.round, r.tournament.id),
        NoticeView::TournamentEnded(t) => format!("te-{}", t.tournament.id),
        NoticeView::PuzzleDaily(daily) => format!("pd-{}", daily.puzzle),
        _ => return None,
    };
    Some(nonce.chars().take(NONCE_LEN).collect())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::GameId;
    use halma::Seat;

    #[test]
    fn nonces_fit_discord_and_tell_announcements_apart() {
        let huge = GameId(i64::MAX);
        let keys = [
            NoticeKey::Move {
                game: GameId(7),
                ply: 12,
            },
            NoticeKey::Move {
                game: GameId(7),
                ply: 13,
            },
            NoticeKey::Ended { game: GameId(7) },
            NoticeKey::Left {
                game: GameId(7),
                ply: 12,
                seat: Seat::B,
            },
            NoticeKey::Left {
                game: GameId(7),
                ply: 12,
                seat: Seat::C,
            },
            NoticeKey::Move {
                game: huge,
                ply: u32::MAX,
            },
            NoticeKey::Left {
                game: huge,
                ply: u32::MAX,
                seat: Seat::D,
            },
        ];
        let nonces: Vec<String> = keys.iter().map(|k| of_key(*k)).collect();
        assert!(nonces.iter().all(|n| n.len() <= 25), "{nonces:?}");
        let distinct: std::collections::HashSet<&String> = nonces.iter().collect();
        assert_eq!(distinct.len(), nonces.len(), "{nonces:?}");
        assert_eq!(nonces[0], "m12-7");
    }
}
