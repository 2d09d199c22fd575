//! Local mode: play in the terminal without a Discord token. The same commands as on Discord
//! (`/halma challenge @bob`, `/halma move m3 k5`, …), typed as named local users, answered by
//! the same service and the same messages; board images are written to a folder.

use crate::error::Error;
use crate::locale::{text, Lang};
use crate::model::{FirstMover, GameId};
use crate::present::{self, echo, Action, Button, Panel, Picked, PickerId, Reply};
use crate::service::{
    optional, parse_level, parse_move, parse_turn_timeout, parse_variant, Accepted, Actor,
    Aftermath, Answered, ChallengeRequest, LobbyRequest, Opponent, PickerStep, Place, Service,
    DEFAULT_LEADERBOARD_SIZE, DEFAULT_VARIANT,
};
use halma::{Position, Square};
use std::collections::BTreeMap;
use std::io::Write;
use std::path::{Path, PathBuf};
use tokio::io::{AsyncBufRead, AsyncBufReadExt};

/// The one guild and channel of local mode.
const GUILD: u64 = 1;
const CHANNEL: u64 = 1;
const HERE: Place = Place::new(GUILD, CHANNEL);

/// The bot's own user in local mode, `@bot`: challenge it to play against the AI.
pub const BOT_NAME: &str = "bot";
const BOT: u64 = 99;

/// The state of a local session: who is typing, and the names of local users.
pub struct Session {
    service: Service,
    boards: PathBuf,
    users: BTreeMap<String, u64>,
    current: String,
    lang: Lang,
    /// The move picker's numbered options, while one is open.
    picker: Option<LocalPicker>,
}

/// An open move picker: its options by number (from 1), and what 0 (Back) does.
struct LocalPicker {
    options: Vec<(PickerId, String)>,
    back: Option<PickerId>,
}

/// What a line asked for.
#[derive(Debug, PartialEq, Eq)]
enum Line {
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

fn parse(line: &str) -> Line {
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

const HELP: &str = "\
Commands (as on Discord, typed here; options as name:value or in Discord's order):
  /as NAME                      play as the local user NAME (created on first use)
  /lang CODE                    answer in that language: en, hr, de, fr, es-ES, pt-BR, pl, ru
  /halma challenge opponent:@NAME [variant:standard|ig10|small] [first:me|opponent|random]
                   [anti_spoiling:true|false] [turn_timeout:12h]
  /halma challenge opponent:@bot [level:easy|medium|hard]   play against the bot at once
  /halma challenge @bob four-teams opponent2:@carol opponent3:@dave   a game of four; everyone
                   invited accepts (the bot too may be one of them: it accepts at once)
  /halma open [variant:four] [turn_timeout:12h] [anti_spoiling:false] [seats:join-order|random]
              [level:medium]   a lobby others join with /click join ID
  /click VERB ID                click a button (messages list theirs), e.g. /click accept 1,
                                /click join 1, /click start 1, /click addbot 1
  /click move ID, then NUMBER   pick a move from numbered lists instead of typing squares
  /halma move from:FROM to:TO   e.g. /halma move m3 k5, or a chain: /halma move m3 k5 m7
  /halma leaderboard [variant:NAME] | stats [player:@NAME]
  /halma board | history | hint | resign | draw | abort | replay | rules
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
            "turn_timeout",
            "level",
            "opponent2",
            "opponent3",
        ],
        "open" => &["variant", "turn_timeout", "anti_spoiling", "seats", "level"],
        "move" => &["from", "to"],
        "leaderboard" => &["variant"],
        "stats" => &["player"],
        _ => &[],
    }
}

/// Reads a subcommand's words into its options: `name:value` sets that option, a plain word
/// fills the next option not yet given. Refuses unknown names and words left over.
fn read_options(sub: &str, words: &[String]) -> Result<BTreeMap<&'static str, String>, String> {
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

impl Session {
    /// A session writing board images into `boards`, starting as user `alice`.
    pub fn new(service: Service, boards: PathBuf) -> Session {
        let mut session = Session {
            service,
            boards,
            users: BTreeMap::new(),
            current: String::new(),
            lang: Lang::En,
            picker: None,
        };
        session.switch("alice");
        session.users.insert(BOT_NAME.to_string(), BOT);
        session
    }

