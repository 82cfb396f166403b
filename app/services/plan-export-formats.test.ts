/**
 * plans.export as k6, cURL and HAR through the dispatcher: the converter's text and notes, secret literals of the
 * stored plan written as environment references unless asked for, one request by name, invalid plans refused.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openTestServices, type TestServices } from './testing.ts';

let t: TestServices;
beforeEach(async () => {
  t = await openTestServices('export');
});
afterEach(async () => {
  await t.close();
});

const LITERALS = ['literal-token', 'abc123', 'q-key-999', 'pw-hunter2'];
const PLAN = `version: 1
name: Secret API
defaults:
  baseUrl: http://127.0.0.1:1
  headers: { X-API-Key: abc123, Accept: application/json }
  auth: { type: bearer, token: "literal-token" }
scenarios:
  s:
    executor: per-vu-iterations
    steps:
      - request: { name: List users, url: /users, query: { api_key: q-key-999, page: "1" }, checks: [{ status: 200 }] }
      - request: { name: Log in, method: POST, url: /login, json: { user: me, password: pw-hunter2 } }
`;

const stored = async (text = PLAN): Promise<string> =>
  (await t.call('plans.import', { text, fileName: 'secret.yaml' })).id;

describe('plans.export to other tools', () => {
  it('k6: a script with options, no secret literal, env references instead', async () => {
    const id = await stored();
    const file = await t.call('plans.export', { id, format: 'k6' });
    expect(file).toMatchObject({ fileName: 'secret-api.js', mediaType: 'text/javascript' });
    expect(file.text).toContain('export const options');
    for (const s of LITERALS) expect(file.text).not.toContain(s);
    expect(file.text).toMatch(/env\("API_TOKEN"\)/);
    expect(file.replacedSecrets.map((r) => [r.path, r.env])).toEqual([
      ['defaults.auth.token', 'API_TOKEN'],
      ['defaults.headers.X-API-Key', 'X_API_KEY'],
      ['scenarios.s.steps[0].request.query.api_key', 'API_KEY'],
      ['scenarios.s.steps[1].request.json.password', 'PASSWORD'],
    ]);
    // Asked for (after the UI's confirmation), the literals are written.
    const withSecrets = await t.call('plans.export', { id, format: 'k6', includeSecrets: true });
    for (const s of LITERALS) expect(withSecrets.text).toContain(s);
    expect(withSecrets.replacedSecrets).toEqual([]);
  });

  it('cURL: all requests or one by name, secrets as shell variables, what curl cannot do in the notes', async () => {
    const id = await stored();
    const all = await t.call('plans.export', { id, format: 'curl' });
    expect(all).toMatchObject({ fileName: 'secret-api.sh', mediaType: 'text/plain' });
    expect(all.text.match(/^curl /gm)).toHaveLength(2);
    for (const s of LITERALS) expect(all.text).not.toContain(s);
    expect(all.text).toContain('API_TOKEN');
    expect(all.notes).toContainEqual(
      expect.objectContaining({
        kind: 'not-exported',
        where: "request 'List users'",
        message: expect.stringContaining('checks'),
      }),
    );

    const one = await t.call('plans.export', { id, format: 'curl', request: 'Log in', shell: 'cmd' });
    expect(one.fileName).toBe('secret-api-log-in.cmd');
    expect(one.text.match(/^curl /gm)).toHaveLength(1);
    expect(one.text).toContain('%PASSWORD%');
    expect(await t.fail('plans.export', { id, format: 'curl', request: 'Nope' })).toMatchObject({
      code: 'not_found',
      message: 'Secret API has no request named "Nope"',
    });
  });

  it('HAR: one entry per request, no secret literal, and it imports back', async () => {
    const id = await stored();
    const file = await t.call('plans.export', { id, format: 'har' });
    expect(file).toMatchObject({ fileName: 'secret-api.har', mediaType: 'application/json' });
    expect((JSON.parse(file.text) as { log: { entries: unknown[] } }).log.entries).toHaveLength(2);
    for (const s of LITERALS) expect(file.text).not.toContain(s);
    expect(file.notes.length).toBeGreaterThan(0);
    const back = await t.call('plans.import', { text: file.text, fileName: file.fileName });
    expect(back).toMatchObject({ valid: true, requests: 2, report: { format: 'har' } });
  });

  it('YAML and JSON replace the same literals as k6 (the query key and the JSON password too), with empty notes', async () => {
    const id = await stored();
    const yaml = await t.call('plans.export', { id });
    expect(yaml).toMatchObject({ fileName: 'secret-api.yaml', mediaType: 'application/yaml', notes: [] });
    expect(yaml.replacedSecrets.map((r) => r.path)).toEqual([
      'defaults.auth.token',
      'defaults.headers.X-API-Key',
      'scenarios.s.steps[0].request.query.api_key',
      'scenarios.s.steps[1].request.json.password',
    ]);
    for (const s of LITERALS) expect(yaml.text).not.toContain(s);
    expect((await t.call('plans.export', { id, format: 'json' })).mediaType).toBe('application/json');
  });

  it('an invalid plan is refused with its issues', async () => {
    const p = await t.call('plans.create', { name: 'Draft' });
    await t.call('plans.save', {
      id: p.id,
      document: { version: 1, name: 'Draft', scenarios: { s: { executor: 'constant-vu', steps: [] } } },
    });
    const e = await t.fail('plans.export', { id: p.id, format: 'k6' });
    expect(e.code).toBe('plan_invalid');
    expect(e.message).toMatch(/^Draft has problems: fix them before exporting it as a k6 script\./);
    expect(e.issues?.length).toBeGreaterThan(0);
  });
});
