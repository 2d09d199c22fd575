//! The texts users see, in Project Fluent files (`locale/locales/<lang>/main.ftl`, built into
//! the binary), looked up by key with variables filled from arguments; plurals follow CLDR.
//! The bot's messages and the web pages (the live game pages, the Activity) speak from the same
//! files, so a translation is made once.
//!
//! The code names a message by a dotted key such as `illegal.occupied` or
//! `game.end.resigned_team`; the Fluent files call it `illegal-occupied` and
//! `game-end-resigned-team` ([`message_id`]), since Fluent ids hold no dots. Every argument is
//! a variable of the message, `{ $square }`; a whole number goes in as a number, so a
//! translation can choose its words by the plural category (`one`, `few`, `many`, `other`)
//! that the language's CLDR rules give it.

mod catalog;
#[cfg(test)]
mod tests;

use catalog::Catalog;
use chrono::TimeDelta;
use fluent_bundle::{FluentArgs, FluentValue};

/// The prefixes of the messages that name and describe the bot's command tree: the bot's
/// commands' own test checks them, this crate's tests leave them to it.
pub const COMMAND_TREE_MESSAGES: [&str; 4] = ["cmd-", "opt-", "name-", "choice-"];

/// A language the bot speaks.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Lang {
    /// English, the default.
    En,
    /// Croatian.
    Hr,
    /// German.
    De,
    /// French.
    Fr,
    /// Spanish as spoken in Spain (`es-ES`).
    Es,
    /// Brazilian Portuguese (`pt-BR`).
    PtBr,
    /// Polish.
    Pl,
    /// Russian.
    Ru,
}

impl Lang {
    /// Every language, English first.
    pub const ALL: [Lang; 8] = [
        Lang::En,
        Lang::Hr,
        Lang::De,
        Lang::Fr,
        Lang::Es,
        Lang::PtBr,
        Lang::Pl,
        Lang::Ru,
    ];

    /// The language's code, as Discord writes its locale and as the server setting stores it:
    /// `en`, `hr`, `de`, `fr`, `es-ES`, `pt-BR`, `pl`, `ru`. It also names the folder of its
    /// Fluent file.
    pub fn code(self) -> &'static str {
        match self {
            Lang::En => "en",
            Lang::Hr => "hr",
            Lang::De => "de",
            Lang::Fr => "fr",
            Lang::Es => "es-ES",
            Lang::PtBr => "pt-BR",
            Lang::Pl => "pl",
            Lang::Ru => "ru",
        }
    }

    /// The language whose [`code`](Lang::code) is `code` (ignoring case), if the bot speaks it.
    ///
    /// ```
    /// use halma_locale::Lang;
    /// assert_eq!(Lang::from_code("pt-BR"), Some(Lang::PtBr));
    /// assert_eq!(Lang::from_code("pt"), None);
    /// ```
    pub fn from_code(code: &str) -> Option<Lang> {
        Lang::ALL
            .into_iter()
            .find(|lang| lang.code().eq_ignore_ascii_case(code))
    }

    /// The language for a Discord locale such as `hr`, `de`, `es-ES` or `en-US`, by its
    /// language part (so `es-419` is Spanish and `pt-BR` Portuguese); English for any other.
    ///
    /// ```
    /// use halma_locale::Lang;
    /// assert_eq!(Lang::from_locale("ru"), Lang::Ru);
    /// assert_eq!(Lang::from_locale("es-419"), Lang::Es);
    /// assert_eq!(Lang::from_locale("ja"), Lang::En);
    /// ```
    pub fn from_locale(locale: &str) -> Lang {
        Lang::speaking(locale).unwrap_or(Lang::En)
    }

    /// The language of a locale's language part (`es` of `es-419`), if the bot speaks it.
    fn speaking(locale: &str) -> Option<Lang> {
        let language = locale.split(['-', '_']).next().unwrap_or_default();
        Lang::ALL.into_iter().find(|lang| {
            let code = lang.code();
            let own = code.split('-').next().unwrap_or(code);
            own.eq_ignore_ascii_case(language)
        })
    }

    /// The language a browser asks for with its `Accept-Language` header: of the languages
    /// it names (`de-AT;q=0.8`, by their language part as in [`from_locale`](Lang::from_locale)),
    /// the first the bot speaks among those of the highest weight (`q`, 1 when not given);
    /// `*` stands for English. English when it names none the bot speaks, or for a malformed
    /// header; a malformed entry (a bad tag or weight) is skipped, as is one weighted 0 (not
    /// wanted). Only the first [`ACCEPT_LANGUAGE_ENTRIES`] entries are read.
    ///
    /// ```
    /// use halma_locale::Lang;
    /// assert_eq!(Lang::from_accept_language("de-DE,de;q=0.9,en;q=0.8"), Lang::De);
    /// assert_eq!(Lang::from_accept_language("ja, ru;q=0.5, en;q=0.3"), Lang::Ru);
    /// assert_eq!(Lang::from_accept_language("fr;q=0.2, pl;q=0.7"), Lang::Pl);
    /// assert_eq!(Lang::from_accept_language("ja;q=oops, <script>"), Lang::En);
    /// ```
    pub fn from_accept_language(header: &str) -> Lang {
        let mut wanted: Vec<(u16, Lang)> = header
            .split(',')
            .take(ACCEPT_LANGUAGE_ENTRIES)
            .filter_map(accepted)
            .filter(|(weight, _)| *weight > 0)
            .filter_map(|(weight, range)| {
                let lang = if range == "*" {
                    Some(Lang::En)
                } else {
                    Lang::speaking(range)
                };
                lang.map(|lang| (weight, lang))
            })
            .collect();
        // A stable sort: among equal weights the header's order decides.
        wanted.sort_by_key(|(weight, _)| std::cmp::Reverse(*weight));
        wanted.first().map_or(Lang::En, |(_, lang)| *lang)
    }

    fn catalog(self) -> &'static Catalog {
        catalog::get(self)
    }

    /// Every message id this language's file holds (Fluent ids, such as `illegal-occupied`).
    pub fn keys(self) -> impl Iterator<Item = &'static str> {
        self.catalog().ids()
    }

    /// The text for `key` with its variables unfilled (shown as `{$name}`, plurals in their
    /// default form), or `None` if this language has no such message.
    pub fn template(self, key: &str) -> Option<String> {
        self.catalog()
            .format(&message_id(key), None)
            .map(|(s, _)| s)
    }
}

