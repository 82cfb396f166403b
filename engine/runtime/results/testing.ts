/**
 * Test support for the raw-results tests: FOR TESTS ONLY (engine code never imports it). A target on
 * 127.0.0.1:0, a loopback URL nothing listens on, a plan runner, and readers for the files.
 */
import { createReadStream } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createInterface } from 'node:readline';
import { parse } from 'csv-parse/sync';
import { parsePlan } from '../../plan/parse.ts';
import { coordinate } from '../coordinator.ts';
import { prepareRun, type ResultOutput } from '../prepare.ts';
import { RunHandle } from '../run-handle.ts';

export interface Target {
  url: string;
  hits: () => number;
  close: () => Promise<void>;
}

/** /redirect answers 302 to /items, /fail 500, /slow?ms=N after N ms; anything else 200 with a small body. */
export async function startTarget(): Promise<Target> {
  let hits = 0;
  const server: Server = createServer((req, res) => {
    hits++;
    req.resume();
    const url = req.url ?? '/';
    if (url.startsWith('/redirect')) {
      res.writeHead(302, { location: '/items' }).end();
      return;
    }
    if (url.startsWith('/fail')) {
      res.writeHead(500, { 'content-type': 'text/plain' }).end('broken');
      return;
    }
    const slow = /^\/slow\?ms=(\d+)/.exec(url);
    if (slow) {
      setTimeout(() => res.end('late'), Number(slow[1]));
      return;
    }
    res.writeHead(200, { 'content-type': 'application/json' }).end('{"items":[1,2,3]}');
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    hits: () => hits,
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}

/** A loopback URL whose port nothing listens on (connections are refused). */
export async function refusedUrl(): Promise<string> {
  const s = createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  const { port } = s.address() as AddressInfo;
  await new Promise<void>((r) => s.close(() => r()));
  return `http://127.0.0.1:${port}`;
}

/** Runs the plan the way runPlan does when no metrics stream (engine/run sits above the runtime). */
export function startRun(yaml: string, env: Record<string, string>, outputs: ResultOutput[], workers = 2): RunHandle {
  const { plan, source } = parsePlan(yaml, 'raw-results-test.yaml');
  return new RunHandle(async (handle) => coordinate(await prepareRun(plan, { source, env, workers, outputs }), handle));
}

export async function readCsv(path: string): Promise<Record<string, string>[]> {
  return parse(await readFile(path, 'utf8'), { columns: true }) as Record<string, string>[];
}

/** Streams an NDJSON file, parsing every line (throws on one that is not a JSON object). */
export async function eachNdjson(path: string, f: (row: Record<string, unknown>) => void): Promise<number> {
  let n = 0;
  for await (const line of createInterface({ input: createReadStream(path), crlfDelay: Infinity })) {
    const v: unknown = JSON.parse(line);
    if (typeof v !== 'object' || v === null || Array.isArray(v)) throw new Error(`line ${n + 1} is not a JSON object`);
    f(v as Record<string, unknown>);
    n++;
  }
  return n;
}

/** `http_reqs.count` of a summary. */
export function httpReqs(metrics: Record<string, unknown>): number {
  const m = metrics.http_reqs as { count?: number } | undefined;
  return m?.count ?? 0;
}
