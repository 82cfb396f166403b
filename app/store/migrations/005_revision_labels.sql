-- 005: a plan revision may be named ("before the login change") so it stands out in the history and is never
-- folded into a later autosave.
-- Applied migrations are hash-checked at open: never edit this file once released; add a new one instead.

ALTER TABLE plan_revisions ADD COLUMN label TEXT;
