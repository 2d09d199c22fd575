//! Drawing a message on tokio's blocking pool, with its players' names. A message may carry a
//! board picture, and drawing one takes a millisecond or more of CPU that would otherwise hold
//! up an async worker, and with it the gateway and every other command.
//!
//! The names are the ones the front end knows; members the service knew not at all or not
//! lately (after a restart, or kept by another process) are read afterwards, and the message
//! is drawn again only if a name changed (see [`crate::service::Service::read_names`]).

use crate::present::Names;
use crate::service::Service;
use std::cell::RefCell;
use std::sync::Arc;

/// Who is who on board pictures: the name member `user` goes by in server `guild`, called as
/// `names(guild, user)`, when one is known.
pub type NameBook = Arc<dyn Fn(u64, u64) -> Option<String> + Send + Sync>;

/// Draws what `show` makes of `value` with the names of `names`, on the blocking pool, and
/// again when a member it named is read anew with another name.
pub async fn draw<T, R, F>(
    service: &Service,
    names: &NameBook,
    value: T,
    show: F,
) -> anyhow::Result<R>
where
    T: Send + 'static,
    R: Send + 'static,
    F: Fn(&T, Names<'_>) -> R + Send + 'static,
{
    let (known, book) = (service.clone(), Arc::clone(names));
    let (value, show, drawn, unread) = tokio::task::spawn_blocking(move || {
        let unread = Unread::default();
        let drawn = show(&value, &|guild, user| {
            unread.note(&known, &book, guild, user)
        });
        (value, show, drawn, unread)
    })
    .await?;
    if !unread.changed_after_reading(service, names).await {
        return Ok(drawn);
    }
    let book = Arc::clone(names);
    let drawn = tokio::task::spawn_blocking(move || show(&value, &|g, u| book(g, u))).await?;
    Ok(drawn)
}

/// A member of a server (server, user), and the name a drawing showed for them.
type Shown = ((u64, u64), Option<String>);

/// The members a drawing named whom the service knew not at all or not lately, with the name
/// it showed for each.
#[derive(Default)]
struct Unread(RefCell<Vec<Shown>>);

impl Unread {
    /// The name `names` gives member `user` of `guild`, noting the member when the service
    /// wants their name read again.
    fn note(&self, service: &Service, names: &NameBook, guild: u64, user: u64) -> Option<String> {
        let name = names(guild, user);
        if service.known_name(guild, user).wants_reading() {
            let mut unread = self.0.borrow_mut();
            if !unread.iter().any(|(m, _)| *m == (guild, user)) {
                unread.push(((guild, user), name.clone()));
            }
        }
        name
    }

    /// Reads the noted members' names; whether any of them would be drawn otherwise now. A
    /// failed read changes nothing (it is logged).
    async fn changed_after_reading(self, service: &Service, names: &NameBook) -> bool {
        let unread = self.0.into_inner();
        if unread.is_empty() {
            return false;
        }
        let members: Vec<(u64, u64)> = unread.iter().map(|(m, _)| *m).collect();
        if let Err(error) = service.read_names(&members).await {
            tracing::warn!(%error, "could not read members' names; boards show those known");
            return false;
        }
        unread
            .iter()
            .any(|((guild, user), shown)| names(*guild, *user) != *shown)
    }
}
