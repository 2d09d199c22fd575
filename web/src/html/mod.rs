//! The HTML the server writes, in the page's language: the game page's frame (its script
//! fills in the rest), the server page, a tournament's page (`tournament.rs`), the Activity's page and the not-found page. Every text
//! from a snapshot, and every one from the Fluent files, goes through [`escape`].

mod tournament;

pub(crate) use self::tournament::tournament_page;
use crate::words;
use halma_locale::{text, Lang};
use halma_snapshot::GameSnapshot;
use halma_snapshot::ServerSnapshot;
use std::fmt::Write;

/// `text` made safe for HTML text and for attribute values in double or single quotes.
///
/// ```
/// assert_eq!(
///     halma_web::escape("<script>alert('x & y')</script>"),
///     "&lt;script&gt;alert(&#39;x &amp; y&#39;)&lt;/script&gt;"
/// );
/// ```
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

/// The start of every page, in `lang`: the pages live one folder down (`game/…`,
/// `server/…`), so the assets are one up, wherever the bot mounts the router.
pub(super) fn head(out: &mut String, lang: Lang, title: &str, script: Option<&str>) {
    let _ = write!(
        out,
        "<!doctype html>\n<html lang=\"{}\">\n<head>\n<meta charset=\"utf-8\">\n\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n\
         <link rel=\"icon\" href=\"data:,\">\n\
         <link rel=\"stylesheet\" href=\"../assets/game.css\">\n",
        lang.code()
    );
    if let Some(script) = script {
        let _ = writeln!(out, "<script src=\"../assets/{script}\" defer></script>");
    }
    let _ = writeln!(out, "<title>{} · Halma</title>\n</head>", escape(title));
}

/// A small round swatch of a seat's colour (an SVG attribute, which the style policy
/// allows where an inline style would not be).
fn swatch(colour: &str) -> String {
    format!(
        "<svg class=\"dot\" viewBox=\"0 0 2 2\" aria-hidden=\"true\">\
         <circle cx=\"1\" cy=\"1\" r=\"1\" fill=\"{}\"/></svg>",
        escape(colour)
    )
}

/// `key`'s text in `lang`, escaped for HTML.
pub(super) fn say(lang: Lang, key: &str) -> String {
    escape(&text(lang, key, &[]))
}

/// The game page in `lang`: a frame with the title, the status and the players written in,
/// which the script turns into the live board. The script's own texts, in the same
/// language, ride on the body as JSON (`data-texts`): the policy runs no inline script.
pub(crate) fn game_page(game: &GameSnapshot, lang: Lang) -> String {
    let mut out = String::with_capacity(8192);
    let title = words::title(lang, game);
    head(&mut out, lang, &title, Some("game.js"));
    let plies = game.plies.len();
    let _ = write!(
        out,
        "<body data-texts=\"{}\">\n<main class=\"game\">\n<header class=\"top\">\n\
         <h1 id=\"title\">{}</h1>\n\
         <p id=\"status\" class=\"status\">{}</p>\n\
         <p id=\"live\" class=\"live\" hidden>{}</p>\n</header>\n\
         <section class=\"board-box\">\n<svg id=\"board\" class=\"board\" data-ply=\"{plies}\" \
         role=\"img\" aria-label=\"{}\"></svg>\n</section>\n\
         <aside class=\"side\">\n<ol id=\"players\" class=\"players\">\n",
        escape(&words::json(&words::watch_texts(lang))),
        escape(&title),
        escape(&words::status_text(lang, game)),
        say(lang, "page.reconnecting"),
        say(lang, "page.board"),
    );
    for p in &game.players {
        let _ = writeln!(
            out,
            "<li data-player=\"{}\">{}<span class=\"name\">{}</span></li>",
            escape(&p.seat.to_string()),
            swatch(&p.colour),
            escape(&words::player_name(lang, p))
        );
    }
    let _ = write!(
        out,
        "</ol>\n<p id=\"clock\" class=\"clock\" hidden></p>\n\
         <div class=\"nav\" role=\"group\" aria-label=\"{}\">\n\
         <button type=\"button\" id=\"first\" aria-label=\"{}\">«</button>\n\
         <button type=\"button\" id=\"prev\" aria-label=\"{}\">‹</button>\n\
         <input type=\"range\" id=\"slider\" min=\"0\" max=\"{plies}\" value=\"{plies}\" \
         aria-label=\"{}\">\n\
         <button type=\"button\" id=\"next\" aria-label=\"{}\">›</button>\n\
         <button type=\"button\" id=\"last\" aria-label=\"{}\">»</button>\n\
         </div>\n<p id=\"plyinfo\" class=\"plyinfo\"></p>\n\
         <ol id=\"moves\" class=\"moves\"></ol>\n</aside>\n</main>\n\
         <noscript><p class=\"note\">{}</p></noscript>\n\
         </body>\n</html>\n",
        say(lang, "page.steps"),
        say(lang, "page.first"),
        say(lang, "page.previous"),
        say(lang, "page.slider"),
        say(lang, "page.next"),
        say(lang, "page.last"),
        say(lang, "page.needs_script"),
    );
    out
}

