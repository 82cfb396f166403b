/**
 * Seed 004's table in one command: plans/examples/protocols.yaml (shortened: 2 VUs, 2 s per protocol) run with
 * `--repeat 2` by the CLI against the demo server's lookup on HTTP/1.1, h2c and gRPC, and its per-scenario rows
 * (requests, req/s, p(95), failed, checks passed; mean ± sd) checked against what the run and the gRPC server counted.
 * The saved document then gives the same table through `report` and `compare`.
 */
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse, stringify } from 'yaml';
import { startGrpcLookup, type GrpcLookup } from '../../engine/demo/lookup/grpc-server.ts';
import { startH2cLookup, type H2cLookup } from '../../engine/demo/lookup/http-lookup.ts';
import { startDemoServer, type DemoServer } from '../../engine/demo/server.ts';
import type { Summary } from '../../engine/metrics/summary.ts';
import { spread } from '../../engine/report/compare/stats.ts';
import type { RepeatResult } from '../../engine/report/compare/repeat.ts';
import type { Comparison } from '../../engine/report/compare/table.ts';
import { loadsmith } from '../fixtures/cli.ts';

const EXAMPLES = fileURLToPath(new URL('../../plans/examples/', import.meta.url));
const SCENARIOS = ['http1', 'http2', 'grpc'];

/** The example plan with a short schedule, beside a copy of its protos (which it names relative to itself). */
function shortPlan(dir: string): string {
  const plan = parse(readFileSync(join(EXAMPLES, 'protocols.yaml'), 'utf8')) as {
    scenarios: Record<string, { vus: number; duration: string; startTime?: string; steps: { think?: unknown }[] }>;
  };
  expect(Object.keys(plan.scenarios)).toEqual(SCENARIOS);
  Object.values(plan.scenarios).forEach((sc, i) => {
    sc.vus = 2;
    sc.duration = '2s';
    if (i > 0) sc.startTime = `${i * 2.5}s`;
    for (const st of sc.steps) if (st.think !== undefined) st.think = '100ms';
  });
  cpSync(join(EXAMPLES, 'protos'), join(dir, 'protos'), { recursive: true });
  const file = join(dir, 'protocols.yaml');
  writeFileSync(file, stringify(plan));
  return file;
}

/** The per-scenario table of `run --repeat`'s text: its title, then its header and rows. */
const tableOf = (text: string): string =>
  text.slice(text.indexOf('PER SCENARIO')).split('\n\n').slice(0, 2).join('\n\n');

let http1: DemoServer;
let h2c: H2cLookup;
let grpc: GrpcLookup;
beforeAll(async () => {
  http1 = await startDemoServer({ lookupDelayMs: 5 });
  h2c = await startH2cLookup({ delayMs: 5 });
  grpc = await startGrpcLookup({ delayMs: 5 });
});
afterAll(async () => {
  await Promise.all([http1.close(), h2c.close(), grpc.close()]);
});

