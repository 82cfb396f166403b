-- 004: recordings made through the recording proxy (or imported from HAR files) and their entries.
-- Applied migrations are hash-checked at open: never edit this file once released; add a new one instead.

CREATE TABLE recordings (
  id          TEXT PRIMARY KEY NOT NULL,
  name        TEXT NOT NULL,
  -- 'recording' while the proxy runs; a crash leaves it so, and the next start marks it stopped.
  status      TEXT NOT NULL CHECK (status IN ('recording', 'stopped')),
  source      TEXT NOT NULL CHECK (source IN ('proxy', 'har')),
  started_at  TEXT NOT NULL,
  stopped_at  TEXT,
  -- How it was recorded (JSON): port, upstream proxy (without credentials), insecure hosts, HAR file name.
  options     TEXT NOT NULL DEFAULT '{}',
  entry_count INTEGER NOT NULL DEFAULT 0 CHECK (entry_count >= 0)
) STRICT;

CREATE INDEX recordings_by_start ON recordings (started_at DESC);

-- One exchange: what the list shows in columns (the URL with secret query values masked), the full exchange
-- (headers, bodies up to the size cap, timing) as JSON in `data`. An entry holding secrets (credentials,
-- cookies, tokens) has its `data` encrypted: `cipher` names what encrypted it; NULL means clear JSON text.
CREATE TABLE recording_entries (
  recording_id  TEXT NOT NULL REFERENCES recordings (id) ON DELETE CASCADE,
  id            INTEGER NOT NULL CHECK (id >= 1),
  started_at    TEXT NOT NULL,
  duration_ms   REAL NOT NULL,
  method        TEXT NOT NULL,
  url           TEXT NOT NULL,
  host          TEXT NOT NULL,
  status        INTEGER NOT NULL,
  mime_type     TEXT NOT NULL,
  type          TEXT NOT NULL,
  size          INTEGER NOT NULL,
  redirect_from INTEGER,
  error         TEXT,
  secret        INTEGER NOT NULL CHECK (secret IN (0, 1)),
  truncated     INTEGER NOT NULL CHECK (truncated IN (0, 1)),
  data          BLOB NOT NULL,
  cipher        TEXT,
  PRIMARY KEY (recording_id, id),
  CHECK (secret = 1 OR cipher IS NULL)
) STRICT;