/// The server page in `lang`: leaderboards and the games being played, with links to them.
pub(crate) fn server_page(server: &ServerSnapshot, lang: Lang) -> String {
    let mut out = String::with_capacity(4096);
    head(&mut out, lang, &server.name, None);
    let _ = write!(
        out,
        "<body>\n<main class=\"server\">\n<h1>{}</h1>\n<h2>{}</h2>\n",
        escape(&server.name),
        say(lang, "page.games_now")
    );
    if server.games.is_empty() {
        let _ = writeln!(out, "<p class=\"note\">{}</p>", say(lang, "page.no_games"));
    } else {
        out.push_str("<ul class=\"games\">\n");
        for g in &server.games {
            let names: Vec<String> = g
                .players
                .iter()
                .map(|p| words::player_name(lang, p))
                .collect();
            let _ = writeln!(
                out,
                "<li><a href=\"../game/{}?lang={}\">{}</a> <span class=\"variant\">{}</span> \
                 <span class=\"who\">{}</span></li>",
                escape(&path_segment(&g.token)),
                lang.code(),
                escape(&words::versus(lang, &g.players)),
                escape(&g.variant),
                escape(&names.join(", "))
            );
        }
        out.push_str("</ul>\n");
    }
    if !server.tournaments.is_empty() {
        let _ = writeln!(
            out,
            "<h2>{}</h2>\n<ul class=\"games\">",
            say(lang, "page.tournaments")
        );
        for t in &server.tournaments {
            let kind = if t.format == "arena" {
                "page.tournament_arena"
            } else {
                "page.tournament_swiss"
            };
            let _ = writeln!(
                out,
                "<li><a href=\"../tournament/{}?lang={}\">{}</a> <span class=\"variant\">{}</span></li>",
                escape(&path_segment(&t.token)),
                lang.code(),
                escape(&t.name),
                escape(&text(lang, kind, &[("variant", t.variant.clone())])),
            );
        }
        out.push_str("</ul>\n");
    }
    for board in &server.leaderboards {
        let _ = write!(
            out,
            "<h2>{}</h2>\n<table class=\"ranks\">\n<thead><tr><th>#</th><th>{}</th>\
             <th>{}</th><th>{}</th></tr></thead>\n<tbody>\n",
            escape(&board.variant),
            say(lang, "page.column.player"),
            say(lang, "page.column.rating"),
            say(lang, "page.column.games"),
        );
        let member = text(lang, "page.member", &[]);
        for row in &board.rows {
            let _ = writeln!(
                out,
                "<tr><td>{}</td><td>{}</td><td>{:.0}</td><td>{}</td></tr>",
                row.rank,
                escape(row.name.as_deref().unwrap_or(&member)),
                row.rating,
                row.games
            );
        }
        out.push_str("</tbody>\n</table>\n");
    }
    out.push_str("</main>\n</body>\n</html>\n");
    out
}

/// The Discord Activity's page in `lang`: an empty `<main id="app">` that its script fills,
/// with the application's client id on the body for the SDK and the texts of its first
/// screens (`data-texts`), until the member's own language is known. The page lives at the
/// top of the router (`activity`), so its assets are one folder down; `mock` picks the
/// script with the SDK's mock instead of the real SDK.
pub(crate) fn activity_page(client_id: &str, mock: bool, lang: Lang) -> String {
    let script = if mock {
        "activity-mock.js"
    } else {
        "activity.js"
    };
    format!(
        "<!doctype html>\n<html lang=\"{}\">\n<head>\n<meta charset=\"utf-8\">\n\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1, viewport-fit=cover\">\n\
         <link rel=\"icon\" href=\"data:,\">\n\
         <link rel=\"stylesheet\" href=\"assets/game.css\">\n\
         <link rel=\"stylesheet\" href=\"assets/activity.css\">\n\
         <script src=\"assets/{script}\" defer></script>\n\
         <title>Halma</title>\n</head>\n\
         <body class=\"activity\" data-client-id=\"{}\" data-texts=\"{}\">\n\
         <main id=\"app\"></main>\n</body>\n</html>\n",
        lang.code(),
        escape(client_id),
        escape(&words::json(&words::activity_texts(lang)))
    )
}

