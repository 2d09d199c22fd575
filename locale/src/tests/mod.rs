//! The Fluent files checked against each other and against the code: every language has the
//! messages of English with the same variables, every key the code names exists, and no file
//! holds a message nothing uses.

use super::catalog::{self, variables, Catalog};
use super::*;
use fluent_bundle::FluentResource;
use fluent_syntax::ast;
use std::collections::{BTreeMap, BTreeSet};

mod keys;

type Messages = BTreeMap<&'static str, BTreeSet<&'static str>>;

fn messages(catalog: &Catalog) -> Messages {
    catalog
        .messages()
        .map(|m| (m.id.name, variables(m)))
        .collect()
}

/// How `other` differs from `reference`: messages missing or extra, variables that differ.
fn differences(reference: &Messages, other: &Messages) -> Vec<String> {
    let mut found = Vec::new();
    for (id, vars) in reference {
        match other.get(id) {
            None => found.push(format!("{id} is missing")),
            Some(theirs) if theirs != vars => {
                found.push(format!("{id} has variables {theirs:?}, not {vars:?}"))
            }
            Some(_) => {}
        }
    }
    for id in other.keys().filter(|id| !reference.contains_key(*id)) {
        found.push(format!("{id} is not in English"));
    }
    found
}

fn parsed(source: &'static str) -> Messages {
    let resource = fluent_syntax::parser::parse(source).unwrap_or_else(|(r, _)| r);
    resource
        .body
        .iter()
        .filter_map(|e| match e {
            ast::Entry::Message(m) => Some((m.id.name, variables(m))),
            _ => None,
        })
        .collect()
}

#[test]
fn every_file_parses_without_a_flaw() {
    for lang in Lang::ALL {
        let source = catalog::source(lang);
        let code = lang.code();
        if let Err((_, errors)) = fluent_syntax::parser::parse(source) {
            panic!("{code}: {errors:?}");
        }
        assert!(
            FluentResource::try_new(source.to_string()).is_ok(),
            "{code}"
        );
        let ids: Vec<&str> = lang.keys().collect();
        let unique: BTreeSet<&str> = ids.iter().copied().collect();
        assert_eq!(ids.len(), unique.len(), "{code} holds a message twice");
        let head: String = source.lines().take(6).collect::<Vec<_>>().join("\n");
        assert!(
            head.contains("Native speakers are welcome to correct"),
            "{code} does not invite corrections at its top"
        );
    }
}

#[test]
fn every_language_has_the_messages_of_english_with_the_same_variables() {
    let english = messages(Lang::En.catalog());
    for lang in Lang::ALL {
        let found = differences(&english, &messages(lang.catalog()));
        assert!(found.is_empty(), "{}:\n{}", lang.code(), found.join("\n"));
    }
}

#[test]
fn the_comparison_finds_a_missing_message_and_a_misspelt_variable() {
    let english = parsed("a = { $user } moves\nb = { $n ->\n [one] one\n*[other] { $n }\n}\n");
    let good = parsed("a = { $user } zieht\nb = { $n ->\n*[other] { $n }\n}\n");
    assert!(differences(&english, &good).is_empty());
    let misspelt = parsed("a = { $usr } zieht\nb = { $n ->\n*[other] { $n }\n}\n");
    assert_eq!(differences(&english, &misspelt).len(), 1);
    let missing = parsed("a = { $user } zieht\n");
    assert_eq!(differences(&english, &missing), ["b is missing"]);
}

