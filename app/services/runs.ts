/**
 * runs.*: starts plans through the engine's runPlan (the same API the CLI uses), stores every per-second tick so
 * a past run can be redrawn, forwards ticks as events, and records the summary. One run at a time: two load
 * tests sharing a machine would distort each other's numbers.
 */
import { PlanError, validatePlanValue, applyOverrides, OverrideError } from 'loadsmith/plan';
import type { Summary } from 'loadsmith/metrics';
import { OutputConfigError, streamOutput } from 'loadsmith/outputs';
import { runPlan, type RunHandle } from 'loadsmith';
import { ContractError, RunRow, type Handlers, type RunDetail, type StoredTick } from '../contract/index.ts';
import { exportRun } from './run-export.ts';
import { recoverInterrupted } from './run-recovery.ts';
import { StoredSamples, withoutHistogram } from './run-samples.ts';
import type { StoredRunRow } from '../store/types.ts';
import type { ServiceContext } from './context.ts';
import { toContractIssue } from './plan-analysis.ts';
import { issuesInAppWords } from './run-env-advice.ts';
import { runControlHandlers, type RunControlHandlers } from './run-control.ts';
import { maskLive, maskSummary, maskText, secretValues } from './mask-secrets.ts';
import { runFiles } from './run-files.ts';
import { keyNumbers, runError, runStatus } from './run-status.ts';

type RunHandlers = Pick<
  Handlers,
  'runs.start' | 'runs.stop' | 'runs.list' | 'runs.get' | 'runs.samples' | 'runs.delete' | 'runs.label' | 'runs.export'
> &
  RunControlHandlers;

export interface RunsService {
  handlers: RunHandlers;
  /** Aborts a running test and waits for its summary to be stored. */ close(): Promise<void>;
}

export interface RunsOptions {
  workers?: () => number | null;
  workerUrl?: URL;
}

