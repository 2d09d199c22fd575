//! The message model: what a reply is made of (text, files, buttons, who is pinged) and what
//! a button click asks for. The Discord layer and local mode both show these.

use crate::clicks::Action;
use crate::locale::Lang;

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
    /// The live standings of the tournament with this web token, in this language.
    Tournament(String, Lang),
    /// The board inside Discord (the Activity, `/activity`): Discord opens it for whoever
    /// clicks, in the channel of the message; a front end without an Activity leaves it out.
    Activity,
}

impl Page {
    /// The page's path (and query) under the public URL, like `/game/<token>?lang=de`.
    ///
    /// ```
    /// use halma_core::locale::Lang;
    /// use halma_core::present::Page;
    /// assert_eq!(Page::Game("abc".into(), Lang::De).path(), "/game/abc?lang=de");
    /// ```
    pub fn path(&self) -> String {
        match self {
            Page::Game(token, lang) => format!("/game/{token}?lang={}", lang.code()),
            Page::Tournament(token, lang) => format!("/tournament/{token}?lang={}", lang.code()),
            Page::Activity => "/activity".to_string(),
        }
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

/// How to name players in pictures: the name member `user` goes by in server `guild`, called
/// as `names(guild, user)`, or `None` when unknown.
pub type Names<'a> = &'a dyn Fn(u64, u64) -> Option<String>;
