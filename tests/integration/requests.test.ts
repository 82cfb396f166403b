/**
 * Requests against a real server: checks counted exactly, extractions reused in later requests (and failures
 * counted, not fatal), cookies, redirects, batches, bodies, auth, data feeders and per-VU variables.
 */
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { JSON_DOC, startTargetServer, type TargetServer } from '../fixtures/target-server.ts';
import { byVu, header, runYaml } from './run-helper.ts';

let server: TargetServer;
beforeAll(async () => {
  server = await startTargetServer({ record: true });
});
afterAll(async () => {
  await server.close();
});
beforeEach(() => server.resetStats());

interface PlanOptions {
  /** Of the scenario; 1 as the plan's default. */
  vus?: number;
  /** Per VU; 1 as the plan's default. */
  iterations?: number;
  /** YAML of `defaults.http`. */
  http?: string;
  /** Top-level YAML before the scenarios (data, variables). */
  top?: string;
  /** Top-level YAML after them (thresholds). */
  bottom?: string;
  workers?: number;
  baseDir?: string;
}

/** Runs `steps` (YAML sequence items, indented as under `steps:`) as the one per-vu-iterations scenario `s`, against the server. */
const run = (steps: string, { vus = 1, iterations = 1, http, top = '', bottom = '', ...opts }: PlanOptions = {}) =>
  runYaml(
    `
version: 1
name: requests test
defaults: { baseUrl: "\${env.BASE}"${http ? `, http: ${http}` : ''} }
${top}
scenarios:
  s:
    executor: per-vu-iterations
    vus: ${vus}
    iterations: ${iterations}
    steps:
${steps}
${bottom}`,
    { env: { BASE: server.url }, ...opts },
  );

/** The Cookie header of each request to /cookies/echo, in order. */
const echoedCookies = () => server.requests.filter((r) => r.path === '/cookies/echo').map((r) => header(r, 'cookie'));

/** Two iterations per VU, each echoing its cookies, setting one, and echoing them again. */
const runCookieSteps = (http?: string) =>
  run(
    `
      - request: { url: /cookies/echo }
      - request: { url: "/cookies/set?session=abc" }
      - request: { url: /cookies/echo }
`,
    { iterations: 2, http },
  );

describe('checks', () => {
  it('counts passes and failures exactly and keeps a failure reason', async () => {
    const { summary } = await run(
      `
      - request:
          name: doc
          url: /json
          checks:
            - status: 200
            - jsonPath: $.items[?(@.price > 1)].name
              equals: apple
            - status: 201
              name: wrongly expects 201
`,
      { vus: 2, iterations: 5, workers: 2 },
    );
    const byName = Object.fromEntries(summary.checks.map((c) => [c.name, c]));
    expect(byName['status is 200']).toMatchObject({ passes: 10, fails: 0, request: 'doc', scenario: 's' });
    expect(byName['$.items[?(@.price > 1)].name == "apple"']).toMatchObject({ passes: 10, fails: 0 });
    expect(byName['wrongly expects 201']).toMatchObject({ passes: 0, fails: 10, failure: 'got 200' });
    expect(summary.metrics.checks).toMatchObject({ type: 'rate', passes: 20, fails: 10 });
    // A failed check does not fail the request (as in k6).
    expect(summary.metrics.http_req_failed).toMatchObject({ rate: 0 });
  });
});

describe('extract', () => {
  it('reuses an extracted value in a later request of the same iteration', async () => {
    const { summary } = await run(
      `
      - request:
          url: /json
          extract:
            token: { jsonPath: $.token }
            city: { jsonPath: $.user.address.city }
            firstItem: { jsonPath: "$.items[0]" }
      - request:
          method: POST
          url: /echo
          headers: { X-Token: "\${token}" }
          json: { city: "\${city}", item: "\${firstItem}", price: "\${firstItem.price}" }
`,
      { iterations: 3 },
    );
    const echoes = server.requests.filter((r) => r.path === '/echo');
    expect(echoes).toHaveLength(3);
    for (const e of echoes) {
      expect(header(e, 'x-token')).toBe(JSON_DOC.token);
      expect(JSON.parse(e.body)).toEqual({ city: 'London', item: JSON_DOC.items[0], price: 1.25 });
      expect(header(e, 'content-type')).toBe('application/json');
    }
    expect(summary.extractFailures).toEqual([]);
  });

  it('counts a failed extraction, unsets the variable and ends the iteration when it is used', async () => {
    const { summary } = await run(
      `
      - request:
          name: fetch
          url: /json
          extract:
            missing: { jsonPath: $.nope }
            withDefault: { jsonPath: $.nope, default: fallback }
      - request: { name: uses default, url: "/echo?v=\${withDefault}" }
      - request: { name: uses missing, url: "/echo?v=\${missing}" }
      - request: { name: never reached, url: /json }
`,
      { iterations: 4 },
    );
    expect(summary.extractFailures).toEqual([
      expect.objectContaining({ variable: 'missing', request: 'fetch', count: 4, message: 'no match for $.nope' }),
    ]);
    expect(summary.errors).toEqual([expect.objectContaining({ kind: 'template', request: 'uses missing', count: 4 })]);
    expect(summary.errors[0]?.message).toMatch(/missing/);
    expect(server.requests.filter((r) => r.path === '/echo').map((r) => r.query.v)).toEqual([
      'fallback',
      'fallback',
      'fallback',
      'fallback',
    ]);
    expect(server.hits('/json')).toBe(4); // "never reached" was never sent
    expect(summary.metrics.iterations).toMatchObject({ count: 4 }); // the iterations ran, and ended early
  });
});

