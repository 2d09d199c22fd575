-- Games of three and four go on when a player resigns or runs out of time: that player leaves,
-- their pieces leave the board and turn order skips them. The position string already shows who
-- left (a seat without pieces); these columns say when, in order of leaving: the seat letters,
-- and for each the number of moves played before it left. Replaying the stored moves takes the
-- players out at the same points, and the final ranking puts later leavers above earlier ones.
ALTER TABLE games
    ADD COLUMN left_seats TEXT      NOT NULL DEFAULT '' CHECK (left_seats ~ '^[a-d]{0,3}$'),
    ADD COLUMN left_after INTEGER[] NOT NULL DEFAULT '{}',
    ADD CONSTRAINT games_left_lists_agree
        CHECK (length(left_seats) = cardinality(left_after));

-- Games of three or four players and team games are rated with Weng-Lin (OpenSkill): `rating`
-- holds its mu and `deviation` its sigma; it has no volatility. Two-player games keep Glicko-2.
-- Existing rows are all Glicko-2.
ALTER TABLE ratings
    ADD COLUMN system TEXT NOT NULL DEFAULT 'glicko2' CHECK (system IN ('glicko2', 'weng_lin')),
    ALTER COLUMN volatility DROP NOT NULL,
    ADD CONSTRAINT ratings_volatility_of_glicko2
        CHECK ((system = 'glicko2') = (volatility IS NOT NULL));
