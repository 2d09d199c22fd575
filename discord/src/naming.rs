//! The command tree in every language: each command's, option's and choice's name and
//! description come from the locale texts, with Discord's localizations for the other languages.

use super::{Data, Error};
use halma_core::locale::{text, Lang};
use std::borrow::Cow;
use std::sync::Arc;

/// Names and describes a command, its options and their choices from the locale texts, in
/// English and, as Discord's localizations, in every other language:
/// `name.command.<name>` and `cmd.<path>` for a command, `name.option.<name>` and
/// `opt.<path>.<name>` for an option, `choice.<option>.<choice>` for a choice. Discord always
/// sends the English names back, so nothing that parses an interaction changes; choices go
/// back by index, so a choice's English text is free to be more than its code.
pub(super) fn describe(command: &mut poise::Command<Arc<Data>, Error>, path: &str) {
    let key = format!("cmd.{path}");
    command.description = Some(text(Lang::En, &key, &[]).into());
    command.description_localizations = localized(&key);
    command.name_localizations = localized(&format!("name.command.{}", command.name));
    for parameter in &mut command.parameters {
        let key = format!("opt.{path}.{}", parameter.name);
        parameter.description = Some(text(Lang::En, &key, &[]).into());
        parameter.description_localizations = localized(&key);
        parameter.name_localizations = localized(&format!("name.option.{}", parameter.name));
        for choice in parameter.choices.to_mut() {
            let key = format!("choice.{}.{}", parameter.name, choice.name);
            choice.name = text(Lang::En, &key, &[]).into();
            choice.localizations = localized(&key);
        }
    }
    for sub in &mut command.subcommands {
        let sub_path = format!("{path}.{}", sub.name);
        describe(sub, &sub_path);
    }
}

