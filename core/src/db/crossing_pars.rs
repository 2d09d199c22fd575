//! The `crossing_pars` table: the par of each crossing board, the engine's best crossing,
//! computed once and kept. A process claims a board before it computes it (a lease, so that
//! two processes never search the same board, and one that dies leaves it to the next).

use super::{corrupt, parse, Db};
use chrono::{DateTime, Utc};
use halma::{MoveText, Variant};

/// A board's par as stored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StoredPar {
    /// The board.
    pub variant: Variant,
    /// The moves, each with its whole chain.
    pub moves: Vec<MoveText>,
    /// The solver's node budget it was found with.
    pub nodes: u64,
    /// When it was found.
    pub computed_at: DateTime<Utc>,
}

struct ParRow {
    variant: String,
    moves: Option<String>,
    par: Option<i32>,
    nodes: Option<i64>,
    computed_at: Option<DateTime<Utc>>,
}

impl ParRow {
    /// The par, `None` while it is not computed.
    fn into_par(self) -> Result<Option<StoredPar>, sqlx::Error> {
        let (Some(text), Some(par), Some(computed_at)) = (self.moves, self.par, self.computed_at)
        else {
            return Ok(None);
        };
        let what = format!("the par of {}", self.variant);
        let moves: Vec<MoveText> = text
            .split_whitespace()
            .map(|m| parse(&what, m))
            .collect::<Result<_, _>>()?;
        if moves.len() != par as usize {
            return Err(corrupt(format!("{what}: {} moves, not {par}", moves.len())));
        }
        Ok(Some(StoredPar {
            variant: parse("a par's variant", &self.variant)?,
            moves,
            nodes: self.nodes.unwrap_or(0).max(0) as u64,
            computed_at,
        }))
    }
}

impl Db {
    /// The par of `variant`'s crossing under the camp rule (`camp_rule`), `None` while it is
    /// not computed.
    #[tracing::instrument(skip_all)]
    pub async fn crossing_par(
        &self,
        variant: Variant,
        camp_rule: bool,
    ) -> Result<Option<StoredPar>, sqlx::Error> {
        let row = sqlx::query_as!(
            ParRow,
            "SELECT variant, moves, par, nodes, computed_at FROM crossing_pars
             WHERE variant = $1 AND camp_rule = $2",
            variant.name(),
            camp_rule
        )
        .fetch_optional(&self.pool)
        .await?;
        match row {
            Some(row) => row.into_par(),
            None => Ok(None),
        }
    }

    /// Claims the computation of `variant`'s par until `until`: `true` when this process may
    /// compute it now (it is not computed, and nobody's lease runs at `now`).
    #[tracing::instrument(skip_all)]
    pub async fn claim_crossing_par(
        &self,
        variant: Variant,
        camp_rule: bool,
        now: DateTime<Utc>,
        until: DateTime<Utc>,
    ) -> Result<bool, sqlx::Error> {
        let claimed = sqlx::query_scalar!(
            "INSERT INTO crossing_pars (variant, camp_rule, claimed_until) VALUES ($1, $2, $4)
             ON CONFLICT (variant, camp_rule) DO UPDATE SET claimed_until = EXCLUDED.claimed_until
             WHERE crossing_pars.par IS NULL
               AND (crossing_pars.claimed_until IS NULL OR crossing_pars.claimed_until <= $3)
             RETURNING variant",
            variant.name(),
            camp_rule,
            now,
            until
        )
        .fetch_optional(&self.pool)
        .await?;
        Ok(claimed.is_some())
    }

    /// Stores the par found for `variant` and ends the claim; `false` when a par was stored
    /// already (the first one found stays).
    #[tracing::instrument(skip_all)]
    pub async fn store_crossing_par(
        &self,
        variant: Variant,
        camp_rule: bool,
        moves: &[MoveText],
        nodes: u64,
        now: DateTime<Utc>,
    ) -> Result<bool, sqlx::Error> {
        let text: Vec<String> = moves.iter().map(MoveText::to_string).collect();
        let done = sqlx::query!(
            "UPDATE crossing_pars SET moves = $3, par = $4, nodes = $5, computed_at = $6,
                 claimed_until = NULL
             WHERE variant = $1 AND camp_rule = $2 AND par IS NULL",
            variant.name(),
            camp_rule,
            text.join(" "),
            moves.len() as i32,
            nodes.min(i64::MAX as u64) as i64,
            now
        )
        .execute(&self.pool)
        .await?;
        Ok(done.rows_affected() == 1)
    }

    /// Gives up the claim on `variant`'s par (the search was stopped or found nothing), so
    /// that another process may take it at once.
    #[tracing::instrument(skip_all)]
    pub async fn release_crossing_par(
        &self,
        variant: Variant,
        camp_rule: bool,
    ) -> Result<(), sqlx::Error> {
        sqlx::query!(
            "UPDATE crossing_pars SET claimed_until = NULL
             WHERE variant = $1 AND camp_rule = $2 AND par IS NULL",
            variant.name(),
            camp_rule
        )
        .execute(&self.pool)
        .await?;
        Ok(())
    }
}
