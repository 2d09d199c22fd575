//! Discord's documented limits, checked so that a bot bug fails here as it would in production.

use std::collections::HashSet;

use serde_json::Value;

/// Checks a command set sent to `PUT .../commands`.
pub(crate) fn commands(commands: &[Value]) -> Result<(), String> {
    let mut seen = HashSet::new();
    for (i, command) in commands.iter().enumerate() {
        let at = format!("{i}");
        let kind = command.get("type").and_then(Value::as_u64).unwrap_or(1);
        let name = str_field(command, "name");
        if kind == 1 {
            check_name(&at, name)?;
            check_description(&at, str_field(command, "description"))?;
            check_localizations(&at, command)?;
        } else if name.is_empty() || name.chars().count() > 32 {
            return Err(format!("{at}.name: must be 1 to 32 characters"));
        }
        if !seen.insert((kind, name.to_owned())) {
            return Err(format!("{at}.name: command {name:?} is registered twice"));
        }
        let options = list(command, "options");
        check_options(&at, options, 0)?;
    }
    Ok(())
}

fn check_options(at: &str, options: &[Value], depth: u8) -> Result<(), String> {
    if options.len() > 25 {
        return Err(format!("{at}.options: more than 25 options"));
    }
    let mut names = HashSet::new();
    let mut optional_seen = false;
    let kinds: Vec<u64> = options
        .iter()
        .map(|o| o.get("type").and_then(Value::as_u64).unwrap_or(0))
        .collect();
    let subcommands = kinds.iter().filter(|k| matches!(k, 1 | 2)).count();
    if subcommands != 0 && subcommands != options.len() {
        return Err(format!(
            "{at}.options: subcommands cannot be mixed with other options"
        ));
    }
    for (i, (option, kind)) in options.iter().zip(kinds).enumerate() {
        let here = format!("{at}.options.{i}");
        let name = str_field(option, "name");
        check_name(&here, name)?;
        check_description(&here, str_field(option, "description"))?;
        check_localizations(&here, option)?;
        if !names.insert(name) {
            return Err(format!("{here}.name: option {name:?} appears twice"));
        }
        match kind {
            1 | 2 if depth >= 2 || (kind == 2 && depth >= 1) => {
                return Err(format!("{here}: subcommands nested too deeply"));
            }
            1 => check_options(&here, list(option, "options"), 2)?,
            2 => {
                let inner = list(option, "options");
                if inner
                    .iter()
                    .any(|o| o.get("type").and_then(Value::as_u64) != Some(1))
                {
                    return Err(format!("{here}: a group may only hold subcommands"));
                }
                check_options(&here, inner, depth + 1)?;
            }
            3..=11 => {
                let required = option
                    .get("required")
                    .and_then(Value::as_bool)
                    .unwrap_or(false);
                if required && optional_seen {
                    return Err(format!(
                        "{here}: required options must be placed before non-required options"
                    ));
                }
                optional_seen |= !required;
                let choices = list(option, "choices");
                if choices.len() > 25 {
                    return Err(format!("{here}.choices: more than 25 choices"));
                }
                let autocomplete = option
                    .get("autocomplete")
                    .and_then(Value::as_bool)
                    .unwrap_or(false);
                if autocomplete && !choices.is_empty() {
                    return Err(format!(
                        "{here}: autocomplete cannot be combined with choices"
                    ));
                }
                for (j, choice) in choices.iter().enumerate() {
                    let names = std::iter::once(("", str_field(choice, "name")))
                        .chain(localizations(choice, "name_localizations"));
                    for (locale, choice_name) in names {
                        if choice_name.is_empty() || choice_name.chars().count() > 100 {
                            return Err(format!(
                                "{here}.choices.{j}.name{locale}: must be 1 to 100 characters"
                            ));
                        }
                    }
                    check_locales(&format!("{here}.choices.{j}"), choice)?;
                }
            }
            other => return Err(format!("{here}.type: unknown option type {other}")),
        }
    }
    for locale in LOCALES {
        let mut shown = HashSet::new();
        for (i, option) in options.iter().enumerate() {
            let name = localizations(option, "name_localizations")
                .find(|(l, _)| *l == locale)
                .map_or(str_field(option, "name"), |(_, n)| n);
            if !shown.insert(name) {
                return Err(format!(
                    "{at}.options.{i}.name_localizations.{locale}: {name:?} appears twice"
                ));
            }
        }
    }
    Ok(())
}

/// The locales Discord knows.
const LOCALES: [&str; 34] = [
    "id", "da", "de", "en-GB", "en-US", "es-ES", "es-419", "fr", "hr", "it", "lt", "hu", "nl",
    "no", "pl", "pt-BR", "ro", "fi", "sv-SE", "vi", "tr", "cs", "el", "bg", "ru", "uk", "hi", "th",
    "zh-CN", "ja", "zh-TW", "ko", "he", "ar",
];

/// The `(locale, text)` pairs of a localization map such as `name_localizations`.
fn localizations<'a>(v: &'a Value, field: &str) -> impl Iterator<Item = (&'a str, &'a str)> {
    v.get(field)
        .and_then(Value::as_object)
        .into_iter()
        .flatten()
        .map(|(locale, text)| (locale.as_str(), text.as_str().unwrap_or_default()))
}

