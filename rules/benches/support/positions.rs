//! The positions the move-generation bench measures, shared with the `movegen_loop` example
//! that counts instructions over the same workload.

use halma::{Options, Position, Variant};

/// Midgame positions reached by a fixed pseudo-random walk that prefers
/// moves towards the target camp, so pieces mix in the middle of the board.
pub fn midgame_positions() -> Vec<Position> {
    let opts = Options::for_variant(Variant::Standard);
    let mut seed: u64 = 0x9E37_79B9_7F4A_7C15;
    let mut positions = Vec::new();
    for game in 0..8 {
        let mut pos = Position::start(Variant::Standard);
        for ply in 0..(40 + game * 5) {
            let moves = pos.legal_moves(&opts);
            if moves.is_empty() {
                break;
            }
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            // Half the time take the move that gains most ground, else any.
            let mv = if seed >> 63 == 0 {
                let target = pos.variant().target_camp(pos.to_move());
                let corner = target.squares().next().expect("camp has squares");
                *moves
                    .iter()
                    .min_by_key(|m| {
                        (m.to.distance(corner) as i32) - (m.from.distance(corner) as i32)
                    })
                    .expect("moves is not empty")
            } else {
                moves[(seed >> 33) as usize % moves.len()]
            };
            pos = pos.play_unchecked(mv);
            if ply >= 30 {
                positions.push(pos.clone());
            }
        }
    }
    positions
}

/// Crowded `star6` midgame positions: all sixty pieces on the board, reached
/// by a fixed pseudo-random walk that prefers moves towards the target point,
/// taken once every seat has moved about ten to twenty times, when the
/// pieces of all six crowd the hexagon.
pub fn star6_positions() -> Vec<Position> {
    let variant = Variant::Star6;
    let opts = Options::for_variant(variant);
    let mut seed: u64 = 0x2545_F491_4F6C_DD1D;
    let mut positions = Vec::new();
    for game in 0..6 {
        let mut pos = Position::start(variant);
        for ply in 0..(100 + game * 6) {
            let moves = pos.legal_moves(&opts);
            if moves.is_empty() {
                pos = pos.passed();
                continue;
            }
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            // Mostly the move that gains most ground, else any.
            let mv = if seed >> 62 != 0 {
                let target = variant.target_camp(pos.to_move());
                let gain = |sq| {
                    target
                        .squares()
                        .map(|t| variant.distance(sq, t) as i32)
                        .min()
                        .unwrap_or(0)
                };
                *moves
                    .iter()
                    .min_by_key(|m| gain(m.to) - gain(m.from))
                    .expect("moves is not empty")
            } else {
                moves[(seed >> 33) as usize % moves.len()]
            };
            pos = pos.play_unchecked(mv);
            if ply >= 60 && ply % 2 == 0 {
                positions.push(pos.clone());
            }
        }
    }
    positions
}
