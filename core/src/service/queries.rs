//! Questions about games that change nothing: the board, history, replay data, autocomplete
//! choices, the leaderboard and a player's stats.

use super::{
    corrupt, Choice, GameStatus, GameView, History, HistoryPly, Leaderboard, LeaderboardEntry,
    Record, ReplayData, Service, Stats, VariantStats,
};
use super::{Actor, Place};
use crate::db::games::GameRecord;
use crate::db::ratings::Rating;
use crate::error::{Error, Result};
use halma::{Move, Options, Position, Square, Variant};

/// Discord shows at most this many autocomplete choices.
pub const MAX_CHOICES: usize = 25;

/// Discord's limit on an autocomplete choice's name and value, in characters.
pub const MAX_CHOICE_LEN: usize = 100;

/// A destination's choice name, `g12 (via g10, e10)`, with the middle of a chain too long for
/// [`MAX_CHOICE_LEN`] left out (`p16 (via a1, …, o15)`).
pub(crate) fn via_name(to: Square, via: &[String]) -> String {
    if via.is_empty() {
        return to.to_string();
    }
    let full = format!("{to} (via {})", via.join(", "));
    if full.chars().count() <= MAX_CHOICE_LEN {
        return full;
    }
    let last = &via[via.len() - 1];
    let mut shown: Vec<&str> = Vec::new();
    for hop in &via[..via.len() - 1] {
        let name = format!("{to} (via {}, {hop}, …, {last})", shown.join(", "));
        if name.chars().count() > MAX_CHOICE_LEN {
            break;
        }
        shown.push(hop);
    }
    if shown.is_empty() {
        format!("{to} (via …, {last})")
    } else {
        format!("{to} (via {}, …, {last})", shown.join(", "))
    }
}

/// How many players a leaderboard shows when the command does not say.
pub const DEFAULT_LEADERBOARD_SIZE: u32 = 10;

/// The rating and results a rating holds.
fn record(rating: &Rating) -> Record {
    Record {
        rating: rating.rating,
        deviation: rating.deviation,
        games: rating.games,
        wins: rating.wins,
        losses: rating.losses,
        draws: rating.draws,
    }
}

/// Whether a square's name starts with what the user typed so far.
fn matches_prefix(sq: Square, typed: &str) -> bool {
    sq.to_string()
        .starts_with(&typed.trim().to_ascii_lowercase())
}

impl Service {
    /// The channel's game as it stands (or, when none is being played, the last one).
    #[tracing::instrument(skip_all)]
    pub async fn board(&self, at: Place) -> Result<GameView> {
        let now = self.now();
        let game = self.current_or_last(at).await?;
        self.view_of(&game, now).await
    }

    /// The numbered plies of the channel's current (or last) game; the current position is in
    /// the returned view.
    #[tracing::instrument(skip_all)]
    pub async fn history(&self, at: Place) -> Result<History> {
        let (game, plies, departures) = self.game_and_plies(at).await?;
        let departures = departures
            .into_iter()
            .map(|(after, seat)| {
                let player = game.players.iter().copied().find(|p| p.seat == seat);
                let player = player
                    .ok_or_else(|| corrupt(format!("game {}: nobody at seat {seat}", game.id)))?;
                Ok((after, player))
            })
            .collect::<Result<_>>()?;
        let plies = plies
            .into_iter()
            .enumerate()
            .map(|(i, ply)| {
                Ok(HistoryPly {
                    number: i as u32 + 1,
                    player: game
                        .players
                        .iter()
                        .copied()
                        .find(|p| p.seat == ply.seat())
                        .ok_or_else(|| {
                            corrupt(format!("game {}: nobody at seat {}", game.id, ply.seat()))
                        })?,
                    ply,
                })
            })
            .collect::<Result<_>>()?;
        let hints = self
            .db
            .hints_used(game.id)
            .await?
            .into_iter()
            .filter_map(|(seat, n)| {
                let player = game.players.iter().copied().find(|p| p.seat == seat)?;
                Some((player, n))
            })
            .collect();
        Ok(History {
            game,
            plies,
            hints,
            departures,
        })
    }

    /// The start position, every ply and the departures of the channel's current (or last)
    /// game, to animate.
    #[tracing::instrument(skip_all)]
    pub async fn replay_data(&self, at: Place) -> Result<ReplayData> {
        let game = self.current_or_last(at).await?;
        let (rules, departures) = self.replay_with_departures(&game).await?;
        Ok(ReplayData {
            game: self.view_of(&game, self.now()).await?,
            start: rules.start().clone(),
            plies: rules.plies().to_vec(),
            departures,
        })
    }

    /// The channel's current (or last) game, its plies, and its departures with the plies
    /// played before each.
    async fn game_and_plies(
        &self,
        at: Place,
    ) -> Result<(GameView, Vec<halma::Ply>, Vec<(u32, halma::Seat)>)> {
        let game = self.current_or_last(at).await?;
        let (rules, departures) = self.replay_with_departures(&game).await?;
        Ok((
            self.view_of(&game, self.now()).await?,
            rules.plies().to_vec(),
            departures,
        ))
    }

    /// The channel's active game, if `user` is the player to move in it.
    pub(super) async fn game_for_mover(&self, at: Actor) -> Result<Option<GameRecord>> {
        let game = match self.current_or_last(at.place).await {
            Ok(game) => game,
            Err(Error::User(_)) => return Ok(None),
            Err(e) => return Err(e),
        };
        match game.to_move()? {
            Some(p) if p.user == at.user => Ok(Some(game)),
            _ => Ok(None),
        }
    }

