//! From a typed request to the service's answer: the table every front end shares.

use super::Answer;
use crate::clicks::{Action, Picked, PickerId, PuzzlePickerId};
use crate::error::{Result, UserError};
use crate::locale::Lang;
use crate::model::GameId;
use crate::service::{
    Accepted, Actor, ChallengeRequest, DestinationPicker, LobbyRequest, PickerStep, PuzzleAnswer,
    PuzzleCommand, PuzzleDestinations, PuzzleStep, Service, TournamentCommand,
    DEFAULT_LEADERBOARD_SIZE,
};
use halma::{MoveText, Variant};

/// A command a member gave, its values typed (each front end reads its own text).
#[derive(Clone, Debug)]
pub enum Command {
    /// `/halma challenge`: invite members, or play the bot at once when it is the only one
    /// named.
    Challenge(ChallengeRequest),
    /// `/halma open`: a lobby anyone may join.
    Open(LobbyRequest),
    /// `/halma move`.
    Move(MoveText),
    /// `/halma board`.
    Board,
    /// `/halma history`.
    History,
    /// `/halma hint`.
    Hint,
    /// `/halma resign`.
    Resign,
    /// `/halma draw`.
    Draw,
    /// `/halma abort`, by a member who may manage messages or not.
    Abort {
        /// Whether the member is a moderator.
        can_manage_messages: bool,
    },
    /// `/halma leaderboard`.
    Leaderboard(Variant),
    /// `/halma stats` of a member.
    Stats(u64),
    /// `/halma rules`.
    Rules,
    /// `/halma notify`: show the member's DM setting, or turn DMs on or off (`dm`), written
    /// in `lang` from now on.
    Notify {
        /// On or off; `None` only shows the setting.
        dm: Option<bool>,
        /// The member's language.
        lang: Lang,
    },
    /// `/halma tournament …`, or a click on a tournament's Join or Leave button.
    Tournament(TournamentCommand),
    /// `/halma puzzle …`.
    Puzzle(PuzzleCommand),
}

/// Asks the service what `at` commands, answered by the interaction with `token` when the
/// front end has one (see [`Service::answering`]); a refusal is [`crate::Error::User`].
pub async fn run(
    service: &Service,
    at: Actor,
    command: Command,
    token: Option<&str>,
) -> Result<Answer> {
    let answering = service.answering(token);
    Ok(match command {
        Command::Challenge(req) if req.is_against_me() => {
            Answer::Started(Box::new(service.invitations().challenge_ai(&req).await?))
        }
        Command::Challenge(req) => {
            Answer::Invited(service.invitations().challenge_group(&req).await?)
        }
        Command::Open(req) => Answer::Lobby(service.invitations().open_lobby(&req).await?),
        // A member with no game of theirs in the channel moves in their open puzzle.
        Command::Move(text) if service.puzzles().takes_move(at).await? => Answer::Puzzle(Box::new(
            PuzzleAnswer::Moved(service.puzzles().play(at, &text).await?),
        )),
        Command::Move(text) => Answer::Moved(Box::new(answering.play(at, &text).await?)),
        Command::Board => Answer::Board(Box::new(service.board(at.place).await?)),
        Command::History => Answer::History(service.history(at.place).await?),
        Command::Hint => Answer::Hint(Box::new(service.searches().hint(at).await?)),
        Command::Resign => Answer::Resigned(answering.resign(at).await?),
        Command::Draw => Answer::Draw(answering.offer_draw(at).await?),
        Command::Abort {
            can_manage_messages,
        } => Answer::Aborted {
            by: at.user,
            abort: answering.abort(at, can_manage_messages).await?,
        },
        Command::Leaderboard(variant) => Answer::Leaderboard(
            service
                .leaderboard(at.guild(), variant, DEFAULT_LEADERBOARD_SIZE)
                .await?,
        ),
        Command::Stats(member) => Answer::Stats(service.stats(at.guild(), member).await?),
        Command::Rules => Answer::Rules,
        Command::Notify { dm, lang } => {
            Answer::Notify(service.settings().notify(at.user, dm, lang).await?)
        }
        Command::Tournament(command) => {
            Answer::Tournament(Box::new(service.tournaments().answer(at, &command).await?))
        }
        Command::Puzzle(command) => {
            Answer::Puzzle(Box::new(service.puzzles().run(at, &command).await?))
        }
    })
}

