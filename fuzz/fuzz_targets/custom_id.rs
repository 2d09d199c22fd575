//! Button custom ids: parsing never panics, and the action read from an id writes an id of at
//! most Discord's 100 characters that reads back as the same action.
#![no_main]

use halma_core::present::{Action, CUSTOM_ID_LIMIT};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|text: &str| {
    if let Some(action) = Action::parse(text) {
        let written = action.custom_id();
        assert!(written.len() <= CUSTOM_ID_LIMIT, "{written}");
        assert_eq!(Action::parse(&written), Some(action), "{text:?}");
    }
});
