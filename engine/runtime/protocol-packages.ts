/**
 * The npm packages of the gRPC and WebSocket steps (@grpc/grpc-js, protobufjs, ws), loaded only for a plan that has
 * such steps. Loaded up front they cost every thread ~10 MB (their code and source text; bench/worker-memory.ts),
 * paid by the coordinator and by each worker for plans that are HTTP alone, nearly all of them. Whoever compiles or
 * runs a plan's steps awaits loadStepPackages(plan) first; the step code then reads them synchronously.
 */
import type * as GrpcJs from '@grpc/grpc-js';
import type protobuf from 'protobufjs';
import type descriptorExtension from 'protobufjs/ext/descriptor/index.js';
import type WebSocket from 'ws';
import type { Plan } from '../plan/schema/index.ts';
import { stepsOf } from '../plan/walk.ts';

export interface GrpcPackages {
  grpc: typeof GrpcJs;
  protobuf: typeof protobuf;
  /** protobufjs' descriptor extension: FileDescriptorProto bytes (reflection) -> a root. */
  descriptor: typeof descriptorExtension;
  /** @grpc/grpc-js's version: the HTTP/2 client's user-agent is the one grpc-js sends (grpc/h2/request-headers.ts). */
  grpcVersion: string;
}

let grpcLoaded: GrpcPackages | undefined;
let webSocketLoaded: typeof WebSocket | undefined;

/** Loads @grpc/grpc-js and protobufjs (once per thread). */
export async function loadGrpcPackages(): Promise<GrpcPackages> {
  if (grpcLoaded === undefined) {
    const [grpc, pb, descriptor, grpcPackageJson] = await Promise.all([
      import('@grpc/grpc-js'),
      import('protobufjs'),
      import('protobufjs/ext/descriptor/index.js'),
      import('@grpc/grpc-js/package.json', { with: { type: 'json' } }),
    ]);
    grpcLoaded = {
      grpc,
      protobuf: pb.default,
      descriptor: descriptor.default,
      grpcVersion: grpcPackageJson.default.version,
    };
  }
  return grpcLoaded;
}

/** Loads ws (once per thread). */
export async function loadWebSocketPackage(): Promise<typeof WebSocket> {
  webSocketLoaded ??= (await import('ws')).default;
  return webSocketLoaded;
}

/** Loads the packages the plan's steps (scenarios, setup, teardown) need, and no others. */
export async function loadStepPackages(plan: Plan): Promise<void> {
  let grpc = false;
  let webSocket = false;
  for (const { step } of stepsOf(plan)) {
    grpc ||= 'grpc' in step;
    webSocket ||= 'websocket' in step;
  }
  await Promise.all([grpc && loadGrpcPackages(), webSocket && loadWebSocketPackage()]);
}

/** @grpc/grpc-js and protobufjs, loaded before (loadGrpcPackages or loadStepPackages). */
export function grpcPackages(): GrpcPackages {
  if (grpcLoaded === undefined) throw new Error('internal error: gRPC step code ran before loadGrpcPackages()');
  return grpcLoaded;
}

/** ws' WebSocket, loaded before (loadWebSocketPackage or loadStepPackages). */
export function webSocketPackage(): typeof WebSocket {
  if (webSocketLoaded === undefined) throw new Error('internal error: WebSocket step code ran before it was loaded');
  return webSocketLoaded;
}
