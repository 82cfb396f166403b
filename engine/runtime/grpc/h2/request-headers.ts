/**
 * The HTTP/2 headers of a unary gRPC request: the step's metadata, then what grpc-js sends with every call (the same
 * user-agent, content-type, te, encodings, and grpc-timeout from the deadline), which a metadata key cannot replace.
 */
import type { OutgoingHttpHeaders } from 'node:http2';
import { grpcPackages } from '../../protocol-packages.ts';
import { timeoutHeader } from './wire.ts';

let agent: string | undefined;

/** As grpc-js's: servers and their logs see the same client whichever of the two made the call. */
export function userAgent(): string {
  return (agent ??= `grpc-node-js/${grpcPackages().grpcVersion}`);
}

const PRINTABLE = /^[ -~]*$/;

/**
 * Headers for a call to `path` at `authority`. Metadata values are text; a `-bin` key's value is the bytes in
 * base64, sent as written. A value metadata cannot hold is an error, worded as grpc-js's.
 */
export function requestHeaders(
  path: string,
  scheme: 'http' | 'https',
  authority: string,
  timeoutMs: number,
  metadata: readonly (readonly [string, string])[],
): OutgoingHttpHeaders {
  const h: OutgoingHttpHeaders = {};
  for (const [k, v] of metadata) {
    if (!k.endsWith('-bin') && !PRINTABLE.test(v))
      throw new Error(`Metadata string value "${v}" contains illegal characters`);
    h[k] = v;
  }
  h[':method'] = 'POST';
  h[':scheme'] = scheme;
  h[':path'] = path;
  h[':authority'] = authority;
  h['grpc-accept-encoding'] = 'identity,deflate,gzip';
  h['accept-encoding'] = 'identity';
  h['grpc-timeout'] = timeoutHeader(timeoutMs);
  h['user-agent'] = userAgent();
  h['content-type'] = 'application/grpc';
  h.te = 'trailers';
  return h;
}
