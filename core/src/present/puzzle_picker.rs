//! A puzzle's move picker: the same select menus as a game's (pieces, then a piece's
//! destinations, a Back button, "more…" past 100), with ids of their own
//! ([`PuzzlePickerId`]); a played move edits the picker into the puzzle after it, with the
//! next pieces, so a whole crossing is played in one message only its member sees.

use super::chain_text;
use super::picker::{destinations_panel, piece_menus, Panel};
use super::puzzle::{progress_line, puzzle_board, status_lines, title};
use crate::clicks::PuzzlePickerId;
use crate::locale::{text, Lang};
use crate::service::{PuzzleDestinations, PuzzlePieces, PuzzleStep};

/// The picker after `step`.
pub fn puzzle_step(lang: Lang, step: &PuzzleStep) -> Panel {
    match step {
        PuzzleStep::Pieces(pieces) => pieces_panel(lang, pieces, None),
        PuzzleStep::Destinations(picker) => puzzle_destinations(lang, picker, 0),
        PuzzleStep::Played(pieces) => {
            let played = pieces
                .view
                .last_move
                .as_deref()
                .map(chain_text)
                .unwrap_or_default();
            let line = text(lang, "puzzle.moved", &[("chain", played)]);
            pieces_panel(lang, pieces, Some(line))
        }
        PuzzleStep::Stale(Some(pieces)) => {
            pieces_panel(lang, pieces, Some(text(lang, "picker.stale_fresh", &[])))
        }
        PuzzleStep::Stale(None) => Panel {
            content: text(lang, "error.puzzle_over", &[]),
            ..Panel::default()
        },
    }
}

/// The puzzle with the pieces that can move (none once it is over: then how it ended), after
/// `first` (the move just played, or why the picker was renewed).
fn pieces_panel(lang: Lang, pieces: &PuzzlePieces, first: Option<String>) -> Panel {
    let view = &pieces.view;
    let mut lines = vec![title(lang, view)];
    lines.extend(first);
    if view.is_open() {
        lines.extend(progress_line(lang, view));
        lines.push(text(lang, "picker.pieces", &[]));
    } else {
        lines.extend(status_lines(lang, view));
    }
    let stamp = pieces.stamp;
    let highlights = pieces.pieces.iter().map(|p| p.from).collect();
    Panel {
        content: lines.join("\n"),
        files: vec![puzzle_board(view, highlights)],
        menus: piece_menus(lang, &pieces.pieces, |menu| {
            PuzzlePickerId::Piece { stamp, menu }.custom_id()
        }),
        buttons: Vec::new(),
    }
}

/// The destinations of one piece from `offset` on, with the board showing them, and a Back
/// button; past what fits, the last option is "more…".
pub fn puzzle_destinations(lang: Lang, picker: &PuzzleDestinations, offset: usize) -> Panel {
    let (stamp, from) = (picker.stamp, picker.from);
    let mut panel = destinations_panel(
        lang,
        from,
        &picker.destinations,
        offset,
        |menu| PuzzlePickerId::Destination { stamp, from, menu }.custom_id(),
        PuzzlePickerId::Back(stamp).custom_id(),
    );
    let highlights = picker.destinations.iter().map(|d| d.to).collect();
    panel.files = vec![puzzle_board(&picker.view, highlights)];
    panel
}

#[cfg(test)]
mod tests {
    use super::super::picker::tests::assert_within_limits;
    use super::*;
    use crate::model::{AttemptId, AttemptStatus, PuzzleId};
    use crate::present::{puzzle_answer, MESSAGE_LIMIT};
    use crate::service::{
        DailyBoard, DailyRow, DestinationChoice, PieceChoice, PuzzleAnswer, PuzzleOutcome,
        PuzzleStamp, PuzzleView,
    };
    use halma::{Options, Position, Seat, Square, Variant};
    use halma_puzzles::{CrossingScore, Finish, PuzzleKind, Streaks};

    const STAMP: PuzzleStamp = PuzzleStamp {
        attempt: AttemptId(i64::MAX),
        ply: 199,
    };

