//! Boards as text for the terminal.

use halma::{Position, Square};

/// A compact text board: one line per rank from the top, `.` for an empty square.
///
/// ```
/// let pos = halma::Position::start(halma::Variant::Small);
/// let text = halma_bot::local::text_board(&pos);
/// assert!(text.lines().next().unwrap().starts_with(" 8 b b b b . . . ."));
/// ```
pub fn text_board(position: &Position) -> String {
    let side = position.variant().side();
    let mut out = String::new();
    for rank in (0..side).rev() {
        out.push_str(&format!("{:>2}", rank + 1));
        for file in 0..side {
            let sq = Square::new(file, rank).expect("inside the board");
            let c = position.piece_at(sq).map(|s| s.letter()).unwrap_or('.');
            out.push(' ');
            out.push(c);
        }
        out.push('\n');
    }
    out.push_str("  ");
    for file in 0..side {
        out.push(' ');
        out.push((b'a' + file) as char);
    }
    out.push('\n');
    out
}
