-- Tournaments (issue 34): a server runs a Swiss evening in one channel. Every pairing is an
-- ordinary game in its own thread of that channel; its result is counted here in the
-- transaction that ends the game, and the next round is paired in the transaction that counts
-- the round's last result, under the tournament row's lock (exactly once). The `format`
-- column leaves room for arenas (the next step); only 'swiss' is created now.
CREATE TABLE tournaments (
    id                BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    guild_id          BIGINT      NOT NULL,
    -- The channel of its announcement, standings and pairings, whose threads hold its games.
    channel_id        BIGINT      NOT NULL,
    name              TEXT        NOT NULL CHECK (char_length(name) BETWEEN 1 AND 100),
    format            TEXT        NOT NULL CHECK (format IN ('swiss', 'arena')),
    variant           TEXT        NOT NULL,
    turn_timeout_secs BIGINT      NOT NULL CHECK (turn_timeout_secs BETWEEN 60 AND 604800),
    -- Rounds as asked; NULL: ⌈log2 players⌉, at least 3, fixed when it starts.
    rounds            INTEGER     CHECK (rounds BETWEEN 1 AND 20),
    -- An arena's length (not used by Swiss).
    duration_secs     BIGINT      CHECK (duration_secs > 0),
    starts_at         TIMESTAMPTZ NOT NULL,
    status            TEXT        NOT NULL DEFAULT 'open'
                                  CHECK (status IN ('open', 'running', 'finished', 'cancelled')),
    organizer_id      BIGINT      NOT NULL,
    -- The messages the bot keeps editing: the announcement (Join, Leave) and the standings.
    announcement_id   BIGINT,
    standings_id      BIGINT,
    -- The round being played (0 before the start).
    current_round     INTEGER     NOT NULL DEFAULT 0 CHECK (current_round >= 0),
    created_at        TIMESTAMPTZ NOT NULL,
    started_at        TIMESTAMPTZ,
    finished_at       TIMESTAMPTZ,
    CHECK ((status = 'open') = (started_at IS NULL) OR status = 'cancelled'),
    CHECK ((status IN ('finished', 'cancelled')) = (finished_at IS NOT NULL))
);
-- One tournament gathering or being played per channel.
CREATE UNIQUE INDEX tournaments_one_live_per_channel ON tournaments (channel_id)
    WHERE status IN ('open', 'running');
-- Counting a server's live tournaments (three at most), and finding those due to start.
CREATE INDEX tournaments_live_by_guild ON tournaments (guild_id)
    WHERE status IN ('open', 'running');
CREATE INDEX tournaments_due ON tournaments (starts_at) WHERE status = 'open';
-- A channel's last tournament, for `/halma tournament standings` after it ended.
CREATE INDEX tournaments_by_channel ON tournaments (channel_id, id);

-- Who plays: joined before the start (256 at most), in joining order (`seq`). A withdrawn
-- player is paired no more; their games so far still count for the others.
CREATE TABLE tournament_players (
    tournament_id   BIGINT      NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
    user_id         BIGINT      NOT NULL,
    seq             BIGINT GENERATED ALWAYS AS IDENTITY,
    -- The display name when they joined: thread names and standings after a restart.
    name            TEXT        NOT NULL CHECK (char_length(name) BETWEEN 1 AND 100),
    -- The rating in the tournament's variant at the start: the initial ranking.
    rating          INTEGER,
    joined_at       TIMESTAMPTZ NOT NULL,
    withdrawn_at    TIMESTAMPTZ,
    -- The round of their bye, if they had one.
    bye_round       INTEGER,
    -- The final place, written when the tournament finishes (for /halma stats).
    place           INTEGER     CHECK (place >= 1),
    PRIMARY KEY (tournament_id, user_id)
);
CREATE INDEX tournament_players_by_user ON tournament_players (user_id);
CREATE INDEX tournament_players_in_order ON tournament_players (tournament_id, seq);

-- A round's pairings: each an ordinary game (`game_id`, in thread `thread_id`, made by the
-- front end after the pairing), or a bye. `result` is counted once, in the transaction that
-- ends the game; a bye counts as a win for `first_id` at once.
CREATE TABLE tournament_games (
    id            BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    tournament_id BIGINT      NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
    round         INTEGER     NOT NULL CHECK (round >= 1),
    board         INTEGER     NOT NULL CHECK (board >= 1),
    -- Who moves first (or has the bye), and the opponent.
    first_id      BIGINT      NOT NULL,
    second_id     BIGINT,
    bye           BOOLEAN     NOT NULL,
    game_id       BIGINT      UNIQUE REFERENCES games (id),
    thread_id     BIGINT,
    result        TEXT        CHECK (result IN ('first', 'second', 'draw')),
    counted_at    TIMESTAMPTZ,
    UNIQUE (tournament_id, round, board),
    CHECK (bye = (second_id IS NULL)),
    CHECK (NOT bye OR (result = 'first' AND game_id IS NULL)),
    CHECK ((result IS NULL) = (counted_at IS NULL)),
    CHECK (first_id IS DISTINCT FROM second_id)
);
-- Nobody is paired twice in a round.
CREATE UNIQUE INDEX tournament_games_first_once ON tournament_games (tournament_id, round, first_id);
CREATE UNIQUE INDEX tournament_games_second_once ON tournament_games (tournament_id, round, second_id)
    WHERE second_id IS NOT NULL;
-- Nor as first in one pairing and second in another: the indexes above see one column each.
CREATE FUNCTION tournament_games_once_per_round() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF EXISTS (SELECT 1 FROM tournament_games g
               WHERE g.tournament_id = NEW.tournament_id AND g.round = NEW.round
                 AND g.id <> NEW.id
                 AND (g.first_id IN (NEW.first_id, NEW.second_id)
                      OR g.second_id IN (NEW.first_id, NEW.second_id))) THEN
        RAISE EXCEPTION 'a player is paired twice in round % of tournament %',
            NEW.round, NEW.tournament_id USING ERRCODE = 'unique_violation';
    END IF;
    RETURN NEW;
END
$$;
CREATE TRIGGER tournament_games_once_per_round
    BEFORE INSERT ON tournament_games
    FOR EACH ROW
    EXECUTE FUNCTION tournament_games_once_per_round();
-- Pairings still waiting for their game (the front end opens their threads).
CREATE INDEX tournament_games_unopened ON tournament_games (tournament_id, round)
    WHERE game_id IS NULL AND NOT bye;

-- The role whose members may organise tournaments (besides those who may manage the server).
ALTER TABLE guild_settings ADD COLUMN tournament_role BIGINT;