    fn switch(&mut self, name: &str) {
        let next = self.users.len() as u64 + 100;
        self.users.entry(name.to_string()).or_insert(next);
        self.current = name.to_string();
    }

    /// The current user, acting in the one channel.
    fn at(&self) -> Actor {
        HERE.member(self.me())
    }

    fn me(&self) -> u64 {
        self.users.get(&self.current).copied().unwrap_or(100)
    }

    fn name_of(&self, id: u64) -> Option<String> {
        self.users
            .iter()
            .find(|(_, &uid)| uid == id)
            .map(|(n, _)| n.clone())
    }

    /// The prompt showing who is typing.
    pub fn prompt(&self) -> String {
        format!("{}> ", self.current)
    }

    /// Reads lines from `input` until it ends or `/quit`, writing answers to `out`.
    pub async fn run(
        &mut self,
        input: impl AsyncBufRead + Unpin,
        out: &mut (impl Write + Send),
    ) -> anyhow::Result<()> {
        writeln!(out, "Local mode: type /help for the commands.")?;
        write!(out, "{}", self.prompt())?;
        out.flush()?;
        let mut lines = input.lines();
        while let Some(line) = lines.next_line().await? {
            if !self.handle(&line, out).await? {
                break;
            }
            write!(out, "{}", self.prompt())?;
            out.flush()?;
        }
        writeln!(out)?;
        Ok(())
    }

    /// Handles one line; false when the session should end.
    pub async fn handle(&mut self, line: &str, out: &mut impl Write) -> anyhow::Result<bool> {
        match parse(line) {
            Line::Empty => {}
            Line::Help => writeln!(out, "{HELP}")?,
            Line::Quit => return Ok(false),
            Line::As(name) => {
                self.switch(&name);
                writeln!(out, "You are now {name}.")?;
            }
            Line::Lang(code) => {
                match (code.as_deref(), code.as_deref().and_then(Lang::from_code)) {
                    (_, Some(lang)) => {
                        self.lang = lang;
                        writeln!(out, "Language: {}.", lang.code())?;
                    }
                    (asked, None) => {
                        let codes: Vec<&str> = Lang::ALL.iter().map(|l| l.code()).collect();
                        match asked {
                            Some(asked) => write!(out, "No language '{}'.", echo(asked))?,
                            None => write!(out, "Language: {}.", self.lang.code())?,
                        }
                        writeln!(out, " Type /lang and one of: {}.", codes.join(", "))?;
                    }
                }
            }
            Line::Unknown(text) => writeln!(
                out,
                "Unknown command '{}'. Type /help for the commands.",
                echo(&text)
            )?,
            Line::Click(verb, id) if verb == "move" => {
                let opened = self.service.open_picker(self.at(), GameId(id));
                match opened.await {
                    Ok(picker) => {
                        let panel = present::piece_panel(self.lang, &picker, &|u| self.name_of(u));
                        self.show_panel(panel, out)?;
                    }
                    Err(e) => self.show(Err(e), out)?,
                }
            }
            Line::Pick(number) => self.pick(number, out).await?,
            Line::Click(verb, id) => {
                let result = self.click(&verb, id).await;
                let drew = has_board(&result);
                self.show(result, out)?;
                if drew {
                    self.show_text_board(out).await?;
                    // A game that just started may have the bot moving first.
                    self.bot_moves(out).await?;
                }
            }
            Line::Halma(sub, args) => {
                let result = self.halma(&sub, &args).await;
                let drew = has_board(&result);
                let played = drew && (sub == "move" || sub == "challenge");
                self.show(result, out)?;
                if drew {
                    self.show_text_board(out).await?;
                }
                if played {
                    self.bot_moves(out).await?;
                }
            }
        }
        Ok(true)
    }

    /// The terminal shows every answer at once: the change's announcement in the outbox,
    /// meant for a channel that missed its answer, is done with (see
    /// [`Service::answered`]; local mode plays the bot's moves itself, in [`Session::handle`]).
    async fn shown(&self, after: Aftermath) {
        self.service.answered(after, true).await;
    }