/// The entries of an `Accept-Language` header that [`Lang::from_accept_language`] reads at
/// most: browsers send a handful; a longer list costs no more than this.
pub const ACCEPT_LANGUAGE_ENTRIES: usize = 32;

/// One entry of an `Accept-Language` header, `de-AT;q=0.8`: its weight in thousandths and its
/// language range, or `None` when either is malformed (RFC 9110: a range is `*` or subtags of
/// one to eight letters and digits joined by `-`, the first letters only; a weight is
/// `q=` and a number from 0 to 1 with at most three decimals).
fn accepted(entry: &str) -> Option<(u16, &str)> {
    let mut parts = entry.split(';');
    let range = parts.next()?.trim();
    let subtags_ok = range.split('-').enumerate().all(|(i, tag)| {
        (1..=8).contains(&tag.len())
            && if i == 0 {
                tag.bytes().all(|b| b.is_ascii_alphabetic())
            } else {
                tag.bytes().all(|b| b.is_ascii_alphanumeric())
            }
    });
    if range != "*" && !subtags_ok {
        return None;
    }
    let mut weight = 1000;
    for parameter in parts {
        let (name, value) = parameter.split_once('=')?;
        if name.trim().eq_ignore_ascii_case("q") {
            weight = qvalue(value.trim())?;
        }
    }
    Some((weight, range))
}

/// A weight, `0`, `0.5`, `1.000`, in thousandths; `None` unless it is one.
fn qvalue(text: &str) -> Option<u16> {
    let (whole, fraction) = text.split_once('.').unwrap_or((text, ""));
    if fraction.len() > 3 || !fraction.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let thousandths: u16 = format!("{fraction:0<3}").parse().ok()?;
    match whole {
        "0" => Some(thousandths),
        "1" if thousandths == 0 => Some(1000),
        _ => None,
    }
}

/// The Fluent id of a dotted key: dots and underscores become hyphens.
///
/// ```
/// assert_eq!(halma_locale::message_id("game.end.resigned_team"), "game-end-resigned-team");
/// ```
pub fn message_id(key: &str) -> String {
    key.replace(['.', '_'], "-")
}

/// A whole number that Fluent can hold exactly (an `f64`) goes in as a number, so plural
/// selectors see it; anything else goes in as text.
fn value(text: &str) -> FluentValue<'_> {
    const EXACT: i64 = 1 << 53;
    match text.parse::<i64>() {
        Ok(n) if n.abs() <= EXACT && n.to_string() == text => FluentValue::from(n),
        _ => FluentValue::from(text),
    }
}

fn format(lang: Lang, key: &str, args: &FluentArgs<'_>) -> String {
    let id = message_id(key);
    for (from, catalog) in [(lang, lang.catalog()), (Lang::En, Lang::En.catalog())] {
        if let Some((out, errors)) = catalog.format(&id, Some(args)) {
            if from != lang || !errors.is_empty() {
                flaw(lang, key, &format!("{errors:?}"));
            }
            return out;
        }
    }
    flaw(lang, key, "no such message");
    key.to_string()
}

