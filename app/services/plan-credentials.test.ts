/**
 * Credentials written in a plan are found and can be moved into an environment's secrets: the plan then reads
 * ${env.NAME}, runs still send the value, and the database file no longer holds it in clear anywhere (earlier
 * revisions and run snapshots included).
 */
import { readFile } from 'node:fs/promises';
import Database from 'better-sqlite3';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startTargetServer, type TargetServer } from '../../tests/fixtures/target-server.ts';
import { literalCredentials, replaceStrings, scrubCredentials } from './plan-credentials.ts';
import { openTestServices, type TestServices } from './testing.ts';

const TOKEN = 'tok-SECRET-7f3a91';
const KEY = 'key-SECRET-55c0e2';

const plan = (base: string, name = 'creds') => ({
  version: 1,
  name,
  defaults: { baseUrl: base, auth: { type: 'bearer', token: TOKEN } },
  scenarios: {
    s: {
      executor: 'per-vu-iterations',
      steps: [
        { request: { name: 'a', url: '/echo', headers: { 'X-Api-Key': KEY, Accept: 'application/json' } } },
        {
          group: {
            name: 'g',
            steps: [
              { request: { name: 'b', url: '/echo', auth: { type: 'basic', username: 'ann', password: TOKEN } } },
            ],
          },
        },
      ],
    },
  },
});

describe('scrubCredentials', () => {
  it('finds bearer tokens, basic passwords and credential headers, one name per value, templates left alone', () => {
    const doc = plan('http://x');
    (doc.scenarios.s.steps[0] as { request: { headers: Record<string, string> } }).request.headers.Authorization =
      '${env.OTHER}';
    expect(literalCredentials(doc)).toEqual([
      { path: 'defaults.auth.token', env: 'API_TOKEN' },
      { path: 'scenarios.s.steps[0].request.headers.X-Api-Key', env: 'X_API_KEY' },
      { path: 'scenarios.s.steps[1].group.steps[0].request.auth.password', env: 'API_TOKEN' },
    ]);
    expect(JSON.stringify(doc)).toContain(TOKEN); // literalCredentials leaves the document alone
    const taken = new Set(['API_TOKEN']);
    const found = scrubCredentials(doc, taken);
    expect(found.map((f) => f.env)).toEqual(['API_TOKEN_2', 'X_API_KEY', 'API_TOKEN_2']);
    expect(JSON.stringify(doc)).not.toContain(TOKEN);
  });

  it('finds passwords and keys typed into form and JSON bodies, query strings, URLs and plan variables', () => {
    const doc = {
      version: 1,
      name: 'typed',
      variables: { password: 'VarPW111', user: 'ann' },
      defaults: { baseUrl: 'https://svc:BasePW666@h.test' },
      scenarios: {
        s: {
          executor: 'per-vu-iterations',
          steps: [
            { request: { method: 'POST', url: '/login', form: { user: 'a', password: 'FormPW222' } } },
            {
              request: {
                method: 'POST',
                url: '/login',
                json: { user: 'a', auth: { client_secret: 'JsonPW333' }, tags: ['x'] },
              },
            },
            { request: { url: 'https://h.test/x?q=shoes&api_key=QueryKEY444&page=2' } },
            { request: { url: 'https://bob:UrlPW555@h.test/x' } },
          ],
        },
      },
    };
    expect(literalCredentials(doc).map((c) => c.path)).toEqual([
      'variables.password',
      'defaults.baseUrl password',
      'scenarios.s.steps[0].request.form.password',
      'scenarios.s.steps[1].request.json.auth.client_secret',
      'scenarios.s.steps[2].request.url?api_key',
      'scenarios.s.steps[3].request.url password',
    ]);
    const found = scrubCredentials(doc);
    const text = JSON.stringify(doc);
    for (const value of ['VarPW111', 'BasePW666', 'FormPW222', 'JsonPW333', 'QueryKEY444', 'UrlPW555'])
      expect(text).not.toContain(value);
    expect(found.map((f) => f.value)).toEqual([
      'VarPW111',
      'BasePW666',
      'FormPW222',
      'JsonPW333',
      'QueryKEY444',
      'UrlPW555',
    ]);
    expect(doc.defaults.baseUrl).toBe('https://svc:${env.PASSWORD_2}@h.test');
    expect(doc.scenarios.s.steps[2]?.request.url).toBe('https://h.test/x?q=shoes&api_key=${env.API_KEY}&page=2');
    expect(doc.scenarios.s.steps[3]?.request.url).toBe('https://bob:${env.PASSWORD_4}@h.test/x');
    expect(doc.variables.user).toBe('ann');
  });

  it('finds them inside flow control, setup and teardown too', () => {
    const r = (name: string) => ({ request: { name, url: '/', headers: { 'X-Api-Key': KEY } } });
    const doc = {
      version: 1,
      name: 'flow',
      setup: { steps: [r('login')] },
      teardown: { steps: [r('bye')] },
      scenarios: {
        s: {
          executor: 'per-vu-iterations',
          steps: [
            {
              if: {
                condition: 'true',
                then: [r('t')],
                else: [{ while: { condition: 'false', max: 2, steps: [r('w')] } }],
              },
            },
            {
              randomSwitch: [
                { weight: 1, steps: [r('a')] },
                { weight: 1, steps: [{ once: { steps: [r('o')] } }] },
              ],
            },
          ],
        },
      },
    };
    expect(literalCredentials(doc).map((c) => c.path)).toEqual([
      'scenarios.s.steps[0].if.then[0].request.headers.X-Api-Key',
      'scenarios.s.steps[0].if.else[0].while.steps[0].request.headers.X-Api-Key',
      'scenarios.s.steps[1].randomSwitch[0].steps[0].request.headers.X-Api-Key',
      'scenarios.s.steps[1].randomSwitch[1].steps[0].once.steps[0].request.headers.X-Api-Key',
      'setup.steps[0].request.headers.X-Api-Key',
      'teardown.steps[0].request.headers.X-Api-Key',
    ]);
    scrubCredentials(doc, new Set());
    expect(JSON.stringify(doc)).not.toContain(KEY);
  });

  it('replaceStrings replaces inside strings at any depth and says whether it changed anything', () => {
    const doc = { a: [`x ${TOKEN} y`, { b: TOKEN }], c: 3 };
    expect(replaceStrings(doc, new Map([[TOKEN, '${env.T}']]))).toBe(true);
    expect(doc).toEqual({ a: ['x ${env.T} y', { b: '${env.T}' }], c: 3 });
    expect(replaceStrings(doc, new Map([[TOKEN, '${env.T}']]))).toBe(false);
  });
});

