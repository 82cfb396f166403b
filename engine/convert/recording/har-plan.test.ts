/**
 * A HAR through the recorder's conversion (what Plans → Import does with one): the login's CSRF token extracted on
 * every run, no secret of the recording written anywhere, and a HAR exported without secrets giving one variable
 * per redacted field, never a correlation that ties every `REDACTED` together.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parsePlan } from '../../plan/parse.ts';
import type { Plan, Request, Step } from '../../plan/schema/index.ts';
import { stepsOf } from '../../plan/walk.ts';
import { exportHar } from '../har/export.ts';
import { BOUNDARY } from '../multipart.ts';
import { planToYaml } from '../plan-yaml.ts';
import { expectNoSecrets, importedText } from '../testing.ts';
import { importHarRecording } from './har-plan.ts';

const fixture = (name: string): string =>
  readFileSync(fileURLToPath(new URL(`../../../tests/fixtures/convert/har/${name}`, import.meta.url)), 'utf8');
const requests = (list: readonly Step[]): Request[] =>
  list.flatMap((s) => ('request' in s ? [s.request] : 'group' in s ? requests(s.group.steps) : []));
const steps = (plan: Plan): Step[] => Object.values(plan.scenarios)[0]?.steps ?? [];

const entry = (
  url: string,
  extra: Record<string, unknown> = {},
  response: Record<string, unknown> = {},
): Record<string, unknown> => ({
  startedDateTime: '2025-01-01T00:00:00.000Z',
  time: 100,
  request: { method: 'GET', url, headers: [], ...extra },
  response: { status: 200, headers: [], ...response },
});
const har = (...entries: Record<string, unknown>[]): string =>
  JSON.stringify({ log: { version: '1.2', creator: { name: 'test' }, entries } });

describe('importHarRecording', () => {
  it('a recorded login: the CSRF token and the API token are extracted, no secret is written', () => {
    const r = importHarRecording(fixture('crm-login-secrets.har'), { file: 'crm.har' });
    const [page, login, token, contacts] = requests(Object.values(r.plan.scenarios)[0]!.steps);
    expect(page?.extract).toEqual({ csrfmiddlewaretoken: { regex: expect.stringContaining('csrfmiddlewaretoken') } });
    expect(login).toMatchObject({
      form: { csrfmiddlewaretoken: '${csrfmiddlewaretoken}', password: '${env.PASSWORD}' },
      maxRedirects: 0,
    });
    expect(token?.extract).toEqual({ access: { jsonPath: '$.access' } });
    expect(contacts).toMatchObject({
      query: { access_token: '${access}' },
      auth: { type: 'bearer', token: '${access}' },
    });
    expectNoSecrets(importedText(r, 'crm.har'), [
      'Tr0ub4dor&3',
      'pL4kW9sX2vB7nM1qZ8rT5yU3iO6aD0fG',
      'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJhbm4ifQ.YW5vdGhlciBmYWtlIHNpZ25hdHVyZQ',
      'ak_live_7Hq2Lw9Xv4Bn1Mz8Kc3Rt6Yp',
      'cs_9QwErTy7UiOp3AsDf5GhJk1L',
      'd41d8cd98f00b204e9800998ecf8427e',
      '5ahn1c2xq0v9tq7l3o8m6k4j2h1g0f9e',
    ]);
  });

  it('a HAR exported without secrets: each redacted field is its own variable, no correlation of REDACTED', () => {
    const r = importHarRecording(fixture('redacted-loadsmith.har'), { file: 'redacted.har' });
    const [, login, token, contacts, integration] = requests(Object.values(r.plan.scenarios)[0]!.steps);
    expect(login?.form).toEqual({
      csrfmiddlewaretoken: '${env.CSRFMIDDLEWARETOKEN}',
      username: 'ann',
      password: '${env.PASSWORD}',
    });
    expect(token).toMatchObject({
      headers: { 'X-CSRFToken': '${env.X_CSRFTOKEN}' },
      json: { password: '${env.PASSWORD}' },
    });
    expect(contacts).toMatchObject({
      query: { access_token: '${env.ACCESS_TOKEN}' },
      headers: { Authorization: '${env.AUTHORIZATION}' },
    });
    expect(integration).toMatchObject({
      headers: { 'X-Api-Key': '${env.X_API_KEY}' },
      json: { client_secret: '${env.CLIENT_SECRET}' },
    });
    expect(planToYaml(r.plan)).not.toContain('REDACTED');
  });

  it('a form body whose field holds JSON with a password, as a browser posts it: the password is not written', () => {
    const body = `payload=${encodeURIComponent(JSON.stringify({ user: 'ann', password: 'Tr0ub4dor&3' }))}&kind=login`;
    const entry = {
      startedDateTime: '2025-01-01T00:00:00.000Z',
      time: 10,
      request: {
        method: 'POST',
        url: 'https://crm.test/hook',
        headers: [{ name: 'Content-Type', value: 'application/x-www-form-urlencoded' }],
        postData: { mimeType: 'application/x-www-form-urlencoded', text: body },
      },
      response: { status: 200, headers: [], content: { size: 0, mimeType: 'text/plain', text: '' } },
    };
    const r = importHarRecording(
      JSON.stringify({ log: { version: '1.2', creator: { name: 'test' }, entries: [entry] } }),
      { file: 'hook.har' },
    );
    expect(JSON.stringify(r.plan)).toContain('${env.PASSWORD}');
    expectNoSecrets(importedText(r, 'hook.har'), ['Tr0ub4dor&3']);
  });
});

describe('importHarRecording: browser recordings', () => {
  it('Chrome: a POST recorded over HTTP/2 keeps its text body, without pseudo-headers or Content-Length', () => {
    const { plan } = importHarRecording(fixture('chrome-postdata.har'), { file: 'chrome.har' });
    const [r] = requests(steps(plan));
    expect(plan.defaults?.baseUrl).toBe('${env.BASE_URL:-https://bi.pst.tech}');
    expect(r).toMatchObject({ method: 'POST', url: '/events' });
    expect(r?.text).toMatch(/^eyJjYXRlZ29yeSI6/);
    expect(r?.headers?.['content-type']).toBe('text/plain;charset=UTF-8');
    expect(Object.keys(r?.headers ?? {}).some((h) => h.startsWith(':') || h.toLowerCase() === 'content-length')).toBe(
      false,
    );
  });

  it('Firefox: the page is a group named by its title, the recorded status a check, no Host header', () => {
    const { plan } = importHarRecording(fixture('firefox-page.har'));
    const [group] = steps(plan);
    expect(group && 'group' in group ? group.group.name : undefined).toBe('mitmproxy - an interactive HTTPS proxy');
    const [r] = requests(steps(plan));
    expect(r).toMatchObject({ url: '/', checks: [{ status: 304 }] });
    expect(r?.headers?.Host).toBeUndefined();
  });
});

describe('importHarRecording: what a plan cannot replay is reported, never sent as something else', () => {
  it('Chrome: a request the browser aborted (net::ERR_ABORTED) gets no status check, and a note', () => {
    const { plan, notes } = importHarRecording(fixture('chrome-postdata.har'), { file: 'chrome.har' });
    const [r] = requests(steps(plan));
    expect(r?.checks).toBeUndefined();
    expect(notes).toContainEqual(
      expect.objectContaining({
        where: expect.stringMatching(/^entry 1 /),
        message: expect.stringContaining('net::ERR_ABORTED'),
      }),
    );
  });

  it('a wss:// WebSocket entry is not a request of the plan: it is a websocket step with its frames', () => {
    const { plan, notes } = importHarRecording(fixture('firefox-upload-websocket.har'), { file: 'upload.har' });
    expect(requests(steps(plan)).map((r) => r.url)).not.toContainEqual(expect.stringContaining('live'));
    const sessions = [...stepsOf(plan)].flatMap((v) => ('websocket' in v.step ? [v.step.websocket] : []));
    expect(sessions.map((w) => [w.url, w.actions])).toEqual([
      ['/live?room=7', [{ send: '{"join":7}' }, { receive: {} }, { close: true }]],
    ]);
    expect(notes.filter((n) => n.kind === 'not-imported' && n.message.includes('WebSocket'))).toEqual([]);
  });

  it('a multipart form keeps its text fields as multipart and reports its file field', () => {
    const { plan, notes } = importHarRecording(fixture('firefox-upload-websocket.har'), { file: 'upload.har' });
    const upload = requests(steps(plan)).find((r) => r.url === '/documents');
    expect(upload?.headers?.['Content-Type']).toBe(`multipart/form-data; boundary=${BOUNDARY}`);
    expect(upload?.text).toBe(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="title"\r\n\r\nhi\r\n--${BOUNDARY}--\r\n`,
    );
    expect(notes).toContainEqual({
      kind: 'not-imported',
      where: 'entry 3 (POST /documents)',
      message: expect.stringContaining("file field 'doc' (report.pdf)"),
    });
  });

  it('a multipart body recorded as text (Chrome) loses its file part the same way', () => {
    const type = 'multipart/form-data; boundary=----WebKitFormBoundaryabc';
    const text =
      '------WebKitFormBoundaryabc\r\nContent-Disposition: form-data; name="title"\r\n\r\nhi\r\n------WebKitFormBoundaryabc\r\nContent-Disposition: form-data; name="doc"; filename="a.pdf"\r\nContent-Type: application/pdf\r\n\r\n\r\n------WebKitFormBoundaryabc--\r\n';
    const { plan, notes } = importHarRecording(
      har(
        entry('https://a.test/up', {
          method: 'POST',
          headers: [{ name: 'content-type', value: type }],
          postData: { mimeType: type, text },
        }),
      ),
    );
    const [r] = requests(steps(plan));
    expect(r?.text).toContain('name="title"\r\n\r\nhi');
    expect(r?.text).not.toContain('a.pdf');
    expect(notes).toContainEqual(
      expect.objectContaining({ kind: 'not-imported', message: expect.stringContaining("file field 'doc' (a.pdf)") }),
    );
  });

  it('postData.mimeType is the body type when the request has no Content-Type header', () => {
    const { plan } = importHarRecording(fixture('firefox-upload-websocket.har'), { file: 'upload.har' });
    const note = requests(steps(plan)).find((r) => r.url === '/api/notes');
    expect(note?.json).toEqual({ note: 'hello', pinned: true });
    const search = requests(steps(plan)).find((r) => r.url === '/search');
    expect(search?.form).toEqual({ q: 'quarterly report', scope: 'all' });
  });
});

describe('importHarRecording: replaying a session', () => {
  it('leaves cookies set by recorded responses to the cookie jar and hides the others', () => {
    const form = 'application/x-www-form-urlencoded';
    const text = har(
      entry(
        'https://shop.test/login',
        {
          method: 'POST',
          headers: [{ name: 'Content-Type', value: form }],
          postData: { mimeType: form, text: 'user=ann&password=s3cret' },
        },
        {
          status: 302,
          headers: [
            { name: 'Set-Cookie', value: 'sid=abc; Path=/' },
            { name: 'Location', value: '/home' },
          ],
        },
      ),
      entry('https://shop.test/home', { headers: [{ name: 'Cookie', value: 'sid=abc; pref=dark' }] }),
    );
    const { plan, env, notes } = importHarRecording(text);
    const [login, home] = requests(steps(plan));
    expect(login).toMatchObject({
      method: 'POST',
      form: { user: 'ann', password: '${env.PASSWORD}' },
      maxRedirects: 0,
      checks: expect.arrayContaining([{ status: 302 }]),
    });
    expect(home?.headers).toEqual({ Cookie: '${env.COOKIE}' });
    expect(env).toEqual(expect.arrayContaining(['PASSWORD', 'COOKIE']));
    expect(notes.map((n) => n.message)).toContainEqual(expect.stringMatching(/left to the plan's cookie jar/));
    expect(JSON.stringify(plan)).not.toMatch(/s3cret|dark/);
  });

  it('turns recorded pauses into think steps and can leave static assets out, saying so', () => {
    const text = har(
      entry('https://a.test/'),
      { ...entry('https://a.test/app.js'), startedDateTime: '2025-01-01T00:00:00.200Z', _resourceType: 'script' },
      { ...entry('https://a.test/api/items'), startedDateTime: '2025-01-01T00:00:03.000Z' },
    );
    expect(steps(importHarRecording(text).plan).map((s) => Object.keys(s)[0])).toEqual([
      'request',
      'request',
      'think',
      'request',
    ]);
    const skipped = importHarRecording(text, { skipStatic: true });
    expect(requests(steps(skipped.plan)).map((r) => r.url)).toEqual(['/', '/api/items']);
    expect(steps(skipped.plan).find((s) => 'think' in s)).toEqual({ think: '2.7s' });
    expect(skipped.notes.some((n) => /1 static asset .* left out as asked/.test(n.message))).toBe(true);
  });

  it('a JSON body nested 1,800 levels deep is sent as text, with a note; the plan is written and read back', () => {
    const deep = `${'['.repeat(1800)}${']'.repeat(1800)}`;
    const { plan, notes } = importHarRecording(
      har(
        entry('https://a.test/x', {
          method: 'POST',
          headers: [{ name: 'Content-Type', value: 'application/json' }],
          postData: { mimeType: 'application/json', text: deep },
        }),
      ),
    );
    expect(requests(steps(plan))[0]?.text).toBe(deep);
    expect(notes).toContainEqual(
      expect.objectContaining({
        kind: 'approximated',
        message: expect.stringMatching(/nested more than 64 levels deep .*sent as text, unchanged/),
      }),
    );
    expect(parsePlan(planToYaml(plan), 'deep.yaml').plan).toEqual(plan);
  });

  it('says what is wrong with a file that is not HAR', () => {
    expect(() => importHarRecording('{"log": {"entries": [{"request": {"url": 3}}]}}', { file: 'x.har' })).toThrow(
      /x\.har: not a valid HAR file:\n {2}line 1, column \d+: log\.entries\[0\]\.request\.method/,
    );
    expect(() => importHarRecording('{"log": ', { file: 'y.har' })).toThrow(
      /y\.har: line 1, column \d+: this is not valid JSON or YAML/,
    );
  });
});

describe('HAR -> plan -> HAR -> plan', () => {
  it.each(['chrome-postdata.har', 'firefox-page.har'])('keeps the requests and the defaults: %s', (name) => {
    const first = importHarRecording(fixture(name)).plan;
    const back = importHarRecording(exportHar(first).text).plan;
    expect(requests(steps(back))).toEqual(requests(steps(first)));
    expect(back.defaults).toEqual(first.defaults);
  });
});
