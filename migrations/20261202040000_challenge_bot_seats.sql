-- The bot may hold several seats of one challenge: a rematch of a game of four in which it
-- played two seats invites the same bot user twice. People still have one place each.
ALTER TABLE challenge_players DROP CONSTRAINT challenge_players_challenge_id_user_id_key;
CREATE UNIQUE INDEX challenge_players_one_place_per_person
    ON challenge_players (challenge_id, user_id) WHERE ai_level IS NULL;
