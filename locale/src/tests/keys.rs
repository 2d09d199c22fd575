//! The keys the code names, found by scanning the bot's sources: each must exist in the
//! English file, and every English message must be named somewhere.

use super::*;
use std::path::Path;

/// The code of `src` without its comments, and its string literals: a key named only in a
/// comment does not count as used.
fn scan(src: &str) -> (String, Vec<String>) {
    let chars: Vec<char> = src.chars().collect();
    let (mut code, mut literals) = (String::with_capacity(src.len()), Vec::new());
    let mut i = 0;
    while i < chars.len() {
        match chars[i] {
            '/' if chars.get(i + 1) == Some(&'/') => {
                while i < chars.len() && chars[i] != '\n' {
                    i += 1;
                }
            }
            '"' => {
                let mut literal = String::new();
                i += 1;
                while i < chars.len() && chars[i] != '"' {
                    if chars[i] == '\\' {
                        i += 1;
                    }
                    if let Some(&c) = chars.get(i) {
                        literal.push(c);
                    }
                    i += 1;
                }
                i += 1;
                code.push('"');
                code.push_str(&literal);
                code.push('"');
                literals.push(literal);
            }
            // A character literal, so that '"' opens no string; a lifetime goes on.
            '\'' if chars.get(i + 1) == Some(&'\\') || chars.get(i + 2) == Some(&'\'') => {
                let from = if chars.get(i + 1) == Some(&'\\') {
                    i + 3
                } else {
                    i + 2
                };
                let end = (from..chars.len())
                    .find(|&j| chars[j] == '\'')
                    .unwrap_or(chars.len());
                i = end + 1;
            }
            c => {
                code.push(c);
                i += 1;
            }
        }
    }
    (code, literals)
}

/// The endings of the file names the code writes (the pages' assets, `game.js`), which are
/// shaped like keys but are none.
const FILE_ENDINGS: [&str; 4] = [".js", ".css", ".png", ".gif"];

/// A key as the code writes it: lowercase words joined by dots, such as `game.end.resigned`,
/// and not a file name.
fn looks_like_a_key(text: &str) -> bool {
    if FILE_ENDINGS.iter().any(|ending| text.ends_with(ending)) {
        return false;
    }
    let mut parts = text.split('.');
    let first_ok = parts
        .next()
        .is_some_and(|p| p.starts_with(|c: char| c.is_ascii_lowercase()));
    let rest: Vec<&str> = parts.collect();
    first_ok
        && !rest.is_empty()
        && text
            .chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_' || c == '.')
        && rest.iter().all(|p| !p.is_empty())
}

/// The nouns of `count(lang, "noun", n)` calls in `code` (comments removed): the first
/// literal before the call closes.
fn counted_nouns(code: &str) -> Vec<String> {
    code.match_indices("count(")
        .filter_map(|(at, _)| {
            let args = &code[at + "count(".len()..];
            let args = &args[..args.find(')')?];
            scan(args).1.into_iter().next()
        })
        .collect()
}

fn rust_files(dir: &Path, out: &mut Vec<std::path::PathBuf>) {
    let entries = std::fs::read_dir(dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display()));
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// The crates whose code names the texts, from the workspace's root: this one (durations),
/// the bot's crates, and the web pages.
const USERS: [&str; 7] = [
    "locale/src",
    "snapshot/src",
    "core/src",
    "discord/src",
    "activity/src",
    "bot/src",
    "web/src",
];

/// The keys the code names: key-shaped literals whose first word is a group of the English
/// file (so `error.…` counts, a file name or a token in a test does not), and `count.<noun>`
/// for each noun counted. Commands, options and choices (`cmd.…`, `opt.…`, `name.…`,
/// `choice.…`) are named by the command tree and checked by the commands' own test in the
/// bot's `discord/naming.rs`.
fn keys_used_by_code() -> BTreeMap<String, String> {
    let groups: BTreeSet<&str> = Lang::En
        .keys()
        .filter_map(|id| id.split('-').next())
        .collect();
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let mut files = Vec::new();
    for dir in USERS {
        rust_files(&root.join(dir), &mut files);
    }
    let mut used = BTreeMap::new();
    for file in files {
        // The tests name keys to test the scan, not to show them.
        if file.starts_with(root.join("locale").join("src").join("tests")) {
            continue;
        }
        let source = std::fs::read_to_string(&file).unwrap_or_default();
        let (code, literals) = scan(&source);
        let at = file
            .strip_prefix(&root)
            .unwrap_or(&file)
            .display()
            .to_string();
        for literal in literals {
            let group = literal.split('.').next().unwrap_or_default();
            if looks_like_a_key(&literal) && groups.contains(group) {
                used.insert(literal, at.clone());
            }
        }
        for noun in counted_nouns(&code) {
            used.insert(format!("count.{noun}"), at.clone());
        }
    }
    used
}

#[test]
fn every_key_the_code_names_exists_and_every_message_is_used() {
    let used = keys_used_by_code();
    assert!(used.len() > 100, "the scan found only {} keys", used.len());
    let english: BTreeSet<&str> = Lang::En.keys().collect();
    let missing: Vec<String> = used
        .iter()
        .filter(|(key, _)| !english.contains(message_id(key).as_str()))
        .map(|(key, file)| format!("{key} (in {file})"))
        .collect();
    assert!(missing.is_empty(), "no message for: {missing:?}");
    let named: BTreeSet<String> = used.keys().map(|k| message_id(k)).collect();
    let unused: Vec<&str> = english
        .iter()
        .copied()
        .filter(|id| {
            !crate::COMMAND_TREE_MESSAGES
                .iter()
                .any(|p| id.starts_with(p))
        })
        .filter(|id| !named.contains(*id))
        .collect();
    assert!(unused.is_empty(), "messages nothing uses: {unused:?}");
}

#[test]
fn the_scan_reads_literals_and_skips_comments() {
    let src = "let a = text(lang, \"game.passed\", &[]); // \"game.over\"\nlet q = '\"';\n\
               let b = count(lang, \"moves\", n); fn f<'a>(x: &'a str) {}\n\
               let c = \"say \\\"x\\\"\"; let d = '\\'';";
    let (code, literals) = scan(src);
    assert_eq!(literals, ["game.passed", "moves", "say \"x\""]);
    assert!(code.contains("fn f<'a>(x: &'a str)") && !code.contains("game.over"));
    assert_eq!(counted_nouns(&code), ["moves"]);
    assert!(counted_nouns(&scan("// count(lang, \"games\", n)").0).is_empty());
    assert!(looks_like_a_key("game.end.resigned_team"));
    assert!(!looks_like_a_key("game.js"));
    assert!(!looks_like_a_key("game"));
    assert!(!looks_like_a_key("cmd.{path}"));
}

#[test]
fn ids_map_one_to_one() {
    let keys = keys_used_by_code();
    let ids: BTreeSet<String> = keys.keys().map(|k| message_id(k)).collect();
    assert_eq!(keys.len(), ids.len());
}
