import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Plan, Request, Step } from '../../plan/schema/index.ts';
import { parsePlan } from '../../plan/parse.ts';
import { planToYaml } from '../plan-yaml.ts';
import { expectNoSecrets, importedText } from '../test-no-secrets.ts';
import { exportHar } from './export.ts';
import { importHar } from './import.ts';

const fixture = (name: string): string => readFileSync(new URL(`../../../tests/fixtures/convert/har/${name}`, import.meta.url), 'utf8');
const steps = (plan: Plan): Step[] => Object.values(plan.scenarios)[0]?.steps ?? [];
const requests = (list: Step[]): Request[] => list.flatMap((s) => ('request' in s ? [s.request] : 'group' in s ? requests(s.group.steps) : []));

const entry = (url: string, extra: Record<string, unknown> = {}, response: Record<string, unknown> = {}): Record<string, unknown> => ({
  startedDateTime: '2025-01-01T00:00:00.000Z', time: 100, request: { method: 'GET', url, headers: [], ...extra }, response: { status: 200, headers: [], ...response },
});
const har = (...entries: Record<string, unknown>[]): string => JSON.stringify({ log: { version: '1.2', creator: { name: 'test' }, entries } });

describe('importHar: browser recordings', () => {
  it('Chrome: a POST with an HTTP/2 recording, its text body and the browser error', () => {
    const { plan, notes } = importHar(fixture('chrome-postdata.har'), { file: 'chrome.har' });
    const [r] = requests(steps(plan));
    expect(plan.defaults?.baseUrl).toBe('${env.BASE_URL:-https://bi.pst.tech}');
    expect(r).toMatchObject({ method: 'POST', url: '/events' });
    expect(r?.text).toMatch(/^eyJjYXRlZ29yeSI6/);
    expect(r?.headers?.['content-type']).toBe('text/plain;charset=UTF-8');
    expect(Object.keys(r?.headers ?? {}).some((h) => h.startsWith(':') || h === 'content-length')).toBe(false);
    expect(r?.checks).toBeUndefined(); // the browser aborted it: no status to expect
    expect(notes.map((n) => n.message)).toEqual(expect.arrayContaining([
      expect.stringMatching(/net::ERR_ABORTED/), expect.stringMatching(/:authority, :method, :path, :scheme, content-length/),
    ]));
  });

  it('Firefox: pages become groups, the recorded status a check', () => {
    const { plan } = importHar(fixture('firefox-page.har'));
    const [group] = steps(plan);
    expect(group && 'group' in group ? group.group.name : undefined).toBe('mitmproxy - an interactive HTTPS proxy');
    const [r] = requests(steps(plan));
    expect(r).toMatchObject({ url: '/', checks: [{ status: 304 }] });
    expect(r?.headers?.['If-None-Match']).toBe('W/"a1550c2bd25c5bcfef789d730f5bbddf"');
    expect(r?.headers?.Host).toBeUndefined();
  });
});