    /// Plays and prints the bot's moves while it is the bot's turn in the channel's game.
    async fn bot_moves(&self, out: &mut impl Write) -> anyhow::Result<()> {
        let Ok(game) = self.service.board(HERE).await else {
            return Ok(());
        };
        loop {
            match self.service.ai_turn(game.id).await {
                Ok(Some(played)) => {
                    self.shown(played.aftermath()).await;
                    let reply = present::move_played(self.lang, &played, &|id| self.name_of(id));
                    self.show(Ok(reply), out)?;
                    self.show_text_board(out).await?;
                }
                Ok(None) => return Ok(()),
                Err(e) => {
                    self.show(Err(e), out)?;
                    return Ok(());
                }
            }
        }
    }

    /// Prints a picker message and remembers its options, numbered from 1 (0 is Back).
    fn show_panel(&mut self, panel: Panel, out: &mut impl Write) -> anyhow::Result<()> {
        writeln!(out, "(only you) {}", self.readable(&panel.content))?;
        for file in &panel.files {
            let path = self.save(&file.name, &file.bytes)?;
            writeln!(out, "[{}]", path.display())?;
        }
        let mut options = Vec::new();
        for menu in &panel.menus {
            let Some(id) = PickerId::parse(&menu.custom_id) else {
                continue;
            };
            for option in &menu.options {
                options.push((id, option.value.clone()));
                writeln!(out, "  {}. {}", options.len(), option.label)?;
            }
        }
        let back = panel
            .buttons
            .iter()
            .find_map(|b| PickerId::parse(&b.custom_id));
        if back.is_some() {
            writeln!(out, "  0. {}", text(self.lang, "button.back", &[]))?;
        }
        self.picker = if options.is_empty() {
            None
        } else {
            writeln!(out, "Type the number of your choice.")?;
            Some(LocalPicker { options, back })
        };
        Ok(())
    }

    /// Takes option `number` of the open picker, as the select menus do on Discord.
    async fn pick(&mut self, number: usize, out: &mut impl Write) -> anyhow::Result<()> {
        let Some(picker) = self.picker.take() else {
            writeln!(
                out,
                "No move picker is open: click a Move button first (/click move ID)."
            )?;
            return Ok(());
        };
        let chosen = match number {
            0 => picker.back.map(|id| (id, None)),
            n => picker
                .options
                .get(n - 1)
                .map(|(id, value)| (*id, Picked::parse(value))),
        };
        let Some((id, picked)) = chosen else {
            writeln!(
                out,
                "There is no option {number}; pick one of the numbers listed."
            )?;
            self.picker = Some(picker);
            return Ok(());
        };
        let (at, lang) = (self.at(), self.lang);
        let service = &self.service;
        let step = match (id, picked) {
            (PickerId::Back(stamp), _) => service.picker_back(at, stamp).await,
            (PickerId::Piece { stamp, .. }, Some(Picked::Square(from))) => {
                service.pick_piece(at, stamp, from).await
            }
            (PickerId::Destination { stamp, from, .. }, Some(Picked::Square(to))) => {
                service.pick_destination(at, stamp, from, to).await
            }
            (PickerId::Destination { stamp, from, .. }, Some(Picked::More(offset))) => {
                match service.pick_piece(at, stamp, from).await {
                    Ok(PickerStep::Destinations(d)) => {
                        let panel =
                            present::destination_panel(lang, &d, offset, &|u| self.name_of(u));
                        return self.show_panel(panel, out);
                    }
                    other => other,
                }
            }
            _ => Err(crate::error::UserError::UnknownButton.into()),
        };
        let step = match step {
            Ok(step) => step,
            Err(e) => return self.show(Err(e), out),
        };
        let (panel, public) = present::picker_step(lang, &step, &|u| self.name_of(u));
        self.show_panel(panel, out)?;
        if let Some(reply) = public {
            self.show(Ok(reply), out)?;
            self.show_text_board(out).await?;
            self.bot_moves(out).await?;
        }
        Ok(())
    }

