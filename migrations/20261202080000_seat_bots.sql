-- The seats the bot plays in a game, as their letters in seat order ('' when none): read with
-- every game, so that what is said about a seat follows from who holds it.
CREATE FUNCTION seat_bots(game BIGINT) RETURNS TEXT
    LANGUAGE sql STABLE
    AS $$ SELECT coalesce(string_agg(seat, '' ORDER BY seat), '')
          FROM game_seats WHERE game_id = game AND ai_level IS NOT NULL $$;
