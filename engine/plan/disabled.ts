/**
 * Headers and query parameters a request keeps but does not send (`disabled:`, the designer's toggles). They are
 * taken out right after the plan's shape is checked, so nothing downstream sees them: not the template checks (a
 * disabled header may hold a half-written `${...}` or name an environment variable the run need not ask for), not the
 * engine, not an export. A name the request does not have is left alone: the toggle of an entry that is gone.
 */
import type { Plan, Request } from './schema/index.ts';
import { requestsOf } from './walk.ts';

/** Removes every request's disabled entries, and the `disabled` lists themselves, in place. */
export function dropDisabled(plan: Plan): void {
  for (const { request } of requestsOf(plan)) if (request.disabled) dropFrom(request);
}

function dropFrom(request: Request): void {
  const { headers = [], query = [] } = request.disabled ?? {};
  if (request.headers && headers.length > 0) {
    // Header names are case-insensitive on the wire, so a toggle is too.
    const off = new Set(headers.map((h) => h.toLowerCase()));
    request.headers = Object.fromEntries(Object.entries(request.headers).filter(([k]) => !off.has(k.toLowerCase())));
  }
  if (request.query && query.length > 0) {
    const off = new Set(query);
    request.query = Object.fromEntries(Object.entries(request.query).filter(([k]) => !off.has(k)));
  }
  delete request.disabled;
}
