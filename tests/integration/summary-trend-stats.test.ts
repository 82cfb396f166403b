/**
 * summaryTrendStats (k6's option) from the CLI and from the plan, through the real `loadsmith run`: the text summary,
 * the JSON and the HTML report show the chosen statistics; p(99.9) comes from the run's merged histograms.
 */
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadsmith } from '../fixtures/cli.ts';

// 1,000 requests; the server holds two of them (the 500th and 501st it sees) for 400 ms: p(99) stays fast,
// p(99.9) (the 999th of 1,000) is one of the slow two.
let server: Server;
let base = '';
let seen = 0;
let dir = '';
beforeAll(async () => {
  server = createServer((_req, res) => {
    seen++;
    if (seen === 500 || seen === 501) setTimeout(() => res.end('slow'), 400);
    else res.end('ok');
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  dir = await mkdtemp(join(tmpdir(), 'loadsmith-trend-stats-'));
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
});
beforeEach(() => {
  seen = 0;
});

async function plan(name: string, extra = ''): Promise<string> {
  const file = join(dir, name);
  await writeFile(
    file,
    `version: 1
name: trend stats
scenarios:
  s:
    executor: per-vu-iterations
    vus: 10
    iterations: 100
    steps: [{ request: { name: get, url: "\${env.BASE}/x" } }]
${extra}`,
  );
  return file;
}

const line = (text: string, metric: string): string =>
  text.split('\n').find((l) => l.trimStart().startsWith(`${metric}.`)) ?? '';

describe('--summary-trend-stats', () => {
  it("shows k6's statistics in their order in the text, JSON and HTML; p(99.9) sees the stall that p(99) does not", async () => {
    const file = await plan('cli.yaml');
    const json = join(dir, 'cli.json');
    const html = join(dir, 'cli.html');
    const r = await loadsmith([
      'run',
      file,
      '-q',
      '--workers',
      '2',
      '-e',
      `BASE=${base}`,
      '--summary-trend-stats',
      'avg,min,med,max,p(90),p(95),p(99.9),count',
      '--summary-json',
      json,
      '--html',
      html,
    ]);
    expect(r.code, r.stderr).toBe(0);
    expect(seen).toBe(1000);
    expect(line(r.stdout, 'http_req_duration')).toMatch(
      /: avg=\S+ min=\S+ med=\S+ max=\S+ p\(90\)=\S+ p\(95\)=\S+ p\(99\.9\)=\S+ count=1,000$/,
    );
    expect(line(r.stdout, 'http_req_waiting')).toMatch(/ p\(99\.9\)=\S+ count=1,000$/);
    expect(line(r.stdout, 'http_req_duration')).not.toMatch(/p\(99\)=/);
    // The request table adds the chosen percentile to its own columns.
    expect(r.stdout).toMatch(
      /request\s+count\s+rate\s+p\(50\)\s+p\(90\)\s+p\(95\)\s+p\(99\)\s+p\(99\.9\)\s+max\s+failed/,
    );

    const s = JSON.parse(await readFile(json, 'utf8'));
    expect(s.summaryTrendStats).toEqual(['avg', 'min', 'med', 'max', 'p(90)', 'p(95)', 'p(99.9)', 'count']);
    const d = s.metrics.http_req_duration;
    expect(d.count).toBe(1000);
    expect(d['p99.9']).toBeGreaterThanOrEqual(390);
    expect(d.p99).toBeLessThan(300);
    expect(s.requests[0].duration['p99.9']).toBe(d['p99.9']);

    const page = await readFile(html, 'utf8');
    const metricsTable = page.slice(page.indexOf('aria-label="Metrics"'));
    expect(metricsTable).toMatch(/<th[^>]*>p\(99\.9\)<\/th>\s*<th[^>]*>count<\/th>/);
    expect(metricsTable).not.toMatch(/<th[^>]*>p\(99\)<\/th>/);
  });

  it("takes the plan's summaryTrendStats, and the option over the plan's", async () => {
    const file = await plan('plan.yaml', 'summaryTrendStats: [med, "p(99.9)"]');
    const fromPlan = await loadsmith(['run', file, '-q', '-e', `BASE=${base}`]);
    expect(fromPlan.code, fromPlan.stderr).toBe(0);
    expect(line(fromPlan.stdout, 'http_req_duration')).toMatch(/: med=\S+ p\(99\.9\)=\S+$/);
    seen = 0;
    const overridden = await loadsmith(['run', file, '-q', '-e', `BASE=${base}`, '--summary-trend-stats', 'max,count']);
    expect(line(overridden.stdout, 'http_req_duration')).toMatch(/: max=\S+ count=1,000$/);
  });

  it('refuses a statistic k6 does not know, in the plan with its place, on the command line with the option', async () => {
    const file = await plan('bad.yaml', 'summaryTrendStats: [avg, p99]');
    const bad = await loadsmith(['run', file, '-q', '-e', `BASE=${base}`]);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toMatch(
      /bad\.yaml:9:\d+.*summaryTrendStats\[1\].*a trend statistic is avg, min, med, max, count or p\(N\)/s,
    );
    const option = await loadsmith(['run', await plan('ok.yaml'), '--summary-trend-stats', 'avg,p(99,9)']);
    expect(option.code).toBe(1);
    expect(option.stderr).toMatch(/--summary-trend-stats: 'p\(99' is not a statistic/);
    expect(seen).toBe(0);
  });
});
