-- 006: why a finished run ended (the summary's stoppedBy: 'end', 'stopped' (graceful), 'aborted', 'threshold',
-- 'error', ...), so the run list can tell a graceful stop from an abort without reading the summary.
-- Applied migrations are hash-checked at open: never edit this file once released; add a new one instead.

ALTER TABLE runs ADD COLUMN stopped_by TEXT;

UPDATE runs SET stopped_by = json_extract(summary, '$.stoppedBy') WHERE summary IS NOT NULL AND json_valid(summary);
