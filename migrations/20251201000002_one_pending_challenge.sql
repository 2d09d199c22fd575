-- At most one pending challenge per challenger and channel, so that a repeated command or a
-- Rematch button clicked twice makes one invitation. Older duplicates are closed first (the
-- newest one stays pending), so the index can be built on a database that already has some.
UPDATE challenges AS c SET status = 'expired'
WHERE c.status = 'pending'
  AND EXISTS (SELECT 1 FROM challenges AS newer
              WHERE newer.status = 'pending'
                AND newer.channel_id = c.channel_id
                AND newer.challenger_id = c.challenger_id
                AND newer.id > c.id);

CREATE UNIQUE INDEX challenges_one_pending_per_challenger
    ON challenges (channel_id, challenger_id) WHERE status = 'pending';
