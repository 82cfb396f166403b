/** Shared fixtures of the server tests: raw HTTP requests (custom Host allowed), fake dispatcher and events, a built renderer on disk. */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createDispatcher } from '../contract/dispatch.ts';
import type { Handlers } from '../contract/index.ts';
import { startUiServer } from './index.ts';
import type { EventSource, UiServer, UiServerOptions } from './types.ts';

/** What a test request got back. */
export interface Reply {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

/** Options of {@link send}. `host` defaults to `127.0.0.1:<port>`; pass `null` to send no Host at all. */
export interface SendOptions {
  method?: string;
  headers?: Record<string, string>;
  host?: string | null;
  body?: string | Buffer;
}

/** One HTTP request to 127.0.0.1 with node:http (so Host and the raw path are exactly what we say). */
export function send(port: number, rawPath: string, options: SendOptions = {}): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({
      host: '127.0.0.1',
      port,
      path: rawPath,
      method: options.method ?? 'GET',
      headers: options.headers,
      setHost: false,
      agent: false,
    });
    if (options.host !== null) req.setHeader('Host', options.host ?? `127.0.0.1:${port}`);
    req.on('error', reject);
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }),
      );
      res.on('error', reject);
    });
    req.end(options.body);
  });
}

/** An EventSource the test drives: `emit` reaches every current listener; `listeners` counts them. */
export type FakeEvents = EventSource & { emit(event: string, payload: unknown): void; readonly listeners: number };

/** Creates a {@link FakeEvents}. */
export function fakeEvents(): FakeEvents {
  const listeners = new Set<(event: string, payload: unknown) => void>();
  return {
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    emit(event, payload) {
      for (const l of [...listeners]) l(event, payload);
    },
    get listeners() {
      return listeners.size;
    },
  };
}

/** The real dispatcher over stub handlers: `settings.get` answers fixed settings, everything else is unused. */
export function stubDispatcher(): ReturnType<typeof createDispatcher> {
  const handlers = {
    'settings.get': () => ({ theme: 'dark', workers: null, lastEnvironmentId: null, grantedFolders: [] }),
    'app.info': () => {
      throw new Error('boom');
    },
  } as unknown as Handlers;
  return createDispatcher(handlers, { checkResults: true });
}

/** A fake build: index.html, hashed assets and assorted types, with secrets next to (not inside) it. */
export function makeStaticDir(): { dir: string; cleanup(): void } {
  const base = mkdtempSync(path.join(tmpdir(), 'loadsmith-ui-'));
  const dir = path.join(base, 'site', 'dist');
  mkdirSync(path.join(dir, 'assets'), { recursive: true });
  writeFileSync(path.join(base, 'site', 'package.json'), '{"secret":true}');
  writeFileSync(path.join(base, 'secret.txt'), 'secret');
  writeFileSync(
    path.join(dir, 'index.html'),
    '<!doctype html><title>Loadsmith app</title><script type="module" src="/assets/index-abc123.js"></script>',
  );
  writeFileSync(path.join(dir, 'assets', 'index-abc123.js'), 'console.log("app")');
  writeFileSync(path.join(dir, 'assets', 'worker-abc123.mjs'), 'export {}');
  writeFileSync(path.join(dir, 'assets', 'index-abc123.css'), 'body{}');
  writeFileSync(path.join(dir, 'assets', 'index-abc123.js.map'), '{}');
  writeFileSync(path.join(dir, 'assets', 'font-abc123.woff2'), Buffer.from([0x77, 0x4f, 0x46, 0x32]));
  writeFileSync(path.join(dir, 'assets', 'code-abc123.wasm'), Buffer.from([0, 0x61, 0x73, 0x6d]));
  writeFileSync(path.join(dir, 'logo.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  writeFileSync(path.join(dir, 'icon.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47]));
  writeFileSync(path.join(dir, 'manifest.json'), '{}');
  writeFileSync(path.join(dir, '.env'), 'SECRET=1');
  return { dir, cleanup: () => rmSync(base, { recursive: true, force: true }) };
}

/** Test token (valid shape, fixed so failures are readable). */
export const TEST_TOKEN = 'test-token-0123456789abcdef';

/** Starts a server on 127.0.0.1:0 with the fakes; the caller closes it. */
export async function startTestServer(
  overrides: Partial<UiServerOptions> = {},
): Promise<{ server: UiServer; events: FakeEvents }> {
  const events = fakeEvents();
  const server = await startUiServer({ dispatcher: stubDispatcher(), events, token: TEST_TOKEN, ...overrides });
  return { server, events };
}

/** Headers that authenticate with the session cookie. */
export function cookieHeader(port: number, token = TEST_TOKEN): Record<string, string> {
  return { Cookie: `loadsmith_session_${port}=${token}` };
}

/** Headers that authenticate with a Bearer token. */
export function bearerHeader(token = TEST_TOKEN): Record<string, string> {
  return { Authorization: `Bearer ${token}` };
}
