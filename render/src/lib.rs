//! Board images for Halma positions (PNG) and games (GIF).