export function createRunsService(ctx: ServiceContext, options: RunsOptions = {}): RunsService {
  const { store, events } = ctx;
  const active = new Map<string, { handle: RunHandle; finished: Promise<void> }>();
  // Runs a crash cut off (the store marked them interrupted when it opened) get a summary from their samples.
  recoverInterrupted(ctx);

  const start: RunHandlers['runs.start'] = async ({ planId, environmentId, overrides, label, outputs }) => {
    if (active.size > 0)
      throw new ContractError(
        'busy',
        'a run is in progress: stop it before starting another (two load tests on one machine distort each other)',
      );
    const stored = store.plans.get(planId);
    if (!stored) throw new ContractError('not_found', `no plan with id ${planId}`);
    let plan;
    try {
      plan = applyOverrides(validatePlanValue(stored.document).plan, overrides ?? {});
    } catch (e) {
      if (e instanceof PlanError)
        throw new ContractError(
          'plan_invalid',
          `the plan cannot run: ${e.issues[0]?.message ?? e.message}`,
          e.issues.map(toContractIssue),
        );
      if (e instanceof OverrideError) throw new ContractError('invalid_params', e.message);
      throw e;
    }
    const environment = environmentId ? store.environments.get(environmentId) : undefined;
    if (environmentId && !environment) throw new ContractError('not_found', `no environment with id ${environmentId}`);
    const env = environmentId ? store.environments.values(environmentId) : {};
    // What a run stores and shows may quote what it sent or received (a server echoing a password): masked.
    const secrets = environment
      ? secretValues(
          env,
          environment.variables.filter((v) => v.secret).map((v) => v.name),
        )
      : [];
    const workers = options.workers?.() ?? undefined;

    const id = ctx.newId();
    // Streams take their credentials from the environment's variables (secrets are stored encrypted), as the CLI's.
    const streams = (outputs ?? []).map((o) => streamOutput(o.kind, o.url));
    const handle = runPlan(plan, {
      env,
      ...(workers ? { workers } : {}),
      ...(options.workerUrl ? { workerUrl: options.workerUrl } : {}),
      files: runFiles(ctx),
      ...(streams.length > 0 ? { streams } : {}),
    });
    // Until the workers start, a problem (missing env variable, data file) is the caller's error, not a run.
    const started = await Promise.race([
      new Promise<true>((resolve) =>
        handle.once('start', (info) => {
          store.runs.create({
            id,
            planId,
            planName: stored.name,
            environment: environment?.name ?? null,
            label: label ?? null,
            plan,
            overrides: overrides ?? {},
            startedAt: ctx.now().toISOString(),
          });
          store.runs.setInfo(id, info);
          events.emit('run.started', { runId: id, info });
          resolve(true);
        }),
      ),
      handle.done.then(() => false as const),
    ]).catch((e: unknown) => {
      if (e instanceof PlanError) {
        const issues = issuesInAppWords(e.issues.map(toContractIssue), environment?.name ?? null);
        throw new ContractError('plan_invalid', `the plan cannot run: ${issues[0]?.message ?? e.message}`, issues);
      }
      if (e instanceof OutputConfigError) throw new ContractError('invalid_params', e.message);
      throw e;
    });
    if (!started) throw new ContractError('internal', 'the run ended before it started');

    // Keyed by position, not by rounded time: a short last interval (3.2 s) must not replace second 3. Bounded as
    // the engine's timeline is (run-samples.ts).
    const samples = new StoredSamples(store, id);
    handle.on('tick', (tick) => {
      // Stored lean: the live totals of every second are not needed to redraw charts (the summary has the final ones).
      const { live: _live, ...point } = tick;
      samples.add(point);
      events.emit('run.tick', { runId: id, tick: { ...withoutHistogram(tick), live: maskLive(tick.live, secrets) } });
    });
    const finished = handle.done
      .then(
        (summary) => finish(id, maskSummary(summary, secrets), null),
        (e: unknown) => finish(id, null, maskText((e as Error).message ?? String(e), secrets)),
      )
      .finally(() => active.delete(id));
    active.set(id, { handle, finished });
    return toRow(store.runs.get(id) as StoredRunRow);
  };

  function finish(id: string, summary: Summary | null, error: string | null): void {
    store.runs.finish(id, {
      status: summary ? runStatus(summary) : 'failed',
      stoppedBy: summary?.stoppedBy ?? null,
      endedAt: ctx.now().toISOString(),
      durationMs: summary?.durationMs ?? null,
      summary,
      key: summary ? keyNumbers(summary) : null,
      error: error ?? (summary ? runError(summary) : null),
    });
    events.emit('run.done', { runId: id, run: toRow(store.runs.get(id) as StoredRunRow) });
  }

  const get = (id: string): RunDetail => {
    const r = store.runs.get(id);
    if (!r) throw new ContractError('not_found', `no run with id ${id}`);
    return {
      ...toRow(r),
      summary: (r.summary ?? null) as RunDetail['summary'],
      info: (r.info ?? null) as RunDetail['info'],
      plan: r.plan,
    };
  };
  // The UI gets the per-second series from runs.samples: sending it again inside the summary doubles what a long
  // run's page loads (tens of MB for an hour). Exports keep the whole summary.
  const getLean = (id: string): RunDetail => {
    const d = get(id);
    return d.summary ? { ...d, summary: { ...d.summary, timeline: [] } } : d;
  };

  return {
    handlers: {
      'runs.start': start,
      'runs.stop': ({ id, mode }) => {
        const a = active.get(id);
        if (!a) return { stopping: false };
        if (mode === 'abort') a.handle.abort();
        else a.handle.stop();
        return { stopping: true };
      },
      // Mid-run control (run-control.ts): pause, resume, scale the running run.
      ...runControlHandlers(ctx, (id) => active.get(id)?.handle),
      'runs.list': ({ planId, limit }) =>
        store.runs.list({ ...(planId ? { planId } : {}), ...(limit ? { limit } : {}) }).map(toRow),
      'runs.get': ({ id }) => getLean(id),
      'runs.samples': ({ id }) => {
        get(id);
        return (store.runs.samples(id) as StoredTick[]).map(withoutHistogram);
      },
      'runs.label': ({ id, label }) => {
        get(id);
        store.runs.setLabel(id, label);
        return toRow(store.runs.get(id) as StoredRunRow);
      },
      'runs.export': ({ id, format }) => exportRun(get(id), format),
      'runs.delete': ({ id }) => {
        if (active.has(id)) throw new ContractError('busy', 'this run is still going: stop it before deleting it');
        return { deleted: store.runs.delete(id) };
      },
    },
    async close() {
      for (const a of active.values()) a.handle.abort();
      await Promise.all([...active.values()].map((a) => a.finished));
    },
  };
}

function toRow({ stoppedBy, ...r }: StoredRunRow): RunRow {
  // Recovery gives an interrupted run its duration with the summary it rebuilt (run-recovery.ts); a graceful stop is
  // stored as aborted (the table's CHECK) with stoppedBy 'stopped'.
  const status =
    r.status === 'interrupted' && r.durationMs !== null
      ? 'partial'
      : r.status === 'aborted' && stoppedBy === 'stopped'
        ? 'stopped'
        : r.status;
  const parsed = RunRow.safeParse({ ...r, status, overrides: r.overrides ?? {}, key: r.key ?? null });
  if (parsed.success) return parsed.data;
  // A row the contract cannot describe (hand-edited database) is shown without its numbers rather than hidden.
  return { ...r, status, overrides: {}, key: null, error: r.error ?? 'stored run data is not readable' };
}
