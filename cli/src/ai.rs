//! The `bestmove` and `selfplay` subcommands: ask the engine for a move, or
//! let players of given strengths play each other to measure them.

use crate::{options_for, position_from, variant_named, Failure};
use clap::Args;
use halma::{Game, Move, Options, Outcome, Position, Seat, Variant};
use halma_engine::{Config, Engine, Level};
use std::fmt::Write as _;
use std::str::FromStr;
use std::time::{Duration, Instant};

/// How the engine searches.
#[derive(Args)]
pub struct SearchArgs {
    /// easy, medium or hard.
    #[arg(long, default_value = "hard")]
    level: String,
    /// Time per move in milliseconds (default: the level's).
    #[arg(long = "time-ms", value_name = "N")]
    time_ms: Option<u64>,
    /// The most positions to search per move. Without --time-ms this drops
    /// the time limit, so the answer is reproducible.
    #[arg(long, value_name = "N")]
    nodes: Option<u64>,
    /// Seeds the engine's choices (weaker levels play a little randomly).
    #[arg(long, value_name = "S", default_value_t = 0)]
    seed: u64,
}

/// The engine's configuration for `level` with the command's overrides.
fn config_for(level: Level, time_ms: Option<u64>, nodes: Option<u64>, seed: u64) -> Config {
    let mut config = level.config();
    config.seed = seed;
    if let Some(n) = nodes {
        config.limits.nodes = Some(n);
        if time_ms.is_none() {
            config.limits.time = None;
        }
    }
    if let Some(ms) = time_ms {
        config.limits.time = Some(Duration::from_millis(ms));
    }
    config
}

/// `halma bestmove`: one line, the move (`pass` when there is none).
pub fn bestmove(options: &[String], search: SearchArgs, position: &str) -> Result<String, Failure> {
    let pos = position_from(position)?;
    let opts = options_for(&pos, options)?;
    let level: Level = search.level.parse()?;
    let config = config_for(level, search.time_ms, search.nodes, search.seed);
    let result = Engine::new().search(&pos, &opts, &config);
    Ok(match result.mv {
        Some(mv) => format!("{mv}\n"),
        None => "pass\n".to_string(),
    })
}

/// Who plays a side in `selfplay`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Player {
    /// The engine at a level.
    Engine(Level),
    /// One ply: the move that most reduces the total distance to go.
    Greedy,
}

impl FromStr for Player {
    type Err = String;

    fn from_str(s: &str) -> Result<Player, String> {
        if s.trim().eq_ignore_ascii_case("greedy") {
            return Ok(Player::Greedy);
        }
        s.parse::<Level>().map(Player::Engine).map_err(|_| {
            format!(
                "unknown player '{}' (choose one of: easy, medium, hard, greedy)",
                s.trim()
            )
        })
    }
}

impl std::fmt::Display for Player {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Player::Engine(level) => write!(f, "{level}"),
            Player::Greedy => f.write_str("greedy"),
        }
    }
}

/// The greedy player's move: least total distance to go afterwards, ties
/// broken towards the target camp's corner (the target point's tip on the
/// star), then by the seed.
fn greedy_move(pos: &Position, opts: &Options, seed: u64) -> Option<Move> {
    let seat = pos.to_move();
    let variant = pos.variant();
    let target = variant.target_camp(seat);
    let corner = if variant.is_star() {
        // The tip is the point's hole farthest from the centre, i9.
        let centre = halma::Square::new(8, 8)?;
        target
            .squares()
            .max_by_key(|&sq| variant.distance(sq, centre))?
    } else {
        let side = variant.side() - 1;
        [(0, 0), (side, 0), (0, side), (side, side)]
            .into_iter()
            .filter_map(|(f, r)| halma::Square::new(f, r))
            .find(|&c| target.contains(c))?
    };
    pos.legal_moves(opts).into_iter().min_by_key(|&mv| {
        let after = pos.play_unchecked(mv);
        let spread = (mv.from.index() as u64 * 256 + mv.to.index() as u64) ^ seed;
        (
            after.distance_to_go(seat),
            variant.distance(mv.to, corner),
            spread.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 40,
        )
    })
}

