-- What a game in progress needs to go on without replaying its moves (halma::Snapshot): the
-- plies played with passes included (the ply limit counts them), and in a balanced game the seat
-- that completed first and waits for the other's extra turn. `turns` is NULL for games stored
-- before this migration; the service replays those once and fills it in with the next move.
ALTER TABLE games
    ADD COLUMN turns           INTEGER CHECK (turns >= ply),
    ADD COLUMN balance_pending TEXT    CHECK (balance_pending IN ('a', 'b', 'c', 'd'));

-- The users of a game's seats in seat order ('a' first), so that one query reads a game with
-- its players.
CREATE FUNCTION seat_users(game BIGINT) RETURNS BIGINT[]
    LANGUAGE sql STABLE
    AS $$ SELECT ARRAY(SELECT user_id FROM game_seats WHERE game_id = game ORDER BY seat) $$;
