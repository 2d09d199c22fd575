-- The names the pages, the board pictures and the Activity show for members: per server, the
-- name Discord gave in the member's latest interaction there (the server nickname, else the
-- global name, else the username). A nickname belongs to its server, so a name is kept per
-- server and never shown in another. Kept only for members who played or were invited in that
-- server (a seat in one of its games, a place in one of its challenges or lobbies), and written
-- only when it changes.
CREATE TABLE member_names (
    guild_id   BIGINT      NOT NULL,
    user_id    BIGINT      NOT NULL,
    name       TEXT        NOT NULL CHECK (char_length(name) BETWEEN 1 AND 64),
    updated_at TIMESTAMPTZ NOT NULL,
    PRIMARY KEY (guild_id, user_id)
);

-- Whether a member played or was invited is asked before a name is kept: by user, as
-- `game_seats_by_user` already answers for the seats.
CREATE INDEX challenge_players_by_user ON challenge_players (user_id);
CREATE INDEX lobby_members_by_user ON lobby_members (user_id);
