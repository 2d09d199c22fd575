-- `/halma notify dm:on|off`: whether a member is told by direct message when it is their move
-- in a game with an hour or more per move (and again at half time). Off for anyone without a
-- row. Kept per Discord user: a DM goes to the user, whichever server the game is in.
CREATE TABLE notify_settings (
    user_id      BIGINT      PRIMARY KEY,
    dm           BOOLEAN     NOT NULL,
    -- The member's language when they last set it: their DMs are written in it.
    language     TEXT        NOT NULL,
    -- Discord refused a DM to this member (their DMs are closed, code 50007): no DM is tried
    -- before this time; the channel's ping still tells them.
    paused_until TIMESTAMPTZ,
    updated_at   TIMESTAMPTZ NOT NULL
);

-- The member a direct message in the outbox goes to; NULL for a channel's announcement (the
-- row's channel is then where it is posted; for a DM it is the game's channel, for the link).
ALTER TABLE outbox ADD COLUMN user_id BIGINT;

-- At most one DM per game, turn (ply), kind and member: a repeated write is dropped
-- (`ON CONFLICT DO NOTHING`).
CREATE UNIQUE INDEX outbox_one_dm ON outbox (game_id, ply, kind, user_id)
    WHERE user_id IS NOT NULL;
