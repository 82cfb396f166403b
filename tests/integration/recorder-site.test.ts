/**
 * The recorder end to end on the loopback test site: a session (login form with CSRF token and session cookie, a
 * CSRF meta tag, a JSON API with a bearer token, item and order ids) sent through the recording proxy over HTTPS
 * and HTTP; the recording lists it; conversion proposes the correlations; the plan passes against the site, and
 * fails without them. HAR export/import, curl with the exported CA, the CA key's file mode.
 */
import { execFile } from 'node:child_process';
import { statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { ProxyAgent, request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Summary } from '../../engine/metrics/summary.ts';
import { validatePlanValue } from '../../engine/plan/parse.ts';
import { runPlan } from '../../engine/run/run-plan.ts';
import { openTestServices, type TestServices } from '../../app/services/testing.ts';
import type { EntrySummary, PlanProposal } from '../../app/contract/index.ts';
import { PASSWORD, startRecorderSite, USER, type RecorderSite } from '../fixtures/recorder-site/server.ts';
import { browseGroups, browseShop, waitForEntries } from './recorder-helpers.ts';

let site: RecorderSite;
let t: TestServices;
let id: string;
let proxyUrl: string;
let entries: EntrySummary[];
let proposal: PlanProposal;

beforeAll(async () => {
  site = await startRecorderSite();
  t = await openTestServices('recorder');
  const started = await t.call('recordings.start', {
    name: 'Shop session',
    insecureHosts: ['localhost'],
    allowHosts: ['localhost', '127.0.0.1'],
  });
  ({ id, proxyUrl } = started);
  const ca = await t.call('recordings.ca', {});
  const agent = new ProxyAgent({ uri: proxyUrl, requestTls: { ca: ca.certificatePem } });
  await browseShop(site.httpsUrl, agent);
  const plain = await request(`${site.httpUrl}/`, { dispatcher: new ProxyAgent({ uri: proxyUrl }) });
  expect(plain.statusCode).toBe(200);
  await plain.body.text();
  entries = await waitForEntries(t, id, 10);
}, 60_000);

afterAll(async () => {
  await t?.close();
  await site?.close();
});

describe('recording through the proxy', () => {
  it('listens on 127.0.0.1 only and lists every exchange, HTTPS and HTTP, with redirects as chains', async () => {
    expect(proxyUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const https = new URL(site.httpsUrl).host;
    expect(entries.map((e) => `${e.method} ${e.url.replace(/^https?:\/\/[^/]+/, '')} ${e.status}`)).toEqual([
      'GET / 200',
      'GET /static/app.css 200',
      'GET /login 200',
      'POST /login 302',
      'GET /home 200',
      'POST /api/token 200',
      'GET /api/items?limit=10 200',
      'POST /api/orders 201',
      expect.stringMatching(/^GET \/api\/orders\/\d+ 200$/),
      'GET / 200',
    ]);
    expect(entries.slice(0, 9).every((e) => e.host === https)).toBe(true);
    expect(entries[9]?.url).toBe(`${site.httpUrl}/`);
    expect(entries[4]?.redirectFrom).toBe(entries[3]?.id);
    expect(entries.map((e) => e.type)).toEqual([
      'document',
      'stylesheet',
      'document',
      'document',
      'document',
      'fetch',
      'fetch',
      'fetch',
      'fetch',
      'document',
    ]);
    expect(entries[1]?.static).toBe(true);
    expect(entries.filter((e) => e.secret).map((e) => e.id)).toEqual(entries.slice(2, 9).map((e) => e.id));
    expect(t.events.filter((e) => e.event === 'recording.entry')).toHaveLength(10);
    const api = await t.call('recordings.entries', { id, filter: { hideStatic: true, search: '/api/' } });
    expect(api.map((e) => new URL(e.url).pathname)).toEqual([
      '/api/token',
      '/api/items',
      '/api/orders',
      expect.stringMatching(/^\/api\/orders\/\d+$/),
    ]);
  });

  it('shows an entry in full with its secrets redacted unless asked', async () => {
    const login = entries[3]!;
    const hidden = await t.call('recordings.entry', { id, entryId: login.id });
    expect(hidden.request.body?.text).toContain('password=REDACTED');
    expect(hidden.request.headers.find((h) => h.name.toLowerCase() === 'cookie')).toMatchObject({
      secret: true,
      value: 'sid=REDACTED',
    });
    expect(hidden.chain).toEqual([login.id, entries[4]!.id]);
    const shown = await t.call('recordings.entry', { id, entryId: login.id, revealSecrets: true });
    expect(shown.request.body?.text).toContain(new URLSearchParams({ username: USER, password: PASSWORD }).toString());
  });

  it('curl records through the proxy over HTTPS, trusting the exported CA', async () => {
    const ca = await t.call('recordings.ca', {});
    const file = join(t.dir, ca.fileName);
    writeFileSync(file, ca.certificatePem);
    const { stdout } = await promisify(execFile)(
      'curl',
      ['-sS', '--fail', '--proxy', proxyUrl, '--cacert', file, `${site.httpsUrl}/?from=curl`],
      { timeout: 20_000 },
    );
    expect(stdout).toContain('Recorder test shop');
    const list = await waitForEntries(t, id, 11);
    expect(list.at(-1)?.url).toBe(`${site.httpsUrl}/?from=curl`);
    expect(ca.instructions.find((i) => i.client === 'curl')?.steps[0]).toBe(
      `curl --proxy ${proxyUrl} --cacert ${ca.certificatePath} https://example.test/`,
    );
    expect(ca.instructions.find((i) => i.client === 'java')?.steps[1]).toContain(
      `-Dhttps.proxyPort=${new URL(proxyUrl).port} `,
    );
  });

  it('keeps the CA private key readable by the user only', async () => {
    const ca = await t.call('recordings.ca', {});
    expect(statSync(ca.certificatePath.replace(/ca\.pem$/, 'ca-key.pem')).mode & 0o777).toBe(0o600);
    expect(ca.certificatePem).not.toMatch(/PRIVATE KEY/);
  });
});

describe('recording -> plan', () => {
  beforeAll(async () => {
    const stopped = await t.call('recordings.stop', { id });
    expect(stopped).toMatchObject({ status: 'stopped', proxyUrl: null });
    proposal = await t.call('recordings.propose', { id, entryIds: entries.slice(0, 9).map((e) => e.id) });
  });

  it('proposes the CSRF, token, item and order correlations with where they come from and go', () => {
    const by = new Map(proposal.correlations.map((c) => [c.variable, c]));
    expect(by.get('csrf_token')).toMatchObject({
      suggested: true,
      source: { entryId: entries[2]!.id, where: 'html-input' },
      uses: [{ entryId: entries[3]!.id, where: 'body', name: 'csrf_token' }],
    });
    expect(by.get('csrf_token_2')).toMatchObject({
      source: { entryId: entries[4]!.id, where: 'html-meta', name: 'csrf-token' },
      uses: [{ where: 'header', name: 'x-csrf-token' }],
    });
    expect(by.get('token')).toMatchObject({
      source: { where: 'json', name: '$.token' },
      uses: [{ where: 'header' }, { where: 'header' }, { where: 'header' }],
    });
    expect(by.get('token')?.preview).toMatch(/… \(24 characters\)$/);
    expect(by.get('item_id')?.uses).toEqual([
      { entryId: entries[7]!.id, where: 'body', name: '$.itemId', encoded: false },
    ]);
    expect(by.get('orderId')?.uses).toEqual([{ entryId: entries[8]!.id, where: 'url', name: '', encoded: false }]);
    expect(() => validatePlanValue(proposal.plan)).not.toThrow();
    expect(proposal.variables.sort()).toEqual(['BASE_URL', 'PASSWORD']);
  });

  it('stores a plan that runs against the site with every check passing', async () => {
    const { plan } = await t.call('recordings.toPlan', {
      id,
      entryIds: entries.slice(0, 9).map((e) => e.id),
      acceptedCorrelations: proposal.correlations.map((c) => c.id),
      name: 'Shop replay',
    });
    expect(plan).toMatchObject({ name: 'Shop replay', valid: true, requests: 8 });
    site.refused.clear();
    const summary = await run(plan.document);
    expect(summary.metrics.checks).toMatchObject({ passes: 12, fails: 0 });
    expect(summary.extractFailures).toEqual([]);
    expect(summary.errors).toEqual([]);
    expect([...site.refused.keys()]).toEqual([]);
  });

  it('fails against the site without the correlations', async () => {
    const { plan } = await t.call('recordings.toPlan', {
      id,
      entryIds: entries.slice(0, 9).map((e) => e.id),
      acceptedCorrelations: [],
      name: 'Shop replay, no correlation',
    });
    site.refused.clear();
    const summary = await run(plan.document, {
      CSRF_TOKEN: 'recorded',
      X_CSRF_TOKEN: 'recorded',
      API_TOKEN: 'recorded',
    });
    expect(summary.checks.reduce((n, c) => n + c.fails, 0)).toBeGreaterThanOrEqual(5);
    expect(site.refused.get('/login')).toBe(1);
  });
});

describe('HAR', () => {
  it('exports redacted unless asked, and an import gives the same entries and correlations', async () => {
    const har = await t.call('recordings.exportHar', { id });
    const entry = await t.call('recordings.entry', { id, entryId: entries[5]!.id, revealSecrets: true });
    const token = JSON.parse(entry.response.body!.text!).token as string;
    expect(har.text).not.toContain(token);
    expect(har.text).not.toContain(new URLSearchParams({ p: PASSWORD }).toString().slice(2));
    expect(har.redacted).toBeGreaterThan(0);
    const full = await t.call('recordings.exportHar', { id, includeSecrets: true });
    expect(full.text).toContain(token);
    const imported = await t.call('recordings.importHar', { text: full.text, fileName: 'shop.har' });
    expect(imported).toMatchObject({
      source: 'har',
      status: 'stopped',
      entryCount: 11,
      options: { fileName: 'shop.har' },
    });
    const again = await t.call('recordings.propose', { id: imported.id, entryIds: [1, 2, 3, 4, 5, 6, 7, 8, 9] });
    expect(again.correlations.map((c) => c.variable).sort()).toEqual(
      proposal.correlations.map((c) => c.variable).sort(),
    );
  });

  it('Plans › Import of the same HAR gives a plan that signs in and orders against the site (no 403)', async () => {
    const har = await t.call('recordings.exportHar', {
      id,
      entryIds: entries.slice(0, 9).map((e) => e.id),
      includeSecrets: true,
    });
    const record = await t.call('plans.import', { text: har.text, fileName: 'shop.har', skipStatic: true });
    site.refused.clear();
    // Plain HTTP: the HAR does not say that the recording trusted the site's test certificate.
    const summary = await run(record.document, { BASE_URL: site.httpUrl });
    expect(summary.checks.filter((c) => c.fails > 0)).toEqual([]);
    expect(summary.metrics.checks).toMatchObject({ passes: 12, fails: 0 });
    expect([...site.refused.keys()]).toEqual([]);
  });
});

describe('recorded checks: a flow the application refused fails', () => {
  let groups: { id: string; proposal: PlanProposal };
  beforeAll(async () => {
    const started = await t.call('recordings.start', { name: 'New group', insecureHosts: ['localhost'] });
    const ca = await t.call('recordings.ca', {});
    await browseGroups(
      site.httpsUrl,
      new ProxyAgent({ uri: started.proxyUrl, requestTls: { ca: ca.certificatePem } }),
      'Editors',
    );
    await waitForEntries(t, started.id, 6);
    await t.call('recordings.stop', { id: started.id });
    groups = { id: started.id, proposal: await t.call('recordings.propose', { id: started.id }) };
  }, 60_000);

  const plan = async (acceptedUniqueValues: string[]): Promise<unknown> => {
    const { plan: stored } = await t.call('recordings.toPlan', {
      id: groups.id,
      acceptedCorrelations: groups.proposal.correlations.map((c) => c.id),
      acceptedUniqueValues,
      name: `Groups ${acceptedUniqueValues.length}`,
    });
    return stored.document;
  };
  const failed = (summary: Summary): string[] =>
    summary.checks.filter((c) => c.fails > 0).map((c) => `${c.request} / ${c.name}`);

  it('proposes the typed group name as a unique value, suggested; the login form gets none', () => {
    const entries = groups.proposal.uniqueValues;
    expect(entries).toEqual([
      expect.objectContaining({
        field: 'name',
        value: 'Editors',
        replacement: 'Editors-${uuid()}',
        suggested: true,
        applied: true,
      }),
    ]);
  });

  it("a replay with a wrong password fails the login's checks (the site answers 200 with the form again)", async () => {
    const summary = await run(await plan([]), { PASSWORD: 'not-the-password' });
    expect(failed(summary)).toEqual(
      expect.arrayContaining([
        'POST /login / status is 302',
        'POST /login / header Location == "/home"',
        'GET /home / body contains "Home"',
      ]),
    );
    const total = summary.checks.reduce((n, c) => ({ passes: n.passes + c.passes, fails: n.fails + c.fails }), {
      passes: 0,
      fails: 0,
    });
    expect(total.fails).toBeGreaterThanOrEqual(3);
  });

  it('a creation replayed without a unique name fails the second time; with it, every time', async () => {
    const recorded = await plan([]);
    site.groups.clear();
    expect(failed(await run(recorded))).toEqual([]);
    expect(failed(await run(recorded))).toEqual([
      'POST /groups/new / status is 302',
      'POST /groups/new / header Location == "/groups"',
    ]);
    const unique = await plan(groups.proposal.uniqueValues.map((u) => u.id));
    site.groups.clear();
    for (let i = 0; i < 2; i++) expect(failed(await run(unique))).toEqual([]);
    expect([...site.groups]).toEqual([
      expect.stringMatching(/^Editors-[0-9a-f-]{36}$/),
      expect.stringMatching(/^Editors-[0-9a-f-]{36}$/),
    ]);
  });
});

async function run(document: unknown, env: Record<string, string> = {}): Promise<Summary> {
  const { plan } = validatePlanValue(document);
  return runPlan(plan, { env: { BASE_URL: site.httpsUrl, PASSWORD, ...env }, workers: 1 }).done;
}
