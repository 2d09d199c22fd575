-- When a bot process last ran its turn timer. A tick that finds the last beat older than the
-- timer's grace knows no bot was running in between: it moves every active deadline forward by
-- that outage before looking for time losses, so that nobody loses on time for our downtime.
CREATE TABLE heartbeat (
    id      BOOLEAN     PRIMARY KEY DEFAULT TRUE CHECK (id),
    beat_at TIMESTAMPTZ NOT NULL
);
