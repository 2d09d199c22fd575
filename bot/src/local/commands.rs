//! Local mode's commands and clicks: typed words read into the shared dispatch's requests
//! ([`halma_core::front`]), answered with the same words as on Discord.

use super::console::Said;
use super::words::{read_options, two_way, usage};
use super::{Session, BOT};
use halma_core::clicks::Action;
use halma_core::error::Error;
use halma_core::front::{self, Answer, Command};
use halma_core::model::FirstMover;
use halma_core::present::{self, echo, Reply};
use halma_core::service::{
    optional, parse_dm_switch, parse_level, parse_puzzle_kind, parse_turn_timeout, parse_variant,
    ChallengeRequest, LobbyRequest, Opponent, PuzzleCommand, DEFAULT_VARIANT,
};
use std::collections::BTreeMap;

/// A subcommand's options by name, as typed.
type Options = BTreeMap<&'static str, String>;

impl Session {
    /// `/click VERB ID`: a button, answered as on Discord.
    pub(super) async fn click(&self, verb: &str, id: i64) -> Result<Said, Error> {
        let action =
            match Action::parse(&format!("halma:{verb}:{id}")) {
                Some(Action::Pick(_)) => {
                    return Ok(Said::Reply(usage(
                        "/click move ID, then the numbers listed",
                    )))
                }
                Some(Action::PuzzleMove(_)) => {
                    return Ok(Said::Reply(usage(
                        "/halma move FROM TO plays in your puzzle",
                    )))
                }
                Some(action) => action,
                None => return Ok(Said::Reply(usage(
                    "/click accept|decline|withdraw|draw|rematch|move|join|leave|start|addbot ID",
                ))),
            };
        let answer = front::click(&self.service, self.at(), action, BOT, None).await?;
        Ok(Said::Answer(Box::new(answer), None))
    }

    /// The user a `@name` names, made on first use.
    fn user_arg(&mut self, arg: &str) -> u64 {
        let name = arg.trim_start_matches('@').to_lowercase();
        let next = self.users.len() as u64 + 100;
        *self.users.entry(name).or_insert(next)
    }

    /// `/halma SUB words…`: the subcommand's words read into its request and answered.
    pub(super) async fn halma(&mut self, sub: &str, args: &[String]) -> Result<Said, Error> {
        let options = match read_options(sub, args) {
            Ok(options) => options,
            Err(why) => {
                return Ok(Said::Reply(usage(&format!(
                    "{why}. Type /help for the commands."
                ))))
            }
        };
        let command = match sub {
            "challenge" => match self.challenge(&options)? {
                Ok(request) => Command::Challenge(request),
                Err(usage) => return Ok(Said::Reply(usage)),
            },
            "open" => match self.open(&options)? {
                Ok(request) => Command::Open(request),
                Err(usage) => return Ok(Said::Reply(usage)),
            },
            "move" => {
                let (Some(from), Some(to)) = (options.get("from"), options.get("to")) else {
                    return Ok(Said::Reply(usage(
                        "/halma move FROM TO (or a whole chain: /halma move m3 k5 m7)",
                    )));
                };
                Command::Move(self.service.read_move(self.at().place, from, to).await?)
            }
            "board" => Command::Board,
            "hint" => Command::Hint,
            "history" => Command::History,
            "resign" => Command::Resign,
            "draw" => Command::Draw,
            // The one member at the terminal moderates their own channel.
            "abort" => Command::Abort {
                can_manage_messages: true,
            },
            "leaderboard" => Command::Leaderboard(
                optional(typed(&options, "variant"), parse_variant)?.unwrap_or(DEFAULT_VARIANT),
            ),
            "stats" => Command::Stats(match options.get("player") {
                Some(name) => self.user_arg(name),
                None => self.me(),
            }),
            "rules" => Command::Rules,
            "notify" => Command::Notify {
                dm: optional(typed(&options, "dm"), parse_dm_switch)?,
                lang: self.lang,
            },
            "puzzle" => match puzzle(&options)? {
                Ok(command) => Command::Puzzle(command),
                Err(usage) => return Ok(Said::Reply(usage)),
            },
            "replay" => {
                let data = self.service.replay_data(self.at().place).await?;
                return Ok(Said::Reply(present::replay(self.lang, &data, &|_, id| {
                    self.name_of(id)
                })));
            }
            other => {
                return Ok(Said::Reply(Reply {
                    content: format!(
                        "Unknown subcommand '{}'. Type /help for the commands.",
                        echo(other)
                    ),
                    ephemeral: true,
                    ..Reply::default()
                }))
            }
        };
        let answer = front::run(&self.service, self.at(), command, None).await?;
        let mut note = Vec::new();
        if let Answer::Invited(invitation) = &answer {
            for name in invitation
                .players
                .iter()
                .filter(|p| !p.accepted)
                .filter_map(|p| self.name_of(p.user))
            {
                note.push(format!("(Type /as {name} to answer as {name}.)"));
            }
        }
        let note = (!note.is_empty()).then(|| note.join("\n"));
        Ok(Said::Answer(Box::new(answer), note))
    }

