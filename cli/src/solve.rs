//! The `solve` subcommand: puzzles the engine solves, for now the crossing
//! (one player alone moves every piece from home to the target camp in as
//! few moves as possible).

use crate::{variant_named, Failure};
use clap::{Args, Subcommand};
use halma_engine::{crossing, Limits, Stop};
use std::fmt::Write as _;
use std::time::Duration;

/// The puzzles `halma solve` knows.
#[derive(Subcommand)]
pub enum Puzzle {
    /// Move the first player's pieces, alone on the board, from their camp
    /// to the opposite one in as few moves as the search finds; prints one
    /// move per line (as `halma play` reads them), then `moves: N`.
    Crossing(CrossingArgs),
}

/// How to search for a crossing.
#[derive(Args)]
pub struct CrossingArgs {
    /// The board: small, ig10, standard, star2 (or any other variant; its
    /// first player crosses).
    #[arg(long, default_value = "star2")]
    variant: String,
    /// Play without the camp rule (pieces may leave the target camp again),
    /// as in the published records.
    #[arg(long)]
    no_camp_rule: bool,
    /// Search for this many seconds at most.
    #[arg(long, value_name = "S", default_value_t = 60.0)]
    seconds: f64,
    /// The most positions to generate (the time limit still applies).
    #[arg(long, value_name = "N")]
    nodes: Option<u64>,
    /// Also say on stderr how long the search took and when it found the
    /// crossing it prints.
    #[arg(long)]
    stats: bool,
}

/// Runs `halma solve <puzzle>`.
pub fn solve(puzzle: Puzzle) -> Result<String, Failure> {
    match puzzle {
        Puzzle::Crossing(args) => crossing_moves(args),
    }
}

fn crossing_moves(args: CrossingArgs) -> Result<String, Failure> {
    let variant = variant_named(&args.variant)?;
    if !(args.seconds > 0.0 && args.seconds <= 86_400.0) {
        return Err(Failure(format!(
            "--seconds must be above 0 and at most 86400, not {}",
            args.seconds
        )));
    }
    let limits = Limits {
        time: Some(Duration::from_secs_f64(args.seconds)),
        nodes: args.nodes,
        depth: None,
    };
    let found = crossing::solve(variant, !args.no_camp_rule, limits, &Stop::new())
        .ok_or_else(|| Failure("no crossing found within the budget; give it more".into()))?;
    if args.stats {
        eprintln!(
            "found after {:.2}s and {} positions; searched {} positions",
            found.time_to_find.as_secs_f64(),
            found.nodes_to_find,
            found.nodes
        );
    }
    let mut out = String::new();
    for mv in &found.moves {
        let _ = writeln!(out, "{mv}");
    }
    let _ = writeln!(out, "moves: {}", found.moves.len());
    Ok(out)
}
