/**
 * "Record with a browser": the recorder launches Debian's Chromium (headless here) with a fresh profile through the
 * proxy, trusting the recorder's CA by its SPKI fingerprint, recording localhost too. Only the test site's hosts
 * are allowed: Chromium's own background traffic is switched off, and anything left is refused by the proxy
 * without being contacted.
 */
import { existsSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestServices, type TestServices } from '../../app/services/testing.ts';
import { validatePlanValue } from '../../engine/plan/parse.ts';
import { runPlan } from '../../engine/run/run-plan.ts';
import { PASSWORD, startRecorderSite, USER, type RecorderSite } from '../fixtures/recorder-site/server.ts';
import { waitForEntries } from './recorder-helpers.ts';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

let site: RecorderSite;
let t: TestServices;

beforeAll(async () => {
  site = await startRecorderSite();
  t = await openTestServices('recorder-browser');
});
afterAll(async () => {
  await t?.close();
  await site?.close();
});

describe.skipIf(!existsSync(CHROMIUM))('recordings.launchBrowser', () => {
  it('detects the installed Chromium', async () => {
    const found = await t.call('recordings.detectBrowsers', {});
    expect(found.browsers.map((b) => b.path)).toContain(CHROMIUM);
    expect(found.preferred).not.toBeNull();
  });

  it('records the pages a launched Chromium loads over HTTPS through the proxy, and closes it on stop', async () => {
    const { id } = await t.call('recordings.start', {
      name: 'Browser',
      insecureHosts: ['localhost'],
      allowHosts: ['localhost', '127.0.0.1'],
    });
    const launched = await t.call('recordings.launchBrowser', {
      id,
      browserPath: CHROMIUM,
      startUrl: `${site.httpsUrl}/`,
      headless: true,
    });
    expect(launched).toMatchObject({ browser: CHROMIUM, pid: expect.any(Number) });
    expect((await t.call('recordings.get', { id })).browsers).toEqual([{ pid: launched.pid, path: CHROMIUM }]);

    const entries = await waitForEntries(t, id, 3, 30_000);
    const urls = entries.map((e) => `${e.method} ${e.url} ${e.status}`);
    expect(urls).toEqual(
      expect.arrayContaining([
        `GET ${site.httpsUrl}/ 200`,
        `GET ${site.httpsUrl}/static/app.css 200`,
        `GET ${site.httpsUrl}/static/app.js 200`,
      ]),
    );
    const page = entries.find((e) => e.url === `${site.httpsUrl}/`)!;
    expect(page.type).toBe('document');
    const detail = await t.call('recordings.entry', { id, entryId: page.id });
    expect(detail.request.headers.find((h) => h.name.toLowerCase() === 'user-agent')?.value).toMatch(/Chrome/);
    // Nothing but the site was recorded: no Chromium background traffic.
    expect(entries.every((e) => e.host === new URL(site.httpsUrl).host)).toBe(true);

    await t.call('recordings.stop', { id });
    expect(isAlive(launched.pid)).toBe(false);
    expect((await t.call('recordings.get', { id })).browsers).toEqual([]);
  }, 60_000);
});

describe.skipIf(!existsSync(CHROMIUM))('the Chromium args the Recorder gives', () => {
  it("passed as Playwright's args, record a page on 127.0.0.1 (loopback goes through the proxy)", async () => {
    const { chromium } = await import('@playwright/test');
    const { id } = await t.call('recordings.start', { name: 'Playwright args', allowHosts: ['127.0.0.1'] });
    const { chromiumArgs } = await t.call('recordings.ca', {});
    expect(chromiumArgs).toContain('--proxy-bypass-list=<-loopback>');
    const browser = await chromium.launch({
      executablePath: CHROMIUM,
      headless: true,
      args: [...chromiumArgs, '--disable-background-networking', '--disable-component-update'],
    });
    try {
      const page = await browser.newPage();
      await page.goto(`${site.httpUrl}/?from=playwright-args`);
    } finally {
      await browser.close();
    }
    const entries = await waitForEntries(t, id, 1, 15_000);
    expect(entries.map((e) => e.url)).toContain(`${site.httpUrl}/?from=playwright-args`);
    await t.call('recordings.stop', { id });
  }, 60_000);
});

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

describe.skipIf(!existsSync(CHROMIUM))('a browser session recorded and replayed', () => {
  it('Playwright signs in through the proxy; the page calls the API; the plan made from it passes against the site', async () => {
    const { chromium } = await import('@playwright/test');
    const { id, proxyUrl, caFingerprint } = await t.call('recordings.start', {
      name: 'Shop in Chromium',
      insecureHosts: ['localhost'],
      allowHosts: ['localhost', '127.0.0.1'],
    });
    const browser = await chromium.launch({
      executablePath: CHROMIUM,
      headless: true,
      proxy: { server: proxyUrl, bypass: '<-loopback>' },
      args: [
        `--ignore-certificate-errors-spki-list=${caFingerprint}`,
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--disable-quic',
      ],
    });
    try {
      const page = await browser.newPage();
      await page.goto(`${site.httpsUrl}/login`);
      await page.fill('#username', USER);
      await page.fill('#password', PASSWORD);
      await Promise.all([page.waitForURL(`${site.httpsUrl}/home`), page.click('#submit')]);
      await page.locator('#status', { hasText: /^order \d+ placed$/ }).waitFor({ timeout: 15_000 });
    } finally {
      await browser.close();
    }
    const entries = await waitForEntries(t, id, 9, 30_000);
    await t.call('recordings.stop', { id });
    const paths = entries.map((e) => `${e.method} ${new URL(e.url).pathname}`);
    expect(paths).toEqual(
      expect.arrayContaining([
        'GET /login',
        'POST /login',
        'GET /home',
        'POST /api/token',
        'GET /api/items',
        'POST /api/orders',
      ]),
    );
    const home = entries.find((e) => e.url.endsWith('/home'))!;
    expect(entries.find((e) => e.id === home.redirectFrom)).toMatchObject({ method: 'POST', status: 302 });

    const proposal = await t.call('recordings.propose', { id });
    const sources = Object.fromEntries(proposal.correlations.map((c) => [c.variable, c.source.where]));
    expect(sources).toMatchObject({
      csrf_token: 'html-input',
      csrf_token_2: 'html-meta',
      token: 'json',
      item_id: 'json',
      orderId: 'json',
    });
    const { plan } = await t.call('recordings.toPlan', {
      id,
      acceptedCorrelations: proposal.correlations.map((c) => c.id),
      name: 'Shop from Chromium',
    });
    site.refused.clear();
    const { plan: valid } = validatePlanValue(plan.document);
    const summary = await runPlan(valid, { env: { BASE_URL: site.httpsUrl, PASSWORD }, workers: 1 }).done;
    expect(summary.checks.map((c) => c.fails)).toEqual(summary.checks.map(() => 0));
    expect(summary.checks.reduce((n, c) => n + c.passes, 0)).toBeGreaterThanOrEqual(6);
    expect(summary.extractFailures).toEqual([]);
    expect([...site.refused.keys()]).toEqual([]);
  }, 90_000);
});
