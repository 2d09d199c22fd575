//! Position strings: parsing never panics, and a parsed position prints to a string that
//! parses back to the same position.
#![no_main]

use halma::Position;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|text: &str| {
    if let Ok(position) = text.parse::<Position>() {
        let printed = position.to_string();
        let again: Position = printed
            .parse()
            .unwrap_or_else(|e| panic!("{printed:?} does not parse back: {e}"));
        assert_eq!(again, position, "{printed:?}");
    }
});