    async fn click(&self, verb: &str, id: i64) -> Result<Reply, Error> {
        let me = self.me();
        let names = |uid| self.name_of(uid);
        let action = Action::parse(&format!("halma:{verb}:{id}"));
        Ok(match action {
            Some(Action::Accept(id)) => match self.service.accept(id, me).await? {
                Accepted::Started(started) => present::game_started(self.lang, &started, &names),
                Accepted::Waiting(invitation) => present::invitation(self.lang, &invitation),
            },
            Some(Action::Decline(id)) => {
                present::challenge_declined(self.lang, &self.service.decline(id, me).await?, me)
            }
            Some(Action::Withdraw(id)) => {
                present::challenge_closed(self.lang, &self.service.withdraw(id, me).await?)
            }
            Some(Action::AcceptDraw(game)) => {
                let offer = self.service.accept_draw(self.at(), game).await?;
                self.shown(offer.aftermath()).await;
                present::draw(self.lang, &offer, &names)
            }
            Some(Action::Rematch(game)) => {
                match self.service.rematch(self.at(), game).await? {
                    // Against the bot alone: the game started at once.
                    Accepted::Started(started) => {
                        present::game_started(self.lang, &started, &names)
                    }
                    Accepted::Waiting(invitation) => present::invitation(self.lang, &invitation),
                }
            }
            Some(Action::Pick(_)) => usage("/click move ID, then the numbers listed"),
            Some(Action::Join(id)) => {
                present::lobby_update(self.lang, &self.service.join_lobby(id, me).await?, &names)
            }
            Some(Action::Leave(id)) => {
                present::lobby_update(self.lang, &self.service.leave_lobby(id, me).await?, &names)
            }
            Some(Action::Start(id)) => {
                present::lobby_update(self.lang, &self.service.start_lobby(id, me).await?, &names)
            }
            Some(Action::AddBot(id)) => present::lobby_update(
                self.lang,
                &self.service.add_bot_to_lobby(id, me, BOT).await?,
                &names,
            ),
            None => {
                usage("/click accept|decline|withdraw|draw|rematch|move|join|leave|start|addbot ID")
            }
        })
    }

    fn user_arg(&mut self, arg: &str) -> u64 {
        let name = arg.trim_start_matches('@').to_lowercase();
        let next = self.users.len() as u64 + 100;
        *self.users.entry(name).or_insert(next)
    }

