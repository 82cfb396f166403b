/**
 * `--out influxdb=URL` into a real InfluxDB 1.6 (Debian's `influxd`, started here on 127.0.0.1 with a temporary
 * directory): counts through `/query` equal the summary's and each second's p95 the summary timeline's. The v2
 * API (`--out influxdb2=URL`: /api/v2/write with org, bucket and token) is not in 1.6: a receiver here follows
 * its documented contract and hands the lines to the real 1.6 server, so the same queries check them.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTargetServer, type TargetServer } from '../fixtures/target-server.ts';
import { startInfluxDb, type InfluxDb } from '../fixtures/metric-stores/influxdb.ts';
import { streamedRun, type StreamedRun } from '../fixtures/metric-stores/run.ts';

let server: TargetServer;
let influx: InfluxDb;
let v1: StreamedRun;
let v2: StreamedRun;
let receiver: Server;
const v2Requests: { url: string; auth: string | undefined; contentType: string | undefined }[] = [];

/** InfluxDB v2's write API as documented: POST /api/v2/write?org=&bucket=&precision=, `Authorization: Token T`. */
function startV2Receiver(forwardTo: string): Promise<string> {
  receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://x');
      v2Requests.push({
        url: req.url ?? '',
        auth: req.headers.authorization,
        contentType: req.headers['content-type'],
      });
      if (req.method !== 'POST' || url.pathname !== '/api/v2/write') {
        res.writeHead(404).end('{"code":"not found"}');
        return;
      }
      if (req.headers.authorization !== 'Token v2-secret-token') {
        res.writeHead(401).end('{"code":"unauthorized","message":"unauthorized access"}');
        return;
      }
      if (!url.searchParams.get('org') || !url.searchParams.get('bucket')) {
        res.writeHead(400).end('{"code":"invalid","message":"missing org or bucket"}');
        return;
      }
      const precision = url.searchParams.get('precision') ?? 'ns';
      void fetch(`${forwardTo}/write?db=${url.searchParams.get('bucket')}&precision=${precision}`, {
        method: 'POST',
        body: Buffer.concat(chunks),
      }).then(
        async (r) => {
          res.writeHead(r.status === 204 ? 204 : r.status).end(await r.text());
        },
        () => res.writeHead(503).end(),
      );
    });
  });
  return new Promise((resolve) =>
    receiver.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(receiver.address() as AddressInfo).port}`)),
  );
}

beforeAll(async () => {
  server = await startTargetServer();
  influx = await startInfluxDb();
  v1 = await streamedRun(server.url, [`influxdb=${influx.url}/loadsmith`]);
  await fetch(`${influx.url}/query`, {
    method: 'POST',
    body: new URLSearchParams({ q: 'CREATE DATABASE "v2bucket"' }),
  });
  const v2url = await startV2Receiver(influx.url);
  v2 = await streamedRun(server.url, [`influxdb2=${v2url}`], {
    env: {
      LOADSMITH_INFLUXDB_ORG: 'acme',
      LOADSMITH_INFLUXDB_BUCKET: 'v2bucket',
      LOADSMITH_INFLUXDB_TOKEN: 'v2-secret-token',
    },
  });
}, 240_000);
afterAll(async () => {
  receiver?.close();
  await influx?.stop();
  await server?.close();
});

async function checkRun(db: string, run: StreamedRun): Promise<void> {
  const { summary, testid } = run;
  const value = async (q: string): Promise<number> => {
    const series = await influx.query(db, q);
    expect(series, q).toHaveLength(1);
    return series[0]!.values[0]![1] as number;
  };
  const where = `WHERE testid = '${testid}'`;
  const reqs = summary.metrics.http_reqs as { count: number };
  expect(reqs.count).toBeGreaterThan(10);
  expect(await value(`SELECT sum("value") FROM "http_reqs" ${where}`)).toBe(reqs.count);
  const failed = summary.metrics.http_req_failed as { passes: number };
  expect(
    await value(
      `SELECT sum("value") FROM "http_reqs" ${where} AND expected_response = 'false' AND "name" = 'Broken' AND status = '503'`,
    ),
  ).toBe(failed.passes);
  const checks = summary.metrics.checks as { passes: number; fails: number };
  expect(await value(`SELECT sum("passes") FROM "checks" ${where}`)).toBe(checks.passes);
  expect(await value(`SELECT sum("fails") FROM "checks" ${where}`)).toBe(checks.fails);
  expect(await value(`SELECT sum("value") FROM "iterations" ${where}`)).toBe(
    (summary.metrics.iterations as { count: number }).count,
  );
  // Each second's p95 of all requests: the point without request tags.
  const series = await influx.query(
    db,
    `SELECT "p95" FROM "http_req_duration" ${where} AND "name" = '' ORDER BY time ASC`,
  );
  expect(series).toHaveLength(1);
  const stored = series[0]!.values.map((r) => r[1] as number);
  const timeline = summary.timeline.filter((p) => p.latency !== null).map((p) => p.latency!.p95);
  expect(timeline.length).toBeGreaterThanOrEqual(3);
  expect(stored).toHaveLength(timeline.length);
  stored.forEach((v, i) => expect(v).toBeCloseTo(timeline[i]!, 6));
  expect(summary.notes.join('\n')).not.toMatch(/influxdb/);
}

describe('influxdb outputs', () => {
  it('v1: writes counts and per-second p95 equal to the summary into a real InfluxDB 1.6 (creating the database)', async () => {
    await checkRun('loadsmith', v1);
  });

  it('v2: writes to /api/v2/write with org, bucket and the token from the environment', async () => {
    expect(v2Requests.length).toBeGreaterThanOrEqual(3);
    for (const r of v2Requests) {
      expect(r.url).toMatch(/^\/api\/v2\/write\?org=acme&bucket=v2bucket&precision=ms$/);
      expect(r.auth).toBe('Token v2-secret-token');
      expect(r.contentType).toMatch(/^text\/plain/);
    }
    await checkRun('v2bucket', v2);
    expect(v2.cli.stderr + v2.cli.stdout).not.toContain('v2-secret-token');
  });
});
