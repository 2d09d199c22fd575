//! Move times (`10m`, `1h 30m`): parsing never panics, and what parses lies within the bounds.
#![no_main]

use halma_core::service::{parse_turn_timeout, MAX_TURN_TIMEOUT, MIN_TURN_TIMEOUT};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|text: &str| {
    if let Ok(timeout) = parse_turn_timeout(text) {
        assert!((MIN_TURN_TIMEOUT..=MAX_TURN_TIMEOUT).contains(&timeout), "{text:?}");
    }
});
