//! The console as a medium of the one delivery ([`halma_core::front::deliver`]): an answer is
//! printed, its files saved, like any other reply of local mode; a direct message is printed
//! with the name of the member it is for in front.

use super::Session;
use halma_core::front::{self, Announcement, Answer, Medium, NameBook};
use halma_core::present::Reply;
use halma_core::service::{NoticeView, Service};
use std::io::Write;
use std::sync::Arc;
use std::time::{Duration, Instant};

/// What a local command or click comes to: a change or a query the service answered, or a
/// reply of local mode's own (a usage line, a replay).
pub(super) enum Said {
    /// The service's answer, with a line to print after it.
    Answer(Box<Answer>, Option<String>),
    /// A reply to print as it is.
    Reply(Reply),
}

/// The terminal, printing for `session`.
struct Console<'a, W> {
    session: &'a Session,
    out: &'a mut W,
    /// Whether what was printed carried a board picture.
    drew: bool,
    /// The member a direct message is for: it is printed with their name in front.
    dm_to: Option<String>,
}

impl<W: Write + Send> Medium for Console<'_, W> {
    fn names(&self) -> NameBook {
        let users = self.session.users.clone();
        Arc::new(move |_, id| {
            users
                .iter()
                .find(|(_, &uid)| uid == id)
                .map(|(name, _)| name.clone())
        })
    }

    async fn show(&mut self, mut reply: Reply, _nonce: Option<String>) -> anyhow::Result<()> {
        self.drew = super::has_board(&reply);
        if let Some(name) = &self.dm_to {
            reply.content = format!("(DM to {name}) {}", reply.content);
        }
        self.session.show(Ok(reply), self.out)
    }

    async fn message(&mut self) -> anyhow::Result<Option<u64>> {
        Ok(None)
    }
}

impl Session {
    /// Prints `answer` through the one delivery; whether it showed a board.
    pub(super) async fn deliver(
        &self,
        answer: Answer,
        out: &mut (impl Write + Send),
    ) -> anyhow::Result<bool> {
        let mut console = Console {
            session: self,
            out,
            drew: false,
            dm_to: None,
        };
        front::deliver(&self.service, &mut console, self.lang, answer).await?;
        Ok(console.drew)
    }

    /// Prints what a command or click said; whether it showed a board.
    pub(super) async fn say(
        &self,
        said: Result<Said, halma_core::error::Error>,
        out: &mut (impl Write + Send),
    ) -> anyhow::Result<bool> {
        match said {
            Ok(Said::Answer(answer, note)) => {
                let drew = self.deliver(*answer, out).await?;
                if let Some(note) = note {
                    writeln!(out, "{note}")?;
                }
                Ok(drew)
            }
            Ok(Said::Reply(reply)) => {
                let drew = super::has_board(&reply);
                self.show(Ok(reply), out)?;
                Ok(drew)
            }
            Err(error) => {
                self.show(Err(error), out)?;
                Ok(false)
            }
        }
    }
}

/// How long local mode waits for the bot's moves before it gives the prompt back; they are
/// printed after the next command then.
const BOT_PATIENCE: Duration = Duration::from_secs(120);

/// How many announcements one look at the outbox takes.
const BATCH: u32 = 20;

/// The worker that plays the bot's moves ([`halma_core::workers::bot_moves`]), stopped when its
/// session ends.
pub(super) struct Worker(tokio::task::JoinHandle<()>);

impl Worker {
    /// Starts the worker for `service`'s games.
    pub(super) fn start(service: &Service) -> Worker {
        // Nobody flips this switch: the worker ends when the session drops it.
        let (_switch, stop) = halma_core::ops::shutdown();
        Worker(tokio::spawn(halma_core::workers::bot_moves::run(
            service.clone(),
            stop,
        )))
    }
}

impl Drop for Worker {
    fn drop(&mut self) {
        self.0.abort();
    }
}

impl Session {
    /// Prints what waits in the outbox (the bot's moves, each with the board as text, and the
    /// timer's announcements) until the bot is not to move in the channel's game: the console
    /// is local mode's outbox sender.
    pub(super) async fn catch_up(&self, out: &mut (impl Write + Send)) -> anyhow::Result<()> {
        let started = Instant::now();
        loop {
            let bot_turn = self.bot_to_move().await;
            self.send_due(out).await?;
            if !bot_turn {
                return Ok(());
            }
            if started.elapsed() > BOT_PATIENCE {
                writeln!(
                    out,
                    "The bot is still thinking; its move shows after your next command."
                )?;
                return Ok(());
            }
            // Woken when the bot's move is written; a look a second in any case.
            let _ = tokio::time::timeout(Duration::from_secs(1), self.service.outbox_woken()).await;
        }
    }

    /// Whether the bot is to move in the channel's game.
    async fn bot_to_move(&self) -> bool {
        self.service
            .board(super::HERE)
            .await
            .is_ok_and(|game| game.to_move.is_some_and(|p| game.bots.contains(&p)))
    }

    /// Prints every due announcement and confirms it.
    async fn send_due(&self, out: &mut (impl Write + Send)) -> anyhow::Result<()> {
        loop {
            let batch = self.service.take_notices(BATCH).await?;
            let full = batch.len() >= BATCH as usize;
            for outgoing in batch {
                let id = outgoing.id;
                if let Some(item) = Announcement::of(outgoing) {
                    let moved = matches!(item.view(), NoticeView::Move(_));
                    let dm_to = item
                        .view()
                        .dm_to()
                        .map(|user| self.name_of(user).unwrap_or_else(|| format!("user {user}")));
                    let mut console = Console {
                        session: self,
                        out: &mut *out,
                        drew: false,
                        dm_to,
                    };
                    front::deliver(&self.service, &mut console, self.lang, item).await?;
                    if moved {
                        self.show_text_board(out).await?;
                    }
                }
                self.service.notice_sent(id).await?;
            }
            if !full {
                return Ok(());
            }
        }
    }
}
