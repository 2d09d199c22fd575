-- A challenge's players are in challenge_players (the challenger at place 0, the invited from
-- place 1): the opponent column repeated place 1 and is dropped, with its check.
ALTER TABLE challenges DROP COLUMN opponent_id;