/// A message the code asked for that is missing or does not format: a mistake in the code or
/// a file. A debug build (every test, of this crate and of those that use it) stops on it, as
/// on a failed `debug_assert!`; a release build logs it and shows the English text (or, with
/// none, the key) rather than nothing.
fn flaw(lang: Lang, key: &str, what: &str) {
    if cfg!(debug_assertions) {
        panic!("message {key} in {}: {what}", lang.code());
    }
    tracing::error!(
        lang = lang.code(),
        key,
        what,
        "a message is missing or broken"
    );
}

/// The text for `key` in `lang` with each argument filled into the variable of its name.
/// Falls back to English, then to the key itself, so a missing text shows up instead of
/// failing (the crate's tests make sure none is missing).
///
/// ```
/// use halma_locale::{text, Lang};
/// let args = [("square", "e12".to_string())];
/// assert_eq!(text(Lang::En, "illegal.occupied", &args), "e12 is occupied.");
/// assert_eq!(text(Lang::Hr, "illegal.occupied", &args), "Polje e12 je zauzeto.");
/// ```
pub fn text(lang: Lang, key: &str, args: &[(&str, String)]) -> String {
    let mut fluent = FluentArgs::new();
    for (name, v) in args {
        fluent.set(*name, value(v));
    }
    format(lang, key, &fluent)
}

/// The text for `key` in `lang` with each of its variables written as a blank, `{name}`, for a
/// page's script to fill in: the pages word what they learn later (a name, a move) in their
/// own language. A plural chosen by a blank takes the language's general form.
///
/// ```
/// use halma_locale::{blanks, Lang};
/// assert_eq!(blanks(Lang::En, "illegal.occupied"), "{square} is occupied.");
/// assert_eq!(blanks(Lang::De, "activity.to_move"), "{name} ist am Zug");
/// ```
pub fn blanks(lang: Lang, key: &str) -> String {
    // Every language has the variables of English (the crate's tests make sure).
    let variables = Lang::En
        .catalog()
        .variables_of(&message_id(key))
        .unwrap_or_default();
    let args: Vec<(&str, String)> = variables
        .into_iter()
        .map(|name| (name, format!("{{{name}}}")))
        .collect();
    text(lang, key, &args)
}

/// `n` with a noun in the plural form the number asks for, from the message `count.<noun>`
/// (its variable `$n`).
///
/// ```
/// use halma_locale::{count, Lang};
/// assert_eq!(count(Lang::En, "moves", 1), "1 move");
/// assert_eq!(count(Lang::En, "moves", 3), "3 moves");
/// assert_eq!(count(Lang::Hr, "games", 1), "1 partija");
/// assert_eq!(count(Lang::Hr, "games", 3), "3 partije");
/// assert_eq!(count(Lang::Hr, "games", 12), "12 partija");
/// ```
pub fn count(lang: Lang, noun: &str, n: u64) -> String {
    text(lang, &format!("count.{noun}"), &[("n", n.to_string())])
}

/// A move time in English units: `3d`, `12h`, `1h 30m` or `45s`, the way the move-time
/// options are written; [`duration_in`] writes it in a reader's language.
///
/// ```
/// use chrono::TimeDelta;
/// assert_eq!(halma_locale::duration(TimeDelta::minutes(90)), "1h 30m");
/// assert_eq!(halma_locale::duration(TimeDelta::days(1)), "1d");
/// ```
pub fn duration(d: TimeDelta) -> String {
    duration_in(Lang::En, d)
}

/// A move time in `lang`: days, hours and minutes that are not zero (seconds only under a
/// minute), each from its message (`duration.days`, …), joined by spaces.
///
/// ```
/// use chrono::TimeDelta;
/// use halma_locale::{duration_in, Lang};
/// assert_eq!(duration_in(Lang::En, TimeDelta::minutes(90)), "1h 30m");
/// assert_eq!(duration_in(Lang::Ru, TimeDelta::hours(26)), "1 д 2 ч");
/// ```
pub fn duration_in(lang: Lang, d: TimeDelta) -> String {
    let secs = d.num_seconds().max(0);
    let parts = [
        (secs / 86_400, "duration.days"),
        (secs % 86_400 / 3600, "duration.hours"),
        (secs % 3600 / 60, "duration.minutes"),
        (if secs < 60 { secs } else { 0 }, "duration.seconds"),
    ];
    let text: Vec<String> = parts
        .iter()
        .filter(|(n, _)| *n > 0)
        .map(|(n, unit)| self::text(lang, unit, &[("n", n.to_string())]))
        .collect();
    if text.is_empty() {
        self::text(lang, "duration.seconds", &[("n", "0".to_string())])
    } else {
        text.join(" ")
    }
}
