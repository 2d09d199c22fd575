//! A tournament's page: its name, terms, where it stands and its table, written whole by the
//! server in the reader's language. Its script only fetches the page again after a change and
//! swaps in the part with the id `tournament`, so the words live here alone.

use super::{escape, head, say};
use halma_locale::{text, Lang};
use halma_snapshot::{TournamentRow, TournamentSnapshot};
use std::fmt::Write;

/// `2026-12-07T18:00:00Z` as `2026-12-07 18:00 UTC`, in a `<time>` element; anything else
/// is shown as it is.
fn time(rfc3339: &str) -> String {
    let shown = match (rfc3339.get(..10), rfc3339.get(11..16)) {
        (Some(date), Some(clock)) if rfc3339.ends_with('Z') => format!("{date} {clock} UTC"),
        _ => rfc3339.to_string(),
    };
    format!(
        "<time datetime=\"{}\">{}</time>",
        escape(rfc3339),
        escape(&shown)
    )
}

/// `key`'s text with `time` put in as HTML: the text is escaped, the time element is not.
fn say_at(lang: Lang, key: &str, at: &str) -> String {
    const BLANK: &str = "\u{1}";
    escape(&text(lang, key, &[("time", BLANK.to_string())])).replace(BLANK, &time(at))
}

/// The lines under the title: the format and variant, then where it stands.
fn status(t: &TournamentSnapshot, lang: Lang) -> Vec<String> {
    let arena = t.format == "arena";
    let kind = if arena {
        "page.tournament_arena"
    } else {
        "page.tournament_swiss"
    };
    let mut lines = vec![escape(&text(lang, kind, &[("variant", t.variant.clone())]))];
    match t.status.as_str() {
        "open" => lines.push(say_at(lang, "page.tournament_starts", &t.starts_at)),
        "running" => match (arena, &t.ends_at, t.rounds) {
            (true, Some(end), _) => lines.push(say_at(lang, "page.tournament_ends", end)),
            (false, _, Some(rounds)) if t.round > 0 => lines.push(escape(&text(
                lang,
                "page.tournament_round",
                &[
                    ("round", t.round.to_string()),
                    ("rounds", rounds.to_string()),
                ],
            ))),
            _ => lines.push(say(lang, "page.tournament_under_way")),
        },
        "finished" => lines.push(say(lang, "page.tournament_finished")),
        _ => lines.push(say(lang, "page.tournament_cancelled")),
    }
    lines
}

fn row(out: &mut String, r: &TournamentRow, arena: bool, withdrew: &str) {
    let _ = write!(
        out,
        "<tr{}><td>{}</td><td>{}{}</td><td>{}</td>",
        if r.withdrawn {
            " class=\"withdrawn\""
        } else {
            ""
        },
        r.place,
        escape(&r.name),
        if r.withdrawn {
            format!(" <span class=\"tag\">{withdrew}</span>")
        } else {
            String::new()
        },
        escape(&r.points),
    );
    if arena {
        let flame = if r.streak >= 2 { "🔥" } else { "" };
        let _ = write!(out, "<td>{}{flame}</td>", r.streak);
    } else {
        for tiebreak in &r.tiebreaks {
            let _ = write!(out, "<td>{}</td>", escape(tiebreak));
        }
    }
    let _ = writeln!(out, "<td>{}</td></tr>", r.games);
}

