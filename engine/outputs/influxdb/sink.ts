/**
 * `--out influxdb=URL` (v1: `/write`, database in the URL's path, optional user and password) and
 * `--out influxdb2=URL` (v2: `/api/v2/write`, org, bucket and token). Measurements are k6's metric names with
 * their tags; one point per series and second: counters `value` = the second's count (`sum("value")` totals as
 * with k6's raw points), gauges `value`, rates `value` (the second's share) with `passes` and `fails`, trends
 * `count`, `sum`, `min`, `max`, `avg`, `p50`, `p90`, `p95`, `p99` in milliseconds.
 */
import { authHeader, database, envValue, OutputConfigError, type Env } from '../config.ts';
import type { IntervalMetrics, Labels, MetricPoint } from '../metrics.ts';
import { BatchSender, joinBytes } from '../sender.ts';
import type { OutputSink, SinkContext } from '../sink.ts';
import { line } from './line-protocol.ts';
import { request } from 'undici';

const encoder = new TextEncoder();

/** Where to write and how to authenticate, from the URL and the environment. */
export function influxTarget(
  url: string,
  version: 1 | 2,
  env: Env,
): { writeUrl: string; headers: Record<string, string>; createDb?: { url: string; body: string } } {
  const u = new URL(url);
  if (version === 1) {
    const path = u.pathname.replace(/\/+$/, '');
    const db = u.searchParams.get('db') ?? database(u).split('/').at(-1)!;
    const base = u.searchParams.has('db') ? path : path.slice(0, path.lastIndexOf('/'));
    const write = new URL(`${base}/write`, u.origin);
    write.searchParams.set('db', db);
    write.searchParams.set('precision', 'ms');
    const rp = u.searchParams.get('rp');
    if (rp) write.searchParams.set('rp', rp);
    const headers = authHeader(env, 'LOADSMITH_INFLUXDB', 'Token');
    return {
      writeUrl: write.href,
      headers,
      createDb: {
        url: new URL(`${base}/query`, u.origin).href,
        body: `q=${encodeURIComponent(`CREATE DATABASE "${db.replace(/["\\]/g, '\\$&')}"`)}`,
      },
    };
  }
  const org = u.searchParams.get('org') ?? envValue(env, 'LOADSMITH_INFLUXDB_ORG');
  const bucket = u.searchParams.get('bucket') ?? envValue(env, 'LOADSMITH_INFLUXDB_BUCKET');
  if (!org || !bucket)
    throw new OutputConfigError(
      `influxdb2: say which organization and bucket to write to: set LOADSMITH_INFLUXDB_ORG and LOADSMITH_INFLUXDB_BUCKET (or ?org=...&bucket=... in the URL)`,
    );
  const write = new URL(`${u.pathname.replace(/\/+$/, '')}/api/v2/write`, u.origin);
  write.searchParams.set('org', org);
  write.searchParams.set('bucket', bucket);
  write.searchParams.set('precision', 'ms');
  return { writeUrl: write.href, headers: authHeader(env, 'LOADSMITH_INFLUXDB', 'Token') };
}

export class InfluxSink implements OutputSink {
  readonly name: string;
  private readonly sender: BatchSender;
  private readonly runLabels: Labels;
  private readonly createDb: { url: string; body: string } | undefined;
  private readonly headers: Record<string, string>;

  constructor(url: string, version: 1 | 2, ctx: SinkContext) {
    this.name = version === 1 ? 'influxdb' : 'influxdb2';
    const target = influxTarget(url, version, ctx.env);
    this.createDb = target.createDb;
    this.headers = target.headers;
    this.runLabels = ctx.runLabels;
    this.sender = new BatchSender({
      name: this.name,
      url: target.writeUrl,
      warn: ctx.warn,
      body: joinBytes,
      headers: { ...target.headers, 'content-type': 'text/plain; charset=utf-8', 'user-agent': 'loadsmith' },
    });
  }

  /** As k6 does: create the database (a no-op when it exists); a failure shows up on the first write instead. */
  async start(): Promise<void> {
    if (!this.createDb) return;
    try {
      const res = await request(this.createDb.url, {
        method: 'POST',
        body: this.createDb.body,
        headersTimeout: 5_000,
        bodyTimeout: 5_000,
        headers: { ...this.headers, 'content-type': 'application/x-www-form-urlencoded' },
      });
      await res.body.dump();
    } catch {
      /* reported by the writes */
    }
  }

  write(m: IntervalMetrics): void {
    const lines = linesOf(m, this.runLabels);
    if (lines.length > 0) this.sender.add(encoder.encode(`${lines.join('\n')}\n`));
  }

  close(deadlineMs: number) {
    return this.sender.close(deadlineMs);
  }
}

/** The interval as lines (exported for tests). */
export function linesOf(m: IntervalMetrics, runLabels: Labels): string[] {
  const out: string[] = [];
  for (const p of m.points) {
    const l = line(p.metric, { ...p.labels, ...runLabels }, fieldsOf(p), m.timeMs);
    if (l !== '') out.push(l);
  }
  return out;
}

function fieldsOf(p: MetricPoint): Record<string, number> {
  switch (p.kind) {
    case 'counter':
      return { value: p.delta };
    case 'gauge':
      return { value: p.value };
    case 'rate':
      return {
        value: p.passes + p.fails > 0 ? p.passes / (p.passes + p.fails) : NaN,
        passes: p.passes,
        fails: p.fails,
      };
    case 'trend': {
      const h = p.histogram;
      if (h.isEmpty) return { count: 0 };
      const [p50, p90, p95, p99] = h.valuesAtPercentiles([50, 90, 95, 99]) as [number, number, number, number];
      return {
        count: h.count,
        sum: h.sum / 1000,
        min: h.min / 1000,
        max: h.max / 1000,
        avg: h.mean / 1000,
        p50: p50 / 1000,
        p90: p90 / 1000,
        p95: p95 / 1000,
        p99: p99 / 1000,
      };
    }
  }
}
