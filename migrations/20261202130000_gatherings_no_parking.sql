-- The star's `no_parking` option, chosen when a game is asked for: a challenge and a lobby keep
-- it until their game starts with it (games.no_parking). Off for every challenge and lobby
-- stored before it could be chosen, as the rules' default.
ALTER TABLE challenges ADD COLUMN no_parking BOOLEAN NOT NULL DEFAULT FALSE;
ALTER TABLE lobbies ADD COLUMN no_parking BOOLEAN NOT NULL DEFAULT FALSE;
