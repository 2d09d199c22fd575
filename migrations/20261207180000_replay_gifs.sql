-- Replay GIFs drawn by any bot process, for all of them: a replay is drawn once in the fleet
-- and sent by whichever process is asked. While a process draws one, its row holds the key
-- (gif NULL) until held_until, so that another asked for the same replay waits for it rather
-- than drawing it too; a dead process's hold runs out and the next request draws it.
-- Bounded by the timer's chores (the least recently used go first); a game's replay at an
-- older ply goes when a newer one is kept.
CREATE TABLE replay_gifs (
    key         TEXT        PRIMARY KEY,
    game_id     BIGINT      NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    plies       INTEGER     NOT NULL,
    held_until  TIMESTAMPTZ NOT NULL,
    gif         BYTEA,
    frames      INTEGER,
    used_at     TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE INDEX replay_gifs_by_game ON replay_gifs (game_id);
CREATE INDEX replay_gifs_by_use ON replay_gifs (used_at);
