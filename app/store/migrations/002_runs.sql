-- 002: run history. A run keeps the plan exactly as it ran (snapshot), so deleting the plan keeps its runs.
-- Applied migrations are hash-checked at open: never edit this file once released; add a new one instead.

CREATE TABLE runs (
  id          TEXT PRIMARY KEY NOT NULL,
  plan_id     TEXT REFERENCES plans (id) ON DELETE SET NULL,
  plan_name   TEXT NOT NULL,
  plan        TEXT NOT NULL,
  environment TEXT,
  status      TEXT NOT NULL DEFAULT 'running'
              CHECK (status IN ('running', 'passed', 'failed', 'aborted', 'interrupted')),
  started_at  TEXT NOT NULL,
  ended_at    TEXT,
  duration_ms REAL,
  overrides   TEXT NOT NULL DEFAULT 'null',
  key         TEXT,
  summary     TEXT,
  info        TEXT,
  error       TEXT,
  -- Which process runs it ({"host","pid","token"} JSON): lets recovery skip runs another live process owns.
  owner       TEXT
) STRICT;

CREATE INDEX runs_by_start ON runs (started_at DESC);
CREATE INDEX runs_by_plan ON runs (plan_id, started_at DESC);
CREATE INDEX runs_by_status ON runs (status) WHERE status = 'running';

-- One point per second of a run (the live tick), enough to redraw its charts later.
CREATE TABLE run_samples (
  run_id TEXT NOT NULL REFERENCES runs (id) ON DELETE CASCADE,
  second INTEGER NOT NULL CHECK (second >= 0),
  data   TEXT NOT NULL,
  PRIMARY KEY (run_id, second)
) STRICT, WITHOUT ROWID;
