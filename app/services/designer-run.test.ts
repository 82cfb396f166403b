/**
 * designer.tryRequest and designer.validate through the dispatcher (results checked against the contract), on a
 * real store in a temp data dir and a real target server: environment values and secrets, variables carried from
 * one call to the next, Try it on a plan with problems elsewhere, and the errors the UI acts on.
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { JSON_DOC, startTargetServer, type TargetServer } from '../../tests/fixtures/target-server.ts';
import { startEchoServer } from '../../engine/runtime/ws/testing.ts';
import { openTestServices, type TestServices } from './testing.ts';

let t: TestServices;
let target: TargetServer;
let envId: string;
const call: TestServices['call'] = (method, params) => t.call(method, params);
const fail: TestServices['fail'] = (method, params) => t.fail(method, params);

beforeAll(async () => {
  target = await startTargetServer({ record: true });
});
afterAll(async () => {
  await target.close();
});
beforeEach(async () => {
  t = await openTestServices('designer-run');
  target.resetStats();
  envId = (
    await call('environments.save', {
      name: 'local',
      variables: [
        { name: 'BASE_URL', value: target.url },
        { name: 'TOKEN', secret: true, value: 'hunter2' },
      ],
    })
  ).id;
});
afterEach(async () => {
  await t.close();
});

const document = (steps: unknown[], extra: Record<string, unknown> = {}) => ({
  version: 1,
  name: 'designer',
  defaults: { baseUrl: '${env.BASE_URL}', auth: { type: 'bearer', token: '${env.TOKEN}' } },
  scenarios: { browse: { executor: 'constant-vus', vus: 2, duration: '30s', steps } },
  ...extra,
});
const LOGIN = {
  request: { name: 'login', url: '/json', extract: { token: { jsonPath: '$.token' } }, checks: [{ status: 200 }] },
};
const USE = {
  request: {
    name: 'use',
    url: '/echo?t=${token}',
    checks: [{ jsonPath: '$.headers.authorization', equals: 'Bearer hunter2' }],
  },
};
const step = (i: number) => ['scenarios', 'browse', 'steps', i];

describe('designer.tryRequest', () => {
  it('sends the request with the environment (secret included) and returns the entry and the variables after extraction', async () => {
    const r = await call('designer.tryRequest', {
      document: document([LOGIN, USE]),
      path: step(0),
      environmentId: envId,
    });
    expect(r.entry).toMatchObject({ name: 'login', path: step(0), response: { status: 200 }, checks: [{ ok: true }] });
    // Sent with the secret, shown masked.
    expect(r.entry.request.headers).toContainEqual(['authorization', 'Bearer ••••••']);
    expect(JSON.stringify(r)).not.toContain('hunter2');
    expect(target.requests.at(-1)?.headers.authorization).toBe('Bearer hunter2');
    expect(r.variables).toEqual({ token: JSON_DOC.token });
    // The UI passes the variables back so the next request can use the extracted value.
    const next = await call('designer.tryRequest', {
      document: document([LOGIN, USE]),
      path: step(1),
      environmentId: envId,
      variables: r.variables,
    });
    expect(next.entry.request.url).toBe(`${target.url}/echo?t=${JSON_DOC.token}`);
    expect(next.entry.checks).toEqual([
      { name: '$.headers.authorization == "Bearer hunter2"', ok: true, reason: null },
    ]);
  });

  it('masks secret values wherever Try it and Validate show them: URL, headers, Basic credentials, bodies, extractions', async () => {
    const echo = {
      request: {
        name: 'echo',
        method: 'POST',
        url: '/echo?key=${env.TOKEN}',
        text: 'pw=${env.TOKEN}',
        extract: { seen: { jsonPath: '$.body' } },
      },
    };
    const basic = {
      request: { name: 'basic', url: '/echo', auth: { type: 'basic', username: 'ann', password: '${env.TOKEN}' } },
    };
    const r = await call('designer.tryRequest', {
      document: document([echo, basic]),
      path: step(0),
      environmentId: envId,
    });
    expect(r.entry.request.url).toBe(`${target.url}/echo?key=••••••`);
    expect(r.entry.request.body).toBe('pw=••••••');
    expect(r.entry.response?.body).toContain('pw=••••••');
    expect(r.entry.extracted[0]?.value).toBe('pw=••••••');
    const v = await call('designer.validate', { document: document([echo, basic]), environmentId: envId });
    expect(v.entries[1]?.request.headers).toContainEqual(['authorization', 'Basic ••••••']);
    expect(JSON.stringify([r.entry, v])).not.toContain('hunter2');
    expect(JSON.stringify(v)).not.toContain(Buffer.from('ann:hunter2').toString('base64'));
    expect(target.requests.at(-1)?.headers.authorization).toBe(
      `Basic ${Buffer.from('ann:hunter2').toString('base64')}`,
    );
  });

  it('masks a secret with special characters in a form body and in the variables Try it hands back', async () => {
    const env = await call('environments.save', {
      name: 'special',
      variables: [
        { name: 'BASE_URL', value: target.url },
        { name: 'PW', secret: true, value: 'hunter2 & "sun"!' },
        { name: 'TOKEN', secret: true, value: 't0ken' },
      ],
    });
    const login = {
      request: {
        name: 'login',
        method: 'POST',
        url: '/echo',
        form: { user: 'ann', pw: '${env.PW}' },
        extract: { echoed: { jsonPath: '$.body' } },
      },
    };
    const r = await call('designer.tryRequest', { document: document([login]), path: step(0), environmentId: env.id });
    expect(target.requests.at(-1)?.body).toBe('user=ann&pw=hunter2%20%26%20%22sun%22!');
    expect(r.entry.request.body).toBe('user=ann&pw=••••••');
    const shown = JSON.stringify(r);
    for (const spelling of ['hunter2', 'hunter2+%26', 'hunter2%20%26']) expect(shown).not.toContain(spelling);
    expect(r.variables).toEqual({ echoed: 'user=ann&pw=••••••' });
  });

  it('tries a request while another step and a threshold are broken, but not a broken request', async () => {
    const doc = document([LOGIN, { request: { url: 42 } }], {
      thresholds: { 'http_req_duration{request:nope}': ['p(95)<1'] },
    });
    const ok = await call('designer.tryRequest', { document: doc, path: step(0), environmentId: envId });
    expect(ok.entry.response?.status).toBe(200);
    const err = await fail('designer.tryRequest', { document: doc, path: step(1), environmentId: envId });
    expect(err.code).toBe('plan_invalid');
    expect(err.issues?.map((i) => i.path)).toEqual([[...step(1), 'request', 'url']]);
  });

  it('names the environment variables that are missing', async () => {
    const none = await fail('designer.tryRequest', { document: document([LOGIN]), path: step(0) });
    expect(none).toMatchObject({
      code: 'plan_invalid',
      message: 'Try it needs the environment variables BASE_URL, TOKEN, but no environment is selected',
    });
    const partial = (
      await call('environments.save', { name: 'half', variables: [{ name: 'BASE_URL', value: target.url }] })
    ).id;
    const half = await fail('designer.tryRequest', {
      document: document([LOGIN]),
      path: step(0),
      environmentId: partial,
    });
    expect(half.message).toBe(
      'Try it needs the environment variable TOKEN, but the environment "half" does not define it',
    );
    expect(target.hits()).toBe(0);
  });

  it('returns a refused connection and a failed extraction as data the contract accepts', async () => {
    const refused = {
      request: { url: 'http://127.0.0.1:1/x', extract: { id: { jsonPath: '$.id' } }, checks: [{ status: 200 }] },
    };
    const r = await call('designer.tryRequest', {
      document: document([refused]),
      path: step(0),
      environmentId: envId,
      variables: { id: 'old', other: 1 },
    });
    expect(r.entry).toMatchObject({
      response: null,
      error: { kind: 'refused' },
      checks: [{ ok: false, reason: 'no response' }],
    });
    expect(r.entry.extracted).toEqual([{ variable: 'id', ok: false, value: null, reason: 'no response' }]);
    expect(r.variables).toEqual({ other: 1 });
  });

  it('refuses a step that is not a request, and an unknown environment', async () => {
    expect(
      await fail('designer.tryRequest', { document: document([{ think: '1s' }]), path: step(0), environmentId: envId }),
    ).toMatchObject({ code: 'invalid_params' });
    expect(
      await fail('designer.tryRequest', { document: document([LOGIN]), path: step(0), environmentId: 'nope' }),
    ).toMatchObject({ code: 'not_found' });
  });

  it('reads attached data files, and nothing else of the data directory', async () => {
    const up = await call('files.upload', {
      name: 'users.csv',
      contentBase64: Buffer.from('name\nann\n').toString('base64'),
    });
    const doc = document([{ request: { url: '/echo?u=${data.users.name}' } }], { data: { users: { file: up.path } } });
    const r = await call('designer.tryRequest', { document: doc, path: step(0), environmentId: envId });
    expect(r.entry.request.url).toBe(`${target.url}/echo?u=ann`);
    await writeFile(join(t.dir, 'loose.csv'), 'name\nbob\n');
    const loose = document([{ request: { url: '/echo?u=${data.users.name}' } }], {
      data: { users: { file: 'loose.csv' } },
    });
    expect(
      (await t.fail('designer.tryRequest', { document: loose, path: step(0), environmentId: envId })).message,
    ).toMatch(/data file 'loose\.csv' is not a file attached in the app/);
  });
});

describe('designer.validate', () => {
  it('accepts onFailure on a WebSocket session and a key passphrase from a secret, and ends the iteration as a run does', async () => {
    const echo = await startEchoServer();
    try {
      const session = {
        websocket: {
          name: 'waits',
          url: echo.url,
          onFailure: 'endIteration',
          tls: { passphrase: '${env.TOKEN}' },
          actions: [{ send: 'hi' }, { receive: { match: { body: { contains: 'never' } }, timeout: '200ms' } }],
        },
      };
      const r = await call('designer.validate', {
        document: document([session, { request: { name: 'after', url: '/json' } }]),
        environmentId: envId,
      });
      expect(r.websockets?.map((w) => w.name)).toEqual(['waits']);
      expect(r.entries.map((e) => e.name)).toEqual([]);
      expect(r.errors.map((e) => e.message)).toEqual([
        expect.stringMatching(
          /^the iteration ended at 'waits' \(ws-timeout: receive 2: .*\); the steps after it were not run$/,
        ),
      ]);
      expect(echo.received).toEqual(['hi']);
    } finally {
      await echo.close();
    }
  });

  it('runs one iteration and returns every request in order, the extraction reused', async () => {
    const r = await call('designer.validate', {
      document: document([LOGIN, { think: '10s' }, USE]),
      environmentId: envId,
    });
    expect(r.entries.map((e) => [e.name, e.response?.status])).toEqual([
      ['login', 200],
      ['use', 200],
    ]);
    expect(r.entries[1]?.request.url).toBe(`${target.url}/echo?t=${JSON_DOC.token}`);
    expect(r.entries[1]?.checks[0]?.ok).toBe(true);
    expect(r.errors).toEqual([]);
    expect(r.durationMs).toBeLessThan(5000);
  });

  it("runs setup first, returns its data masked, the flow control's decisions, and loop passes (as the contract says)", async () => {
    const setup = {
      steps: [
        {
          request: {
            name: 'setup',
            method: 'POST',
            url: '/echo',
            text: 'key=${env.TOKEN}',
            extract: { body: { jsonPath: '$.body' } },
          },
        },
      ],
    };
    const loop = { repeat: { times: 2, steps: [{ request: { name: 'page', url: '/echo?p=${index}' } }] } };
    const r = await call('designer.validate', { document: document([loop], { setup }), environmentId: envId });
    expect(r.setup).toEqual({ body: 'key=••••••' });
    expect(r.entries.map((e) => [e.scenario, e.name, e.passes])).toEqual([
      ['(setup)', 'setup', undefined],
      ['browse', 'page', [0]],
      ['browse', 'page', [1]],
    ]);
    expect(r.flow).toEqual([
      expect.objectContaining({ scenario: 'browse', kind: 'repeat', path: step(0), count: 2, text: '2 passes' }),
    ]);
    expect(JSON.stringify(r)).not.toContain('hunter2');
  });

  it('refuses an invalid plan with its issues', async () => {
    const err = await fail('designer.validate', {
      document: document([LOGIN, { request: { url: 42 } }]),
      environmentId: envId,
    });
    expect(err.code).toBe('plan_invalid');
    expect(err.message).toMatch(/^Validate: /);
    expect(err.issues?.length).toBeGreaterThan(0);
    expect(
      await fail('designer.validate', { document: document([LOGIN]), environmentId: envId, scenario: 'zz' }),
    ).toMatchObject({ code: 'invalid_params' });
  });
});