#[test]
fn plural_forms_follow_each_language() {
    let forms = |lang: Lang, ns: &[u64]| {
        ns.iter()
            .map(|&n| count(lang, "games", n))
            .collect::<Vec<_>>()
    };
    assert_eq!(forms(Lang::En, &[1, 2]), ["1 game", "2 games"]);
    assert_eq!(
        forms(Lang::Hr, &[1, 2, 5, 11, 12, 21, 22, 25, 111]),
        [
            "1 partija",
            "2 partije",
            "5 partija",
            "11 partija",
            "12 partija",
            "21 partija",
            "22 partije",
            "25 partija",
            "111 partija"
        ]
    );
    assert_eq!(
        forms(Lang::Pl, &[1, 2, 5, 12, 22, 25]),
        ["1 gra", "2 gry", "5 gier", "12 gier", "22 gry", "25 gier"]
    );
    assert_eq!(
        forms(Lang::Ru, &[1, 3, 5, 11, 21, 24]),
        [
            "1 партия",
            "3 партии",
            "5 партий",
            "11 партий",
            "21 партия",
            "24 партии"
        ]
    );
    assert_eq!(forms(Lang::De, &[1, 2]), ["1 Partie", "2 Partien"]);
    assert_eq!(
        forms(Lang::Fr, &[0, 1, 2]),
        ["0 partie", "1 partie", "2 parties"]
    );
    assert_eq!(forms(Lang::Es, &[1, 2]), ["1 partida", "2 partidas"]);
    assert_eq!(
        forms(Lang::PtBr, &[0, 1, 2]),
        ["0 partida", "1 partida", "2 partidas"]
    );
    assert_eq!(count(Lang::Hr, "moves", 21), "21 potez");
    assert_eq!(count(Lang::Hr, "moves", 5), "5 poteza");
}

#[test]
fn durations_read_in_each_language() {
    let d = TimeDelta::hours(26) + TimeDelta::minutes(5);
    assert_eq!(duration_in(Lang::En, d), "1d 2h 5m");
    assert_eq!(duration_in(Lang::Hr, d), "1d 2h 5m");
    assert_eq!(duration_in(Lang::Ru, d), "1 д 2 ч 5 мин");
    assert_eq!(duration_in(Lang::De, d), "1 T. 2 Std. 5 Min.");
    assert_eq!(duration(TimeDelta::seconds(45)), "45s");
    assert_eq!(duration(TimeDelta::zero()), "0s");
    for lang in Lang::ALL {
        let day = duration_in(lang, TimeDelta::days(1));
        assert!(day.starts_with('1') && day.len() > 1, "{day}");
    }
}

#[test]
fn no_isolation_marks_reach_discord() {
    for lang in Lang::ALL {
        let line = text(lang, "game.your_move", &[("user", "42".to_string())]);
        assert!(line.contains("<@42>"), "{}: {line}", lang.code());
        assert!(!line.contains(['\u{2068}', '\u{2069}']));
    }
}

#[test]
fn large_numbers_stay_exact() {
    let line = text(Lang::En, "list.more", &[("count", u64::MAX.to_string())]);
    assert!(line.contains(&u64::MAX.to_string()), "{line}");
}

#[test]
fn locales_pick_the_language() {
    let cases = [
        ("hr", Lang::Hr),
        ("en-US", Lang::En),
        ("en-GB", Lang::En),
        ("de", Lang::De),
        ("fr", Lang::Fr),
        ("es-ES", Lang::Es),
        ("pt-BR", Lang::PtBr),
        ("pl", Lang::Pl),
        ("ru", Lang::Ru),
        ("ja", Lang::En),
        ("", Lang::En),
    ];
    for (locale, lang) in cases {
        assert_eq!(Lang::from_locale(locale), lang, "{locale}");
    }
    for lang in Lang::ALL {
        assert_eq!(Lang::from_code(lang.code()), Some(lang));
        assert_eq!(Lang::from_locale(lang.code()), lang);
    }
}

#[test]
fn a_template_shows_its_variables() {
    let t = Lang::En.template("illegal.occupied");
    assert_eq!(t.as_deref(), Some("{$square} is occupied."));
    assert_eq!(Lang::Ru.template("no.such.key"), None);
}

/// The board pictures draw names and labels in the renderer's one font: every letter of every
/// language must be in it (long German words, Polish and Croatian diacritics, Cyrillic).
#[test]
fn the_board_font_has_every_letter_of_every_language() {
    for lang in Lang::ALL {
        let missing: BTreeSet<char> = lang
            .keys()
            .filter_map(|id| lang.template(id))
            .flat_map(|text| text.chars().collect::<Vec<_>>())
            .filter(|c| c.is_alphanumeric() && !halma_render::font_has(*c))
            .collect();
        assert!(missing.is_empty(), "{lang:?}: the font lacks {missing:?}");
    }
}