    /// A daily crossing of the standard board, open, or finished at `finish`.
    fn view(kind: PuzzleKind, finish: Option<Finish>) -> PuzzleView {
        let status = match finish {
            None => AttemptStatus::Open,
            Some(Finish::GaveUp) => AttemptStatus::GaveUp,
            Some(f) if f.is_solved() => AttemptStatus::Solved,
            Some(_) => AttemptStatus::Failed,
        };
        let chain: Vec<Square> = (0..40).map(Square::from_index).collect();
        PuzzleView {
            attempt: STAMP.attempt,
            puzzle: PuzzleId(i64::MAX),
            kind,
            variant: Variant::Standard,
            day: chrono::NaiveDate::from_ymd_opt(2026, 12, 7),
            user: u64::MAX,
            position: Position::start(Variant::Standard),
            options: Options::for_variant(Variant::Standard),
            seat: Seat::A,
            last_move: Some(chain.clone()),
            moves: 199,
            par: Some(57),
            home: (18, 19),
            status,
            outcome: finish.map(|finish| PuzzleOutcome {
                finish,
                rating_before: 1500.0,
                rating_after: 1662.3,
                best: Some(chain),
                gains: Some((12, -3)),
                streaks: Some(Streaks {
                    current: 3650,
                    longest: 3650,
                }),
            }),
        }
    }

    #[test]
    fn puzzle_messages_and_pickers_stay_within_discords_limits() {
        let finishes = [
            None,
            Some(Finish::Crossing(CrossingScore { moves: 60, par: 57 })),
            Some(Finish::Crossing(CrossingScore { moves: 50, par: 57 })),
            Some(Finish::Chain { solved: false }),
            Some(Finish::GaveUp),
        ];
        for lang in Lang::ALL {
            for kind in PuzzleKind::ALL {
                for finish in finishes {
                    let view = view(kind, finish);
                    for answer in [
                        PuzzleAnswer::Started(view.clone()),
                        PuzzleAnswer::Moved(view.clone()),
                    ] {
                        let reply = puzzle_answer(lang, &answer);
                        assert!(reply.ephemeral, "only its member sees a puzzle");
                        assert!(reply.content.chars().count() <= MESSAGE_LIMIT);
                        assert_eq!(reply.buttons.len(), usize::from(view.is_open()));
                    }
                    let pieces = PuzzlePieces {
                        view: view.clone(),
                        stamp: STAMP,
                        pieces: (0..19)
                            .map(|i| PieceChoice {
                                from: Square::from_index(i),
                                destinations: 200,
                            })
                            .collect(),
                    };
                    assert_within_limits(&puzzle_step(lang, &PuzzleStep::Played(pieces)));
                }
            }
            let destinations = PuzzleDestinations {
                view: view(PuzzleKind::Crossing, None),
                stamp: STAMP,
                from: "p16".parse().unwrap(),
                destinations: (0..=255u8)
                    .map(|i| DestinationChoice {
                        to: Square::from_index(i),
                        chain: (0..30).map(Square::from_index).collect(),
                    })
                    .collect(),
            };
            for offset in [0, 99, 198] {
                assert_within_limits(&puzzle_destinations(lang, &destinations, offset));
            }
            let board = DailyBoard {
                day: chrono::NaiveDate::from_ymd_opt(2026, 12, 7).unwrap(),
                puzzle: Some((PuzzleKind::Crossing, Variant::Standard, Some(57))),
                rows: (0..15)
                    .map(|i| DailyRow {
                        user: u64::MAX - i,
                        status: AttemptStatus::Solved,
                        moves: 200,
                        rating: 3000.0,
                        streak: 3650,
                    })
                    .collect(),
            };
            let shown = puzzle_answer(lang, &PuzzleAnswer::Leaderboard(board));
            assert!(shown.content.chars().count() <= MESSAGE_LIMIT);
            assert!(!shown.ephemeral && shown.pings.is_empty());
        }
    }
}
