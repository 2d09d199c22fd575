//! Local mode: play in the terminal without a Discord token. The same commands as on Discord
//! (`/halma challenge @bob`, `/halma move m3 k5`, …), typed as named local users, answered by
//! the same service and the same messages; board images are written to a folder.

mod board;
mod commands;
mod console;
mod words;

pub use board::text_board;

use halma_core::clicks::{Picked, PickerId};
use halma_core::error::Error;
use halma_core::front::Answer;
use halma_core::locale::{text, Lang};
use halma_core::model::GameId;
use halma_core::present::{self, echo, Button, Page, Panel, Reply};
use halma_core::service::{Actor, PickerStep, Place, Service};
use std::collections::BTreeMap;
use std::io::Write;
use std::path::{Path, PathBuf};
use tokio::io::{AsyncBufRead, AsyncBufReadExt};
use words::{parse, Line, HELP};

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
    /// Where the live game pages are served (`http://127.0.0.1:8080`), if they are.
    pages: Option<String>,
    /// The worker that plays the bot's moves, the same as on Discord; stopped with the session.
    _bot: console::Worker,
}

/// An open move picker: its options by number (from 1), and what 0 (Back) does.
struct LocalPicker {
    options: Vec<(PickerId, String)>,
    back: Option<PickerId>,
}

impl Session {
    /// A session writing board images into `boards`, starting as user `alice`.
    pub fn new(service: Service, boards: PathBuf) -> Session {
        let bot = console::Worker::start(&service);
        let mut session = Session {
            service,
            boards,
            users: BTreeMap::new(),
            current: String::new(),
            lang: Lang::En,
            picker: None,
            pages: None,
            _bot: bot,
        };
        session.switch("alice");
        session.users.insert(BOT_NAME.to_string(), BOT);
        session
    }

    /// This session with the live game pages served at `base` (`http://127.0.0.1:8080`):
    /// every board then shows its page's address.
    pub fn with_pages(mut self, base: String) -> Session {
        self.pages = Some(base.trim_end_matches('/').to_string());
        self
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

    /// The live pages name the one typing as they are named here, as Discord's members are
    /// named by the name they go by (see [`Service::saw_name`]).
    async fn show_name(&self) {
        let me = self.me();
        if me == BOT {
            return;
        }
        let Some(seen) = self.service.saw_name(GUILD, me, &self.current) else {
            return;
        };
        if let Err(error) = self.service.keep_names(&[seen]).await {
            tracing::warn!(%error, "could not keep a local user's name");
        }
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
    pub async fn handle(
        &mut self,
        line: &str,
        out: &mut (impl Write + Send),
    ) -> anyhow::Result<bool> {
        self.show_name().await;
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
                        let panel =
                            present::piece_panel(self.lang, &picker, &|_, u| self.name_of(u));
                        self.show_panel(panel, out)?;
                    }
                    Err(e) => self.show(Err(e), out)?,
                }
            }
            Line::Pick(number) => self.pick(number, out).await?,
            Line::Click(verb, id) => {
                let said = self.click(&verb, id).await;
                if self.say(said, out).await? {
                    self.show_text_board(out).await?;
                    // A game that just started may have the bot moving first.
                    self.catch_up(out).await?;
                }
            }
            Line::Halma(sub, args) => {
                let said = self.halma(&sub, &args).await;
                let drew = self.say(said, out).await?;
                let played = drew && (sub == "move" || sub == "challenge");
                if drew {
                    self.show_text_board(out).await?;
                }
                if played {
                    self.catch_up(out).await?;
                }
            }
        }
        Ok(true)
    }

    /// Prints a picker message and remembers its options, numbered from 1 (0 is Back).
    fn show_panel(&mut self, panel: Panel, out: &mut (impl Write + Send)) -> anyhow::Result<()> {
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
    async fn pick(&mut self, number: usize, out: &mut (impl Write + Send)) -> anyhow::Result<()> {
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
        let step = match halma_core::front::pick(&self.service, at, id, picked, None).await {
            Ok(halma_core::front::Pick::Page(d, offset)) => {
                let panel = present::destination_panel(lang, &d, offset, &|_, u| self.name_of(u));
                return self.show_panel(panel, out);
            }
            Ok(halma_core::front::Pick::Step(step)) => Ok(step),
            Err(e) => Err(e),
        };
        let step = match step {
            Ok(step) => step,
            Err(e) => return self.show(Err(e), out),
        };
        self.show_panel(
            present::picker_step(lang, &step, &|_, u| self.name_of(u)),
            out,
        )?;
        if let PickerStep::Played(played) = step {
            self.deliver(Answer::Moved(Box::new(played)), out).await?;
            self.show_text_board(out).await?;
            self.catch_up(out).await?;
        }
        Ok(())
    }

    /// Prints a reply: mentions as @names, files saved (boards with a text board too).
    fn show(
        &self,
        result: Result<Reply, Error>,
        out: &mut (impl Write + Send),
    ) -> anyhow::Result<()> {
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
        if let Some(base) = &self.pages {
            // Local mode has no Discord to open the Activity in.
            for link in reply.links.iter().filter(|l| l.page != Page::Activity) {
                writeln!(out, "{}: {base}{}", link.label, link.page.path())?;
            }
        }
        Ok(())
    }

    /// After a reply with a board image, prints the board as text too.
    async fn show_text_board(&self, out: &mut (impl Write + Send)) -> anyhow::Result<()> {
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

/// Whether `reply` carries a board picture.
fn has_board(reply: &Reply) -> bool {
    reply.files.iter().any(|f| f.name.ends_with(".png"))
}

/// How to click a button here (`Accept: /click accept 3`).
fn click_line(button: &Button) -> Option<String> {
    let id = button.action.custom_id();
    let typed = id.strip_prefix("halma:")?.replace(':', " ");
    Some(format!("{}: /click {typed}", button.label))
}

/// Where local mode writes images when no folder is given.
pub fn default_boards_dir() -> PathBuf {
    Path::new(".data").join("boards")
}

/// Runs local mode on the terminal; with `pages`, the address of the live game pages, every
/// board shows its page's address.
pub async fn run(service: Service, pages: Option<String>) -> anyhow::Result<()> {
    let mut session = Session::new(service, default_boards_dir());
    if let Some(base) = pages {
        session = session.with_pages(base);
    }
    let stdin = tokio::io::BufReader::new(tokio::io::stdin());
    let mut stdout = std::io::stdout();
    session.run(stdin, &mut stdout).await
}
