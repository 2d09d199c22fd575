//! The message model: what a reply is made of (text, files, buttons, who is pinged) and what
//! a button click asks for. The Discord layer and local mode both show these.

use crate::locale::Lang;
use crate::model::{ChallengeId, GameId, LobbyId};

/// A button's look.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ButtonStyle {
    /// The main action (green).
    Success,
    /// Refusing (red).
    Danger,
    /// Anything else (grey).
    Secondary,
}

/// A button: what it says and what its click means. The id carries everything needed to act
/// on the click after a restart (see [`Action`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Button {
    /// What a click does.
    pub action: Action,
    /// The label.
    pub label: String,
    /// The look.
    pub style: ButtonStyle,
}

/// A link button: it opens a page in the browser instead of sending a click (Discord's link
/// buttons). Where the page is depends on the bot's `PUBLIC_URL`, which the front end adds;
/// a front end without one leaves such buttons out.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LinkButton {
    /// The label.
    pub label: String,
    /// The page it opens.
    pub page: Page,
}

/// A page of the bot's web server (see `halma-web`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Page {
    /// The live page of the game with this web token, in this language: the message's own,
    /// so that the page a member opens speaks as the message did (`?lang=`).
    Game(String, Lang),
    /// The board inside Discord (the Activity, `/activity`): Discord opens it for whoever
    /// clicks, in the channel of the message; a front end without an Activity leaves it out.
    Activity,
}

impl Page {
    /// The page's path (and query) under the public URL, like `/game/<token>?lang=de`.
    ///
    /// ```
    /// use halma_bot::locale::Lang;
    /// use halma_bot::present::Page;
    /// assert_eq!(Page::Game("abc".into(), Lang::De).path(), "/game/abc?lang=de");
    /// ```
    pub fn path(&self) -> String {
        match self {
            Page::Game(token, lang) => format!("/game/{token}?lang={}", lang.code()),
            Page::Activity => "/activity".to_string(),
        }
    }
}

/// What a button click asks for, written into the button's id as `halma:<verb>:<id>`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Action {
    /// Accept challenge N.
    Accept(ChallengeId),
    /// Decline challenge N.
    Decline(ChallengeId),
    /// Withdraw challenge N.
    Withdraw(ChallengeId),
    /// Accept the draw offered in game N (by offering one too).
    AcceptDraw(GameId),
    /// Challenge the same players again after game N, colours swapped.
    Rematch(GameId),
    /// Open the move picker of game N (for the player to move).
    Pick(GameId),
    /// Join lobby N.
    Join(LobbyId),
    /// Leave lobby N (the host closes it).
    Leave(LobbyId),
    /// Start the game of lobby N (its host).
    Start(LobbyId),
    /// Add the bot to lobby N (its host).
    AddBot(LobbyId),
}

impl Action {
    /// The id written into the button.
    pub fn custom_id(self) -> String {
        let (verb, id) = match self {
            Action::Accept(id) => ("accept", id.0),
            Action::Decline(id) => ("decline", id.0),
            Action::Withdraw(id) => ("withdraw", id.0),
            Action::AcceptDraw(id) => ("draw", id.0),
            Action::Rematch(id) => ("rematch", id.0),
            Action::Pick(id) => ("move", id.0),
            Action::Join(id) => ("join", id.0),
            Action::Leave(id) => ("leave", id.0),
            Action::Start(id) => ("start", id.0),
            Action::AddBot(id) => ("addbot", id.0),
        };
        format!("halma:{verb}:{id}")
    }

    /// Reads a button id; `None` for ids this bot did not write.
    ///
    /// ```
    /// use halma_bot::model::{ChallengeId, GameId};
    /// use halma_bot::present::Action;
    /// assert_eq!(Action::parse("halma:accept:42"), Some(Action::Accept(ChallengeId(42))));
    /// let rematch = Action::Rematch(GameId(7));
    /// assert_eq!(Action::parse(&rematch.custom_id()), Some(rematch));
    /// assert_eq!(Action::parse("halma:accept:x"), None);
    /// ```
    pub fn parse(custom_id: &str) -> Option<Action> {
        let mut parts = custom_id.split(':');
        if parts.next()? != "halma" {
            return None;
        }
        let verb = parts.next()?;
        let id: i64 = parts.next()?.parse().ok()?;
        if parts.next().is_some() {
            return None;
        }
        Some(match verb {
            "accept" => Action::Accept(ChallengeId(id)),
            "decline" => Action::Decline(ChallengeId(id)),
            "withdraw" => Action::Withdraw(ChallengeId(id)),
            "draw" => Action::AcceptDraw(GameId(id)),
            "rematch" => Action::Rematch(GameId(id)),
            "move" => Action::Pick(GameId(id)),
            "join" => Action::Join(LobbyId(id)),
            "leave" => Action::Leave(LobbyId(id)),
            "start" => Action::Start(LobbyId(id)),
            "addbot" => Action::AddBot(LobbyId(id)),
            _ => return None,
        })
    }
}

/// A file sent with a message.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct File {
    /// The file name, such as `board.png`.
    pub name: String,
    /// The contents.
    pub bytes: Vec<u8>,
}

/// A message to show.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Reply {
    /// The text (Discord markdown; `<@id>` mentions a user).
    pub content: String,
    /// Attached files (a board PNG, a replay GIF, a long history).
    pub files: Vec<File>,
    /// Buttons under the message.
    pub buttons: Vec<Button>,
    /// Link buttons after them (the Watch button of a board).
    pub links: Vec<LinkButton>,
    /// Shown only to the user who asked.
    pub ephemeral: bool,
    /// Users the message pings (everyone else mentioned is shown, not pinged).
    pub pings: Vec<u64>,
}

impl Reply {
    /// A plain message with only text.
    pub(super) fn text(content: String) -> Reply {
        Reply {
            content,
            ..Reply::default()
        }
    }
}

/// How to name players in pictures: their display name, or `None` when unknown.
pub type Names<'a> = &'a dyn Fn(u64) -> Option<String>;
