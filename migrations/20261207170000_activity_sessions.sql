-- The Activity's sessions, for every process: a page signed in through one process is served
-- by any. Keyed by the SHA-256 of the session key (the key itself stays with the page). The
-- member's access token is kept to check the session against Discord again; the row goes
-- when a check fails, when the member opens too many, or three hours after it was made.
CREATE TABLE activity_sessions (
    key_hash    BYTEA       PRIMARY KEY,
    user_id     BIGINT      NOT NULL,
    guild_id    BIGINT      NOT NULL,
    channel_id  BIGINT      NOT NULL,
    name        TEXT        NOT NULL,
    lang        TEXT        NOT NULL,
    members     BIGINT[]    NOT NULL,
    token       TEXT        NOT NULL,
    instance    TEXT        NOT NULL,
    made_at     TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE INDEX activity_sessions_by_member ON activity_sessions (user_id, made_at);
CREATE INDEX activity_sessions_by_age ON activity_sessions (made_at);

-- One-time tickets that open an Activity event stream, redeemed on any process within
-- seconds of their making (the page opens the stream at once).
CREATE TABLE activity_tickets (
    ticket_hash BYTEA       PRIMARY KEY,
    session_key TEXT        NOT NULL,
    key_hash    BYTEA       NOT NULL REFERENCES activity_sessions ON DELETE CASCADE,
    made_at     TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE INDEX activity_tickets_by_age ON activity_tickets (made_at);