/// Refuses a localization map keyed by something that is not a Discord locale.
fn check_locales(at: &str, v: &Value) -> Result<(), String> {
    for field in ["name_localizations", "description_localizations"] {
        for (locale, _) in localizations(v, field) {
            if !LOCALES.contains(&locale) {
                return Err(format!("{at}.{field}: {locale:?} is not a Discord locale"));
            }
        }
    }
    Ok(())
}

/// Checks a command's or option's localized names and descriptions as Discord checks the
/// English ones.
fn check_localizations(at: &str, v: &Value) -> Result<(), String> {
    check_locales(at, v)?;
    for (locale, name) in localizations(v, "name_localizations") {
        check_name(&format!("{at}.name_localizations.{locale}"), name)?;
    }
    for (locale, description) in localizations(v, "description_localizations") {
        check_description(
            &format!("{at}.description_localizations.{locale}"),
            description,
        )?;
    }
    Ok(())
}

fn check_name(at: &str, name: &str) -> Result<(), String> {
    let ok_chars = name.chars().all(|c| {
        c == '-' || c == '_' || c.is_numeric() || (c.is_alphabetic() && !c.is_uppercase())
    });
    if name.is_empty() || name.chars().count() > 32 || !ok_chars {
        return Err(format!(
            "{at}.name: {name:?} must be 1 to 32 lowercase letters, digits, '-' or '_'"
        ));
    }
    Ok(())
}

fn check_description(at: &str, description: &str) -> Result<(), String> {
    let len = description.chars().count();
    if !(1..=100).contains(&len) {
        return Err(format!(
            "{at}.description: must be 1 to 100 characters, is {len}"
        ));
    }
    Ok(())
}

/// Discord's message for an empty message (error code 50006).
pub(crate) const EMPTY_MESSAGE: &str = "Cannot send an empty message";

/// Checks a message payload; `creating` also requires it not to be empty.
pub(crate) fn message(payload: &Value, has_files: bool, creating: bool) -> Result<(), String> {
    let content = str_field(payload, "content");
    if content.chars().count() > 2000 {
        return Err("content: must be 2000 or fewer characters".to_owned());
    }
    let embeds = list(payload, "embeds");
    if embeds.len() > 10 {
        return Err("embeds: at most 10 embeds".to_owned());
    }
    let mut embed_total = 0;
    for (i, embed) in embeds.iter().enumerate() {
        embed_total += check_embed(i, embed)?;
    }
    if embed_total > 6000 {
        return Err("embeds: more than 6000 characters in total".to_owned());
    }
    let rows = list(payload, "components");
    if rows.len() > 5 {
        return Err("components: at most 5 action rows".to_owned());
    }
    let mut custom_ids = HashSet::new();
    for (i, row) in rows.iter().enumerate() {
        if row.get("type").and_then(Value::as_u64) != Some(1) {
            return Err(format!(
                "components.{i}: top-level components must be action rows"
            ));
        }
        let items = list(row, "components");
        if items.is_empty() || items.len() > 5 {
            return Err(format!(
                "components.{i}: an action row holds 1 to 5 components"
            ));
        }
        for (j, item) in items.iter().enumerate() {
            let here = format!("components.{i}.components.{j}");
            if item.get("type").and_then(Value::as_u64) == Some(3) {
                if items.len() != 1 {
                    return Err(format!(
                        "components.{i}: a select menu must be alone in its action row"
                    ));
                }
                check_select(&here, item, &mut custom_ids)?;
                continue;
            }
            if item.get("type").and_then(Value::as_u64) != Some(2) {
                continue;
            }
            if str_field(item, "label").chars().count() > 80 {
                return Err(format!("{here}.label: must be 80 or fewer characters"));
            }
            let style = item.get("style").and_then(Value::as_u64).unwrap_or(0);
            if style == 5 {
                if str_field(item, "url").is_empty() {
                    return Err(format!("{here}.url: a link button needs a url"));
                }
                continue;
            }
            let custom_id = str_field(item, "custom_id");
            if custom_id.is_empty() || custom_id.chars().count() > 100 {
                return Err(format!("{here}.custom_id: must be 1 to 100 characters"));
            }
            if !custom_ids.insert(custom_id.to_owned()) {
                return Err(format!("{here}.custom_id: {custom_id:?} is used twice"));
            }
        }
    }
    let has_poll = payload.get("poll").is_some_and(|p| !p.is_null());
    let has_stickers = !list(payload, "sticker_ids").is_empty();
    if creating
        && content.is_empty()
        && embeds.is_empty()
        && rows.is_empty()
        && !has_files
        && !has_poll
        && !has_stickers
    {
        return Err(EMPTY_MESSAGE.to_owned());
    }
    Ok(())
}

