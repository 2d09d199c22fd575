-- The bot's tables. Discord ids (snowflakes, u64) are stored as BIGINT: the u64 bits cast to i64.
-- Seats are the rule book's letters 'a'..'d', so 3- and 4-player games fit without changes.

-- A game: its options, where it started, where it stands, and how it ended.
CREATE TABLE games (
    id                  BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    guild_id            BIGINT      NOT NULL,
    channel_id          BIGINT      NOT NULL,
    variant             TEXT        NOT NULL,
    camp_rule           BOOLEAN     NOT NULL,
    balance             BOOLEAN     NOT NULL,
    anti_spoiling       BOOLEAN     NOT NULL,
    ply_limit           INTEGER     CHECK (ply_limit > 0),
    start_position      TEXT        NOT NULL,
    position            TEXT        NOT NULL,
    -- Moves played so far (rows in `moves`), and the version every change checks and bumps
    -- (optimistic locking: an UPDATE ... WHERE version = $seen loses to a concurrent change).
    ply                 INTEGER     NOT NULL DEFAULT 0 CHECK (ply >= 0),
    version             INTEGER     NOT NULL DEFAULT 0,
    status              TEXT        NOT NULL DEFAULT 'active'
                                    CHECK (status IN ('active', 'finished', 'aborted')),
    -- Seat letters of the winners ('a', or 'ab' for a team); NULL for a draw or an unfinished game.
    winners             TEXT,
    -- completed, anti_spoiling, resigned, timeout, balance, ply_limit, no_moves, agreement, aborted
    end_reason          TEXT,
    turn_timeout_secs   BIGINT      NOT NULL CHECK (turn_timeout_secs BETWEEN 60 AND 604800),
    turn_deadline       TIMESTAMPTZ,
    half_time_ping_sent BOOLEAN     NOT NULL DEFAULT FALSE,
    -- Seat letters that offer a draw; the game is drawn when every seat has offered.
    draw_offers         TEXT        NOT NULL DEFAULT '',
    created_at          TIMESTAMPTZ NOT NULL,
    finished_at         TIMESTAMPTZ,
    CHECK ((status = 'active') = (turn_deadline IS NOT NULL)),
    CHECK ((status = 'active') = (finished_at IS NULL)),
    CHECK ((status = 'active') = (end_reason IS NULL))
);

-- At most one game is played in a channel at a time; the database enforces it.
CREATE UNIQUE INDEX games_one_active_per_channel ON games (channel_id) WHERE status = 'active';
-- The channel's current or last game.
CREATE INDEX games_by_channel ON games (channel_id, id DESC);
-- The timer's scan for reminders and time losses.
CREATE INDEX games_active_deadline ON games (turn_deadline) WHERE status = 'active';

-- Who plays which seat; rating_before/after are filled when a rated game ends.
CREATE TABLE game_seats (
    game_id       BIGINT NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seat          TEXT   NOT NULL CHECK (seat IN ('a', 'b', 'c', 'd')),
    user_id       BIGINT NOT NULL,
    rating_before DOUBLE PRECISION,
    rating_after  DOUBLE PRECISION,
    PRIMARY KEY (game_id, seat),
    UNIQUE (game_id, user_id)
);
CREATE INDEX game_seats_by_user ON game_seats (user_id);

-- Every move of a game in order. The key (game, ply) rules out duplicates; the service writes
-- ply = games.ply + 1 under the version check, so there are no gaps. Passes are not stored:
-- replaying the moves from the start position re-creates them.
CREATE TABLE moves (
    game_id   BIGINT      NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    ply       INTEGER     NOT NULL CHECK (ply >= 1),
    seat      TEXT        NOT NULL CHECK (seat IN ('a', 'b', 'c', 'd')),
    chain     TEXT        NOT NULL,
    played_at TIMESTAMPTZ NOT NULL,
    PRIMARY KEY (game_id, ply)
);

-- An invitation to a two-player game, answered by the opponent's buttons.
CREATE TABLE challenges (
    id                BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    guild_id          BIGINT      NOT NULL,
    channel_id        BIGINT      NOT NULL,
    challenger_id     BIGINT      NOT NULL,
    opponent_id       BIGINT      NOT NULL,
    variant           TEXT        NOT NULL,
    first_mover       TEXT        NOT NULL CHECK (first_mover IN ('challenger', 'opponent', 'random')),
    anti_spoiling     BOOLEAN     NOT NULL,
    turn_timeout_secs BIGINT      NOT NULL CHECK (turn_timeout_secs BETWEEN 60 AND 604800),
    message_id        BIGINT,
    status            TEXT        NOT NULL DEFAULT 'pending'
                                  CHECK (status IN ('pending', 'accepted', 'declined', 'withdrawn', 'expired')),
    game_id           BIGINT      REFERENCES games (id),
    expires_at        TIMESTAMPTZ NOT NULL,
    created_at        TIMESTAMPTZ NOT NULL,
    CHECK (challenger_id <> opponent_id)
);
CREATE INDEX challenges_pending_expiry ON challenges (expires_at) WHERE status = 'pending';

-- Glicko-2 ratings per guild and variant.
CREATE TABLE ratings (
    guild_id   BIGINT           NOT NULL,
    variant    TEXT             NOT NULL,
    user_id    BIGINT           NOT NULL,
    rating     DOUBLE PRECISION NOT NULL,
    deviation  DOUBLE PRECISION NOT NULL,
    volatility DOUBLE PRECISION NOT NULL,
    games      INTEGER          NOT NULL DEFAULT 0,
    wins       INTEGER          NOT NULL DEFAULT 0,
    losses     INTEGER          NOT NULL DEFAULT 0,
    draws      INTEGER          NOT NULL DEFAULT 0,
    updated_at TIMESTAMPTZ      NOT NULL,
    PRIMARY KEY (guild_id, variant, user_id)
);
CREATE INDEX ratings_leaderboard ON ratings (guild_id, variant, rating DESC);
CREATE INDEX ratings_by_user ON ratings (guild_id, user_id);
