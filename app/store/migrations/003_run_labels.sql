-- 003: a run may carry a label (e.g. "http2", "baseline") so repeats of one configuration form a series that the
-- compare view summarises as mean ± standard deviation.
-- Applied migrations are hash-checked at open: never edit this file once released; add a new one instead.

ALTER TABLE runs ADD COLUMN label TEXT;

CREATE INDEX runs_by_label ON runs (label, started_at DESC) WHERE label IS NOT NULL;
