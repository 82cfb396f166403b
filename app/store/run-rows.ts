/** Reading runs back: row mapping with the lenient JSON policy of codec.ts (a run is history: show what is left). */
import { parseJsonOrNull, type Warn } from './codec.ts';
import { RUN_STATUSES, type StoredRun, type StoredRunRow, type StoredRunStatus } from './types.ts';

/** The columns of a run list row, and of a full run. */
export const ROW_COLUMNS =
  'id, plan_id, plan_name, environment, label, status, stopped_by, started_at, ended_at, duration_ms, overrides, key, error';
export const FULL_COLUMNS = `${ROW_COLUMNS}, plan, summary, info`;

export interface RunDbRow {
  id: string;
  plan_id: string | null;
  plan_name: string;
  environment: string | null;
  label: string | null;
  status: string;
  stopped_by: string | null;
  started_at: string;
  ended_at: string | null;
  duration_ms: number | null;
  overrides: string;
  key: string | null;
  error: string | null;
}
export interface FullRunDbRow extends RunDbRow {
  plan: string;
  summary: string | null;
  info: string | null;
}

function status(value: string, id: string): StoredRunStatus {
  const found = RUN_STATUSES.find((s) => s === value);
  if (!found) throw new Error(`run ${id} has an unknown status '${value}'`); // the CHECK constraint makes this unreachable
  return found;
}

/** A list row; corrupt `overrides`/`key` JSON reads as null (noted through warn). */
export function toRunRow(r: RunDbRow, warn: Warn): StoredRunRow {
  const json = (text: string | null, column: string): unknown => parseJsonOrNull(text, `runs ${r.id} ${column}`, warn);
  return {
    id: r.id,
    planId: r.plan_id,
    planName: r.plan_name,
    environment: r.environment,
    label: r.label,
    status: status(r.status, r.id),
    stoppedBy: r.stopped_by,
    startedAt: r.started_at,
    endedAt: r.ended_at,
    durationMs: r.duration_ms,
    overrides: json(r.overrides, 'overrides'),
    key: json(r.key, 'key'),
    error: r.error,
  };
}

/** A full run; corrupt `plan`/`summary`/`info` JSON reads as null (noted through warn). */
export function toRun(r: FullRunDbRow, warn: Warn): StoredRun {
  const json = (text: string | null, column: string): unknown => parseJsonOrNull(text, `runs ${r.id} ${column}`, warn);
  return {
    ...toRunRow(r, warn),
    plan: json(r.plan, 'plan'),
    summary: json(r.summary, 'summary'),
    info: json(r.info, 'info'),
  };
}