/// The text of `key` in every language but English, keyed by Discord's locale code.
fn localized(key: &str) -> Cow<'static, [(Cow<'static, str>, Cow<'static, str>)]> {
    Lang::ALL
        .into_iter()
        .filter(|lang| *lang != Lang::En)
        .map(|lang| (lang.code().into(), text(lang, key, &[]).into()))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::super::commands::all;
    use super::*;
    use std::collections::BTreeSet;

    /// Whether Discord takes `name` as a command or option name: 1 to 32 letters, digits, `-`
    /// or `_`, with no capital letter.
    fn discord_name(name: &str) -> bool {
        (1..=32).contains(&name.chars().count())
            && name
                .chars()
                .all(|c| (c.is_alphanumeric() || c == '-' || c == '_') && !c.is_uppercase())
    }

    /// The text of `key` in `lang`, checked to exist; its message id goes into `used`.
    fn message(lang: Lang, key: &str, used: &mut BTreeSet<String>) -> String {
        let text = halma_core::locale::text(lang, key, &[]);
        assert_ne!(text, key, "{key} has no text in {lang:?}");
        assert!(
            Lang::En.template(key).is_some() && lang.template(key).is_some(),
            "{key} is missing in {lang:?} (a fallback to English is not enough)"
        );
        used.insert(halma_core::locale::message_id(key));
        text
    }

    /// What Discord shows in `lang` for a name with these localizations.
    fn shown<'a>(default: &'a str, localizations: &'a [(CowStr, CowStr)], lang: Lang) -> &'a str {
        localizations
            .iter()
            .find(|(locale, _)| locale == lang.code())
            .map_or(default, |(_, text)| text.as_ref())
    }

    type CowStr = Cow<'static, str>;

    /// Checks the names, descriptions and choices of `command` and its options in every
    /// language, noting the message ids it used in `used`.
    fn check(command: &poise::Command<Arc<Data>, Error>, path: &str, used: &mut BTreeSet<String>) {
        let others = Lang::ALL.len() - 1;
        assert_eq!(command.name_localizations.len(), others, "{path}");
        assert_eq!(command.description_localizations.len(), others, "{path}");
        for lang in Lang::ALL {
            let name = message(lang, &format!("name.command.{}", command.name), used);
            assert!(discord_name(&name), "{path}'s name in {lang:?}: {name:?}");
            assert_eq!(
                shown(&command.name, &command.name_localizations, lang),
                name
            );
            let described = message(lang, &format!("cmd.{path}"), used);
            assert!(
                (1..=100).contains(&described.chars().count()),
                "{path} in {lang:?}"
            );
            // Discord refuses two options or subcommands of one command with the same name.
            let mut siblings = BTreeSet::new();
            for p in &command.parameters {
                let name = message(lang, &format!("name.option.{}", p.name), used);
                assert!(
                    discord_name(&name),
                    "{path} {}'s name in {lang:?}: {name:?}",
                    p.name
                );
                assert_eq!(shown(&p.name, &p.name_localizations, lang), name);
                assert!(
                    siblings.insert(name.clone()),
                    "{path}: {name} twice in {lang:?}"
                );
                let described = message(lang, &format!("opt.{path}.{}", p.name), used);
                assert!(
                    (1..=100).contains(&described.chars().count()),
                    "{path} {}",
                    p.name
                );
                assert_eq!(p.name_localizations.len(), others);
                assert_eq!(p.description_localizations.len(), others);
                for c in p.choices.iter() {
                    let choice = shown(&c.name, &c.localizations, lang);
                    assert!((1..=100).contains(&choice.chars().count()), "{choice:?}");
                    assert_eq!(
                        c.localizations.len(),
                        others,
                        "{path} {} {}",
                        p.name,
                        c.name
                    );
                }
            }
            for sub in &command.subcommands {
                let name = shown(&sub.name, &sub.name_localizations, lang).to_owned();
                assert!(
                    siblings.insert(name.clone()),
                    "{path}: {name} twice in {lang:?}"
                );
            }
        }
        for p in &command.parameters {
            for c in p.choices.iter() {
                // The English text is the choice's own name; find its key by that text.
                let key = Lang::En
                    .keys()
                    .find(|id| {
                        id.starts_with(&format!(
                            "choice-{}-",
                            halma_core::locale::message_id(&p.name)
                        )) && halma_core::locale::text(Lang::En, id, &[]) == c.name
                    })
                    .unwrap_or_else(|| {
                        panic!("no choice message for {path} {} {}", p.name, c.name)
                    });
                used.insert(key.to_owned());
            }
        }
        for sub in &command.subcommands {
            check(sub, &format!("{path}.{}", sub.name), used);
        }
    }

    #[test]
    fn every_command_option_and_choice_is_named_and_described_in_every_language() {
        let commands = all();
        assert_eq!(commands.len(), 1);
        let mut used = BTreeSet::new();
        check(&commands[0], "halma", &mut used);
        // The locale's own test leaves these to this one: no name or description nothing uses.
        let unused: Vec<&str> = Lang::En
            .keys()
            .filter(|id| {
                halma_core::locale::COMMAND_TREE_MESSAGES
                    .iter()
                    .any(|p| id.starts_with(p))
            })
            .filter(|id| !used.contains(*id))
            .collect();
        assert!(
            unused.is_empty(),
            "names and descriptions nothing uses: {unused:?}"
        );
        let names: Vec<&str> = commands[0]
            .subcommands
            .iter()
            .map(|c| c.name.as_ref())
            .collect();
        assert_eq!(
            names,
            [
                "challenge",
                "move",
                "board",
                "resign",
                "draw",
                "history",
                "leaderboard",
                "stats",
                "replay",
                "rules",
                "abort",
                "hint",
                "games",
                "settings",
                "open",
                "notify",
                "tournament",
                "puzzle"
            ]
        );
    }

    #[test]
    fn the_name_check_follows_discords_rules() {
        assert!(discord_name("turn_timeout") && discord_name("время_хода"));
        assert!(discord_name("podpowiedź") && discord_name("opponent2"));
        assert!(!discord_name("Move") && !discord_name("two words") && !discord_name(""));
        assert!(!discord_name(&"x".repeat(33)));
    }
}
