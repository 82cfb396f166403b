/**
 * Response and body helpers of the demo server. Fixed bodies are serialised once at load time so the
 * demo spends its time in Node's HTTP stack, not in JSON.stringify.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';

/** Largest request body the demo reads; larger ones get 413. */
export const MAX_BODY_BYTES = 1024 * 1024;

/** A body serialised ahead of time. */
export type Prepared = Buffer;

/** Serialises a JSON value once, for responses that never change. */
export function prepare(value: unknown): Prepared {
  return Buffer.from(JSON.stringify(value));
}

/** Sends a JSON response; `body` may be prepared bytes or a value to serialise now. */
export function sendJson(
  res: ServerResponse,
  status: number,
  body: Prepared | unknown,
  headers?: Record<string, string>,
): void {
  const bytes = Buffer.isBuffer(body) ? body : Buffer.from(JSON.stringify(body));
  res.writeHead(status, { ...headers, 'content-type': 'application/json', 'content-length': bytes.length });
  res.end(bytes);
}

/** Sends `{"error": message}`. */
export function sendError(
  res: ServerResponse,
  status: number,
  message: string,
  headers?: Record<string, string>,
): void {
  sendJson(res, status, { error: message }, headers);
}

/** Thrown by {@link readBody} when the body exceeds {@link MAX_BODY_BYTES}. */
export class BodyTooLargeError extends Error {
  constructor() {
    super(`request body too large: the demo server accepts at most ${MAX_BODY_BYTES} bytes`);
    this.name = 'BodyTooLargeError';
  }
}

/** Reads the whole request body as UTF-8, refusing more than {@link MAX_BODY_BYTES}. */
export function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let total = 0;
    const onData = (chunk: Buffer): void => {
      total += chunk.length;
      if (total > MAX_BODY_BYTES) {
        req.off('data', onData);
        reject(new BodyTooLargeError());
        return;
      }
      chunks.push(chunk);
    };
    req.on('data', onData);
    req.on('end', () =>
      resolve(chunks.length === 1 ? (chunks[0] as Buffer).toString('utf8') : Buffer.concat(chunks).toString('utf8')),
    );
    req.on('error', reject);
  });
}

/** Splits a request target into path and query without the cost of a full URL parse. */
export function splitTarget(target: string): { path: string; query: URLSearchParams | undefined } {
  const q = target.indexOf('?');
  if (q < 0) return { path: target, query: undefined };
  return { path: target.slice(0, q), query: new URLSearchParams(target.slice(q + 1)) };
}

/**
 * Reads a numeric query parameter: the default when absent, clamped to [min, max],
 * undefined when present but not a number (the caller answers 400).
 */
export function numberParam(
  query: URLSearchParams | undefined,
  name: string,
  fallback: number,
  min: number,
  max: number,
): number | undefined {
  const raw = query?.get(name);
  if (raw === undefined || raw === null || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isFinite(n)) return undefined;
  return Math.min(max, Math.max(min, n));
}
