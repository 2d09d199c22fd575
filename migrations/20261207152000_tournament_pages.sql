-- Every tournament has a live page at /tournament/<web_token> (unguessable, as a game's), and
-- every committed change of its row, its players or its pairings is announced on
-- `halma_tournament_changed` with that token, so that every bot process's open pages of it
-- fetch their table again. PostgreSQL delivers each distinct payload once per transaction.
ALTER TABLE tournaments ADD COLUMN web_token TEXT NOT NULL DEFAULT new_web_token();
ALTER TABLE tournaments ADD CONSTRAINT tournaments_web_token_unique UNIQUE (web_token);

CREATE FUNCTION notify_tournament_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_TABLE_NAME = 'tournaments' THEN
        PERFORM pg_notify('halma_tournament_changed', NEW.web_token);
    ELSE
        PERFORM pg_notify('halma_tournament_changed', t.web_token)
        FROM tournaments t
        WHERE t.id = CASE WHEN TG_OP = 'DELETE' THEN OLD.tournament_id
                          ELSE NEW.tournament_id END;
    END IF;
    RETURN NULL;
END
$$;

CREATE TRIGGER tournaments_notify_changed
    AFTER INSERT OR UPDATE ON tournaments
    FOR EACH ROW
    EXECUTE FUNCTION notify_tournament_changed();
CREATE TRIGGER tournament_players_notify_changed
    AFTER INSERT OR UPDATE OR DELETE ON tournament_players
    FOR EACH ROW
    EXECUTE FUNCTION notify_tournament_changed();
CREATE TRIGGER tournament_games_notify_changed
    AFTER INSERT OR UPDATE ON tournament_games
    FOR EACH ROW
    EXECUTE FUNCTION notify_tournament_changed();
