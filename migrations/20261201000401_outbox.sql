-- The transactional outbox: what the bot has to say in a channel about a change, written in
-- the change's own transaction and deleted once Discord has it. A crash, a refused interaction
-- answer or a Discord outage after the commit then delays a message but never loses it.
--
-- A row holds a typed announcement (kind + JSON data, presented when it is sent), not a
-- Discord payload. `due_at` is when a sender may take it: the answer to an interaction holds
-- its row back while the interaction is answered (and deletes it when that worked); a sender
-- that takes a row pushes `due_at` forward by its lease, so two bot processes never send one
-- row at the same time, and a failed send pushes it further (backoff).
CREATE TABLE outbox (
    id         BIGSERIAL   PRIMARY KEY,
    channel_id BIGINT      NOT NULL,
    game_id    BIGINT,
    ply        INTEGER,
    kind       TEXT        NOT NULL,
    body       JSONB       NOT NULL,
    created_at TIMESTAMPTZ NOT NULL,
    due_at     TIMESTAMPTZ NOT NULL,
    attempts   INTEGER     NOT NULL DEFAULT 0
);

CREATE INDEX outbox_due ON outbox (due_at, id);
CREATE INDEX outbox_game ON outbox (game_id, kind, ply) WHERE game_id IS NOT NULL;
