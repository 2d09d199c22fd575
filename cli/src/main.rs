//! The `halma` command-line tool: ask the rules engine and the AI questions
//! from a shell, for every variant: the square boards and the star.
//!
//! Every subcommand prints its answer on stdout. Bad input (an unknown
//! variant, a malformed position, an illegal move) exits with status 2 and
//! one line on stderr.

mod ai;
mod draw;
mod solve;

use clap::{Parser, Subcommand};
use halma::{perft, Game, MoveText, Options, ParsePositionError, Position, Square, Variant};
use std::process::ExitCode;

/// Ask the Halma rules engine questions.
#[derive(Parser)]
#[command(name = "halma", version, about)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Print the start position string of a variant (player a to move).
    Start {
        /// standard, three, four, four-teams, ig10, small, or on the star
        /// star2, star3, star4 or star6.
        variant: String,
    },
    /// Print every legal move as from-to, one per line, sorted.
    Moves {
        /// Game options as NAME=VALUE (camp_rule, balance, anti_spoiling,
        /// no_parking, ply_limit).
        #[arg(long = "option", value_name = "NAME=VALUE")]
        options: Vec<String>,
        /// Also print a shortest hop chain for each move.
        #[arg(long)]
        paths: bool,
        /// A position string, e.g. the output of `halma start standard` or
        /// `halma start star6`.
        position: String,
    },
    /// Apply moves in order and print the resulting position string.
    Play {
        /// Game options as NAME=VALUE.
        #[arg(long = "option", value_name = "NAME=VALUE")]
        options: Vec<String>,
        /// Also print the game state (ongoing, winner a, draw) on a second line.
        #[arg(long)]
        outcome: bool,
        /// The position to start from.
        position: String,
        /// Moves such as e12-g10 or a whole chain e12-g10-g12 (on the star,
        /// holes such as m4-m5 or k3-k5-i5).
        moves: Vec<String>,
    },
    /// Count the leaves of the move tree to the given depth.
    Perft {
        /// Game options as NAME=VALUE.
        #[arg(long = "option", value_name = "NAME=VALUE")]
        options: Vec<String>,
        /// A variant name (its start position) or a position string.
        position: String,
        /// How many plies deep to count.
        #[arg(value_name = "DEPTH")]
        depth: Option<u32>,
        /// The depth, given as an option instead.
        #[arg(long = "depth", value_name = "N", conflicts_with = "depth")]
        depth_option: Option<u32>,
    },
    /// Draw a position as a PNG picture of the board (the move that led to
    /// it, if given, drawn as its hop chain).
    Render {
        /// Game options as NAME=VALUE (checked; they do not change the picture).
        #[arg(long = "option", value_name = "NAME=VALUE")]
        options: Vec<String>,
        /// The move that led to the position, e.g. e12-g10-g12; it must be legal and end here.
        #[arg(long, value_name = "MOVE")]
        last: Option<String>,
        /// Squares (holes on the star) to mark, comma separated, e.g. g10,h9.
        #[arg(long = "highlight", value_name = "SQUARES", value_delimiter = ',')]
        highlights: Vec<String>,
        #[command(flatten)]
        picture: draw::PictureArgs,
        /// The position to draw.
        position: String,
    },
    /// Print the engine's move for the player to move (from-to, or pass).
    Bestmove {
        /// Game options as NAME=VALUE.
        #[arg(long = "option", value_name = "NAME=VALUE")]
        options: Vec<String>,
        #[command(flatten)]
        search: ai::SearchArgs,
        /// The position to move in.
        position: String,
    },
    /// Let two players (engine levels or greedy) play each other and print
    /// the score.
    Selfplay(ai::SelfplayArgs),
    /// Solve a puzzle: `halma solve crossing --variant star2`.
    Solve {
        #[command(subcommand)]
        puzzle: solve::Puzzle,
    },
    /// Play moves from a position and write the game as an animated GIF.
    Replay {
        /// Game options as NAME=VALUE.
        #[arg(long = "option", value_name = "NAME=VALUE")]
        options: Vec<String>,
        #[command(flatten)]
        picture: draw::PictureArgs,
        /// The position the game starts from.
        position: String,
        /// The moves in order, such as e12-g10 or a whole chain e12-g10-g12.
        moves: Vec<String>,
    },
}

/// What went wrong, as the one line printed on stderr.
struct Failure(String);

