//! Random legal moves, reproducible from a seed, and the games they are played in.

use std::sync::{Mutex, MutexGuard};

use halma::{Game, Move, Options, Position, Square, Variant};

/// SplitMix64: enough randomness to pick moves, reproducible from the seed.
pub struct Rng(pub u64);

impl Rng {
    /// The next number.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number below `n` (which must not be 0).
    pub fn below(&mut self, n: usize) -> usize {
        (self.next_u64() % n as u64) as usize
    }
}

/// A random legal move for the player to move, with the text `/halma move` takes for it.
pub fn random_move(game: &Game, rng: &mut Rng) -> Option<(Move, String, String)> {
    let moves = game.position().legal_moves(game.options());
    if moves.is_empty() {
        return None;
    }
    let mv = moves[rng.below(moves.len())];
    let chain = game.position().chain(mv, game.options())?;
    let to: Vec<String> = chain[1..].iter().map(Square::to_string).collect();
    Some((mv, mv.from.to_string(), to.join(" ")))
}

/// A new game of `standard`, as the bot starts it.
pub fn standard_game() -> Game {
    Game::new(
        Position::start(Variant::Standard),
        Options::for_variant(Variant::Standard),
    )
}

/// Locks `mutex`, poisoned or not: a bench goes on after a panicked task.
pub fn lock<T>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    mutex
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
}
