/**
 * plans/examples/protocols.yaml, the protocols study (seed 004), run by the CLI against the demo server's lookup on
 * HTTP/1.1, HTTP/2 cleartext and gRPC: each protocol's scenario runs after the other and counts what it sent.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGrpcLookup, type GrpcLookup } from '../../engine/demo/lookup/grpc-server.ts';
import { LOOKUP_PROTO } from '../../engine/demo/lookup/lookup-proto.ts';
import { startH2cLookup, type H2cLookup } from '../../engine/demo/lookup/http-lookup.ts';
import { startDemoServer, type DemoServer } from '../../engine/demo/server.ts';
import type { Summary } from '../../engine/metrics/summary.ts';
import { loadsmith } from '../fixtures/cli.ts';

const PLAN = fileURLToPath(new URL('../../plans/examples/protocols.yaml', import.meta.url));
let http1: DemoServer;
let h2c: H2cLookup;
let grpc: GrpcLookup;
beforeAll(async () => {
  http1 = await startDemoServer({ lookupDelayMs: 5 });
  h2c = await startH2cLookup({ delayMs: 5 });
  grpc = await startGrpcLookup({ delayMs: 5 });
});
afterAll(async () => {
  await Promise.all([http1.close(), h2c.close(), grpc.close()]);
});

describe('the protocols study', () => {
  it('the example plan runs the lookup over HTTP/1.1, HTTP/2 and gRPC, one after another', async () => {
    const out = join(mkdtempSync(join(tmpdir(), 'loadsmith-protocols-')), 'summary.json');
    const r = await loadsmith(
      [
        'run',
        PLAN,
        '-q',
        '--vus',
        '2',
        '--duration',
        '2s',
        '--summary-json',
        out,
        '--env',
        `HTTP1_URL=${http1.url}`,
        '--env',
        `H2C_URL=${h2c.url}`,
        '--env',
        `GRPC_TARGET=127.0.0.1:${grpc.port}`,
      ],
      { timeoutMs: 150_000 },
    );
    expect(r.code, r.stderr + r.stdout).toBe(0);
    const s = JSON.parse(readFileSync(out, 'utf8')) as Summary;
    const count = (name: string): number => s.requests.find((q) => q.name === name)?.count ?? 0;
    expect(count('lookup over HTTP/1.1')).toBeGreaterThan(0);
    expect(count('lookup over HTTP/2')).toBeGreaterThan(0);
    expect(s.metrics.grpc_req_duration).toMatchObject({ type: 'trend', count: grpc.counts.Get });
    expect(grpc.counts.Get).toBeGreaterThan(0);
    expect(s.errors).toEqual([]);
    expect(s.thresholds.every((t) => t.ok)).toBe(true);
    expect(s.checks.map((c) => c.scenario)).toEqual(['http1', 'http1', 'http2', 'http2', 'grpc', 'grpc']);
    expect(s.checks.every((c) => c.fails === 0 && c.passes > 0)).toBe(true);
  }, 180_000);

  it("its proto is the demo server's", () => {
    expect(readFileSync(join(PLAN, '..', 'protos', 'lookup.proto'), 'utf8')).toBe(LOOKUP_PROTO);
  });
});
