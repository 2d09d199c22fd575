-- The token of the interaction whose answer holds an outbox row. A bot that dies after
-- Discord took the answer but before it deleted the row leaves the row to a sender; the sender
-- asks Discord for that interaction's answer (valid for 15 minutes) and posts only when there
-- is none, so a move is not shown twice.
ALTER TABLE outbox ADD COLUMN answer_token TEXT;
