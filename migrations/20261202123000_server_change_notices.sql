-- A server's settings changed (its web page turned on or off, among others): announced on
-- `halma_server_changed` with the guild's id, the key of its page, so that every bot process
-- forgets the page it keeps and the next view shows the change at once.
CREATE FUNCTION notify_server_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    PERFORM pg_notify('halma_server_changed', NEW.guild_id::text);
    RETURN NULL;
END
$$;

CREATE TRIGGER guild_settings_notify_changed
    AFTER INSERT OR UPDATE ON guild_settings
    FOR EACH ROW
    EXECUTE FUNCTION notify_server_changed();