describe('plans.moveCredentials', () => {
  let t: TestServices;
  let target: TargetServer;
  beforeEach(async () => {
    t = await openTestServices('credentials');
    target = await startTargetServer({ record: true });
  });
  afterEach(async () => {
    await target.close();
    await t.close();
  });
  const done = (runId: string): Promise<void> =>
    new Promise((resolve) => {
      const stop = t.services.events.subscribe((event, payload) => {
        if (event === 'run.done' && (payload as { runId: string }).runId === runId) {
          stop();
          resolve();
        }
      });
    });
  const reopen = async (): Promise<void> => {
    await t.services.close();
    t = await openTestServices('credentials', t.dir);
  };
  const dbText = async (): Promise<string> => {
    const parts = await Promise.all(
      ['loadsmith.db', 'loadsmith.db-wal', 'loadsmith.db-shm'].map((f) =>
        readFile(join(t.dir, f)).catch(() => Buffer.alloc(0)),
      ),
    );
    return Buffer.concat(parts).toString('latin1');
  };

  it('moves them into the environment, takes them out of the history, and runs still send them', async () => {
    const p = await t.call('plans.create', { name: 'creds' });
    const saved = await t.call('plans.save', { id: p.id, document: plan(target.url) });
    expect(saved.credentials.map((c) => c.env)).toEqual(['API_TOKEN', 'X_API_KEY', 'API_TOKEN']);
    await t.call('plans.save', { id: p.id, document: plan(target.url, 'creds v2') });
    const first = await t.call('runs.start', { planId: p.id });
    await done(first.id);
    expect(await dbText()).toContain(TOKEN); // in the plan, its revisions and the run's snapshot

    const env = await t.call('environments.save', {
      name: 'staging',
      variables: [
        { name: 'API_TOKEN', secret: true, value: 'another-token' },
        { name: 'HOST', value: 'h' },
      ],
    });
    const moved = await t.call('plans.moveCredentials', { id: p.id, environmentId: env.id });
    expect(moved.moved.map((m) => m.env)).toEqual(['API_TOKEN_2', 'X_API_KEY', 'API_TOKEN_2']);
    expect(moved.rewritten).toEqual({ revisions: 1, runs: 1 }); // the two saves are one revision; revision 1 (blank) held none
    expect(moved.credentials).toEqual([]);
    expect(JSON.stringify(moved.document)).toContain('${env.API_TOKEN_2}');
    const vars = (await t.call('environments.get', { id: env.id })).variables;
    expect(vars.map((v) => [v.name, v.secret, v.hasValue])).toEqual([
      ['API_TOKEN', true, true],
      ['HOST', false, true],
      ['API_TOKEN_2', true, true],
      ['X_API_KEY', true, true],
    ]);
    const text = await dbText();
    expect(text).not.toContain(TOKEN);
    expect(text).not.toContain(KEY);

    const second = await t.call('runs.start', { planId: p.id, environmentId: env.id });
    await done(second.id);
    const last = target.requests.slice(-2);
    expect(last.map((r) => r.headers.authorization)).toEqual([
      `Bearer ${TOKEN}`,
      `Basic ${Buffer.from(`ann:${TOKEN}`).toString('base64')}`,
    ]);
    expect(last[0]?.headers['x-api-key']).toBe(KEY);
    expect((await t.fail('plans.moveCredentials', { id: p.id, environmentId: env.id })).message).toMatch(
      /no credential in clear/,
    );
  });

  it('leaves no copy in the file from revisions that autosave replaced before the move', async () => {
    const p = await t.call('plans.create', { name: 'drafts' });
    // A long draft with the token in many requests (it spans overflow pages), replaced within the autosave window
    // by a short one: the draft's row is deleted then, before anyone asked for the credential to go.
    const draft = plan(target.url);
    const many = Array.from({ length: 300 }, (_, i) => ({
      request: { name: `r${i}`, url: '/echo', headers: { Authorization: `Bearer ${TOKEN}` } },
    }));
    await t.call('plans.save', {
      id: p.id,
      document: { ...draft, scenarios: { s: { ...draft.scenarios.s, steps: [...draft.scenarios.s.steps, ...many] } } },
    });
    await t.call('plans.save', { id: p.id, document: plan(target.url, 'drafts') });
    expect((await t.call('plans.revisions', { id: p.id })).length).toBe(2); // the draft was coalesced away

    const env = await t.call('environments.save', { name: 'staging', variables: [] });
    await t.call('plans.moveCredentials', { id: p.id, environmentId: env.id });
    const text = await dbText();
    expect(text).not.toContain(TOKEN);
    expect(text).not.toContain(KEY);
  });

  it('leaves no copy in the free space of a database an earlier version wrote', async () => {
    const p = await t.call('plans.create', { name: 'old' });
    await t.call('plans.save', { id: p.id, document: plan(target.url) });
    await t.services.close();
    // What a version without secure_delete left: a replaced draft's text in free pages, the file never scrubbed.
    const raw = new Database(join(t.dir, 'loadsmith.db'));
    const row = raw
      .prepare('SELECT revision, document FROM plan_revisions WHERE plan_id = ? ORDER BY revision DESC')
      .get(p.id) as { revision: number; document: string };
    const update = raw.prepare('UPDATE plan_revisions SET document = ? WHERE plan_id = ? AND revision = ?');
    update.run(
      JSON.stringify({ draft: Array.from({ length: 300 }, () => `Bearer ${TOKEN} ${KEY}`) }),
      p.id,
      row.revision,
    );
    update.run(row.document, p.id, row.revision);
    raw.pragma('user_version = 0');
    raw.close();
    t = await openTestServices('credentials', t.dir);

    const env = await t.call('environments.save', { name: 'staging', variables: [] });
    await t.call('plans.moveCredentials', { id: p.id, environmentId: env.id });
    const text = await dbText();
    expect(text).not.toContain(TOKEN);
    expect(text).not.toContain(KEY);
    await reopen(); // still a working database
    expect((await t.call('plans.get', { id: p.id })).credentials).toEqual([]);
  });
});
