-- Every committed change of a game's row (a move by a player, the picker or the bot; a
-- resignation, a draw, an abort, a departure, a time loss, a moved deadline) is announced on
-- the channel `halma_game_changed` with the game's web token, so that the open pages of the game
-- are updated by whichever bot process serves them. PostgreSQL delivers a notification only when
-- its transaction commits, and once per distinct payload per transaction.
CREATE FUNCTION notify_game_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    PERFORM pg_notify('halma_game_changed', NEW.web_token);
    RETURN NULL;
END
$$;

CREATE TRIGGER games_notify_changed
    AFTER UPDATE ON games
    FOR EACH ROW
    WHEN (OLD.* IS DISTINCT FROM NEW.*)
    EXECUTE FUNCTION notify_game_changed();
