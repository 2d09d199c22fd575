//! The calls whose change a front end shows in its answer to the member's interaction. The
//! outbox row each holds for that answer keeps the interaction's token, so that a sender that
//! finds the row after a crash can ask whether the answer was shown before posting it (see
//! [`super::Outgoing::answer_token`]). The token is passed as a value: [`Service::answering`].

use super::outbox::Delivery;
use super::{
    Abort, Actor, DrawOffer, GameId, MovePlayed, PickerStamp, PickerStep, Resignation, Service,
};
use crate::error::Result;
use halma::{MoveText, Square};

/// [`Service`]'s calls that an interaction's answer shows, with that interaction's token.
#[derive(Clone, Copy)]
pub struct Answering<'a> {
    service: &'a Service,
    delivery: Delivery<'a>,
}

impl Service {
    /// The calls answered by the interaction with `token` (`None` for a front end without
    /// one, such as the console).
    pub fn answering<'a>(&'a self, token: Option<&'a str>) -> Answering<'a> {
        Answering {
            service: self,
            delivery: Delivery::Answer(token),
        }
    }
}

impl Answering<'_> {
    /// [`Service::play`].
    pub async fn play(self, at: Actor, text: &MoveText) -> Result<MovePlayed> {
        self.service.play_for(at, text, self.delivery, None).await
    }

    /// [`Service::resign`].
    pub async fn resign(self, at: Actor) -> Result<Resignation> {
        self.service.resign_by(at, self.delivery).await
    }

    /// [`Service::offer_draw`].
    pub async fn offer_draw(self, at: Actor) -> Result<DrawOffer> {
        self.service.offer_draw_by(at, None, self.delivery).await
    }

    /// [`Service::accept_draw`].
    pub async fn accept_draw(self, at: Actor, game: GameId) -> Result<DrawOffer> {
        self.service
            .offer_draw_by(at, Some(game), self.delivery)
            .await
    }

    /// [`Service::abort`].
    pub async fn abort(self, at: Actor, can_manage_messages: bool) -> Result<Abort> {
        self.service
            .abort_by(at, can_manage_messages, self.delivery)
            .await
    }

    /// [`Service::pick_destination`].
    pub async fn pick_destination(
        self,
        at: Actor,
        stamp: PickerStamp,
        from: Square,
        to: Square,
    ) -> Result<PickerStep> {
        self.service
            .pick_destination_by(at, stamp, (from, to), self.delivery)
            .await
    }
}
