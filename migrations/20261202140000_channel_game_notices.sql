-- A new game in a channel is announced on `halma_channel_changed` with the channel's id, so that
-- an Activity open in that channel (in whichever bot process serves it) shows the game at once.
-- Changes of a game already being played go out on `halma_game_changed` (by its web token).
CREATE FUNCTION notify_channel_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    PERFORM pg_notify('halma_channel_changed', NEW.channel_id::text);
    RETURN NULL;
END
$$;

CREATE TRIGGER games_notify_channel
    AFTER INSERT ON games
    FOR EACH ROW
    EXECUTE FUNCTION notify_channel_changed();