/// Checks a string select menu: its custom id, 1 to 25 options with labels and values of 1 to
/// 100 characters (values unique), a placeholder of at most 150 and sane value counts.
fn check_select(here: &str, menu: &Value, custom_ids: &mut HashSet<String>) -> Result<(), String> {
    let custom_id = str_field(menu, "custom_id");
    if custom_id.is_empty() || custom_id.chars().count() > 100 {
        return Err(format!("{here}.custom_id: must be 1 to 100 characters"));
    }
    if !custom_ids.insert(custom_id.to_owned()) {
        return Err(format!("{here}.custom_id: {custom_id:?} is used twice"));
    }
    if str_field(menu, "placeholder").chars().count() > 150 {
        return Err(format!(
            "{here}.placeholder: must be 150 or fewer characters"
        ));
    }
    let options = list(menu, "options");
    if options.is_empty() || options.len() > 25 {
        return Err(format!(
            "{here}.options: a select menu holds 1 to 25 options"
        ));
    }
    let mut values = HashSet::new();
    for (k, option) in options.iter().enumerate() {
        let at = format!("{here}.options.{k}");
        for key in ["label", "value"] {
            let len = str_field(option, key).chars().count();
            if !(1..=100).contains(&len) {
                return Err(format!("{at}.{key}: must be 1 to 100 characters, is {len}"));
            }
        }
        if str_field(option, "description").chars().count() > 100 {
            return Err(format!("{at}.description: must be 100 or fewer characters"));
        }
        if !values.insert(str_field(option, "value")) {
            return Err(format!(
                "{at}.value: {:?} is used twice",
                str_field(option, "value")
            ));
        }
    }
    let count = |key: &str, default: u64| menu.get(key).and_then(Value::as_u64).unwrap_or(default);
    let (min, max) = (count("min_values", 1), count("max_values", 1));
    if min > 25 || max == 0 || max > 25 || min > max || max > options.len() as u64 {
        return Err(format!(
            "{here}: min_values {min} and max_values {max} do not fit {} options",
            options.len()
        ));
    }
    Ok(())
}

/// Checks one embed; returns how many characters it counts towards the 6000 total.
fn check_embed(i: usize, embed: &Value) -> Result<usize, String> {
    let count = |v: Option<&Value>| v.and_then(Value::as_str).map_or(0, |s| s.chars().count());
    let title = count(embed.get("title"));
    let description = count(embed.get("description"));
    let footer = count(embed.get("footer").and_then(|f| f.get("text")));
    let author = count(embed.get("author").and_then(|a| a.get("name")));
    if title > 256 {
        return Err(format!("embeds.{i}.title: must be 256 or fewer characters"));
    }
    if description > 4096 {
        return Err(format!(
            "embeds.{i}.description: must be 4096 or fewer characters"
        ));
    }
    if footer > 2048 {
        return Err(format!(
            "embeds.{i}.footer.text: must be 2048 or fewer characters"
        ));
    }
    let fields = list(embed, "fields");
    if fields.len() > 25 {
        return Err(format!("embeds.{i}.fields: at most 25 fields"));
    }
    let mut total = title + description + footer + author;
    for (j, field) in fields.iter().enumerate() {
        let name = count(field.get("name"));
        let value = count(field.get("value"));
        if name == 0 || name > 256 {
            return Err(format!(
                "embeds.{i}.fields.{j}.name: must be 1 to 256 characters"
            ));
        }
        if value == 0 || value > 1024 {
            return Err(format!(
                "embeds.{i}.fields.{j}.value: must be 1 to 1024 characters"
            ));
        }
        total += name + value;
    }
    Ok(total)
}

fn str_field<'a>(value: &'a Value, key: &str) -> &'a str {
    value.get(key).and_then(Value::as_str).unwrap_or("")
}

fn list<'a>(value: &'a Value, key: &str) -> &'a [Value] {
    value
        .get(key)
        .and_then(Value::as_array)
        .map_or(&[], Vec::as_slice)
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn command(options: Value, localized: Value) -> Vec<Value> {
        vec![json!({
            "name": "halma", "description": "Play", "type": 1,
            "name_localizations": localized,
            "options": options,
        })]
    }

    #[test]
    fn localized_names_follow_the_english_rules() {
        let sub = |name: &str, de: &str| {
            json!({"name": name, "description": "d", "type": 1,
                   "name_localizations": {"de": de}})
        };
        let good = command(
            json!([sub("move", "zug"), sub("board", "brett")]),
            json!({}),
        );
        assert_eq!(commands(&good), Ok(()));
        let capital = command(json!([sub("move", "Zug")]), json!({}));
        assert!(commands(&capital)
            .unwrap_err()
            .contains("name_localizations.de"));
        let twice = command(json!([sub("move", "zug"), sub("board", "zug")]), json!({}));
        assert!(commands(&twice).unwrap_err().contains("appears twice"));
        let unknown = command(json!([]), json!({"german": "halma"}));
        assert!(commands(&unknown)
            .unwrap_err()
            .contains("not a Discord locale"));
        let long_choice = command(
            json!([{"name": "v", "description": "d", "type": 3, "choices": [
                {"name": "a", "value": "a", "name_localizations": {"fr": "x".repeat(101)}}
            ]}]),
            json!({}),
        );
        assert!(commands(&long_choice)
            .unwrap_err()
            .contains("choices.0.name"));
    }
}