/// Asks the service what a click on a challenge's, a lobby's or a game's button does (`bot`
/// is this bot's user, which a lobby's host may add). The Move button opens the picker, which
/// front ends show on their own: it is refused here. `token` as for [`run`].
pub async fn click(
    service: &Service,
    at: Actor,
    action: Action,
    bot: u64,
    token: Option<&str>,
) -> Result<Answer> {
    let user = at.user;
    Ok(match action {
        Action::Accept(id) => accepted(service.invitations().accept(id, user).await?),
        Action::Decline(id) => Answer::Declined {
            challenge: service.invitations().decline(id, user).await?,
            by: user,
        },
        Action::Withdraw(id) => Answer::Withdrawn(service.invitations().withdraw(id, user).await?),
        Action::AcceptDraw(game) => {
            Answer::Draw(service.answering(token).accept_draw(at, game).await?)
        }
        Action::Rematch(game) => accepted(service.invitations().rematch(at, game).await?),
        Action::Join(id) => {
            Answer::LobbyChanged(Box::new(service.invitations().join_lobby(id, user).await?))
        }
        Action::Leave(id) => {
            Answer::LobbyChanged(Box::new(service.invitations().leave_lobby(id, user).await?))
        }
        Action::Start(id) => {
            Answer::LobbyChanged(Box::new(service.invitations().start_lobby(id, user).await?))
        }
        Action::AddBot(id) => Answer::LobbyChanged(Box::new(
            service
                .invitations()
                .add_bot_to_lobby(id, user, bot)
                .await?,
        )),
        // A front end sends these as `Command::Tournament`, with the member's name.
        Action::Pick(GameId(_))
        | Action::PuzzleMove(_)
        | Action::JoinTournament(_)
        | Action::LeaveTournament(_) => return Err(UserError::UnknownButton.into()),
    })
}

/// An answered invitation: the game when everyone has accepted, else the invitation.
fn accepted(accepted: Accepted) -> Answer {
    match accepted {
        Accepted::Started(started) => Answer::Started(started),
        Accepted::Waiting(invitation) => Answer::Invited(invitation),
    }
}

/// What a pick in the move picker led to.
#[derive(Clone, Debug)]
pub enum Pick {
    /// The picker's next step (a played move among them).
    Step(PickerStep),
    /// Another page of a piece's destinations, from `offset` on (the "more…" option).
    Page(DestinationPicker, usize),
}

/// Asks the service what `at`'s pick `picked` in the picker component `id` does: Back, a
/// piece, a destination, or the next page of destinations. A pick no menu of this bot offers
/// is refused. `token` as for [`run`].
pub async fn pick(
    service: &Service,
    at: Actor,
    id: PickerId,
    picked: Option<Picked>,
    token: Option<&str>,
) -> Result<Pick> {
    let step = match (id, picked) {
        (PickerId::Back(stamp), _) => service.picker_back(at, stamp).await?,
        (PickerId::Piece { stamp, .. }, Some(Picked::Square(from))) => {
            service.pick_piece(at, stamp, from).await?
        }
        (PickerId::Destination { stamp, from, .. }, Some(Picked::Square(to))) => {
            service
                .answering(token)
                .pick_destination(at, stamp, from, to)
                .await?
        }
        (PickerId::Destination { stamp, from, .. }, Some(Picked::More(offset))) => {
            // The next page of the same piece's destinations.
            match service.pick_piece(at, stamp, from).await? {
                PickerStep::Destinations(picker) => return Ok(Pick::Page(picker, offset)),
                other => other,
            }
        }
        _ => return Err(UserError::UnknownButton.into()),
    };
    Ok(Pick::Step(step))
}

/// What a pick in a puzzle's move picker led to.
#[derive(Clone, Debug)]
pub enum PuzzlePick {
    /// The picker's next step (a played move among them).
    Step(PuzzleStep),
    /// Another page of a piece's destinations, from `offset` on (the "more…" option).
    Page(PuzzleDestinations, usize),
}

/// Asks the service what `at`'s pick `picked` in the puzzle picker component `id` does: Back,
/// a piece, a destination, or the next page of destinations. A pick no menu of this bot
/// offers is refused.
pub async fn puzzle_pick(
    service: &Service,
    at: Actor,
    id: PuzzlePickerId,
    picked: Option<Picked>,
) -> Result<PuzzlePick> {
    let puzzles = service.puzzles();
    let step = match (id, picked) {
        (PuzzlePickerId::Back(stamp), _) => puzzles.picker_back(at, stamp).await?,
        (PuzzlePickerId::Piece { stamp, .. }, Some(Picked::Square(from))) => {
            puzzles.pick_piece(at, stamp, from).await?
        }
        (PuzzlePickerId::Destination { stamp, from, .. }, Some(Picked::Square(to))) => {
            puzzles.pick_destination(at, stamp, from, to).await?
        }
        (PuzzlePickerId::Destination { stamp, from, .. }, Some(Picked::More(offset))) => {
            match puzzles.pick_piece(at, stamp, from).await? {
                PuzzleStep::Destinations(picker) => return Ok(PuzzlePick::Page(picker, offset)),
                other => other,
            }
        }
        _ => return Err(UserError::UnknownButton.into()),
    };
    Ok(PuzzlePick::Step(step))
}
