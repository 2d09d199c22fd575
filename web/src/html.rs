//! The HTML the server writes: the game page's frame (its script fills in the rest), the
//! server page, and the not-found page. Every text from a snapshot goes through [`escape`].

use crate::server::ServerSnapshot;
use crate::snapshot::{GameSnapshot, Player, State};
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

/// The start of every page: the pages live one folder down (`game/…`, `server/…`), so the
/// assets are one up, wherever the bot mounts the router.
fn head(out: &mut String, title: &str, script: bool) {
    out.push_str(
        "<!doctype html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n\
         <link rel=\"icon\" href=\"data:,\">\n\
         <link rel=\"stylesheet\" href=\"../assets/game.css\">\n",
    );
    if script {
        out.push_str("<script src=\"../assets/game.js\" defer></script>\n");
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

/// A player's name, as written in the status line.
fn name_of(players: &[Player], seat: char) -> String {
    players
        .iter()
        .find(|p| p.seat == seat)
        .map_or_else(|| seat.to_string(), |p| p.name.clone())
}

/// The status line as words: whose turn, or the result.
pub(crate) fn status_text(game: &GameSnapshot) -> String {
    let status = &game.status;
    let mut text = match status.state {
        State::Playing => match game.to_move {
            Some(seat) => format!("{} to move", name_of(&game.players, seat)),
            None => "In progress".to_string(),
        },
        State::Won => {
            let names: Vec<String> = status
                .winners
                .iter()
                .map(|&s| name_of(&game.players, s))
                .collect();
            format!("Won by {}", names.join(" and "))
        }
        State::Drawn => "Drawn".to_string(),
        State::Aborted => "Aborted".to_string(),
    };
    if let (true, Some(detail)) = (status.is_over(), &status.detail) {
        let _ = write!(text, " ({detail})");
    }
    text
}

/// The game page: a frame with the title, the status and the players written in, which
/// the script turns into the live board.
pub(crate) fn game_page(game: &GameSnapshot) -> String {
    let mut out = String::with_capacity(4096);
    head(&mut out, &game.title, true);
    let plies = game.plies.len();
    let _ = write!(
        out,
        "<body>\n<main class=\"game\">\n<header class=\"top\">\n<h1 id=\"title\">{}</h1>\n\
         <p id=\"status\" class=\"status\">{}</p>\n\
         <p id=\"live\" class=\"live\" hidden>Reconnecting…</p>\n</header>\n\
         <section class=\"board-box\">\n<svg id=\"board\" class=\"board\" data-ply=\"{plies}\" \
         role=\"img\" aria-label=\"The board\"></svg>\n</section>\n\
         <aside class=\"side\">\n<ol id=\"players\" class=\"players\">\n",
        escape(&game.title),
        escape(&status_text(game)),
    );
    for p in &game.players {
        let _ = writeln!(
            out,
            "<li data-player=\"{}\">{}<span class=\"name\">{}</span></li>",
            escape(&p.seat.to_string()),
            swatch(&p.colour),
            escape(&p.name)
        );
    }
    let _ = write!(
        out,
        "</ol>\n<p id=\"clock\" class=\"clock\" hidden></p>\n\
         <div class=\"nav\" role=\"group\" aria-label=\"Step through the game\">\n\
         <button type=\"button\" id=\"first\" aria-label=\"First position\">«</button>\n\
         <button type=\"button\" id=\"prev\" aria-label=\"Back one ply\">‹</button>\n\
         <input type=\"range\" id=\"slider\" min=\"0\" max=\"{plies}\" value=\"{plies}\" \
         aria-label=\"Ply shown\">\n\
         <button type=\"button\" id=\"next\" aria-label=\"Forward one ply\">›</button>\n\
         <button type=\"button\" id=\"last\" aria-label=\"Latest position\">»</button>\n\
         </div>\n<p id=\"plyinfo\" class=\"plyinfo\"></p>\n\
         <ol id=\"moves\" class=\"moves\"></ol>\n</aside>\n</main>\n\
         <noscript><p class=\"note\">The live board needs JavaScript.</p></noscript>\n\
         </body>\n</html>\n"
    );
    out
}

/// The server page: leaderboards and the games being played, with links to them.
pub(crate) fn server_page(server: &ServerSnapshot) -> String {
    let mut out = String::with_capacity(4096);
    head(&mut out, &server.name, false);
    let _ = write!(
        out,
        "<body>\n<main class=\"server\">\n<h1>{}</h1>\n<h2>Games now</h2>\n",
        escape(&server.name)
    );
    if server.games.is_empty() {
        out.push_str("<p class=\"note\">No game is being played.</p>\n");
    } else {
        out.push_str("<ul class=\"games\">\n");
        for g in &server.games {
            let _ = writeln!(
                out,
                "<li><a href=\"../game/{}\">{}</a> <span class=\"variant\">{}</span> \
                 <span class=\"who\">{}</span></li>",
                escape(&path_segment(&g.token)),
                escape(&g.title),
                escape(&g.variant),
                escape(&g.players.join(", "))
            );
        }
        out.push_str("</ul>\n");
    }
    for board in &server.leaderboards {
        let _ = write!(
            out,
            "<h2>{}</h2>\n<table class=\"ranks\">\n<thead><tr><th>#</th><th>Player</th>\
             <th>Rating</th><th>Games</th></tr></thead>\n<tbody>\n",
            escape(&board.variant)
        );
        for row in &board.rows {
            let _ = writeln!(
                out,
                "<tr><td>{}</td><td>{}</td><td>{:.0}</td><td>{}</td></tr>",
                row.rank,
                escape(&row.name),
                row.rating,
                row.games
            );
        }
        out.push_str("</tbody>\n</table>\n");
    }
    out.push_str("</main>\n</body>\n</html>\n");
    out
}

/// The Discord Activity's page: an empty `<main id="app">` that its script fills, with the
/// application's client id on the body for the SDK. The page lives at the top of the
/// router (`activity`), so its assets are one folder down; `mock` picks the script with the
/// SDK's mock instead of the real SDK.
pub(crate) fn activity_page(client_id: &str, mock: bool) -> String {
    let script = if mock {
        "activity-mock.js"
    } else {
        "activity.js"
    };
    format!(
        "<!doctype html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1, viewport-fit=cover\">\n\
         <link rel=\"icon\" href=\"data:,\">\n\
         <link rel=\"stylesheet\" href=\"assets/game.css\">\n\
         <link rel=\"stylesheet\" href=\"assets/activity.css\">\n\
         <script src=\"assets/{script}\" defer></script>\n\
         <title>Halma</title>\n</head>\n\
         <body class=\"activity\" data-client-id=\"{}\">\n<main id=\"app\"></main>\n</body>\n</html>\n",
        escape(client_id)
    )
}

/// The page for a game or server that does not exist.
pub(crate) fn not_found(what: &str) -> String {
    let mut out = String::with_capacity(512);
    head(&mut out, "Not found", false);
    let _ = write!(
        out,
        "<body>\n<main class=\"missing\">\n<h1>Not found</h1>\n<p>There is no such {}. \
         The link may be mistyped, or the page is gone.</p>\n</main>\n</body>\n</html>\n",
        escape(what)
    );
    out
}

/// `token` percent-encoded for a URL path (tokens are plain already; this is a guard).
fn path_segment(token: &str) -> String {
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

    #[test]
    fn names_are_escaped_everywhere() {
        let evil = "<script>alert(1)</script>";
        let players = vec![Player::new(Seat::A, evil), Player::new(Seat::B, "\"'&")];
        let game = GameSnapshot::new(evil, &Position::start(Variant::Small), players);
        let page = game_page(&game);
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
        assert_eq!(status_text(&game), "Ana to move");
    }

    #[test]
    fn the_activity_page_names_one_script_and_escapes_the_client_id() {
        let page = activity_page("12\"><script>", false);
        assert!(page.contains("data-client-id=\"12&quot;&gt;&lt;script&gt;\""));
        assert_eq!(page.matches("<script").count(), 1);
        assert!(page.contains("src=\"assets/activity.js\""));
        let mock = activity_page("12", true);
        assert!(mock.contains("src=\"assets/activity-mock.js\""));
        assert!(!mock.contains("assets/activity.js"));
        assert!(!page.contains("=\"/"), "every URL is relative");
    }

    #[test]
    fn tokens_in_links_are_encoded() {
        assert_eq!(path_segment("ab-_9"), "ab-_9");
        assert_eq!(path_segment("a/\"b"), "a%2F%22b");
    }
}
