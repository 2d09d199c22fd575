//! The pages' words: which language a request asks for (a `?lang=` link parameter, else the
//! browser's `Accept-Language`, else English), the words of a snapshot (how a game ended, the
//! players without a name, the title), and the texts a page's script fills in, all from the
//! Fluent files the bot speaks from (`halma-locale`).
//!
//! Snapshots hold no words, only names and codes ([`Reason`]), so the hub keeps one of each
//! game and server for every language: each page is worded when it is served, and its script
//! is handed its texts with the page.

use axum::http::header::ACCEPT_LANGUAGE;
use axum::http::HeaderMap;
use halma_locale::{blanks, message_id, text, Lang};
use halma_snapshot::{GameSnapshot, Player, Reason, State};
use std::collections::BTreeMap;

/// The language of a page request: the `lang` parameter of its query when it is the code of
/// a language the pages speak (`de`, `pt-BR`; any other value is ignored), else the first
/// the browser's `Accept-Language` asks for that they speak ([`Lang::from_accept_language`]),
/// else English.
pub(crate) fn page_lang(query: Option<&str>, headers: &HeaderMap) -> Lang {
    query
        .and_then(asked_in_query)
        .or_else(|| {
            let header = headers.get(ACCEPT_LANGUAGE)?.to_str().ok()?;
            Some(Lang::from_accept_language(header))
        })
        .unwrap_or(Lang::En)
}

/// The language a query's first `lang` parameter names, if the pages speak it.
fn asked_in_query(query: &str) -> Option<Lang> {
    let (_, code) = query
        .split('&')
        .filter_map(|pair| pair.split_once('='))
        .find(|(name, _)| *name == "lang")?;
    Lang::from_code(code)
}

/// A player's name as the page shows it: the one the front end gave, else the page's words
/// for the bot, or for a member by their seat (`Player A`).
pub(crate) fn player_name(lang: Lang, player: &Player) -> String {
    match &player.name {
        Some(name) => name.clone(),
        None if player.bot => text(lang, "page.bot", &[]),
        None => text(
            lang,
            "page.player",
            &[("seat", player.seat.to_ascii_uppercase().to_string())],
        ),
    }
}

/// The players' names joined as a heading: `Ana vs Bo`, `Ana gegen Bo`.
pub(crate) fn versus(lang: Lang, players: &[Player]) -> String {
    let names: Vec<String> = players.iter().map(|p| player_name(lang, p)).collect();
    names.join(&text(lang, "game.versus", &[]))
}

/// A game's heading: its title, or its players joined in `lang`.
pub(crate) fn title(lang: Lang, game: &GameSnapshot) -> String {
    if game.title.is_empty() {
        versus(lang, &game.players)
    } else {
        game.title.clone()
    }
}

/// The name of the player in `seat`, or the seat's letter if nobody has it.
fn name_in(lang: Lang, game: &GameSnapshot, seat: char) -> String {
    game.players
        .iter()
        .find(|p| p.seat == seat)
        .map_or_else(|| seat.to_string(), |p| player_name(lang, p))
}

/// The status line in `lang`: whose turn, or the result and how it came (`Drawn (nobody can
/// move)`). The game page's script writes the same from the same texts.
pub(crate) fn status_text(lang: Lang, game: &GameSnapshot) -> String {
    let status = &game.status;
    let line = match status.state {
        State::Playing => match game.to_move {
            Some(seat) => text(lang, "page.to_move", &[("name", name_in(lang, game, seat))]),
            None => text(lang, "page.in_progress", &[]),
        },
        State::Won => {
            let names: Vec<String> = status
                .winners
                .iter()
                .map(|&seat| name_in(lang, game, seat))
                .collect();
            let names = names.join(&text(lang, "page.and", &[]));
            text(lang, "page.won", &[("names", names)])
        }
        State::Drawn => text(lang, "page.drawn", &[]),
        State::Aborted => text(lang, "page.aborted", &[]),
    };
    match status.reason.filter(|_| status.is_over()) {
        Some(reason) => format!("{line} ({})", text(lang, reason.key(), &[])),
        None => line,
    }
}

