//! Reading a typed line: which command it is, and a subcommand's words as its options, named
//! and ordered as on Discord.

use halma_core::present::Reply;
use std::collections::BTreeMap;

/// What a line asked for.
#[derive(Debug, PartialEq, Eq)]
pub(super) enum Line {
    Empty,
    Help,
    Quit,
    As(String),
    /// `/lang CODE`: answer in that language from now on (`None`: name the languages).
    Lang(Option<String>),
    Click(String, i64),
    /// A number: the option of the open move picker to take.
    Pick(usize),
    Halma(String, Vec<String>),
    Unknown(String),
}

/// What `line` asks for.
pub(super) fn parse(line: &str) -> Line {
    let words: Vec<&str> = line.split_whitespace().collect();
    match words.as_slice() {
        [] => Line::Empty,
        ["/help"] | ["help"] => Line::Help,
        ["/quit"] | ["/exit"] | ["quit"] | ["exit"] => Line::Quit,
        [number] if number.bytes().all(|b| b.is_ascii_digit()) => match number.parse() {
            Ok(n) => Line::Pick(n),
            Err(_) => Line::Unknown(line.to_string()),
        },
        ["/as", name] => Line::As(name.trim_start_matches('@').to_lowercase()),
        ["/lang"] => Line::Lang(None),
        ["/lang", code] => Line::Lang(Some(code.to_string())),
        ["/click", verb, id] => match id.parse() {
            Ok(id) => Line::Click(verb.to_lowercase(), id),
            Err(_) => Line::Unknown(line.to_string()),
        },
        ["/halma", sub, rest @ ..] => Line::Halma(
            sub.to_lowercase(),
            rest.iter().map(|s| s.to_string()).collect(),
        ),
        _ => Line::Unknown(line.to_string()),
    }
}

/// The commands, as `/help` shows them.
pub(super) const HELP: &str = "\
Commands (as on Discord, typed here; options as name:value or in Discord's order):
  /as NAME                      play as the local user NAME (created on first use)
  /lang CODE                    answer in that language: en, hr, de, fr, es-ES, pt-BR, pl, ru
  /halma challenge opponent:@NAME [variant:standard|ig10|small|star2] [first:me|opponent|random]
                   [anti_spoiling:true|false] [no_parking:true|false] [turn_timeout:12h]
                   (no_parking, on the star only: no move may end in a point that is neither
                   the mover's home nor their target)
  /halma challenge opponent:@bot [level:easy|medium|hard]   play against the bot at once
  /halma challenge @bob four-teams opponent2:@carol opponent3:@dave   a game of four; everyone
                   invited accepts (the bot too may be one of them: it accepts at once);
                   star6 takes opponent2 to opponent5
  /halma open [variant:four|star6|...] [turn_timeout:12h] [anti_spoiling:false] [no_parking:false]
              [seats:join-order|random] [level:medium]   a lobby others join with /click join ID
  /click VERB ID                click a button (messages list theirs), e.g. /click accept 1,
                                /click join 1, /click start 1, /click addbot 1
  /click move ID, then NUMBER   pick a move from numbered lists instead of typing squares
  /halma move from:FROM to:TO   e.g. /halma move m3 k5, or a chain: /halma move m3 k5 m7
  /halma leaderboard [variant:NAME] | stats [player:@NAME]
  /halma board | history | hint | resign | draw | abort | replay | rules
  /halma notify [dm:on|off]     a direct message when it is your move (printed here as
                                \"(DM to NAME) ...\"), in games with an hour or more per move
  /halma puzzle start [crossing|chain] [star2|small|ig10|standard]   a puzzle of your own;
                   /halma puzzle daily | board | giveup | leaderboard; play it with
                   /halma move (the crossing waits for its par the first time)
  /quit";

/// The options a subcommand takes, named and ordered as on Discord. The last option of `move`
/// takes the rest of the line (a whole chain).
fn option_names(sub: &str) -> &'static [&'static str] {
    match sub {
        "challenge" => &[
            "opponent",
            "variant",
            "first",
            "anti_spoiling",
            "no_parking",
            "turn_timeout",
            "level",
            "opponent2",
            "opponent3",
            "opponent4",
            "opponent5",
        ],
        "open" => &[
            "variant",
            "turn_timeout",
            "anti_spoiling",
            "no_parking",
            "seats",
            "level",
        ],
        "move" => &["from", "to"],
        "leaderboard" => &["variant"],
        "stats" => &["player"],
        "notify" => &["dm"],
        "puzzle" => &["action", "kind", "variant"],
        _ => &[],
    }
}

/// Reads a subcommand's words into its options: `name:value` sets that option, a plain word
/// fills the next option not yet given. Refuses unknown names and words left over.
pub(super) fn read_options(
    sub: &str,
    words: &[String],
) -> Result<BTreeMap<&'static str, String>, String> {
    let names = option_names(sub);
    let mut options = BTreeMap::new();
    for word in words {
        let named = match word.split_once(':') {
            Some((name, value)) => match names.iter().find(|n| **n == name) {
                Some(name) => Some((*name, value)),
                None => {
                    return Err(format!(
                        "'{name}' is not an option of /halma {sub} (options: {})",
                        names.join(", ")
                    ))
                }
            },
            None => None,
        };
        let (name, value) = match named {
            Some(pair) => pair,
            None => match names.iter().find(|n| !options.contains_key(*n)) {
                Some(name) => (*name, word.as_str()),
                // The chain of a move goes on over several words.
                None if sub == "move" => {
                    let to: &mut String = options.entry("to").or_default();
                    to.push(' ');
                    to.push_str(word);
                    continue;
                }
                None => return Err(format!("'{word}' is not an option of /halma {sub}")),
            },
        };
        if options.insert(name, value.to_string()).is_some() {
            return Err(format!("{name} is given twice"));
        }
    }
    Ok(options)
}

/// An option with two values, each with what it means, in the order the usage line names
/// them; off when left out. Any other value gets the usage line.
pub(super) fn two_way(
    options: &BTreeMap<&'static str, String>,
    name: &str,
    values: [(&str, bool); 2],
) -> Result<bool, Box<Reply>> {
    let Some(given) = options.get(name) else {
        return Ok(false);
    };
    match values.iter().find(|(value, _)| value == given) {
        Some(&(_, on)) => Ok(on),
        None => {
            let [(first, _), (second, _)] = values;
            Err(Box::new(usage(&format!(
                "{name}:{first} or {name}:{second}, not '{given}'"
            ))))
        }
    }
}

/// How to type a command; the user's words it repeats are cut short.
pub(super) fn usage(text: &str) -> Reply {
    const LONGEST: usize = 300;
    let clean = |c: char| if c.is_control() { ' ' } else { c };
    let long = text.chars().count() > LONGEST;
    let mut text: String = text.chars().take(LONGEST).map(clean).collect();
    if long {
        text.pop();
        text.push('…');
    }
    Reply {
        content: format!("Usage: {text}"),
        ephemeral: true,
        ..Reply::default()
    }
}
