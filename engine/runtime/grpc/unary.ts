/**
 * A unary call made on the channel itself (`Channel.createCall`, part of grpc-js's public API) rather than through
 * `Client.makeUnaryRequest`, which wraps the same call in an interceptor chain, a serializer layer and an event
 * emitter, and makes an Error (a stack trace) per call for its callback: ~15–20 % less CPU per call
 * (bench/grpc-floor.ts, `grpc-js` against `grpc-js-channel`). What those layers did that a step sees is kept: the
 * response is decoded here (a message that does not decode ends the call INTERNAL, "Response message parsing
 * error"), a second response ends it UNIMPLEMENTED ("Too many responses received"), and the status is the one the
 * server sent, as the Client's `status` event gives it.
 */
import type { ChannelInterface, Metadata, StatusObject } from '@grpc/grpc-js';
import { grpcPackages } from '../protocol-packages.ts';
import type { GrpcMethod } from './method.ts';

export interface UnaryCall {
  cancel(): void;
}

/** Sends `message` (encoded) to `method`; `settled` gets the status, the response metadata and the decoded message. */
export function startUnary(
  channel: ChannelInterface,
  method: GrpcMethod,
  message: Buffer,
  metadata: Metadata,
  deadline: number,
  settled: (status: StatusObject, headers: Record<string, string | Buffer>, response: unknown) => void,
): UnaryCall {
  const Status = grpcPackages().grpc.status;
  const call = channel.createCall(method.path, deadline, undefined, null, null);
  let headers: Record<string, string | Buffer> = {};
  let response: unknown;
  let received = false;
  let unreadable: string | undefined;
  call.start(metadata, {
    onReceiveMetadata: (m) => {
      headers = m.getMap();
    },
    onReceiveMessage: (bytes: Buffer) => {
      if (received) {
        call.cancelWithStatus(Status.UNIMPLEMENTED, 'Too many responses received');
        return;
      }
      received = true;
      try {
        response = method.deserialize(bytes);
      } catch (e) {
        unreadable = `Response message parsing error: ${(e as Error).message}`;
        call.cancelWithStatus(Status.INTERNAL, unreadable);
      }
    },
    onReceiveStatus: (status) => {
      settled(
        unreadable === undefined ? status : { ...status, code: Status.INTERNAL, details: unreadable },
        headers,
        unreadable === undefined ? response : undefined,
      );
    },
  });
  call.sendMessageWithContext({}, message);
  call.halfClose();
  call.startRead();
  return { cancel: () => call.cancelWithStatus(Status.CANCELLED, 'Cancelled on client') };
}
