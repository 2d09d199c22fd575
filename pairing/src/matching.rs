//! Maximum-weight matching over a field of players, with costs compared in order of priority.
//!
//! Pairing criteria are ranked: a repeat game is worse than any number of unmet first-move
//! wishes, and so on. As established pairing engines do, each pair's costs are folded into
//! one integer weight, each criterion's multiplier larger than everything the lower
//! criteria can add up to over a whole round; a maximum-weight matching then minimises the
//! criteria lexicographically. A base weight larger than every possible penalty makes the
//! matching pair as many players as it can first.
//!
//! The blossom algorithm itself comes from the `integer-blossom` crate (general graphs,
//! `i128` weights).

use crate::tournament::TournamentError;

/// Folds a pair's ranked costs into one weight.
pub(crate) struct Scale {
    multipliers: Vec<i128>,
    base: i128,
}

/// Weights stay below this, leaving the solver room for its dual sums.
const WEIGHT_LIMIT: i128 = 1 << 100;

impl Scale {
    /// A scale for costs whose totals over one matching are at most `bounds`, highest
    /// priority first, for a graph of `vertices` vertices.
    pub fn new(bounds: &[u64], vertices: usize) -> Result<Scale, TournamentError> {
        let mut multipliers = vec![0; bounds.len()];
        let mut next: i128 = 1;
        for (m, &bound) in multipliers.iter_mut().zip(bounds).rev() {
            *m = next;
            next = next
                .checked_mul(i128::from(bound) + 1)
                .ok_or(TournamentError::TooLarge)?;
        }
        let vertices = i128::try_from(vertices).map_err(|_| TournamentError::TooLarge)?;
        match next.checked_mul(vertices.max(1)) {
            Some(total) if total < WEIGHT_LIMIT => Ok(Scale {
                multipliers,
                base: next,
            }),
            _ => Err(TournamentError::TooLarge),
        }
    }

    /// The weight of an edge with these costs (same order and length as the bounds).
    pub fn weight(&self, costs: &[u64]) -> i128 {
        debug_assert_eq!(costs.len(), self.multipliers.len());
        let penalty: i128 = costs
            .iter()
            .zip(&self.multipliers)
            .map(|(&c, &m)| i128::from(c) * m)
            .sum();
        self.base - penalty
    }
}

/// A maximum-weight matching of `n` vertices; `weight(i, j)` is called for `i < j` and
/// `None` means no edge. Returns each vertex's partner.
pub(crate) fn max_weight_matching(
    n: usize,
    mut weight: impl FnMut(usize, usize) -> Option<i128>,
) -> Vec<Option<usize>> {
    let mut matrix = vec![0i128; n * n];
    for i in 0..n {
        for j in i + 1..n {
            // The solver reads a weight of zero or less as no edge.
            matrix[i * n + j] = weight(i, j).unwrap_or(0).max(0);
        }
    }
    integer_blossom::max_weight_matching(&matrix, n)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The best total weight over all matchings, by trying them all.
    fn brute(n: usize, w: &[Vec<i128>], used: &mut Vec<bool>) -> i128 {
        let Some(i) = (0..n).find(|&i| !used[i]) else {
            return 0;
        };
        used[i] = true;
        let mut best = brute(n, w, used);
        for j in i + 1..n {
            if !used[j] && w[i][j] > 0 {
                used[j] = true;
                best = best.max(w[i][j] + brute(n, w, used));
                used[j] = false;
            }
        }
        used[i] = false;
        best
    }

    #[test]
    fn the_matching_is_as_heavy_as_the_best_of_all() {
        let mut seed = 12345u64;
        let mut next = || {
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            seed >> 33
        };
        for round in 0..300 {
            let n = 1 + round % 10;
            let w: Vec<Vec<i128>> = (0..n)
                .map(|_| (0..n).map(|_| i128::from(next() % 7) - 2).collect())
                .collect();
            let w: Vec<Vec<i128>> = (0..n)
                .map(|i| (0..n).map(|j| w[i.min(j)][i.max(j)]).collect())
                .collect();
            let mate = max_weight_matching(n, |i, j| Some(w[i][j]));
            let mut total = 0;
            for (i, m) in mate.iter().enumerate() {
                if let Some(j) = *m {
                    assert_eq!(mate[j], Some(i));
                    assert!(w[i][j] > 0);
                    if i < j {
                        total += w[i][j];
                    }
                }
            }
            assert_eq!(total, brute(n, &w, &mut vec![false; n]), "weights {w:?}");
        }
    }

    #[test]
    fn a_higher_criterion_outweighs_every_lower_one_together() {
        let scale = Scale::new(&[2, 10], 4).expect("small");
        // One unit of the first criterion costs more than ten of the second.
        assert!(scale.weight(&[0, 10]) > scale.weight(&[1, 0]));
        assert!(scale.weight(&[2, 10]) > 0);
    }

    #[test]
    fn huge_bounds_are_refused() {
        assert!(Scale::new(&[u64::MAX, u64::MAX], 10).is_err());
    }
}
