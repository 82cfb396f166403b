/**
 * The demo server's lookup over HTTP/2 with TLS (issue 21: "HTTP/2 (h2c and TLS)"): a plan reaches it trusting the
 * certificate the server made (tls.caFile, next to the plan), or with insecureTls; without either, every request
 * is a counted TLS error and the run still ends with its summary. The server speaks h2 only, so a success is HTTP/2.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startH2cLookup, type H2cLookup } from '../../engine/demo/lookup/http-lookup.ts';
import { selfSignedCertificate } from '../../engine/demo/self-signed.ts';
import type { Summary } from '../../engine/metrics/summary.ts';
import { loadsmith } from '../fixtures/cli.ts';

let h2: H2cLookup;
const dir = mkdtempSync(join(tmpdir(), 'loadsmith-h2-tls-'));
beforeAll(async () => {
  const tls = selfSignedCertificate({ commonName: 'loadsmith demo-server', hosts: ['127.0.0.1'] });
  writeFileSync(join(dir, 'demo-ca.pem'), tls.cert);
  h2 = await startH2cLookup({ tls });
});
afterAll(() => h2.close());

async function run(http: string): Promise<Summary> {
  const plan = join(dir, `plan-${Math.random().toString(36).slice(2)}.yaml`);
  writeFileSync(
    plan,
    [
      'version: 1',
      'name: h2 over TLS',
      'scenarios:',
      '  lookup:',
      '    executor: shared-iterations',
      '    vus: 2',
      '    iterations: 6',
      '    steps:',
      '      - request:',
      '          name: lookup over HTTP/2 with TLS',
      `          url: ${h2.url}/lookup/phone/0754952794`,
      `          http: ${http}`,
      '          checks: [{ status: 200 }, { jsonPath: $.phone, equals: "0754952794" }]',
      '',
    ].join('\n'),
  );
  const out = `${plan}.json`;
  const r = await loadsmith(['run', plan, '-q', '--summary-json', out], { timeoutMs: 60_000 });
  expect([0, 99], r.stderr + r.stdout).toContain(r.code);
  return JSON.parse(readFileSync(out, 'utf8')) as Summary;
}

describe('the lookup over HTTP/2 with TLS', () => {
  it('is reached trusting the certificate the server made', async () => {
    expect(h2.url).toMatch(/^https:\/\/127\.0\.0\.1:\d+$/);
    const s = await run('{ protocol: http2, tls: { caFile: demo-ca.pem } }');
    expect(s._total).toBe(6);
    expect(s.metrics.http_req_failed).toMatchObject({ type: 'rate', rate: 0 });
    expect(s.metrics.checks).toMatchObject({ type: 'rate', rate: 1 });
  }, 90_000);

  it('is reached with insecureTls', async () => {
    const s = await run('{ protocol: http2, insecureTls: true }');
    expect(s.metrics.checks).toMatchObject({ type: 'rate', rate: 1 });
  }, 90_000);

  it('without trust, every request is a counted TLS error', async () => {
    const s = await run('{ protocol: http2 }');
    expect(s.metrics.http_req_failed).toMatchObject({ type: 'rate', rate: 1 });
    expect(s.errors.map((e) => e.kind)).toContain('tls');
  }, 90_000);
});