/// How `selfplay` runs.
#[derive(Args)]
pub struct SelfplayArgs {
    /// The variant to play.
    #[arg(long)]
    pub(crate) variant: String,
    /// How many games; sides swap seats every game.
    #[arg(long, default_value_t = 2)]
    games: u32,
    /// The first player: easy, medium, hard or greedy.
    #[arg(long, default_value = "hard")]
    a: String,
    /// The second player.
    #[arg(long, default_value = "hard")]
    b: String,
    /// Engine time per move in milliseconds (default: each level's).
    #[arg(long = "time-ms", value_name = "N")]
    time_ms: Option<u64>,
    /// Engine nodes per move for both sides; without --time-ms this drops
    /// the time limit, so the games are reproducible. A level's depth limit
    /// stays.
    #[arg(long, value_name = "N")]
    nodes: Option<u64>,
    /// Engine nodes per move for the first player only (overrides --nodes):
    /// to give the sides different budgets, e.g. hard at a fixed node count
    /// against medium at its own depth with --b-nodes 400000 (its node cap).
    #[arg(long = "a-nodes", value_name = "N")]
    a_nodes: Option<u64>,
    /// Engine nodes per move for the second player only (overrides --nodes).
    #[arg(long = "b-nodes", value_name = "N")]
    b_nodes: Option<u64>,
    /// Plies after which a game counts as drawn.
    #[arg(long, default_value_t = 800)]
    max_plies: u32,
    /// Random plies played first, the same for both games of a pair, so
    /// that games differ.
    #[arg(long, default_value_t = 4)]
    opening: u32,
    /// Seeds the openings and the engines.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Game options as NAME=VALUE.
    #[arg(long = "option", value_name = "NAME=VALUE")]
    options: Vec<String>,
    /// After each game, write the score so far on stderr (for long runs).
    #[arg(long)]
    progress: bool,
    /// Instead of a match, let the first player move alone (two-player
    /// variants: the other side keeps one piece in the empty corner and
    /// passes) and print how many moves it needs to complete.
    #[arg(long)]
    solo: bool,
}

/// The tally of a match between the two sides.
#[derive(Default)]
struct Tally {
    wins: [u32; 2],
    draws: u32,
    plies: u64,
    /// Per side: engine searches, the nodes they visited and their time.
    searches: [u64; 2],
    nodes: [u64; 2],
    thinking: [Duration; 2],
}

/// `halma selfplay`: plays the games and prints the score, then each engine
/// side's nodes and time per move and the time per game.
pub fn selfplay(args: SelfplayArgs) -> Result<String, Failure> {
    let variant = variant_named(&args.variant)?;
    let players: [Player; 2] = [
        args.a.parse().map_err(Failure)?,
        args.b.parse().map_err(Failure)?,
    ];
    let start = Position::start(variant);
    let mut opts = options_for(&start, &args.options)?;
    if opts.ply_limit.is_none() {
        opts.ply_limit = Some(args.max_plies.max(1));
    }
    if args.solo {
        return solo(&args, players[0], &opts);
    }
    let side_nodes = [args.a_nodes.or(args.nodes), args.b_nodes.or(args.nodes)];
    let started = Instant::now();
    let mut tally = Tally::default();
    for game in 0..args.games {
        // The side of a seat: partners together in four-teams; sides swap
        // every game.
        let side_of = |seat: Seat| {
            let group = if variant.partner(seat).is_some() {
                seat.index() / 2
            } else {
                seat.index()
            };
            (group + game as usize) % 2
        };
        let pair_seed = args.seed.wrapping_mul(1000).wrapping_add((game / 2) as u64);
        let mut pos = start.clone();
        let mut rng = pair_seed ^ 0xA5A5_5A5A_1234_5678;
        for _ in 0..args.opening {
            let moves = pos.legal_moves(&opts);
            if moves.is_empty() {
                break;
            }
            rng = rng
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            pos = pos.play_unchecked(moves[(rng >> 33) as usize % moves.len()]);
        }
        let mut g = Game::new(pos, opts);
        let mut engines: Vec<Engine> = variant
            .seats()
            .map(|_| Engine::with_table_bits(18))
            .collect();
        while !g.outcome().is_over() {
            let pos = g.position().clone();
            let seat = pos.to_move();
            let seed = pair_seed.wrapping_add(g.plies().len() as u64);
            let side = side_of(seat);
            let mv = match players[side] {
                Player::Greedy => greedy_move(&pos, &opts, seed),
                Player::Engine(level) => {
                    let config = config_for(level, args.time_ms, side_nodes[side], seed);
                    let thinking = Instant::now();
                    let result = engines[seat.index()].search(&pos, &opts, &config);
                    tally.thinking[side] += thinking.elapsed();
                    tally.searches[side] += 1;
                    tally.nodes[side] += result.nodes;
                    result.mv
                }
            };
            let mv = mv.ok_or_else(|| Failure(format!("no move in an ongoing game: {pos}")))?;
            g.play(&mv.into()).map_err(|e| {
                Failure(format!(
                    "the engine chose an illegal move {mv} in {pos}: {e}"
                ))
            })?;
        }
        tally.plies += g.plies().len() as u64;
        match g.outcome() {
            Outcome::Win { winners, .. } => tally.wins[side_of(winners[0])] += 1,
            _ => tally.draws += 1,
        }
        if args.progress {
            eprintln!(
                "game {}: {}-{} wins, {} draws, {} plies, {:.0} s so far",
                game + 1,
                tally.wins[0],
                tally.wins[1],
                tally.draws,
                g.plies().len(),
                started.elapsed().as_secs_f64()
            );
        }
    }
    let games = args.games.max(1) as f64;
    let points = |i: usize| tally.wins[i] as f64 + tally.draws as f64 / 2.0;
    let mut out = String::new();
    let _ = writeln!(
        out,
        "{} {} - {} {} ({} games of {variant}: {}-{} wins, {} draws, {:.0}% for {}); average {:.1} plies per game",
        players[0],
        points(0),
        points(1),
        players[1],
        args.games,
        tally.wins[0],
        tally.wins[1],
        tally.draws,
        100.0 * points(0) / games,
        players[0],
        tally.plies as f64 / games,
    );
    let mut speeds = Vec::new();
    for (side, player) in players.iter().enumerate() {
        let searches = tally.searches[side];
        if searches > 0 {
            let seconds = tally.thinking[side].as_secs_f64().max(1e-9);
            speeds.push(format!(
                "{player} {:.0} nodes and {:.1} ms per move, {:.0} nodes/s",
                tally.nodes[side] as f64 / searches as f64,
                1000.0 * seconds / searches as f64,
                tally.nodes[side] as f64 / seconds,
            ));
        }
    }
    speeds.push(format!(
        "{:.1} s per game",
        started.elapsed().as_secs_f64() / games
    ));
    let _ = writeln!(out, "{}", speeds.join("; "));
    Ok(out)
}

