-- The threads the bot opened for challenges (`challenge thread:true`): each is a new channel,
-- so a member and a server may open only so many in a while: a row is written before each is
-- opened. Rows older than that while are deleted as new ones come.
CREATE TABLE game_threads (
    id        BIGSERIAL   PRIMARY KEY,
    guild_id  BIGINT      NOT NULL,
    member_id BIGINT      NOT NULL,
    opened_at TIMESTAMPTZ NOT NULL
);
CREATE INDEX game_threads_by_guild ON game_threads (guild_id, opened_at);