/// What a page that does not exist was looked for as.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Missing {
    /// A game page.
    Game,
    /// A server page.
    Server,
    /// A tournament's page.
    Tournament,
    /// Any other page.
    Page,
}

/// The page for a game, server or page that does not exist, in `lang`.
pub(crate) fn not_found(missing: Missing, lang: Lang) -> String {
    let mut out = String::with_capacity(512);
    let heading = text(lang, "page.not_found", &[]);
    head(&mut out, lang, &heading, None);
    let why = match missing {
        Missing::Game => "page.no_such_game",
        Missing::Server => "page.no_such_server",
        Missing::Tournament => "page.no_such_tournament",
        Missing::Page => "page.no_such_page",
    };
    let _ = write!(
        out,
        "<body>\n<main class=\"missing\">\n<h1>{}</h1>\n<p>{}</p>\n</main>\n</body>\n</html>\n",
        escape(&heading),
        say(lang, why)
    );
    out
}

/// `token` percent-encoded for a URL path (tokens are plain already; this is a guard).
pub(super) fn path_segment(token: &str) -> String {
    let mut out = String::with_capacity(token.len());
    for b in token.bytes() {
        if b.is_ascii_alphanumeric() || b == b'-' || b == b'_' {
            out.push(b as char);
        } else {
            let _ = write!(out, "%{b:02X}");
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use halma::{Position, Seat, Variant};
    use halma_snapshot::Player;

    #[test]
    fn names_are_escaped_everywhere() {
        let evil = "<script>alert(1)</script>";
        let players = vec![Player::new(Seat::A, evil), Player::new(Seat::B, "\"'&")];
        let game = GameSnapshot::new(evil, &Position::start(Variant::Small), players);
        let page = game_page(&game, Lang::En);
        assert!(!page.contains(evil));
        assert!(page.contains("&lt;script&gt;alert(1)&lt;/script&gt;"));
        assert!(page.contains("&quot;&#39;&amp;"));
        assert_eq!(
            page.matches("<script").count(),
            1,
            "only the page's own script"
        );
    }

    #[test]
    fn the_status_names_the_player_to_move() {
        let players = vec![Player::new(Seat::A, "Ana"), Player::new(Seat::B, "Bo")];
        let game = GameSnapshot::new("t", &Position::start(Variant::Small), players);
        assert_eq!(words::status_text(Lang::En, &game), "Ana to move");
        let page = game_page(&game, Lang::Ru);
        assert!(page.contains("<html lang=\"ru\">"));
        assert!(page.contains(">Ходит Ana</p>"), "{page}");
        assert!(page.contains("aria-label=\"Доска\""));
    }

    #[test]
    fn the_script_texts_ride_on_the_body_as_escaped_json() {
        let players = vec![Player::new(Seat::A, "Ana"), Player::new(Seat::B, "Bo")];
        let game = GameSnapshot::new("t", &Position::start(Variant::Small), players);
        let page = game_page(&game, Lang::De);
        let at = page.find("<body data-texts=\"").expect("the texts") + 18;
        let end = at + page[at..].find('"').expect("the attribute's end");
        let json = page[at..end].replace("&quot;", "\"").replace("&amp;", "&");
        let texts: std::collections::BTreeMap<String, String> =
            serde_json::from_str(&json).expect("JSON");
        assert_eq!(texts["page-to-move"], "{name} ist am Zug");
        assert!(!page[at..end].contains(['<', '>', '"']));
    }

    #[test]
    fn the_activity_page_names_one_script_and_escapes_the_client_id() {
        let page = activity_page("12\"><script>", false, Lang::En);
        assert!(page.contains("data-client-id=\"12&quot;&gt;&lt;script&gt;\""));
        assert_eq!(page.matches("<script").count(), 1);
        assert!(page.contains("src=\"assets/activity.js\""));
        let mock = activity_page("12", true, Lang::Pl);
        assert!(mock.contains("src=\"assets/activity-mock.js\""));
        assert!(!mock.contains("assets/activity.js"));
        assert!(mock.contains("<html lang=\"pl\">"));
        assert!(mock.contains("Łączenie z Discordem…"));
        assert!(!page.contains("=\"/"), "every URL is relative");
    }

    #[test]
    fn a_missing_page_says_so_in_the_page_language() {
        let page = not_found(Missing::Game, Lang::Es);
        assert!(page.contains("<h1>No encontrado</h1>"), "{page}");
        assert!(page.contains("Esta partida no existe."));
    }

    #[test]
    fn tokens_in_links_are_encoded() {
        assert_eq!(path_segment("ab-_9"), "ab-_9");
        assert_eq!(path_segment("a/\"b"), "a%2F%22b");
    }
}
