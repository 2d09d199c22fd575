//! The `render` and `replay` subcommands: pictures of a position or a game,
//! written to a file (or to stdout with `-o -`).

use crate::{off_board, options_for, play_all, position_from, Failure};
use clap::Args;
use halma::{Game, MoveText, Options, Position, Square};
use halma_render::{board_png, replay_gif, BoardOptions, KeptBands, ReplayOptions, Theme};
use std::io::Write;

/// How a picture looks and where it goes.
#[derive(Args)]
pub struct PictureArgs {
    /// light or dark.
    #[arg(long, default_value = "light")]
    theme: String,
    /// A player's name for the header, in seat order (repeat for each).
    #[arg(long = "name", value_name = "NAME")]
    names: Vec<String>,
    /// The file to write, or - for stdout.
    #[arg(short, long, value_name = "FILE")]
    output: String,
}

/// Draws a position as a PNG, with the move that led to it and marked
/// squares.
pub fn render(
    position: &str,
    options: &[String],
    last: Option<&str>,
    highlights: &[String],
    picture: PictureArgs,
) -> Result<String, Failure> {
    let pos = position_from(position)?;
    // Options do not change the picture, but they decide whether --last is legal.
    let opts = options_for(&pos, options)?;
    let theme: Theme = picture.theme.parse()?;
    let on_board = |sq: Square, what: &str| match off_board(pos.variant(), sq) {
        None => Ok(sq),
        Some(why) => Err(Failure(format!("{what}: {why}"))),
    };
    let last_move = match last {
        None => Vec::new(),
        Some(text) => {
            let chain: MoveText = text
                .parse()
                .map_err(|e| Failure(format!("--last '{text}': {e}")))?;
            let squares = chain
                .squares()
                .iter()
                .map(|&sq| on_board(sq, "--last square"))
                .collect::<Result<Vec<_>, _>>()?;
            let end = squares[squares.len() - 1];
            if pos.piece_at(end).is_none() {
                return Err(Failure(format!(
                    "--last ends on {end}, which is empty: give the move that led to this position"
                )));
            }
            check_last_move(&pos, &opts, &chain)?;
            squares
        }
    };
    let highlights = highlights
        .iter()
        .map(|text| {
            let sq: Square = text
                .trim()
                .parse()
                .map_err(|e| Failure(format!("--highlight '{text}': {e}")))?;
            on_board(sq, "--highlight square")
        })
        .collect::<Result<Vec<_>, _>>()?;
    let options = BoardOptions {
        theme,
        last_move,
        highlights,
        names: picture.names,
        ..BoardOptions::default()
    };
    // One picture per run: nothing to reuse, so its bands go with it.
    let png = board_png(&pos, &options, &KeptBands::new());
    write_output(&picture.output, &png)
}

/// Plays the moves from the position and animates the game as a GIF.
pub fn replay(
    position: &str,
    options: &[String],
    moves: &[String],
    picture: PictureArgs,
) -> Result<String, Failure> {
    let pos = position_from(position)?;
    let opts = options_for(&pos, options)?;
    let theme: Theme = picture.theme.parse()?;
    let mut game = Game::new(pos, opts);
    play_all(&mut game, moves)?;
    let options = ReplayOptions {
        theme,
        names: picture.names,
        ..ReplayOptions::default()
    };
    let gif = replay_gif(game.start(), game.plies(), &options);
    write_output(&picture.output, &gif)
}

/// Writes the picture to `output`, or to stdout for `-`. Prints nothing else.
fn write_output(output: &str, bytes: &[u8]) -> Result<String, Failure> {
    if output == "-" {
        let mut stdout = std::io::stdout().lock();
        stdout
            .write_all(bytes)
            .and_then(|()| stdout.flush())
            .map_err(|e| Failure(format!("cannot write to stdout: {e}")))?;
    } else {
        std::fs::write(output, bytes)
            .map_err(|e| Failure(format!("cannot write {output}: {e}")))?;
    }
    Ok(String::new())
}

/// Checks that `chain`, whose end holds a piece, is a legal move of that piece's player that
/// leads to `pos`: the position before it (the piece back on the chain's start, its player to
/// move) must allow the chain, and playing it must give `pos`, turn included.
fn check_last_move(pos: &Position, opts: &Options, chain: &MoveText) -> Result<(), Failure> {
    let mv = chain.ends();
    let mover = pos
        .piece_at(mv.to)
        .ok_or_else(|| Failure(format!("--last ends on {}, which is empty", mv.to)))?;
    if pos.piece_at(mv.from).is_some() {
        return Err(Failure(format!(
            "--last '{chain}' starts on {}, which is not empty after the move",
            mv.from
        )));
    }
    let as_mover = |p: &Position| {
        p.with_to_move(mover)
            .ok_or_else(|| Failure(format!("seat {mover} does not play here")))
    };
    // Moving the piece back is a plain swap of two squares; no rule is asked.
    let back = halma::Move {
        from: mv.to,
        to: mv.from,
    };
    let before = as_mover(&as_mover(pos)?.play_unchecked(back))?;
    before.check_text(chain, opts).map_err(|e| {
        Failure(format!(
            "--last '{chain}' is not a legal move for {mover}: {e}"
        ))
    })?;
    let after = before.play_unchecked(mv);
    if &after != pos {
        return Err(Failure(format!(
            "--last '{chain}' does not lead to this position: after it {} is to move, not {}",
            after.to_move(),
            pos.to_move()
        )));
    }
    Ok(())
}
