/**
 * The Location a recorded redirect answered, and which of its parts change from run to run: a path segment or
 * query value that is a number or looks like an id or token (`/groups/41/`, `?state=x8Kq…`) is the server's
 * choice, anything else (`/admin/`, `/groups/`) is where the application sends a user it accepted.
 */
import { isSecretField } from '../secrets.ts';
import { headerValue, type RecordedExchange } from './types.ts';
import { escapeRegex, isTokenLike } from './values.ts';

export interface RecordedLocation {
  /** The header as the server sent it (relative or absolute). */
  raw: string;
  /** Path and query, without scheme and host. */
  path: string;
  /** The header named a scheme and host. */
  absolute: boolean;
  /** It went to the request's own origin (or was relative). */
  sameOrigin: boolean;
  /** Some part of it is an id or token the server makes up. */
  dynamic: boolean;
  /** A regular expression for it, with those parts as wildcards; any origin when it stayed on the request's own. */
  pattern: string;
}

const ABSOLUTE = /^([a-z][a-z0-9+.-]*:)?\/\/[^/?#]*/i;
const WILD = '[^/?#&]+';

/** The recorded redirect's Location; undefined when the response is no redirect or has none. */
export function recordedLocation(
  x: Pick<RecordedExchange, 'status' | 'responseHeaders' | 'url'>,
): RecordedLocation | undefined {
  if (x.status < 300 || x.status >= 400 || x.status === 304) return undefined;
  const raw = headerValue(x.responseHeaders, 'location')?.trim();
  if (!raw) return undefined;
  const origin = ABSOLUTE.exec(raw)?.[0];
  const path = origin === undefined ? raw : raw.slice(origin.length);
  const sameOrigin = origin === undefined || sameHost(raw, x.url);
  let dynamic = false;
  const wild = (part: string, name = ''): string => {
    // A credential in the URL (`?code=`, `?access_token=`) is never written into a check, whatever its shape.
    if (!changes(part) && !(name && isSecretField(name, part, 'query'))) return escapeRegex(part);
    dynamic = true;
    return WILD;
  };
  const hash = path.indexOf('#');
  const noHash = hash < 0 ? path : path.slice(0, hash);
  const q = noHash.indexOf('?');
  const pathPart = q < 0 ? noHash : noHash.slice(0, q);
  let pattern = pathPart
    .split('/')
    .map((p) => wild(p))
    .join('/');
  if (q >= 0) {
    pattern += `\\?${noHash
      .slice(q + 1)
      .split('&')
      .map((pair) => {
        const eq = pair.indexOf('=');
        return eq < 0
          ? escapeRegex(pair)
          : `${escapeRegex(pair.slice(0, eq + 1))}${wild(pair.slice(eq + 1), safeDecode(pair.slice(0, eq)))}`;
      })
      .join('&')}`;
  }
  const prefix = sameOrigin ? '(?:https?://[^/?#]+)?' : escapeRegex(origin ?? '');
  return { raw, path, absolute: origin !== undefined, sameOrigin, dynamic, pattern: `^${prefix}${pattern}(?:#.*)?$` };
}

function safeDecode(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

/** A part the server makes up: a number, or an id or token by its shape. */
function changes(part: string): boolean {
  if (part === '') return false;
  let text = part;
  try {
    text = decodeURIComponent(part);
  } catch {
    /* kept as sent */
  }
  return /^\d+$/.test(text) || isTokenLike(text, false);
}

function sameHost(location: string, requestUrl: string): boolean {
  try {
    return new URL(location, requestUrl).host === new URL(requestUrl).host;
  } catch {
    return false;
  }
}
