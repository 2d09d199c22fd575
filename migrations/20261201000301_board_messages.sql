-- The latest message that shows each game's board (a move's answer, the game's start), so
-- that `/halma games` can link to it. Snowflakes grow with time: a later message replaces an
-- earlier one, never the other way round.
CREATE TABLE board_messages (
    game_id    BIGINT PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
    message_id BIGINT NOT NULL
);
