-- Puzzles (issue 36): a member plays a puzzle of their own, or the server's daily one, seen
-- only by them. A crossing (the pieces alone from their camp into the opposite one) is scored
-- by its moves against the par, the engine's best crossing of the board; a chain puzzle (the
-- one move that gains the most) is solved or not. Each finished attempt is a Glicko-2 game
-- between the member and the puzzle, both rated.

-- The par of each crossing board: computed once, off the runtime's threads, by whichever
-- process claims it first (a lease: a process that dies leaves it to the next), and kept.
CREATE TABLE crossing_pars (
    variant       TEXT        NOT NULL,
    camp_rule     BOOLEAN     NOT NULL,
    -- The par's moves, each with its whole hop chain, separated by spaces; NULL until found.
    moves         TEXT,
    par           INTEGER     CHECK (par > 0),
    -- The solver's node budget it was found with.
    nodes         BIGINT,
    -- Until when the process computing it holds it.
    claimed_until TIMESTAMPTZ,
    computed_at   TIMESTAMPTZ,
    PRIMARY KEY (variant, camp_rule),
    CHECK ((moves IS NULL) = (par IS NULL)),
    CHECK ((par IS NULL) = (computed_at IS NULL))
);

-- A puzzle: the crossing of a board (one row per board for members' own crossings, one per
-- server and day for a daily one), or a chain puzzle (its position and its answer). Its
-- rating moves with every attempt finished against it.
CREATE TABLE puzzles (
    id          BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    kind        TEXT        NOT NULL CHECK (kind IN ('crossing', 'chain')),
    variant     TEXT        NOT NULL,
    -- The position string it starts from.
    position    TEXT        NOT NULL,
    -- A chain puzzle's answer: its best move, a shortest chain (`a1-c3-c5`), and its gain.
    answer      TEXT,
    gain        INTEGER,
    -- A crossing's par: the engine's best, in moves.
    par         INTEGER     CHECK (par > 0),
    -- A daily puzzle's server and day; NULL for a member's own.
    guild_id    BIGINT,
    day         DATE,
    rating      DOUBLE PRECISION NOT NULL,
    deviation   DOUBLE PRECISION NOT NULL,
    volatility  DOUBLE PRECISION NOT NULL,
    created_at  TIMESTAMPTZ NOT NULL,
    CHECK ((kind = 'chain') = (answer IS NOT NULL)),
    CHECK ((kind = 'chain') = (gain IS NOT NULL)),
    CHECK ((kind = 'crossing') = (par IS NOT NULL)),
    CHECK ((guild_id IS NULL) = (day IS NULL))
);
-- One daily puzzle per server and day: of two members asking at once, one makes it.
CREATE UNIQUE INDEX puzzles_one_daily ON puzzles (guild_id, day) WHERE guild_id IS NOT NULL;
-- One shared crossing per board for members' own attempts.
CREATE UNIQUE INDEX puzzles_one_own_crossing ON puzzles (variant)
    WHERE kind = 'crossing' AND guild_id IS NULL;

-- A member's attempt at a puzzle: the moves so far (checked by the rules crate as in a game),
-- and how it ended. Every change checks and bumps `version`, so of two concurrent moves one
-- applies and the other is refused.
CREATE TABLE puzzle_attempts (
    id            BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    puzzle_id     BIGINT      NOT NULL REFERENCES puzzles (id) ON DELETE CASCADE,
    guild_id      BIGINT      NOT NULL,
    user_id       BIGINT      NOT NULL,
    -- Whether it is the server's daily puzzle (one attempt per member).
    daily         BOOLEAN     NOT NULL,
    -- The moves so far, each with its whole chain, separated by spaces.
    moves         TEXT        NOT NULL DEFAULT '',
    ply           INTEGER     NOT NULL DEFAULT 0 CHECK (ply >= 0),
    status        TEXT        NOT NULL DEFAULT 'open'
                              CHECK (status IN ('open', 'solved', 'failed', 'gave_up')),
    version       INTEGER     NOT NULL DEFAULT 0,
    -- The member's puzzle rating before and after it, once finished.
    rating_before DOUBLE PRECISION,
    rating_after  DOUBLE PRECISION,
    started_at    TIMESTAMPTZ NOT NULL,
    finished_at   TIMESTAMPTZ,
    CHECK ((status = 'open') = (finished_at IS NULL)),
    CHECK ((status = 'open') = (rating_after IS NULL))
);
-- One open puzzle per member.
CREATE UNIQUE INDEX puzzle_attempts_one_open ON puzzle_attempts (guild_id, user_id)
    WHERE status = 'open';
-- One attempt per member at a daily puzzle.
CREATE UNIQUE INDEX puzzle_attempts_one_daily ON puzzle_attempts (puzzle_id, user_id)
    WHERE daily;
-- Starts counted per member over the last minute; a member's days solved (streaks).
CREATE INDEX puzzle_attempts_by_member ON puzzle_attempts (guild_id, user_id, started_at);
-- A daily puzzle's results (the leaderboard).
CREATE INDEX puzzle_attempts_by_puzzle ON puzzle_attempts (puzzle_id, status);

-- Each member's puzzle rating (Glicko-2), per server.
CREATE TABLE puzzle_ratings (
    guild_id    BIGINT      NOT NULL,
    user_id     BIGINT      NOT NULL,
    rating      DOUBLE PRECISION NOT NULL,
    deviation   DOUBLE PRECISION NOT NULL,
    volatility  DOUBLE PRECISION NOT NULL,
    attempts    INTEGER     NOT NULL DEFAULT 0,
    updated_at  TIMESTAMPTZ NOT NULL,
    PRIMARY KEY (guild_id, user_id)
);
