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
    if position.variant().is_star() {
        return star_text_board(position);
    }
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

/// The star drawn as the rule book draws it: one line per rank from rank 17 down, each rank
/// half a hole to the right of the one below (so files climb to the upper right), `.` for an
/// empty hole and a seat's letter for its pieces; each line ends with its files, since the
/// star's files are not columns.
///
/// ```
/// let pos = halma::Position::start(halma::Variant::Star6);
/// let text = halma_bot::local::text_board(&pos);
/// let lines: Vec<&str> = text.lines().collect();
/// assert_eq!(lines[0], "17              d               e");
/// assert_eq!(lines[4], "13  c c c c . . . . . e e e e   a-m");
/// assert_eq!(lines[8], " 9      . . . . . . . . .       e-m");
/// assert_eq!(lines[16], " 1              a               m");
/// ```
fn star_text_board(position: &Position) -> String {
    let variant = position.variant();
    let side = variant.side();
    // A hole of file f and rank r (from 0) sits at column 2f + r - 8 of its line: two columns
    // per hole, half a hole (one column) further right per rank, so that the leftmost holes
    // (a13, e5) sit at column 4, after the rank's label and a margin, and the rightmost (m13,
    // q5) at column 28.
    let column = |file: u8, rank: u8| (2 * file as usize + rank as usize).saturating_sub(8);
    // Every line's files are named at one column, past the rightmost holes.
    let files_at = 32;
    let mut out = String::new();
    for rank in (0..side).rev() {
        let holes: Vec<Square> = (0..side)
            .filter_map(|file| Square::new(file, rank))
            .filter(|&sq| variant.contains(sq))
            .collect();
        let mut line = format!("{:>2}", rank + 1);
        for sq in &holes {
            let at = column(sq.file(), rank);
            while line.len() < at {
                line.push(' ');
            }
            line.push(position.piece_at(*sq).map_or('.', |s| s.letter()));
        }
        if let (Some(first), Some(last)) = (holes.first(), holes.last()) {
            while line.len() < files_at {
                line.push(' ');
            }
            let file = |sq: &Square| (b'a' + sq.file()) as char;
            if first == last {
                line.push(file(first));
            } else {
                line.push(file(first));
                line.push('-');
                line.push(file(last));
            }
        }
        out.push_str(&line);
        out.push('\n');
    }
    out
}
