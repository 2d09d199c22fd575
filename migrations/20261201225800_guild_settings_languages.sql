-- The server setting may pick any of the bot's eight languages for the messages no
-- interaction triggers; the codes are those of `Lang::code` (bot/src/locale/mod.rs).
ALTER TABLE guild_settings DROP CONSTRAINT guild_settings_language_check;
ALTER TABLE guild_settings ADD CONSTRAINT guild_settings_language_check
    CHECK (language IN ('en', 'hr', 'de', 'fr', 'es-ES', 'pt-BR', 'pl', 'ru'));
