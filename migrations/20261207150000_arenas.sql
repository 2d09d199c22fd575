-- Arena tournaments (issue 34): for a fixed time, each player whose game ended waits a few
-- seconds and is paired again with the free player of the nearest score. The arena's queue
-- lives in its players' rows, so that a restart loses nothing: `ready_at` is when the player
-- became free (at the start, or when their last game ended), NULL while they play; a paired
-- player's `ready_at` is cleared in the transaction that pairs them, under the tournament
-- row's lock, so each player is paired once. `paused_at` is set while a player keeps out of
-- the queue (`/halma tournament pause`); their game in progress goes on.
--
-- An arena's pairings are rows of `tournament_games` like a Swiss round's: each pass of the
-- pairing makes a new `round` (a wave of games, `current_round` the last), which keeps the
-- table's rule that nobody is paired twice in one round.
ALTER TABLE tournament_players
    ADD COLUMN ready_at  TIMESTAMPTZ,
    ADD COLUMN paused_at TIMESTAMPTZ;

-- An arena has a length, never rounds.
ALTER TABLE tournaments
    ADD CONSTRAINT tournaments_arena_has_a_length
    CHECK (format <> 'arena' OR (duration_secs IS NOT NULL AND rounds IS NULL));

-- The arenas being played, for the worker that pairs and finishes them.
CREATE INDEX tournaments_running_arenas ON tournaments (id)
    WHERE status = 'running' AND format = 'arena';
