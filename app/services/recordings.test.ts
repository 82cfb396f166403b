import { createServer } from 'node:net';
import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { ProxyAgent, request } from 'undici';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { recordingToHar } from '../../engine/convert/recording/index.ts';
import type { Plan } from '../../engine/plan/schema/index.ts';
import { stepsOf } from '../../engine/plan/walk.ts';
import { shopRecording } from '../../engine/convert/recording/testing.ts';
import { openTestServices, type TestServices } from './testing.ts';

const opened: TestServices[] = [];
const open = async (dir?: string): Promise<TestServices> => {
  const t = await openTestServices('recordings', dir);
  opened.push(t);
  return t;
};
afterEach(async () => {
  for (const t of opened.splice(0).reverse()) await t.close();
});

describe('recordings service', () => {
  it('validates parameters and says what is wrong', async () => {
    const t = await open();
    expect(await t.fail('recordings.start', { port: 70000 })).toMatchObject({
      code: 'invalid_params',
      message: expect.stringMatching(/recordings\.start: port/),
    });
    expect(await t.fail('recordings.start', { upstreamProxy: 'socks://x' })).toMatchObject({
      code: 'invalid_params',
      message: expect.stringMatching(/an upstream proxy such as http:\/\//),
    });
    expect(await t.fail('recordings.start', { allowHosts: ['bad host'] })).toMatchObject({
      code: 'invalid_params',
      message: expect.stringMatching(/a host name such as/),
    });
    expect(await t.fail('recordings.get', { id: 'nope' })).toMatchObject({
      code: 'not_found',
      message: 'no recording with id nope',
    });
    expect(await t.fail('recordings.importHar', { text: '{"log":{}}', fileName: 'x.har' })).toMatchObject({
      code: 'invalid_params',
      message: expect.stringMatching(/x\.har: not a valid HAR file/),
    });
  });

  it('records one recording at a time on 127.0.0.1, with state events, and refuses hosts outside allowHosts', async () => {
    const t = await open();
    const started = await t.call('recordings.start', { name: 'First', allowHosts: ['localhost'] });
    expect(started.recording).toMatchObject({
      name: 'First',
      status: 'recording',
      proxyUrl: started.proxyUrl,
      options: { allowHosts: ['localhost'] },
    });
    expect(started.proxyUrl).toBe(`http://127.0.0.1:${started.port}`);
    expect(await t.fail('recordings.start', {})).toMatchObject({
      code: 'busy',
      message: expect.stringMatching(/is in progress on http:\/\/127\.0\.0\.1:\d+: stop it/),
    });
    // A host outside the list is answered by the proxy without being contacted, and not recorded.
    for (const path of ['/a', '/b', '/c']) {
      const res = await request(`http://example.invalid${path}`, {
        dispatcher: new ProxyAgent({ uri: started.proxyUrl }),
      });
      expect(res.statusCode).toBe(403);
      expect(await res.body.text()).toMatch(/not in the recording's allowed hosts/);
    }
    expect(await t.call('recordings.entries', { id: started.id })).toEqual([]);
    const stopped = await t.call('recordings.stop', { id: started.id });
    expect(stopped).toMatchObject({ status: 'stopped', proxyUrl: null, stoppedAt: expect.any(String) });
    expect(
      t.events
        .filter((e) => e.event === 'recording.state')
        .map((e) => (e.payload as { recording: { status: string } }).recording.status),
    ).toEqual(['recording', 'stopped']);
    await expect(request(`${started.proxyUrl}/`)).rejects.toThrow(/ECONNREFUSED/);
  });

  it('keeps the upstream proxy without its password', async () => {
    const t = await open();
    const { id } = await t.call('recordings.start', { upstreamProxy: 'http://ann:pr0xy-pass@127.0.0.1:3128' });
    await t.call('recordings.stop', { id });
    expect((await t.call('recordings.get', { id })).options.upstreamProxy).toBe('http://ann:REDACTED@127.0.0.1:3128/');
    const db = new Database(join(t.dir, 'loadsmith.db'), { readonly: true });
    try {
      expect(JSON.stringify(db.prepare('SELECT * FROM recordings').all())).not.toContain('pr0xy-pass');
    } finally {
      db.close();
    }
  });

  it('says when the chosen port is taken', async () => {
    const t = await open();
    const blocker = createServer();
    await new Promise<void>((r) => blocker.listen(0, '127.0.0.1', () => r()));
    const port = (blocker.address() as { port: number }).port;
    try {
      expect(await t.fail('recordings.start', { port })).toMatchObject({
        message: expect.stringMatching(new RegExp(`port ${port} on 127\\.0\\.0\\.1 is in use: choose another port`)),
      });
    } finally {
      blocker.close();
    }
  });

  it('creates the CA once, keeps it across restarts, and never returns its key', async () => {
    const t = await open();
    const ca = await t.call('recordings.ca', {});
    expect(ca.certificatePem).toMatch(/^-----BEGIN CERTIFICATE-----/);
    expect(JSON.stringify(ca)).not.toMatch(/PRIVATE KEY/);
    expect(ca.spkiFingerprint).toMatch(/^[A-Za-z0-9+/]{43}=$/);
    expect(statSync(join(t.dir, 'recorder', 'ca-key.pem')).mode & 0o777).toBe(0o600);
    const { generateSPKIFingerprint } = await import('mockttp');
    expect(await generateSPKIFingerprint(ca.certificatePem)).toBe(ca.spkiFingerprint);
    expect(ca.instructions.map((i) => i.client)).toEqual([
      'curl',
      'node',
      'python',
      'java',
      'firefox',
      'chrome',
      'system',
      'mobile',
    ]);
    await t.services.close();
    opened.pop();
    const again = await open(t.dir);
    expect((await again.call('recordings.ca', {})).sha256).toBe(ca.sha256);
  });

  it("imports a HAR's WebSocket entry as a session with its messages, and proposes it as a websocket step", async () => {
    const t = await open();
    const text = readFileSync(
      new URL('../../tests/fixtures/convert/har/chrome-websocket.har', import.meta.url),
      'utf8',
    );
    const rec = await t.call('recordings.importHar', { text, fileName: 'chat.har' });
    const entries = await t.call('recordings.entries', { id: rec.id });
    expect(entries.map((e) => [e.type, e.messages])).toEqual([
      ['document', null],
      ['websocket', 5],
    ]);
    const proposal = await t.call('recordings.propose', { id: rec.id });
    const sessions = [...stepsOf(proposal.plan as Plan)].flatMap((v) =>
      'websocket' in v.step ? [v.step.websocket] : [],
    );
    expect(sessions.map((w) => w.actions.filter((a) => 'send' in a))).toEqual([
      [{ send: '{"type":"say","text":"hi all"}' }, { send: { binary: 'AAECAw==' } }],
    ]);
    expect(proposal.notes.filter((n) => n.kind === 'not-imported')).toEqual([]);
  });

  it('imports HAR, lists, renames, exports, proposes, converts and deletes', async () => {
    const t = await open();
    const rec = await t.call('recordings.importHar', {
      text: recordingToHar(shopRecording(), { includeSecrets: true }).text,
      fileName: 'shop.har',
    });
    expect(rec).toMatchObject({ name: 'shop', source: 'har', status: 'stopped', entryCount: 8 });
    expect((await t.call('recordings.rename', { id: rec.id, name: 'Shop' })).name).toBe('Shop');
    expect((await t.call('recordings.list', {})).map((r) => r.name)).toEqual(['Shop']);
    expect((await t.call('recordings.entries', { id: rec.id, filter: { hideStatic: true } })).map((e) => e.id)).toEqual(
      [1, 2, 3, 5, 6, 7, 8],
    );
    expect((await t.call('recordings.entries', { id: rec.id, filter: { search: 'orders' } })).map((e) => e.id)).toEqual(
      [7, 8],
    );
    expect(await t.call('recordings.entries', { id: rec.id, filter: { excludeHosts: ['shop.test'] } })).toEqual([]);
    expect((await t.call('recordings.exportHar', { id: rec.id, entryIds: [6] })).text).not.toContain(
      'eyJhbGciOiJIUzI1NiJ9',
    );

    const proposal = await t.call('recordings.propose', { id: rec.id });
    expect(proposal.correlations.map((c) => c.variable)).toEqual([
      'csrf_token',
      'csrf_token_2',
      'token',
      'item_id',
      'orderId',
    ]);
    expect(proposal.correlations.every((c) => c.suggested && c.applied)).toBe(true);
    expect(proposal.uniqueValues).toEqual([]);
    // The notes speak the app's language: a variable is set in an environment.
    expect(proposal.notes.map((n) => n.message)).toContain(
      'form field password: the value was replaced by ${env.PASSWORD} (it is not written to the plan); set PASSWORD in an environment (CLI: --env PASSWORD=...)',
    );
    const onlyToken = await t.call('recordings.propose', {
      id: rec.id,
      acceptedCorrelations: [proposal.correlations[2]!.id],
    });
    expect(onlyToken.correlations.map((c) => c.applied)).toEqual([false, false, true, false, false]);
    expect(JSON.stringify(onlyToken.plan)).toContain('${env.CSRF_TOKEN}');
    expect(
      await t.fail('recordings.toPlan', { id: rec.id, acceptedCorrelations: ['c_nope'], name: 'x' }),
    ).toMatchObject({
      code: 'invalid_params',
      message: expect.stringMatching(/correlation c_nope is not one this selection produces/),
    });
    const { plan, variables } = await t.call('recordings.toPlan', {
      id: rec.id,
      acceptedCorrelations: proposal.correlations.map((c) => c.id),
      name: 'Shop plan',
    });
    // The login's submission and the page its redirect led to are two requests: the redirect is checked.
    expect(plan).toMatchObject({ name: 'Shop plan', valid: true, requests: 7, issues: [] });
    expect(variables.sort()).toEqual(['BASE_URL', 'PASSWORD']);
    expect((await t.call('plans.get', { id: plan.id })).document).toEqual(plan.document);
    expect(await t.call('recordings.delete', { id: rec.id })).toEqual({ deleted: true });
    expect(await t.call('recordings.list', {})).toEqual([]);
  });

  it('launching a browser needs a recording in progress and an executable', async () => {
    const t = await open();
    const { id } = await t.call('recordings.start', { allowHosts: ['localhost'] });
    const notProgram = join(t.dir, 'notes.txt');
    writeFileSync(notProgram, 'not a browser', { mode: 0o644 });
    expect(await t.fail('recordings.launchBrowser', { id, browserPath: notProgram })).toMatchObject({
      code: 'invalid_params',
      message: expect.stringMatching(/is not an executable file/),
    });
    const broken = join(t.dir, 'broken-browser');
    writeFileSync(broken, 'not a program', { mode: 0o755 });
    expect(await t.fail('recordings.launchBrowser', { id, browserPath: broken, headless: true })).toMatchObject({
      code: 'invalid_params',
      message: expect.stringMatching(/cannot start the browser .*broken-browser: .*choose another browser path/),
    });
    await t.call('recordings.stop', { id });
    expect(await t.fail('recordings.launchBrowser', { id, browserPath: process.execPath })).toMatchObject({
      code: 'busy',
      message: expect.stringMatching(/is not in progress: start a recording/),
    });
  });

  it.skipIf(process.platform === 'darwin' || process.platform === 'win32')(
    'says when there is no display, before and instead of starting a browser window',
    async () => {
      vi.stubEnv('DISPLAY', '');
      vi.stubEnv('WAYLAND_DISPLAY', '');
      try {
        const t = await open();
        expect((await t.call('recordings.detectBrowsers', {})).noDisplay).toMatch(
          /^there is no display .*: tick "Without a window \(headless\)"/,
        );
        const { id } = await t.call('recordings.start', { allowHosts: ['localhost'] });
        expect(await t.fail('recordings.launchBrowser', { id, browserPath: process.execPath })).toMatchObject({
          code: 'invalid_params',
          message: expect.stringMatching(/^cannot open the browser .*: there is no display .*xvfb-run loadsmith ui/),
        });
        await t.call('recordings.stop', { id });
      } finally {
        vi.unstubAllEnvs();
      }
    },
  );
});
