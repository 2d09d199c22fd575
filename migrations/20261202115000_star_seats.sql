-- Stern-Halma (the star) seats up to six players, `a` to `f`: every check that named the four
-- seats of the square boards admits the six of the star, and a game of six may lose up to five
-- players before it ends. Existing rows hold only `a`-`d` and stay valid.
ALTER TABLE game_seats DROP CONSTRAINT game_seats_seat_check,
    ADD CONSTRAINT game_seats_seat_check CHECK (seat IN ('a', 'b', 'c', 'd', 'e', 'f'));
ALTER TABLE moves DROP CONSTRAINT moves_seat_check,
    ADD CONSTRAINT moves_seat_check CHECK (seat IN ('a', 'b', 'c', 'd', 'e', 'f'));
ALTER TABLE games DROP CONSTRAINT games_balance_pending_check,
    ADD CONSTRAINT games_balance_pending_check
        CHECK (balance_pending IN ('a', 'b', 'c', 'd', 'e', 'f')),
    DROP CONSTRAINT games_left_seats_check,
    ADD CONSTRAINT games_left_seats_check CHECK (left_seats ~ '^[a-f]{0,5}$');
ALTER TABLE challenge_players DROP CONSTRAINT challenge_players_place_check,
    ADD CONSTRAINT challenge_players_place_check CHECK (place BETWEEN 0 AND 5),
    DROP CONSTRAINT challenge_players_seat_check,
    ADD CONSTRAINT challenge_players_seat_check CHECK (seat IN ('a', 'b', 'c', 'd', 'e', 'f'));

-- The star's `no_parking` option: a move may not end in a point that is neither the mover's
-- home nor target. Off in every game stored before it was kept, as the rules' default.
ALTER TABLE games ADD COLUMN no_parking BOOLEAN NOT NULL DEFAULT FALSE;