/// The tournament's page in `lang`.
pub(crate) fn tournament_page(t: &TournamentSnapshot, lang: Lang) -> String {
    let mut out = String::with_capacity(4096 + 128 * t.rows.len());
    head(&mut out, lang, &t.name, Some("tournament.js"));
    let _ = write!(
        out,
        "<body>\n<main class=\"server\">\n<p id=\"live\" class=\"live\" hidden>{}</p>\n\
         <section id=\"tournament\">\n<h1>{}</h1>\n",
        say(lang, "page.reconnecting"),
        escape(&t.name),
    );
    for line in status(t, lang) {
        let _ = writeln!(out, "<p class=\"status\">{line}</p>");
    }
    if t.rows.is_empty() {
        let _ = writeln!(
            out,
            "<p class=\"note\">{}</p>",
            say(lang, "page.tournament_no_players")
        );
    } else {
        let arena = t.format == "arena";
        let _ = write!(
            out,
            "<table class=\"ranks standings\">\n<thead><tr><th>#</th><th>{}</th><th>{}</th>",
            say(lang, "page.column.player"),
            say(lang, "page.column.points"),
        );
        if arena {
            let _ = write!(out, "<th>{}</th>", say(lang, "page.column.streak"));
        } else {
            let _ = write!(
                out,
                "<th>{}</th><th>{}</th>",
                say(lang, "page.column.buchholz"),
                say(lang, "page.column.sonneborn_berger"),
            );
        }
        let _ = writeln!(
            out,
            "<th>{}</th></tr></thead>\n<tbody>",
            say(lang, "page.column.games")
        );
        let withdrew = say(lang, "page.tournament_withdrew");
        for r in &t.rows {
            row(&mut out, r, arena, &withdrew);
        }
        out.push_str("</tbody>\n</table>\n");
    }
    out.push_str("</section>\n</main>\n</body>\n</html>\n");
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn swiss() -> TournamentSnapshot {
        TournamentSnapshot {
            name: "<b>Friday</b>".into(),
            format: "swiss".into(),
            variant: "standard".into(),
            status: "running".into(),
            round: 2,
            rounds: Some(3),
            starts_at: "2026-12-07T18:00:00Z".into(),
            ends_at: None,
            rows: vec![
                TournamentRow {
                    place: 1,
                    name: "Ana & <i>co</i>".into(),
                    points: "1½".into(),
                    tiebreaks: vec!["2".into(), "1¼".into()],
                    games: 2,
                    streak: 0,
                    withdrawn: false,
                },
                TournamentRow {
                    place: 2,
                    name: "Bo".into(),
                    points: "½".into(),
                    tiebreaks: vec!["1½".into(), "¼".into()],
                    games: 2,
                    streak: 0,
                    withdrawn: true,
                },
            ],
        }
    }

    #[test]
    fn the_table_is_written_in_the_page_language_with_names_escaped() {
        let page = tournament_page(&swiss(), Lang::De);
        assert!(page.contains("<html lang=\"de\">"));
        assert!(
            page.contains("<h1>&lt;b&gt;Friday&lt;/b&gt;</h1>"),
            "{page}"
        );
        assert!(page.contains("Runde 2 von 3."), "{page}");
        assert!(page.contains("<td>Ana &amp; &lt;i&gt;co&lt;/i&gt;</td><td>1½</td><td>2</td>"));
        assert!(page.contains("Bo <span class=\"tag\">zurückgezogen</span>"));
        assert_eq!(page.matches("<script").count(), 1, "only its own script");
        assert!(page.contains("src=\"../assets/tournament.js\""));
    }

    #[test]
    fn an_arena_shows_streaks_and_its_end() {
        let mut arena = swiss();
        arena.format = "arena".into();
        arena.ends_at = Some("2026-12-07T19:00:00Z".into());
        arena.rows[0].streak = 2;
        let page = tournament_page(&arena, Lang::En);
        assert!(page.contains("Arena · standard"));
        assert!(page.contains(
            "Ends at <time datetime=\"2026-12-07T19:00:00Z\">2026-12-07 19:00 UTC</time>."
        ));
        assert!(page.contains("<td>2🔥</td>"));
        assert!(!page.contains("Buchholz"));
    }

    #[test]
    fn an_open_tournament_says_when_it_starts() {
        let mut open = swiss();
        open.status = "open".into();
        open.rows.clear();
        let page = tournament_page(&open, Lang::Fr);
        assert!(page.contains("Commence à <time"), "{page}");
        assert!(page.contains("Pas encore de joueurs."));
    }
}
