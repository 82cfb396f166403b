/**
 * A plan of HTTP requests alone loads none of the packages of gRPC and WebSocket steps or of streaming outputs, nor
 * undici (plain HTTP/1.1 goes through the fast client), in the coordinator or in any worker (engine/runtime/protocol-packages.ts, engine/run/run-plan.ts): each costs every
 * thread that loads it its code and source text. Seen by a module hook that every thread of the CLI runs.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOADSMITH_BIN, runCommand } from '../fixtures/cli.ts';

// Every thread (workers inherit --import) prints the packages it loads, with its thread id.
const HOOK =
  'data:text/javascript,import{registerHooks}from"node:module";import{threadId}from"node:worker_threads";' +
  'registerHooks({load(u,c,n){const m=/node_modules\\/((?:@grpc\\/)?[^/]+)\\//.exec(u);' +
  'if(m)process.stderr.write(`\\npackage t${threadId} ${m[1]}\\n`);' +
  'if(/\\/worker\\.mjs$/.test(u))process.stderr.write(`\\nbundle t${threadId}\\n`);return n(u,c)}})';

let dir: string;
let server: Server;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'loadsmith-lazy-'));
  server = createServer((_q, r) => r.end('ok'));
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
});
afterAll(async () => {
  server.close();
  await rm(dir, { recursive: true, force: true });
});

describe('a plan of HTTP requests', () => {
  it('loads no gRPC, WebSocket or streaming-output package in any thread', async () => {
    const { port } = server.address() as AddressInfo;
    const file = join(dir, 'http.yaml');
    await writeFile(
      file,
      `version: 1\nname: http only\ndefaults: { baseUrl: "http://127.0.0.1:${port}" }\nscenarios:\n  s:\n` +
        '    executor: per-vu-iterations\n    vus: 2\n    iterations: 5\n    steps: [{ request: { url: /x } }]\n',
    );
    const r = await runCommand(process.execPath, [`--import=${HOOK}`, LOADSMITH_BIN, 'run', file, '--workers', '2'], {
      timeoutMs: 60_000,
    });
    expect(r.code).toBe(0);
    const loaded = [...r.stderr.matchAll(/package t(\d+) (\S+)/g)].map((m) => ({ thread: Number(m[1]), name: m[2] }));
    // The hook ran in both workers: each loaded the worker bundle through it.
    expect(new Set([...r.stderr.matchAll(/bundle t(\d+)/g)].map((m) => Number(m[1]))).size).toBe(2);
    // undici too: plain HTTP/1.1 goes through the fast client (engine/runtime/http/lazy-agent.ts).
    const heavy = loaded.filter((p) =>
      ['@grpc/grpc-js', 'protobufjs', 'ws', 'snappyjs', 'undici'].includes(p.name as string),
    );
    expect(heavy).toEqual([]);
  }, 90_000);
});
