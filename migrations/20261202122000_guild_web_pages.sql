-- A server's public web page (/server/<guild id>: its leaderboards and the games being played,
-- linked by their tokens) is shown only after `/halma settings web:on`; off by default.
ALTER TABLE guild_settings ADD COLUMN web_pages BOOLEAN NOT NULL DEFAULT false;
