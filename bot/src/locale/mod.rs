//! The texts users see, one file per language ([`en`](self) and `hr`), looked up by key with
//! `{name}` placeholders filled from arguments.

mod en;
mod hr;

use chrono::TimeDelta;

/// A language the bot speaks.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Lang {
    /// English, the default.
    En,
    /// Croatian.
    Hr,
}

impl Lang {
    /// The language for a Discord locale such as `hr` or `en-US`: Croatian for `hr`, else English.
    pub fn from_locale(locale: &str) -> Lang {
        if locale.eq_ignore_ascii_case("hr") || locale.to_ascii_lowercase().starts_with("hr-") {
            Lang::Hr
        } else {
            Lang::En
        }
    }

    fn texts(self) -> &'static [(&'static str, &'static str)] {
        match self {
            Lang::En => en::TEXTS,
            Lang::Hr => hr::TEXTS,
        }
    }

    /// Every key this language has a text for.
    pub fn keys(self) -> impl Iterator<Item = &'static str> {
        self.texts().iter().map(|(k, _)| *k)
    }

    /// The plural form a number takes: `one`, `few` or `other` (the Unicode CLDR categories;
    /// English has no `few`, Croatian uses it for 2–4, 22–24, … but not 12–14).
    fn plural(self, n: u64) -> &'static str {
        match self {
            Lang::En if n == 1 => "one",
            Lang::En => "other",
            Lang::Hr => {
                let (last, last_two) = (n % 10, n % 100);
                if last == 1 && last_two != 11 {
                    "one"
                } else if (2..=4).contains(&last) && !(12..=14).contains(&last_two) {
                    "few"
                } else {
                    "other"
                }
            }
        }
    }

    /// The raw text for `key`, placeholders unfilled.
    pub fn template(self, key: &str) -> Option<&'static str> {
        self.texts()
            .iter()
            .find(|(k, _)| *k == key)
            .map(|(_, t)| *t)
    }
}

/// The text for `key` in `lang` with each `{name}` replaced by its argument. Falls back to
/// English, then to the key itself, so a missing text shows up instead of failing.
///
/// ```
/// use halma_bot::locale::{text, Lang};
/// let args = [("square", "e12".to_string())];
/// assert_eq!(text(Lang::En, "illegal.occupied", &args), "e12 is occupied.");
/// assert_eq!(text(Lang::Hr, "illegal.occupied", &args), "Polje e12 je zauzeto.");
/// ```
pub fn text(lang: Lang, key: &str, args: &[(&str, String)]) -> String {
    let template = lang
        .template(key)
        .or_else(|| Lang::En.template(key))
        .unwrap_or(key);
    let mut out = template.to_string();
    for (name, value) in args {
        out = out.replace(&format!("{{{name}}}"), value);
    }
    out
}

/// `n` with a noun in the plural form the number asks for, from the texts
/// `count.<noun>.one`, `.few` and `.other`.
///
/// ```
/// use halma_bot::locale::{count, Lang};
/// assert_eq!(count(Lang::En, "moves", 1), "1 move");
/// assert_eq!(count(Lang::En, "moves", 3), "3 moves");
/// assert_eq!(count(Lang::Hr, "games", 1), "1 partija");
/// assert_eq!(count(Lang::Hr, "games", 3), "3 partije");
/// assert_eq!(count(Lang::Hr, "games", 12), "12 partija");
/// ```
pub fn count(lang: Lang, noun: &str, n: u64) -> String {
    let key = format!("count.{noun}.{}", lang.plural(n));
    text(lang, &key, &[("n", n.to_string())])
}

/// A move time as `3d`, `12h`, `1h 30m` or `45s` (units read the same in both languages).
///
/// ```
/// use chrono::TimeDelta;
/// assert_eq!(halma_bot::locale::duration(TimeDelta::minutes(90)), "1h 30m");
/// assert_eq!(halma_bot::locale::duration(TimeDelta::days(1)), "1d");
/// ```
pub fn duration(d: TimeDelta) -> String {
    let secs = d.num_seconds().max(0);
    let parts = [
        (secs / 86_400, "d"),
        (secs % 86_400 / 3600, "h"),
        (secs % 3600 / 60, "m"),
        (if secs < 60 { secs } else { 0 }, "s"),
    ];
    let text: Vec<String> = parts
        .iter()
        .filter(|(n, _)| *n > 0)
        .map(|(n, unit)| format!("{n}{unit}"))
        .collect();
    if text.is_empty() {
        "0s".to_string()
    } else {
        text.join(" ")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::BTreeSet;

    fn placeholders(text: &str) -> BTreeSet<&str> {
        text.split('{')
            .skip(1)
            .filter_map(|rest| rest.split_once('}').map(|(name, _)| name))
            .collect()
    }

    #[test]
    fn every_key_exists_in_both_languages_with_the_same_placeholders() {
        for (a, b) in [(Lang::En, Lang::Hr), (Lang::Hr, Lang::En)] {
            for key in a.keys() {
                let other = b
                    .template(key)
                    .unwrap_or_else(|| panic!("{key} is missing in {b:?}"));
                let here = a.template(key).unwrap_or_default();
                assert_eq!(placeholders(here), placeholders(other), "{key}");
            }
        }
    }

    #[test]
    fn no_key_is_listed_twice() {
        for lang in [Lang::En, Lang::Hr] {
            let mut seen = BTreeSet::new();
            for key in lang.keys() {
                assert!(seen.insert(key), "{key} twice in {lang:?}");
            }
        }
    }

    #[test]
    fn plural_forms_follow_each_language() {
        let forms = |lang: Lang, ns: &[u64]| ns.iter().map(|&n| lang.plural(n)).collect::<Vec<_>>();
        assert_eq!(
            forms(Lang::En, &[0, 1, 2, 11, 21]),
            ["other", "one", "other", "other", "other"]
        );
        assert_eq!(
            forms(Lang::Hr, &[1, 2, 4, 5, 11, 12, 14, 21, 22, 25, 101, 111]),
            [
                "one", "few", "few", "other", "other", "other", "other", "one", "few", "other",
                "one", "other"
            ]
        );
        assert_eq!(count(Lang::Hr, "moves", 21), "21 potez");
        assert_eq!(count(Lang::Hr, "moves", 5), "5 poteza");
        assert_eq!(count(Lang::En, "games", 1), "1 game");
    }

    #[test]
    fn locales_pick_the_language() {
        assert_eq!(Lang::from_locale("hr"), Lang::Hr);
        assert_eq!(Lang::from_locale("en-US"), Lang::En);
        assert_eq!(Lang::from_locale("de"), Lang::En);
    }
}
