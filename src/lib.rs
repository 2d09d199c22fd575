//! Halma rules.
