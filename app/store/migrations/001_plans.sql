-- 001: the plan library (each save is a revision), environments with their variables, settings.
-- Applied migrations are hash-checked at open: never edit this file once released; add a new one instead.

-- A plan's current state; its documents live in plan_revisions (the current one is `revision`).
CREATE TABLE plans (
  id         TEXT PRIMARY KEY NOT NULL,
  name       TEXT NOT NULL,
  revision   INTEGER NOT NULL CHECK (revision >= 1),
  valid      INTEGER NOT NULL CHECK (valid IN (0, 1)),
  scenarios  INTEGER NOT NULL CHECK (scenarios >= 0),
  requests   INTEGER NOT NULL CHECK (requests >= 0),
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
) STRICT;

-- Every saved document (JSON text), revision 1 upwards; deleted with its plan.
CREATE TABLE plan_revisions (
  plan_id  TEXT NOT NULL REFERENCES plans (id) ON DELETE CASCADE,
  revision INTEGER NOT NULL CHECK (revision >= 1),
  name     TEXT NOT NULL,
  document TEXT NOT NULL,
  note     TEXT,
  saved_at TEXT NOT NULL,
  PRIMARY KEY (plan_id, revision)
) STRICT, WITHOUT ROWID;

CREATE TABLE environments (
  id         TEXT PRIMARY KEY NOT NULL,
  name       TEXT NOT NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
) STRICT;

-- Plain values are TEXT in `value`; secret values are ciphertext in `secret_value`, never clear text.
-- `cipher` names what encrypted it (safeStorage | local-key), so a mismatch gets a clear message.
CREATE TABLE environment_variables (
  environment_id TEXT NOT NULL REFERENCES environments (id) ON DELETE CASCADE,
  name           TEXT NOT NULL CHECK (name <> ''),
  position       INTEGER NOT NULL,
  secret         INTEGER NOT NULL CHECK (secret IN (0, 1)),
  value          TEXT,
  secret_value   BLOB,
  cipher         TEXT,
  PRIMARY KEY (environment_id, name),
  CHECK (secret = 1 OR (secret_value IS NULL AND cipher IS NULL)),
  CHECK (secret = 0 OR value IS NULL),
  CHECK ((secret_value IS NULL) = (cipher IS NULL))
) STRICT, WITHOUT ROWID;

-- Preferences: one JSON value per key.
CREATE TABLE settings (
  key   TEXT PRIMARY KEY NOT NULL,
  value TEXT NOT NULL
) STRICT, WITHOUT ROWID;
