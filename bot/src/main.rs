//! The Halma Discord bot's executable. The Discord layer comes later; the library holds the
//! database and service layers.

fn main() {}
