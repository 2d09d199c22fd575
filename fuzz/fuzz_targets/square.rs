//! Square names: parsing never panics, and a parsed square prints to its own name.
#![no_main]

use halma::Square;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|text: &str| {
    if let Ok(square) = text.parse::<Square>() {
        let printed = square.to_string();
        assert_eq!(printed.parse::<Square>().ok(), Some(square), "{printed:?}");
    }
});
