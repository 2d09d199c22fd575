//! The seat tables the event streams read after each change of a game: loaded once per change
//! (the hub's message number) and shared by every stream of that game, so that a hundred people
//! watching one game cost one query per move, not a hundred.

use halma_core::service::SeatTable;
use std::collections::HashMap;
use std::future::Future;
use std::sync::{Arc, Mutex};
use tokio::sync::OnceCell;

/// Games whose table is kept at most; past that the tables start afresh (each is loaded again
/// once on its next change).
pub const TABLES_KEPT: usize = 4_096;

/// A table being loaded or loaded, for the change numbered `seq`.
struct Kept {
    seq: u64,
    table: Arc<OnceCell<Option<Arc<SeatTable>>>>,
}

/// The latest seat table of each game that open streams follow.
#[derive(Default)]
pub struct Tables {
    kept: Mutex<HashMap<String, Kept>>,
}

impl Tables {
    /// The table of the game `token` as of change `seq` or later: loaded with `load` by the
    /// first stream to ask after that change, while the others wait for the same load.
    pub async fn get<F, L>(&self, token: &str, seq: u64, load: L) -> Option<Arc<SeatTable>>
    where
        L: FnOnce() -> F,
        F: Future<Output = Option<SeatTable>>,
    {
        let table = {
            let mut kept = self.kept.lock().unwrap_or_else(|p| p.into_inner());
            match kept.get(token) {
                Some(k) if k.seq >= seq => k.table.clone(),
                _ => {
                    if kept.len() >= TABLES_KEPT {
                        kept.clear();
                    }
                    let table = Arc::new(OnceCell::new());
                    let fresh = Kept {
                        seq,
                        table: table.clone(),
                    };
                    kept.insert(token.to_owned(), fresh);
                    table
                }
            }
        };
        table
            .get_or_init(|| async { load().await.map(Arc::new) })
            .await
            .clone()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::{AtomicU32, Ordering};

    fn table(draw: bool) -> SeatTable {
        SeatTable {
            web_token: "t".into(),
            seats: vec![(halma::Seat::A, 1), (halma::Seat::B, 2)],
            draw_offers: if draw {
                vec![halma::Seat::A]
            } else {
                Vec::new()
            },
            active: true,
        }
    }

    #[tokio::test]
    async fn one_load_per_change_for_every_stream() {
        let tables = Tables::default();
        let loads = AtomicU32::new(0);
        let load = |draw| {
            let loads = &loads;
            move || async move {
                loads.fetch_add(1, Ordering::SeqCst);
                Some(table(draw))
            }
        };
        // Fifty streams see change 5 at once: one load.
        let seen =
            futures::future::join_all((0..50).map(|_| tables.get("t", 5, load(false)))).await;
        assert_eq!(loads.load(Ordering::SeqCst), 1);
        assert!(seen.iter().all(|t| t.as_deref() == Some(&table(false))));
        // A stream still at change 4 takes the newer table; change 6 loads again.
        assert_eq!(
            tables.get("t", 4, load(true)).await.as_deref(),
            Some(&table(false))
        );
        assert_eq!(loads.load(Ordering::SeqCst), 1);
        assert_eq!(
            tables.get("t", 6, load(true)).await.as_deref(),
            Some(&table(true))
        );
        assert_eq!(loads.load(Ordering::SeqCst), 2);
    }
}
