-- 007: a recorded WebSocket session is one entry; the list shows how many messages it had (both ways, those the
-- recording's cap left out included). NULL for HTTP entries.
-- Applied migrations are hash-checked at open: never edit this file once released; add a new one instead.

ALTER TABLE recording_entries ADD COLUMN messages INTEGER CHECK (messages IS NULL OR messages >= 0);
