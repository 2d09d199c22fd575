-- Games against the bot: the bot's own seat names the level it plays at (its user id is the
-- bot's id); such games are not rated. Every player may ask for a few hints per game.
ALTER TABLE game_seats
    ADD COLUMN ai_level   TEXT    CHECK (ai_level IN ('easy', 'medium', 'hard')),
    ADD COLUMN hints_used INTEGER NOT NULL DEFAULT 0 CHECK (hints_used >= 0);

-- The games played against the bot, to find those waiting for its move after a restart.
CREATE INDEX game_seats_ai ON game_seats (game_id) WHERE ai_level IS NOT NULL;