/// What every page that shows a snapshot words itself: how the game ended, the bot and the
/// members without a name, the players joined as a title.
const SNAPSHOT_TEXTS: [&str; 3] = ["page.bot", "page.player", "game.versus"];

/// What the game page's script writes besides: the status line, the players' tags, the ply
/// shown, the clock and the connection.
const WATCH_TEXTS: [&str; 16] = [
    "page.to_move",
    "page.in_progress",
    "page.won",
    "page.drawn",
    "page.aborted",
    "page.and",
    "page.tag.bot",
    "page.tag.left",
    "page.tag.winner",
    "page.tag.to_move",
    "page.ply",
    "page.start",
    "page.pass",
    "page.clock",
    "page.reconnecting",
    "page.disconnected",
];

/// What the Activity may show before its member has signed in: the loading screen and the
/// ways sign-in fails. Its other words come with the session, in the member's language.
const ACTIVITY_START_TEXTS: [&str; 8] = [
    "activity.loading",
    "activity.error_title",
    "activity.error_outside",
    "activity.error_authorize",
    "activity.error_sign_in",
    "activity.error_network",
    "activity.error_generic",
    "activity.retry",
];

/// The texts of `keys` in `lang`, by message id (`page.to_move` is `page-to-move`), with
/// `{name}`-style blanks for the script to fill ([`blanks`]).
fn texts<'a>(lang: Lang, keys: impl IntoIterator<Item = &'a str>) -> BTreeMap<String, String> {
    keys.into_iter()
        .map(|key| (message_id(key), blanks(lang, key)))
        .collect()
}

/// The texts in `lang` that any page showing a game's snapshot needs to word it, by message
/// id, with `{name}`-style blanks: how a game ended (`page-reason-<code>`), the bot and a
/// member without a name (`page-bot`, `page-player` with `{seat}`), the title's joint
/// (`game-versus`). The bot sends them with the Activity's other texts.
///
/// ```
/// use halma_locale::Lang;
/// let texts = halma_web::snapshot_texts(Lang::De);
/// assert_eq!(texts["page-player"], "Spieler {seat}");
/// assert_eq!(texts["page-reason-timeout"], "durch Zeitüberschreitung");
/// ```
pub fn snapshot_texts(lang: Lang) -> BTreeMap<String, String> {
    let reasons = Reason::ALL.map(Reason::key);
    texts(lang, SNAPSHOT_TEXTS.into_iter().chain(reasons))
}

/// What a board says to keyboard and screen-reader users, on the live game page and in the
/// Activity alike (`web/frontend/src/a11y-texts.js` has their English).
pub const BOARD_TEXTS: [&str; 11] = [
    "a11y.board_play",
    "a11y.board_watch",
    "a11y.square_empty",
    "a11y.movable",
    "a11y.picked",
    "a11y.destination",
    "a11y.picked_piece",
    "a11y.pick_cancelled",
    "a11y.move",
    "a11y.pass",
    "a11y.moves_log",
];

/// A board text worded once per seat, since a colour agrees with its noun: the message
/// chooses its words by `$seat`, and the page gets one text per seat (for seat `a`,
/// `a11y-square-piece-a`).
pub const SEAT_TEXT: &str = "a11y.square_piece";

/// The seats whose pieces a board may show.
pub const SEATS: [&str; 6] = ["a", "b", "c", "d", "e", "f"];

/// What a board says in `lang`, by message id, with `{name}`-style blanks: for any page that
/// shows a board.
///
/// ```
/// use halma_locale::Lang;
/// let texts = halma_web::board_texts(Lang::De);
/// assert_eq!(texts["a11y-square-piece-b"], "{square}, blauer Stein");
/// assert_eq!(texts["a11y-square-empty"], "{square}, leer");
/// ```
pub fn board_texts(lang: Lang) -> BTreeMap<String, String> {
    let mut all = texts(lang, BOARD_TEXTS);
    for seat in SEATS {
        let args = [
            ("square", "{square}".to_string()),
            ("seat", seat.to_string()),
        ];
        all.insert(
            format!("{}-{seat}", message_id(SEAT_TEXT)),
            text(lang, SEAT_TEXT, &args),
        );
    }
    all
}