    /// `/halma challenge`'s options read into a request, or the usage line for a typo (a typo
    /// must not silently become a coin toss or the default).
    fn challenge(&mut self, options: &Options) -> Result<Result<ChallengeRequest, Reply>, Error> {
        let Some(opponent) = options.get("opponent") else {
            return Ok(Err(usage(
                "/halma challenge opponent:@NAME [variant:NAME] [first:me|opponent|random] [anti_spoiling:true|false] [no_parking:true|false] [turn_timeout:12h]",
            )));
        };
        let named: Vec<String> = std::iter::once(opponent)
            .chain(
                ["opponent2", "opponent3", "opponent4", "opponent5"]
                    .iter()
                    .filter_map(|name| options.get(name)),
            )
            .cloned()
            .collect();
        let opponents = named
            .iter()
            .map(|name| self.user_arg(name))
            .map(|user| Opponent {
                user,
                is_bot: user == BOT,
                is_me: user == BOT,
            })
            .collect();
        let first = match options.get("first") {
            None => FirstMover::Random,
            Some(f) => match FirstMover::from_choice(f) {
                Some(first) => first,
                None => {
                    return Ok(Err(usage(&format!(
                        "first:me, first:opponent or first:random, not 'first:{f}'"
                    ))))
                }
            },
        };
        let (anti_spoiling, no_parking) = match switches(options) {
            Ok(on) => on,
            Err(usage) => return Ok(Err(*usage)),
        };
        Ok(Ok(ChallengeRequest {
            challenger: self.at(),
            opponents,
            level: optional(typed(options, "level"), parse_level)?,
            variant: optional(typed(options, "variant"), parse_variant)?,
            first,
            anti_spoiling,
            no_parking,
            turn_timeout: optional(typed(options, "turn_timeout"), parse_turn_timeout)?,
        }))
    }

    /// `/halma open`'s options read into a request, or the usage line for a typo.
    fn open(&self, options: &Options) -> Result<Result<LobbyRequest, Reply>, Error> {
        let (anti_spoiling, no_parking) = match switches(options) {
            Ok(on) => on,
            Err(usage) => return Ok(Err(*usage)),
        };
        let random_seats =
            match two_way(options, "seats", [("join-order", false), ("random", true)]) {
                Ok(random) => random,
                Err(usage) => return Ok(Err(*usage)),
            };
        Ok(Ok(LobbyRequest {
            host: self.at(),
            variant: optional(typed(options, "variant"), parse_variant)?,
            turn_timeout: optional(typed(options, "turn_timeout"), parse_turn_timeout)?,
            anti_spoiling,
            no_parking,
            random_seats,
            level: optional(typed(options, "level"), parse_level)?,
        }))
    }
}

/// `/halma puzzle`'s words read into its command, or the usage line for a typo.
fn puzzle(options: &Options) -> Result<Result<PuzzleCommand, Reply>, Error> {
    let kind = optional(typed(options, "kind"), parse_puzzle_kind)?;
    let variant = optional(typed(options, "variant"), parse_variant)?;
    Ok(Ok(match typed(options, "action") {
        Some("start") => PuzzleCommand::Start { kind, variant },
        Some("daily") => PuzzleCommand::Daily,
        Some("board") => PuzzleCommand::Board,
        Some("giveup") => PuzzleCommand::GiveUp,
        Some("leaderboard") => PuzzleCommand::Leaderboard,
        _ => {
            return Ok(Err(usage(
                "/halma puzzle start [kind:crossing|chain] [variant:star2|small|ig10|standard], or /halma puzzle daily|board|giveup|leaderboard",
            )))
        }
    }))
}

/// The options `anti_spoiling` and `no_parking` as typed (`true` or `false`, off when left
/// out), or the usage line for a typo.
fn switches(options: &Options) -> Result<(bool, bool), Box<Reply>> {
    let on_off = [("true", true), ("false", false)];
    Ok((
        two_way(options, "anti_spoiling", on_off)?,
        two_way(options, "no_parking", on_off)?,
    ))
}

/// The option `name` as typed, if given.
fn typed<'a>(options: &'a Options, name: &str) -> Option<&'a str> {
    options.get(name).map(String::as_str)
}