    async fn halma(&mut self, sub: &str, args: &[String]) -> Result<Reply, Error> {
        let me = self.me();
        let lang = self.lang;
        let options = match read_options(sub, args) {
            Ok(options) => options,
            Err(why) => return Ok(usage(&format!("{why}. Type /help for the commands."))),
        };
        match sub {
            "challenge" => {
                let Some(opponent) = options.get("opponent") else {
                    return Ok(usage(
                        "/halma challenge opponent:@NAME [variant:NAME] [first:me|opponent|random] [anti_spoiling:true|false] [turn_timeout:12h]",
                    ));
                };
                let opponents: Vec<Opponent> = [opponent]
                    .into_iter()
                    .chain(
                        ["opponent2", "opponent3"]
                            .iter()
                            .filter_map(|name| options.get(name)),
                    )
                    .cloned()
                    .collect::<Vec<String>>()
                    .iter()
                    .map(|name| self.user_arg(name))
                    .map(|user| Opponent {
                        user,
                        is_bot: user == BOT,
                        is_me: user == BOT,
                    })
                    .collect();
                // A typo must not silently become a coin toss or the default.
                let first = match options.get("first") {
                    None => FirstMover::Random,
                    Some(f) => match FirstMover::from_choice(f) {
                        Some(first) => first,
                        None => {
                            return Ok(usage(&format!(
                                "first:me, first:opponent or first:random, not 'first:{f}'"
                            )))
                        }
                    },
                };
                let anti_spoiling = match two_way(
                    &options,
                    "anti_spoiling",
                    [("true", true), ("false", false)],
                ) {
                    Ok(on) => on,
                    Err(refusal) => return Ok(*refusal),
                };
                let request = ChallengeRequest {
                    challenger: self.at(),
                    opponents,
                    level: optional(options.get("level").map(String::as_str), parse_level)?,
                    variant: optional(options.get("variant").map(String::as_str), parse_variant)?,
                    first,
                    anti_spoiling,
                    turn_timeout: optional(
                        options.get("turn_timeout").map(String::as_str),
                        parse_turn_timeout,
                    )?,
                };
                if request.is_against_me() {
                    let started = self.service.challenge_ai(&request).await?;
                    return Ok(present::game_started(lang, &started, &|id| {
                        self.name_of(id)
                    }));
                }
                let invitation = self.service.challenge_group(&request).await?;
                let mut reply = present::invitation(lang, &invitation);
                let waiting: Vec<String> = invitation
                    .players
                    .iter()
                    .filter(|p| !p.accepted)
                    .filter_map(|p| self.name_of(p.user))
                    .collect();
                for name in waiting {
                    reply
                        .content
                        .push_str(&format!("\n(Type /as {name} to answer as {name}.)"));
                }
                Ok(reply)
            }
            "open" => {
                let anti_spoiling = match two_way(
                    &options,
                    "anti_spoiling",
                    [("true", true), ("false", false)],
                ) {
                    Ok(on) => on,
                    Err(refusal) => return Ok(*refusal),
                };
                let random_seats =
                    match two_way(&options, "seats", [("join-order", false), ("random", true)]) {
                        Ok(random) => random,
                        Err(refusal) => return Ok(*refusal),
                    };
                let request = LobbyRequest {
                    host: self.at(),
                    variant: optional(options.get("variant").map(String::as_str), parse_variant)?,
                    turn_timeout: optional(
                        options.get("turn_timeout").map(String::as_str),
                        parse_turn_timeout,
                    )?,
                    anti_spoiling,
                    random_seats,
                    level: optional(options.get("level").map(String::as_str), parse_level)?,
                };
                Ok(present::lobby(
                    lang,
                    &self.service.open_lobby(&request).await?,
                ))
            }
            "move" => {
                let (Some(from), Some(to)) = (options.get("from"), options.get("to")) else {
                    return Ok(usage(
                        "/halma move FROM TO (or a whole chain: /halma move m3 k5 m7)",
                    ));
                };
                let text = parse_move(from, to)?;
                let played = self.service.play(self.at(), &text).await?;
                self.shown(played.aftermath()).await;
                Ok(present::move_played(lang, &played, &|id| self.name_of(id)))
            }
            "board" => {
                let view = self.service.board(HERE).await?;
                Ok(present::board(lang, &view, &|id| self.name_of(id)))
            }
            "hint" => {
                let hint = self.service.hint(self.at()).await?;
                Ok(present::hint(lang, &hint, &|id| self.name_of(id)))
            }
            "history" => Ok(present::history(lang, &self.service.history(HERE).await?)),
            "resign" => {
                let resigned = self.service.resign(self.at()).await?;
                self.shown(resigned.aftermath()).await;
                Ok(present::resignation(lang, &resigned, &|id| {
                    self.name_of(id)
                }))
            }
            "draw" => {
                let reply = self.service.offer_draw(self.at()).await?;
                self.shown(reply.aftermath()).await;
                Ok(present::draw(lang, &reply, &|id| self.name_of(id)))
            }
            "abort" => {
                let aborted = self.service.abort(self.at(), true).await?;
                self.shown(aborted.aftermath()).await;
                Ok(present::abort(lang, me, &aborted, &|id| self.name_of(id)))
            }
            "leaderboard" => {
                let variant = optional(options.get("variant").map(String::as_str), parse_variant)?
                    .unwrap_or(DEFAULT_VARIANT);
                Ok(present::leaderboard(
                    lang,
                    &self
                        .service
                        .leaderboard(GUILD, variant, DEFAULT_LEADERBOARD_SIZE)
                        .await?,
                ))
            }
            "stats" => {
                let who = match options.get("player") {
                    Some(name) => self.user_arg(name),
                    None => me,
                };
                Ok(present::stats(lang, &self.service.stats(GUILD, who).await?))
            }
            "replay" => {
                let data = self.service.replay_data(HERE).await?;
                Ok(present::replay(lang, &data, &|id| self.name_of(id)))
            }
            "rules" => Ok(present::rules(lang)),
            other => Ok(Reply {
                content: format!(
                    "Unknown subcommand '{}'. Type /help for the commands.",
                    echo(other)
                ),
                ephemeral: true,
                ..Reply::default()
            }),
        }
    }

