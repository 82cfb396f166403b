/**
 * For tests of the HTTP/2 unary client: a grpc-js lookup server whose Get the test writes (to see metadata, to be
 * slow and see the cancel), and a bare node:http2 server answering what no well-behaved gRPC server sends (two
 * messages, a compressed one, an HTTP error). Both on 127.0.0.1, port 0.
 */
import {
  loadPackageDefinition,
  Server,
  ServerCredentials,
  type GrpcObject,
  type ServerUnaryCall,
  type ServiceClientConstructor,
  type sendUnaryData,
} from '@grpc/grpc-js';
import { createServer, type Http2Server, type IncomingHttpHeaders, type ServerHttp2Stream } from 'node:http2';
import type { AddressInfo } from 'node:net';
import protobuf from 'protobufjs';
import { lookupPackage } from '../../../demo/lookup/grpc-server.ts';
import { LOOKUP_PROTO } from '../../../demo/lookup/lookup-proto.ts';
import { recordOf } from '../../../demo/lookup/records.ts';

export type GetHandler = (
  call: ServerUnaryCall<{ phone: string }, unknown>,
  done: sendUnaryData<unknown>,
) => void | Promise<void>;

export interface TestServer {
  port: number;
  close(): Promise<void>;
}

/** A grpc-js server of the lookup service whose Get is `get` (the other methods are not served). */
export async function grpcJsServer(get: GetHandler): Promise<TestServer> {
  const service = ((loadPackageDefinition(lookupPackage()).lookup as GrpcObject).Lookup as ServiceClientConstructor)
    .service;
  const server = new Server();
  server.addService(service, { Get: get });
  const port = await new Promise<number>((resolve, reject) =>
    server.bindAsync('127.0.0.1:0', ServerCredentials.createInsecure(), (e, p) => (e ? reject(e) : resolve(p))),
  );
  return { port, close: () => new Promise((resolve) => server.tryShutdown(() => resolve())) };
}

const Record = protobuf.parse(LOOKUP_PROTO, { keepCase: true }).root.lookupType('lookup.Record');

/** A lookup.Record for `phone`, encoded. */
export function recordBytes(phone: string): Buffer {
  return Buffer.from(Record.encode(Record.fromObject(recordOf(phone))).finish());
}

/** `message` length-prefixed, with the compressed flag as given. */
export function frame(message: Buffer, compressed = false): Buffer {
  const head = Buffer.alloc(5);
  head[0] = compressed ? 1 : 0;
  head.writeUInt32BE(message.length, 1);
  return Buffer.concat([head, message]);
}

export interface RawServer extends TestServer {
  /** HTTP/2 connections the server accepted. */
  sessions: number;
  /** Requests it received. */
  requests: number;
}

/** A bare HTTP/2 server (h2c) on which `answer` writes every response itself. */
export async function rawH2Server(
  answer: (stream: ServerHttp2Stream, headers: IncomingHttpHeaders, server: Http2Server) => void,
): Promise<RawServer> {
  const server = createServer();
  const out: RawServer = { port: 0, sessions: 0, requests: 0, close: () => Promise.resolve() };
  server.on('session', () => out.sessions++);
  server.on('stream', (stream, headers) => {
    out.requests++;
    // The request's message is read whole before the answer, as a gRPC server reads a unary request.
    stream.resume();
    stream.on('end', () => answer(stream, headers, server));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  out.port = (server.address() as AddressInfo).port;
  out.close = () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve());
      setTimeout(resolve, 2000).unref();
    });
  return out;
}
