-- Every game has a live page at /game/<web_token>. The token must be unguessable: 22 url-safe
-- characters made from gen_random_uuid(), which draws from PostgreSQL's strong random source
-- (pg_strong_random, OpenSSL's CSPRNG) and gives 122 random bits. Generating it here, as the
-- column's default, sets it for every new game without a change to the inserts, and gives every
-- existing game one of its own (a volatile default is evaluated once per row).
CREATE FUNCTION new_web_token() RETURNS TEXT LANGUAGE sql VOLATILE AS $$
    SELECT translate(
        encode(decode(replace(gen_random_uuid()::text, '-', ''), 'hex'), 'base64'),
        '+/=', '-_')
$$;

ALTER TABLE games ADD COLUMN web_token TEXT NOT NULL DEFAULT new_web_token();
ALTER TABLE games ADD CONSTRAINT games_web_token_unique UNIQUE (web_token);