/// The game page script's texts in `lang`.
pub(crate) fn watch_texts(lang: Lang) -> BTreeMap<String, String> {
    let mut all = snapshot_texts(lang);
    all.extend(texts(lang, WATCH_TEXTS));
    all.extend(board_texts(lang));
    all
}

/// The texts the Activity's page comes with, in `lang`: its first screens' and a snapshot's.
pub(crate) fn activity_texts(lang: Lang) -> BTreeMap<String, String> {
    let mut all = snapshot_texts(lang);
    all.extend(texts(lang, ACTIVITY_START_TEXTS));
    all
}

/// `texts` as JSON, for a page's `data-texts` attribute or the Activity's texts endpoint.
pub(crate) fn json(texts: &BTreeMap<String, String>) -> String {
    serde_json::to_string(texts).unwrap_or_else(|_| "{}".to_string())
}

#[cfg(test)]
mod tests {
    use super::*;
    use axum::http::HeaderValue;
    use halma::{Position, Seat, Variant};

    fn asking(accept: &str) -> HeaderMap {
        let mut headers = HeaderMap::new();
        if let Ok(value) = HeaderValue::from_str(accept) {
            headers.insert(ACCEPT_LANGUAGE, value);
        }
        headers
    }

    #[test]
    fn a_known_lang_parameter_wins_and_anything_else_is_ignored() {
        let german = asking("de-DE,de;q=0.9");
        assert_eq!(page_lang(None, &german), Lang::De);
        assert_eq!(page_lang(Some("lang=ru"), &german), Lang::Ru);
        assert_eq!(page_lang(Some("x=1&lang=pt-br"), &german), Lang::PtBr);
        for ignored in [
            "lang=xx",
            "lang=",
            "lang=de%2Dx",
            "lang=<b>",
            "lang",
            "langs=ru",
            "",
        ] {
            assert_eq!(page_lang(Some(ignored), &german), Lang::De, "{ignored}");
        }
        assert_eq!(page_lang(Some("lang=zz"), &HeaderMap::new()), Lang::En);
        assert_eq!(page_lang(None, &asking("zz, *;q=0.1")), Lang::En);
        let mut not_text = HeaderMap::new();
        not_text.insert(
            ACCEPT_LANGUAGE,
            HeaderValue::from_bytes(b"de\xff").expect("a header value"),
        );
        assert_eq!(page_lang(None, &not_text), Lang::En);
    }

    #[test]
    fn unnamed_players_and_endings_are_worded_in_the_page_language() {
        let players = vec![Player::unnamed(Seat::A), Player::the_bot(Seat::B)];
        let mut game = GameSnapshot::new("", &Position::start(Variant::Small), players);
        assert_eq!(title(Lang::En, &game), "Player A vs Halma bot");
        assert_eq!(title(Lang::Ru, &game), "Игрок A против Бот Halma");
        assert_eq!(status_text(Lang::De, &game), "Spieler A ist am Zug");
        game.status = crate::Status {
            state: State::Won,
            winners: vec!['a', 'b'],
            reason: Some(Reason::Timeout),
        };
        assert_eq!(
            status_text(Lang::En, &game),
            "Won by Player A and Halma bot (on time)"
        );
        assert_eq!(
            status_text(Lang::Fr, &game),
            "Gagnée par Joueur A et Bot Halma (au temps)"
        );
    }

    #[test]
    fn the_scripts_get_every_text_they_fill() {
        let watch = watch_texts(Lang::Pl);
        assert_eq!(watch["page-clock"], "{name}: zostało {time}");
        assert_eq!(watch["page-reason-agreement"], "za porozumieniem");
        let activity = activity_texts(Lang::Hr);
        assert_eq!(activity["activity-retry"], "Pokušaj ponovno");
        assert!(activity.contains_key("page-reason-no-moves"));
        assert!(
            watch.contains_key("a11y-square-piece-f"),
            "the board's words too"
        );
        assert!(json(&watch).starts_with("{\"a11y-board-play\":"));
    }
}
