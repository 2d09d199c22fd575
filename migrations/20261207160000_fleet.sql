-- What several bot processes share, so that any of them can answer anything.

-- The interactions that reached the Interactions Endpoint, by Discord's id, for a few
-- minutes (as long as a signed request stays fresh): a process claims one before it runs
-- it, so that a request sent again after it was answered is refused. A claim not yet
-- finished may be taken again for a moment (a load balancer's retry after the first process
-- died), a few times at most.
CREATE TABLE interaction_claims (
    id          BIGINT      PRIMARY KEY,
    claimed_at  TIMESTAMPTZ NOT NULL DEFAULT now(),
    deliveries  SMALLINT    NOT NULL DEFAULT 1,
    finished    BOOLEAN     NOT NULL DEFAULT FALSE
);
CREATE INDEX interaction_claims_by_age ON interaction_claims (claimed_at);

-- The bot's search for its move in a game: the process thinking holds the game until
-- held_until, so that no other process thinks for the same game; a dead process's hold
-- runs out. One row per game at most; a finished game's row goes with it.
CREATE TABLE game_searches (
    game_id     BIGINT      PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
    ply         INTEGER     NOT NULL,
    held_until  TIMESTAMPTZ NOT NULL
);

-- Each member's pace as a GCRA: the theoretical arrival time of their next action in each
-- bucket ('action', 'step'). An action is allowed while that time is at most the burst's
-- allowance ahead of now; rows whose time has passed say nothing and are dropped.
CREATE TABLE member_pace (
    user_id     BIGINT      NOT NULL,
    bucket      TEXT        NOT NULL CHECK (bucket IN ('action', 'step')),
    due_at      TIMESTAMPTZ NOT NULL,
    PRIMARY KEY (user_id, bucket)
);
CREATE INDEX member_pace_by_due ON member_pace (due_at);
