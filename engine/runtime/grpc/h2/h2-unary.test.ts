/**
 * Unary gRPC calls on the HTTP/2 client (h2/), against grpc-js servers and bare HTTP/2 servers on 127.0.0.1: what
 * goes out, every way a call ends, and the connection's life (one per VU, made again after GOAWAY).
 */
import { Metadata, status as Status } from '@grpc/grpc-js';
import type { IncomingHttpHeaders } from 'node:http2';
import { createServer, type AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { relative } from 'node:path';
import { makeTestPki } from '../../../../tests/fixtures/tls.ts';
import { startGrpcLookup } from '../../../demo/lookup/grpc-server.ts';
import { recordOf } from '../../../demo/lookup/records.ts';
import type { Step } from '../../../plan/schema/index.ts';
import { countOf, lookupProtoDir, runGrpcSteps } from '../testing.ts';
import { userAgent } from './request-headers.ts';
import { frame, grpcJsServer, rawH2Server, recordBytes } from './servers.ts';

let dir: string;
beforeAll(() => {
  dir = lookupProtoDir();
});

const get = (port: number, more: Record<string, unknown> = {}): Step =>
  ({
    grpc: {
      name: 'get',
      target: `127.0.0.1:${port}`,
      plaintext: true,
      method: 'lookup.Lookup/Get',
      protos: ['protos/lookup.proto'],
      importPaths: ['shared'],
      message: { phone: '0754952794' },
      timeout: '5s',
      ...more,
    },
  }) as Step;

const errorsOf = (r: Awaited<ReturnType<typeof runGrpcSteps>>): [string, string][] =>
  r.sample.errors.map((e) => [e.kind, e.message]);

describe('gRPC unary over the HTTP/2 client: the request', () => {
  let seen: IncomingHttpHeaders | undefined;

  it('sends the gRPC headers, the deadline as grpc-timeout and metadata (-bin keys in base64), and reads -bin back', async () => {
    const server = await rawH2Server((stream, headers) => {
      seen = headers;
      stream.respond(
        { ':status': 200, 'content-type': 'application/grpc', 'x-back-bin': 'AAEC/w' },
        { waitForTrailers: true },
      );
      stream.on('wantTrailers', () => stream.sendTrailers({ 'grpc-status': '0', 'x-sum-bin': 'qrs=' }));
      stream.end(frame(recordBytes('0754952794')));
    });
    try {
      const r = await runGrpcSteps(
        [
          get(server.port, {
            metadata: { 'x-tenant': 'blue', 'x-key-bin': 'AAEC/w==' },
            checks: [
              { code: 'OK' },
              { jsonPath: '$.name', equals: recordOf('0754952794').name },
              { metadata: 'x-back-bin', equals: 'AAEC/w==' },
              { trailer: 'x-sum-bin', equals: 'qrs=' },
            ],
          }),
        ],
        dir,
      );
      expect(r.sample.checks.map((c) => [c.pass, c.failure])).toEqual([
        [1, undefined],
        [1, undefined],
        [1, undefined],
        [1, undefined],
      ]);
      expect(seen).toMatchObject({
        ':method': 'POST',
        ':scheme': 'http',
        ':path': '/lookup.Lookup/Get',
        ':authority': `127.0.0.1:${server.port}`,
        'content-type': 'application/grpc',
        te: 'trailers',
        'grpc-timeout': '5000m',
        'user-agent': userAgent(),
        'x-tenant': 'blue',
        'x-key-bin': 'AAEC/w==',
      });
      expect(userAgent()).toMatch(/^grpc-node-js\/\d+\.\d+\.\d+$/);
    } finally {
      await server.close();
    }
  });

  it('-bin metadata reaches a grpc-js server as the bytes written in base64', async () => {
    let got: Buffer | undefined;
    const server = await grpcJsServer((call, done) => {
      got = call.metadata.get('x-key-bin')[0] as Buffer;
      done(null, recordOf(call.request.phone));
    });
    try {
      await runGrpcSteps([get(server.port, { metadata: { 'x-key-bin': 'AAEC/w==' } })], dir);
      expect(got).toEqual(Buffer.from([0, 1, 2, 255]));
    } finally {
      await server.close();
    }
  });
});

describe('gRPC unary over the HTTP/2 client: how calls end', () => {
  it('a trailers-only error: its code and percent-decoded message, no response metadata', async () => {
    const server = await grpcJsServer((_call, done) => {
      const md = new Metadata();
      md.set('x-why', 'gone');
      done({ code: Status.NOT_FOUND, details: 'no record for 07 % ü', metadata: md });
    });
    try {
      const r = await runGrpcSteps(
        [
          get(server.port, {
            checks: [{ code: 'NOT_FOUND' }, { trailer: 'x-why', equals: 'gone' }, { metadata: 'x-why', exists: false }],
          }),
        ],
        dir,
      );
      expect(r.sample.checks.map((c) => c.pass)).toEqual([1, 1, 1]);
      expect(errorsOf(r)).toEqual([['grpc-not-found', 'no record for 07 % ü']]);
    } finally {
      await server.close();
    }
  });

  it('past its deadline: DEADLINE_EXCEEDED at the deadline, and the server sees the call cancelled', async () => {
    let cancelled = 0;
    const server = await grpcJsServer((call, done) => {
      call.on('cancelled', () => cancelled++);
      setTimeout(() => done(null, recordOf(call.request.phone)), 3000).unref();
    });
    try {
      const t0 = Date.now();
      const r = await runGrpcSteps([get(server.port, { timeout: '200ms' })], dir);
      expect(Date.now() - t0).toBeLessThan(2500);
      expect(countOf(r.sample, 'grpc_req_duration', { status: '4' })).toBe(1);
      expect(errorsOf(r)[0]?.[1]).toMatch(/^Deadline exceeded after \d+\.\d{3}s,remote_addr=127\.0\.0\.1:\d+$/);
      await expect.poll(() => cancelled, { timeout: 5000 }).toBe(1);
    } finally {
      await server.close();
    }
  });

  it('a server that sends two messages: UNIMPLEMENTED, as grpc-js says it', async () => {
    const server = await rawH2Server((stream) => {
      stream.respond({ ':status': 200, 'content-type': 'application/grpc' }, { waitForTrailers: true });
      stream.on('wantTrailers', () => stream.sendTrailers({ 'grpc-status': '0' }));
      stream.end(Buffer.concat([frame(recordBytes('0754952794')), frame(recordBytes('0754952795'))]));
    });
    try {
      const r = await runGrpcSteps([get(server.port)], dir);
      expect(errorsOf(r)).toEqual([['grpc-unimplemented', 'Too many responses received']]);
    } finally {
      await server.close();
    }
  });

  it('a compressed message: gzip as its grpc-encoding says, INTERNAL without one', async () => {
    let encoding: string | undefined;
    const server = await rawH2Server((stream) => {
      const head: Record<string, string | number> = { ':status': 200, 'content-type': 'application/grpc' };
      if (encoding !== undefined) head['grpc-encoding'] = encoding;
      stream.respond(head, { waitForTrailers: true });
      stream.on('wantTrailers', () => stream.sendTrailers({ 'grpc-status': '0' }));
      stream.end(frame(gzipSync(recordBytes('0754952794')), true));
    });
    try {
      encoding = 'gzip';
      const ok = await runGrpcSteps(
        [get(server.port, { checks: [{ jsonPath: '$.phone', equals: '0754952794' }] })],
        dir,
      );
      expect(ok.sample.checks[0]?.pass).toBe(1);
      encoding = undefined;
      const bad = await runGrpcSteps([get(server.port)], dir);
      expect(errorsOf(bad)).toEqual([
        ['grpc-internal', 'Received compressed message but "grpc-encoding" header was identity'],
      ]);
    } finally {
      await server.close();
    }
  });

  it('an HTTP/2 server that is no gRPC server: 404 is UNIMPLEMENTED, 503 UNAVAILABLE, by the HTTP status', async () => {
    let code = 404;
    const server = await rawH2Server((stream) => {
      stream.respond({ ':status': code, 'content-type': 'text/plain' });
      stream.end('404 page not found\n');
    });
    try {
      const r404 = await runGrpcSteps([get(server.port)], dir);
      expect(errorsOf(r404)).toEqual([['grpc-unimplemented', 'Received HTTP status code 404']]);
      code = 503;
      const r503 = await runGrpcSteps([get(server.port)], dir);
      expect(errorsOf(r503)).toEqual([['grpc-unavailable', 'Received HTTP status code 503']]);
    } finally {
      await server.close();
    }
  });
});

describe('gRPC unary over the HTTP/2 client: connections', () => {
  it('after GOAWAY the next call connects again and succeeds', async () => {
    const server = await rawH2Server((stream) => {
      stream.respond({ ':status': 200, 'content-type': 'application/grpc' }, { waitForTrailers: true });
      stream.on('wantTrailers', () => {
        stream.sendTrailers({ 'grpc-status': '0' });
        stream.session?.goaway(0);
      });
      stream.end(frame(recordBytes('0754952794')));
    });
    try {
      const r = await runGrpcSteps([get(server.port, { checks: [{ code: 'OK' }] })], dir, { iterations: 3 });
      expect(r.sample.checks[0]).toMatchObject({ pass: 3, fail: 0 });
      expect(server.requests).toBe(3);
      expect(server.sessions).toBe(3);
    } finally {
      await server.close();
    }
  });

  it('a connection that cannot be made: UNAVAILABLE, and calls in the next second fail at once without trying again', async () => {
    let accepted = 0;
    const server = createServer((socket) => {
      accepted++;
      socket.destroy();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const port = (server.address() as AddressInfo).port;
      const r = await runGrpcSteps([get(port)], dir, { iterations: 3 });
      expect(countOf(r.sample, 'grpc_req_duration', { status: '14' })).toBe(3);
      expect(r.sample.errors[0]?.message).toMatch(/^No connection established\. Last error: /);
      expect(accepted).toBe(1);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('TLS: the certificate is checked against servername when given, and calls go over h2 (ALPN)', async () => {
    const pki = makeTestPki();
    const server = await startGrpcLookup({ reflection: false, tls: { cert: pki.serverCert, key: pki.serverKey } });
    const tls = (servername: string): Step =>
      get(server.port, { plaintext: false, tls: { caFile: relative(dir, pki.caFile), servername } });
    try {
      const ok = await runGrpcSteps([tls('localhost')], dir);
      expect(countOf(ok.sample, 'grpc_req_duration', { status: '0' })).toBe(1);
      const wrong = await runGrpcSteps([tls('other.example')], dir);
      expect(errorsOf(wrong)).toEqual([
        ['grpc-unavailable', expect.stringMatching(/^No connection established\. Last error: .*other\.example/)],
      ]);
    } finally {
      await server.close();
    }
  });

  it('200 calls by 4 VUs: the server counts 200 on 4 connections, every call OK', async () => {
    const server = await startGrpcLookup({ reflection: false });
    try {
      const r = await runGrpcSteps([get(server.port, { checks: [{ code: 'OK' }] })], dir, { vus: 4, iterations: 50 });
      expect(server.counts.Get).toBe(200);
      expect(server.peers.size).toBe(4);
      expect(countOf(r.sample, 'grpc_req_duration', { status: '0' })).toBe(200);
      expect(r.sample.checks[0]).toMatchObject({ pass: 200, fail: 0 });
    } finally {
      await server.close();
    }
  });
});
