/** Runs a plan given as YAML text in-process, collecting ticks, for integration tests. */
import { parsePlan } from '../../engine/plan/parse.ts';
import type { Summary } from '../../engine/metrics/summary.ts';
import { runPlan, type Tick } from '../../engine/run/run-plan.ts';
import type { RecordedRequest } from '../fixtures/target-server.ts';

export interface RunResult {
  summary: Summary;
  ticks: Tick[];
}

export async function runYaml(
  yaml: string,
  opts: { env?: Record<string, string>; workers?: number; baseDir?: string; liveRequests?: boolean } = {},
): Promise<RunResult> {
  const parsed = parsePlan(yaml, 'test-plan.yaml');
  const run = runPlan(parsed.plan, {
    source: parsed.source,
    file: 'test-plan.yaml',
    env: opts.env ?? {},
    workers: opts.workers ?? 1,
    ...(opts.baseDir ? { baseDir: opts.baseDir } : {}),
    ...(opts.liveRequests !== undefined ? { liveRequests: opts.liveRequests } : {}),
  });
  const ticks: Tick[] = [];
  run.on('tick', (t) => ticks.push(t));
  return { summary: await run.done, ticks };
}

/** The value of a request header as the server saw it. */
export function header(r: RecordedRequest, name: string): string | undefined {
  const v = r.headers[name.toLowerCase()];
  return Array.isArray(v) ? v.join(', ') : v;
}

/** Requests grouped by the X-VU header (plans send `X-VU: ${vu}`). */
export function byVu(requests: readonly RecordedRequest[]): Map<string, RecordedRequest[]> {
  const out = new Map<string, RecordedRequest[]>();
  for (const r of requests) {
    const vu = header(r, 'x-vu') ?? '?';
    out.set(vu, [...(out.get(vu) ?? []), r]);
  }
  return out;
}