impl<E: std::fmt::Display> From<E> for Failure {
    fn from(e: E) -> Failure {
        Failure(e.to_string())
    }
}

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) if !e.use_stderr() => {
            // --help and --version
            print!("{e}");
            return ExitCode::SUCCESS;
        }
        Err(e) => {
            let text = e.to_string();
            let line = text.lines().next().unwrap_or("invalid arguments");
            eprintln!("{}", line.trim());
            return ExitCode::from(2);
        }
    };
    match run(cli.command) {
        Ok(out) => {
            print!("{out}");
            ExitCode::SUCCESS
        }
        Err(Failure(msg)) => {
            eprintln!("error: {msg}");
            ExitCode::from(2)
        }
    }
}

fn options_for(pos: &Position, pairs: &[String]) -> Result<Options, Failure> {
    let mut opts = Options::default_for(pos);
    for pair in pairs {
        opts.set_pair(pair)?;
    }
    Ok(opts)
}

/// Plays `moves` in order, naming the first bad one.
fn play_all(game: &mut Game, moves: &[String]) -> Result<(), Failure> {
    let variant = game.position().variant();
    for (i, text) in moves.iter().enumerate() {
        let mv: MoveText = text
            .parse()
            .map_err(|e| Failure(format!("move {} ('{text}'): {e}", i + 1)))?;
        if let Some(why) = mv.squares().iter().find_map(|&sq| off_board(variant, sq)) {
            return Err(Failure(format!("move {} ({mv}): {why}", i + 1)));
        }
        game.play(&mv)
            .map_err(|e| Failure(format!("move {} ({mv}): {e}", i + 1)))?;
    }
    Ok(())
}

/// Reads a variant name, square board or star.
fn variant_named(text: &str) -> Result<Variant, Failure> {
    text.parse()
        .map_err(|e: halma::UnknownVariant| Failure(e.to_string()))
}

/// Reads a position string, square board or star.
fn position_from(text: &str) -> Result<Position, Failure> {
    text.parse()
        .map_err(|e: ParsePositionError| Failure(e.to_string()))
}

/// Why `sq` is not on `variant`'s board, or `None` when it is: on the star
/// only 121 of the grid's names are holes, so `a1` is a name but no hole.
fn off_board(variant: Variant, sq: Square) -> Option<String> {
    if variant.contains(sq) {
        None
    } else if variant.is_star() {
        Some(format!("{sq} is not a hole of the star"))
    } else {
        let side = variant.side();
        Some(format!("{sq} is off the {side}×{side} board"))
    }
}

fn run(command: Command) -> Result<String, Failure> {
    match command {
        Command::Start { variant } => {
            Ok(format!("{}\n", Position::start(variant_named(&variant)?)))
        }
        Command::Moves {
            options,
            paths,
            position,
        } => {
            let pos = position_from(&position)?;
            let opts = options_for(&pos, &options)?;
            let mut lines: Vec<String> = pos
                .legal_moves(&opts)
                .into_iter()
                .map(|mv| {
                    if !paths {
                        return mv.to_string();
                    }
                    let chain = pos
                        .chain(mv, &opts)
                        .and_then(MoveText::from_squares)
                        .map(|c| c.to_string())
                        .unwrap_or_default();
                    format!("{mv} {chain}")
                })
                .collect();
            lines.sort();
            Ok(lines.iter().map(|l| format!("{l}\n")).collect())
        }
        Command::Play {
            options,
            outcome,
            position,
            moves,
        } => {
            let pos = position_from(&position)?;
            let opts = options_for(&pos, &options)?;
            let mut game = Game::new(pos, opts);
            play_all(&mut game, &moves)?;
            let mut out = format!("{}\n", game.position());
            if outcome {
                out.push_str(&format!("{}\n", game.outcome()));
            }
            Ok(out)
        }
        Command::Perft {
            options,
            position,
            depth,
            depth_option,
        } => {
            // One word names a variant (its start); more is a position string.
            let pos = if position.split_whitespace().count() == 1 {
                Position::start(variant_named(&position)?)
            } else {
                position_from(&position)?
            };
            let opts = options_for(&pos, &options)?;
            // clap refuses both at once.
            let depth = depth.or(depth_option).ok_or_else(|| {
                Failure("perft needs a depth: halma perft <variant or position> <depth>".into())
            })?;
            Ok(format!("{}\n", perft(&pos, &opts, depth)))
        }
        Command::Render {
            options,
            last,
            highlights,
            picture,
            position,
        } => draw::render(&position, &options, last.as_deref(), &highlights, picture),
        Command::Replay {
            options,
            picture,
            position,
            moves,
        } => draw::replay(&position, &options, &moves, picture),
        Command::Bestmove {
            options,
            search,
            position,
        } => ai::bestmove(&options, search, &position),
        Command::Selfplay(args) => ai::selfplay(args),
        Command::Solve { puzzle } => solve::solve(puzzle),
    }
}
