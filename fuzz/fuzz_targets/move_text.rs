//! Move texts (`e12-g10-g12`) and single moves: parsing never panics, and what parses prints
//! to a text that parses back to the same move.
#![no_main]

use halma::{Move, MoveText};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|text: &str| {
    if let Ok(chain) = text.parse::<MoveText>() {
        let printed = chain.to_string();
        assert_eq!(printed.parse::<MoveText>().ok(), Some(chain), "{printed:?}");
    }
    if let Ok(mv) = text.parse::<Move>() {
        let printed = mv.to_string();
        assert_eq!(printed.parse::<Move>().ok(), Some(mv), "{printed:?}");
    }
});
