//! The `render` and `replay` subcommands: pictures of a position or a game,
//! written to a file (or to stdout with `-o -`).

use crate::{options_for, Failure};
use halma::{Game, MoveText, Position, Square};
use halma_render::{board_png, replay_gif, BoardOptions, ReplayOptions, Theme};
use std::io::Write;
use std::path::Path;

/// What `halma render` was asked for.
pub struct RenderArgs {
    pub options: Vec<String>,
    pub position: String,
    pub last: Option<String>,
    pub highlights: Vec<String>,
    pub theme: String,
    pub names: Vec<String>,
    pub output: String,
}

/// Draws a position as a PNG.
pub fn render(args: RenderArgs) -> Result<String, Failure> {
    let pos: Position = args.position.parse()?;
    // Options do not change the picture, but a bad one is still an error.
    options_for(&pos, &args.options)?;
    let theme: Theme = args.theme.parse()?;
    let on_board = |sq: Square, what: &str| {
        if pos.variant().contains(sq) {
            Ok(sq)
        } else {
            let side = pos.variant().side();
            Err(Failure(format!(
                "{what} {sq} is off the {side}×{side} board"
            )))
        }
    };
    let last_move = match &args.last {
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
            squares
        }
    };
    let highlights = args
        .highlights
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
        names: args.names,
        hide_turn: false,
    };
    write_output(&args.output, &board_png(&pos, &options))
}

/// What `halma replay` was asked for.
pub struct ReplayArgs {
    pub options: Vec<String>,
    pub position: String,
    pub moves: Vec<String>,
    pub theme: String,
    pub names: Vec<String>,
    pub output: String,
}

/// Plays the moves from the position and animates the game as a GIF.
pub fn replay(args: ReplayArgs) -> Result<String, Failure> {
    let pos: Position = args.position.parse()?;
    let opts = options_for(&pos, &args.options)?;
    let theme: Theme = args.theme.parse()?;
    let mut game = Game::new(pos, opts);
    for (i, text) in args.moves.iter().enumerate() {
        let mv: MoveText = text
            .parse()
            .map_err(|e| Failure(format!("move {} ('{text}'): {e}", i + 1)))?;
        game.play(&mv)
            .map_err(|e| Failure(format!("move {} ({mv}): {e}", i + 1)))?;
    }
    let options = ReplayOptions {
        theme,
        names: args.names,
        ..ReplayOptions::default()
    };
    write_output(
        &args.output,
        &replay_gif(game.start(), game.plies(), &options),
    )
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
        std::fs::write(Path::new(output), bytes)
            .map_err(|e| Failure(format!("cannot write {output}: {e}")))?;
    }
    Ok(String::new())
}
