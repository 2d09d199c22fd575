//! `/halma puzzle start|daily|board|giveup|leaderboard`: a member's puzzles. Each reads its
//! options into a [`PuzzleCommand`] and answers through the shared dispatch; everything but
//! the day's leaderboard is answered only to the member. Making a puzzle may take a moment
//! (a chain puzzle plays the engine against itself), so `start` and `daily` defer their
//! answer first, ephemeral.

use super::dispatch::dispatch;
use super::{Context, Error};
use halma::Variant;
use halma_core::front::Command;
use halma_core::service::{PuzzleCommand, PuzzleKind};
use puzzle_choices::{BoardChoice, KindChoice};

/// Puzzles: a crossing or a chain puzzle of your own, or the server's daily one.
#[poise::command(
    slash_command,
    guild_only,
    subcommands("start", "daily", "board", "giveup", "leaderboard"),
    subcommand_required
)]
pub(super) async fn puzzle(_ctx: Context<'_>) -> Result<(), Error> {
    Ok(())
}

async fn run(ctx: Context<'_>, command: PuzzleCommand) -> Result<(), Error> {
    dispatch(ctx, Command::Puzzle(command)).await
}

/// Start a puzzle of your own (only you see it).
#[poise::command(slash_command, guild_only)]
async fn start(
    ctx: Context<'_>,
    kind: Option<KindChoice>,
    variant: Option<BoardChoice>,
) -> Result<(), Error> {
    ctx.defer_ephemeral().await?;
    let command = PuzzleCommand::Start {
        kind: kind.map(|k| k.0),
        variant: variant.map(|v| v.0),
    };
    run(ctx, command).await
}

/// Today's puzzle, the same for everyone in this server (only you see yours).
#[poise::command(slash_command, guild_only)]
async fn daily(ctx: Context<'_>) -> Result<(), Error> {
    ctx.defer_ephemeral().await?;
    run(ctx, PuzzleCommand::Daily).await
}

/// Show your open puzzle again.
#[poise::command(slash_command, guild_only)]
async fn board(ctx: Context<'_>) -> Result<(), Error> {
    run(ctx, PuzzleCommand::Board).await
}

/// Give up your open puzzle.
#[poise::command(slash_command, guild_only)]
async fn giveup(ctx: Context<'_>) -> Result<(), Error> {
    run(ctx, PuzzleCommand::GiveUp).await
}

/// How this server's members did in today's puzzle.
#[poise::command(slash_command, guild_only)]
async fn leaderboard(ctx: Context<'_>) -> Result<(), Error> {
    run(ctx, PuzzleCommand::Leaderboard).await
}

/// The choices of the puzzle options, built from the puzzles' own lists.
mod puzzle_choices {
    use super::{PuzzleKind, Variant};
    use crate::choices::named_choice;
    use halma_core::service::PUZZLE_BOARDS;

    named_choice!(
        /// A kind of puzzle: crossing or chain.
        KindChoice(PuzzleKind),
        PuzzleKind::ALL,
        parse
    );

    named_choice!(
        /// A board puzzles are played on.
        BoardChoice(Variant),
        PUZZLE_BOARDS
    );

    #[cfg(test)]
    mod tests {
        use super::*;
        use poise::ChoiceParameter;

        #[test]
        fn every_choice_reads_back_from_its_index_and_name() {
            for (i, c) in KindChoice::list().iter().enumerate() {
                let kind = KindChoice::from_index(i).expect("listed");
                assert_eq!(KindChoice::from_name(&c.name), Some(kind));
                assert_eq!(kind.name(), c.name);
            }
            for (i, c) in BoardChoice::list().iter().enumerate() {
                let board = BoardChoice::from_index(i).expect("listed");
                assert_eq!(BoardChoice::from_name(&c.name), Some(board));
                assert_eq!(board.name(), c.name);
            }
            assert_eq!(BoardChoice::list().len(), 4);
            assert_eq!(KindChoice::from_index(2), None);
        }
    }
}