    /// Prints a reply: mentions as @names, files saved (boards with a text board too).
    fn show(&self, result: Result<Reply, Error>, out: &mut impl Write) -> anyhow::Result<()> {
        let reply = match result {
            Ok(reply) => reply,
            Err(Error::User(e)) => present::refusal(self.lang, &e),
            Err(e) => {
                tracing::error!(error = %e, "local command failed");
                present::apology(self.lang)
            }
        };
        let prefix = if reply.ephemeral { "(only you) " } else { "" };
        writeln!(out, "{prefix}{}", self.readable(&reply.content))?;
        for file in &reply.files {
            let path = self.save(&file.name, &file.bytes)?;
            writeln!(out, "[{}]", path.display())?;
        }
        let clicks: Vec<String> = reply.buttons.iter().filter_map(click_line).collect();
        if !clicks.is_empty() {
            writeln!(out, "Buttons: {}", clicks.join(" | "))?;
        }
        Ok(())
    }

    /// After a reply with a board image, prints the board as text too.
    async fn show_text_board(&self, out: &mut impl Write) -> anyhow::Result<()> {
        if let Ok(view) = self.service.board(HERE).await {
            write!(out, "{}", text_board(&view.position))?;
        }
        Ok(())
    }

    /// Discord's markup made plain for a terminal: `<@123>` → `@name`, the channel's `<#1>` →
    /// `this channel`, no `**bold**` marks, no lines of code fences.
    fn readable(&self, content: &str) -> String {
        let mut out = content
            .replace("**", "")
            .replace(&format!("<#{CHANNEL}>"), "this channel");
        for (name, id) in &self.users {
            out = out.replace(&format!("<@{id}>"), &format!("@{name}"));
        }
        let mut lines: Vec<&str> = out.lines().filter(|l| l.trim() != "```").collect();
        if out.ends_with('\n') {
            lines.push("");
        }
        lines.join("\n")
    }

    fn save(&self, name: &str, bytes: &[u8]) -> anyhow::Result<PathBuf> {
        std::fs::create_dir_all(&self.boards)?;
        let path = self.boards.join(name);
        std::fs::write(&path, bytes)?;
        Ok(path)
    }
}

fn has_board(result: &Result<Reply, Error>) -> bool {
    result
        .as_ref()
        .is_ok_and(|r| r.files.iter().any(|f| f.name.ends_with(".png")))
}

/// How to click a button here (`Accept: /click accept 3`).
fn click_line(button: &Button) -> Option<String> {
    let id = button.action.custom_id();
    let typed = id.strip_prefix("halma:")?.replace(':', " ");
    Some(format!("{}: /click {typed}", button.label))
}

/// An option with two values, each with what it means, in the order the usage line names
/// them; off when left out. Any other value gets the usage line.
fn two_way(
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
fn usage(text: &str) -> Reply {
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

/// A compact text board: one line per rank from the top, `.` for an empty square.
///
/// ```
/// let pos = halma::Position::start(halma::Variant::Small);
/// let text = halma_bot::local::text_board(&pos);
/// assert!(text.lines().next().unwrap().starts_with(" 8 b b b b . . . ."));
/// ```
pub fn text_board(position: &Position) -> String {
    let side = position.variant().side();
    let mut out = String::new();
    for rank in (0..side).rev() {
        out.push_str(&format!("{:>2}", rank + 1));
        for file in 0..side {
            let sq = Square::new(file, rank).expect("inside the board");
            let c = position.piece_at(sq).map(|s| s.letter()).unwrap_or('.');
            out.push(' ');
            out.push(c);
        }
        out.push('\n');
    }
    out.push_str("  ");
    for file in 0..side {
        out.push(' ');
        out.push((b'a' + file) as char);
    }
    out.push('\n');
    out
}

/// Where local mode writes images when no folder is given.
pub fn default_boards_dir() -> PathBuf {
    Path::new(".data").join("boards")
}

/// Runs local mode on the terminal.
pub async fn run(service: Service) -> anyhow::Result<()> {
    let mut session = Session::new(service, default_boards_dir());
    let stdin = tokio::io::BufReader::new(tokio::io::stdin());
    let mut stdout = std::io::stdout();
    session.run(stdin, &mut stdout).await
}
