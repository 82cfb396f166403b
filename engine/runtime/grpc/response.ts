/**
 * A finished gRPC call as checks and extractions see it: a ResponseView whose status is the gRPC code, whose headers
 * are the response metadata and whose JSON document is the message (a stream's: the list of messages), so the
 * engine's JSONPath and header checks and extractors apply as they are. Trailers are a second view.
 */
import { GRPC_CODES } from '../../plan/schema/constants.ts';
import type { ResponseHeaders } from '../http/types.ts';
import { ResponseView } from '../response.ts';

export const codeName = (code: number): string => GRPC_CODES[code] ?? `code ${code}`;

export class GrpcResponse extends ResponseView {
  readonly details: string;
  /** Unary and client-streaming: the response message (undefined when the call failed); other streams: the list. */
  readonly message: unknown;
  readonly trailers: ResponseView;

  constructor(
    code: number,
    details: string,
    message: unknown,
    metadata: ResponseHeaders,
    trailers: ResponseHeaders,
    durationMs: number,
    target: string,
  ) {
    super(code, metadata, undefined, false, durationMs, target);
    this.details = details;
    this.message = message;
    this.trailers = new ResponseView(code, trailers, undefined, false, durationMs, target);
  }

  override text(): string {
    return this.message === undefined ? '' : JSON.stringify(this.message);
  }

  override json(): { ok: true; value: unknown } | { ok: false; error: string } {
    if (this.message !== undefined) return { ok: true, value: this.message };
    return {
      ok: false,
      error: `no message: the call ended with ${codeName(this.status)}${this.details ? ` (${this.details})` : ''}`,
    };
  }
}

/** grpc-js metadata (`getMap()`) as response headers: binary values in base64. */
export function headersOf(map: Readonly<Record<string, string | Buffer>>): ResponseHeaders {
  const out: ResponseHeaders = {};
  for (const [k, v] of Object.entries(map)) out[k] = typeof v === 'string' ? v : v.toString('base64');
  return out;
}
