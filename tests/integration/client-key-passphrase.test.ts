/**
 * Client keys encrypted with a passphrase, for gRPC calls and wss sessions: servers on 127.0.0.1 that let in only
 * clients with a certificate from the test CA, a key encrypted in the test, and the passphrase from the
 * environment (${env.X}); a passphrase written in the plan itself is refused by validation.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGrpcLookup, type GrpcLookup } from '../../engine/demo/lookup/grpc-server.ts';
import { LOOKUP_PROTO } from '../../engine/demo/lookup/lookup-proto.ts';
import { parsePlan } from '../../engine/plan/parse.ts';
import { startEchoServer, type EchoServer } from '../../engine/runtime/ws/testing.ts';
import { encryptedClientKey, makeTestPki, type TestPki } from '../fixtures/tls.ts';
import { runYaml } from './run-helper.ts';

const PASSPHRASE = 'correct horse battery staple';
let pki: TestPki;
let keyFile: string;
let grpc: GrpcLookup;
let wss: EchoServer;
beforeAll(async () => {
  pki = makeTestPki();
  keyFile = relative(pki.dir, encryptedClientKey(pki, PASSPHRASE));
  mkdirSync(join(pki.dir, 'protos'));
  writeFileSync(join(pki.dir, 'protos', 'lookup.proto'), LOOKUP_PROTO);
  const tls = { cert: pki.serverCert, key: pki.serverKey, ca: pki.ca };
  grpc = await startGrpcLookup({ tls, reflection: false });
  wss = await startEchoServer({ tls });
});
afterAll(async () => {
  await grpc.close();
  await wss.close();
});

const tls = (passphrase: string): string =>
  `{ caFile: ${relative(pki.dir, pki.caFile)}, certFile: ${relative(pki.dir, pki.clientCertFile)}, keyFile: ${keyFile}, passphrase: "${passphrase}" }`;

const plan = (passphrase: string): string => `
version: 1
name: encrypted client key
scenarios:
  s:
    executor: per-vu-iterations
    vus: 2
    iterations: 2
    steps:
      - websocket:
          name: echo
          url: wss://localhost:${wss.url.split(':').at(-1)}
          tls: ${tls(passphrase)}
          checks: [{ status: 101 }]
          actions: [{ send: "hello \${vu}" }, { receive: { checks: [{ body: { contains: hello } }] } }]
      - grpc:
          name: get
          target: localhost:${grpc.port}
          method: lookup.Lookup/Get
          protos: [protos/lookup.proto]
          message: { phone: "0754952794" }
          tls: ${tls(passphrase)}
          checks: [{ code: OK }]
`;

describe('client keys with a passphrase', () => {
  it('a gRPC call and a wss session present the encrypted key, its passphrase taken from the environment', async () => {
    const calls = grpc.counts.Get!;
    const handshakes = wss.handshakes.length;
    const { summary } = await runYaml(plan('${env.KEY_PASS}'), {
      env: { KEY_PASS: PASSPHRASE },
      workers: 2,
      baseDir: pki.dir,
    });
    expect(summary.errors).toEqual([]);
    expect(grpc.counts.Get! - calls).toBe(4);
    expect(wss.handshakes.length - handshakes).toBe(4);
    expect(summary.checks.map((c) => [c.name, c.passes, c.fails])).toEqual([
      ['status is 101', 4, 0],
      ['receive 2: body contains "hello"', 4, 0],
      ['code is OK', 4, 0],
    ]);
  }, 120_000);

  it('a wrong passphrase is a measured error, not a crash, and the servers let nobody in', async () => {
    const calls = grpc.counts.Get!;
    const handshakes = wss.handshakes.length;
    const { summary } = await runYaml(plan('${env.KEY_PASS}'), {
      env: { KEY_PASS: 'wrong' },
      workers: 1,
      baseDir: pki.dir,
    });
    expect(grpc.counts.Get! - calls).toBe(0);
    expect(wss.handshakes.length - handshakes).toBe(0);
    // Each session and each call fails at its key, says why, and the iteration goes on to the call (which cannot be
    // made, so it ends the iteration as a request that cannot be built does).
    expect(summary.errors.map((e) => [e.kind, e.request, e.count])).toEqual([
      ['tls', 'echo', 4],
      ['tls', 'get', 4],
    ]);
    for (const e of summary.errors) expect(e.message).toMatch(/bad decrypt; the client key .* check the passphrase/);
  }, 120_000);

  it('validation refuses a passphrase written in the plan, naming where and what to write instead', () => {
    expect(() => parsePlan(plan('hunter2'), 'plan.yaml')).toThrow(
      /plan\.yaml:\d+:\d+: scenarios\.s\.steps\[1\]\.grpc\.tls\.passphrase: .*\$\{env\.NAME\}/,
    );
    expect(() => parsePlan(plan('hunter2'), 'plan.yaml')).toThrow(
      /plan\.yaml:\d+:\d+: scenarios\.s\.steps\[0\]\.websocket\.tls\.passphrase: /,
    );
  });
});