    /// The position `at` moves in with `/halma move`, and its rules: the channel's game when
    /// it is their turn, else their open puzzle when no game of theirs is played here.
    async fn mover_board(&self, at: Actor) -> Result<Option<(Position, Options)>> {
        if let Some(game) = self.game_for_mover(at).await? {
            return Ok(Some((game.position, game.options)));
        }
        if self.puzzles().takes_move(at).await? {
            return self.puzzles().open_board(at).await;
        }
        Ok(None)
    }

    /// Autocomplete for a move's start: the squares of the mover's pieces that can move, whose
    /// names start with `typed`. Only the player to move gets choices (or a member in their
    /// open puzzle); everyone else (and anyone in a channel without a game) gets an empty
    /// list, since they cannot move anyway.
    #[tracing::instrument(skip_all)]
    pub async fn complete_from(&self, at: Actor, typed: &str) -> Result<Vec<Choice>> {
        let Some((position, options)) = self.mover_board(at).await? else {
            return Ok(Vec::new());
        };
        let mut choices = Vec::new();
        position.for_each_destination(&options, |from, _| {
            if matches_prefix(from, typed) && choices.len() < MAX_CHOICES {
                choices.push(Choice {
                    name: from.to_string(),
                    value: from.to_string(),
                });
            }
        });
        Ok(choices)
    }

    /// Autocomplete for a move's destination from `from`: the legal destinations whose names
    /// start with `typed`, closest to the mover's target camp first, each shown with a
    /// shortest chain (`g12 (via g10)`). Empty for anyone but the player to move, and when
    /// `from` is not a square with a movable piece of theirs.
    #[tracing::instrument(skip_all)]
    pub async fn complete_to(&self, at: Actor, from: &str, typed: &str) -> Result<Vec<Choice>> {
        let Some((position, options)) = self.mover_board(at).await? else {
            return Ok(Vec::new());
        };
        let Ok(from) = from.parse::<Square>() else {
            return Ok(Vec::new());
        };
        let target = position.variant().target_camp(position.to_move());
        let distance = |sq: Square| target.squares().map(|t| sq.distance(t)).min().unwrap_or(0);
        let mut dests: Vec<Square> = position
            .destinations(from, &options)
            .squares()
            .filter(|&to| matches_prefix(to, typed))
            .collect();
        dests.sort_by_key(|&sq| (distance(sq), sq));
        Ok(dests
            .into_iter()
            .take(MAX_CHOICES)
            .filter_map(|to| {
                let chain = position.chain(Move { from, to }, &options)?;
                let via: Vec<String> = chain[1..chain.len() - 1]
                    .iter()
                    .map(Square::to_string)
                    .collect();
                Some(Choice {
                    name: via_name(to, &via),
                    value: to.to_string(),
                })
            })
            .collect())
    }

    /// The best players of a variant in the guild, at most `limit` (1–100).
    #[tracing::instrument(skip_all)]
    pub async fn leaderboard(
        &self,
        guild: u64,
        variant: Variant,
        limit: u32,
    ) -> Result<Leaderboard> {
        let rows = self
            .db
            .leaderboard(guild, variant, limit.clamp(1, 100))
            .await?;
        let mut entries: Vec<LeaderboardEntry> = Vec::with_capacity(rows.len());
        for (i, row) in rows.iter().enumerate() {
            // Equal ratings share a place.
            let rank = match entries.last() {
                Some(prev) if prev.record.rating == row.rating => prev.rank,
                _ => i as u32 + 1,
            };
            entries.push(LeaderboardEntry {
                rank,
                user: row.user,
                record: record(row),
            });
        }
        Ok(Leaderboard { variant, entries })
    }

    /// A player's rating and record per variant in the guild, and the games they play now.
    #[tracing::instrument(skip_all)]
    pub async fn stats(&self, guild: u64, user: u64) -> Result<Stats> {
        let now = self.now();
        let mut variants = Vec::new();
        for rating in self.db.ratings_of_user(guild, user).await? {
            let rank = self.db.rank(guild, rating.variant, rating.rating).await?;
            variants.push(VariantStats {
                variant: rating.variant,
                rank,
                record: record(&rating),
            });
        }
        variants.sort_by_key(|v| super::Variant::ALL.iter().position(|h| *h == v.variant));
        let mut current_games = Vec::new();
        for game in self.db.active_games_of_user(guild, user).await? {
            debug_assert_eq!(game.status, GameStatus::Active);
            current_games.push(self.view_of(&game, now).await?);
        }
        let ai_records = self.db.ai_records(guild, user).await?;
        let tournaments = self.db.tournament_record(guild, user).await?;
        Ok(Stats {
            user,
            variants,
            current_games,
            ai_records,
            tournaments,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn long_chains_are_shortened_to_fit_a_choice() {
        let sq = |s: &str| s.parse::<Square>().unwrap();
        assert_eq!(via_name(sq("g12"), &[]), "g12");
        assert_eq!(via_name(sq("g12"), &["g10".into()]), "g12 (via g10)");
        let via: Vec<String> = (0..40).map(|i| format!("h{}", i % 16 + 1)).collect();
        let name = via_name(sq("p16"), &via);
        assert!(name.chars().count() <= MAX_CHOICE_LEN, "{name}");
        assert!(name.starts_with("p16 (via h1, h2,"), "{name}");
        assert!(name.ends_with(", …, h8)"), "{name}");
    }
}