describe('cookies, redirects, batches', () => {
  it('keeps cookies per VU within an iteration and clears them between iterations', async () => {
    await runCookieSteps();
    expect(echoedCookies()).toEqual([undefined, 'session=abc', undefined, 'session=abc']);
  });

  it('keeps cookies across iterations with cookies: vu, and sends none with cookies: off', async () => {
    for (const [scope, expected] of [
      ['vu', [undefined, 'session=abc', 'session=abc', 'session=abc']],
      ['off', [undefined, undefined, undefined, undefined]],
    ] as const) {
      server.resetStats();
      await runCookieSteps(`{ cookies: ${scope} }`);
      expect(echoedCookies()).toEqual(expected);
    }
  });

  it('follows redirects, measuring each hop, unless maxRedirects is 0', async () => {
    const { summary } = await run(
      `
      - request: { name: followed, url: "/redirect?to=/json", checks: [{ status: 200 }, { jsonPath: $.token, exists: true }] }
      - request: { name: not followed, url: "/redirect?to=/json", maxRedirects: 0, checks: [{ status: 302 }] }
`,
      { iterations: 2 },
    );
    expect(summary.checks.every((c) => c.fails === 0)).toBe(true);
    const followed = summary.requests.find((r) => r.name === 'followed');
    expect(followed).toMatchObject({ count: 4, statuses: { 302: 2, 200: 2 } });
    expect(server.hits('/json')).toBe(2);
  });

  it("sends the step's own headers and auth again on a redirect hop, after the defaults", async () => {
    await run(
      `
      - request:
          name: with headers
          url: "/redirect?to=/json"
          headers: { x-team: blue, accept: application/json }
          auth: { type: bearer, token: t0k }
`,
      { iterations: 1 },
    );
    const hops = server.requests.filter((r) => r.path === '/redirect' || r.path === '/json');
    expect(hops.map((r) => r.path)).toEqual(['/redirect', '/json']);
    for (const r of hops) {
      expect(header(r, 'x-team'), r.path).toBe('blue');
      expect(header(r, 'accept'), r.path).toBe('application/json');
      expect(header(r, 'authorization'), r.path).toBe('Bearer t0k');
    }
  });

  it('counts a redirect chain that maxRedirects cuts short as failed, with the reason; 0 follows none, by choice', async () => {
    const { summary } = await run(
      `
      - request: { name: loop, url: /loop, maxRedirects: 3, checks: [{ status: 302 }] }
      - request: { name: not followed, url: /loop, maxRedirects: 0 }
`,
      { iterations: 2 },
    );
    // 1 + 3 hops per iteration: every hop reached the server and is a measured request.
    expect(server.hits('/loop')).toBe(2 * (4 + 1));
    const loop = summary.requests.find((r) => r.name === 'loop');
    expect(loop).toMatchObject({ count: 8, statuses: { 302: 8 }, failed: 2 }); // the last hop of each chain
    expect(summary.requests.find((r) => r.name === 'not followed')).toMatchObject({ count: 2, failed: 0 });
    expect(summary.errors).toEqual([
      expect.objectContaining({ kind: 'too-many-redirects', request: 'loop', count: 2 }),
    ]);
    expect(summary.errors[0]?.message).toMatch(/^stopped after 3 redirects: maxRedirects reached .*\/loop\?n=4/);
    expect(summary.metrics.http_req_failed).toMatchObject({ passes: 2 });
    expect(summary.checks.every((c) => c.fails === 0)).toBe(true); // the response is still there for checks
  });

  it('sends the requests of a batch in parallel', async () => {
    const { summary } = await run(`
      - batch:
          - request: { name: a, url: "/delay?ms=400" }
          - request: { name: b, url: "/delay?ms=400" }
          - request: { name: c, url: "/delay?ms=400" }
`);
    expect(summary._total).toBe(3);
    const it = summary.metrics.iteration_duration;
    expect(it?.type === 'trend' && it.max).toBeGreaterThanOrEqual(390);
    expect(it?.type === 'trend' && it.max).toBeLessThan(900);
  });
});

