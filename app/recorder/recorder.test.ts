import { chmodSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ProxyAgent, request } from 'undici';
import { afterEach, describe, expect, it } from 'vitest';
import { shopRecording } from '../../engine/convert/recording/testing.ts';
import { browserCandidates, detectBrowsers } from './browsers.ts';
import { loadOrCreateCa } from './ca.ts';
import { missingDisplay } from './display.ts';
import { chromiumArgs, launchChromium } from './launch.ts';
import { hostFilter, startProxy } from './proxy.ts';
import type { CapturedEvent } from './capture.ts';
import { summarize } from './summary.ts';
import { chainOf, toEntry } from './view.ts';

const dirs: string[] = [];
const servers: Server[] = [];
const tempDir = (): string => {
  const d = mkdtempSync(path.join(tmpdir(), 'loadsmith-recorder-'));
  dirs.push(d);
  return d;
};
afterEach(() => {
  for (const s of servers.splice(0)) s.close();
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

describe('the recorder CA', () => {
  it('is created once with a private key file, and a key made readable by others is made private again', async () => {
    const dir = tempDir();
    const ca = await loadOrCreateCa(dir);
    expect(statSync(ca.keyPath).mode & 0o777).toBe(0o600);
    expect(ca.certificatePem).toMatch(/BEGIN CERTIFICATE/);
    expect(ca.sha256).toMatch(/^([0-9A-F]{2}:){31}[0-9A-F]{2}$/);
    chmodSync(ca.keyPath, 0o644);
    const again = await loadOrCreateCa(dir);
    expect(again.spkiFingerprint).toBe(ca.spkiFingerprint);
    expect(statSync(ca.keyPath).mode & 0o777).toBe(0o600);
  });

  it('says what to do with a broken certificate file', async () => {
    const dir = tempDir();
    const ca = await loadOrCreateCa(dir);
    writeFileSync(ca.certPath, 'not a certificate');
    await expect(loadOrCreateCa(dir)).rejects.toThrow(
      /ca\.pem is not a certificate .*move .*recorder away to create a new recorder CA/,
    );
  });
});

describe('the proxy', () => {
  it('records through an upstream proxy, on loopback only', async () => {
    // The upstream proxy: takes the CONNECT tunnel and answers as the target server itself (nothing leaves loopback).
    const tunnels: string[] = [];
    const target = createServer((req, res) =>
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ via: 'upstream', url: req.url })),
    );
    const upstream = createServer();
    upstream.on('connect', (req, socket) => {
      tunnels.push(req.url ?? '');
      socket.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      target.emit('connection', socket);
    });
    servers.push(upstream, target);
    await new Promise<void>((r) => upstream.listen(0, '127.0.0.1', () => r()));
    const port = (upstream.address() as { port: number }).port;
    const events: CapturedEvent[] = [];
    const proxy = await startProxy(
      { ca: await loadOrCreateCa(tempDir()), upstreamProxy: `http://127.0.0.1:${port}`, allowHosts: ['shop.test'] },
      (e) => events.push(e),
    );
    try {
      expect(proxy.address).toBe('127.0.0.1');
      const res = await request('http://shop.test/api?x=1', {
        dispatcher: new ProxyAgent({ uri: proxy.url }),
        method: 'POST',
        body: 'a=1',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      expect(await res.body.json()).toEqual({ via: 'upstream', url: '/api?x=1' });
      expect(tunnels).toEqual(['shop.test:80']);
      for (let i = 0; i < 50 && events.length === 0; i++) await new Promise((r) => setTimeout(r, 20));
      expect(events[0]?.exchange).toMatchObject({
        id: 1,
        method: 'POST',
        url: 'http://shop.test/api?x=1',
        status: 200,
        requestBody: { text: 'a=1', size: 3 },
        responseBody: { size: 35 },
      });
    } finally {
      await proxy.stop();
    }
  });

  it('lets WebSockets through to allowed hosts only, and records only those', async () => {
    const { WebSocketServer } = await import('ws');
    const wss = new WebSocketServer({ host: '127.0.0.1', port: 0 });
    await new Promise<void>((r) => wss.once('listening', () => r()));
    const port = (wss.address() as { port: number }).port;
    const events: CapturedEvent[] = [];
    const proxy = await startProxy({ ca: await loadOrCreateCa(tempDir()), allowHosts: ['127.0.0.1'] }, (e) =>
      events.push(e),
    );
    // As browsers do: a CONNECT tunnel through the proxy, then the upgrade request inside it.
    const upgrade = (host: string): Promise<string> =>
      new Promise((resolve, reject) => {
        const socket = connect(proxy.port, '127.0.0.1', () =>
          socket.write(`CONNECT ${host} HTTP/1.1\r\nHost: ${host}\r\n\r\n`),
        );
        let tunnel = false;
        socket.on('data', (d) => {
          const line = d.toString('latin1').split('\r\n', 1)[0]!;
          if (tunnel || !line.includes(' 200')) {
            resolve(line);
            socket.destroy();
            return;
          }
          tunnel = true;
          socket.write(
            `GET / HTTP/1.1\r\nHost: ${host}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n`,
          );
        });
        socket.once('error', reject);
      });
    try {
      expect(await upgrade(`127.0.0.1:${port}`)).toBe('HTTP/1.1 101 Switching Protocols');
      expect(await upgrade('example.invalid:80')).toMatch(/^HTTP\/1\.1 403/);
      // The allowed session, cut without a close frame, is an entry; the refused host is none.
      for (let i = 0; i < 100 && events.length === 0; i++) await new Promise((r) => setTimeout(r, 20));
      await new Promise((r) => setTimeout(r, 100));
      expect(events.map((e) => [e.exchange.url, e.exchange.status, e.exchange.webSocket?.messages])).toEqual([
        [`ws://127.0.0.1:${port}/`, 101, []],
      ]);
      expect(events[0]?.exchange.webSocket?.closed?.error).toBeTruthy();
    } finally {
      await proxy.stop();
      wss.close();
    }
  });

  it('allows hosts by name and subdomain pattern', () => {
    const allowed = hostFilter(['example.com', '*.test.dev']);
    expect(['example.com', 'test.dev', 'a.test.dev'].map(allowed)).toEqual([true, true, true]);
    expect(['www.example.com', 'attest.dev', 'localhost'].map(allowed)).toEqual([false, false, false]);
    expect(hostFilter(undefined)('anything')).toBe(true);
  });
});

describe('browsers', () => {
  it('looks in CHROMIUM_PATH first, then the standard places of each system', () => {
    expect(browserCandidates('linux', { CHROMIUM_PATH: '/opt/c/chrome' })[0]?.path).toBe('/opt/c/chrome');
    expect(browserCandidates('linux', {}).map((b) => b.path)).toEqual(
      expect.arrayContaining([
        '/usr/bin/chromium',
        '/usr/bin/chromium-browser',
        '/usr/bin/google-chrome',
        '/usr/bin/google-chrome-stable',
      ]),
    );
    expect(browserCandidates('darwin', {}).map((b) => b.path)).toContain(
      '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome',
    );
    expect(browserCandidates('win32', { PROGRAMFILES: 'C:\\Program Files' }).map((b) => b.path)).toContain(
      'C:\\Program Files\\Google\\Chrome\\Application\\chrome.exe',
    );
    expect(
      detectBrowsers('linux', { CHROMIUM_PATH: '/no/such/browser' }).some((b) => b.path === '/no/such/browser'),
    ).toBe(false);
  });

  it('launches with a fresh profile, through the proxy (localhost too), trusting the CA by fingerprint', () => {
    const args = chromiumArgs(
      {
        executable: 'x',
        proxyUrl: 'http://127.0.0.1:8123',
        spkiFingerprint: 'abc=',
        startUrl: 'https://localhost:1/',
        headless: true,
      },
      '/tmp/p',
    );
    expect(args).toEqual(
      expect.arrayContaining([
        '--user-data-dir=/tmp/p',
        '--proxy-server=http://127.0.0.1:8123',
        '--proxy-bypass-list=<-loopback>',
        '--ignore-certificate-errors-spki-list=abc=',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-quic',
        '--headless=new',
      ]),
    );
    expect(args.at(-1)).toBe('https://localhost:1/');
  });
});

describe('a browser that cannot open', () => {
  const launch = (executable: string, env: NodeJS.ProcessEnv, headless = false) =>
    launchChromium({ executable, proxyUrl: 'http://127.0.0.1:1', spkiFingerprint: 'abc=', env, headless });
  /** A program that writes `stderr` and ends with `code`, as a browser that cannot start does. */
  const program = (stderr: string, code: number): string => {
    const file = path.join(tempDir(), 'browser');
    writeFileSync(file, `#!/bin/sh\nprintf '%s\\n' '${stderr.replaceAll("'", "'\\''")}' >&2\nexit ${code}\n`, {
      mode: 0o755,
    });
    return file;
  };

  it.skipIf(process.platform === 'darwin' || process.platform === 'win32')(
    'says there is no display when DISPLAY and WAYLAND_DISPLAY are unset, and what to do',
    async () => {
      await expect(launch('/usr/bin/chromium', { PATH: process.env.PATH })).rejects.toThrow(
        'cannot open the browser /usr/bin/chromium: there is no display to open a browser window on (DISPLAY and WAYLAND_DISPLAY are not set): tick "Without a window (headless)" to record what the start page loads, or run Loadsmith in a desktop session, or under a virtual display (xvfb-run loadsmith ui), or with ssh -X',
      );
      expect(missingDisplay({ WAYLAND_DISPLAY: 'wayland-0' }, 'linux')).toBeUndefined();
      expect(missingDisplay({}, 'darwin')).toBeUndefined();
    },
  );

  it("reads Chromium's own words: a display that does not answer, or another reason", async () => {
    const noX = program('[1:1:ERROR:ozone_platform_x11.cc(257)] Missing X server or $DISPLAY', 1);
    await expect(launch(noX, { DISPLAY: ':99' })).rejects.toThrow(
      /: the browser could not reach a display \(DISPLAY=:99: no X or Wayland server answers there\): tick "Without a window \(headless\)"/,
    );
    const noLib = program(
      'chrome: error while loading shared libraries: libnss3.so: cannot open shared object file',
      127,
    );
    await expect(launch(noLib, { DISPLAY: ':0' }, true)).rejects.toThrow(
      /it ended at once \(exit 127\): chrome: error while loading shared libraries: libnss3\.so.*; choose another browser path$/,
    );
  });
});

describe('entries as the contract shows them', () => {
  it('flags secrets, masks them unless revealed, and follows redirect chains', () => {
    const list = shopRecording();
    const summaries = list.map(summarize);
    expect(summaries.map((s) => s.secret)).toEqual([true, true, true, false, true, true, true, true]);
    expect(summaries[2]).toMatchObject({ redirectFrom: 2, type: 'document', host: 'shop.test', mimeType: 'text/html' });
    expect(chainOf(3, summaries)).toEqual([2, 3]);
    expect(chainOf(2, summaries)).toEqual([2, 3]);
    const hidden = toEntry(summaries[5]!, list[5]!, [6], false);
    expect(hidden.request.headers.find((h) => h.name === 'Authorization')).toEqual({
      name: 'Authorization',
      value: 'Bearer REDACTED',
      secret: true,
    });
    const submit = toEntry(summaries[1]!, list[1]!, [2, 3], false);
    expect(submit.request.body?.text).toBe('username=ann&password=REDACTED&csrf_token=REDACTED');
    expect(submit.response.headers).toContainEqual({
      name: 'Set-Cookie',
      value: 'sid=REDACTED; Path=/; HttpOnly',
      secret: true,
    });
    expect(toEntry(summaries[1]!, list[1]!, [2, 3], true).request.body?.text).toContain('password=s3cret%21');
  });

  it('masks secret query values in the list', () => {
    const [x] = shopRecording();
    expect(summarize({ ...x!, url: 'https://a.test/cb?code=abc&api_key=k3y' }).url).toBe(
      'https://a.test/cb?code=abc&api_key=%E2%80%A2%E2%80%A2%E2%80%A2%E2%80%A2',
    );
  });
});
