/** Run history on SQLite: a row per run (plan snapshot, status, summary) and one sample per second of it. */
import { isoTime, parseJson, toJson } from './codec.ts';
import type { RepoContext } from './context.ts';
import { ownerAlive, type RunOwner } from './run-owner.ts';
import { FULL_COLUMNS, ROW_COLUMNS, toRun, toRunRow, type FullRunDbRow, type RunDbRow } from './run-rows.ts';
import type { RunRepository } from './types.ts';

/** Why recovery marked a run interrupted (kept in its `error`). */
export const INTERRUPTED_ERROR =
  'Loadsmith stopped while this run was in progress; the samples recorded until then are kept';

/**
 * Runs, listed newest first. `owner` is the opening store's identity, written on each new run so that recovery in
 * another process leaves it alone while it runs. setInfo/finish on an unknown run throw.
 */
export function runRepository({ db, warn }: RepoContext, owner: RunOwner): RunRepository {
  const insert =
    db.prepare(`INSERT INTO runs (id, plan_id, plan_name, plan, environment, label, status, started_at, overrides, owner)
    VALUES (@id, @planId, @planName, @plan, @environment, @label, 'running', @startedAt, @overrides, @owner)`);
  const updateInfo = db.prepare('UPDATE runs SET info = ? WHERE id = ?');
  const updateLabel = db.prepare('UPDATE runs SET label = ? WHERE id = ?');
  const upsertSample = db.prepare(`INSERT INTO run_samples (run_id, second, data) VALUES (?, ?, ?)
    ON CONFLICT (run_id, second) DO UPDATE SET data = excluded.data`);
  const updateFinish =
    db.prepare(`UPDATE runs SET status = @status, stopped_by = @stoppedBy, ended_at = @endedAt, duration_ms = @durationMs,
    summary = @summary, key = @key, error = @error, owner = NULL WHERE id = @id`);
  const selectList = db.prepare(`SELECT ${ROW_COLUMNS} FROM runs WHERE (@planId IS NULL OR plan_id = @planId)
    ORDER BY started_at DESC, rowid DESC LIMIT @limit`);
  const selectOne = db.prepare(`SELECT ${FULL_COLUMNS} FROM runs WHERE id = ?`);
  const selectSamples = db.prepare('SELECT second, data FROM run_samples WHERE run_id = ? ORDER BY second');
  const deleteRun = db.prepare('DELETE FROM runs WHERE id = ?');
  const selectRunning = db.prepare("SELECT id, owner FROM runs WHERE status = 'running'");
  const interrupt = db.prepare(`UPDATE runs SET status = 'interrupted', error = coalesce(error, @error), owner = NULL
    WHERE id = @id AND status = 'running'`);
  const deleteSamples = db.prepare('DELETE FROM run_samples WHERE run_id = ?');
  const selectUnsummarised = db.prepare(`SELECT id FROM runs WHERE status = 'interrupted' AND summary IS NULL
    AND EXISTS (SELECT 1 FROM run_samples WHERE run_id = runs.id) ORDER BY started_at`);
  const updateRecovered =
    db.prepare(`UPDATE runs SET ended_at = @endedAt, duration_ms = @durationMs, summary = @summary, key = @key
    WHERE id = @id AND status = 'interrupted' AND summary IS NULL`);
  const ownerText = JSON.stringify(owner);

  const mustChange = (changes: number, id: string, what: string): void => {
    if (changes === 0) throw new Error(`cannot ${what}: no run with id ${id}`);
  };
  const replaceAll = db.transaction((id: string, samples: readonly unknown[]): void => {
    deleteSamples.run(id);
    samples.forEach((sample, i) => upsertSample.run(id, i + 1, toJson(sample, `run ${id} sample ${i + 1}`)));
  });
  const markInterrupted = db.transaction((): number => {
    const running = selectRunning.all() as { id: string; owner: string | null }[];
    let count = 0;
    for (const r of running) {
      if (!ownerAlive(r.owner)) count += interrupt.run({ id: r.id, error: INTERRUPTED_ERROR }).changes;
    }
    return count;
  });

  return {
    create: (input) => {
      insert.run({
        id: input.id,
        planId: input.planId,
        planName: input.planName,
        environment: input.environment,
        label: input.label ?? null,
        plan: toJson(input.plan, `run ${input.id} plan`),
        overrides: toJson(input.overrides, `run ${input.id} overrides`),
        startedAt: isoTime(input.startedAt, `run ${input.id} startedAt`),
        owner: ownerText,
      });
    },
    setLabel: (id, label) => mustChange(updateLabel.run(label, id).changes, id, 'label run'),
    setInfo: (id, info) => mustChange(updateInfo.run(toJson(info, `run ${id} info`), id).changes, id, 'store run info'),
    addSample: (id, second, sample) => {
      if (!Number.isSafeInteger(second) || second < 0)
        throw new RangeError(`run ${id}: sample second must be an integer >= 0, got ${second}`);
      upsertSample.run(id, second, toJson(sample, `run ${id} sample ${second}`));
    },
    replaceSamples: (id, samples) => replaceAll.immediate(id, samples),
    finish: (id, input) => {
      if (input.status === 'running') throw new Error(`cannot finish run ${id} with status running`);
      mustChange(
        updateFinish.run({
          id,
          status: input.status,
          stoppedBy: input.stoppedBy ?? null,
          endedAt: isoTime(input.endedAt, `run ${id} endedAt`),
          durationMs: input.durationMs,
          summary: toJson(input.summary, `run ${id} summary`),
          key: toJson(input.key, `run ${id} key`),
          error: input.error,
        }).changes,
        id,
        'finish the run',
      );
    },
    list: (filter = {}) => {
      const limit = filter.limit ?? -1;
      if (filter.limit !== undefined && (!Number.isSafeInteger(limit) || limit < 1))
        throw new RangeError(`runs.list: limit must be a positive integer, got ${limit}`);
      return (selectList.all({ planId: filter.planId ?? null, limit }) as RunDbRow[]).map((r) => toRunRow(r, warn));
    },
    get: (id) => {
      const row = selectOne.get(id) as FullRunDbRow | undefined;
      return row && toRun(row, warn);
    },
    samples: (id) =>
      (selectSamples.all(id) as { second: number; data: string }[]).flatMap((s) => {
        try {
          return [parseJson(s.data, `run_samples ${id} second ${s.second}`)];
        } catch (e) {
          warn(`${(e as Error).message} (skipped)`);
          return [];
        }
      }),
    delete: (id) => deleteRun.run(id).changes > 0,
    markInterrupted: () => markInterrupted.immediate(),
    unsummarised: () => (selectUnsummarised.all() as { id: string }[]).map((r) => r.id),
    recover: (id, input) =>
      updateRecovered.run({
        id,
        endedAt: isoTime(input.endedAt, `run ${id} endedAt`),
        durationMs: input.durationMs,
        summary: toJson(input.summary, `run ${id} summary`),
        key: toJson(input.key, `run ${id} key`),
      }).changes > 0,
  };
}
