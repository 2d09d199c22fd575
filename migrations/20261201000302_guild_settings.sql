-- A server's own defaults, changed with `/halma settings` (Manage Server only). NULL means
-- "not set": the bot's default variant and move time, every channel, and for the messages no
-- interaction triggers (reminders, time losses, expiries) the server's Discord locale.
CREATE TABLE guild_settings (
    guild_id          BIGINT      PRIMARY KEY,
    variant           TEXT,
    turn_timeout_secs BIGINT      CHECK (turn_timeout_secs BETWEEN 60 AND 604800),
    -- The channels that may host games; NULL for every channel.
    channels          BIGINT[],
    language          TEXT        CHECK (language IN ('en', 'hr')),
    -- The server's locale as Discord last sent it with an interaction (`guild_locale`).
    guild_locale      TEXT,
    updated_at        TIMESTAMPTZ NOT NULL
);