/// The start of `variant` for player a alone: b keeps one piece in the
/// corner no camp uses (on the star, the tip of the empty point SE), since
/// the rules need every seat to have a piece.
fn solo_start(variant: Variant) -> Result<Position, Failure> {
    if variant.players() != 2 {
        return Err(Failure(format!(
            "--solo needs a two-player variant, not {variant}"
        )));
    }
    let side = variant.side();
    let lone = if variant.is_star() {
        halma::Square::new(16, 4)
    } else {
        halma::Square::new(side - 1, side - 1)
    };
    let home = variant.home_camp(Seat::A);
    let board = variant.board();
    let mut ranks = Vec::new();
    for rank in (0..side).rev() {
        // The board's squares on this rank, from its lowest file up.
        let mut squares: Vec<halma::Square> =
            board.squares().filter(|sq| sq.rank() == rank).collect();
        squares.sort_by_key(|sq| sq.file());
        let mut text = String::new();
        let mut empty = 0;
        for sq in squares {
            let piece = if home.contains(sq) {
                Some('a')
            } else if Some(sq) == lone {
                Some('b')
            } else {
                None
            };
            match piece {
                Some(c) => {
                    if empty > 0 {
                        let _ = write!(text, "{empty}");
                        empty = 0;
                    }
                    text.push(c);
                }
                None => empty += 1,
            }
        }
        if empty > 0 {
            let _ = write!(text, "{empty}");
        }
        ranks.push(text);
    }
    Ok(format!("{variant} {} a", ranks.join("/")).parse()?)
}

/// `selfplay --solo`: moves until a's camp is complete, for each game.
fn solo(args: &SelfplayArgs, player: Player, opts: &Options) -> Result<String, Failure> {
    let variant = variant_named(&args.variant)?;
    let start = solo_start(variant)?;
    let mut counts = Vec::new();
    let mut engine = Engine::with_table_bits(18);
    for game in 0..args.games.max(1) {
        let mut pos = start.clone();
        let mut moves = 0u32;
        while !pos.has_completed(Seat::A) && moves < args.max_plies {
            let seed = args.seed.wrapping_mul(1000).wrapping_add(game as u64) + moves as u64;
            let mv = match player {
                Player::Greedy => greedy_move(&pos, opts, seed),
                Player::Engine(level) => {
                    engine
                        .search(
                            &pos,
                            opts,
                            &config_for(level, args.time_ms, args.a_nodes.or(args.nodes), seed),
                        )
                        .mv
                }
            };
            let Some(mv) = mv else { break };
            if std::env::var_os("HALMA_DEBUG").is_some() && moves > 60 {
                eprintln!("{moves} {pos} {mv}");
            }
            pos.check_move(mv, opts)?;
            pos = pos
                .play_unchecked(mv)
                .with_to_move(Seat::A)
                .ok_or_else(|| Failure("no seat a".into()))?;
            moves += 1;
        }
        if std::env::var_os("HALMA_DEBUG").is_some() {
            eprintln!("{pos}");
        }
        counts.push((pos.has_completed(Seat::A), moves));
    }
    let done: Vec<u32> = counts.iter().filter(|c| c.0).map(|c| c.1).collect();
    let mut out = String::new();
    let _ = writeln!(
        out,
        "{player} alone on {variant}: completed {} of {} runs; moves {}",
        done.len(),
        counts.len(),
        if done.is_empty() {
            "-".to_string()
        } else {
            format!(
                "min {} average {:.1} max {}",
                done.iter().min().unwrap_or(&0),
                done.iter().sum::<u32>() as f64 / done.len() as f64,
                done.iter().max().unwrap_or(&0)
            )
        }
    );
    Ok(out)
}
