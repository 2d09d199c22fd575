//! The Halma Discord bot.
fn main() {}