#[test]
fn accept_language_picks_the_heaviest_language_the_bot_speaks() {
    let cases = [
        ("de", Lang::De),
        ("de-CH, fr;q=0.9", Lang::De),
        ("fr;q=0.9, de-CH", Lang::De),
        ("en-US,en;q=0.9,ru;q=0.8", Lang::En),
        ("ja,zh-Hant;q=0.9,ru;q=0.1", Lang::Ru),
        ("es-419", Lang::Es),
        ("pt-PT;q=1.000", Lang::PtBr),
        ("HR", Lang::Hr),
        (" pl ; q=0.5 ,ru;q=0.5", Lang::Pl),
        ("ru;Q=0.5, pl;q=0.4", Lang::Ru),
        ("*;q=0.9, de;q=0.8", Lang::En),
        ("de;q=0, ru;q=0.1", Lang::Ru),
        ("de;q=0.000, ru;q=0.001", Lang::Ru),
        ("ja, *;q=0.5", Lang::En),
        ("", Lang::En),
        ("ja", Lang::En),
        ("x-klingon", Lang::En),
    ];
    for (header, lang) in cases {
        assert_eq!(Lang::from_accept_language(header), lang, "{header:?}");
    }
}

#[test]
fn accept_language_skips_malformed_entries() {
    let cases = [
        "de;q=1.5, ru;q=0.5",
        "de;q=0.5555, ru;q=0.1",
        "de;q=, ru;q=0.1",
        "de;q=.5, ru;q=0.1",
        "de;q=-1, ru;q=0.1",
        "de;q, ru;q=0.1",
        "de;q=0.5;q, ru;q=0.1",
        "de_DE, ru",
        "12, ru",
        "d3, ru",
        "deutschland, ru",
        "de-, ru",
        "<script>de</script>, ru",
        "de de, ru",
        ",,, ;;; ,ru",
    ];
    for header in cases {
        assert_eq!(Lang::from_accept_language(header), Lang::Ru, "{header:?}");
    }
    for garbage in [
        "garbage;;;",
        ";q=1",
        "q=1",
        "*;q=2",
        "\u{0}de",
        "ду, ру",
        ",,,",
    ] {
        assert_eq!(Lang::from_accept_language(garbage), Lang::En, "{garbage:?}");
    }
}

#[test]
fn accept_language_reads_a_bounded_number_of_entries() {
    let before = "ja, ".repeat(ACCEPT_LANGUAGE_ENTRIES - 1);
    assert_eq!(Lang::from_accept_language(&format!("{before}de")), Lang::De);
    let past = "ja, ".repeat(ACCEPT_LANGUAGE_ENTRIES);
    assert_eq!(Lang::from_accept_language(&format!("{past}de")), Lang::En);
    let huge = "de-".repeat(100_000);
    assert_eq!(Lang::from_accept_language(&huge), Lang::En);
}

#[test]
fn blanks_name_every_variable_of_a_message() {
    assert_eq!(
        blanks(Lang::En, "illegal.unreachable"),
        "{to} cannot be reached from {from} with one step or a chain of hops."
    );
    let no_blanks = text(Lang::Hr, "game.end.ply_limit", &[]);
    assert_eq!(blanks(Lang::Hr, "game.end.ply_limit"), no_blanks);
    assert_eq!(
        blanks(Lang::En, "page.ply"),
        "Ply {n} of {total}: {name}, {move}"
    );
    assert_eq!(blanks(Lang::Ru, "page.pass"), "пас");
    for lang in Lang::ALL {
        for id in Lang::En.keys().filter(|id| id.starts_with("page-")) {
            let text = blanks(lang, id);
            let names = Lang::En.catalog().variables_of(id).unwrap_or_default();
            for name in names {
                assert!(
                    text.contains(&format!("{{{name}}}")),
                    "{id} in {}: {text}",
                    lang.code()
                );
            }
            assert!(!text.contains("{$"), "{id} in {}: {text}", lang.code());
        }
    }
}