describe('the protocols study, repeated', () => {
  it('gives each protocol its requests, req/s, p(95), failed % and checks as mean ± sd', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'loadsmith-protocols-repeat-'));
    const out = join(dir, 'runs.json');
    const env = [`HTTP1_URL=${http1.url}`, `H2C_URL=${h2c.url}`, `GRPC_TARGET=127.0.0.1:${grpc.port}`];
    const r = await loadsmith(
      [
        'run',
        shortPlan(dir),
        '--repeat',
        '2',
        '--pause',
        '0s',
        '--summary-json',
        out,
        ...env.flatMap((e) => ['--env', e]),
      ],
      { timeoutMs: 150_000 },
    );
    expect(r.code, r.stderr + r.stdout).toBe(0);
    const doc = JSON.parse(readFileSync(out, 'utf8')) as RepeatResult;
    expect(doc.measured).toEqual([1, 2]);

    // Each repeat: the scenarios' requests add up to the run's, and gRPC's to what the server answered.
    let grpcCalls = 0;
    for (const s of doc.repeats) {
      const sc = (name: string) => s.scenarios.find((x) => x.name === name);
      expect(SCENARIOS.map((n) => sc(n)?.requests?.protocols)).toEqual([['http'], ['http'], ['grpc']]);
      expect((sc('http1')?.requests?.count ?? 0) + (sc('http2')?.requests?.count ?? 0)).toBe(s._total);
      const calls = s.metrics.grpc_req_duration;
      expect(sc('grpc')?.requests?.count).toBe(calls?.type === 'trend' ? calls.count : -1);
      grpcCalls += sc('grpc')?.requests?.count ?? 0;
      for (const name of SCENARIOS) {
        const q = sc(name)?.requests;
        expect(q?.count, name).toBeGreaterThan(0);
        expect(q?.failed, name).toBe(0);
        // Over the scenario's own 2 s (in-flight iterations finish after): not over the run's whole ~7 s.
        expect(q?.rate, name).toBeGreaterThanOrEqual((q?.count ?? 0) / 2.5);
        expect(q?.duration.p95, name).toBeGreaterThanOrEqual(5);
        const checks = s.checks.filter((c) => c.scenario === name);
        expect(sc(name)?.checks).toEqual({ passes: checks.reduce((n, c) => n + c.passes, 0), fails: 0, rate: 1 });
      }
      expect(sc('http1')?.requests?.duration.p95).not.toBe(sc('grpc')?.requests?.duration.p95);
    }
    expect(grpcCalls).toBe(grpc.counts.Get);

    // The statistics are those of the repeats' own numbers.
    const stat = (name: string, col: string) =>
      doc.scenarios?.find((x) => x.scenario === name)?.stats.find((x) => x.key === `${name}:${col}`)?.spread;
    const each = (name: string, read: (s: Summary) => number | undefined) =>
      spread(doc.repeats.map((s) => read(s) ?? null));
    const of = (s: Summary, name: string) => s.scenarios.find((x) => x.name === name);
    for (const name of SCENARIOS) {
      expect(stat(name, 'requests')).toEqual(each(name, (s) => of(s, name)?.requests?.count));
      expect(stat(name, 'p95')).toEqual(each(name, (s) => of(s, name)?.requests?.duration.p95));
      expect(stat(name, 'failed')).toMatchObject({ n: 2, mean: 0 });
      expect(stat(name, 'checks')).toMatchObject({ n: 2, mean: 1 });
    }
    const table = tableOf(r.stdout);
    expect(table).toMatch(/PER SCENARIO — mean ± sample standard deviation across 2 repeats/);
    expect(table).toMatch(/scenario\s+requests\s+req\/s\s+p\(95\)\s+failed\s+checks passed/);
    for (const name of SCENARIOS)
      expect(table).toMatch(
        new RegExp(`\\n\\s+${name}\\s+[\\d,.]+ ± [\\d,.]+\\s.*0\\.00% ± 0\\.00%\\s+100\\.00% ± 0\\.00%`),
      );

    // The saved document gives the table again, and compares per scenario.
    const again = await loadsmith(['report', out]);
    expect(again.code, again.stderr).toBe(0);
    expect(tableOf(again.stdout)).toBe(table);
    const cmp = await loadsmith(['compare', out, out, '--json']);
    expect(cmp.code, cmp.stderr).toBe(0);
    const c = JSON.parse(cmp.stdout) as Comparison;
    expect(c.scenarios?.map((s) => s.scenario)).toEqual(SCENARIOS);
    const requests = c.scenarios?.[2]?.rows.find((x) => x.key === 'grpc:requests');
    expect(requests?.cells.map((x) => x.value)).toEqual([
      stat('grpc', 'requests')?.mean,
      stat('grpc', 'requests')?.mean,
    ]);
    expect(requests?.cells[1]?.verdict).toBe('unchanged');
  }, 180_000);
});
