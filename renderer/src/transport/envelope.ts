/**
 * Turning what the wire gave back into an Envelope. Failures that never reached a handler (network down, session
 * cookie refused, a proxy's HTML error page) become error envelopes too, so the client raises one kind of error.
 */
import { Envelope, type ErrorBody } from '../../../app/contract/errors.ts';

/** An error envelope for a failure outside the contract (no handler ran). */
export function failure(message: string): Envelope {
  const error: ErrorBody = { code: 'internal', message };
  return { ok: false, error };
}

/** The envelope in an HTTP reply to `POST /api/call`; the status only matters when the body is not an envelope. */
export function envelopeFromHttp(status: number, bodyText: string): Envelope {
  let body: unknown;
  try {
    body = JSON.parse(bodyText);
  } catch {
    body = undefined;
  }
  const parsed = Envelope.safeParse(body);
  if (parsed.success) return parsed.data;
  if (status === 401 || status === 403) {
    return failure(
      `The back end refused this page's session (HTTP ${status}). Open Loadsmith again from the address \`loadsmith ui\` printed.`,
    );
  }
  if (status >= 200 && status < 300)
    return failure('The back end sent a reply the UI does not understand (not a call envelope).');
  return failure(`The back end answered HTTP ${status} instead of a call reply.`);
}

/** The envelope for a call that could not be sent or answered at all. */
export function networkFailure(error: unknown): Envelope {
  const detail = error instanceof Error ? error.message : String(error);
  return failure(`Cannot reach the Loadsmith back end (${detail}). Is it still running?`);
}
