//! The `halma` command-line tool: ask the rules engine and the AI questions
//! from a shell.
//!
//! Every subcommand prints its answer on stdout. Bad input (an unknown
//! variant, a malformed position, an illegal move) exits with status 2 and
//! one line on stderr.

mod ai;
mod draw;

use clap::{Parser, Subcommand};
use halma::{perft, Game, MoveText, Options, Position, Variant};
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
        /// standard, three, four, four-teams, ig10 or small.
        variant: String,
    },
    /// Print every legal move as from-to, one per line, sorted.
    Moves {
        /// Game options as NAME=VALUE (camp_rule, balance, anti_spoiling, ply_limit).
        #[arg(long = "option", value_name = "NAME=VALUE")]
        options: Vec<String>,
        /// Also print a shortest hop chain for each move.
        #[arg(long)]
        paths: bool,
        /// A position string, e.g. the output of `halma start standard`.
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
        /// Moves such as e12-g10 or a whole chain e12-g10-g12.
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
        depth: u32,
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
        /// Squares to mark, comma separated, e.g. g10,h9.
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
    for (i, text) in moves.iter().enumerate() {
        let mv: MoveText = text
            .parse()
            .map_err(|e| Failure(format!("move {} ('{text}'): {e}", i + 1)))?;
        game.play(&mv)
            .map_err(|e| Failure(format!("move {} ({mv}): {e}", i + 1)))?;
    }
    Ok(())
}

/// Refuses a variant name or position string of the star: its pictures come
/// later, so only the engine's commands (`bestmove`, `selfplay`) offer the
/// star variants yet.
fn refuse_star(text: &str) -> Result<(), Failure> {
    let first = text.split_whitespace().next().unwrap_or_default();
    match first.parse::<Variant>() {
        Ok(v) if v.is_star() => Err(Failure(format!(
            "{v} is played on the star, which this tool does not offer yet"
        ))),
        _ => Ok(()),
    }
}

fn run(command: Command) -> Result<String, Failure> {
    match &command {
        Command::Start { variant } => refuse_star(variant)?,
        Command::Moves { position, .. }
        | Command::Play { position, .. }
        | Command::Perft { position, .. }
        | Command::Render { position, .. }
        | Command::Replay { position, .. } => refuse_star(position)?,
        // The engine plays the star.
        Command::Bestmove { .. } | Command::Selfplay(_) => {}
    }
    match command {
        Command::Start { variant } => {
            let variant: Variant = variant.parse()?;
            Ok(format!("{}\n", Position::start(variant)))
        }
        Command::Moves {
            options,
            paths,
            position,
        } => {
            let pos: Position = position.parse()?;
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
            let pos: Position = position.parse()?;
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
        } => {
            let pos = match position.parse::<Variant>() {
                Ok(v) => Position::start(v),
                Err(_) => position.parse::<Position>()?,
            };
            let opts = options_for(&pos, &options)?;
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
    }
}
