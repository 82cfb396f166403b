/** `POST /api/call`: `{ method, params }` in, the dispatcher's Envelope out. Bad input is an error envelope, never a crash. */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Dispatcher } from '../contract/dispatch.ts';
import type { Envelope } from '../contract/errors.ts';
import { isJsonContentType, readBody } from './body.ts';
import { sendError, sendJson } from './respond.ts';

/** What the call handler needs. */
export interface ApiContext {
  dispatcher: Dispatcher;
  maxBodyBytes: number;
  onError?: ((context: string, error: unknown) => void) | undefined;
}

/** A parsed call, or the message of the 400 to answer. */
export type ParsedCall = { ok: true; method: string; params: unknown } | { ok: false; message: string };

/** Pure: validates the outer shape of a call body (the dispatcher validates `params` against the contract). */
export function parseCall(text: string): ParsedCall {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { ok: false, message: 'the request body is not valid JSON' };
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    return { ok: false, message: 'the request body must be a JSON object' };
  const { method, params } = value as { method?: unknown; params?: unknown };
  if (typeof method !== 'string') return { ok: false, message: "the request body needs a string 'method'" };
  return { ok: true, method, params };
}

/** Handles an authenticated, same-origin `POST /api/call`. */
export async function handleApiCall(req: IncomingMessage, res: ServerResponse, ctx: ApiContext): Promise<void> {
  if (!isJsonContentType(req.headers['content-type'])) {
    sendError(res, 400, 'invalid_params', 'Content-Type must be application/json', { close: true });
    return;
  }
  const body = await readBody(req, ctx.maxBodyBytes);
  if (!body.ok) {
    if (body.reason === 'too_large')
      sendError(res, 413, 'invalid_params', `the request body exceeds ${ctx.maxBodyBytes} bytes`, { close: true });
    else res.destroy();
    return;
  }
  const call = parseCall(body.body.toString('utf8'));
  if (!call.ok) {
    sendError(res, 400, 'invalid_params', call.message);
    return;
  }
  let envelope: Envelope;
  try {
    envelope = await ctx.dispatcher.call(call.method, call.params);
  } catch (error) {
    ctx.onError?.(`dispatcher threw on ${call.method}`, error);
    sendError(res, 500, 'internal', `${call.method} failed`);
    return;
  }
  if (res.destroyed) return;
  try {
    sendJson(res, 200, envelope);
  } catch (error) {
    ctx.onError?.(`reply of ${call.method} is not serialisable`, error);
    sendError(res, 500, 'internal', `${call.method}: the reply could not be serialised`);
  }
}
