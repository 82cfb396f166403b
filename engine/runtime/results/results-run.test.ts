/**
 * Raw results through runPlan against a local target: one row per request counted in http_reqs (redirect hops,
 * 500s and refused connections included), consistent with the summary, complete after abort, refused paths.
 */
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ResultOutputError } from './files.ts';
import { eachNdjson, httpReqs, readCsv, refusedUrl, startRun, startTarget, type Target } from './testing.ts';

let target: Target;
let dir: string;
let dead: string;
beforeAll(async () => {
  target = await startTarget();
  dead = await refusedUrl();
  dir = await mkdtemp(join(tmpdir(), 'loadsmith-raw-'));
});
afterAll(async () => {
  await target.close();
  await rm(dir, { recursive: true, force: true });
});

const SECRET = 's3cr3t-Key';
const mixedPlan = `
version: 1
name: raw results
defaults: { baseUrl: "\${env.BASE}" }
scenarios:
  browse:
    executor: per-vu-iterations
    vus: 4
    iterations: 25
    steps:
      - request: { name: List items, url: /items, auth: { type: apiKey, in: query, name: api_key, value: "\${env.KEY}" } }
      - group:
          name: checkout
          steps:
            - request: { name: "Pay, now", method: POST, url: /redirect, json: { amount: 1 } }
      - request: { name: Broken, url: /fail }
      - request: { name: Refused, url: "\${env.DEAD}/nothing", timeout: 5s }
`;

describe('csv results', () => {
  it('has exactly one row per counted request, matching the summary request by request', async () => {
    const path = join(dir, 'mixed.csv');
    const summary = await startRun(mixedPlan, { BASE: target.url, DEAD: dead, KEY: SECRET }, [{ format: 'csv', path }])
      .done;
    const rows = await readCsv(path);

    // 4 VUs x 25 iterations x (items, POST 302, GET hop, 500, refused)
    expect(httpReqs(summary.metrics)).toBe(500);
    expect(rows).toHaveLength(httpReqs(summary.metrics));
    expect(summary.notes.filter((n) => n.includes('raw results'))).toEqual([]);

    // Per request name and status, as the summary counts them.
    const counts = tally(rows, (r) => `${r.request}|${r.status}`);
    const expected = new Map<string, number>();
    for (const q of summary.requests)
      for (const [status, n] of Object.entries(q.statuses))
        expected.set(`${q.name}|${status}`, (expected.get(`${q.name}|${status}`) ?? 0) + n);
    expect(counts).toEqual(expected);
    // The method is the one sent on each hop: the 302 after a POST is followed with a GET (the summary tags the
    // hop with the step's method).
    expect(tally(rows, (r) => `${r.request}|${r.method}|${r.status}`)).toEqual(
      new Map([
        ['List items|GET|200', 100],
        ['Pay, now|POST|302', 100],
        ['Pay, now|GET|200', 100],
        ['Broken|GET|500', 100],
        ['Refused|GET|0', 100],
      ]),
    );

    const refused = rows.filter((r) => r.request === 'Refused');
    expect(new Set(refused.map((r) => r.error_kind))).toEqual(new Set(['refused']));
    expect(refused.every((r) => r.error_message !== '' && r.bytes_sent === '0' && r.bytes_received === '0')).toBe(true);
    const refusedErrors = summary.errors.filter((e) => e.kind === 'refused').reduce((n, e) => n + e.count, 0);
    expect(refused).toHaveLength(refusedErrors);
    expect(
      rows.filter((r) => r.request !== 'Refused').every((r) => r.error_kind === '' && Number(r.bytes_received) > 0),
    ).toBe(true);

    const hop = rows.filter((r) => r.request === 'Pay, now');
    expect(new Set(hop.map((r) => r.group))).toEqual(new Set(['::checkout']));
    expect(hop.filter((r) => r.method === 'GET').every((r) => r.url === `${target.url}/items`)).toBe(true);

    // The query-string credential never reaches the file.
    expect(await readFile(path, 'utf8')).not.toContain(SECRET);
    expect(new Set(rows.filter((r) => r.request === 'List items').map((r) => r.url))).toEqual(
      new Set([`${target.url}/items?api_key=***`]),
    );

    // Every VU iteration left its 5 rows; times fall inside the run and the phases add up.
    const perIteration = tally(rows, (r) => `${r.vu}/${r.iteration}`);
    expect(perIteration.size).toBe(100);
    expect([...perIteration.values()].every((n) => n === 5)).toBe(true);
    const start = Date.parse(summary.startedAt) - 100;
    const end = Date.parse(summary.endedAt) + 100;
    for (const r of rows) {
      const t = Date.parse(r.timestamp ?? '');
      expect(t >= start && t <= end, `timestamp ${r.timestamp}`).toBe(true);
      const phases = Number(r.sending_ms) + Number(r.waiting_ms) + Number(r.receiving_ms);
      expect(Math.abs(phases - Number(r.duration_ms))).toBeLessThan(0.0015);
    }
  });

  it('refuses a path it cannot write before sending anything, naming the path', async () => {
    const before = target.hits();
    const missing = join(dir, 'no-such-dir', 'out.csv');
    await expect(
      startRun(mixedPlan, { BASE: target.url, DEAD: dead, KEY: SECRET }, [{ format: 'csv', path: missing }]).done,
    ).rejects.toThrow(
      new ResultOutputError(
        missing,
        `cannot write the csv results to ${missing}: ENOENT: its directory does not exist`,
      ),
    );
    await expect(
      startRun(mixedPlan, { BASE: target.url, DEAD: dead, KEY: SECRET }, [{ format: 'ndjson', path: dir }]).done,
    ).rejects.toThrow(`cannot write the ndjson results to ${dir}: EISDIR`);
    expect(target.hits()).toBe(before);
  });
});

