/** Try it against a real server: checks with reasons, extractions, headers as sent, redirects, failures as entries. */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { JSON_DOC, startTargetServer, unusedPort, type TargetServer } from '../../../tests/fixtures/target-server.ts';
import type { Plan } from '../../plan/schema/index.ts';
import { MissingEnvironmentError, TraceInputError } from './errors.ts';
import { traceRequest } from './trace-request.ts';

let server: TargetServer;
beforeAll(async () => {
  server = await startTargetServer({ record: true });
});
afterAll(async () => {
  await server.close();
});
beforeEach(() => server.resetStats());

/** A plan with scenario `s` holding `steps` (YAML, indented as under `steps:`). */
const plan = (steps: string, top = ''): Plan =>
  parse(`
version: 1
name: try test
defaults:
  baseUrl: "\${env.BASE}"
  auth: { type: bearer, token: "\${env.TOKEN}" }
${top}
scenarios:
  s:
    executor: constant-vus
    vus: 5
    duration: 10s
    steps:
${steps}`) as Plan;

const env = () => ({ BASE: server.url, TOKEN: 't-secret' });
const at = (i: number) => ['scenarios', 's', 'steps', i];

describe('traceRequest', () => {
  it('reports checks passing and failing with their reasons, and the extracted values', async () => {
    const p = plan(`
      - request:
          name: doc
          url: /json
          checks: [{ status: 200 }, { status: 201 }, { jsonPath: "$.user.name", equals: Bob }]
          extract: { token: { jsonPath: $.token }, nothing: { jsonPath: $.missing }, city: { jsonPath: $.nope, default: Paris } }`);
    const { entry, variables } = await traceRequest(p, at(0), { env: env(), variables: { nothing: 'stale', kept: 1 } });
    expect(entry.response?.status).toBe(200);
    expect(entry.checks).toEqual([
      { name: 'status is 200', ok: true, reason: null },
      { name: 'status is 201', ok: false, reason: 'got 200' },
      { name: '$.user.name == "Bob"', ok: false, reason: expect.stringContaining('"Ada"') },
    ]);
    expect(entry.extracted).toEqual([
      { variable: 'token', ok: true, value: JSON_DOC.token, reason: null },
      { variable: 'nothing', ok: false, value: null, reason: 'no match for $.missing' },
      { variable: 'city', ok: false, value: 'Paris', reason: 'no match for $.nope; the default was used' },
    ]);
    // A failed extraction unsets its variable, as in a run; seeds not touched are kept.
    expect(variables).toEqual({ token: JSON_DOC.token, city: 'Paris', kept: 1 });
    expect(JSON.parse(entry.response?.body ?? '')).toEqual(JSON_DOC);
    expect(entry.response?.contentType).toBe('application/json');
    expect(entry.response?.size).toBeGreaterThan(JSON.stringify(JSON_DOC).length);
    expect(entry.timings.duration).toBeGreaterThan(0);
    expect(entry).toMatchObject({ scenario: 's', group: '', path: at(0), name: 'doc', error: null, redirects: 0 });
  });

  it('shows the headers as sent: auth from the environment, user-agent, content-type, and the body', async () => {
    const p = plan(
      `
      - request: { method: POST, url: "/echo?q=1", query: { page: 2 }, headers: { X-Id: "\${vu}-\${iter}" }, json: { user: "\${name}" } }`,
      'variables: { name: Ada }',
    );
    const { entry } = await traceRequest(p, [...at(0), 'request'], { env: env() });
    const sent = Object.fromEntries(entry.request.headers);
    expect(sent).toMatchObject({ authorization: 'Bearer t-secret', 'content-type': 'application/json', 'X-Id': '1-0' });
    expect(sent['user-agent']).toMatch(/^loadsmith\//);
    expect(entry.request).toMatchObject({
      method: 'POST',
      url: `${server.url}/echo?q=1&page=2`,
      body: '{"user":"Ada"}',
      bodyTruncated: false,
    });
    // What the server received is what the entry says was sent.
    const got = server.requests[0];
    expect(got?.headers.authorization).toBe('Bearer t-secret');
    expect(got?.body).toBe('{"user":"Ada"}');
  });

  it('uses the given variables (values extracted earlier), and reports an unset one as a template error without sending', async () => {
    const p = plan(`
      - request: { url: /json, extract: { token: { jsonPath: $.token } } }
      - request: { url: "/echo?t=\${token}" }`);
    const missing = await traceRequest(p, at(1), { env: env() });
    expect(missing.entry.error?.kind).toBe('template');
    expect(missing.entry.error?.message).toContain('token');
    expect(missing.entry.response).toBeNull();
    expect(missing.entry.request.url).toBe('${env.BASE}/echo?t=${token}');
    expect(server.hits()).toBe(0);
    const given = await traceRequest(p, at(1), { env: env(), variables: { token: 'abc' } });
    expect(given.entry.request.url).toBe(`${server.url}/echo?t=abc`);
    expect(given.variables).toEqual({ token: 'abc' });
  });

  it('follows redirects and shows the last hop, with the number of hops', async () => {
    const p = plan(`
      - request: { url: "/redirect?status=302&to=/redirect%3Fstatus%3D307%26to%3D/text", checks: [{ status: 200 }] }`);
    const { entry } = await traceRequest(p, at(0), { env: env() });
    expect(entry.redirects).toBe(2);
    expect(entry.request.url).toBe(`${server.url}/text`);
    expect(entry.response?.body).toBe('hello <world> token=abc123;');
    expect(entry.checks[0]?.ok).toBe(true);
  });

  it('shows a redirect chain cut short by maxRedirects as an error next to its last response', async () => {
    const { entry } = await traceRequest(
      plan(`
      - request: { url: /loop, maxRedirects: 2 }`),
      at(0),
      { env: env() },
    );
    expect(entry.redirects).toBe(2);
    expect(entry.response?.status).toBe(302);
    expect(entry.error).toMatchObject({
      kind: 'too-many-redirects',
      message: expect.stringMatching(/^stopped after 2 redirects/),
    });
  });

  it('reports a refused connection as an entry with an error and no response', async () => {
    const port = await unusedPort();
    const p = plan(`
      - request: { url: "http://127.0.0.1:${port}/x", checks: [{ status: 200 }] }`);
    const { entry } = await traceRequest(p, at(0), { env: env() });
    expect(entry.response).toBeNull();
    expect(entry.error?.kind).toBe('refused');
    expect(entry.checks).toEqual([{ name: 'status is 200', ok: false, reason: 'no response' }]);
  });

  it('tries a request in a batch or a group by its step path', async () => {
    const p = plan(`
      - group:
          name: g
          steps:
            - batch:
                - request: { url: /text }
                - request: { name: second, url: "/status/201" }`);
    const { entry } = await traceRequest(p, [...at(0), 'group', 'steps', 0, 'batch', 1], { env: env() });
    expect(entry).toMatchObject({ name: 'second', group: '::g', path: [...at(0), 'group', 'steps', 0, 'batch', 1] });
    expect(entry.response?.status).toBe(201);
  });

  it('refuses when an environment variable the request needs is not set, naming it, but not for one it does not use', async () => {
    const p = plan(`
      - request: { url: /json }
      - request: { url: "/echo?k=\${env.OTHER}", auth: { type: none } }`);
    const err = await traceRequest(p, at(0), { env: { BASE: server.url } }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(MissingEnvironmentError);
    expect((err as MissingEnvironmentError).names).toEqual(['TOKEN']);
    // The second request sets its own auth, so TOKEN does not matter to it; OTHER does.
    const other = await traceRequest(p, at(1), { env: { BASE: server.url } }).catch((e: unknown) => e);
    expect((other as MissingEnvironmentError).names).toEqual(['OTHER']);
    const ok = await traceRequest(p, at(1), { env: { BASE: server.url, OTHER: 'x' } });
    expect(ok.entry.request.url).toBe(`${server.url}/echo?k=x`);
  });

  it('refuses a path that is not a request step', async () => {
    const p = plan(`
      - think: 1s`);
    await expect(traceRequest(p, at(0), { env: env() })).rejects.toBeInstanceOf(TraceInputError);
  });

  it('stops at its time limit and says so', async () => {
    const p = plan(`
      - request: { url: /hang }`);
    const t = performance.now();
    const { entry } = await traceRequest(p, at(0), { env: env(), timeoutMs: 300 });
    expect(performance.now() - t).toBeLessThan(5000);
    expect(entry.error).toEqual({ kind: 'interrupted', message: expect.stringContaining('time limit') });
  });

  it('reads the first row of a data file and a body file, relative to baseDir', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'loadsmith-trace-'));
    try {
      await writeFile(join(dir, 'users.csv'), 'name\nann\nbob\n');
      await writeFile(join(dir, 'body.txt'), 'from a file');
      const p = plan(
        `
      - request: { method: POST, url: "/echo?u=\${data.users.name}", file: body.txt }`,
        'data: { users: { file: users.csv } }',
      );
      const { entry } = await traceRequest(p, at(0), { env: env(), baseDir: dir });
      expect(entry.request.url).toBe(`${server.url}/echo?u=ann`);
      expect(entry.request.body).toBe('from a file');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
