/**
 * `loadsmith pause|resume|scale|status`: finds the running `loadsmith run` (its registry entry: the one, or the one
 * `--run` names) and calls its control API. Every failure is a UsageError in the user's words: none running,
 * several (which to choose), a refusal (the engine's reason), a run that no longer answers.
 */
import type { z } from 'zod';
import { UsageError } from '../usage.ts';
import { ControlReply, ErrorReply, StatusReply, type RunEntry } from './api.ts';
import { controlDir, ControlDirError, runningRuns } from './registry.ts';

const TIMEOUT_MS = 10_000;

/** The run to talk to: `which` is its pid or address (from `loadsmith status` or the run's header). */
export async function findRun(which: string | undefined, dir: string = controlDir()): Promise<RunEntry> {
  let runs: RunEntry[];
  try {
    runs = await runningRuns(dir);
  } catch (e) {
    if (e instanceof ControlDirError) throw new UsageError(`cannot look for running tests: ${e.message}`);
    throw e;
  }
  const list = (): string =>
    runs.map((r) => `${r.pid} (${r.file}, ${r.address}, since ${r.startedAt.slice(11, 19)})`).join('; ');
  if (which !== undefined) {
    const found = runs.find((r) => String(r.pid) === which || r.address === which);
    if (found) return found;
    throw new UsageError(
      runs.length === 0
        ? `no running 'loadsmith run' is ${which}: none is running (for this user)`
        : `no running 'loadsmith run' is ${which}; running: ${list()}`,
    );
  }
  if (runs.length === 1) return runs[0] as RunEntry;
  if (runs.length === 0)
    throw new UsageError(`no 'loadsmith run' is running for this user (with mid-run control on; looked in ${dir})`);
  throw new UsageError(`${runs.length} runs are going: say which with --run PID: ${list()}`);
}

export const pauseRun = (run: RunEntry): Promise<ControlReply> =>
  call(run, 'POST', '/v1/pause', undefined, ControlReply);
export const resumeRun = (run: RunEntry): Promise<ControlReply> =>
  call(run, 'POST', '/v1/resume', undefined, ControlReply);
export const scaleRun = (
  run: RunEntry,
  body: { scenario?: string; vus?: number; rate?: number },
): Promise<ControlReply> => call(run, 'POST', '/v1/scale', body, ControlReply);
export const runStatus = (run: RunEntry): Promise<StatusReply> =>
  call(run, 'GET', '/v1/status', undefined, StatusReply);

async function call<T>(run: RunEntry, method: string, path: string, body: unknown, schema: z.ZodType<T>): Promise<T> {
  let res: Response;
  try {
    res = await fetch(`http://${run.address}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${run.token}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch (e) {
    throw new UsageError(
      `the run ${run.pid} (${run.file}) does not answer at ${run.address}: ${(e as Error).cause instanceof Error ? ((e as Error).cause as Error).message : (e as Error).message}`,
    );
  }
  const data: unknown = await res.json().catch(() => undefined);
  if (!res.ok) {
    const error = ErrorReply.safeParse(data);
    const why = error.success ? error.data.error : `HTTP ${res.status}`;
    throw new UsageError(res.status === 409 ? `refused: ${why}` : why);
  }
  const parsed = schema.safeParse(data);
  if (!parsed.success)
    throw new UsageError(
      `the run ${run.pid} answered something this loadsmith does not understand (a different version?)`,
    );
  return parsed.data;
}