describe('bodies, auth and groups', () => {
  it('sends form, text and JSON bodies with their content types, and basic/apiKey auth', async () => {
    await run(`
      - group:
          name: bodies
          steps:
            - request: { method: POST, url: /echo, form: { a: "1 2", b: [x, y] }, auth: { type: basic, username: ada, password: "s3cr:et" } }
            - request: { method: PUT, url: /echo, text: "hello \${vu}", auth: { type: apiKey, in: query, name: key, value: "k-\${vu}" } }
            - request: { method: PATCH, url: /echo, json: [1, "\${iter}", { n: "\${iter}" }], headers: { Content-Type: application/vnd.api+json } }
`);
    const [form, text, json] = server.requests;
    expect(form).toMatchObject({ method: 'POST', body: 'a=1%202&b=x&b=y' });
    expect(header(form!, 'content-type')).toBe('application/x-www-form-urlencoded');
    expect(header(form!, 'authorization')).toBe(`Basic ${Buffer.from('ada:s3cr:et').toString('base64')}`);
    expect(text).toMatchObject({ method: 'PUT', body: 'hello 1', query: { key: 'k-1' } });
    expect(header(text!, 'content-type')).toBe('text/plain; charset=utf-8');
    expect(json).toMatchObject({ method: 'PATCH', body: '[1,0,{"n":0}]' });
    expect(header(json!, 'content-type')).toBe('application/vnd.api+json');
    expect(header(json!, 'user-agent')).toMatch(/^loadsmith\//);
  });

  it('does not send disabled headers and query parameters, in a request or a batch', async () => {
    await run(`
      - request:
          url: /echo
          query: { page: 2, debug: "1" }
          headers: { X-Kept: yes, X-Debug: "\${half" }
          disabled: { headers: [x-debug], query: [debug] }
      - batch:
          - request: { url: /json, headers: { X-Off: "1", X-On: "1" }, disabled: { headers: [X-Off] } }
`);
    const [echo, json] = server.requests;
    expect(echo!.query).toEqual({ page: '2' });
    expect(header(echo!, 'x-kept')).toBe('yes');
    expect(header(echo!, 'x-debug')).toBeUndefined();
    expect(header(json!, 'x-on')).toBe('1');
    expect(header(json!, 'x-off')).toBeUndefined();
  });

  it('tags checks with their group and measures group_duration', async () => {
    const { summary } = await run(
      `
      - group:
          name: outer
          steps:
            - group: { name: inner, steps: [{ request: { url: /json, checks: [{ status: 200 }] } }] }
`,
      {
        bottom: `
thresholds:
  group_duration{group:outer}: ["max<5000"]
  checks{group:::outer::inner}: ["rate==1"]
`,
      },
    );
    expect(summary.checks[0]).toMatchObject({ group: '::outer::inner', passes: 1 });
    expect(summary.groups.map((g) => g.group).sort()).toEqual(['::outer', '::outer::inner']);
    expect(summary.thresholds.every((t) => t.ok && t.value !== null)).toBe(true);
  });
});

describe('data and variables', () => {
  it('hands out each row of a unique feeder exactly once across two workers, then stops', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'loadsmith-data-'));
    await writeFile(
      join(dir, 'rows.csv'),
      `id,name\n${Array.from({ length: 10 }, (_, i) => `${i},user ${i}`).join('\n')}\n`,
    );
    const { summary } = await run(
      `
      - request: { url: "/echo?id=\${data.rows.id}&name=\${data.rows.name}", headers: { X-VU: "\${vu}" } }
`,
      { top: 'data: { rows: { file: rows.csv, mode: unique } }', vus: 4, iterations: 5, workers: 2, baseDir: dir },
    );
    const ids = server.requests.map((r) => Number(r.query.id)).sort((a, b) => a - b);
    expect(ids).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(server.requests.every((r) => r.query.name === `user ${r.query.id}`)).toBe(true);
    // 4 VUs x 5 iterations wanted, 10 rows: every VU that found the rows used up stopped, its next iteration dropped.
    // How the rows split among the VUs depends on timing (one VU may take 5 and finish): count from what was sent.
    const stopped =
      [...byVu(server.requests).values()].filter((reqs) => reqs.length < 5).length + (4 - byVu(server.requests).size);
    expect(stopped).toBeGreaterThanOrEqual(3);
    expect(summary.metrics.dropped_iterations).toMatchObject({ count: stopped });
  });

  it('evaluates plan variables once per VU', async () => {
    await run(
      `
      - request: { url: /echo, headers: { X-VU: "\${vu}", X-Session: "\${session}", X-Label: "\${label}" } }
`,
      { top: 'variables: { session: "${uuid()}", label: "vu-${vu}" }', vus: 2, iterations: 3 },
    );
    const perVu = byVu(server.requests);
    const sessions = [...perVu.values()].map((reqs) => new Set(reqs.map((r) => header(r, 'x-session'))));
    expect(sessions.map((s) => s.size)).toEqual([1, 1]);
    expect([...sessions[0]!][0]).not.toBe([...sessions[1]!][0]);
    expect(server.requests.every((r) => header(r, 'x-label') === `vu-${header(r, 'x-vu')}`)).toBe(true);
  });
});