describe('importHar: replaying a session', () => {
  it('leaves cookies set by recorded responses to the cookie jar and hides the others', () => {
    const text = har(
      entry('https://shop.test/login', { method: 'POST', postData: { mimeType: 'application/x-www-form-urlencoded', text: 'user=ann&password=s3cret' } },
        { status: 302, headers: [{ name: 'Set-Cookie', value: 'sid=abc; Path=/' }, { name: 'Location', value: '/home' }] }),
      entry('https://shop.test/home', { headers: [{ name: 'Cookie', value: 'sid=abc; pref=dark' }] }),
    );
    const { plan, env } = importHar(text);
    const [login, home] = requests(steps(plan));
    expect(login).toMatchObject({ method: 'POST', form: { user: 'ann', password: '${env.PASSWORD}' }, maxRedirects: 0, checks: [{ status: 302 }] });
    expect(home?.headers).toEqual({ Cookie: '${env.COOKIE}' });
    expect(env).toEqual(expect.arrayContaining(['PASSWORD', 'COOKIE']));
    expect(JSON.stringify(plan)).not.toMatch(/s3cret|dark/);
  });

  it('turns recorded pauses into think steps and can skip static resources', () => {
    const text = har(
      entry('https://a.test/'),
      { ...entry('https://a.test/app.js'), startedDateTime: '2025-01-01T00:00:00.200Z', _resourceType: 'script' },
      { ...entry('https://a.test/api/items'), startedDateTime: '2025-01-01T00:00:03.000Z' },
    );
    expect(steps(importHar(text).plan).map((s) => Object.keys(s)[0])).toEqual(['request', 'request', 'think', 'request']);
    const skipped = importHar(text, { skipStatic: true });
    expect(requests(steps(skipped.plan)).map((r) => r.url)).toEqual(['/', '/api/items']);
    expect(steps(skipped.plan).find((s) => 'think' in s)).toEqual({ think: '2.7s' });
    expect(skipped.notes.some((n) => /1 static resource/.test(n.message))).toBe(true);
  });

  it('reports what a plan cannot send', () => {
    const text = har(entry('wss://a.test/socket'), entry('https://a.test/upload', {
      method: 'POST', postData: { mimeType: 'multipart/form-data; boundary=x', params: [{ name: 'title', value: 'hi' }, { name: 'doc', fileName: 'a.pdf' }] },
    }));
    const { plan, notes } = importHar(text, { file: 'up.har' });
    expect(notes.filter((n) => n.kind === 'not-imported').map((n) => n.where)).toEqual([
      'up.har: entries[0] (GET wss://a.test/socket)', 'up.har: entries[1] (POST https://a.test/upload)',
    ]);
    expect(requests(steps(plan))[0]?.text).toContain('name="title"\r\n\r\nhi');
  });

  it('a JSON body nested 1,800 levels deep is sent as text, with a note; the plan is written and read back', () => {
    const deep = `${'['.repeat(1800)}${']'.repeat(1800)}`;
    const { plan, notes } = importHar(har(entry('https://a.test/x', { method: 'POST', headers: [{ name: 'Content-Type', value: 'application/json' }], postData: { mimeType: 'application/json', text: deep } })));
    expect(requests(steps(plan))[0]?.text).toBe(deep);
    expect(notes).toContainEqual(expect.objectContaining({ kind: 'approximated', message: expect.stringMatching(/nested more than 64 levels deep .*sent as text, unchanged/) }));
    expect(parsePlan(planToYaml(plan), 'deep.yaml').plan).toEqual(plan);
  });

  it('says what is wrong with a file that is not HAR', () => {
    expect(() => importHar('{"log": {"entries": [{"request": {"url": 3}}]}}', { file: 'x.har' })).toThrow(/x\.har: not a valid HAR file:\n {2}line 1, column \d+: log\.entries\[0\]\.request\.method/);
    expect(() => importHar('{"log": ', { file: 'y.har' })).toThrow(/y\.har: line 1, column \d+: this is not valid JSON or YAML/);
  });
});

