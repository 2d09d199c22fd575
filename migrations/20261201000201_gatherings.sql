-- Games of three and four: challenges that invite several members, and open lobbies anyone in
-- the channel may join. Both start a game through the same seating, with the bot in any seat.

-- Who plays a challenged game: the challenger (place 0, accepted from the start) and everyone
-- invited (the challenged opponent is place 1), and when each accepted. The game starts when
-- everyone has accepted; the bot accepts at once (its level is kept). `seat` is set when the
-- challenge fixes the seats (a rematch); otherwise the first mover decides at the start.
CREATE TABLE challenge_players (
    challenge_id BIGINT      NOT NULL REFERENCES challenges (id) ON DELETE CASCADE,
    place        SMALLINT    NOT NULL CHECK (place BETWEEN 0 AND 3),
    user_id      BIGINT      NOT NULL,
    ai_level     TEXT        CHECK (ai_level IN ('easy', 'medium', 'hard')),
    accepted_at  TIMESTAMPTZ,
    seat         TEXT        CHECK (seat IN ('a', 'b', 'c', 'd')),
    PRIMARY KEY (challenge_id, place),
    UNIQUE (challenge_id, user_id),
    CHECK (place > 0 OR accepted_at IS NOT NULL)
);

-- Challenges made before this migration: the challenger and the one opponent.
INSERT INTO challenge_players (challenge_id, place, user_id, accepted_at)
SELECT id, 0, challenger_id, created_at FROM challenges;
INSERT INTO challenge_players (challenge_id, place, user_id, accepted_at)
SELECT id, 1, opponent_id, CASE WHEN status = 'accepted' THEN created_at END FROM challenges;

-- An open lobby: a host waits in a channel for players to join until the variant's seats are
-- full. Seats go in joining order (the host first), or by lot.
CREATE TABLE lobbies (
    id                BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    guild_id          BIGINT      NOT NULL,
    channel_id        BIGINT      NOT NULL,
    host_id           BIGINT      NOT NULL,
    variant           TEXT        NOT NULL,
    anti_spoiling     BOOLEAN     NOT NULL,
    turn_timeout_secs BIGINT      NOT NULL CHECK (turn_timeout_secs BETWEEN 60 AND 604800),
    random_seats      BOOLEAN     NOT NULL,
    -- The level of the bot players the host adds.
    ai_level          TEXT        NOT NULL CHECK (ai_level IN ('easy', 'medium', 'hard')),
    message_id        BIGINT,
    status            TEXT        NOT NULL DEFAULT 'open'
                                  CHECK (status IN ('open', 'started', 'closed', 'expired')),
    game_id           BIGINT      REFERENCES games (id),
    expires_at        TIMESTAMPTZ NOT NULL,
    created_at        TIMESTAMPTZ NOT NULL,
    CHECK ((status = 'started') = (game_id IS NOT NULL))
);
-- One open lobby per channel (besides the channel's game and its challenges).
CREATE UNIQUE INDEX lobbies_one_open_per_channel ON lobbies (channel_id) WHERE status = 'open';
CREATE INDEX lobbies_open_expiry ON lobbies (expires_at) WHERE status = 'open';

-- Who has joined a lobby, in joining order (`id`). A person joins once; the bot may fill
-- several seats.
CREATE TABLE lobby_members (
    id        BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    lobby_id  BIGINT      NOT NULL REFERENCES lobbies (id) ON DELETE CASCADE,
    user_id   BIGINT      NOT NULL,
    ai_level  TEXT        CHECK (ai_level IN ('easy', 'medium', 'hard')),
    joined_at TIMESTAMPTZ NOT NULL
);
CREATE UNIQUE INDEX lobby_members_once ON lobby_members (lobby_id, user_id) WHERE ai_level IS NULL;
CREATE INDEX lobby_members_by_lobby ON lobby_members (lobby_id, id);

-- The bot may play several seats of one game; a person still plays one. Seats are inserted
-- before their AI level is set, so the check waits for the end of the transaction.
ALTER TABLE game_seats DROP CONSTRAINT game_seats_game_id_user_id_key;
ALTER TABLE game_seats
    ADD CONSTRAINT game_seats_one_seat_per_person
    EXCLUDE USING btree (game_id WITH =, user_id WITH =) WHERE (ai_level IS NULL)
    DEFERRABLE INITIALLY DEFERRED;