function tally<T>(xs: readonly T[], key: (x: T) => string): Map<string, number> {
  const out = new Map<string, number>();
  for (const x of xs) out.set(key(x), (out.get(key(x)) ?? 0) + 1);
  return out;
}

describe('after a hard stop', () => {
  it('leaves complete files, one row per counted request, in both formats', async () => {
    const csv = join(dir, 'abort.csv');
    const ndjson = join(dir, 'abort.ndjson');
    const run = startRun(
      `
version: 1
name: aborted
defaults: { baseUrl: "\${env.BASE}" }
scenarios:
  s:
    executor: constant-vus
    vus: 20
    duration: 60s
    steps:
      - request: { name: fast, url: /items }
      - request: { name: slow, url: "/slow?ms=300" }
`,
      { BASE: target.url },
      [
        { format: 'csv', path: csv },
        { format: 'ndjson', path: ndjson },
      ],
    );
    run.on('tick', (t) => {
      if (t.elapsedMs >= 1500) run.abort();
    });
    const summary = await run.done;
    expect(summary.stoppedBy).toBe('aborted');
    const count = httpReqs(summary.metrics);
    expect(count).toBeGreaterThan(20);
    const rows = await readCsv(csv);
    expect(rows).toHaveLength(count);
    const names = new Map<string, number>();
    const lines = await eachNdjson(ndjson, (r) =>
      names.set(String(r.request), (names.get(String(r.request)) ?? 0) + 1),
    );
    expect(lines).toBe(count);
    expect(names).toEqual(new Map(summary.requests.map((q) => [q.name, q.count])));
    expect((await stat(ndjson)).size).toBeGreaterThan(0);
    expect(summary.notes.filter((n) => n.includes('raw results'))).toEqual([]);
  });
});

describe('a write failure during the run', () => {
  it('does not stop the run and is reported in the notes with the rows missing', async () => {
    const summary = await startRun(
      `
version: 1
name: disk full
defaults: { baseUrl: "\${env.BASE}" }
scenarios:
  s: { executor: shared-iterations, vus: 4, iterations: 200, steps: [{ request: { url: /items } }] }
`,
      { BASE: target.url },
      [{ format: 'ndjson', path: '/dev/full' }],
    ).done;
    expect(summary.stoppedBy).toBe('completed');
    expect(httpReqs(summary.metrics)).toBe(200);
    expect(summary.notes).toContainEqual(
      expect.stringMatching(
        /^raw results \/dev\/full: writing failed \(ENOSPC[^)]*\); 200 of 200 rows are missing from the file$/,
      ),
    );
  });
});