describe('importHar: credentials', () => {
  it('a recording with its secrets: none is written, and one value is one variable wherever it was sent', () => {
    const r = importHar(fixture('crm-login-secrets.har'), { file: 'crm.har' });
    const [, login, token, contacts] = requests(steps(r.plan));
    expect(login?.form).toEqual({ csrfmiddlewaretoken: '${env.CSRFMIDDLEWARETOKEN}', username: 'ann', password: '${env.PASSWORD}' });
    expect(token).toMatchObject({ headers: { 'X-CSRFToken': '${env.CSRFMIDDLEWARETOKEN}' }, json: { username: 'ann', password: '${env.PASSWORD}' } });
    expect(contacts).toMatchObject({ query: { page: '2', access_token: '${env.API_TOKEN}' }, auth: { type: 'bearer', token: '${env.API_TOKEN}' } });
    expectNoSecrets(importedText(r, 'crm.har'), [
      'Tr0ub4dor&3', 'pL4kW9sX2vB7nM1qZ8rT5yU3iO6aD0fG', 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJhbm4ifQ.YW5vdGhlciBmYWtlIHNpZ25hdHVyZQ',
      'ak_live_7Hq2Lw9Xv4Bn1Mz8Kc3Rt6Yp', 'cs_9QwErTy7UiOp3AsDf5GhJk1L', 'd41d8cd98f00b204e9800998ecf8427e', '5ahn1c2xq0v9tq7l3o8m6k4j2h1g0f9e',
    ]);
  });

  it('the same recording exported without secrets: each redacted field is its own variable, not one for all', () => {
    const r = importHar(fixture('redacted-loadsmith.har'), { file: 'redacted.har' });
    const [first, login, token, contacts, integration] = requests(steps(r.plan));
    expect(first?.headers?.Cookie).toBe('${env.COOKIE}');
    expect(login?.form).toEqual({ csrfmiddlewaretoken: '${env.CSRFMIDDLEWARETOKEN}', username: 'ann', password: '${env.PASSWORD}' });
    expect(token).toMatchObject({ headers: { 'X-CSRFToken': '${env.X_CSRFTOKEN}' }, json: { password: '${env.PASSWORD}' } });
    expect(contacts).toMatchObject({ query: { access_token: '${env.ACCESS_TOKEN}' }, headers: { Authorization: '${env.AUTHORIZATION}' } });
    expect(integration).toMatchObject({ headers: { 'X-Api-Key': '${env.X_API_KEY}' }, json: { client_secret: '${env.CLIENT_SECRET}' } });
    expect(r.env.sort()).toEqual(['ACCESS_TOKEN', 'AUTHORIZATION', 'BASE_URL', 'CLIENT_SECRET', 'COOKIE', 'CSRFMIDDLEWARETOKEN', 'PASSWORD', 'X_API_KEY', 'X_CSRFTOKEN']);
    expect(r.notes.filter((n) => n.kind === 'secret').every((n) => /placeholder 'REDACTED'/.test(n.message))).toBe(true);
    expect(planToYaml(r.plan)).not.toContain('REDACTED');
  });
});

describe('exportHar and round trips', () => {
  it.each(['chrome-postdata.har', 'firefox-page.har'])('HAR -> plan -> HAR -> plan keeps the plan: %s', (name) => {
    const first = importHar(fixture(name)).plan;
    const back = importHar(exportHar(first).text).plan;
    expect(back.scenarios).toEqual(first.scenarios);
    expect(back.defaults).toEqual(first.defaults);
  });

  it('writes absolute URLs, think times as gaps and checks as statuses', () => {
    const plan: Plan = {
      version: 1, name: 'p', defaults: { baseUrl: '${env.BASE_URL:-http://127.0.0.1:3000}', auth: { type: 'basic', username: 'ann', password: 'pw' } },
      scenarios: { s: { executor: 'per-vu-iterations', steps: [
        { request: { url: '/a', query: { q: 'x y' }, checks: [{ status: 201 }] } }, { think: '2s' }, { request: { method: 'POST', url: '/b', json: { n: 1 } } },
      ] } },
    };
    const log = JSON.parse(exportHar(plan).text).log;
    expect(log.entries[0].request.url).toBe('http://127.0.0.1:3000/a?q=x%20y');
    expect(log.entries[0].response.status).toBe(201);
    expect(log.entries[0].request.headers).toContainEqual({ name: 'Authorization', value: 'Basic YW5uOnB3' });
    expect(Date.parse(log.entries[1].startedDateTime) - Date.parse(log.entries[0].startedDateTime)).toBe(2001);
    expect(log.entries[1].request.postData).toEqual({ mimeType: 'application/json', text: '{"n":1}' });
  });

  it('reports flow control as not exported (until HAR export flattens it)', () => {
    const plan: Plan = {
      version: 1, name: 'p', defaults: { baseUrl: 'http://127.0.0.1:3000' },
      scenarios: { s: { executor: 'per-vu-iterations', steps: [{ request: { url: '/a' } }, { once: { steps: [{ request: { url: '/login' } }] } }] } },
    };
    const r = exportHar(plan);
    expect(JSON.parse(r.text).log.entries).toHaveLength(1);
    expect(r.notes).toContainEqual(expect.objectContaining({ kind: 'not-exported', message: 'flow control (once) has no place in HAR: its requests are not exported' }));
  });
});
