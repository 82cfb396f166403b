/** gRPC over TLS with a test CA: trusted by caFile, mutual TLS with a client certificate, insecure, and untrusted. */
import { relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestPki, type TestPki } from '../../../tests/fixtures/tls.ts';
import { startGrpcLookup, type GrpcLookup } from '../../demo/lookup/grpc-server.ts';
import type { Step } from '../../plan/schema/index.ts';
import { countOf, lookupProtoDir, runGrpcSteps } from './testing.ts';

let pki: TestPki;
let tls: GrpcLookup;
let mtls: GrpcLookup;
let dir: string;
beforeAll(async () => {
  pki = makeTestPki();
  dir = lookupProtoDir();
  tls = await startGrpcLookup({ tls: { cert: pki.serverCert, key: pki.serverKey } });
  mtls = await startGrpcLookup({ tls: { cert: pki.serverCert, key: pki.serverKey, ca: pki.ca } });
});
afterAll(async () => {
  await tls.close();
  await mtls.close();
});

const call = (port: number, more: Record<string, unknown>): Step =>
  ({
    grpc: {
      target: `localhost:${port}`,
      method: 'lookup.Lookup/Get',
      protos: ['protos/lookup.proto'],
      importPaths: ['shared'],
      message: { phone: '0754952794' },
      timeout: '5s',
      checks: [{ code: 'OK' }],
      ...more,
    },
  }) as Step;
const file = (abs: string): string => relative(dir, abs);
const passed = (r: Awaited<ReturnType<typeof runGrpcSteps>>): number[] => r.sample.checks.map((c) => c.pass);

describe('gRPC over TLS', () => {
  it('trusts the server through caFile', async () => {
    const r = await runGrpcSteps([call(tls.port, { tls: { caFile: file(pki.caFile) } })], dir);
    expect(passed(r)).toEqual([1]);
    expect(countOf(r.sample, 'grpc_req_duration', { status: '0' })).toBe(1);
  });

  it('presents a client certificate to a server that asks for one; without it the call fails', async () => {
    const ok = await runGrpcSteps(
      [
        call(mtls.port, {
          tls: { caFile: file(pki.caFile), certFile: file(pki.clientCertFile), keyFile: file(pki.clientKeyFile) },
        }),
      ],
      dir,
    );
    expect(passed(ok)).toEqual([1]);
    const refused = await runGrpcSteps([call(mtls.port, { tls: { caFile: file(pki.caFile) } })], dir);
    expect(passed(refused)).toEqual([0]);
    expect(countOf(refused.sample, 'grpc_req_duration', { status: '14' })).toBe(1);
  });

  it('refuses a server it does not trust, unless insecure', async () => {
    const untrusted = await runGrpcSteps([call(tls.port, {})], dir);
    expect(passed(untrusted)).toEqual([0]);
    expect(untrusted.sample.errors[0]?.kind).toBe('grpc-unavailable');
    const insecure = await runGrpcSteps([call(tls.port, { tls: { insecure: true } })], dir);
    expect(passed(insecure)).toEqual([1]);
  });

  it('a plaintext step cannot talk to a TLS server', async () => {
    const r = await runGrpcSteps([call(tls.port, { plaintext: true })], dir);
    expect(passed(r)).toEqual([0]);
  });
});
